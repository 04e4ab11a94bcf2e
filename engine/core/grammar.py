"""Number agreement shared by both games and the client: which form of a noun follows a number."""

from __future__ import annotations


def plural_ru(n: int | str, one: str, few: str, many: str) -> str:
    """The Russian form after ``n``: one (1, 21), few (2–4, 22–24) or many (5–20, 11–14, "X")."""
    if n == "X":
        return many
    k = abs(int(n))
    if k % 10 == 1 and k % 100 != 11:
        return one
    if 2 <= k % 10 <= 4 and not 12 <= k % 100 <= 14:
        return few
    return many
