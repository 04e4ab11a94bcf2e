"""What the classic table tells between moves, by raw input: a save or a load that worked is said in green, as
at the «Герои» table, and a refusal in salmon; in hot-seat the curtain falls between the second player's
«Готово» of the placement and the first player's first turn of the battle."""

from __future__ import annotations

import random

import pygame

from tests.ui_support import classic_table, look
from ui.classic import content
from ui.classic.scene import ClassicTableScene
from ui.classic.testing import Driver
from ui.classic.view import OK, REFUSAL
from ui.scripted import advance


def _near(c, colour, tol: int = 40) -> bool:
    return all(abs(c[i] - colour[i]) <= tol for i in range(3))


def _inked(screen, rect, colour) -> int:
    return sum(_near(screen.get_at((x, y)), colour) for x in range(rect.x, rect.right, 2)
               for y in range(rect.y, rect.bottom, 2))


def _battle(seed: int = 3):
    s = content.start_session(list(content.squads()[:2]), ("Аня", "Борис"), seed)
    assert advance(s, random.Random(seed), lambda g: getattr(g.pending, "kind", None) == "main" and g.turn >= 2,
                   limit=3000)
    return s


def test_saved_and_loaded_are_said_in_green_and_a_refusal_in_salmon(app, person):
    table = classic_table(app, person, _battle())
    prompt = table.view.L.prompt
    person.key(pygame.K_F5)
    assert table.toast_text == app.tr("table.quick_saved")
    shot = look(person)
    assert _inked(shot, prompt, OK) > 30 and _inked(shot, prompt, REFUSAL) == 0, "«Игра сохранена» in green"
    person.key(pygame.K_F9)
    loaded = app.scene
    assert isinstance(loaded, ClassicTableScene) and loaded is not table
    Driver(loaded).lift_curtain()
    assert loaded.toast_text.startswith(app.tr("table.loaded", name="").split(":")[0])
    shot = look(person)
    assert _inked(shot, prompt, OK) > 30 and _inked(shot, prompt, REFUSAL) == 0, "«Игра загружена» in green"
    person.key(pygame.K_z, pygame.KMOD_CTRL)  # nothing taken since the load: undo is refused, and says why
    assert loaded.toast_text == app.tr("undo.nothing") and not loaded.toast_ok
    shot = look(person)
    assert _inked(shot, prompt, REFUSAL) > 30 and _inked(shot, prompt, OK) == 0, "a refusal stays salmon"


def test_hot_seat_the_curtain_falls_between_the_last_setup_step_and_the_first_battle_turn(app, person):
    """Seed 1: player 2 places last and seats the last symbiote; the battle opens with player 1's turn and no card
    is left face down, so nothing secret was on show — but the screen changes hands, behind the curtain."""
    from engine.classic import actions as A
    from ui.classic.setup_play import SETUP_KINDS
    from ui.rulesets import client_of

    ds = content.decks()
    s = content.start_full_session((ds[1], ds[2]), ("Аня", "Борис"), 1)
    rng = random.Random(1)
    assert advance(s, rng, lambda g: getattr(g.pending, "kind", None) == "place" and g.decider == 1
                   and A.Ready() in g.legal_actions(), limit=3000)
    table = classic_table(app, person, s)
    d = Driver(table)
    last = None
    while getattr(s.game.pending, "kind", None) in SETUP_KINDS:  # the placement's end, what stays hidden, symbiotes
        last = s.game.decider
        d.perform(A.Ready() if s.game.pending.kind == "place" else client_of(s.game).eager_action(s.game, rng))
    g = s.game
    assert g.pending.kind == "main" and last == 1 and g.decider == 0 and not g.hidden
    assert table.curtain_for == 0, "the curtain falls before player 1 takes the screen"
    look(person)
    assert table.look.curtain == g.names[0]
    d.lift_curtain()
    assert table.curtain_for is None and table.look.viewer == 0
