"""Cards whose click answers the question now — a target, a defender, a pick in the picker — armed like the
table's buttons (ui/widgets/arming.py): a card that becomes an answer where the pointer already is takes no
click for a moment, so a quick second click meant for the last question does not choose it.
"""

from __future__ import annotations

from ui.heroes.table.overlays import picker_geometry
from ui.widgets.arming import Drawn

# A card as an answer is a Drawn whose value is the question it answers, ending with the card's id: the same
# answer wherever it is drawn (a hand card rises under the pointer, a card slides into place).


def answers(scene) -> list[Drawn]:
    """The cards a click would answer with now: the picker's (to choose or as a target) or the lit ones."""
    ui, view = scene.ui, scene.view
    if view is None or ui.curtain is not None:
        return []
    picker = ui.picker
    if picker is not None:
        if picker.mode == "browse":  # looking through a graveyard answers nothing
            return []
        _, rects, _ = picker_geometry(view.L, picker)
        return [Drawn(r, ("pick", picker.mode, picker.title, cid)) for cid, r in rects]
    q = scene.narrow.question() if scene.narrow is not None else None
    asked = ((q.what, q.slot) if q is not None else None, getattr(scene.game.pending, "kind", None), ui.selected)
    out = []
    for key in ui.lit:
        r = view.card_rect(key[1]) if key[0] == "card" else None
        if r is not None:
            out.append(Drawn(r, ("card", asked, key[1])))
    return out


def takes(scene, cid: int) -> bool:
    """May a click that begins now on card ``cid`` answer with it? Not if it became an answer under the pointer
    a moment ago (a card that answers nothing is not held back)."""
    answer = next((a for a in answers(scene) if a.value[-1] == cid), None)
    return answer is None or scene.arming.takes(answer, scene.session.seq)
