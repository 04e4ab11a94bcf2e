"""The actions of classic «Берсерк», in their own namespace (:data:`CODEC`), apart from «Герои»'s.

Text forms: ``move card=3 to=2,4``, ``strike attacker=3 target=9``, ``defend card=11``,
``no_defense``, ``lower``, ``keep``, ``end``, ``concede player=1``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import Action, ActionCodec

CODEC = ActionCodec("classic")


@CODEC.action("move")
@dataclass(frozen=True, kw_only=True)
class Move(Action):
    """Move a creature to a free cell by orthogonal steps, one movement point each (Classic 2007 3.14)."""

    card: int
    to: tuple[int, ...]


@CODEC.action("strike")
@dataclass(frozen=True, kw_only=True)
class Strike(Action):
    """Attack an adjacent enemy creature (diagonals included) with a simple strike (2007 4.2, 6.4.4)."""

    attacker: int
    target: int


@CODEC.action("defend")
@dataclass(frozen=True, kw_only=True)
class Defend(Action):
    """The inactive player assigns a defender next to both attacker and target (2007 4.11)."""

    card: int


@CODEC.action("no_defense")
@dataclass(frozen=True, kw_only=True)
class NoDefense(Action):
    """The inactive player assigns no defender."""


@CODEC.action("lower")
@dataclass(frozen=True, kw_only=True)
class Lower(Action):
    """The higher roller lowers the result one row up the hit table (2007 4.5)."""


@CODEC.action("keep")
@dataclass(frozen=True, kw_only=True)
class Keep(Action):
    """The higher roller keeps the result as rolled."""


@CODEC.action("end")
@dataclass(frozen=True, kw_only=True)
class EndTurn(Action):
    """Pass the turn (2007 6.5)."""


@CODEC.action("concede")
@dataclass(frozen=True, kw_only=True)
class Concede(Action):
    """A player gives up at any moment (2007 7.2)."""

    player: int


META_ACTIONS = (Concede,)
ACTIONS = (Move, Strike, Defend, NoDefense, Lower, Keep, EndTurn, Concede)  # every action class
