"""Effects on cells of the battlefield (2007 1.10): «Ловушка X» (``trap``) and «Топь» (``mire``).

An ability puts the effect on a free cell its player chose when declaring it (``use … to=r,c``, like
Перемещение). The effect belongs to the player who controlled the card that made it, when it was made
(2007 1.10), and acts on an enemy creature of that player that comes onto the cell — by its movement, a
jump, a teleport, another card's effect or coming into play — at once, with no stack: the effect is
already carried out, the rest is what it does (docs/classic-abilities.md). A trap wounds the first such
creature and is gone; a mire takes its remaining movement and lasts until the start of its owner's next
turn. A card protected from the kind of the ability that made it (an influence, a spell) is not touched.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.classic import board
from engine.classic.abilities.base import Context, Effect, Param, effect, whole
from engine.classic.state import CellMark
from engine.core.grammar import plural_ru

if TYPE_CHECKING:
    from engine.classic.board import Cell
    from engine.classic.game import ClassicGame


class CellMarkEffect(Effect):
    """An effect that leaves a mark of ``mark`` on the chosen free cell (within ``range`` of its card)."""

    takes_cell: ClassVar[bool] = True
    mark: ClassVar[str] = ""

    def wants_target(self) -> bool:
        return False

    def places(self, game: ClassicGame, cid: int, target: int | None) -> list[Cell] | None:
        reach = getattr(self, "range", None)
        if reach is not None:
            return game.cells_within(cid, reach)  # a flyer stands on no cell: nothing is within its reach
        taken = game.grid()
        return [cell for cell in board.all_cells() if cell not in taken]

    def run(self, game: ClassicGame, ctx: Context) -> None:
        cell = ctx.cell
        if cell is None or game.occupant(cell) is not None:
            return  # 2007 5.8: the cell was taken meanwhile, nothing to carry out
        game.mark_cell(CellMark(cell=cell, kind=self.mark, owner=ctx.player, source=ctx.source,
                                x=getattr(self, "x", 0) or 0, by=ctx.kind, turn=game.turn))

    def where(self, lang: str) -> str:
        reach = getattr(self, "range", None)
        if reach is None:
            return "на свободную клетку" if lang == "ru" else "on a free cell"
        return f"на свободную клетку в пределах {reach}" if lang == "ru" else f"on a free cell within {reach}"


@effect
class Trap(CellMarkEffect):
    """``{do = "trap", x = 2, range = 2}``: a trap on a free cell; the first enemy creature to come onto it gets
    X wounds (not an attack: armour does not stop them) and the trap is gone."""

    id: ClassVar[str] = "trap"
    mark: ClassVar[str] = "trap"
    params: ClassVar[dict[str, Param]] = {"x": whole(low=1, required=True), "range": whole(low=1)}

    def text(self, lang: str) -> str:
        x = self.x  # type: ignore[attr-defined]
        if lang == "ru":
            return (f"поставить ловушку {self.where(lang)}: первое существо противника, вставшее на неё, получает "
                    f"{x} {plural_ru(x, 'рану', 'раны', 'ран')}")
        return f"set a trap {self.where(lang)}: the first enemy creature to come onto it gets {x} wound{'s' if x != 1 else ''}"


@effect
class Mire(CellMarkEffect):
    """``{do = "mire", range = 2}``: a mire on a free cell until the start of its owner's next turn; an enemy
    creature that comes onto it loses its remaining movement."""

    id: ClassVar[str] = "mire"
    mark: ClassVar[str] = "mire"
    params: ClassVar[dict[str, Param]] = {"range": whole(low=1)}

    def text(self, lang: str) -> str:
        if lang == "ru":
            return (f"наложить топь {self.where(lang)} до начала вашего следующего хода: существо противника, "
                    "вставшее на неё, теряет оставшееся движение")
        return (f"lay a mire {self.where(lang)} until the start of your next turn: an enemy creature that comes "
                "onto it loses its remaining movement")


def enter_cell(game: ClassicGame, cid: int, cell: Cell) -> None:
    """``cid`` came onto ``cell``: every effect there that belongs to its enemy acts on it (2007 1.10)."""
    c = game.creatures[cid]
    for mark in [m for m in game.cell_marks if m.cell == cell]:
        if mark.owner == c.owner or not game.in_play(cid) or not game.is_creature(cid):
            continue
        if game.protected(cid, mark.by, None) or (mark.by == "spell" and game.protected(cid, "magic", None)):
            continue
        game.spring_cell(mark, cid)
        if mark.kind == "trap":
            game.unmark_cell(mark, "used")
            game.deal_wounds(cid, mark.x, None, "trap", magic=mark.by == "spell")
            game.queue_deaths(None, [cid])
        elif mark.kind == "mire":
            c.moves = 0
