"""Russian plural forms of a noun after a number (its own module: the keyword texts and the grammar
both need it, and the grammar needs the keyword texts)."""

from __future__ import annotations


def plural_ru(n: int | str, one: str, few: str, many: str) -> str:
    if n == "X":
        return many
    k = abs(int(n))
    if k % 10 == 1 and k % 100 != 11:
        return one
    if 2 <= k % 10 <= 4 and not 12 <= k % 100 <= 14:
        return few
    return many
