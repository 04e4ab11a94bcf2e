"""«Броня X» (2022 glossary)."""

from __future__ import annotations

from typing import ClassVar

from engine.classic.abilities.base import Ability, Param, ability, whole
from engine.core.grammar import is_one, plural_ru


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
        x = self.x  # type: ignore[attr-defined]
        if lang == "ru":
            first = "первая рана" if is_one(x) else f"первые {x} {plural_ru(x, 'рана', 'раны', 'ран')}"
            land = "не ложится" if is_one(x) else "не ложатся"
            return f"В каждый ход (свой и чужой) {first} от немагических атак на карту {land}."
        first = "the first wound" if is_one(x) else f"the first {x} wounds"
        land = "does not land" if is_one(x) else "do not land"
        return f"Each turn (yours and the opponent's) {first} from non-magic attacks {land}."
