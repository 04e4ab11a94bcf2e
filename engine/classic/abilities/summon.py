"""«Вызвать» (2022 glossary): a card of your deck comes into play next to the card that calls it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from engine.classic import board
from engine.classic.abilities.active import ACTIVE_PARAMS, ActiveAbility
from engine.classic.abilities.base import Context, Param, ability

if TYPE_CHECKING:
    from engine.classic.board import Cell
    from engine.classic.game import ClassicGame


@ability
class Summon(ActiveAbility):
    """``{id = "summon", card = "c_rat"}``: a card with that id comes from your deck, open, onto a free cell
    next to this card that you choose (``use … to=r,c``); a flyer or a terrain goes to the additional zone."""

    id: ClassVar[str] = "summon"
    names: ClassVar[tuple[str, str]] = ("Вызвать", "Summon")
    params: ClassVar[dict[str, Param]] = {**ACTIVE_PARAMS, "card": Param("text", required=True)}
    weight: ClassVar[float] = 2.0

    def _lands_off_grid(self, game: ClassicGame) -> bool:
        card = game.cards.get(self.card)  # type: ignore[attr-defined]
        return card is not None and (card.flyer or card.type == "terrain")

    def usable(self, game: ClassicGame, cid: int) -> bool:
        owner = game.creatures[cid].owner
        return self.card in game.cards and any(  # type: ignore[attr-defined]
            game.instances[i][1] == self.card for i in game.decks[owner])  # type: ignore[attr-defined]

    def places(self, game: ClassicGame, cid: int, target: int | None) -> list[Cell] | None:
        if self._lands_off_grid(game):
            return None
        at = game.cell_of(cid)
        if at is None:
            return []  # a flyer stands next to no cell (2007 1.5.1а)
        taken = game.grid()
        return [cell for cell in board.neighbours(at) if cell not in taken]

    def perform(self, game: ClassicGame, ctx: Context) -> None:
        owner = game.creatures[ctx.source].owner
        if self._lands_off_grid(game):
            game.summon(owner, self.card, None)  # type: ignore[attr-defined]
        elif ctx.cell is not None and ctx.cell in (self.places(game, ctx.source, None) or []):
            game.summon(owner, self.card, ctx.cell)  # type: ignore[attr-defined]

    def body(self, lang: str) -> str:
        name = getattr(self, "shown", None) or self.card  # type: ignore[attr-defined]
        return f"вызвать «{name}»" if lang == "ru" else f"summon «{name}»"

    def text_with(self, lang: str, cards: Mapping[str, Any] | None) -> str:
        """The card called by its name, as printed cards say it (the id only if the pool lacks it)."""
        card = (cards or {}).get(self.card)  # type: ignore[attr-defined]
        if card is None:
            return self.text(lang)
        named = Summon(self.values)
        named.shown = card.name.get(lang) or card.name.get("ru") or self.card  # type: ignore[attr-defined]
        return named.text(lang)

    def reminder(self, lang: str) -> str:
        return ("Карта с этим именем переносится из вашей колоды на свободную клетку рядом с этой картой, в открытом "
                "виде; летающее существо и местность — сразу в дополнительную зону." if lang == "ru" else
                "A card of that name comes from your deck onto a free cell next to this card, open; a flyer or a "
                "terrain goes straight to the additional zone.")
