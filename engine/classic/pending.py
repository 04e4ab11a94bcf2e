"""The decisions of a classic game (``game.pending``); the main phase is the core's :class:`MainPhase`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from engine.core.pending import Decision, MainPhase, decision
from engine.core.pending import from_dict as _from_dict


@decision
class AssignDefender(Decision):
    """Which of ``options`` defends ``target`` from ``attacker``, or none (2007 4.11)."""

    kind: ClassVar[str] = "defender"
    attacker: int
    target: int
    options: Sequence[int]


@decision
class LowerResult(Decision):
    """The higher roller may take the row above ``row`` of the hit table (2007 4.5)."""

    kind: ClassVar[str] = "lower"
    attacker: int
    reflector: int
    defender: int | None
    row: str
    rolls: Sequence[int]


@decision
class Respond(Decision):
    """``player`` has priority with something on the stack (or a window open) and may play an instant or pass
    (2007 5.1, 5.5)."""

    kind: ClassVar[str] = "respond"


@decision
class AnswerDrawOffer(Decision):
    """``player`` accepts or refuses the draw the opponent offered (2007 7.7)."""

    kind: ClassVar[str] = "draw_offer"


KINDS: dict[str, type[Decision]] = {c.kind: c for c in (MainPhase, AssignDefender, LowerResult, Respond,
                                                         AnswerDrawOffer)}


def from_dict(data: dict | None) -> Decision | None:
    """A classic decision read back from its ``to_dict`` data (saves)."""
    return _from_dict(data, KINDS)
