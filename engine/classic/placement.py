"""Where a squad card may be laid out now (2022 «Расстановка карт на поле боя»; 2007 3.8–3.10).

The tiers are :func:`engine.classic.board.deployment_tiers`: a player takes every cell of a tier before
any cell of the next one.
"""

from __future__ import annotations

from collections.abc import Collection

from engine.classic.board import Cell, deployment_tiers, own_row


def open_cells(player: int, first: bool, taken: Collection[Cell]) -> list[Cell]:
    """The free cells a card may be put on now: those of the first tier that is not yet full."""
    for tier in deployment_tiers(player, first):
        free = [cell for cell in tier if cell not in taken]
        if free:
            return free
    return []


def half(player: int) -> set[Cell]:
    """Every cell of ``player``'s half (15 cells: the most cards a squad can lay out)."""
    return {(own_row(player, n), c) for n in (1, 2, 3) for c in range(5)}
