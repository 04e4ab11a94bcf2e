"""The classic table's cards and cells whose click answers the question now — an ability's target or cell, the
cells and targets of the selected card, a defender, the setup's picks — armed like the table's buttons
(ui/widgets/arming.py): one that becomes an answer where the pointer already is takes no click for a moment,
so a quick second click meant for the last question does not choose it (the board turned round for the
defender, a creature the computer strikes while the person's pointer rests on the board).
"""

from __future__ import annotations

from ui.widgets.arming import Drawn


def answers(scene) -> list[Drawn]:
    """The lit cards and cells a click would answer with now, each a Drawn whose value is the question it
    answers (the decision, whose eyes, the card selected, the ability declared) and the card or cell."""
    look, view, setup = scene.look, scene.view, scene.setup
    if view is None or scene.curtain_for is not None or not scene._mine():
        return []
    if scene.way is not None or scene.dragging is not None or setup.drag is not None:
        return []  # the way menu's buttons answer (a click beside it puts the card back), a drop is no click
    if scene.undo_ask is not None or scene.menu_open or scene.browsing:
        return []
    kind = scene._kind()
    u = scene.using
    asked = (kind, look.viewer, scene.selected, setup.selected,
             None if u is None else (u.card, u.ability, u.target))
    out = [Drawn(r, ("card", asked, cid)) for cid in sorted(look.strikes | look.defenders)
           if (r := view.rect_of(scene.game, cid, look.viewer)) is not None]
    if kind != "place" or setup.selected is not None:  # placement lights the next card's cells before it is taken
        out += [Drawn(view.L.cell_rect(cell, look.viewer), ("cell", asked, tuple(cell))) for cell in sorted(look.moves)]
    return out


def takes_at(scene, pos) -> bool:
    """May a click that begins now at ``pos`` answer with what is lit there? Not if it became an answer under
    the pointer a moment ago (a click on anything else is not held back)."""
    return all(scene.arming.takes(a, scene.session.seq) for a in answers(scene) if a.rect.collidepoint(pos))
