"""A full classic game at the table as two people play it at one screen — the new-game screen,
the roll's winner choosing the order, squad building by clicks on the deal, placement by drags onto the
lit cells, the 3rd-row cards kept hidden, symbiotes seated, the battle to a victory. Only raw mouse and
keyboard events go in (ui.testing.Input through ui.classic.testing.Driver); the engine's state is checked
after each gesture, and what each player is shown is checked against what they may know."""

from __future__ import annotations

import random

import pytest

from engine.classic import actions as A
from tests.ui_support import classic_table, make_app, show
from ui.classic import content
from ui.classic.scene import ClassicTableScene
from ui.classic.testing import Driver
from ui.scenes.setup import SetupScene
from ui.scripted import advance, eager_action
from ui.testing import Input

SEED = 11  # decks «Смесь» and «Умения»: flyers, symbiotes, terrain, instants; its eager game ends in a victory
SETUP_KINDS = {"order", "recruit", "place", "hide", "seat"}


@pytest.fixture()
def seeded(home):
    return make_app(home / "saves", seed=SEED)


def start_full(app, person) -> ClassicTableScene:
    """The new-game screen: classic, a full game by the 2022 rules, «Смесь» against «Умения», start."""
    setup = SetupScene(app)
    show(app, setup, person)
    person.choose(setup.game_menu, app.tr("classic.game_classic"))
    setup = app.scene
    assert setup.classic_mode == "2022" and setup.open_b.text == app.tr("csetup.mode_2022")
    decks = content.decks()
    labels = setup._choice_labels()
    person.choose(setup.deck_menus[0], labels[1])
    person.choose(setup.deck_menus[1], labels[2])
    person.click(setup.start_b.rect.center)
    table = app.scene
    assert isinstance(table, ClassicTableScene)
    g = table.game
    assert g.pending.kind == "order" and g.edition == "2022"
    assert [table.session.record.players[p].deck_id for p in (0, 1)] == [decks[1].id, decks[2].id]
    return table


def check(table, action, before: int) -> None:
    """The engine took exactly ``action``, and the state shows its result."""
    s, g = table.session, table.game
    assert len(s.history) == before + 1, f"{action} was not made: {table.look.toast!r}"
    assert s.history[-1].action == action
    if isinstance(action, A.Recruit):
        assert action.card in g.setup.squads[s.history[-1].player] if g.setup else True
    elif isinstance(action, A.Place):
        c = g.creatures[action.card]
        assert c.at == tuple(action.at), "laid out where it was dropped"
        assert action.card in g.hidden or g.pending.kind != "place", "face down"
    elif isinstance(action, A.Seat):
        assert g.hosts.get(action.card) == action.host
    elif isinstance(action, A.Move):
        assert g.creatures[action.card].at == tuple(action.to)
    elif isinstance(action, A.Strike):
        assert g.creatures[action.attacker].moves == 0


def test_a_full_classic_game_from_decks_by_the_mouse(seeded):
    app = seeded
    person = Input(app, draw_every=0)
    table = start_full(app, person)
    driver = Driver(table, random.Random(2))
    rng = random.Random(SEED)
    seen: set[str] = set()
    setup_curtains = 0
    for _ in range(900):
        g = table.game
        if g.is_over:
            break
        if table.curtain_for is not None:
            kind = g.pending.kind
            if kind in SETUP_KINDS:
                setup_curtains += 1
            driver.lift_curtain()
        kind = g.pending.kind
        if kind in SETUP_KINDS and kind != "order":
            # hot-seat privacy: a setup decision is only ever shown to the player who makes it
            assert table.look.viewer == g.pending.player and table.curtain_for is None
        if g.hidden and kind not in SETUP_KINDS:
            # the opponent's face-down cards are never shown to the player at the screen
            assert table.look.viewer == table.session.decider
        action = eager_action(g, rng)
        before = len(table.session.history)
        driver.perform(action)
        check(table, action, before)
        seen.add(type(action).__name__)
    g = table.game
    assert g.is_over and g.outcome.winner is not None, "no victory"
    assert {"Recruit", "Ready", "Place", "Move", "Strike", "EndTurn"} <= seen, seen
    assert {"GoFirst", "GoSecond"} & seen and {"Pass", "Use"} & seen, seen
    assert setup_curtains >= 2, "the curtain fell between the two players' squad building and placement"
    assert any(c.zone == "extra" for c in g.creatures.values()) or "Seat" in seen or "KeepHidden" in seen


def _table_at(app, person, kind: str, seed: int = SEED) -> ClassicTableScene:
    s = content.start_full_session(content.decks()[1:3], ("Аня", "Борис"), seed)
    assert advance(s, random.Random(seed), lambda g: getattr(g.pending, "kind", None) == kind)
    return classic_table(app, person, s)


def test_squad_building_by_clicks_pay_toggle_redeal_and_a_refusal(app, person):
    s = content.start_full_session(content.decks()[1:3], ("Аня", "Борис"), SEED)
    s.apply(A.GoFirst())
    while s.game.pending.kind == "before_recruit":  # 2007 3.4.1: a «до набора отряда» card would keep this deal
        s.apply(A.Pass())
    table = classic_table(app, person, s)
    d = Driver(table)
    g = table.game
    p = g.pending.player
    assert table.look.viewer == p and len(table.setup.rlook.deal) == 15
    # the redeal costs a gold and brings a new deal of 15
    gold = g.crystals[p][0]
    d.press(("csetup", "redeal"))
    assert g.crystals[p][0] == gold - 1 and len(g.setup.deals[p]) == 15
    # an ordinary card is paid silver first; the toggle pays it gold first
    ordinary = next(dc for dc in table.setup.rlook.deal if dc.split and not g.card_at(dc.iid).elite
                    and g.card_at(dc.iid).cost > 1)
    assert ordinary.split[1] == g.card_at(ordinary.iid).cost
    d.press(("csetup", "pay"))
    now = next(dc for dc in table.setup.rlook.deal if dc.iid == ordinary.iid)
    assert now.split[0] == g.card_at(ordinary.iid).cost
    gold, silver = g.crystals[p]
    d.input.click(d.deal_point(ordinary.iid))
    assert ordinary.iid in g.setup.squads[p] and g.crystals[p][0] < gold and g.crystals[p][1] == silver
    # clicking cards until one is refused: the engine's reason is on the strip and nothing changed
    for _ in range(15):
        bad = next((dc for dc in table.setup.rlook.deal if dc.split is None), None)
        if bad is not None:
            break
        d.input.click(d.deal_point(table.setup.rlook.deal[0].iid))
    assert bad is not None
    squad = list(g.setup.squads[p])
    d.input.click(d.deal_point(bad.iid))
    assert g.setup.squads[p] == squad and table.look.toast, "refused with a reason"
    d.press(("csetup", "ready"))
    assert g.pending.player != p and table.curtain_for == g.pending.player, "the curtain before the other's deal"


def test_placement_drags_refusal_move_and_swap(app, person):
    table = _table_at(app, person, "place")
    g = table.game
    d = Driver(table)
    p = g.pending.player
    first, second = table.setup.tray[0][0], table.setup.tray[1][0]
    lit = set(table.look.moves)
    assert lit, "the allowed cells are lit before anything is picked up"
    dark = next((r, c) for r in range(6) for c in range(5) if (r, c) not in lit)
    d.drag(d.tray_point(first), d.point(dark))
    assert first not in g.creatures and table.look.toast, "a drop on a dark cell snaps back with the reason"
    a, b = sorted(lit)[:2]
    d.drag(d.tray_point(first), d.point(a))
    assert g.creatures[first].at == a and first in g.hidden and g.creatures[first].owner == p
    d.drag(d.tray_point(second), d.point(b))
    assert g.creatures[second].at == b
    d.drag(d.point(a), d.point(b))
    assert g.creatures[first].at == b and g.creatures[second].at == a, ("dropped on its own card: swapped", table.look.toast, table.session.history[-1].action)


def test_graveyards_open_from_the_panel_and_close_on_a_click(app, person):
    s = content.start_full_session(content.decks()[1:3], ("Аня", "Борис"), SEED)
    assert advance(s, random.Random(SEED), lambda g: getattr(g.pending, "kind", None) == "main")
    assert advance(s, random.Random(3), lambda g: bool(g.graveyard(0) or g.graveyard(1)))
    table = classic_table(app, person, s)  # the game as it stands, sat down to: the app's own loop draws it
    g = table.game
    d = Driver(table)
    dead = len(g.graveyard(0)) + len(g.graveyard(1)) + len(g.exiled(0)) + len(g.exiled(1))
    b = d.button(("piles",))
    assert str(dead) in b.label
    d.press(("piles",))
    assert table.browsing
    before = len(table.session.history)
    d.input.click((table.view.L.board.centerx, table.view.L.board.centery))
    assert not table.browsing and len(table.session.history) == before, "the closing click made no move"


def _targeted_uses(g) -> list:
    """Uses with a target whose ability has more than one legal way (one alone is made at once)."""
    uses = [a for a in g.legal_actions() if isinstance(a, A.Use)]
    return [a for a in uses if a.target is not None
            and sum((u.card, u.ability) == (a.card, a.ability) for u in uses) > 1]


def _main_with_targeted_ability(g) -> bool:
    return getattr(g.pending, "kind", None) == "main" and bool(_targeted_uses(g))


def test_an_ability_by_the_cards_click_menu_and_a_lit_target(app, person):
    for seed in range(1, 30):
        s = content.start_full_session(content.decks()[1:3], ("Аня", "Борис"), seed)
        if advance(s, random.Random(seed), _main_with_targeted_ability):
            break
    else:
        pytest.skip("no scripted game reached a targeted ability")
    table = classic_table(app, person, s)
    d = Driver(table)
    g = table.game
    use = _targeted_uses(g)[0]
    d.input.click(d.card_point(use.card))
    assert table.selected == use.card
    value = ("use", use.card, use.ability)
    assert any(b.value == value for b in table.look.buttons), "the card's ability is on its click menu"
    d.press(value)
    assert table.using is not None and use.target in table.look.strikes, "the ability's targets are lit"
    # a click on something that is not a target is refused and keeps the ability waiting
    wrong = next((c for c in g.creatures if g.creatures[c].at is not None and c not in table.look.strikes), None)
    before = len(s.history)
    if wrong is not None:
        d.input.click(d.card_point(wrong))
        assert len(s.history) == before and table.using is not None and table.look.toast
    d.input.click(d.card_point(use.target))
    if use.to is not None:
        d.input.click(d.point(use.to))
    assert len(s.history) == before + 1
    made = s.history[-1].action
    assert isinstance(made, A.Use) and (made.card, made.ability, made.target) == (use.card, use.ability, use.target)
