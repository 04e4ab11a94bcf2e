"""«Вампиризм» (2022 glossary)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.classic.abilities.base import Ability, ability

if TYPE_CHECKING:
    from engine.classic.game import ClassicGame


@ability
class Vampirism(Ability):
    """``{id = "vampirism"}``: its simple strike heals it by the wounds dealt, past full health as extra lives."""

    id: ClassVar[str] = "vampirism"
    names: ClassVar[tuple[str, str]] = ("Вампиризм", "Vampirism")
    weight: ClassVar[float] = 1.2

    def struck(self, game: ClassicGame, cid: int, victim: int, dealt: int, lives_before: int) -> None:
        # 2022: only from a corporeal creature, and never more than the victim had left; what is beyond
        # the vampire's own wounds becomes extra lives.
        if not game.is_creature(victim) or game.has(victim, "incorporeal") or not game.in_play(cid):
            return
        game.heal(cid, min(dealt, max(0, lives_before)), beyond=True)

    def reminder(self, lang: str) -> str:
        return ("Нанеся простым ударом X ран небестелесному существу, карта излечивается на X (не больше, чем "
                "оставалось жизней у цели); излишек становится дополнительными жизнями." if lang == "ru" else
                "When its simple strike deals X wounds to a corporeal creature, the card heals X (no more than the "
                "target had left); what is beyond its own wounds becomes extra lives.")
