"""Abilities that are a rules flag the combat and death code read (2022 glossary): «Направленный удар»,
«Безответный удар», «Бестелесный», «Стойкость». Each is its own registered class."""

from __future__ import annotations

from typing import ClassVar

from engine.classic.abilities.base import Ability, ability


class FlagAbility(Ability):
    """An ability whose whole effect is a flag other rules ask about (``game.has(cid, flag)``)."""

    flag_name: ClassVar[str] = ""
    reminders: ClassVar[tuple[str, str]] = ("", "")

    def flag(self) -> str:
        return self.flag_name

    def reminder(self, lang: str) -> str:
        return self.reminders[0] if lang == "ru" else self.reminders[1]


@ability
class Directed(FlagAbility):
    """``{id = "directed"}``: no defender can be assigned against its simple strike."""

    id: ClassVar[str] = "directed"
    flag_name: ClassVar[str] = "directed"
    names: ClassVar[tuple[str, str]] = ("Направленный удар", "Directed strike")
    weight: ClassVar[float] = 1.0
    reminders: ClassVar[tuple[str, str]] = ("От простого удара этой карты нельзя назначить защитника.",
                                            "No defender can be assigned against this card's simple strike.")


@ability
class Unanswerable(FlagAbility):
    """``{id = "unanswerable"}``: a directed strike in which only the attacker fights (one die, as on a tapped card)."""

    id: ClassVar[str] = "unanswerable"
    flag_name: ClassVar[str] = "unanswerable"
    names: ClassVar[tuple[str, str]] = ("Безответный удар", "Unanswerable strike")
    weight: ClassVar[float] = 2.0
    reminders: ClassVar[tuple[str, str]] = (
        "Направленный удар, в котором сражается только нападающий: сила определяется как по закрытой карте.",
        "A directed strike in which only the attacker fights: the blow is read as against a tapped card.")


@ability
class Incorporeal(FlagAbility):
    """``{id = "incorporeal"}``: cannot be poisoned or healed; exiled instead of dying."""

    id: ClassVar[str] = "incorporeal"
    flag_name: ClassVar[str] = "incorporeal"
    names: ClassVar[tuple[str, str]] = ("Бестелесный", "Incorporeal")
    weight: ClassVar[float] = 1.0
    reminders: ClassVar[tuple[str, str]] = (
        "Не может быть отравлен, излечен, целью вампиризма, добивания и трупоедства; вместо гибели изгоняется.",
        "Cannot be poisoned, healed, drained, finished off or eaten; it is exiled instead of dying.")


@ability
class Steadfast(FlagAbility):
    """``{id = "steadfast"}``: the opponent's influences neither wound nor destroy it."""

    id: ClassVar[str] = "steadfast"
    flag_name: ClassVar[str] = "steadfast"
    names: ClassVar[tuple[str, str]] = ("Стойкость", "Steadfast")
    weight: ClassVar[float] = 0.8
    reminders: ClassVar[tuple[str, str]] = (
        "Воздействия противника не наносят карте ран и не уничтожают её; свои — наносят.",
        "The opponent's influences neither wound nor destroy the card; its own side's still do.")
