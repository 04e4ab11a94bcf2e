"""Effects that put a card on a free cell the player chose when declaring the ability (``use … to=r,c``):
«Перемещение» (``relocate``) and «Приземлиться» (``land``), 2022 glossary; 2007 3.16. If the cell is taken
by the time the ability is carried out, the effect is left off (2007 5.8)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.classic import board
from engine.classic.abilities.base import Context, Param, choice, effect, whole
from engine.classic.abilities.effects import TargetedEffect

if TYPE_CHECKING:
    from engine.classic.board import Cell
    from engine.classic.game import ClassicGame


class CellEffect(TargetedEffect):
    """An effect on one card (the target or the ability's own) that puts it on the chosen free cell."""

    takes_cell: ClassVar[bool] = True
    params: ClassVar[dict[str, Param]] = {"to": choice(("target", "self"), default="target")}
    how: ClassVar[str] = ""

    def subject(self, cid: int, target: int | None) -> int | None:
        return cid if self.to == "self" else target  # type: ignore[attr-defined]

    def fits(self, game: ClassicGame, cid: int) -> bool:
        raise NotImplementedError

    def cells(self, game: ClassicGame, cid: int) -> list[Cell]:
        raise NotImplementedError

    def places(self, game: ClassicGame, cid: int, target: int | None) -> list[Cell] | None:
        who = self.subject(cid, target)
        if who is None or not game.in_play(who) or not self.fits(game, who):
            return []
        return self.cells(game, who)

    def on(self, game: ClassicGame, ctx: Context, cid: int) -> None:
        cell = ctx.cell
        if cell is not None and self.fits(game, cid) and cell in self.cells(game, cid):
            game.relocate(cid, cell, self.how)


@effect
class Relocate(CellEffect):
    """``{do = "relocate", to = "target", range = 1}``: move a card on the battlefield to a free cell (within
    ``range`` orthogonal cells of where it stands; anywhere when left out). A flyer is never moved
    (2007 1.5.1б)."""

    id: ClassVar[str] = "relocate"
    params: ClassVar[dict[str, Param]] = {**CellEffect.params, "range": whole(low=1)}
    how: ClassVar[str] = "relocate"

    def fits(self, game: ClassicGame, cid: int) -> bool:
        return game.creatures[cid].zone == "field"

    def cells(self, game: ClassicGame, cid: int) -> list[Cell]:
        return game.cells_within(cid, getattr(self, "range", None))

    def text(self, lang: str) -> str:
        reach = getattr(self, "range", None)
        if lang == "ru":
            where = "на свободную клетку" + (f" в пределах {reach}" if reach else "")
            return f"переместить {self.whom(lang)} {where}"
        where = "to a free cell" + (f" within {reach}" if reach else "")
        return f"move {self.whom(lang)} {where}"


@effect
class Land(CellEffect):
    """``{do = "land", to = "self"}``: a flyer loses its flight and lands on a free cell of the battlefield
    (2022 «Приземлиться»); with every cell taken it cannot land."""

    id: ClassVar[str] = "land"
    params: ClassVar[dict[str, Param]] = {"to": choice(("target", "self"), default="self")}
    how: ClassVar[str] = "land"

    def fits(self, game: ClassicGame, cid: int) -> bool:
        return game.is_flyer(cid) and game.is_creature(cid)

    def cells(self, game: ClassicGame, cid: int) -> list[Cell]:
        taken = game.grid()
        return [cell for cell in board.all_cells() if cell not in taken]

    def text(self, lang: str) -> str:
        if self.to == "self":  # type: ignore[attr-defined]
            return "приземлиться на свободную клетку" if lang == "ru" else "land on a free cell"
        return "приземлить цель на свободную клетку" if lang == "ru" else "make the target land on a free cell"
