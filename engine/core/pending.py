"""Typed pending decisions: who must decide what now, as frozen records with a kind.

``game.pending`` is one of these (or None once the game is over). ``to_dict()`` gives the data saves,
state hashes and bot observations hold (``{"kind": …, "player": …, fields}``); :func:`from_dict` reads it
back with the ruleset's table of kinds. The main phase, which both games have, is defined here; each
ruleset adds its own decisions in its ``pending`` module.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, TypeVar, dataclass_transform

from engine.core.records import frozen_record

_D = TypeVar("_D", bound="Decision")


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision ``player`` must take now. Subclasses set ``kind`` and declare their fields."""

    kind: ClassVar[str] = ""
    player: int

    def to_dict(self) -> dict[str, Any]:
        """The decision as JSON-compatible data (lists copied, so the data can be changed freely)."""
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, list | tuple) else value
        return out


@dataclass_transform(frozen_default=True)
def decision(cls: type[_D]) -> type[_D]:
    """Make a Decision subclass a frozen record that is quick to build (a game sets one at every step)."""
    return frozen_record(cls)


@decision
class MainPhase(Decision):
    """The active player's free choice: play, attack, move, strike, end the turn…"""

    kind: ClassVar[str] = "main"


# The main phase of each player: a record with nothing but the player, so each game hands out these
# two instead of building one at every return to the main phase.
MAIN: tuple[MainPhase, MainPhase] = (MainPhase(player=0), MainPhase(player=1))


def from_dict(data: Mapping[str, Any] | None, kinds: Mapping[str, type[Decision]]) -> Decision | None:
    """A decision read back from its ``to_dict`` data; an unknown kind is a ValueError naming the known ones."""
    if data is None:
        return None
    cls = kinds.get(data.get("kind"))  # type: ignore[arg-type]
    if cls is None:
        raise ValueError(f"unknown decision {data.get('kind')!r} (known: {', '.join(sorted(kinds))})")
    names = {f.name for f in fields(cls)}
    extra = sorted(set(data) - names - {"kind"})
    if extra:
        raise ValueError(f"decision {cls.kind!r} has no field {extra[0]!r}")
    values: dict[str, Any] = {k: (tuple(v) if isinstance(v, list) else v) for k, v in data.items() if k != "kind"}
    return cls(**values)
