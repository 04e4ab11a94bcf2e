"""The decisions of a «Герои» game (``game.pending``); the main phase is the core's :class:`MainPhase`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from engine.core.pending import Decision, MainPhase
from engine.core.pending import from_dict as _from_dict


@dataclass(frozen=True, slots=True)
class ChooseOrder(Decision):
    """The winner of the die roll chooses to go first or second (CR 301.4)."""

    kind: ClassVar[str] = "order"


@dataclass(frozen=True, slots=True)
class DeclareMulligan(Decision):
    """Which cards of the deal go under the deck (CR 301.7)."""

    kind: ClassVar[str] = "mulligan"


@dataclass(frozen=True, slots=True)
class RevealHidden(Decision):
    """Which of ``cards`` (hidden creatures) to reveal at the start of the turn (CR 304.3)."""

    kind: ClassVar[str] = "reveal"
    cards: Sequence[int]


@dataclass(frozen=True, slots=True)
class AssignDefender(Decision):
    """Which of ``options`` defends, or none (CR 509.1)."""

    kind: ClassVar[str] = "defender"
    options: Sequence[int]


@dataclass(frozen=True, slots=True)
class DeclareTriggers(Decision):
    """Declare (or decline) the waiting triggered abilities into the Queue (CR 401.4)."""

    kind: ClassVar[str] = "triggers"


@dataclass(frozen=True, slots=True)
class ChooseCards(Decision):
    """Choose ``min``..``max`` of ``options`` for the ability of ``source`` resolving now (``why``: what for)."""

    kind: ClassVar[str] = "choose"
    options: Sequence[int]
    min: int
    max: int
    why: str
    source: int | None


@dataclass(frozen=True, slots=True)
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
