"""A test's eyes on the running client: with ``BERSERK_TABLE_PROBE=path`` set, a small JSON of the screen.

The real-window test (tests/test_ui_real_window.py) moves the X pointer and presses keys with xdotool;
to know where to click it reads this file: the scene, the rects of its named widgets and of the
drop-down options, the table's cards with a point that hits each one, the legal drags, and a few
facts of the game. The probe only reads (scene attributes, the view's hit test, the engine's legal
actions); it changes nothing and takes no input. Without the variable it does nothing.
"""

from __future__ import annotations

import json
import os
import traceback
from typing import Any

from engine.core.events import Event
from ui.rulesets import client_of

ENV = "BERSERK_TABLE_PROBE"
EVERY = 6  # frames between two writes (about ten a second at 60 frames a second)

_writes = 0


def tick(app) -> None:
    """Called by the app's loop every frame: every ``EVERY`` frames, write what the screen shows."""
    global _writes
    path = os.environ.get(ENV)
    if not path or app.frames % EVERY:
        return
    _writes += 1
    try:
        data = snapshot(app)
    except Exception:  # the probe must never take the game down; the test shows the reason
        data = {"error": traceback.format_exc()}
    data["seq"] = _writes
    data["frame"] = app.frames
    tmp = f"{path}.tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=False)
        os.replace(tmp, path)  # the reader never sees half a file
    except OSError:
        pass


# ---------------------------------------------------------------------- what is on the screen
def snapshot(app) -> dict[str, Any]:
    scene = app.scene
    out: dict[str, Any] = {"scene": type(scene).__name__ if scene is not None else None,
                           "lang": app.tr.lang, "size": list(app.size)}
    if scene is None:
        return out
    if getattr(scene, "manager", None) is not None:
        out["widgets"] = widgets(scene)
    table = scene if hasattr(scene, "session") and hasattr(scene, "view") else getattr(scene, "table", None)
    if table is not None and getattr(table, "view", None) is not None:
        client = client_of(table.session.game)  # each game says what its table and its game show
        out["game"] = client.probe_game(table.session)
        if table is scene:
            out["table"] = client.probe_table(table)
    lesson = getattr(scene, "lesson_probe", None)
    if callable(lesson):  # a lesson's step, its panel's buttons and what it lights (ui/scenes/lesson.py)
        out["lesson"] = lesson()
    net = getattr(scene, "net_facts", None)  # the network screen: its page, the game's code, the port
    if net is not None:
        out["net"] = net()
    arming = getattr(scene, "arming", None)
    if arming is not None:  # a button just appeared under the pointer: a click now would not take (ui/widgets/arming.py)
        out["arming"] = arming.settling()
    if hasattr(scene, "files") and hasattr(scene, "list_rect"):
        out["saves"] = saves_rows(scene)
    drawn = getattr(scene, "drawn", None)
    if callable(drawn):  # what the screen draws itself and takes clicks on (ui/widgets/arming.py's Drawn)
        out["drawn"] = [{"value": [str(v) for v in d.value] if isinstance(d.value, tuple) else str(d.value),
                         "rect": rect(d.rect)} for d in drawn()]
    return out


def _elements(scene):
    """(name, element) for every pygame_gui element the scene keeps in an attribute, a list or a dict."""
    from pygame_gui.core import UIElement

    for attr, value in vars(scene).items():
        if attr == "manager":
            continue
        if isinstance(value, UIElement):
            yield attr, value
        elif isinstance(value, list | tuple):
            for i, v in enumerate(value):
                if isinstance(v, UIElement):
                    yield f"{attr}[{i}]", v
        elif isinstance(value, dict):
            for k, v in value.items():
                if isinstance(k, UIElement) and isinstance(v, str):
                    yield f"{attr}.{v}", k  # the menu's {button: role}


def widgets(scene) -> dict[str, dict[str, Any]]:
    import pygame_gui

    out: dict[str, dict[str, Any]] = {}
    for name, el in _elements(scene):
        info: dict[str, Any] = {"type": type(el).__name__, "rect": rect(el.rect), "visible": bool(el.visible),
                                "alive": el.alive(), "enabled": bool(getattr(el, "is_enabled", True)),
                                "focused": bool(getattr(el, "is_focused", False))}
        if isinstance(el, pygame_gui.elements.UIDropDownMenu):
            info.update(drop_down(el))
        elif isinstance(el, pygame_gui.elements.UITextEntryLine):
            info["text"] = el.get_text()
        elif hasattr(el, "text"):
            info["text"] = el.text
        out[name] = info
    return out


def drop_down(menu) -> dict[str, Any]:
    """The shown choice, whether the list is open and, when it is, each option with its rect on screen."""
    selected = menu.selected_option
    state = menu.current_state
    expanded = state is menu.menu_states.get("expanded")
    info: dict[str, Any] = {"text": selected[0] if isinstance(selected, tuple) else selected,
                            "expanded": expanded, "options": []}
    listing = getattr(state, "options_selection_list", None) if expanded else None
    if listing is not None:
        for item in listing.item_list:
            b = item.get("button_element")
            shown = b is not None and bool(b.visible) and listing.rect.contains(b.rect)
            info["options"].append({"text": item["text"], "rect": rect(b.rect) if shown else None})
        info["list_rect"] = rect(listing.rect)
    return info


# ---------------------------------------------------------------------- shared helpers
def rect(r) -> list[int]:
    return [int(r.x), int(r.y), int(r.w), int(r.h)]


def key(k) -> list | None:
    return None if k is None else [k[0], k[1]]


def buttons(items) -> list[dict[str, Any]]:
    return [{"value": [str(v) if not isinstance(v, int | str | None) else v for v in b.value], "label": b.label,
             "rect": rect(b.rect), "enabled": b.enabled} for b in items]


def event_numbers(ev: Event) -> dict[str, Any]:
    """An event's kind (as "t") and the numbers in it (cards, players, amounts)."""
    return {k: v for k, v in ev.to_dict().items() if k == "t" or (isinstance(v, int) and not isinstance(v, bool))}


# ---------------------------------------------------------------------- the saves screen
def saves_rows(scene) -> dict[str, Any]:
    lr = scene.list_rect()
    rows = []
    for i, info in enumerate(scene.files):
        n = i - scene.scroll
        shown = 0 <= n < scene.visible_rows()
        rows.append({"name": info.name, "ok": bool(info.ok), "path": str(info.path),
                     "rect": [lr.x, lr.y + n * scene.row_h, lr.w, scene.row_h] if shown else None})
    return {"rows": rows, "selected": scene.sel, "mode": scene.mode, "error": scene.error}
