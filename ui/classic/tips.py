"""Which first-time tips (ui/tips.py) the classic table's situation calls for now: a lowering choice or a defender
choice a person makes, a face-down card, the stack, a flyer, a card that blocks attacks or an attack just
blocked."""

from __future__ import annotations

from engine.classic.abilities.block import BlockAttack
from engine.classic.abilities.stack_effects import Block


def topics(scene) -> set[str]:
    g = scene.game
    out: set[str] = set()
    kind = getattr(g.pending, "kind", None)
    if scene._mine() and kind in ("lower", "defender"):
        out.add(kind)
    if kind == "respond" and scene._mine() and g.stack:
        out.add("stack")
    on_board = [cid for cid in g.creatures if g.in_play(cid)]
    if any(cid in g.hidden for cid in on_board):
        out.add("face_down")
    if any(g.is_flyer(cid) and cid not in g.hidden for cid in on_board):
        out.add("flyer")
    if any(_blocks(g, cid) for cid in on_board if cid not in g.hidden) or _just_blocked(scene):
        out.add("block")
    return out


def _blocks(g, cid: int) -> bool:
    """The card blocks attacks, always or as an instant (2022 «Блокировать атаку»)."""
    for ab in g.abilities(cid):
        if isinstance(ab, BlockAttack) or any(isinstance(e, Block) for e in getattr(ab, "effects", ())):
            return True
    return False


def _just_blocked(scene) -> bool:
    history = scene.session.history
    return bool(history) and any(ev.kind == "interrupted" and getattr(ev, "why", "") == "block"
                                 for ev in history[-1].events)
