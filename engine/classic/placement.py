"""Where a squad may be laid out: the tiers of cells of 2022 «Расстановка карт на поле боя» / 2007 3.9–3.10.

A player fills the cells of a tier before any cell of the next one. The first player: the central 3×3
of their half, then the side cells of rows 2 and 3, the side cells of row 1 last. The second player:
all of row 1 and the central cells of rows 2 and 3, then the side cells of rows 2 and 3.
"""

from __future__ import annotations

from collections.abc import Collection

from engine.classic.board import Cell, own_row


def tiers(player: int, first: bool) -> list[list[Cell]]:
    """The cells of ``player``'s half in the order the rules open them, tier by tier."""
    centre = [(own_row(player, n), c) for n in (1, 2, 3) for c in (1, 2, 3)]
    front_sides = [(own_row(player, 1), c) for c in (0, 4)]
    back_sides = [(own_row(player, n), c) for n in (2, 3) for c in (0, 4)]
    if first:
        return [centre, back_sides, front_sides]  # 2007 3.9
    return [centre + front_sides, back_sides]  # 2007 3.10


def open_cells(player: int, first: bool, taken: Collection[Cell]) -> list[Cell]:
    """The free cells a card may be put on now: those of the first tier that is not yet full."""
    for tier in tiers(player, first):
        free = [cell for cell in tier if cell not in taken]
        if free:
            return free
    return []


def half(player: int) -> set[Cell]:
    """Every cell of ``player``'s half (15 cells: the most cards a squad can lay out)."""
    return {(own_row(player, n), c) for n in (1, 2, 3) for c in range(5)}
