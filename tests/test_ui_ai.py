"""The computer opponent at the table and demo mode, headless.

The bot thinks on a worker thread; the table polls it, paces its moves and shows them. Time at the
table comes only from ``update(dt)``, so these tests drive it with made-up seconds; the only real
waits are for a worker thread to finish a (fast) thought.
"""

from __future__ import annotations

import os
import random
import threading
import time
from types import SimpleNamespace

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from engine.heroes import actions as A  # noqa: E402
from engine.heroes.pending import ChooseCards  # noqa: E402
from tests.test_ui_game import pick  # noqa: E402
from ui.app import App  # noqa: E402
from ui.controllers import COMPUTER_KINDS, BotController, InlineExecutor, make_controller  # noqa: E402
from ui.heroes.actionwords import public_name  # noqa: E402
from ui.heroes.scene import TableScene  # noqa: E402
from ui.heroes.table.botplay import thinking_rect  # noqa: E402
from ui.heroes.table.decisions import decision_prompt  # noqa: E402
from ui.heroes.table.narrate import describe_move  # noqa: E402
from ui.heroes.table.state import TableUI  # noqa: E402
from ui.heroes.testing import Driver  # noqa: E402
from ui.i18n import Tr  # noqa: E402
from ui.scripted import advance  # noqa: E402
from ui.session import (
    GameSession,  # noqa: E402
    quick_session,  # noqa: E402
)
from ui.settings import Settings  # noqa: E402
from ui.testing import Input  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("BERSERK_TABLE_HOME", str(tmp_path))
    return App(size=(1280, 720), settings=Settings(anim_speed=1.0), headless=True)


class SlowBot:
    """A bot that thinks until told to stop (``release``), then plays the first legal action."""

    level = "slow"

    def __init__(self) -> None:
        self.go = threading.Event()
        self.started = threading.Event()
        self.asked = 0

    def choose(self, obs):
        self.asked += 1
        self.started.set()
        assert self.go.wait(10), "the test never let the bot finish"
        return obs.legal[0]


@pytest.fixture()
def slow():
    """A slow bot and a controller with a worker thread of its own, both let go after the test
    (a failed test must not leave a thought blocking the next one)."""
    from concurrent.futures import ThreadPoolExecutor

    bot = SlowBot()
    worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="test-bot")
    yield bot, BotController(bot=bot, executor=worker)
    bot.go.set()
    worker.shutdown(wait=True)


def wait_until(cond, seconds: float = 5.0) -> None:
    end = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.002)


def versus_computer(app, until, bot: BotController, seed: int = 2) -> tuple[TableScene, int]:
    """A table where a person plays seat 0 and ``bot`` seat 1, advanced by script to ``until``."""
    session = quick_session(seed=seed, kinds=("human", "easy"), names=("Аня", "Компьютер"))
    assert advance(session, random.Random(seed), until, limit=800), "the scripted game never got there"
    session.controllers[1] = bot
    scene = TableScene(app, session)
    scene.autosave = False
    app.switch(scene)
    return scene, 0


# ---------------------------------------------------------------------- registry, setup, saves
def test_every_level_makes_a_computer_controller():
    """Each level is a controller of its own (the setup screen offers each: tests/test_ui_scene_setup.py)."""
    assert list(COMPUTER_KINDS) == ["easy", "normal", "hard"]
    for kind in COMPUTER_KINDS:
        c = make_controller(kind, 3)
        assert isinstance(c, BotController) and c.kind == kind and not c.is_human
        assert c.agree_undo(None) is True


def test_a_loaded_computer_seat_gets_the_bot_back():
    s = quick_session(seed=3, kinds=("easy", "human"))
    advance(s, random.Random(3), lambda g: g.turn >= 2)
    loaded = GameSession.from_record(s.record, s.game)
    # the save records the level (saves format 2): the Easy seat comes back Easy
    assert isinstance(loaded.controllers[0], BotController) and loaded.controllers[0].kind == "easy"
    assert loaded.controllers[1].is_human


# ---------------------------------------------------------------------- the controller
def test_a_result_is_used_only_for_the_position_it_was_asked_about(slow):
    s = quick_session(seed=5, kinds=("human", "human"))
    bot, c = slow
    assert c.decide(s.game, token=1) is None and c.thinking
    wait_until(bot.started.is_set)
    assert c.decide(s.game, token=2) is None  # the game changed: the first thought is dropped
    bot.go.set()
    wait_until(lambda: not c.thinking)
    assert c.decide(s.game, token=2) in s.game.legal_actions()
    assert bot.asked == 2, "the changed position needed a thought of its own"
    assert c.errors == []


def test_a_broken_bot_falls_back_to_a_legal_action():
    class Broken:
        level = "broken"

        def choose(self, obs):
            raise RuntimeError("boom")

    s = quick_session(seed=5)
    c = BotController(bot=Broken(), executor=InlineExecutor())
    assert c.decide(s.game, token=0) == s.game.legal_actions()[0]
    assert c.errors and "boom" in c.errors[0]


def _wait_for(ctrl, game, token=0, limit=60.0):
    deadline = time.monotonic() + limit
    while (action := ctrl.decide(game, token=token)) is None:
        assert time.monotonic() < deadline, "the computer never answered"
        time.sleep(0.01)
    return action


def test_the_computer_thinks_in_its_own_process():
    # A thread would share the interpreter lock with drawing (the table stuttered while it thought).
    s = quick_session(seed=6)
    advance(s, random.Random(6), lambda g: g.turn >= 3 and getattr(g.pending, "kind", None) == "main"
            and len(g.legal_actions()) > 2)
    c = BotController("normal", 6, budget=None, max_iterations=3)
    c.decide(s.game, token=0)
    assert c._job is not None and c._job.remote, "the thought did not go to the bot process"
    action = _wait_for(c, s.game)
    assert action in s.game.legal_actions() and not c.errors
    assert c.last_stats.get("iterations", 0) >= 1  # the search figures come back from the process
    import ui.controllers as ctl
    assert c._uid not in ctl._bots, "the bot ran here, not in the process"


def test_when_the_bot_process_dies_the_computer_thinks_on_a_thread(monkeypatch):
    import ui.controllers as ctl
    monkeypatch.setattr(ctl, "_process", None)
    monkeypatch.setattr(ctl, "_process_failed", False)
    s = quick_session(seed=7)
    c = BotController("easy", 7)
    process = ctl._process
    assert process is not None
    _wait_for(c, s.game)  # it works, then the process is killed under it
    for proc in list(process._processes.values()):
        proc.kill()
        proc.join(5)
    action = _wait_for(c, s.game, token=1)
    assert action in s.game.legal_actions()
    assert any("process" in e for e in c.errors), c.errors
    assert ctl._process is None and ctl._process_failed  # the next thoughts go to the thread
    assert not c._submit(2, None).remote


# ---------------------------------------------------------------------- the table while it thinks
def test_the_frame_loop_runs_while_the_computer_thinks(app, slow):
    bot, ctrl = slow
    scene, human = versus_computer(app, lambda g: g.decider == 1 and getattr(g.pending, "kind", None) == "main"
                                   and g.turn >= 4 and all(p.play for p in g.players), ctrl)
    person = Input(app, dt=0.05)
    person.frame(1)  # the first picture renders every card face: not the bot's doing
    before = len(scene.session.history)
    frames = 0
    for _ in range(40):
        t0 = time.perf_counter()
        person.frame(1)
        assert time.perf_counter() - t0 < 2.0, "a frame waited for the bot (it thinks for 10 s)"
        frames += 1
    assert frames == 40 and ctrl.thinking and len(scene.session.history) == before
    assert scene.ui.curtain is None and scene.ui.show_hands == {human}
    # the badge is on screen: its gold rim inside its rectangle
    assert scene.ui.thinking == "Компьютер думает"
    r = thinking_rect(scene.view.L, scene.ui.thinking)
    rim = [app.screen.get_at((x, r.centery))[:3] for x in range(r.right - 8, r.right)]
    assert (240, 200, 110) in rim
    # and the person can still look around: the menu opens, the log scrolls, a card zooms
    person.key(pygame.K_ESCAPE)
    assert scene.ui.menu_open
    person.key(pygame.K_ESCAPE)
    assert not scene.ui.menu_open
    person.wheel(2)
    assert scene.ui.log_scroll == 2
    g = scene.game
    mine = g.players[human].play[-1]
    person.right_click(scene.view.card_rect(mine).center)
    assert scene.ui.zoom == mine
    person.right_click((5, 5))
    assert scene.ui.zoom is None
    # the thought ends: after the pause the move is pointed at, then made
    bot.go.set()
    wait_until(lambda: not ctrl.thinking)
    shown = False
    for _ in range(80):
        person.frame(1)
        shown = shown or bool(scene.ui.caption and scene.ui.prompt == scene.ui.caption)
        if len(scene.session.history) > before:
            break
    assert len(scene.session.history) == before + 1 and shown
    assert scene.session.history[-1].player == 1


def defended_attack(g):
    """An attack by seat 0 after which seat 1 must choose a defender (or None)."""
    if g.decider != 0 or getattr(g.pending, "kind", None) != "main" or g.turn < 3:
        return None
    for a in g.legal_actions():
        if isinstance(a, A.Attack):
            c = g.clone()
            c.apply(a)
            if getattr(c.pending, "kind", None) == "defender" and c.decider == 1:
                return a
    return None


def test_a_thought_is_dropped_when_the_person_takes_back_their_move(app, slow):
    bot, ctrl = slow
    scene, human = versus_computer(app, lambda g: defended_attack(g) is not None, ctrl, seed=3)
    d = Driver(scene, random.Random(1))
    g = scene.game
    attack = defended_attack(g)
    before_hash, before_len = g.state_hash(), len(scene.session.history)
    d.perform(attack)
    assert scene.session.history[-1].action == attack
    d.input.frame(5, 0.05)
    wait_until(bot.started.is_set)
    assert scene.session.controllers[1].thinking
    d.press(("undo",), "panel_buttons")  # the computer agrees at once
    assert scene.session.game.state_hash() == before_hash
    bot.go.set()  # the thought for the undone attack ends now: its answer must be thrown away
    wait_until(lambda: not scene.session.controllers[1].thinking)
    d.input.frame(40, 0.1)
    assert len(scene.session.history) == before_len
    assert scene.session.game.state_hash() == before_hash and scene.session.decider == human
    assert scene.ui.thinking == "" and not scene.ui.marks


def test_undo_of_the_computers_move_is_refused(app, slow):
    """Only one's own last action can be taken back; the computer's is not offered for undo."""
    def computer_can_play(g):
        return g.decider == 1 and getattr(g.pending, "kind", None) == "main" and g.turn >= 3 \
            and any(isinstance(a, A.Play) and a.attach is None and not a.targets for a in g.legal_actions())

    bot, ctrl = slow
    scene, human = versus_computer(app, computer_can_play, ctrl, seed=4)
    play = next(a for a in scene.game.legal_actions() if isinstance(a, A.Play) and a.attach is None and not a.targets)
    scene.do(play)  # as the computer would
    assert scene.session.last_player == 1
    hist = len(scene.session.history)
    person = Input(app, dt=0.05, draw_every=0)
    person.frame(1)  # the computer may think about its next move
    undo = next(b for b in scene.ui.panel_buttons if b.value == ("undo",))
    assert not scene.ui.undo_ok and not undo.enabled
    person.click(undo.rect.center)  # a dead button
    assert len(scene.session.history) == hist and not scene.ui.toast
    person.key(pygame.K_z, pygame.KMOD_CTRL)  # the shortcut says why
    assert len(scene.session.history) == hist and scene.ui.toast == scene.tr("undo.computer")
    bot.go.set()
    scene.leave()


# ---------------------------------------------------------------------- a whole game against the computer
def test_a_full_game_against_the_computer_through_drags_alone(app):
    """Seat 0 is a person moving the mouse; seat 1 is Easy on its worker thread. No curtain ever."""
    session = quick_session(seed=8, kinds=("human", "easy"), names=("Аня", "Компьютер"))
    scene = TableScene(app, session)
    scene.autosave = False
    app.switch(scene)
    driver = Driver(scene, random.Random(8), draw_every=40)
    rng = random.Random(8)
    bot = session.controllers[1]
    human_moves = bot_moves = 0
    started = time.monotonic()
    for _ in range(20000):
        g = session.game
        if g.is_over:
            break
        assert scene.ui.curtain is None and scene.ui.viewer == 0
        assert scene.ui.show_hands == {0}, "the computer's hand must stay hidden"
        if session.decider == 0:
            action = pick(g, rng)
            expected = g.clone()
            expected.apply(action)
            n = len(session.history)
            driver.perform(action)
            assert len(session.history) == n + 1 and session.history[-1].action == action
            assert session.game.state_hash() == expected.state_hash()
            human_moves += 1
        else:
            n = len(session.history)
            driver.input.frame(1, 0.1)
            if bot.thinking:
                time.sleep(0.001)
            bot_moves += len(session.history) - n
        assert time.monotonic() - started < 60, "the game takes too long"
    assert session.game.is_over, f"unfinished after {human_moves} + {bot_moves} moves"
    assert human_moves > 10 and bot_moves > 10
    assert bot.errors == []
    hidden = [c for c in session.game.players[1].hand if c in scene.view.anim.sprites]
    assert all(not scene.view.anim.sprites[c].place.face_up for c in hidden)
    driver.input.frame(40, 0.1)
    from ui.scenes.end import EndScene

    assert isinstance(app.scene, EndScene)


# ---------------------------------------------------------------------- narration and prompts
def test_narration_names_only_what_the_watcher_may_see():
    tr = Tr("ru")
    s = quick_session(seed=6)
    advance(s, random.Random(6), lambda g: g.turn >= 4 and getattr(g.pending, "kind", None) == "main")
    g = s.game
    p = g.decider
    other = g.players[1 - p]
    assert public_name(g, other.hand[0], tr) == tr("log.a_card")
    assert public_name(g, other.deck[0], tr) == tr("log.a_card")
    assert public_name(g, other.hero, tr) == tr.name(g.cdef(other.hero).name)
    mull = describe_move(g, A.Mulligan(cards=tuple(g.players[p].hand[:2])), p, tr)
    assert "2" in mull.text and not mull.marks
    for a in g.legal_actions():
        m = describe_move(g, a, p, tr)
        assert m.text and "{" not in m.text
        if isinstance(a, A.Play):
            assert tr.name(g.cdef(a.card).name) in m.text and a.card in m.marks
        if isinstance(a, A.Attack):
            assert m.arrow == (a.attacker, a.target)


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("why", ["may", "replacement"])
def test_choices_have_their_own_titles(lang, why):
    tr = Tr(lang)
    assert tr.has(f"choose.{why}")
    game = SimpleNamespace(pending=ChooseCards(player=0, why=why, options=[1], min=0, max=1, source=None),
                           players=[SimpleNamespace(name="Аня"), SimpleNamespace(name="Борис")], is_over=False)
    prompt = decision_prompt(game, TableUI(viewer=0), tr, None, None)
    assert prompt.text == tr(f"choose.{why}", name="Аня") and "Аня" in prompt.text
    assert prompt.text != tr("choose.generic", name="Аня")


# ---------------------------------------------------------------------- demo mode (its screen: test_ui_scene_demo.py)
def test_demo_bots_are_normal_by_default(app):
    from ui.scenes.demo import DemoScene

    scene = DemoScene(app, rng=random.Random(2))
    assert [c.kind for c in scene.session.controllers] == ["normal", "normal"]
    a, b = (p.deck_id for p in scene.session.record.players)
    assert a and b
    scene.leave()


def test_main_demo_flag_runs_the_demo():
    """``main.py --demo`` opens the demo and plays (a hundred frames, no display needed)."""
    import subprocess
    import sys

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "main.py", "--demo", "--frames", "120", "--windowed"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "first_frame_s=" in out.stdout
    assert "Traceback" not in out.stderr
