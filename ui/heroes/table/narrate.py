"""A computer's move in words and on the table, before it is made: the caption a watcher reads and
the cards to point at (the acting card, its target).

Pure functions of the game before the action. Cards the watcher cannot see are never named: a card
is named when it is public (on the table face up, in a graveyard, a hero) or when it is the very
card being played, which the play shows to everyone anyway.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.heroes import actions as A
from ui.heroes.actionwords import words
from ui.i18n import Tr

PUBLIC = ("play", "grave", "attached", "hero")


@dataclass
class Move:
    """What to show of one action: a sentence, the cards to frame and an arrow (from, to)."""

    text: str
    marks: list[int] = field(default_factory=list)
    arrow: tuple[int, int] | None = None


def _trigger(game, tid: int):
    """The waiting trigger ``tid`` (engine/heroes/queue.py WaitingTrigger), or None."""
    return next((t for t in game.waiting if t.tid == tid), None)


def describe_move(game, action, player: int | None, tr: Tr) -> Move:
    """The caption and pointers for ``action``, about to be taken by ``player`` in ``game``: the action's
    words (ui/heroes/actionwords.py) and the cards it acts with and on."""
    text = words(action, player, game, tr)
    if isinstance(action, A.Play):
        other = action.attach if action.attach is not None else (action.targets[0] if action.targets else None)
        return Move(text, [action.card], (action.card, other) if other is not None else None)
    if isinstance(action, A.Attack):
        return Move(text, [action.attacker], (action.attacker, action.target))
    if isinstance(action, A.Activate):
        return Move(text, [action.card], (action.card, action.targets[0]) if action.targets else None)
    if isinstance(action, A.WoundUndead):
        return Move(text, [action.card])
    if isinstance(action, A.Defend):
        attacker = (game.combat or {}).get("attacker")
        return Move(text, [action.card], (action.card, attacker) if attacker is not None else None)
    if isinstance(action, A.DeclareTrigger | A.DeclineTrigger):
        t = _trigger(game, action.trigger)
        src = None if t is None else t.source
        marks = [src] if src is not None else []
        if isinstance(action, A.DeclareTrigger) and action.targets and src is not None:
            return Move(text, marks, (src, action.targets[0]))
        return Move(text, marks)
    if isinstance(action, A.Choose):
        return Move(text, _chosen(game, action))
    if isinstance(action, A.Reveal):
        return Move(text, list(action.cards))
    return Move(text)


def _chosen(game, action: A.Choose) -> list[int]:
    """The cards to frame for a choice: the «может» ability's card, or the chosen cards when all are public."""
    pend = game.pending
    if getattr(pend, "why", "") == "may":  # CR 119.5: the optional part is done or passed over
        src = getattr(pend, "source", None)
        return [src] if src is not None else []
    shown = [c for c in action.cards if c in game.cards and game.cards[c].zone in PUBLIC]
    return shown if len(shown) == len(action.cards) else []
