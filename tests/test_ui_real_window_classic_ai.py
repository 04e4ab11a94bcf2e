"""Classic «Берсерк» against the computer in a real X window (Xvfb + xdotool): the person seats the
computer (Easy) on the new-game screen with the pointer (its settings at the fastest animations the settings
screen offers, so the computer's paced moves take half the time), starts a game of ready squads, makes a move by a drag
and ends the turn; the computer thinks in its own process (the badge shows), points at its moves, makes them
and hands the turn back, with no curtain ever. The probe (ui/probe.py) and the game's facts are checked after
each step.

Needs Xvfb and xdotool: skipped without them, failed without them under CI=true.
"""

from __future__ import annotations

import time

from engine.ai import level_label
from saves.paths import HOME_ENV
from tests.real_window import Client, Person, Screen, centre, need_tools
from tests.test_ui_real_window import choose, press, scene, widget
from ui.i18n import Tr
from ui.settings import ANIM_SPEEDS, Settings

BUDGET = 120.0
PACE = max(ANIM_SPEEDS)  # the animation speed the person chose: the fastest the settings screen offers
ru = Tr("ru")


def my_turn(d: dict) -> bool:
    t, g = d.get("table"), d.get("game")
    return bool(t and g) and g["ruleset"] == "classic" and (g["over"] or (t["mine"] and g["pending"] == "main"))


def asked(d: dict) -> bool:
    """The person is asked something on the prompt strip (an instant's window, a defender, lowering)."""
    t, g = d.get("table"), d.get("game")
    return bool(t and g) and not g["over"] and t["mine"] and g["pending"] not in ("main", None)


def story(c: Client) -> None:
    p = Person(c)
    c.wait(scene("MenuScene"), "the main menu after start", timeout=40)
    c.find_window()
    press(c, p, "buttons.new")
    c.wait(scene("SetupScene"), "the new-game screen after a click on «new game»")
    choose(c, p, "game_menu", ru("classic.game_classic"), "the game drop-down")
    easy = ru("setup.computer_level", level=level_label("easy", "ru").lower())
    choose(c, p, "kind_menus[1]", easy, "the «who plays» drop-down of player 2")
    for _ in range(2):  # the mode button cycles: full game by the 2022 rules, by 2007, the ready squads
        press(c, p, "open_b")
        c.wait(lambda d: widget(d, "open_b")["visible"], "the mode button after a click")
    c.shot("classic-vs-computer-setup")
    press(c, p, "start_b")
    d = c.wait(lambda d: d.get("scene") == "ClassicTableScene" and "table" in d, "the classic table after «start»")
    assert [s["human"] for s in d["game"]["players"]] == [True, False], d["game"]["players"]
    thinking = moved_shown = False
    handed_back = answers = 0
    for _ in range(3):  # three of the person's turns, the computer's in between
        d = c.wait(lambda d: my_turn(d) or bool(d["table"]["thinking"] or d["table"]["bot_move"]) or asked(d),
                   "the person's turn, a question to them, or the computer at work", timeout=40)
        moved_shown_this_turn = False
        while not my_turn(d):  # the computer's turn: its badge and its pointed-at moves, never a curtain
            if time.monotonic() > c.deadline:  # a click that changes nothing must fail the test, not hang it
                c.fail(f"the computer's turn never ended within the test's budget of {BUDGET:.0f} s")
            t = d["table"]
            assert not t["curtain"] and t["viewer"] == 0, t
            thinking = thinking or bool(t["thinking"])
            moved_shown = moved_shown or bool(t["bot_move"])
            if t["bot_move"] and not moved_shown_this_turn:  # one picture a turn: a shot takes a while
                c.shot("classic-computer-move")
                moved_shown_this_turn = True
            c.mark()
            if t["mine"]:  # the person's answer in the computer's turn (a defender, lowering, an instant):
                answers += 1  # asked on the prompt strip, answered with its first button
                p.click(centre(t["buttons"][0]["rect"]))
            d = c.wait(lambda d: True, "the next picture of the table", timeout=5)
        if d["game"]["over"]:
            break
        t = d["table"]
        assert not t["curtain"] and t["viewer"] == 0, t
        handed_back += d["game"]["turn"] > 1
        c.mark()
        move = next((m for m in t["drags"] if m["type"] in ("Move", "Strike")), None)
        if move is not None:
            before = d["game"]["actions"]
            p.drag(move["from"], move["to"])
            d = c.wait(lambda d, n=before: (d.get("game") or {}).get("actions", 0) > n, f"the drag made {move['action']}")
        if d["game"]["pending"] == "main" and d["table"]["mine"]:
            c.mark()
            end = next(b for b in d["table"]["buttons"] if b["value"] == ["end"])
            p.click(centre(end["rect"]))
            # the turn goes to the computer, or first a question to the person (the first battle's squads
            # have instants: an answer at the end of the turn)
            c.wait(lambda d: not d["table"]["mine"] or d["game"]["over"] or asked(d), "the turn handed to the computer")
    assert handed_back >= 1 and (thinking or moved_shown), (handed_back, thinking, moved_shown)
    assert moved_shown, "a computer's move was pointed at before it was made"


def test_classic_against_the_computer_at_a_real_window(tmp_path, monkeypatch):
    need_tools()
    screen = Screen(tmp_path / "xvfb.log")
    try:
        # a player who set the animations fast: the computer's pauses and pointing are as long as the pace says;
        # the settings are stored where the client (whose home is tmp_path/home) reads them
        monkeypatch.setenv(HOME_ENV, str(tmp_path / "home"))
        assert Settings(anim_speed=PACE).save() is None
        client = Client(screen, tmp_path, BUDGET, ("--seed", "8"))
        try:
            story(client)
        finally:
            client.stop()
    finally:
        screen.stop()
