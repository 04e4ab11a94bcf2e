"""Movement abilities (2022 glossary; 2007 3.15): «Прыжок» and «Телепортация». Each is its own class."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.classic.abilities.base import Ability, Param, ability, whole

if TYPE_CHECKING:
    from engine.classic.board import Cell
    from engine.classic.game import ClassicGame


class MovementAbility(Ability):
    """Moves the card instead of stepping (``move card= to= ability=``): all its movement is spent, only by a
    card that has not moved this turn; it is movement, not an action (no tapping, no stack)."""

    active: ClassVar[bool] = True
    movement: ClassVar[bool] = True

    def reach(self) -> int | None:
        return None

    def cells(self, game: ClassicGame, cid: int) -> list[Cell]:
        return game.cells_within(cid, self.reach())


@ability
class Jump(MovementAbility):
    """``{id = "jump", range = 2}``: to any free cell within the range."""

    id: ClassVar[str] = "jump"
    names: ClassVar[tuple[str, str]] = ("Прыжок", "Jump")
    params: ClassVar[dict[str, Param]] = {"range": whole(low=1, required=True)}
    weight: ClassVar[float] = 1.0

    def reach(self) -> int | None:
        return self.range  # type: ignore[attr-defined]

    def text(self, lang: str) -> str:
        return f"Прыжок, дальность {self.range}" if lang == "ru" else f"Jump, range {self.range}"  # type: ignore[attr-defined]

    def reminder(self, lang: str) -> str:
        return ("Вместо движения существо, ещё не двигавшееся в этот ход, тратит все единицы движения и "
                "переносится на свободную клетку в пределах дальности." if lang == "ru" else
                "Instead of stepping, a creature that has not moved this turn spends all its movement and lands on "
                "a free cell within range.")


@ability
class Teleport(MovementAbility):
    """``{id = "teleport"}``: to any free cell of the battlefield."""

    id: ClassVar[str] = "teleport"
    names: ClassVar[tuple[str, str]] = ("Телепортация", "Teleport")
    weight: ClassVar[float] = 1.5

    def reminder(self, lang: str) -> str:
        return ("Вместо движения существо, ещё не двигавшееся в этот ход, тратит все единицы движения и "
                "переносится на любую свободную клетку поля боя." if lang == "ru" else
                "Instead of stepping, a creature that has not moved this turn spends all its movement and lands on "
                "any free cell of the battlefield.")
