"""What the classic table tells between moves, by raw input: a save or a load that worked is said in green, as
at the «Герои» table, and a refusal in salmon; in hot-seat the curtain falls between the second player's
«Готово» of the placement and the first player's first turn of the battle."""

from __future__ import annotations

import random

import pygame
import pytest

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


def _setup_step(game, rng):
    """A setup step as a quick player takes it: «Готово» once the layout allows it, else the eager choice."""
    from engine.classic import actions as A
    from ui.rulesets import client_of

    return A.Ready() if A.Ready() in game.legal_actions() else client_of(game).eager_action(game, rng)


def test_hot_seat_the_curtain_falls_between_the_last_setup_step_and_the_first_battle_turn(app, person):
    """A game whose last setup step (the placement's end, what stays hidden, symbiotes, the steps before the
    battle) is player 2's and whose battle opens with player 1's turn, no card left face down: nothing secret
    was on show, but the screen changes hands, behind the curtain."""
    from engine.classic import actions as A
    from ui.classic.setup_play import SETUP_KINDS

    ds = content.decks()
    for seed in range(1, 40):  # the first seed whose setup ends that way
        s = content.start_full_session((ds[1], ds[2]), ("Аня", "Борис"), seed)
        rng = random.Random(seed)
        assert advance(s, rng, lambda g: getattr(g.pending, "kind", None) == "place" and g.decider == 1
                       and A.Ready() in g.legal_actions(), limit=3000)
        probe = content.start_full_session((ds[1], ds[2]), ("Аня", "Борис"), seed)
        probe_rng = random.Random(seed)
        advance(probe, probe_rng, lambda g: getattr(g.pending, "kind", None) == "place" and g.decider == 1
                and A.Ready() in g.legal_actions(), limit=3000)
        last = None
        while getattr(probe.game.pending, "kind", None) in SETUP_KINDS:
            last = probe.game.decider
            probe.apply(_setup_step(probe.game, probe_rng))
        g = probe.game
        if g.pending.kind == "main" and last == 1 and g.decider == 0 and not g.hidden:
            break
    else:
        pytest.fail("no seed in 1..39 ends its setup with player 2 and opens the battle with player 1")
    table = classic_table(app, person, s)
    d = Driver(table)
    while getattr(s.game.pending, "kind", None) in SETUP_KINDS:
        d.perform(_setup_step(s.game, rng))
    g = s.game
    assert g.pending.kind == "main" and g.decider == 0 and not g.hidden
    assert table.curtain_for == 0, "the curtain falls before player 1 takes the screen"
    look(person)
    assert table.look.curtain == g.names[0]
    d.lift_curtain()
    assert table.curtain_for is None and table.look.viewer == 0
