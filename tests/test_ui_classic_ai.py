"""A person plays classic «Берсерк» against the computer at the table, by the mouse alone.

The new-game screen seats the computer (Easy, Normal) for a full game from decks and for the ready squads;
the computer builds and lays out its squad behind the scenes (the person reads a summary, never its deal or
its face-down cards), its moves are shown at the table's pace before they are made, and its answers,
defenders and lowering choices in the person's turn are made without a click. Only raw mouse and keyboard
events go in (ui.testing.Input through ui.classic.testing.Driver); the engine's state is checked after each
of the person's gestures.
"""

from __future__ import annotations

import random
import time

import pytest

from engine.ai import level_label
from engine.classic import actions as A
from tests.ui_support import make_app, show
from ui.botpace import BOT_SHOW
from ui.classic import content
from ui.classic.scene import ClassicTableScene
from ui.classic.testing import Driver
from ui.controllers import BotController
from ui.scenes.end import EndScene
from ui.scenes.setup import SetupScene
from ui.scripted import advance, eager_action
from ui.session import GameSession
from ui.settings import Settings
from ui.testing import Input

SETUP_KINDS = {"order", "recruit", "place", "hide", "seat"}
ANSWERS = {"respond", "defender", "lower"}


def new_game(app, person, seat_kind: str, *, squads: bool = False, seat: int = 1) -> ClassicTableScene:
    """The new-game screen by the mouse: classic, the computer at ``seat_kind`` in ``seat``, start."""
    setup = SetupScene(app)
    show(app, setup, person)
    person.choose(setup.game_menu, app.tr("classic.game_classic"))
    setup = app.scene
    while squads and setup.classic_mode != "first":  # the mode button cycles: 2022, 2007, the ready squads
        person.click(setup.open_b.rect.center)
        setup = app.scene
    menu = setup.kind_menus[seat]
    assert menu.is_enabled, "classic seats the computer too"
    person.choose(menu, app.tr("setup.computer_level", level=level_label(seat_kind, app.tr.lang).lower()))
    assert setup.kinds[seat] == seat_kind
    person.click(setup.start_b.rect.center)
    table = app.scene
    assert isinstance(table, ClassicTableScene)
    table.autosave = False
    ctrl = table.session.controllers[seat]
    assert isinstance(ctrl, BotController) and ctrl.kind == seat_kind and table.session.humans == [1 - seat]
    assert table.session.record.players[seat].kind == "computer"
    assert table.session.record.players[seat].level == seat_kind
    return table


def play_until(person: Input, table, done, seconds: float = 30.0) -> None:
    """Frames (0.05 s of the table's time each) until ``done()``, giving the computer's worker time to think."""
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "the computer never got there"
        person.frame(1, 0.05)
        if any(c.thinking for c in table.session.controllers):
            time.sleep(0.002)


def test_a_full_classic_game_against_the_computer_by_the_mouse(home):
    app = make_app(home / "saves", seed=5)  # a deal of the ready decks where the computer answers in the person's turn
    person = Input(app, draw_every=0)
    table = new_game(app, person, "easy")
    s = table.session
    bot = s.controllers[1]
    driver = Driver(table, random.Random(3), draw_every=25)
    rng = random.Random(7)
    seen: set[str] = set()
    answered_for_me: set[str] = set()  # the computer's decisions in the person's turn, made with no click
    asked: set[str] = set()  # the person's own answers, each prompted with buttons or lit cards
    exact = 0
    started = time.monotonic()
    for _ in range(30000):
        g = s.game
        if g.is_over:
            break
        # against the computer: no curtain, always the person's side of the board
        assert table.curtain_for is None and table.look.viewer == 0
        # the computer's deal is never on screen: the recruit screen shows only the person's own
        assert table.setup.rlook.player == 0 and not ({dc.iid for dc in table.setup.rlook.deal}
                                                       & set(g.setup.deals[1] if g.setup else ()))
        if s.decider == 0:
            kind = g.pending.kind
            if kind in ANSWERS:
                asked.add(kind)
                assert table._mine() and (table.look.buttons or table.look.defenders), "the person is asked"
            action = eager_action(g, rng)
            expected = g.clone()
            expected.apply(action)
            n = len(s.history)
            driver.perform(action)
            assert len(s.history) > n, f"{action} was not made: {table.look.toast!r}"
            assert s.history[n].action == action and s.history[n].player == 0
            if len(s.history) == n + 1:  # nothing of the computer's came after it yet: the whole state is checked
                assert s.game.state_hash() == expected.state_hash()
                exact += 1
            seen.add(type(action).__name__)
        else:
            n = len(s.history)
            driver.input.frame(1, 0.05)
            for e in s.history[n:]:
                assert e.player == 1
                if g.active == 0 and type(e.action).__name__ in ("Pass", "Defend", "NoDefense", "Lower", "Keep", "Use"):
                    answered_for_me.add(type(e.action).__name__)
            if bot.thinking:
                time.sleep(0.001)
        assert time.monotonic() - started < 90, "the game takes too long"
    g = s.game
    assert g.is_over, "unfinished"
    assert bot.errors == []
    assert {"Recruit", "Ready", "Place", "Move", "Strike", "EndTurn"} <= seen, seen
    assert exact > 20
    assert answered_for_me, "the computer answered in the person's turn"
    assert asked, "the person was asked to answer in the computer's turn"
    summaries = [ev.text for _, ev in s.log if ev.kind == "bot_summary"]
    assert any("набрал отряд" in t for t in summaries) and any("рубашкой вверх" in t for t in summaries), summaries
    spent = sum(e.action.gold + e.action.silver for e in s.history if e.player == 1 and isinstance(e.action, A.Recruit)) \
        + sum(1 for e in s.history if e.player == 1 and isinstance(e.action, A.Redeal))
    assert any(f"потратил на отряд {spent} " in t for t in summaries), (spent, summaries)
    driver.input.frame(80, 0.05)
    assert isinstance(app.scene, EndScene)


def test_the_computers_squad_is_built_behind_the_scenes(home):
    """The person builds a squad (going first when the die gives them the choice); the computer's recruiting
    and placement leave only a summary, and its squad lies face down on the person's screen."""
    app = make_app(home / "saves", seed=5)
    person = Input(app, draw_every=0)
    table = new_game(app, person, "easy")
    s = table.session
    d = Driver(table)
    g = s.game
    if g.pending.player == 0:
        d.perform(A.GoFirst())
    while True:  # 2007 3.4.1: the person passes a «до набора отряда» step if a deal brings one
        play_until(person, table, lambda: s.game.pending.kind in ("recruit", "before_recruit") and s.decider == 0)
        if s.game.pending.kind == "recruit":
            break
        d.press(("action", "pass"))
    # the person recruits (the first affordable card of the deal) and is ready
    first = next(dc for dc in table.setup.rlook.deal if dc.split is not None)
    d.input.click(d.deal_point(first.iid))
    assert first.iid in g.setup.squads[0]
    d.press(("csetup", "ready"))
    play_until(person, table, lambda: s.decider == 0 and g.pending.kind == "place")
    mine = [e for e in s.history if e.player == 1]
    assert any(isinstance(e.action, A.Recruit) for e in mine), "the computer recruited"
    texts = [ev.text for _, ev in s.log if ev.kind == "bot_summary"]
    recruited = next(t for t in texts if "набрал" in t)
    n = len(g.setup.squads[1])
    assert f"{n} карт" in recruited, recruited
    # what it spent would say what it took: not told while the squads are being built and laid out
    assert not any("кристалл" in t for t in texts), texts
    assert table.look.prompt == texts[-1] and not table.look.toast, "the summary is shown to the person"
    # the person lays out the squad; whatever the computer laid out already lies face down on their screen
    person.wait(0.2)
    assert table._kind() == "place" and table._mine() and table.look.viewer == 0
    assert table.look.status[0] == "До первого хода", "no turn has begun while the squads are laid out"
    theirs = [cid for cid, c in g.creatures.items() if c.owner == 1]
    assert all(cid in g.hidden for cid in theirs)
    assert bool(theirs) == any("рубашкой вверх" in t for t in texts)


def test_the_computers_moves_are_shown_at_the_tables_pace(home):
    """Ready squads against Normal: in its turn the thinking badge, then its move pointed at for the table's
    beat before it is made; at double animation speed the beat is half as long."""
    shown_for = {}
    for speed in (1.0, 2.0):
        app = make_app(home / f"saves{speed}", seed=3, settings=Settings(anim_speed=speed))
        person = Input(app, draw_every=0)
        table = new_game(app, person, "normal", squads=True)
        s = table.session
        assert s.game.pending.kind == "main"
        if s.decider == 0:  # the person's turn first: they end it with the button
            Driver(table).press(("end",))
        start = len(s.history)
        person.dt = 0.02
        thinking = False
        shown = 0.0
        for _ in range(3000):
            person.frame(1)
            thinking = thinking or table.bots.thinking == app.tr("narrate.thinking")
            if table.bots.shown is not None:
                shown += 0.02
                assert table.look.prompt == table.bots.shown.text, "the move's caption is in the strip"
            made = [e for e in s.history[start:] if e.player == 1 and not isinstance(e.action, A.Pass)]
            if made:  # (a pass goes at once: nothing to watch)
                break
            time.sleep(0.002)
        assert made, "the computer moved"
        assert thinking, "the thinking badge showed"
        shown_for[speed] = shown
        s.controllers[1].cancel()
    assert shown_for[1.0] == pytest.approx(BOT_SHOW, abs=0.05)
    assert shown_for[2.0] == pytest.approx(BOT_SHOW / 2, abs=0.05)


def test_a_loaded_classic_game_gets_its_computer_back():
    s = content.seat(content.start_full_session(content.decks("test")[:2], ("Аня", "Компьютер"), 4), ("human", "normal"), 4)
    advance(s, random.Random(4), lambda g: g.turn >= 2)
    loaded = GameSession.from_record(s.record, s.game)
    c = loaded.controllers[1]
    assert isinstance(c, BotController) and c.kind == "normal" and loaded.controllers[0].is_human
    assert type(c.bot).__module__.startswith("engine.classic.ai"), "the classic bot, not «Герои»'s"


def scripted_points(seeds, steps: int):
    """Each decision point of scripted full games from the test decks (the game, then the scripted move is made)."""
    for seed in seeds:
        s = content.start_full_session(content.decks("test")[:2], ("Аня", "Компьютер"), seed)
        rng = random.Random(seed)
        for _ in range(steps):
            g = s.game
            if g.is_over:
                break
            yield g
            s.apply(eager_action(g, rng))


def secret_names(g, hidden, tr) -> set[str]:
    """The names of the ``hidden`` cards that no open card shares (naming one would give it away)."""
    shown_names = {tr.name(g.cards[c.card].name) for cid, c in g.creatures.items() if cid not in g.hidden}
    return {tr.name(g.cards[g.creatures[cid].card].name) for cid in hidden} - shown_names


def test_the_computers_moves_in_words_never_name_a_face_down_card():
    """Every legal action at many points of scripted games has a caption; a face-down card of the mover (a
    defender kept face down, say) is never named to the person watching (2022 «Расстановка»: face down)."""
    from ui.classic.narrate import describe_move
    from ui.i18n import Tr

    captions = secret_ones = 0
    for lang in ("ru", "en"):
        tr = Tr(lang)
        for g in scripted_points(range(1, 9), 400):
            d = g.decider
            watcher = 1 - d
            mine_hidden = {cid for cid in g.hidden if g.creatures[cid].owner == d}
            secret = secret_names(g, mine_hidden, tr)
            for a in g.legal_actions()[:40]:
                m = describe_move(g, a, d, tr, watcher)
                assert m.text and "{" not in m.text, (a, m.text)
                assert not any(f"«{n}»" in m.text for n in secret), (a, m.text)
                captions += 1
                named = {getattr(a, f, None) for f in ("card", "attacker", "target", "host")}
                secret_ones += bool(named & mine_hidden and secret)
    assert captions > 1000 and secret_ones >= 2, (captions, secret_ones)


def test_each_answer_in_the_computers_turn_is_taken_at_the_first_click(home):
    """The setting of the real-window test (ready squads, seed 8, Easy, animations at 1x, the computer thinking
    in its own process): each time the person is asked in the computer's turn (a defender, lowering, an instant's
    window), one click on the prompt's first button makes that answer, whatever the computer's pacing and the
    last move's animations are doing; the first battle's squads ask the person often. In the person's turn they
    make the first legal move or strike by a drag and end the turn with the button."""
    app = make_app(home / "saves", seed=8, settings=Settings(anim_speed=1.0))
    person = Input(app, dt=1 / 60, draw_every=0)
    table = new_game(app, person, "easy", squads=True)
    s = table.session
    driver = Driver(table, random.Random(8))
    driver.input.dt = 1 / 60
    first = {"respond": A.Pass, "defender": A.NoDefense, "lower": A.Lower}
    answered = 0
    moved_turn = -1
    started = time.monotonic()
    while s.game.turn < 6 and not s.game.is_over:
        assert time.monotonic() - started < 60, "the game took too long"
        g = s.game
        if s.decider != 0:
            person.frame(1)
            if any(c.thinking for c in s.controllers):
                time.sleep(0.002)
            continue
        kind = g.pending.kind
        if kind == "main":
            move = next((a for a in g.legal_actions() if isinstance(a, A.Move | A.Strike)), None)
            if move is not None and moved_turn != g.turn:
                moved_turn = g.turn
                driver.perform(move, way="drag")
            else:
                driver.press(("end",))
            continue
        assert kind in first, kind  # asked (in the computer's turn, or at the end of one's own)
        theirs = g.active == 1
        n = len(s.history)
        # the question's button may come up where the pointer rests (the last answer's): it takes clicks once
        # the person has had a moment to see it (ui/widgets/arming.py), and then the first click counts
        person.wait_until(lambda: table.armed(table.look.buttons[0]), 2.0, step=1 / 60, what="the question's button")
        person.click(table.look.buttons[0].rect.center)
        assert len(s.history) > n and s.history[n].player == 0, \
            f"a click on {table.look.buttons[0].label!r} at a {kind!r} question was not taken"
        assert isinstance(s.history[n].action, first[kind]), s.history[n].action
        answered += theirs
    assert s.game.turn >= 6 and answered >= 10, (s.game.turn, answered)
    assert s.controllers[1].errors == []


def test_where_every_face_down_card_is_a_back_the_computers_words_name_none():
    """The demo shows face-down cards as their backs to everyone (ui/classic/demo.py): its captions, made for
    the deciding computer's board, must not name that computer's own face-down cards either."""
    from types import SimpleNamespace

    from ui.classic.botplay import ClassicBotTurn
    from ui.classic.view import Look
    from ui.i18n import Tr

    tr = Tr("ru")
    pacer = ClassicBotTurn()
    named = 0
    for g in scripted_points(range(1, 7), 300):
        d = g.decider
        secret = secret_names(g, g.hidden, tr)
        scene = SimpleNamespace(game=g, tr=tr, look=Look(viewer=d, all_backs=True))
        for a in g.legal_actions()[:40]:
            text = pacer.describe(scene, a, d).text
            assert not any(f"«{n}»" in text for n in secret), (a, text)
            mine = {getattr(a, f, None) for f in ("card", "attacker", "target", "host")} & set(g.hidden)
            named += bool(mine and secret)
    assert named >= 2, "the games reached moves of face-down cards"
