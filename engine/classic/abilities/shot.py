"""«Выстрел» (2022 «Способности»): an ability's attack of kind ``shot``."""

from __future__ import annotations

from typing import ClassVar

from engine.classic.abilities.active import AttackAbility
from engine.classic.abilities.base import ability


@ability
class Shot(AttackAbility):
    """Shot: ``{id = "shot", strike = "1-2-3", range = 3}`` (range: melee kinds ignore it)."""

    id: ClassVar[str] = "shot"
    kind: ClassVar[str] = "shot"
    names: ClassVar[tuple[str, str]] = ("Выстрел", "Shot")

    def reminder(self, lang: str) -> str:
        return ("Дальняя немагическая атака: раны по цели не ближе второй клетки от стрелка (по вертикали и горизонтали) в пределах дальности, или по любому летающему. Цель не отвечает, а сила удара определяется одним кубиком, как по закрытой карте."
                if lang == "ru" else
                "A ranged non-magic attack on a card not next to the shooter, within range (counted in straight steps), or on any flyer. The target does not strike back; one die sets the blow as against a tapped card.")
