"""«Трупоедство» (2022 glossary)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.classic.abilities.base import Ability, Context, ability

if TYPE_CHECKING:
    from engine.classic.game import ClassicGame


@ability
class Scavenger(Ability):
    """``{id = "scavenger"}``: when it kills an enemy corporeal creature, exile the dead, heal fully, lose poison."""

    id: ClassVar[str] = "scavenger"
    trigger: ClassVar[str] = "kill"
    names: ClassVar[tuple[str, str]] = ("Трупоедство", "Scavenger")
    weight: ClassVar[float] = 1.0

    def fires(self, game: ClassicGame, cid: int, event: Any) -> bool:
        dead = event.card
        return (game.creatures[dead].owner != game.creatures[cid].owner and game.is_creature(dead)
                and not game.has(dead, "incorporeal"))

    def perform(self, game: ClassicGame, ctx: Context) -> None:
        if ctx.other is not None and game.creatures[ctx.other].zone == "grave":
            game.exile(ctx.other)
        if game.in_play(ctx.source):
            game.heal(ctx.source, game.creatures[ctx.source].wounds)
            game.set_mark(ctx.source, "poison", 0)

    def reminder(self, lang: str) -> str:
        return ("Убив небестелесное существо противника, карта изгоняет погибшего, полностью излечивается и "
                "теряет отравление." if lang == "ru" else
                "When the card kills an enemy corporeal creature, the dead one is exiled and the card heals fully "
                "and loses its poison.")
