"""«Регенерация X» (2022 glossary)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.classic.abilities.base import Ability, Param, ability, whole

if TYPE_CHECKING:
    from engine.classic.game import ClassicGame


@ability
class Regeneration(Ability):
    """``{id = "regeneration", x = 1}``: heals X at the start of its owner's turn, if open then."""

    id: ClassVar[str] = "regeneration"
    names: ClassVar[tuple[str, str]] = ("Регенерация", "Regeneration")
    params: ClassVar[dict[str, Param]] = {"x": whole(low=1, required=True)}
    weight: ClassVar[float] = 1.0

    def turn_start(self, game: ClassicGame, cid: int) -> None:
        # 2022: only a card that is open at the start of its turn (all untap today); an incorporeal
        # card cannot have regeneration.
        if not game.creatures[cid].tapped and not game.has(cid, "incorporeal"):
            game.heal(cid, self.x)  # type: ignore[attr-defined]

    def reminder(self, lang: str) -> str:
        return (f"В начале своего хода, если карта открылась или была открыта, с неё снимается {self.x} ран."  # type: ignore[attr-defined]
                if lang == "ru" else
                f"At the start of its owner's turn, if the card untapped or was untapped, {self.x} wounds come off.")  # type: ignore[attr-defined]
