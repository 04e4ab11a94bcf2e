"""Classic «Берсерк» in a real X window (Xvfb + xdotool), as tests/test_ui_real_window.py does for
«Герои»: the person chooses classic on the new-game screen with the pointer, starts, drags a creature
to a lit cell and ends the turn with a click; the probe (ui/probe.py) and the game's facts are checked
after each step.

Needs Xvfb and xdotool: skipped without them, failed without them under CI=true.
"""

from __future__ import annotations

from tests.real_window import Client, Person, Screen, centre, need_tools
from tests.test_ui_real_window import choose, press, scene, widget
from ui.i18n import Tr

BUDGET = 90.0
ru = Tr("ru")


def story(c: Client) -> None:
    p = Person(c)
    c.wait(scene("MenuScene"), "the main menu after start", timeout=40)
    c.find_window()
    press(c, p, "buttons.new")
    c.wait(scene("SetupScene"), "the new-game screen after a click on «new game»")
    choose(c, p, "game_menu", ru("classic.game_classic"), "the game drop-down")
    for _ in range(2):  # the mode button cycles: full game by the 2022 rules, by 2007, the first battle's squads
        press(c, p, "open_b")
        c.wait(lambda d: widget(d, "open_b")["visible"], "the mode button after a click")
    c.shot("classic-setup")
    press(c, p, "start_b")
    d = c.wait(lambda d: d.get("scene") == "ClassicTableScene" and "table" in d, "the classic table after «start»")
    g, t = d["game"], d["table"]
    assert g["ruleset"] == "classic" and g["pending"] == "main" and t["mine"] and not t["curtain"], d
    move = next((m for m in t["drags"] if m["type"] == "Move"), None)
    assert move is not None, t["drags"]
    card = move["action"].split()[1].split("=")[1]
    to = [int(x) for x in move["action"].split("to=")[1].split(",")]
    p.drag(move["from"], move["to"])
    d = c.wait(lambda d: (d.get("game") or {}).get("actions") == 1, f"the drag made {move['action']}")
    assert d["game"]["creatures"][card]["at"] == to, d["game"]["creatures"][card]
    c.shot("classic-moved")
    end = next(b for b in d["table"]["buttons"] if b["value"] == ["end"])
    p.click(centre(end["rect"]))
    d = c.wait(lambda d: (d.get("game") or {}).get("active") == 1, "the turn passed after «Конец хода»")
    assert d["table"]["curtain"], "the hot-seat curtain falls between the turns"
    c.shot("classic-curtain")


def test_classic_at_a_real_window(tmp_path):
    need_tools()
    screen = Screen(tmp_path / "xvfb.log")
    try:
        client = Client(screen, tmp_path, BUDGET, ("--seed", "8"))
        try:
            story(client)
        finally:
            client.stop()
    finally:
        screen.stop()


def full_story(c: Client) -> None:
    """A full game from decks: the roll's winner clicks «Ходить первым», lifts the curtain, recruits a card of
    the deal with a click and is ready; the next player's curtain falls."""
    p = Person(c)
    c.wait(scene("MenuScene"), "the main menu after start", timeout=40)
    c.find_window()
    press(c, p, "buttons.new")
    c.wait(scene("SetupScene"), "the new-game screen after a click on «new game»")
    choose(c, p, "game_menu", ru("classic.game_classic"), "the game drop-down")
    press(c, p, "start_b")
    d = c.wait(lambda d: d.get("scene") == "ClassicTableScene" and "table" in d, "the classic table after «start»")
    assert d["game"]["pending"] == "order", d["game"]
    if d["table"]["curtain"]:
        p.click((640, 360))
        d = c.wait(lambda d: not d["table"]["curtain"], "the curtain lifted by a click")
    first = next(b for b in d["table"]["buttons"] if b["value"] == ["csetup", "first"])
    p.click(centre(first["rect"]))
    d = c.wait(lambda d: d["game"]["pending"] in ("recruit", "before_recruit"), "squad building after «Ходить первым»")
    applied = False
    while d["game"]["pending"] == "before_recruit":  # 2007 3.4.1: a lit card of the deal applied, then passes
        if d["table"]["curtain"]:
            p.click((640, 360))
            d = c.wait(lambda d: not d["table"]["curtain"] and d["table"]["deal"], "the deal after the curtain")
        usable = [x for x in d["table"]["deal"] if x["usable"]]
        n = d["game"]["actions"]
        if usable and not applied:
            p.click(usable[0]["point"])
            applied = True
        else:
            p.click(centre(next(b for b in d["table"]["buttons"] if b["value"] == ["action", "pass"])["rect"]))
        d = c.wait(lambda d, n=n: d["game"]["actions"] > n, "a «до набора отряда» step made by a click")
    assert applied, "the deal of seed 8 holds a «до набора отряда» card"
    if d["table"]["curtain"]:
        p.click((640, 360))
        d = c.wait(lambda d: not d["table"]["curtain"] and d["table"]["deal"], "the deal after the curtain")
    card = next(x for x in d["table"]["deal"] if x["split"] is not None)
    p.click(card["point"])
    d = c.wait(lambda d: card["id"] in (d["game"]["squads"] or [[], []])[d["table"]["viewer"]],
               f"card {card['id']} recruited by a click")
    c.shot("classic-recruit")
    ready = next(b for b in d["table"]["buttons"] if b["value"] == ["csetup", "ready"])
    p.click(centre(ready["rect"]))
    d = c.wait(lambda d: d["table"]["curtain"], "the curtain before the other player's deal")
    c.shot("classic-recruit-curtain")


def test_a_full_classic_game_starts_at_a_real_window(tmp_path):
    need_tools()
    screen = Screen(tmp_path / "xvfb.log")
    try:
        client = Client(screen, tmp_path, BUDGET, ("--seed", "8"))
        try:
            full_story(client)
        finally:
            client.stop()
    finally:
        screen.stop()
