"""Cards whose click answers the question now — a target, a defender, a pick in the picker — armed like the
table's buttons (ui/widgets/arming.py): a card that becomes an answer where the pointer already is takes no
click for a moment, so a quick second click meant for the last question does not choose it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ui.heroes.table.overlays import picker_geometry
from ui.widgets.arming import button_key


@dataclass(frozen=True)
class Answer:
    """A card as an answer: where it is drawn now, and what question it answers (``value`` ends with its id)."""

    rect: pygame.Rect
    value: tuple


def arm_key(item, epoch=0) -> tuple:
    """The table's arming key: a button by its words and place; a card by the answer it gives, wherever it is
    drawn (a hand card rises under the pointer, a card slides into place: the same answer)."""
    if isinstance(item, Answer):
        return ("answer", item.value, epoch)
    return button_key(item, epoch)


def answers(scene) -> list[Answer]:
    """The cards a click would answer with now: the picker's (to choose or as a target) or the lit ones."""
    ui, view = scene.ui, scene.view
    if view is None or ui.curtain is not None:
        return []
    picker = ui.picker
    if picker is not None:
        if picker.mode == "browse":  # looking through a graveyard answers nothing
            return []
        _, rects, _ = picker_geometry(view.L, picker)
        return [Answer(r, ("pick", picker.mode, picker.title, cid)) for cid, r in rects]
    q = scene.narrow.question() if scene.narrow is not None else None
    asked = ((q.what, q.slot) if q is not None else None, getattr(scene.game.pending, "kind", None), ui.selected)
    out = []
    for key in ui.lit:
        r = view.card_rect(key[1]) if key[0] == "card" else None
        if r is not None:
            out.append(Answer(r, ("card", asked, key[1])))
    return out


def takes(scene, cid: int) -> bool:
    """May a click that begins now on card ``cid`` answer with it? Not if it became an answer under the pointer
    a moment ago (a card that answers nothing is not held back)."""
    answer = next((a for a in answers(scene) if a.value[-1] == cid), None)
    return answer is None or scene.arming.takes(answer, scene.session.seq)
