"""Two client windows on one X screen play the opening turns of a classic game over the network.

Each window is a real ``main.py`` under Xvfb, driven by xdotool only. Anna's window: «Игра по сети» →
«Создать игру», classic and the first battle's squads, port 0; her client starts the server and shows the
code. Boris's window: «Игра по сети» → «Подключиться по адресу», the address and the code typed, «Найти
игру», «Сесть за стол». Then each in turn drags a creature to a lit cell and ends the turn, and the other
window shows the move. The probes (ui/probe.py) say where to click and what each window shows.

Needs Xvfb and xdotool: skipped without them, failed without them under CI=true.
"""

from __future__ import annotations

from tests.real_window import Client, Person, Screen, centre, need_tools
from tests.test_ui_real_window import choose, press, scene
from ui.i18n import Tr

BUDGET = 150.0
ru = Tr("ru")
NOBODY_NEARBY = {"BERSERK_NET_DISCOVERY": "off"}  # the test announces nothing on the local network


def net(d: dict) -> dict:
    return d.get("net") or {}


def fill(c: Client, p: Person, name: str, text: str) -> None:
    """Click a text box of the network screen, select what it holds and type over it."""
    w = (c.read().get("widgets") or {}).get(name)
    assert w is not None, f"no text box {name}: {sorted(c.read().get('widgets') or {})}"
    p.click(centre(w["rect"]))
    p.key("ctrl+a", "BackSpace")
    p.type(text)
    c.wait(lambda d: (d.get("widgets") or {}).get(name, {}).get("text") == text, f"{name} showing {text!r}")


def host(c: Client) -> tuple[str, int]:
    p = Person(c)
    c.wait(scene("MenuScene"), "Anna's main menu after start", timeout=60)
    c.find_window()
    press(c, p, "buttons.net")
    c.wait(lambda d: net(d).get("page") == "home", "the network screen")
    press(c, p, "host_b")
    c.wait(lambda d: net(d).get("page") == "host", "the host's form")
    choose(c, p, "menus.game", ru("classic.game_classic"), "the game drop-down")
    c.wait(lambda d: "menus.mode" in (d.get("widgets") or {}), "the mode drop-down of classic")
    choose(c, p, "menus.mode", ru("csetup.mode_first"), "the mode drop-down")
    fill(c, p, "texts.port", "0")
    c.shot("host-form")
    press(c, p, "buttons.create")
    d = c.wait(lambda d: net(d).get("code") and net(d).get("port"), "the game's code and the server's port", 60)
    c.shot("host-waiting")
    return net(d)["code"], int(net(d)["port"])


def join(c: Client, address: str, code: str) -> None:
    p = Person(c)
    c.wait(scene("MenuScene"), "Boris's main menu after start", timeout=60)
    c.find_window()
    press(c, p, "buttons.net")
    c.wait(lambda d: net(d).get("page") == "home", "the network screen")
    press(c, p, "join_b")
    c.wait(lambda d: net(d).get("page") == "join", "the join form")
    fill(c, p, "texts.address", address)
    fill(c, p, "texts.code", code)
    press(c, p, "buttons.find")
    c.wait(lambda d: net(d).get("found") == code, "the game found by its code")
    c.shot("join-found")
    press(c, p, "buttons.sit")


def at_table(d: dict) -> bool:
    return d.get("scene") == "NetClassicTable" and "table" in d


def turn(mover: Client, watcher: Client, n: int) -> None:
    """The player who decides drags a creature to a lit cell, then ends the turn; the other window sees both."""
    p = Person(mover)
    d = mover.wait(lambda d: at_table(d) and d["table"]["mine"] and d["table"]["drags"], "a move to make")
    move = next(m for m in d["table"]["drags"] if m["type"] == "Move")
    card = move["action"].split()[1].split("=")[1]
    to = [int(x) for x in move["action"].split("to=")[1].split(",")]
    actions = d["game"]["actions"]
    p.drag(move["from"], move["to"])
    mover.wait(lambda d: d["game"]["actions"] == actions + 1, f"the drag made {move['action']}")
    watcher.wait(lambda d: at_table(d) and d["game"]["creatures"][card]["at"] == to,
                 f"the other window showing {move['action']}", 30)
    mover.shot(f"moved-{n}")
    watcher.shot(f"seen-{n}")
    d = mover.wait(lambda d: any(b["value"] == ["end"] and b["enabled"] for b in d["table"]["buttons"]),
                   "«Конец хода» lit")
    end = next(b for b in d["table"]["buttons"] if b["value"] == ["end"])
    active = d["game"]["active"]
    p.click(centre(end["rect"]))
    for c in (mover, watcher):
        c.wait(lambda d: at_table(d) and d["game"]["active"] == 1 - active, "the turn passed on both windows", 30)
    assert not mover.read()["table"]["curtain"] and not watcher.read()["table"]["curtain"], "no curtain: one each"


def test_two_windows_play_the_opening_turns_of_a_classic_game_over_the_network(tmp_path):
    need_tools()
    screen = Screen(tmp_path / "xvfb.log", size=(2600, 800))
    clients = []
    try:
        (tmp_path / "anna").mkdir()
        (tmp_path / "boris").mkdir()
        anna = Client(screen, tmp_path / "anna", BUDGET, ("--seed", "8"),
                      extra={"SDL_VIDEO_WINDOW_POS": "0,0", **NOBODY_NEARBY})
        clients.append(anna)
        boris = Client(screen, tmp_path / "boris", BUDGET, (), extra={"SDL_VIDEO_WINDOW_POS": "1300,0", **NOBODY_NEARBY})
        clients.append(boris)
        code, port = host(anna)
        join(boris, f"127.0.0.1:{port}", code)
        for c in (anna, boris):
            c.wait(at_table, "the classic table of the network game", 30)
        first = anna if anna.read()["table"]["mine"] else boris
        second = boris if first is anna else anna
        turn(first, second, 1)
        turn(second, first, 2)
        a, b = anna.read()["game"], boris.read()["game"]
        assert a["turn"] == b["turn"] and a["creatures"] == b["creatures"], "both windows show the same board"
    finally:
        for c in clients:
            c.stop()
        screen.stop()
