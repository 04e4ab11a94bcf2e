"""Demo mode watched by a person: it plays and tells each move; keys 1–4, + and − and the speed buttons
set the pace; resting the pointer on a card shows it; any other key or click goes to the menu."""

from __future__ import annotations

import random

import pygame
import pytest

from engine.classic import actions as CA
from engine.heroes import actions as A
from tests.ui_support import button, look, show
from ui.classic.demo import ClassicDemoTable
from ui.controllers import BotController, InlineExecutor
from ui.scenes.demo import SPEEDS, DemoScene
from ui.scenes.menu import MenuScene


@pytest.fixture()
def demo(app, person):
    scene = DemoScene(app, rng=random.Random(1), level="easy", executor=InlineExecutor())
    show(app, scene, person)
    return scene


def test_demo_plays_and_narrates(app, person, demo):
    assert demo.open_hands and demo.ui.show_hands == {0, 1} and not demo.session.humans
    assert all(isinstance(c, BotController) for c in demo.session.controllers)
    captions = set()
    for _ in range(400):
        person.wait(0.1)
        captions.add(demo.ui.caption)
        if len(demo.session.history) >= 8:
            break
    assert len(demo.session.history) >= 8
    assert len(captions - {""}) >= 3, "each move is told in words"
    assert demo.ui.log_lines and demo.ui.curtain is None
    look(person)


def test_keys_set_the_speed(app, person, demo):
    base = demo.pace()
    for key, speed in zip((pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4), SPEEDS, strict=True):
        person.key(key, unicode=str(SPEEDS.index(speed) + 1))
        assert demo.speed == speed and demo.pace() == pytest.approx(speed * base)
        assert demo.view.anim.speed == pytest.approx(speed * app.settings.anim_speed)
    person.key(pygame.K_MINUS, unicode="-")
    assert demo.speed == SPEEDS[2]
    person.key(pygame.K_KP_MINUS)
    assert demo.speed == SPEEDS[1]
    person.key(pygame.K_EQUALS, pygame.KMOD_SHIFT, unicode="+")
    assert demo.speed == SPEEDS[2]
    person.key(pygame.K_KP_PLUS)
    person.key(pygame.K_KP_PLUS)  # no faster than the fastest
    assert demo.speed == SPEEDS[-1]
    person.key(pygame.K_KP1)
    assert demo.speed == SPEEDS[0]
    assert app.scene is demo


def test_each_speed_button_sets_its_speed_and_lights_up(app, person, demo):
    for speed in (*reversed(SPEEDS), SPEEDS[1]):
        person.click(button(demo.ui.panel_buttons, ("speed", speed)).rect.center)
        assert demo.speed == speed and app.scene is demo
        assert button(demo.ui.panel_buttons, ("speed", speed)).style == "on"


@pytest.mark.parametrize("ruleset", ["heroes", "classic"])
def test_the_level_button_and_the_key_l_switch_both_seats_to_hard_and_back(app, person, ruleset):
    # a look-ahead of one round a decision (either level takes the option): the test watches the level, not the play
    scene = DemoScene(app, ruleset=ruleset, rng=random.Random(3), level="normal", executor=InlineExecutor(),
                      bot_options={"budget": None, "max_iterations": 1})
    show(app, scene, person)
    buttons = scene.ui.panel_buttons if ruleset == "heroes" else scene.look.buttons
    level = button(buttons, ("level",))
    assert level.label == "Обычный"
    person.click(level.rect.center)
    assert app.scene is scene and scene.level == "hard"
    assert [(c.kind, type(c.bot).__module__) for c in scene.session.controllers] == \
        [("hard", f"engine.{ruleset}.ai.hard")] * 2
    buttons = scene.ui.panel_buttons if ruleset == "heroes" else scene.look.buttons
    assert button(buttons, ("level",)).label == "Сложный"
    person.key(pygame.K_l)
    assert app.scene is scene and scene.level == "normal"
    assert [c.kind for c in scene.session.controllers] == ["normal", "normal"]


def test_resting_the_pointer_on_a_card_of_the_top_hand_shows_it(app, person, demo):
    person.wait_until(lambda: demo.game.players[1].hand and not demo.view.anim.busy, seconds=20, what="the deal")
    demo.bots.blocked = lambda _scene: True  # hold the game still while looking
    top = demo.game.players[1].hand[0]
    x, y = demo.view.card_rect(top).midbottom
    person.move((x, y - 3))
    person.key(pygame.K_LSHIFT)  # a modifier alone is no way out
    person.wait(1.0)
    assert app.scene is demo and demo.ui.zoom in demo.game.players[1].hand


@pytest.mark.parametrize("how", ["key", "escape", "click"])
def test_any_other_key_or_click_goes_to_the_menu(app, person, demo, how):
    if how == "key":
        person.key(pygame.K_a, unicode="a")
    elif how == "escape":
        person.key(pygame.K_ESCAPE)
    else:
        person.click((400, 300))
    assert isinstance(app.scene, MenuScene)


def test_the_result_stays_a_moment_then_a_classic_game_begins(app, person, demo):
    """After a «Герои» game the demo plays classic «Берсерк» (and then «Герои» again), at the speed chosen."""
    first = demo.session
    demo.session.apply(A.Concede(player=1))  # the end of a game, as any other
    person.wait(0.2)
    look(person)
    assert app.scene is demo and demo.session is first, "the result stays a moment"
    person.key(pygame.K_4)  # faster, so the pause is shorter
    person.wait_until(lambda: app.scene is not demo, seconds=2.0, what="the next game")
    classic = app.scene
    assert isinstance(classic, ClassicDemoTable) and classic.ruleset == "classic" and classic.games == 2
    assert classic.speed == SPEEDS[-1] and classic.pace() == pytest.approx(demo.pace()), "the speed goes on"
    assert not classic.session.humans and all(isinstance(c, BotController) for c in classic.session.controllers)
    g = classic.game
    assert g.ruleset == "classic" and g.pending.kind == "order", "a full game from decks: the die roll first"
    # the setup goes by behind the scenes, then the battle is played and told
    captions: set[str] = set()
    person.wait_until(lambda: classic.game.turn >= 1 and getattr(classic.game.pending, "kind", None) == "main",
                      seconds=30, what="the classic battle")
    summaries = [ev.text for _, ev in classic.session.log if ev.kind == "bot_summary"]
    assert len(summaries) >= 4, summaries  # each side's squad recruited and laid out
    for _ in range(600):
        person.wait(0.05)
        if classic.bots.shown is not None:
            captions.add(classic.look.prompt)
        if len(captions) >= 3:
            break
    assert len(captions) >= 3, "each move is told in words"
    assert classic.look.log and classic.curtain_for is None
    look(person)
    # the speed keys work on the classic table too
    person.key(pygame.K_1, unicode="1")
    assert classic.speed == SPEEDS[0] and app.scene is classic
    assert classic.motion.speed == pytest.approx(SPEEDS[0] * app.settings.anim_speed), "the effects follow it"
    person.click(button(classic.look.buttons, ("speed", SPEEDS[2])).rect.center)
    assert classic.speed == SPEEDS[2] and button(classic.look.buttons, ("speed", SPEEDS[2])).style == "on"
    # its end leads to a «Герои» game again
    classic.session.apply(CA.Concede(player=0))
    person.wait_until(lambda: app.scene is not classic, seconds=10.0, what="the game after classic")
    assert app.scene.ruleset == "heroes" and app.scene.games == 3
    person.wait(3.0)
    assert len(app.scene.session.history) >= 1, "the new game is played"


def test_the_heroes_board_keeps_one_way_round_the_whole_game(app, person, demo):
    """Nobody sits at either side in the demo: the first player's side stays at the bottom turn after turn."""
    person.key(pygame.K_4, unicode="4")
    sides, actives = set(), set()
    for _ in range(1500):
        person.wait(0.1)
        sides.add(demo.view.side_of(0, demo.ui.viewer))
        actives.add(demo.game.active)
        if demo.game.turn >= 3 and len(actives) == 2 or demo.game.is_over:
            break
    assert actives == {0, 1}, "the game did not get to both players' turns"
    assert sides == {"bottom"}


def test_the_classic_board_keeps_one_way_round_the_whole_game(app, person):
    """The classic demo's board was seen from the deciding player, turning round at every turn; with nobody
    at either side it keeps the first player's half at the bottom, from the die roll through the battle."""
    demo = DemoScene(app, ruleset="classic", rng=random.Random(4), level="easy", executor=InlineExecutor())
    show(app, demo, person)
    person.key(pygame.K_4, unicode="4")
    bottom, actives = set(), set()
    for _ in range(3000):
        person.wait(0.1)
        L = demo.view.L
        bottom.add(L.cell_rect((0, 2), demo.look.viewer).centery > L.board.centery)  # player 0's first row
        if getattr(demo.game.pending, "kind", None) == "main":
            actives.add(demo.game.active)
        if demo.game.turn >= 3 and len(actives) == 2 or demo.game.is_over:
            break
    assert actives == {0, 1}, "the battle did not get to both players' turns"
    assert bottom == {True}, "the board turned round"
    look(person)
