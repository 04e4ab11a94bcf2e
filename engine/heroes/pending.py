"""The decisions of a «Герои» game (``game.pending``); the main phase is the core's :class:`MainPhase`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from engine.core.pending import Decision, MainPhase, decision
from engine.core.pending import from_dict as _from_dict


@decision
class ChooseOrder(Decision):
    """The winner of the die roll chooses to go first or second (CR 301.4)."""

    kind: ClassVar[str] = "order"


@decision
class DeclareMulligan(Decision):
    """Which cards of the deal go under the deck (CR 301.7)."""

    kind: ClassVar[str] = "mulligan"


@decision
class RevealHidden(Decision):
    """Which of ``cards`` (hidden creatures) to reveal at the start of the turn (CR 304.3)."""

    kind: ClassVar[str] = "reveal"
    cards: Sequence[int]


@decision
class AssignDefender(Decision):
    """Which of ``options`` defends, or none (CR 509.1)."""

    kind: ClassVar[str] = "defender"
    options: Sequence[int]


@decision
class DeclareTriggers(Decision):
    """Declare (or decline) the waiting triggered abilities into the Queue (CR 401.4)."""

    kind: ClassVar[str] = "triggers"


@decision
class ChooseCards(Decision):
    """Choose ``min``..``max`` of ``options`` for the ability of ``source`` resolving now (``why``: what for)."""

    kind: ClassVar[str] = "choose"
    options: Sequence[int]
    min: int
    max: int
    why: str
    source: int | None


@decision
class AnswerDrawOffer(Decision):
    """Accept or decline the opponent's draw offer (CR 603.2)."""

    kind: ClassVar[str] = "draw_offer"


KINDS: dict[str, type[Decision]] = {c.kind: c for c in (
    ChooseOrder, DeclareMulligan, RevealHidden, MainPhase, AssignDefender, DeclareTriggers, ChooseCards,
    AnswerDrawOffer,
)}


def from_dict(data: dict | None) -> Decision | None:
    """A «Герои» decision read back from its ``to_dict`` data (saves, positions)."""
    return _from_dict(data, KINDS)
