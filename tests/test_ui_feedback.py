"""What the table tells a new player, through raw input: toasts that look like what they say, a
surrender that asks first, arrows for attacks, and a card zoom that waits and stays out of the way."""

from __future__ import annotations

import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from engine.heroes import actions as A  # noqa: E402
from ui.app import App  # noqa: E402
from ui.heroes.scene import TableScene  # noqa: E402
from ui.heroes.table.intents import TABLE  # noqa: E402
from ui.heroes.table.overlays import TOAST_LOOK, toast_rect  # noqa: E402
from ui.heroes.testing import Driver  # noqa: E402
from ui.scripted import advance  # noqa: E402
from ui.session import quick_session  # noqa: E402
from ui.settings import Settings  # noqa: E402


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("BERSERK_TABLE_HOME", str(tmp_path))
    return App(size=(1280, 720), settings=Settings(anim_speed=1.0), headless=True)


def table_at(app, until, seed: int = 2) -> tuple[TableScene, Driver]:
    session = quick_session(seed=seed)
    assert advance(session, random.Random(seed), until, limit=800), "the scripted game never got there"
    scene = TableScene(app, session)
    scene.autosave = False
    app.switch(scene)
    d = Driver(scene, random.Random(seed))
    d.input.draw_every = 1  # these tests look at the screen
    d.lift_curtain()
    d.settle()
    return scene, d


def main_turn(g) -> bool:
    return g.pending is not None and g.pending.kind == "main"


def toast_fill(app, scene) -> tuple[int, int, int]:
    """The toast's background colour as drawn (just inside its left edge, under no text)."""
    box = toast_rect(scene.view.L, scene.ui)
    return tuple(app.screen.get_at((box.x + 5, box.centery)))[:3]


# ---------------------------------------------------------------------- toasts
def test_a_confirmation_looks_different_from_a_refusal(app):
    def unaffordable(g):
        if not main_turn(g):
            return False
        pl = g.players[g.decider]
        return any(g.cost(c) > pl.open_coins and g.cdef(c).type == "creature" for c in pl.hand) and any(
            A.Play(card=c) in g.legal_actions() for c in pl.hand)

    scene, d = table_at(app, unaffordable)
    d.input.key(pygame.K_F5)  # quick save: it worked
    assert scene.ui.toast == scene.tr("table.quick_saved")
    assert toast_fill(app, scene) == TOAST_LOOK["ok"][0], "a confirmation is green"
    g = scene.game
    pl = g.players[g.decider]
    cid = next(c for c in pl.hand if g.cost(c) > pl.open_coins and g.cdef(c).type == "creature")
    d.drag(d.point_of(("card", cid)), d.point_of(TABLE))  # a refused drop: why not
    assert scene.ui.toast == "Не хватает открытых монет."
    assert toast_fill(app, scene) == TOAST_LOOK["refusal"][0], "a refusal is red"
    assert TOAST_LOOK["ok"][0] != TOAST_LOOK["refusal"][0]
    # a card the rules let this player play, dropped on the table, answers the refusal: its reason goes at once
    done = len(scene.session.history)
    ok = next(c for c in pl.hand if A.Play(card=c) in g.legal_actions())
    d.drag(d.point_of(("card", ok)), d.point_of(TABLE))
    assert len(scene.session.history) == done + 1 and scene.ui.toast_left == 0


# ---------------------------------------------------------------------- surrender
def menu_button(scene, name):
    return next(b for b in scene.ui.menu_buttons if b.value == ("m", name))


def pick(d, scene, name) -> None:
    """Click a menu item; one that opened under the resting pointer is read first (ui/widgets/arming.py)."""
    d.input.wait_until(lambda: scene.armed(menu_button(scene, name)), 2.0, what=f"the menu's {name!r}")
    d.click(menu_button(scene, name).rect.center)


def test_surrender_asks_first_and_no_leaves_the_game_as_it_was(app):
    scene, d = table_at(app, main_turn)
    g = scene.game
    me, other = scene.ui.viewer, 1 - scene.ui.viewer
    before = g.state_hash()
    d.press(("menu",), "panel_buttons")
    assert scene.ui.menu_open
    d.click(menu_button(scene, "concede").rect.center)
    assert not scene.game.is_over, "one click on «Сдаться» does not end the game"
    assert scene.ui.menu_open and g.players[other].name in scene.ui.menu_ask
    assert {b.value[1] for b in scene.ui.menu_buttons} == {"concede_yes", "concede_no"}
    d.click(menu_button(scene, "concede_no").rect.center)
    assert not scene.ui.menu_open and scene.game.state_hash() == before
    # Esc on the question is a «no» as well
    d.input.key(pygame.K_ESCAPE)
    pick(d, scene, "concede")
    d.input.key(pygame.K_ESCAPE)
    assert not scene.ui.menu_open and scene.game.state_hash() == before
    # and «yes» concedes
    d.input.key(pygame.K_ESCAPE)
    pick(d, scene, "concede")
    pick(d, scene, "concede_yes")
    assert scene.game.is_over and scene.game.outcome.winner == other
    assert any(isinstance(e.action, A.Concede) and e.action.player == me for e in scene.session.history)


# ---------------------------------------------------------------------- attack arrows
def arrow_on(app, scene, start, end) -> bool:
    """The attack arrow's colour lies along the segment (outside the prompt strip, which it passes under)."""
    from ui.heroes.table.overlays import ATTACK

    L = scene.view.L
    hits = 0
    for i in range(3, 9):
        t = i / 12
        p = (round(start[0] + (end[0] - start[0]) * t), round(start[1] + (end[1] - start[1]) * t))
        if L.prompt.inflate(0, 8).collidepoint(p):
            continue
        hits += tuple(app.screen.get_at(p))[:3] == ATTACK
    return hits >= 2


def test_an_arrow_runs_from_the_attacker_while_an_attack_is_dragged(app):
    def can_attack_a_creature(g):
        return main_turn(g) and any(isinstance(a, A.Attack) and g.cards[a.target].zone == "play"
                                    for a in g.legal_actions())

    scene, d = table_at(app, can_attack_a_creature)
    g = scene.game
    atk = next(a for a in g.legal_actions() if isinstance(a, A.Attack) and g.cards[a.target].zone == "play")
    home = scene.view.card_rect(atk.attacker).center
    aim = scene.view.card_rect(atk.target).center
    src, dst = d.point_of(("card", atk.attacker)), d.point_of(("card", atk.target))
    assert not arrow_on(app, scene, home, aim), "no arrow before anything is dragged"
    d.input.move(src)
    d.input.down()
    free = (src[0] + 40, src[1] + 90)  # over nothing lit: the arrow follows the pointer
    d.input.move(free)
    assert scene.ui.drag == ("card", atk.attacker)
    assert arrow_on(app, scene, home, free)
    d.input.move(dst)  # over the target: the arrow points at it
    assert arrow_on(app, scene, home, aim)
    d.input.move((5, 5))
    d.input.up()  # let go off the table: no attack, no arrow
    d.settle()
    assert scene.game.state_hash() == g.state_hash() and not arrow_on(app, scene, home, aim)


def test_the_defenders_prompt_shows_the_attack_as_an_arrow(app):
    scene, d = table_at(app, lambda g: g.pending is not None and g.pending.kind == "defender")
    g = scene.game
    assert scene.ui.curtain is None and scene.ui.viewer == g.decider
    a = scene.view.card_rect(g.combat["attacker"]).center
    b = scene.view.card_rect(g.combat["target"]).center
    assert arrow_on(app, scene, a, b), "from the attacker to what it attacks"
    assert not arrow_on(app, scene, b, (b[0], scene.view.L.h - 5)), "and nowhere else"
    # the log line names both cards as printed (nominative): «Атака: «X», цель — «Y»»
    names = [scene.tr.name(g.cdef(c).name) for c in (g.combat["attacker"], g.combat["target"])]
    assert f"Атака: «{names[0]}», цель — «{names[1]}»" in scene.ui.log_lines
    d.press(("no_defense",))
    d.settle()
    assert not arrow_on(app, scene, a, b)
