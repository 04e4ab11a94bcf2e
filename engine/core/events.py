"""Typed events: what happened in a game, as frozen records with a kind (STYLE: events are records).

``game.apply(action)`` returns a list of these. Each record is a frozen record whose class names its
``kind``; ``to_dict()`` gives the plain data (``{"t": kind, **fields}``) that logs, hashes and the
scenario checks read. The events both games have — a die rolled, a deck shuffled, a turn begun, a
concession, a technical loss, a draw offered or declined, the time of a timed game run out, the end of the game — are defined here once; each ruleset adds its own in its ``events``
module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Final

from engine.core.compiled import mypyc_attr

# ``event`` makes an interpreted Event subclass (classic's, the client's) a frozen dataclass that is quick to build.
# The events a game emits most (a move, a wound, a strike…) are built with their fields in order,
# ``Moved(cid, src, dest)``: a class called with keywords gets them as a new dict each time, which costs about as
# much as building the record. Imported, not defined here: this module is compiled, and a compiled function cannot
# carry dataclass_transform's mark, which tells mypy what the decorator makes.
from engine.core.records import frozen_record as event  # noqa: F401


class _Absent:
    """The value of a field an event of this kind does not carry (left out of ``to_dict``)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "ABSENT"

    def __reduce__(self) -> str:
        return "ABSENT"


ABSENT: Any = _Absent()


@mypyc_attr(allow_interpreted_subclasses=True)
class Event:
    """One thing that happened. Subclasses set ``kind``, list their fields in ``__match_args__`` and take them,
    in that order, in an ``__init__`` that stores each as ``Final``.

    Why no dataclass: the rules are compiled with mypyc (tools/compile_rules.py), and a compiled
    dataclass keeps its generated ``__init__`` as interpreted Python, which cost a game more than all its
    events' other work (a game emits hundreds). A written-out ``__init__`` compiles; equality, hash, repr,
    pickling and ``to_dict`` come from here, read through ``__match_args__`` (tests/test_records.py keeps the
    three in step). Compiled, a field cannot be assigned after ``__init__`` (``Final``); mypy checks the rest.
    Classic's events stay frozen dataclasses made by :func:`event`.
    """

    kind: ClassVar[str] = ""
    # a field whose data key differs from its name (a field cannot be called ``kind``, the record's own)
    keys: ClassVar[dict[str, str]] = {}
    __match_args__: ClassVar[tuple[str, ...]] = ()
    __slots__ = ()

    def field_values(self) -> tuple[Any, ...]:
        """The fields' values, in order."""
        return tuple([getattr(self, name) for name in self.__match_args__])

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON-compatible data: its fields (those it carries) and ``"t"``, its kind."""
        keys = self.keys
        out: dict[str, Any] = {}
        for name in self.__match_args__:
            value = getattr(self, name)
            if value is not ABSENT:
                out[keys.get(name, name)] = value
        out["t"] = self.kind
        return out

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Event)
        return self.field_values() == other.field_values()

    def __ne__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Event)
        return self.field_values() != other.field_values()

    def __hash__(self) -> int:
        return hash(self.field_values())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{n}={getattr(self, n)!r}' for n in self.__match_args__)})"

    def __reduce__(self) -> tuple[Any, ...]:
        # a compiled class is rebuilt through its __init__ (it has no instance dict to fill in)
        return (type(self), self.field_values())


def event_dicts(events: list[Event]) -> list[dict[str, Any]]:
    """Many events as data (for hashing, logs and JSON)."""
    return [e.to_dict() for e in events]


class DieRolled(Event):
    """A die was rolled for ``player`` (for a card's action when ``card`` is given)."""

    kind: ClassVar[str] = "die"
    __match_args__ = ("player", "value", "card")

    def __init__(self, player: int, value: int, card: Any = ABSENT) -> None:
        self.player: Final[int] = player
        self.value: Final[int] = value
        self.card: Final[Any] = card


class Shuffled(Event):
    """``player``'s deck was shuffled."""

    kind: ClassVar[str] = "shuffle"
    __match_args__ = ("player",)

    def __init__(self, player: int) -> None:
        self.player: Final[int] = player


class TurnBegan(Event):
    """Turn number ``turn`` of ``player`` began."""

    kind: ClassVar[str] = "turn"
    __match_args__ = ("player", "turn")

    def __init__(self, player: int, turn: int) -> None:
        self.player: Final[int] = player
        self.turn: Final[int] = turn


class Conceded(Event):
    """``player`` conceded."""

    kind: ClassVar[str] = "concede"
    __match_args__ = ("player",)

    def __init__(self, player: int) -> None:
        self.player: Final[int] = player


class Forfeited(Event):
    """``player`` lost by a technical result: away from a game played over the network past its limit."""

    kind: ClassVar[str] = "forfeit"
    __match_args__ = ("player",)

    def __init__(self, player: int) -> None:
        self.player: Final[int] = player


class DrawOffered(Event):
    """``player`` offered a draw (CR 603.2; classic 2007 7.7)."""

    kind: ClassVar[str] = "draw_offered"
    __match_args__ = ("player",)

    def __init__(self, player: int) -> None:
        self.player: Final[int] = player


class DrawDeclined(Event):
    """``player`` declined the draw on offer; the game goes on."""

    kind: ClassVar[str] = "draw_declined"
    __match_args__ = ("player",)

    def __init__(self, player: int) -> None:
        self.player: Final[int] = player


class DrawAccepted(Event):
    """``player`` accepted the draw on offer; the game ends drawn (CR 603.2; classic 2007 7.7)."""

    kind: ClassVar[str] = "draw_accepted"
    __match_args__ = ("player",)

    def __init__(self, player: int) -> None:
        self.player: Final[int] = player


class TimeRanOut(Event):
    """The game's time ran out: its runner's clock read ``elapsed`` seconds; «Герои» goes on for ``extra_turns``
    more turns of each player (CR 603.1 (3)), classic counts the squads (2007 7.3–7.4) and has none."""

    kind: ClassVar[str] = "time_out"
    __match_args__ = ("elapsed", "extra_turns")

    def __init__(self, elapsed: int, extra_turns: int) -> None:
        self.elapsed: Final[int] = elapsed
        self.extra_turns: Final[int] = extra_turns


class GameOver(Event):
    """The game ended: ``winner`` 0 or 1, or None for a draw, and why."""

    kind: ClassVar[str] = "game_over"
    __match_args__ = ("winner", "reason")

    def __init__(self, winner: int | None, reason: str) -> None:
        self.winner: Final[int | None] = winner
        self.reason: Final[str] = reason


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: ``winner`` 0 or 1, or None for a draw, and the reason (a short code)."""

    winner: int | None
    reason: str

    def __reduce__(self) -> tuple[Any, ...]:
        # rebuilt through __init__: compiled, pickling would set the frozen fields one by one and fail (a
        # finished game pickled)
        return (type(self), (self.winner, self.reason))

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Outcome:
        return cls(winner=data["winner"], reason=data["reason"])
