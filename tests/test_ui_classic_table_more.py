"""More of the classic table as a person uses it, raw input only (ui.testing.Input, ui.classic.testing.Driver):
the zoomed card with its reminders, the in-table menu (help, the draw offer, conceding), jump or step at a
drop, undo, and the curtain only when the deciding person changes while hidden cards are on screen."""

from __future__ import annotations

import random

import pygame

from engine.classic import actions as A
from tests.ui_support import classic_table, look, show
from ui.classic import content
from ui.classic.scene import ClassicTableScene
from ui.scripted import advance


def battle_table(app, person, seed: int = 5, until=None) -> ClassicTableScene:
    """A full classic game from two ready decks moved along by script to its battle (or to ``until``)."""
    s = content.start_full_session(content.decks()[1:3], ("Аня", "Борис"), seed)
    want = until or (lambda g: getattr(g.pending, "kind", None) == "main")
    assert advance(s, random.Random(seed), want, limit=3000)
    return classic_table(app, person, s)


def test_resting_the_pointer_on_a_card_opens_its_text_with_the_reminders(app, person):
    table = battle_table(app, person)
    g, v = table.game, table.look.viewer
    def explained(c) -> bool:  # an ability whose reminder says more than its printed words
        return any(ab.reminder("ru").strip().rstrip(".") != ab.text("ru").strip().rstrip(".")
                   for ab in g.cards[g.creatures[c].card].abilities)

    cid = next(c for c in sorted(g.on_board(v)) if explained(c) and g.creatures[c].at is not None)
    centre = table.view.rect_of(g, cid, v).center
    person.move(centre)
    person.wait(0.2)
    assert table.hover.card is None, "sweeping over cards opens nothing"
    plain = look(person).copy()
    person.wait(0.5)
    assert table.hover.card == cid
    zoomed = look(person)
    blocks = [text for _, text in table.hover.blocks]
    card = g.cards[g.creatures[cid].card]
    for ab in card.abilities:
        assert any(ab.reminder("ru").strip() in b for b in blocks), (ab, blocks)
    assert any(card.name["ru"] in t for t, _ in table.hover.blocks)
    right = table.view.rect_of(g, cid, v).right + 20
    assert plain.get_at((right, centre[1])) != zoomed.get_at((right, centre[1])), "the text is drawn beside the card"
    person.down(centre)
    person.frame(1)
    assert table.hover.card is None, "a press closes it"
    person.up(centre)


def menu_item(person, table, name: str) -> None:
    """Open the table's menu with its panel button (unless open) and click ``name`` in it."""
    if not table.menu_open:
        person.click(next(b for b in table.look.buttons if b.value == ("menu",)).rect.center)
    assert table.menu_open and table.look.menu_buttons
    person.click(next(b for b in table.look.menu_buttons if b.value == ("m", name)).rect.center)


def prompt_button(table, value):
    return next(b for b in table.look.buttons if b.value == value)


def test_a_draw_offered_from_the_menu_is_declined_then_greyed_and_accepted_next_turn(app, person):
    table = battle_table(app, person)
    g = table.game
    me = table.look.viewer
    person.key(pygame.K_ESCAPE)
    assert table.menu_open, "Esc with nothing open opens the menu"
    person.key(pygame.K_ESCAPE)
    assert not table.menu_open
    menu_item(person, table, "offer_draw")
    assert table.menu_open and table.menu_ask and g.pending.kind == "main", "the offer asks first"
    person.wait(0.4)
    menu_item(person, table, "draw_no")
    assert not table.menu_open and g.pending.kind == "main", "«no» offers nothing"
    menu_item(person, table, "offer_draw")
    person.wait(0.4)  # the answer appeared under the pointer: it takes a click a moment later (ui/widgets/arming.py)
    menu_item(person, table, "draw_yes")
    assert g.pending.kind == "draw_offer" and g.decider == 1 - me, "2007 7.7: the other player answers"
    if table.curtain_for is not None:
        person.click((app.size[0] // 2, app.size[1] // 2))
    assert table.look.prompt == app.tr("prompt.draw_offer", name=g.names[1 - me])
    person.click(prompt_button(table, ("action", "decline_draw")).rect.center)
    assert g.pending.kind == "main" and not g.is_over and g.decider == me
    assert app.tr("classic.log_draw_declined", name=g.names[1 - me]) in table.look.log, "the answer is in the log"
    if table.curtain_for is not None:
        person.click((app.size[0] // 2, app.size[1] // 2))
    person.key(pygame.K_ESCAPE)
    offer = next(b for b in table.look.menu_buttons if b.value == ("m", "offer_draw"))
    assert not offer.enabled, "a refused offer is not pressed again this turn: the item is greyed"
    person.click(offer.rect.center)
    assert g.pending.kind == "main" and not table.menu_open, "a greyed item offers nothing; the click closes the menu"
    person.click(prompt_button(table, ("end",)).rect.center)  # next turn the other player may offer
    if table.curtain_for is not None:
        person.click((app.size[0] // 2, app.size[1] // 2))
    assert table.game.active == 1 - me
    menu_item(person, table, "offer_draw")
    person.wait(0.4)  # the answer appeared under the pointer: it takes a click a moment later (ui/widgets/arming.py)
    menu_item(person, table, "draw_yes")
    if table.curtain_for is not None:
        person.click((app.size[0] // 2, app.size[1] // 2))
    person.click(prompt_button(table, ("action", "accept_draw")).rect.center)
    assert table.game.is_over and table.game.outcome.winner is None
    assert app.tr("classic.log_draw_accepted", name=g.names[me]) in table.look.log


def test_concede_asks_first_and_help_returns_to_the_table(app, person):
    from ui.scenes.help import HelpScene

    table = battle_table(app, person)
    me = table.look.viewer
    person.key(pygame.K_F1)
    assert isinstance(app.scene, HelpScene) and app.scene.ruleset == "classic"
    assert app.scene.box.html_text == app.tr("help.rules_classic"), "classic's own rules in brief"
    person.key(pygame.K_ESCAPE)
    assert app.scene is table
    menu_item(person, table, "help")
    assert isinstance(app.scene, HelpScene)
    person.key(pygame.K_ESCAPE)
    menu_item(person, table, "concede")
    assert table.menu_open and table.menu_ask and not table.game.is_over
    menu_item(person, table, "concede_no")
    assert not table.menu_open and not table.game.is_over
    menu_item(person, table, "concede")
    menu_item(person, table, "concede_yes")
    assert table.game.is_over and table.game.outcome.winner == 1 - me


def leaper_table(app, person) -> ClassicTableScene:
    """Ready squads laid out at once, the first with a card that jumps (a_leaper: movement 1, jump 2)."""
    squads = [content.SquadChoice("j", {"ru": "Прыгуны", "en": "Leapers"}, ("a_leaper", "c_guard", "c_scout")),
              content.SquadChoice("g", {"ru": "Стража", "en": "Guards"}, ("c_guard", "c_brute", "c_runner"))]
    s = content.start_session(squads, ("Аня", "Борис"), 3)
    return classic_table(app, person, s)


def _both_ways(g, cid):
    steps = g.move_costs(cid)
    leaps = [a for a in g.legal_actions() if isinstance(a, A.Move) and a.card == cid and a.ability is not None]
    both = sorted(tuple(a.to) for a in leaps if tuple(a.to) in steps)
    only = sorted(tuple(a.to) for a in leaps if tuple(a.to) not in steps)
    return both, only


def test_a_cell_reached_by_steps_or_by_a_jump_asks_which_at_the_drop(app, person):
    from ui.classic.testing import Driver

    table = leaper_table(app, person)
    g = table.game
    leaper = next(c for c in g.on_board(0) if g.creatures[c].card == "a_leaper")
    both, only = _both_ways(g, leaper)
    assert both and only, "the leaper can step or jump to a neighbouring cell, and only jump further"
    d = Driver(table)
    start = d.card_point(leaper)
    # the lit cells say what each costs: 1 by steps, or «П1» — the jump spends all movement
    person.click(start)
    assert table.look.moves[both[0]] == "1 | П1" and table.look.moves[only[0]] == "П1"
    assert "П1 — Прыжок" in table.look.prompt, "the strip says what the mark means"
    person.click(start)
    d.drag(start, d.point(both[0]))
    assert table.way is not None and len(table.session.history) == 0, "nothing is picked silently"
    labels = [b.label for b in table.look.buttons if b.value and b.value[0] == "way"]
    assert labels == [app.tr("classic.way_steps", n=1), app.tr("classic.way_ability", name="Прыжок", n=1)]
    person.click((5, app.size[1] - 5))  # a click beside the menu: the card stays where it was
    assert table.way is None and g.creatures[leaper].at != both[0] and not table.session.history
    d.drag(start, d.point(both[0]))
    jump = next(b for b in table.look.buttons if b.value == ("way", 1))
    person.click(jump.rect.center)
    last = table.session.history[-1].action
    assert isinstance(last, A.Move) and last.ability is not None and g.creatures[leaper].at == both[0]
    assert g.creatures[leaper].moves == 0, "2022 «Прыжок»: all movement spent"


def test_by_clicks_the_step_is_chosen_from_the_small_menu_and_a_far_cell_jumps_at_once(app, person):
    from ui.classic.testing import Driver

    table = leaper_table(app, person)
    g = table.game
    leaper = next(c for c in g.on_board(0) if g.creatures[c].card == "a_leaper")
    both, only = _both_ways(g, leaper)
    d = Driver(table)
    person.click(d.card_point(leaper))
    person.click(d.point(both[0]))
    assert table.way is not None
    person.key(pygame.K_1, unicode="1")
    last = table.session.history[-1].action
    assert last == A.Move(card=leaper, to=both[0]) and g.creatures[leaper].at == both[0]
    table2 = leaper_table(app, person)
    g2 = table2.game
    d2 = Driver(table2)
    d2.drag(d2.card_point(leaper), d2.point(only[0]))
    assert table2.way is None, "one way only: no question"
    assert g2.creatures[leaper].at == only[0] and table2.session.history[-1].action.ability is not None


def undo_button(table):
    return next(b for b in table.look.buttons if b.value == ("undo",))


def test_undo_takes_back_a_move_when_the_other_player_allows_it(app, person):
    from ui.classic.testing import Driver

    table = leaper_table(app, person)
    g0 = table.game
    assert not undo_button(table).enabled, "nothing to take back yet"
    leaper = next(c for c in g0.on_board(0) if g0.creatures[c].card == "a_leaper")
    start = g0.creatures[leaper].at
    before = g0.state_hash()
    _, only = _both_ways(g0, leaper)
    d = Driver(table)
    d.drag(d.card_point(leaper), d.point(only[0]))
    assert table.game.creatures[leaper].at == only[0]
    assert undo_button(table).enabled
    person.click(undo_button(table).rect.center)
    assert table.undo_ask == 1, "at one screen the other player is asked"
    assert table.look.prompt == app.tr("prompt.undo_ask", name="Борис", asker="Аня")
    person.click(prompt_button(table, ("undo_no",)).rect.center)
    assert table.game.creatures[leaper].at == only[0] and app.tr("undo.refused") in table.look.toast
    person.key(pygame.K_z, pygame.KMOD_CTRL)
    person.click(prompt_button(table, ("undo_yes",)).rect.center)
    assert table.undo_ask is None
    assert table.game.state_hash() == before and table.game.creatures[leaper].at == start
    assert not table.session.history and not undo_button(table).enabled


def test_undo_never_takes_back_a_roll_of_the_dice(app, person):
    from ui.classic.testing import Driver

    s = content.start_session(list(content.squads()), ("Аня", "Борис"), 8)
    assert advance(s, random.Random(8), lambda g: getattr(g.pending, "kind", None) == "defender", limit=400)
    table = classic_table(app, person, s)
    Driver(table).press(("no_defense",))  # the dice roll now
    assert any(ev.kind == "die" for ev in s.history[-1].events)
    if table.curtain_for is not None:
        person.click((app.size[0] // 2, app.size[1] // 2))
    assert not undo_button(table).enabled, "a roll is never taken back (a re-roll by undo)"
    n = len(s.history)
    person.key(pygame.K_z, pygame.KMOD_CTRL)
    assert len(s.history) == n and table.undo_ask is None
    assert table.look.toast == app.tr("undo.hidden")


def test_a_saved_classic_game_opens_in_the_replay_and_steps_through(app, person):
    from saves.manager import read_record
    from saves.replay import Replay
    from ui import storage
    from ui.scenes.load import LoadScene
    from ui.scenes.replay import ReplayScene

    s = content.start_session(list(content.squads()), ("Аня", "Борис"), 6)
    assert advance(s, random.Random(6), lambda g: len(s.record.log) >= 25, limit=400)
    path = storage.save(s, "первая партия", app.saves_dir)
    saves = LoadScene(app)
    show(app, saves, person)
    person.press(saves.replay_b)
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    oracle = Replay(read_record(path), storage.manager(app.saves_dir).base)
    assert len(scene.lines) == len(oracle) + 1 == len(s.record.log) + 1
    for i in range(1, 8):
        person.key(pygame.K_RIGHT)
        assert scene.index == i and scene.game.state_hash() == oracle.goto(i).game.state_hash()
    person.key(pygame.K_END)
    assert scene.game.state_hash() == s.game.state_hash()
    person.key(pygame.K_LEFT)
    assert scene.game.state_hash() == oracle.goto(len(oracle) - 1).game.state_hash()
    look(person)


def test_the_classic_replay_says_before_the_first_turn_until_one_begins(app, person):
    """A game from the die roll: who goes first, the squads recruited and laid out come before turn 1, and
    the replay's status says so; once the battle is on it names the turn and whose it is."""
    from ui import storage
    from ui.scenes.load import LoadScene
    from ui.scenes.replay import ReplayScene

    s = content.start_full_session(content.decks()[1:3], ("Аня", "Борис"), 4)
    assert advance(s, random.Random(4), lambda g: g.pending.kind == "main" and g.turn == 2, limit=2000)
    path = storage.save(s, "с набора отряда", app.saves_dir)
    assert path.exists()
    saves = LoadScene(app)
    show(app, saves, person)
    person.press(saves.replay_b)
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    person.key(pygame.K_RIGHT)
    assert scene.game.pending.kind in ("order", "recruit", "before_recruit")
    assert scene.ui.status[1] == "До первого хода"
    person.key(pygame.K_END)
    g = scene.game
    assert scene.ui.status[1] == f"Ход 2: {g.names[g.active]}"


def _secret_owner_decides(g) -> bool:
    """The other player decides in the active player's turn and owns face-down cards; the active owns none."""
    p = g.pending
    if p is None or p.kind not in ("defender", "respond") or g.decider == g.active or not g.hidden:
        return False
    return all(g.creatures[c].owner == g.decider for c in g.hidden)


def shown_faces(table) -> set[int]:
    """Face-down cards the board draws face up now (only ever the viewer's own)."""
    g, look = table.game, table.look
    return {c for c in g.hidden if g.creatures[c].owner == look.viewer and not look.all_backs}


def test_the_curtain_falls_only_for_a_person_whose_face_down_cards_the_board_would_show(app, person):
    from ui.classic.testing import Driver
    from ui.scripted import eager_action

    s = content.start_full_session(content.decks()[1:3], ("Аня", "Борис"), 2)
    assert advance(s, random.Random(2), _secret_owner_decides, limit=600)
    g = s.game
    active, other = g.active, g.decider
    table = ClassicTableScene(app, s)
    table.autosave = False
    show(app, table, person)
    # the defender's board would show their own face-down cards: the curtain first
    assert table.curtain_for == other and look(person).get_at((10, 360))[:3] == (14, 12, 18)
    person.click((app.size[0] // 2, app.size[1] // 2))
    assert table.look.viewer == other and shown_faces(table) <= {c for c in g.hidden if g.creatures[c].owner == other}
    d, rng, turn = Driver(table), random.Random(1), g.turn
    while table.game.decider != active and not table.game.is_over and table.game.turn == turn:
        if table.curtain_for is not None:
            person.click((app.size[0] // 2, app.size[1] // 2))
        d.perform(eager_action(table.game, rng))
    g = table.game
    assert g.turn == turn and g.decider == active and not g.is_over
    assert not any(g.creatures[c].owner == active for c in g.hidden)
    # back to the active player, who has nothing face down: the board turns round with no curtain,
    # and the defender's face-down cards are backs on it
    assert table.curtain_for is None and table.look.viewer == active and not shown_faces(table)
    while table.game.turn == turn and not table.game.is_over:
        if table.curtain_for is not None:
            assert table.curtain_for == other and any(table.game.creatures[c].owner == other for c in table.game.hidden)
            person.click((app.size[0] // 2, app.size[1] // 2))
        d.perform(eager_action(table.game, rng) if table.game.decider != active or table.game.pending.kind != "main"
                  else A.EndTurn())
    assert table.game.is_over or table.curtain_for == other, "a new turn: the curtain as ever"


def test_a_right_click_in_the_classic_replay_opens_a_cards_text(app, person):
    from ui import storage
    from ui.scenes.load import LoadScene

    s = content.start_session(list(content.squads()), ("Аня", "Борис"), 6)
    assert advance(s, random.Random(6), lambda g: len(s.record.log) >= 4, limit=200)
    storage.save(s, "первая партия", app.saves_dir)
    saves = LoadScene(app)
    show(app, saves, person)
    person.press(saves.replay_b)
    scene = app.scene
    g = scene.game
    cid = next(c for c in sorted(g.on_board(0)) if g.creatures[c].at is not None and g.cards[g.creatures[c].card].abilities)
    board = scene.board
    plain = look(person).copy()
    person.right_click(board.view.rect_of(g, cid, 0).center)
    assert board.zoomed and board.ui.zoom == cid
    assert any(g.cards[g.creatures[cid].card].name["ru"] in t for t, _ in board.zoom_blocks)
    assert look(person).get_at((board.view.rect_of(g, cid, 0).right + 30, board.view.rect_of(g, cid, 0).centery)) \
        != plain.get_at((board.view.rect_of(g, cid, 0).right + 30, board.view.rect_of(g, cid, 0).centery))
    person.key(pygame.K_ESCAPE)
    assert not board.zoomed and app.scene is scene


def test_a_draw_offered_while_building_a_squad_hands_the_screen_over_behind_the_curtain(app, person):
    s = content.start_full_session(content.decks()[1:3], ("Аня", "Борис"), 5)
    assert advance(s, random.Random(5), lambda g: getattr(g.pending, "kind", None) == "recruit", limit=200)
    table = classic_table(app, person, s)
    me = s.game.pending.player
    assert table.look.viewer == me
    menu_item(person, table, "offer_draw")
    person.wait(0.4)  # the answer appeared under the pointer: it takes a click a moment later (ui/widgets/arming.py)
    menu_item(person, table, "draw_yes")
    assert s.game.pending.kind == "draw_offer" and table.curtain_for == 1 - me, "the deal is never left on screen"
    person.click((app.size[0] // 2, app.size[1] // 2))
    person.click(prompt_button(table, ("action", "decline_draw")).rect.center)
    assert s.game.pending.kind == "recruit" and table.curtain_for == me, "back to the deal behind the curtain"


def test_resting_on_a_card_of_the_deal_explains_its_abilities(app, person):
    s = content.start_full_session(content.decks()[1:3], ("Аня", "Борис"), 5)
    assert advance(s, random.Random(5), lambda g: getattr(g.pending, "kind", None) == "recruit", limit=200)
    table = classic_table(app, person, s)
    g, setup = s.game, table.setup
    i, dc = next((d.slot, d) for d in setup.rlook.deal
                 if any(ab.reminder("ru").strip().rstrip(".") != ab.text("ru").strip().rstrip(".")
                        for ab in g.card_at(d.iid).abilities))
    person.move(setup.recruit_layout().card_rect(i).center)
    person.wait(0.7)
    assert table.hover.card == ("deal", dc.iid)
    look(person)
    text = " ".join(t for _, t in table.hover.blocks)
    assert all(ab.reminder("ru").strip() in text for ab in g.card_at(dc.iid).abilities)
    n = len(s.history)
    person.click(setup.recruit_layout().card_rect(i).center)  # the zoom never stands in the way of a click
    assert len(s.history) == n + 1 or table.look.toast


def test_while_undo_is_asked_the_board_and_end_turn_wait(app, person):
    from ui.classic.testing import Driver

    table = leaper_table(app, person)
    g = table.game
    leaper = next(c for c in g.on_board(0) if g.creatures[c].card == "a_leaper")
    _, only = _both_ways(g, leaper)
    d = Driver(table)
    d.drag(d.card_point(leaper), d.point(only[0]))
    person.click(undo_button(table).rect.center)
    assert table.undo_ask == 1
    n = len(table.session.history)
    scout = next(c for c in table.game.on_board(0) if table.game.creatures[c].card == "c_scout")
    d.drag(d.card_point(scout), d.point(next(iter(table.game.move_costs(scout)))))
    person.key(pygame.K_e, unicode="e")
    assert len(table.session.history) == n and table.undo_ask == 1, "nothing else happens before the answer"
    assert not next(b for b in table.look.buttons if b.value == ("end",)).enabled


def test_a_drop_menu_left_open_closes_with_the_turn(app, person):
    from ui.classic.testing import Driver

    table = leaper_table(app, person)
    g = table.game
    leaper = next(c for c in g.on_board(0) if g.creatures[c].card == "a_leaper")
    both, _ = _both_ways(g, leaper)
    d = Driver(table)
    d.drag(d.card_point(leaper), d.point(both[0]))
    assert table.way is not None
    person.key(pygame.K_e, unicode="e")
    assert table.game.active == 1 and table.way is None
    assert not any(b.value and b.value[0] == "way" for b in table.look.buttons)


def test_undo_never_crosses_what_showed_hidden_cards():
    """ui/classic/client.py: a die, a deal, a shuffle, a card turned up, the top of a deck shown."""
    from engine.classic import events as E
    from ui.rulesets import find_client

    client = find_client("classic")
    assert client.undo_hides(A.Pass(), [E.Prophesied(player=0, cards=["c_guard"])])
    assert not client.undo_hides(A.Move(card=1, to=(2, 1)), [E.Moved(card=1, src=[1, 1], to=[2, 1], cost=1, moves_left=0)])


def test_in_squad_building_a_player_takes_back_their_own_recruit_without_asking(app, person):
    s = content.start_full_session(content.decks()[1:3], ("Аня", "Борис"), 5)
    assert advance(s, random.Random(5), lambda g: getattr(g.pending, "kind", None) == "recruit", limit=200)
    table = classic_table(app, person, s)
    g, setup = s.game, table.setup
    assert not undo_button(table).enabled, "the last step (the deal) is not this player's to take back"
    me, before = g.pending.player, s.game.state_hash()
    i = next(d.slot for d in setup.rlook.deal if d.split is not None)
    person.click(setup.recruit_layout().card_rect(i).center)
    assert type(s.history[-1].action).__name__ == "Recruit"
    b = undo_button(table)
    assert b.enabled and not any(b.rect.colliderect(o.rect) for o in table.look.buttons if o is not b)
    person.click(b.rect.center)
    assert table.undo_ask is None and table.curtain_for is None, "no question: the other player is not here"
    assert s.game.state_hash() == before and s.game.pending.player == me
