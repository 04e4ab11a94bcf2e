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
        out["game"] = game_facts(table.session)
        if table is scene:
            out["table"] = table_facts(table)
    if hasattr(scene, "files") and hasattr(scene, "list_rect"):
        out["saves"] = saves_rows(scene)
    return out


def _rect(r) -> list[int]:
    return [int(r.x), int(r.y), int(r.w), int(r.h)]


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
        info: dict[str, Any] = {"type": type(el).__name__, "rect": _rect(el.rect), "visible": bool(el.visible),
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
            info["options"].append({"text": item["text"], "rect": _rect(b.rect) if shown else None})
        info["list_rect"] = _rect(listing.rect)
    return info


# ---------------------------------------------------------------------- the table
def _key(key) -> list | None:
    return None if key is None else [key[0], key[1]]


def _buttons(buttons) -> list[dict[str, Any]]:
    return [{"value": [str(v) if not isinstance(v, int | str | None) else v for v in b.value], "label": b.label,
             "rect": _rect(b.rect), "enabled": b.enabled} for b in buttons]


def _point(scene, key) -> list[int] | None:
    """A point where a press picks ``key`` now (cards overlap in a fan; the first free point is taken)."""
    from ui.heroes.table.intents import TABLE

    view, game, ui = scene.view, scene.game, scene.ui
    if key == TABLE:  # a free spot of one's own row, the middle of its empty part first
        side = view.L.sides["bottom"]
        for area in (side.play, side.band):
            for y in (area.centery, area.y + 4, area.bottom - 4):
                for x in range(area.right - area.w // 4, area.x, -8):
                    if view.hit((x, y), game, ui) == TABLE:
                        return [x, y]
        return None
    rect = view.card_rect(key[1]) if key[0] == "card" else None
    if rect is None:
        return None
    for fy in (0.5, 0.3, 0.15, 0.8):
        for fx in (0.5, 0.2, 0.8, 0.1, 0.9):
            p = (rect.x + int(rect.w * fx), rect.y + int(rect.h * fy))
            if view.hit(p, game, ui) == key:
                return [p[0], p[1]]
    return None


def table_facts(scene) -> dict[str, Any]:
    from engine.heroes import actions as A
    from ui.heroes.table import intents

    ui, view, game = scene.ui, scene.view, scene.game
    cards = []
    for cid, sp in sorted(view.anim.sprites.items()):
        r = view.card_rect(cid)
        if r is None:
            continue
        c = game.cards.get(cid)
        cards.append({"id": cid, "zone": sp.place.zone, "owner": c.owner if c else None, "rect": _rect(r),
                      "point": _point(scene, ("card", cid))})
    moves = []
    if scene._mine() and getattr(game.pending, "kind", None) == "main":
        for a in game.legal_actions():
            if isinstance(a, A.Play | A.Attack):
                src = ("card", a.attacker if isinstance(a, A.Attack) else a.card)
                moves.append({"action": str(a), "type": type(a).__name__, "source": _key(src),
                              "card_type": game.cdef(src[1]).type,
                              "drops": sorted(_key(k) for k in intents.drop_keys(game, a))})
    return {
        "viewer": ui.viewer, "mine": scene._mine(), "curtain": ui.curtain is not None, "prompt": ui.prompt,
        "toast": ui.toast if ui.toast_left > 0 else "", "menu_open": ui.menu_open,
        "narrowing": scene.narrow is not None, "dragging": _key(ui.drag), "selected": _key(ui.selected),
        "lit": sorted(_key(k) for k in ui.lit), "busy": bool(view.anim.busy), "mouse": list(ui.mouse),
        "under_mouse": _key(view.hit(ui.mouse, game, ui)), "thinking": ui.thinking,
        "buttons": _buttons(ui.buttons), "panel_buttons": _buttons(ui.panel_buttons),
        "menu_buttons": _buttons(ui.menu_buttons) if ui.menu_open else [],
        "cards": cards, "moves": moves, "table_point": _point(scene, intents.TABLE), "picker": picker(scene),
    }


def picker(scene) -> dict[str, Any] | None:
    """The overlay of cards to choose from (or to look through): its cards where drawn, its buttons."""
    from ui.heroes.table.overlays import picker_geometry

    pk = scene.ui.picker
    if pk is None:
        return None
    _, rects, _ = picker_geometry(scene.view.L, pk)
    return {"mode": pk.mode, "min": pk.min, "max": pk.max, "selected": list(pk.selected),
            "cards": [{"id": cid, "rect": _rect(r)} for cid, r in rects], "buttons": _buttons(scene.ui.picker_buttons)}


def game_facts(session) -> dict[str, Any]:
    game = session.game
    players = []
    for p, pl in enumerate(game.players):
        ctrl = session.controllers[p]
        players.append({"name": pl.name, "human": ctrl.is_human, "kind": getattr(ctrl, "kind", ""),
                        "hero": pl.hero, "hand": list(pl.hand), "play": list(pl.play), "grave": len(pl.grave),
                        "deck": len(pl.deck), "lives": game.lives_left(pl.hero)})
    table_cards = [cid for pl in game.players for cid in (pl.hero, *pl.play)]
    return {
        "turn": game.turn, "phase": game.phase, "active": game.active, "decider": game.decider,
        "pending": getattr(game.pending, "kind", None), "over": game.is_over, "players": players,
        "cards": {str(cid): {"zone": game.cards[cid].zone, "tapped": game.cards[cid].tapped,
                             "wounds": game.cards[cid].wounds} for cid in table_cards},
        "combat": bool(getattr(game, "combat", None)), "events": [_event(ev) for _, ev in session.log[-60:]],
        "log_size": len(session.log), "actions": len(session.history),
    }


def _event(ev: Event) -> dict[str, Any]:
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
