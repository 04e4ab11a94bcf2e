"""«Защита от …» (2022 glossary «Защита»)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.classic.abilities.base import PROTECTIONS, Ability, Param, ability, choice

if TYPE_CHECKING:
    from engine.classic.game import ClassicGame

_RU = {"shot": "выстрелов", "throw": "метаний", "discharge": "разрядов", "magic_strike": "магических ударов",
       "through_row": "ударов через ряд", "simple": "простых ударов", "special": "особых ударов",
       "spell": "заклинаний", "influence": "воздействий", "flyer": "атак летающих", "magic": "магии",
       "poison": "отравления"}
_EN = {"shot": "shots", "throw": "throws", "discharge": "discharges", "magic_strike": "magic strikes",
       "through_row": "strikes through a row", "simple": "simple strikes", "special": "special strikes",
       "spell": "spells", "influence": "influences", "flyer": "flyers' attacks", "magic": "magic",
       "poison": "poison"}
# 2022: protection from magic is three separate protections (spells, magic strikes, discharges)
_MAGIC = frozenset(("spell", "magic_strike", "discharge"))


@ability
class Protection(Ability):
    """``{id = "protection", of = "shot"}``: nothing of that kind has any effect on the card, wounds included."""

    id: ClassVar[str] = "protection"
    names: ClassVar[tuple[str, str]] = ("Защита от", "Protection from")
    params: ClassVar[dict[str, Param]] = {"of": choice(PROTECTIONS, required=True)}
    weight: ClassVar[float] = 1.0

    def protects_from(self, game: ClassicGame, cid: int, what: str, source: int | None) -> bool:
        of = self.of  # type: ignore[attr-defined]
        return what == of or (of == "magic" and what in _MAGIC)

    def text(self, lang: str) -> str:
        of = self.of  # type: ignore[attr-defined]
        return f"Защита от {_RU[of]}" if lang == "ru" else f"Protection from {_EN[of]}"

    def reminder(self, lang: str) -> str:
        return ("Это игровое действие и всё, что ему сопутствует, не действует на карту (в том числе раны)."
                if lang == "ru" else "That game action and all that goes with it has no effect on the card, "
                "wounds included.")
