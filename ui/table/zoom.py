"""The text beside a zoomed card: its rules, a reminder for each keyword, its live state."""

from __future__ import annotations

from engine.heroes import registry as R
from ui import cardtext
from ui.i18n import Tr


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
