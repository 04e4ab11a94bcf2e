"""Mouse and keyboard on the table: press, drag, drop, click, and the keyboard way to do each."""

from __future__ import annotations

import pygame

from ui.heroes.table import answers, zoom
from ui.heroes.table.intents import Key
from ui.heroes.table.overlays import picker_geometry

DRAG_START = 6


def draggable(scene, key: Key | None) -> bool:
    """Sources the viewer may pick up now (legal or not: a refused drop explains why)."""
    if key is None or not scene._mine():
        return False
    g, ui = scene.game, scene.ui
    kind = getattr(g.pending, "kind", None)
    if key[0] == "coins":
        return kind == "main" and key[1] == ui.viewer
    if key[0] != "card":
        return False
    c = g.cards.get(key[1])
    if c is None:
        return False
    if kind == "defender":
        return key[1] in getattr(g.pending, "options", [])
    if kind != "main":
        return False
    if c.zone == "hand":
        return c.owner == ui.viewer
    return c.zone == "play" and c.controller == ui.viewer


def button_at(scene, pos):
    ui = scene.ui
    if ui.menu_open:
        groups = [ui.menu_buttons]
    elif ui.picker is not None:
        groups = [ui.picker_buttons, ui.buttons]
    else:
        groups = [ui.buttons, ui.panel_buttons]
    for group in groups:
        for b in group:
            if b.hit(pos):
                return b
    return None


def picker_card_at(scene, pos) -> int | None:
    picker = scene.ui.picker
    if picker is None:
        return None
    _, rects, _ = picker_geometry(scene.view.L, picker)
    for cid, r in rects:
        if r.collidepoint(pos):
            return cid
    return None


def picker_click(scene, cid: int) -> None:
    picker = scene.ui.picker
    if picker is None:
        return
    if picker.mode == "target":
        scene.answer(cid)
        return
    if picker.mode == "browse":
        scene.zoom_pinned = True
        scene._set_zoom(cid)
        return
    if cid in picker.selected:
        picker.selected.remove(cid)
    elif len(picker.selected) < picker.max:
        picker.selected.append(cid)
    elif picker.max == 1:
        picker.selected = [cid]
    scene.refresh()


def click(scene, key: Key | None) -> None:
    """A click without a drag: select, pick a target, toggle, or act on a decision."""
    ui, g = scene.ui, scene.game
    if key is not None and key[0] == "grave":
        scene.browse(key[1])
        return
    if scene.narrow is not None:
        q = scene.narrow.question()
        if q is not None and q.what == "target" and key in ui.lit:
            scene.answer(key[1])
        elif key is not None:
            scene.toast(scene.tr("drop.pick_lit"))
        return
    if not scene._mine():
        return
    pend = g.pending
    kind = getattr(pend, "kind", None)
    if kind in ("mulligan", "reveal"):
        if key in ui.lit:
            cid = key[1]
            if cid in ui.toggled:
                ui.toggled.remove(cid)
            else:
                ui.toggled.append(cid)
            scene.refresh()
        return
    if kind == "defender":
        if key in ui.lit:
            from engine.heroes import actions as A

            scene.do(A.Defend(card=key[1]))
        return
    if kind == "triggers":
        if key is not None and key[0] == "card":
            for b in ui.buttons:
                if b.value[0] == "declare" and any(t.tid == b.value[1] and t.source == key[1] for t in g.waiting):
                    scene.on_value(b.value)
                    return
        return
    if kind != "main":
        return
    if ui.selected is not None:
        if key in ui.lit:
            scene.drop(ui.selected, key)
            return
        if key == ui.selected or not draggable(scene, key):
            scene._clear_selection()
            scene.refresh()
            return
    if draggable(scene, key):
        ui.selected = key
        scene.refresh()
        return
    scene._clear_selection()
    scene.refresh()


def focusables(scene) -> list[Key]:
    ui = scene.ui
    if ui.menu_open:
        return [("menu", b.value) for b in ui.menu_buttons if b.enabled]
    if ui.picker is not None:
        _, rects, _ = picker_geometry(scene.view.L, ui.picker)
        return [("pick", cid) for cid, _ in rects] + [("pbutton", b.value) for b in ui.picker_buttons if b.enabled]
    out: list[Key] = [("button", i) for i in range(len(ui.buttons))]
    cards = sorted(k for k in ui.lit if k[0] == "card")
    if not cards and scene._mine():
        pl = scene.game.players[ui.viewer]
        cards = [("card", c) for c in [*pl.hand, *pl.play]] + [("coins", ui.viewer)]
        cards = [k for k in cards if draggable(scene, k)]
    out += cards
    out += [("panel", b.value) for b in ui.panel_buttons if b.enabled]
    return out


def activate(scene, focus: Key) -> None:
    ui = scene.ui
    kind = focus[0]
    if kind == "button":
        if focus[1] < len(ui.buttons) and ui.buttons[focus[1]].enabled:
            scene.on_value(ui.buttons[focus[1]].value)
    elif kind in ("menu", "pbutton", "panel"):
        scene.on_value(focus[1])
    elif kind == "pick":
        picker_click(scene, focus[1])
    else:
        click(scene, focus)


def _key(scene, event) -> None:
    ui = scene.ui
    k = event.key
    ctrl = bool(event.mod & pygame.KMOD_CTRL)
    if k == pygame.K_ESCAPE:
        if ui.zoom is not None:
            ui.zoom = None
            scene.zoom_pinned = False
        elif ui.picker is not None and ui.picker.mode != "choose":
            ui.picker = None
            scene.narrow = None
        elif scene.narrow is not None or ui.selected is not None:
            scene._clear_selection()
        else:
            ui.menu_open = not ui.menu_open
        scene.refresh()
    elif k == pygame.K_TAB:
        items = focusables(scene)
        if items:
            back = bool(event.mod & pygame.KMOD_SHIFT)
            i = items.index(ui.focus) if ui.focus in items else -1
            ui.focus = items[(i + (-1 if back else 1)) % len(items)]
    elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
        if ui.focus is not None:
            activate(scene, ui.focus)
    elif pygame.K_1 <= k <= pygame.K_9:
        i = k - pygame.K_1
        bts = ui.menu_buttons if ui.menu_open else ui.buttons
        if i < len(bts) and bts[i].enabled:
            scene.on_value(bts[i].value)
    elif k == pygame.K_z and ctrl:
        scene.on_value(("undo",))
    elif k in (pygame.K_z, pygame.K_i):
        target = ui.focus if ui.focus and ui.focus[0] in ("card", "pick") else scene.hover
        if target is not None and target[0] in ("card", "pick") and scene._zoomable(target[1]):
            scene.zoom_pinned = True
            scene._set_zoom(target[1])
    elif k == pygame.K_e and not ui.menu_open and ui.picker is None:
        scene.on_value(("end",))
    elif k == pygame.K_F1:
        scene.on_value(("m", "help"))


def _save_key(scene, event) -> bool:
    """F5 quick save, F9 quick load, Ctrl+S save with a name: at any moment, curtain or not."""
    from ui.heroes.table import saving

    if event.key == pygame.K_F5:
        saving.quicksave(scene)
    elif event.key == pygame.K_F9:
        saving.quickload(scene)
    elif event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
        saving.ask_name(scene)
    else:
        return False
    return True


def handle(scene, event: pygame.event.Event) -> None:
    ui, view = scene.ui, scene.view
    if view is None:
        return
    t = event.type
    if t in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.arming.point(event.pos)
    if t == pygame.MOUSEMOTION:
        ui.mouse = event.pos
    if t == pygame.KEYDOWN and _save_key(scene, event):
        return
    if ui.curtain is not None:
        if (t == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1) or \
                (t == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)):
            scene.lift_curtain()
        return
    if t == pygame.KEYDOWN:
        _key(scene, event)
    elif t == pygame.MOUSEWHEEL:
        if ui.picker is not None:
            ui.picker.scroll = max(0, ui.picker.scroll - event.y)
            ui.picker.scroll = min(ui.picker.scroll, max(0, len(ui.picker.cids) // 3))
        else:
            ui.log_scroll = max(0, ui.log_scroll + event.y)
    elif t == pygame.MOUSEBUTTONDOWN:
        _down(scene, event)
    elif t == pygame.MOUSEMOTION:
        _motion(scene, event)
    elif t == pygame.MOUSEBUTTONUP and event.button == 1:
        _up(scene, event)


def _down(scene, event) -> None:
    ui, view = scene.ui, scene.view
    pos = event.pos
    ui.mouse = pos
    if event.button == 3:
        key = picker_card_at(scene, pos) if ui.picker is not None else view.hit(pos, scene.game, ui)
        cid = key if isinstance(key, int) else (key[1] if key and key[0] == "card" else None)
        if scene.zoom_pinned or cid is None or not scene._zoomable(cid):
            ui.zoom = None  # a right-click unpins (or closes the zoom off any card)
            scene.zoom_pinned = False
        else:
            scene.zoom_pinned = True  # pins the card: it stays while the pointer moves on
            scene._set_zoom(cid)
        return
    if event.button != 1:
        return
    if ui.zoom is not None:
        was_pinned = scene.zoom_pinned
        ui.zoom = None
        scene.zoom_pinned = False
        if was_pinned:
            return
    b = button_at(scene, pos)
    if b is not None and not scene.armed(b):  # it just appeared under the pointer: the click was meant for
        return  # what was there before, and does nothing
    if b is not None:
        scene.press_button = b.value
        return
    if ui.menu_open:
        ui.menu_open = False
        scene.refresh()
        return
    if ui.picker is not None:
        cid = picker_card_at(scene, pos)
        if cid is not None and not answers.takes(scene, cid):
            return  # it became a choice under the pointer a moment ago: the click was meant for the last question
        if cid is not None:
            picker_click(scene, cid)
        elif ui.picker.mode == "browse":
            panel, _, _ = picker_geometry(view.L, ui.picker)
            if not panel.collidepoint(pos):
                ui.picker = None
                scene.refresh()
        return
    key = view.hit(pos, scene.game, ui)
    if key in ui.lit and key[0] == "card" and not answers.takes(scene, key[1]):
        return  # it became an answer under the pointer a moment ago: the click was meant for the last question
    scene.press = (key, pos)


def _motion(scene, event) -> None:
    ui, view = scene.ui, scene.view
    pos = event.pos
    zoom.moved(scene, pos)
    key = view.hit(pos, scene.game, ui, exclude=ui.drag[1] if ui.drag and ui.drag[0] == "card" else None)
    if key != scene.hover:
        scene.hover = key
        scene.hover_t = 0.0
        if not scene.zoom_pinned:
            ui.zoom = None
    hh = view.hand_card_at(pos, scene.game, ui) if ui.drag is None else None
    if hh != ui.hover_hand:
        ui.hover_hand = hh
        view.sync(scene.game, ui)
    if scene.press is not None and ui.drag is None:
        src, start = scene.press
        if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) > DRAG_START and draggable(scene, src):
            _start_drag(scene, src, start)
    if ui.drag is not None:
        ui.drag_pos = pos


def _start_drag(scene, src: Key, start) -> None:
    from ui.heroes.table import intents

    ui, view = scene.ui, scene.view
    scene.narrow = None
    ui.selected = None
    ui.drag = src
    ui.zoom = None
    ui.hover_hand = None
    ui.lit = intents.lit_targets(scene.game, src)
    ui.dim = True
    if src[0] == "card":
        r = view.card_rect(src[1])
        c = scene.game.cards[src[1]]
        sp = view.anim.sprites.get(src[1])
        size = sp.place.size if sp is not None else view.L.hand_card if c.zone == "hand" else view.L.card
        ui.drag_off = (size[0] // 2, size[1] // 2)
        if r is not None:
            ui.drag_off = (min(size[0] - 1, max(0, start[0] - (r.centerx - size[0] // 2))),
                           min(size[1] - 1, max(0, start[1] - (r.centery - size[1] // 2))))
    ui.drag_pos = start


def _up(scene, event) -> None:
    ui, view = scene.ui, scene.view
    pos = event.pos
    zoom.let_go(scene, pos)
    if scene.press_button is not None:
        value = scene.press_button
        scene.press_button = None
        b = button_at(scene, pos)
        if b is not None and b.value == value:
            scene.on_value(value)
        return
    if ui.drag is not None:
        src = ui.drag
        ui.drag = None
        scene.press = None
        key = view.hit(pos, scene.game, ui, exclude=src[1] if src[0] == "card" else None)
        scene.drop(src, key, pos)
        return
    if scene.press is not None:
        key = scene.press[0]
        scene.press = None
        click(scene, key)
