"""«Рывок» (2022 glossary): on attacking, the creature may step to a free orthogonally adjacent cell, once in
its owner's turn.

How the player chooses: the dash is an instant of its own card, usable only while that card's attack waits on
the stack before its dice (a simple strike's fight, or an ability's attack) — in the window the active
player gets after the attack is declared. It names the cell (``use card=… ability=… to=r,c``), goes on the
stack above the attack and is carried out first; the attack then goes on against the target it was declared
at (docs/classic-abilities.md). It costs nothing (no tapping) and is counted once a turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.classic import board
from engine.classic.abilities.base import Ability, Context, ability

if TYPE_CHECKING:
    from engine.classic.board import Cell
    from engine.classic.game import ClassicGame


@ability
class Dash(Ability):
    """``{id = "dash"}``: while its attack is on the stack, once a turn, step to a free orthogonal neighbour."""

    id: ClassVar[str] = "dash"
    names: ClassVar[tuple[str, str]] = ("Рывок", "Dash")
    active: ClassVar[bool] = True
    during_own_action: ClassVar[bool] = True
    # its price and limits, read like an active ability's (engine.classic.abilities.active)
    instant: ClassVar[bool] = True
    tap: ClassVar[bool] = False
    chips: ClassVar[int] = 0
    once: ClassVar[str] = "turn"
    weight: ClassVar[float] = 0.8

    def usable(self, game: ClassicGame, cid: int) -> bool:
        c = game.creatures[cid]
        if c.zone != "field" or c.owner != game.active:
            return False  # 2022: in your turn (an instant attack in the opponent's turn gives no dash)
        mine = [item for item in game.stack if item.source == cid and item.kind in ("attack", "ability")]
        if any(isinstance(game.ability_at(cid, item.index), Dash) for item in mine if item.kind == "ability"):
            return False  # already declared: one dash waits on the stack
        return any(game.is_attack_item(item) for item in mine)

    def places(self, game: ClassicGame, cid: int, target: int | None) -> list[Cell] | None:
        at = game.creatures[cid].at
        if at is None:
            return []
        taken = game.grid()
        return [cell for cell in board.orthogonal(at) if cell not in taken]

    def perform(self, game: ClassicGame, ctx: Context) -> None:
        cell = ctx.cell
        if cell is not None and game.in_play(ctx.source) and cell in (self.places(game, ctx.source, None) or []):
            game.relocate(ctx.source, cell, "dash")

    def reminder(self, lang: str) -> str:
        return ("Атакуя, существо может один раз за ваш ход шагнуть на соседнюю свободную клетку (не по "
                "диагонали); атака продолжается." if lang == "ru" else
                "When it attacks, once in your turn, the creature may step to a free neighbouring cell (not "
                "diagonally); the attack goes on.")
