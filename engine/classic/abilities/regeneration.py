"""«Регенерация X» (2022 glossary)."""

from __future__ import annotations

from typing import ClassVar

from engine.classic.abilities.base import Ability, Param, ability, whole


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
        return (f"В начале своего хода, если карта открылась или была открыта, с неё снимается {self.x} ран."  # type: ignore[attr-defined]
                if lang == "ru" else
                f"At the start of its owner's turn, if the card untapped or was untapped, {self.x} wounds come off.")  # type: ignore[attr-defined]
