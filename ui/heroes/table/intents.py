"""Turning drags and clicks into engine actions, by filtering ``game.legal_actions()``.

A *source* is what the player picks up: ``("card", id)`` for a card in hand or in play, or
``("coins", player)``. A *drop key* is where it lands: ``("card", id)`` or ``("zone", "play")``.
Nothing here draws or changes the game: the table asks, then applies the action it gets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.actions import Action
from engine.heroes import actions as A

Key = tuple[str, Any]
TABLE: Key = ("zone", "play")


def owner_of_source(game, src: Key) -> int | None:
    if src[0] == "coins":
        return src[1]
    c = game.cards.get(src[1])
    return None if c is None else c.controller


def source_actions(game, src: Key) -> list[Action]:
    """Every legal action that starts from this source."""
    out: list[Action] = []
    for a in game.legal_actions():
        if src[0] == "coins":
            if isinstance(a, A.WoundUndead):
                out.append(a)
            continue
        cid = src[1]
        if isinstance(a, A.Play) and a.card == cid:
            out.append(a)
        elif isinstance(a, A.Attack) and a.attacker == cid:
            out.append(a)
        elif isinstance(a, A.Activate) and a.card == cid:
            out.append(a)
        elif isinstance(a, A.Defend) and a.card == cid:
            out.append(a)
    return out


def ready_cards(game) -> set[int]:
    """Cards the decider can use now, from the legal actions: hand cards with a play, creatures with an attack."""
    out: set[int] = set()
    for a in game.legal_actions():
        if isinstance(a, A.Play):
            out.add(a.card)
        elif isinstance(a, A.Attack):
            out.add(a.attacker)
    return out


def drop_keys(game, action: Action) -> set[Key]:
    """The places a source can be dropped on to mean this action."""
    if isinstance(action, A.Play):
        if action.attach is not None:
            return {("card", action.attach)}
        keys = {TABLE}
        if action.targets:
            keys.add(("card", action.targets[0]))
        return keys
    if isinstance(action, A.Attack):
        return {("card", action.target)}
    if isinstance(action, A.Activate):
        if action.targets and _in_play(game, action.targets[0]):
            return {("card", action.targets[0])}
        return {TABLE}  # no target, or one off the table (a graveyard): drop anywhere, then pick it
    if isinstance(action, A.WoundUndead):
        return {("card", action.card)}
    if isinstance(action, A.Defend):
        combat = getattr(game, "combat", None) or {}
        keys = {("card", combat.get("attacker"))} if combat.get("attacker") else set()
        if combat.get("target"):
            keys.add(("card", combat["target"]))
        return keys
    return set()


def _in_play(game, cid: int) -> bool:
    c = game.cards.get(cid)
    return c is not None and c.zone == "play"


def lit_targets(game, src: Key) -> set[Key]:
    """Where this source may legally go now (lit while dragging or selected)."""
    keys: set[Key] = set()
    for a in source_actions(game, src):
        keys |= drop_keys(game, a)
    return keys


def drop_actions(game, src: Key, key: Key) -> list[Action]:
    """The legal actions a drop of ``src`` on ``key`` can mean (several: the table asks which)."""
    return [a for a in source_actions(game, src) if key in drop_keys(game, a)]


def guess_action(game, src: Key, key: Key) -> Action | None:
    """The action a refused drop most likely meant, so the engine can say why it is illegal."""
    if src[0] == "coins":
        return A.WoundUndead(card=key[1], x=1) if key[0] == "card" else None
    cid = src[1]
    c = game.cards.get(cid)
    if c is None:
        return None
    p = game.decider
    if game.pending and getattr(game.pending, "kind", None) == "defender":
        return A.Defend(card=cid)
    if c.zone == "hand":
        if key[0] == "card":
            return A.Play(card=cid, targets=(key[1],))
        return A.Play(card=cid)
    if c.zone == "play" and key[0] == "card":
        t = game.cards.get(key[1])
        if t is not None and t.controller != p and game.cdef(cid).type == "creature":
            return A.Attack(attacker=cid, target=key[1])
    return None


def why_not(game, action: Action | None, lang: str) -> str | None:
    """The engine's reason for refusing ``action`` (tried on a clone: the real game is untouched)."""
    if action is None:
        return None
    from engine.core.errors import IllegalAction

    try:
        game.clone().apply(action)
    except IllegalAction as exc:
        return exc.reason(lang)
    except Exception:  # noqa: BLE001 - a guessed action may be malformed; then there is no reason to show
        return None
    return None


def kind_of(a: Action) -> tuple:
    if isinstance(a, A.Attack):
        return ("attack",)
    if isinstance(a, A.Activate):
        return ("ability", a.card, a.ability)
    if isinstance(a, A.Play):
        return ("play", a.attach)
    if isinstance(a, A.WoundUndead):
        return ("undead",)
    return (type(a).__name__,)


@dataclass
class Question:
    """What the table must ask to tell the remaining actions apart."""

    what: str  # "kind", "x" or "target"
    options: list[Any]
    slot: int = 0


class Narrowing:
    """Candidates for one intent, narrowed question by question until one action is left."""

    def __init__(self, candidates: list[Action]) -> None:
        self.cands = list(dict.fromkeys(candidates))

    def question(self) -> Question | None:
        if len(self.cands) <= 1:
            return None
        kinds = list(dict.fromkeys(kind_of(a) for a in self.cands))
        if len(kinds) > 1:
            return Question("kind", kinds)
        xs = list(dict.fromkeys(getattr(a, "x", None) for a in self.cands))
        if len(xs) > 1:
            return Question("x", sorted(xs, key=lambda v: -1 if v is None else v))
        chain = max(len(getattr(a, "modes", ()) or ()) for a in self.cands)
        for pos in range(chain):  # CR 523: an ability constructor's chain, one part at a time
            parts = list(dict.fromkeys(_mode(a, pos) for a in self.cands))
            if len(parts) > 1:
                return Question("mode", parts, pos)
        longest = max(len(getattr(a, "targets", ()) or ()) for a in self.cands)
        for slot in range(longest):
            vals = list(dict.fromkeys(_target(a, slot) for a in self.cands))
            if len(vals) > 1:
                return Question("target", vals, slot)
        cards = list(dict.fromkeys(getattr(a, "cards", None) for a in self.cands))
        if len(cards) > 1:
            return Question("cards", cards)
        return None

    def answer(self, q: Question, value: Any) -> None:
        if q.what == "kind":
            keep = [a for a in self.cands if kind_of(a) == value]
        elif q.what == "x":
            keep = [a for a in self.cands if getattr(a, "x", None) == value]
        elif q.what == "mode":
            keep = [a for a in self.cands if _mode(a, q.slot) == value]
        elif q.what == "target":
            keep = [a for a in self.cands if _target(a, q.slot) == value]
        else:
            keep = [a for a in self.cands if getattr(a, "cards", None) == value]
        if keep:
            self.cands = keep

    @property
    def result(self) -> Action | None:
        if not self.cands:
            return None
        return self.cands[0] if self.question() is None else None


def _mode(a: Action, pos: int) -> int | None:
    modes = getattr(a, "modes", ()) or ()
    return modes[pos] if pos < len(modes) else None


def _target(a: Action, slot: int) -> int | None:
    targets = getattr(a, "targets", ()) or ()
    return targets[slot] if slot < len(targets) else None
