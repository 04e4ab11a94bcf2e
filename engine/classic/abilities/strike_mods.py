"""«+X к атаке» and «−X от атаки» (2022 glossary): numbers added to or taken from an attack's value."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.classic.abilities.base import ATTACK_KINDS, Ability, Attack, Param, ability, choice, whole

if TYPE_CHECKING:
    from engine.classic.game import ClassicGame

_KIND_RU = {"simple": "простого удара", "special": "особого удара", "magic_strike": "магического удара",
            "discharge": "разряда", "shot": "выстрела", "throw": "метания", "through_row": "удара через ряд"}
_KIND_EN = {"simple": "simple strikes", "special": "special strikes", "magic_strike": "magic strikes",
            "discharge": "discharges", "shot": "shots", "throw": "throws", "through_row": "strikes through a row"}


@ability
class AttackBonus(Ability):
    """``{id = "attack_bonus", x = 1, of = "simple"}``: +X to its attacks (of one kind when ``of`` is given)."""

    id: ClassVar[str] = "attack_bonus"
    names: ClassVar[tuple[str, str]] = ("к атаке", "to attack")
    params: ClassVar[dict[str, Param]] = {"x": whole(low=1, required=True), "of": choice(ATTACK_KINDS)}
    weight: ClassVar[float] = 1.5

    def attack_bonus(self, game: ClassicGame, cid: int, attack: Attack) -> int:
        of = getattr(self, "of", None)
        return self.x if of is None or attack.kind == of else 0  # type: ignore[attr-defined]

    def text(self, lang: str) -> str:
        of = getattr(self, "of", None)
        if lang == "ru":
            return f"+{self.x} к атаке" + (f" ({_KIND_RU[of]})" if of else "")  # type: ignore[attr-defined]
        return f"+{self.x} to attack" + (f" ({_KIND_EN[of]})" if of else "")  # type: ignore[attr-defined]

    def reminder(self, lang: str) -> str:
        return ("Величина атак этой карты больше на указанное число." if lang == "ru"
                else "This card's attacks are worth that much more.")


@ability
class AttackReduction(Ability):
    """``{id = "attack_reduction", x = 1, of = "shot"}``: −X from attacks on this card (of one kind if given)."""

    id: ClassVar[str] = "attack_reduction"
    names: ClassVar[tuple[str, str]] = ("от атаки", "from attacks")
    params: ClassVar[dict[str, Param]] = {"x": whole(low=1, required=True), "of": choice(ATTACK_KINDS)}
    weight: ClassVar[float] = 1.2

    def attack_reduction(self, game: ClassicGame, cid: int, attack: Attack) -> int:
        of = getattr(self, "of", None)
        return self.x if of is None or attack.kind == of else 0  # type: ignore[attr-defined]

    def text(self, lang: str) -> str:
        of = getattr(self, "of", None)
        if lang == "ru":
            return f"−{self.x} от " + (_KIND_RU[of].replace("удара", "ударов") if of else "атак")  # type: ignore[attr-defined]
        return f"−{self.x} from " + (_KIND_EN[of] if of else "attacks")  # type: ignore[attr-defined]

    def reminder(self, lang: str) -> str:
        return ("Величина атак по этой карте меньше на указанное число (но не меньше нуля)." if lang == "ru"
                else "Attacks on this card are worth that much less (never below zero).")
