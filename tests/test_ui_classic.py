"""The classic table as a person plays it: raw mouse and keyboard into the running app (ui.testing.Input,
ui.classic.testing.Driver), never a scene's methods; after each gesture the engine's state is checked."""

from __future__ import annotations

import random

import pygame
import pytest

from engine.classic import actions as A
from tests.ui_support import classic_table, look, make_app, show
from ui.classic import content
from ui.classic.scene import ClassicTableScene
from ui.classic.testing import Driver
from ui.scenes.setup import SetupScene
from ui.scripted import advance, eager_action

SEED = 8  # its eager game has moves, strikes, defenders, no defender, lowering and keeping


@pytest.fixture()
def seeded(home):
    return make_app(home / "saves", seed=SEED)


def start_classic(app, person):
    """The new-game screen: choose classic, pick the second squad for player 2, start."""
    setup = SetupScene(app)
    show(app, setup, person)
    person.choose(setup.game_menu, app.tr("classic.game_classic"))
    setup = app.scene
    assert setup.game_kind == "classic" and setup.kind_menus[0].is_enabled and setup.kinds == ["human", "human"]
    while setup.classic_mode != "first":  # the mode button cycles: full game 2022, 2007, first battle
        person.click(setup.open_b.rect.center)
        setup = app.scene
    squads = content.squads()
    person.choose(setup.deck_menus[1], app.tr.name(squads[1].name))
    person.click(setup.start_b.rect.center)
    table = app.scene
    assert isinstance(table, ClassicTableScene)
    for p in (0, 1):  # each side's squad is on the battlefield
        assert sorted(table.game.creatures[c].card for c in table.game.on_board(p)) == sorted(squads[p].cards)
    return table


def _check(game, action, before: int, history) -> None:
    """The engine took exactly ``action`` and the board shows its result."""
    assert len(history) == before + 1, f"{action} was not made"
    assert history[-1].action == action
    if isinstance(action, A.Move):
        assert game.creatures[action.card].at == tuple(action.to)
    if isinstance(action, A.Strike):
        assert game.creatures[action.attacker].moves == 0  # 2007 4.1.1: an attacker loses its movement


def test_a_hot_seat_game_to_victory_by_drags_and_clicks(seeded):
    app = seeded
    from ui.testing import Input

    person = Input(app, draw_every=0)
    table = start_classic(app, person)
    g = table.game
    assert g.names and table.look.viewer == g.active == 0
    assert table.session.record is not None and table.session.record.ruleset == "classic"
    driver = Driver(table, random.Random(1))
    rng = random.Random(SEED)
    seen = set()
    curtains = 0
    for _ in range(300):
        if table.game.is_over:
            break
        if table.curtain_for is not None:
            curtains += 1
            assert table.look.curtain == table.game.names[table.game.active]
        action = eager_action(table.game, rng)
        before = len(table.session.history)
        driver.perform(action)
        _check(table.game, action, before, table.session.history)
        seen.add(type(action).__name__)
    assert table.game.is_over and table.game.outcome.winner is not None, "no victory"
    assert {"Move", "Strike", "EndTurn"} <= seen, seen
    assert {"Defend", "NoDefense"} & seen and {"Lower", "Keep"} & seen, seen
    assert curtains >= 2, "the curtain fell between the turns"
    assert "Победа" in table.look.prompt or table.tr("classic.winner", name="")[:3] in table.look.prompt
    driver.input.wait(3.0)
    assert type(app.scene).__name__ == "EndScene", "the end screen follows the victory"


def test_a_refused_drop_snaps_back_with_the_engines_reason(app, person):
    table = start_classic(app, person)
    g = table.game
    d = Driver(table)
    cid = next(c for c in g.on_board(0) if g.card_of(c).movement == 1)
    at = g.creatures[cid].at
    far = next(cell for cell in ((r, c) for r in range(6) for c in range(5))
               if g.occupant(cell) is None and cell not in g.move_costs(cid))
    d.drag(d.card_point(cid), d.point(far))
    assert g.creatures[cid].at == at and not table.session.history, "the card stays where it was"
    why = "Не хватает единиц движения"
    assert why in table.look.toast, table.look.toast
    assert table.dragging is None
    # the click way refuses the same: select, then click the far cell
    d.input.click(d.card_point(cid))
    assert table.selected == cid and table.look.moves == {cell: str(n) for cell, n in g.move_costs(cid).items()}
    d.input.click(d.point(far))
    assert g.creatures[cid].at == at and why in table.look.toast
    # a move the rules allow answers the refusal: its reason is gone at once
    near = next(iter(g.move_costs(cid)))
    d.drag(d.card_point(cid), d.point(near))
    assert g.creatures[cid].at == near and not table.look.toast


def test_defender_and_lowering_prompts_answer_clicks(app, person):
    s = content.start_session(list(content.squads()[:2]), ("Аня", "Борис"), SEED)
    assert advance(s, random.Random(SEED), lambda g: getattr(g.pending, "kind", None) == "defender")
    table = classic_table(app, person, s)
    g = table.game
    assert table.look.defenders == set(g.pending.options) and table.look.arrow == (g.pending.attacker, g.pending.target)
    labels = [b.label for b in table.look.buttons]
    assert "Без защитника" in labels
    d = Driver(table)
    defender = g.pending.options[0]
    before = len(s.history)
    d.input.click(d.card_point(defender))
    assert s.history[before].action == A.Defend(card=defender)
    assert any(ev.kind == "defender" and ev.card == defender for ev in s.history[before].events)
    rolled = [ev for ev in s.history[before].events if ev.kind in ("die", "hit")]
    assert rolled, "the dice were rolled"
    if g.pending.kind == "lower":
        assert {"Ослабить", "Оставить"} <= {b.label for b in table.look.buttons}
    assert table.look.dice and table.look.dice_row, "the dice and the row are shown"
    s2 = content.start_session(list(content.squads()[:2]), ("Аня", "Борис"), SEED)
    assert advance(s2, random.Random(SEED), lambda g: getattr(g.pending, "kind", None) == "lower", limit=400)
    table2 = classic_table(app, person, s2)
    assert "Ослабить" in {b.label for b in table2.look.buttons}
    row = s2.game.pending.row
    Driver(table2).press(("lower",))
    lowered = [ev for ev in s2.history[-1].events if ev.kind == "lowered"]
    assert lowered and lowered[0].src == row and s2.game.pending.kind == "main"
    screen = look(person)
    assert screen.get_size() == (1280, 720)


def test_the_curtain_falls_between_turns_and_the_board_turns_round(app, person):
    table = start_classic(app, person)
    d = Driver(table)
    d.press(("end",))
    assert table.game.active == 1 and table.curtain_for == 1
    screen = look(person)
    assert screen.get_at((10, 360))[:3] == (14, 12, 18), "the curtain hides the board"
    person.key(pygame.K_RETURN)
    assert table.curtain_for is None and table.look.viewer == 1
    # player 2's creatures are drawn in the bottom half now
    L = table.view.L
    for cid in table.game.on_board(1):
        if table.game.creatures[cid].at is None:
            continue  # a flyer or a terrain: in the additional zone
        assert L.card_rect(table.game.creatures[cid].at, 1).centery > L.board.centery


def test_saves_by_keys_and_load_back(app, person):
    table = start_classic(app, person)
    d = Driver(table)
    g = table.game
    move = next(a for a in g.legal_actions() if isinstance(a, A.Move))
    d.perform(move, way="drag")
    state = table.game.state_hash()
    person.key(pygame.K_F5)
    assert "Быстр" in table.look.toast or table.toast_text
    person.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    assert type(app.scene).__name__ == "SaveAsScene"
    person.type("классика")
    person.key(pygame.K_RETURN)
    assert app.scene is table
    saved = sorted(p.name for p in app.saves_dir.glob("*.json"))
    assert any("классика" in n for n in saved), saved
    d.perform(next(a for a in table.game.legal_actions() if isinstance(a, A.EndTurn)))
    assert table.game.state_hash() != state
    person.key(pygame.K_RETURN)  # the next player takes the seat
    person.key(pygame.K_F9)  # the quick save comes back as it was
    loaded = app.scene
    assert loaded is not table, (table.toast_text, table.curtain_for)
    assert isinstance(loaded, ClassicTableScene)
    assert loaded.game.state_hash() == state and loaded.game.ruleset == "classic"
