"""The classic battlefield: 6 rows of 5 cells (Classic 2022 «Расстановка»; 2007 1.1).

Cells are ``(row, col)`` with row 0..5 and col 0..4. Row 0 is player 0's back (3rd) row and
row 2 their front (1st) row; rows 3..5 are player 1's half, row 3 their front row and row 5
their back row. In action text a cell is written ``row,col``, e.g. ``to=2,4``.
"""

from __future__ import annotations

from collections.abc import Iterator

ROWS = 6
COLS = 5
Cell = tuple[int, int]


def on_board(cell: Cell) -> bool:
    r, c = cell
    return 0 <= r < ROWS and 0 <= c < COLS


def all_cells() -> Iterator[Cell]:
    for r in range(ROWS):
        for c in range(COLS):
            yield (r, c)


def adjacent(a: Cell, b: Cell) -> bool:
    """Standing next to each other: behind, in front, left, right or diagonal (Classic 2022 glossary)."""
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def neighbours(cell: Cell) -> list[Cell]:
    """The up to 8 cells next to ``cell`` (diagonals included)."""
    r, c = cell
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and on_board((r + dr, c + dc))]


def orthogonal(cell: Cell) -> list[Cell]:
    """The up to 4 cells one step forward, back, left or right: the only movement steps (Classic 2007 3.14)."""
    r, c = cell
    return [n for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if on_board(n)]


def index(cell: Cell) -> int:
    """A cell's number, row by row (0 to 29): the order of the cells."""
    return cell[0] * COLS + cell[1]


CELLS: tuple[Cell, ...] = tuple((r, c) for r in range(ROWS) for c in range(COLS))  # by number
# each cell's number -> the numbers of its orthogonal steps (built once)
STEPS: tuple[tuple[int, ...], ...] = tuple(tuple(index(n) for n in orthogonal(cell)) for cell in CELLS)
# each cell's number -> the numbers of that cell and of the up to 8 cells next to it (built once)
AROUND: tuple[tuple[int, ...], ...] = tuple(
    tuple(index((r + dr, c + dc)) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if on_board((r + dr, c + dc)))
    for r, c in CELLS)


def _search(start: int, budget: int, taken: list[bool] | None) -> tuple[list[int], list[int]]:
    """Breadth first from cell number ``start`` through free cells (``taken``: each number's cell occupied;
    None: none is), at most ``budget`` steps: the cells reached in the order found (``start`` first) and each
    number's fewest steps (-1: not reached)."""
    dist = [-1] * (ROWS * COLS)
    dist[start] = 0
    found = [start]
    k = 0
    while k < len(found):
        cell = found[k]
        k += 1
        d = dist[cell]
        if d >= budget:
            continue
        for n in STEPS[cell]:
            if dist[n] < 0 and (taken is None or not taken[n]):
                dist[n] = d + 1
                found.append(n)
    return found, dist


def reachable(start: Cell, budget: int, taken: list[bool] | None) -> dict[Cell, int]:
    """Free cells reachable by orthogonal steps through free cells (``taken``: each cell's number occupied;
    None: every cell is free to pass, as for an incorporeal card), with the fewest steps each.

    Classic 2007 3.14 / 2022 «Движение»: one movement point per step onto a free orthogonal
    neighbour; no diagonal steps, no passing through or swapping with other cards.
    """
    found, dist = _search(index(start), budget, taken)
    return {CELLS[k]: dist[k] for k in found[1:]}


def reached(start: int, budget: int, taken: list[bool] | None) -> list[int]:
    """:func:`reachable` by the cells' numbers (``taken``: each number's cell occupied), in the cells' order:
    what listing a turn's steps needs."""
    found, _ = _search(start, budget, taken)
    out = found[1:]
    out.sort()
    return out


DIRECTIONS = ("front", "behind", "left", "right")


def toward(cell: Cell, player: int, direction: str) -> Cell | None:
    """The cell one step from ``cell`` in ``direction`` as ``player`` sees the battlefield from his side of
    the table (2022 glossary «Напротив», «Сзади», «Слева/справа»: seen from the card's controller): "front"
    toward the opponent's half, "behind" back toward his own edge, "left" and "right" along the row as his
    hands lie (player 0 sits at row 0, column 0 at his left; player 1 across the table). None off the field."""
    ahead = 1 if player == 0 else -1
    left = -1 if player == 0 else 1
    dr, dc = {"front": (ahead, 0), "behind": (-ahead, 0), "left": (0, left), "right": (0, -left)}[direction]
    out = (cell[0] + dr, cell[1] + dc)
    return out if on_board(out) else None


def own_row(player: int, n: int) -> int:
    """The board row of ``player``'s n-th row (1 = front, 3 = back)."""
    if n not in (1, 2, 3):
        raise ValueError("a player's rows are numbered 1 to 3")
    return 3 - n if player == 0 else 2 + n


def _tiers(player: int, first: bool) -> tuple[tuple[Cell, ...], ...]:
    centre = tuple((own_row(player, n), c) for n in (1, 2, 3) for c in (1, 2, 3))
    front_sides = tuple((own_row(player, 1), c) for c in (0, 4))
    back_sides = tuple((own_row(player, n), c) for n in (2, 3) for c in (0, 4))
    if first:
        return (centre, back_sides, front_sides)
    return (centre + front_sides, back_sides)


# the tiers never change: built once (tuples, so nothing can change them) for listing placements quickly
_TIERS = {(p, first): _tiers(p, first) for p in (0, 1) for first in (True, False)}


def deployment_tiers(player: int, first: bool) -> tuple[tuple[Cell, ...], ...]:
    """The cells of ``player``'s half in the tiers the rules open them (2022 «Расстановка»; 2007 3.9–3.10).

    A tier's cells are all taken before any of the next: the first player's central 3×3, then the side
    cells of rows 2 and 3, the side cells of the 1st row last; the second player's whole 1st row with the
    centre of rows 2 and 3, then the side cells of rows 2 and 3.
    """
    return _TIERS[(player, first)]


def deployment_order(player: int, first: bool) -> list[Cell]:
    """Cells in the order a squad is laid out on ``player``'s half: the tiers one after another."""
    return [cell for tier in deployment_tiers(player, first) for cell in tier]


def format_cell(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"
