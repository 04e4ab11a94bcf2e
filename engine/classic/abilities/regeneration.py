"""«Регенерация X» (2022 glossary)."""

from __future__ import annotations

from typing import ClassVar

from engine.classic.abilities.base import Ability, Param, ability, whole
from engine.core.grammar import is_one, plural_ru


@ability
class Regeneration(Ability):
    """``{id = "regeneration", x = 1}``: heals X at the start of its owner's turn, if open then."""

    id: ClassVar[str] = "regeneration"
    names: ClassVar[tuple[str, str]] = ("Регенерация", "Regeneration")
    params: ClassVar[dict[str, Param]] = {"x": whole(low=1, required=True)}
    weight: ClassVar[float] = 1.0

    def regeneration(self) -> int:
        return self.x  # type: ignore[attr-defined]

    def reminder(self, lang: str) -> str:
        x = self.x  # type: ignore[attr-defined]
        if lang == "ru":
            come_off = plural_ru(x, f"снимается {x} рана", f"снимаются {x} раны", f"снимается {x} ран")
            return f"В начале своего хода, если карта открылась или была открыта, с неё {come_off}."
        come_off = "1 wound comes off" if is_one(x) else f"{x} wounds come off"
        return f"At the start of its owner's turn, if the card untapped or was untapped, {come_off}."
