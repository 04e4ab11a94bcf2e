"""The zoomed card: when resting the pointer opens it, where it goes, and the text beside it (its rules,
a reminder for each keyword, its live state)."""

from __future__ import annotations

import pygame

from engine.heroes import registry as R
from ui.heroes import cardtext
from ui.heroes.table.overlays import picker_geometry, zoom_geometry
from ui.i18n import Tr

HOVER_ZOOM = 0.5  # seconds the pointer rests on a card before it zooms
REST = 4  # pixels the pointer may wander and still be resting


def hover_allowed(scene) -> bool:
    """Resting the pointer zooms only while the player is not busy: no drag or press, no target to pick
    (lit targets: a drag, a selected card, a defender or target question), no overlay, no curtain, and
    not while the computer's move is being shown."""
    ui = scene.ui
    return (ui.drag is None and scene.press is None and ui.picker is None and not ui.menu_open and not ui.dim
            and ui.curtain is None and not ui.marks and not ui.arrow)


def update_hover(scene, dt: float) -> None:
    """Count the pointer's rest on a card; open the zoom after HOVER_ZOOM, close an unpinned one when busy."""
    if scene.zoom_pinned:
        return
    if not hover_allowed(scene) or scene.rest_spent:
        scene.hover_t = 0.0
        scene.ui.zoom = None
        return
    key = scene.hover
    if key is None or key[0] != "card":
        return
    scene.hover_t += dt
    if scene.hover_t >= HOVER_ZOOM and scene.ui.zoom != key[1] and scene._zoomable(key[1]):
        scene._set_zoom(key[1])


def moved(scene, pos) -> None:
    """The pointer moved: a move beyond REST pixels starts the rest over (sweeping across cards opens nothing)."""
    at = scene.hover_at
    if at is None or abs(pos[0] - at[0]) + abs(pos[1] - at[1]) > REST:
        scene.hover_at = pos
        scene.rest_spent = False
        if scene.ui.zoom is None:
            scene.hover_t = 0.0


def let_go(scene, pos) -> None:
    """The button was let go at ``pos`` (a click, a drop): the pointer stays there while what it did plays out,
    which is no look at the card under it — the next rest begins when the pointer moves."""
    scene.hover_at = pos
    scene.rest_spent = True
    scene.hover_t = 0.0


def zoom_place(scene) -> tuple[pygame.Rect, pygame.Rect] | None:
    """Where the zoomed card and its text are drawn: beside the card looked at, off the lit targets."""
    ui, view = scene.ui, scene.view
    if ui.zoom is None or view is None:
        return None
    anchor = None
    if ui.picker is not None:
        _, rects, _ = picker_geometry(view.L, ui.picker)
        anchor = next((r for cid, r in rects if cid == ui.zoom), None)
    if anchor is None:
        anchor = view.card_rect(ui.zoom)
    avoid = [r for r in (view.card_rect(k[1]) for k in ui.lit if k[0] == "card") if r is not None]
    return zoom_geometry(view.L, anchor, avoid)


def zoom_lines(game, cid: int, tr: Tr) -> list[tuple[str, str]]:
    cdef = game.cdef(cid)
    c = game.cards[cid]
    head = tr.name(cdef.name)
    sub = [cardtext.type_line(cdef, tr.lang)]
    if cdef.type != "hero":
        sub.append(tr("zoom.cost", n=("X" if cdef.x_cost and not cdef.cost else cdef.cost)))
    out = [(head, " · ".join(sub))]
    text = cardtext.card_text(cdef, tr.lang)
    if text:
        out.append((tr("zoom.text"), text))
    for label, reminder in cardtext.reminders(cdef, tr.lang):
        out.append((label, reminder))
    if c.zone == "play":
        state = []
        if cdef.type in ("creature", "hero"):
            if cdef.type == "creature":
                state.append(tr("zoom.strike", n=game.strike(cid), base=cdef.strike))
            state.append(tr("zoom.lives", n=game.lives_left(cid), max=game.max_lives(cid)))
        if c.wounds:
            state.append(tr("zoom.wounds", n=c.wounds))
        if c.poison:
            state.append(tr("zoom.poison", n=c.poison))
        if c.stunned:
            state.append(tr("zoom.stunned"))
        if c.tapped:
            state.append(tr("zoom.tapped"))
        if c.hidden:
            state.append(tr("zoom.hidden"))
        for eff in c.effects:
            if eff.get("k") == "kw":
                kw = R.KEYWORDS.get(eff.get("kw", ""))
                state.append(tr("zoom.gained", kw=(kw.ru if tr.lang == "ru" else kw.en) if kw else eff.get("kw")))
            elif eff.get("k") == "strike":
                state.append(tr("zoom.strike_mod", n=f"{eff.get('amount', 0):+d}"))
            elif eff.get("k") == "set_strike":
                state.append(tr("zoom.strike_set", n=eff.get("value", 0)))
        if c.attached:
            names = ", ".join(tr.name(game.cdef(a).name) for a in c.attached)
            state.append(tr("zoom.modules", names=names))
        out.append((tr("zoom.state"), "; ".join(state) + "."))
    return out
