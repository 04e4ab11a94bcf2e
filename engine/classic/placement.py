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


def moves_of_laid(player: int, first: bool, taken: Collection[Cell]) -> tuple[dict[Cell, int], list[Cell]]:
    """What moving a laid-out card needs, worked out once for every card: each cell's tier number, and the open
    cells (:func:`open_cells`). Lifting a card off ``at`` leaves it these cells to go to (``at`` itself
    excepted): none when its tier comes before the first tier not yet full (that tier is full but for
    ``at``), else that tier's free cells — the same as ``open_cells`` with ``at`` lifted off."""
    return _TIER_OF[(player, first)], open_cells(player, first, taken)


# each cell's tier number, for each player going first or second (built once; never changed)
_TIER_OF = {(p, f): {cell: k for k, tier in enumerate(deployment_tiers(p, f)) for cell in tier}
            for p in (0, 1) for f in (True, False)}


def half(player: int) -> set[Cell]:
    """Every cell of ``player``'s half (15 cells: the most cards a squad can lay out)."""
    return {(own_row(player, n), c) for n in (1, 2, 3) for c in range(5)}
