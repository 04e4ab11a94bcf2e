"""The mutable pieces of a classic game: creatures on the battlefield or in a graveyard."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.classic.board import Cell


@dataclass
class Creature:
    """One creature instance; ``at`` is its cell, None once it is in the graveyard."""

    id: int
    card: str
    owner: int
    at: Cell | None
    tapped: bool = False  # «закрыта» (Classic 2022 «Действие»)
    wounds: int = 0
    moves: int = 0  # movement points left this turn (Classic 2007 3.14)

    @property
    def on_board(self) -> bool:
        return self.at is not None

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "card": self.card, "owner": self.owner,
                "at": None if self.at is None else [self.at[0], self.at[1]],
                "tapped": self.tapped, "wounds": self.wounds, "moves": self.moves}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Creature:
        at = d["at"]
        return cls(id=d["id"], card=d["card"], owner=d["owner"], at=None if at is None else (at[0], at[1]),
                   tapped=d["tapped"], wounds=d["wounds"], moves=d["moves"])


@dataclass(frozen=True)
class Placement:
    """A creature to put on a cell when building a position (tests, puzzles, the deployment step)."""

    owner: int
    card: str
    at: Cell
    tapped: bool = False
    wounds: int = 0
    moves: int | None = None  # None: the card's full movement
