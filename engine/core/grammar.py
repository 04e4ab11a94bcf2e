"""Number agreement shared by both games and the client: which form of a noun follows a number."""

from __future__ import annotations


def plural_ru(n: int | str, one: str, few: str, many: str) -> str:
    """The Russian form after ``n``: one (1, 21), few (2–4, 22–24) or many (5–20, 11–14, "X", and a number
    that reads as «X», as the glossary's do)."""
    if str(n) == "X":
        return many
    k = abs(int(n))
    if k % 10 == 1 and k % 100 != 11:
        return one
    if 2 <= k % 10 <= 4 and not 12 <= k % 100 <= 14:
        return few
    return many


def is_one(n: object) -> bool:
    """Whether ``n`` reads as 1, so that a noun after it is singular («первая рана», "the top card"); a number
    shown as «X» is not."""
    return str(n) == "1"
