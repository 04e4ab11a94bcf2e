"""Typed events: what happened in a game, as frozen records with a kind (STYLE: events are records).

``game.apply(action)`` returns a list of these. Each record is a frozen dataclass whose class names its
``kind``; ``to_dict()`` gives the plain data (``{"t": kind, **fields}``) that logs, hashes and the
scenario checks read. The events both games have — a die rolled, a deck shuffled, a turn begun, a
concession, a draw offered or declined, the end of the game — are defined here once; each ruleset adds its own in its ``events``
module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar, dataclass_transform

from engine.core.records import frozen_record

_E = TypeVar("_E", bound="Event")


class _Absent:
    """The value of a field an event of this kind does not carry (left out of ``to_dict``)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "ABSENT"

    def __reduce__(self) -> str:
        return "ABSENT"


ABSENT: Any = _Absent()


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. Subclasses set ``kind`` and declare their fields."""

    kind: ClassVar[str] = ""
    # a field whose data key differs from its name (a field cannot be called ``kind``, the record's own)
    keys: ClassVar[dict[str, str]] = {}

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON-compatible data: its fields (those it carries) and ``"t"``, its kind."""
        keys = self.keys
        out: dict[str, Any] = {}
        names: tuple[str, ...] = self.__match_args__  # type: ignore[attr-defined]  # the fields, set by @dataclass
        for name in names:
            value = getattr(self, name)
            if value is not ABSENT:
                out[keys.get(name, name)] = value
        out["t"] = self.kind
        return out


@dataclass_transform(frozen_default=True)
def event(cls: type[_E]) -> type[_E]:
    """Make an Event subclass a frozen record that is quick to build (:func:`engine.core.records.frozen_record`).

    The events a game emits most (a move, a wound, a strike…) are built with their fields in order,
    ``Moved(cid, src, dest)``: a class called with keywords gets them as a new dict each time, which
    costs about as much as building the record.
    """
    return frozen_record(cls)


def event_dicts(events: list[Event]) -> list[dict[str, Any]]:
    """Many events as data (for hashing, logs and JSON)."""
    return [e.to_dict() for e in events]


@event
class DieRolled(Event):
    """A die was rolled for ``player`` (for a card's action when ``card`` is given)."""

    kind: ClassVar[str] = "die"
    player: int
    value: int
    card: int = ABSENT


@event
class Shuffled(Event):
    """``player``'s deck was shuffled."""

    kind: ClassVar[str] = "shuffle"
    player: int


@event
class TurnBegan(Event):
    """Turn number ``turn`` of ``player`` began."""

    kind: ClassVar[str] = "turn"
    player: int
    turn: int


@event
class Conceded(Event):
    """``player`` conceded."""

    kind: ClassVar[str] = "concede"
    player: int


@event
class DrawOffered(Event):
    """``player`` offered a draw (CR 603.2; classic 2007 7.7)."""

    kind: ClassVar[str] = "draw_offered"
    player: int


@event
class DrawDeclined(Event):
    """The draw on offer was declined; the game goes on."""

    kind: ClassVar[str] = "draw_declined"


@event
class GameOver(Event):
    """The game ended: ``winner`` 0 or 1, or None for a draw, and why."""

    kind: ClassVar[str] = "game_over"
    winner: int | None
    reason: str


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: ``winner`` 0 or 1, or None for a draw, and the reason (a short code)."""

    winner: int | None
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Outcome:
        return cls(winner=data["winner"], reason=data["reason"])
