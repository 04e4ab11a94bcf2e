"""«Разряд» (2022 «Способности»): an ability's attack of kind ``discharge``."""

from __future__ import annotations

from typing import ClassVar

from engine.classic.abilities.active import AttackAbility
from engine.classic.abilities.base import ability


@ability
class Discharge(AttackAbility):
    """Discharge: ``{id = "discharge", strike = "1-2-3", range = 3}`` (range: melee kinds ignore it)."""

    id: ClassVar[str] = "discharge"
    kind: ClassVar[str] = "discharge"
    names: ClassVar[tuple[str, str]] = ("Разряд", "Discharge")

    def reminder(self, lang: str) -> str:
        return ("Дальняя магическая атака: броня её не останавливает, а защита от магии и от разрядов — да."
                if lang == "ru" else
                "A ranged magic attack: armour does not stop it, protection from magic or from discharges does.")
