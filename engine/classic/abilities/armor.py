"""«Броня X» (2022 glossary)."""

from __future__ import annotations

from typing import ClassVar

from engine.classic.abilities.base import Ability, Param, ability, whole


@ability
class Armor(Ability):
    """``{id = "armor", x = 1}``: the first X wounds from non-magic attacks each turn do not land."""

    id: ClassVar[str] = "armor"
    names: ClassVar[tuple[str, str]] = ("Броня", "Armour")
    params: ClassVar[dict[str, Param]] = {"x": whole(low=1, required=True)}
    weight: ClassVar[float] = 1.0

    def armor(self) -> int:
        return self.x  # type: ignore[attr-defined]

    def reminder(self, lang: str) -> str:
        return (f"В каждый ход (свой и чужой) первые {self.x} ран от немагических атак на карту не ложатся."  # type: ignore[attr-defined]
                if lang == "ru" else
                f"Each turn (yours and the opponent's) the first {self.x} wounds from non-magic attacks do not land.")  # type: ignore[attr-defined]
