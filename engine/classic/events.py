"""The events of a classic «Берсерк» game (the shared ones — a die, a turn, a concession, the game's end —
are in :mod:`engine.core.events`; a die rolled for a creature's strike names the ``card``)."""

from __future__ import annotations

from typing import ClassVar

from engine.core.events import Conceded, DieRolled, Event, GameOver, TurnBegan, event


@event
class DefenderAssigned(Event):
    """``card`` defends ``target`` from ``attacker`` (2007 4.11)."""

    kind: ClassVar[str] = "defender"
    card: int
    attacker: int
    target: int


@event
class CreatureDied(Event):
    """``card`` of ``owner`` died on cell ``at``."""

    kind: ClassVar[str] = "dies"
    card: int
    at: list[int] | None
    owner: int


@event
class TurnEnded(Event):
    """``player`` ended turn ``turn``."""

    kind: ClassVar[str] = "end_turn"
    player: int
    turn: int


@event
class HitRolled(Event):
    """The hit table's row ``table`` was read for the dice ``rolls`` (2007 4.3)."""

    kind: ClassVar[str] = "hit"
    table: str
    rolls: list[int]
    attacker: str | None
    reflector: str | None


@event
class TableLowered(Event):
    """``player`` lowered the result from row ``src`` to ``row`` (2007 4.3)."""

    kind: ClassVar[str] = "lowered"
    player: int
    src: str
    row: str


@event
class Moved(Event):
    """``card`` moved from cell ``src`` to ``to`` for ``cost`` movement points."""

    kind: ClassVar[str] = "move"
    card: int
    src: list[int] | None
    to: list[int]
    cost: int
    moves_left: int


@event
class Struck(Event):
    """``card`` struck ``target`` with a ``blow`` (weak, medium, strong or miss) for ``wounds``."""

    kind: ClassVar[str] = "strike"
    card: int
    target: int
    blow: str
    wounds: int
    keys: ClassVar[dict[str, str]] = {"blow": "kind"}


@event
class StrikeDeclared(Event):
    """``attacker`` declared a simple strike at ``target``."""

    kind: ClassVar[str] = "strike_declared"
    attacker: int
    target: int


@event
class Tapped(Event):
    """``card`` was tapped."""

    kind: ClassVar[str] = "tap"
    card: int


@event
class Untapped(Event):
    """``card`` was untapped."""

    kind: ClassVar[str] = "untap"
    card: int


# every event kind of this ruleset -> its record
EVENTS: dict[str, type[Event]] = {c.kind: c for c in (
    DieRolled, TurnBegan, Conceded, GameOver,
    DefenderAssigned, CreatureDied, TurnEnded, HitRolled, TableLowered, Moved, Struck, StrikeDeclared, Tapped,
    Untapped,
)}
