"""Which first-time tips (ui/tips.py) the «Герои» table's situation calls for now: a defender choice a person
makes, the Queue or triggers waiting for it, a hidden creature, and a wound stopped («Блок» over a card)."""

from __future__ import annotations


def topics(scene) -> set[str]:
    g = scene.game
    out: set[str] = set()
    kind = getattr(g.pending, "kind", None)
    if scene._mine() and kind == "defender":
        out.add("defender")
    if g.queue or g.waiting:
        out.add("queue")
    if any(c.hidden and c.zone == "play" for c in g.cards.values()):
        out.add("face_down")
    history = scene.session.history
    if history and any(ev.kind == "prevented" for ev in history[-1].events):
        out.add("block")
    return out
