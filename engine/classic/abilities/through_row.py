"""«Удар через ряд» (2022 «Способности»): an ability's attack of kind ``through_row``."""

from __future__ import annotations

from typing import ClassVar

from engine.classic.abilities.active import AttackAbility
from engine.classic.abilities.base import ability


@ability
class ThroughRow(AttackAbility):
    """Strike through a row: ``{id = "through_row", strike = "1-2-3", range = 3}`` (range: melee kinds ignore it)."""

    id: ClassVar[str] = "through_row"
    kind: ClassVar[str] = "through_row"
    names: ClassVar[tuple[str, str]] = ("Удар через ряд", "Strike through a row")

    def reminder(self, lang: str) -> str:
        return ("Дальняя немагическая атака ровно через одну клетку по вертикали или горизонтали — пустую или занятую своей картой; по диагонали и по летающим нельзя."
                if lang == "ru" else
                "A ranged non-magic attack exactly two cells straight ahead, back or aside, over an empty cell or one of your own; never diagonally and never at a flyer.")
