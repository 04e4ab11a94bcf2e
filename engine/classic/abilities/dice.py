"""Die modifiers on the card (2022 glossary): «Опыт в атаке», «Опыт в защите X», «Опыт в стрельбе X»,
«Неповоротливость» and «±X к броску кубика». Each is its own registered class."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.classic.abilities.base import Ability, Param, ability, whole

if TYPE_CHECKING:
    from engine.classic.game import ClassicGame


@ability
class AttackExperience(Ability):
    """``{id = "exp_attack"}``: +1 to its die when it attacks in a fight with a simple strike."""

    id: ClassVar[str] = "exp_attack"
    names: ClassVar[tuple[str, str]] = ("Опыт в атаке", "Attack experience")
    weight: ClassVar[float] = 1.0

    def die_bonus(self, game: ClassicGame, cid: int, purpose: str) -> int:
        return 1 if purpose == "attack" else 0

    def reminder(self, lang: str) -> str:
        return ("+1 к броску кубика, когда карта нападает простым ударом." if lang == "ru"
                else "+1 to the die when the card attacks with a simple strike.")


@ability
class DefenseExperience(Ability):
    """``{id = "exp_defense", x = 1}``: +X to its die when it reflects a simple strike."""

    id: ClassVar[str] = "exp_defense"
    names: ClassVar[tuple[str, str]] = ("Опыт в защите", "Defence experience")
    params: ClassVar[dict[str, Param]] = {"x": whole(low=1, default=1)}
    weight: ClassVar[float] = 0.8

    def die_bonus(self, game: ClassicGame, cid: int, purpose: str) -> int:
        return self.x if purpose == "defend" else 0  # type: ignore[attr-defined]

    def reminder(self, lang: str) -> str:
        return (f"+{self.x} к броску кубика, когда карта отражает простой удар." if lang == "ru"  # type: ignore[attr-defined]
                else f"+{self.x} to the die when the card reflects a simple strike.")  # type: ignore[attr-defined]


@ability
class ShootingExperience(Ability):
    """``{id = "exp_shot", x = 1}``: +X to its die for the strength of its shots."""

    id: ClassVar[str] = "exp_shot"
    names: ClassVar[tuple[str, str]] = ("Опыт в стрельбе", "Shooting experience")
    params: ClassVar[dict[str, Param]] = {"x": whole(low=1, default=1)}
    weight: ClassVar[float] = 0.8

    def die_bonus(self, game: ClassicGame, cid: int, purpose: str) -> int:
        return self.x if purpose == "shot" else 0  # type: ignore[attr-defined]

    def reminder(self, lang: str) -> str:
        return (f"+{self.x} к броску кубика, определяющему силу выстрела." if lang == "ru"  # type: ignore[attr-defined]
                else f"+{self.x} to the die that sets the strength of a shot.")  # type: ignore[attr-defined]


@ability
class Clumsy(Ability):
    """``{id = "clumsy"}``: −1 to its die for the strength of its simple strike."""

    id: ClassVar[str] = "clumsy"
    names: ClassVar[tuple[str, str]] = ("Неповоротливость", "Clumsy")
    weight: ClassVar[float] = -0.8

    def die_bonus(self, game: ClassicGame, cid: int, purpose: str) -> int:
        return -1 if purpose in ("attack", "defend") else 0

    def reminder(self, lang: str) -> str:
        return ("−1 к броску кубика, определяющему силу простого удара." if lang == "ru"
                else "−1 to the die that sets the strength of a simple strike.")


@ability
class DieModifier(Ability):
    """``{id = "die", x = 1}`` or ``x = -1``: ±X to every die roll of the card (2022 «±X к броску кубика»)."""

    id: ClassVar[str] = "die"
    names: ClassVar[tuple[str, str]] = ("к броску кубика", "to the die")
    params: ClassVar[dict[str, Param]] = {"x": whole(low=-5, high=5, required=True)}
    weight: ClassVar[float] = 1.0

    def die_bonus(self, game: ClassicGame, cid: int, purpose: str) -> int:
        return self.x  # type: ignore[attr-defined]

    def text(self, lang: str) -> str:
        x = self.x  # type: ignore[attr-defined]
        sign = "+" if x >= 0 else "−"
        return f"{sign}{abs(x)} {self.names[0] if lang == 'ru' else self.names[1]}"

    def reminder(self, lang: str) -> str:
        x = self.x  # type: ignore[attr-defined]
        return (f"{x:+d} к числу, выпавшему на кубике, при любом броске этой карты." if lang == "ru"
                else f"{x:+d} to the number the die shows, for every roll of this card.")
