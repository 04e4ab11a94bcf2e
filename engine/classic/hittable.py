"""The classic hit table (Таблица Ударов), Classic 2007 4.2–4.9 and 2022 «Атака простым ударом».

Pure functions of the die results; the game rolls the dice and applies the wounds.
A strike kind is ``"weak"``, ``"medium"``, ``"strong"`` or ``None`` for a miss.
"""

from __future__ import annotations

from dataclasses import dataclass

WEAK, MEDIUM, STRONG = "weak", "medium", "strong"
KINDS = (WEAK, MEDIUM, STRONG)  # index into a creature's strike triple


@dataclass(frozen=True)
class Row:
    """One row of the table: which section, which difference, and who strikes how."""

    key: str  # "A1".."A5" in the attacker's favour, "D1".."D5" in the reflector's, "T4" / "T5" ties
    attacker: str | None
    reflector: str | None

    @property
    def exchange(self) -> bool:
        """Both creatures strike: only then may the higher roller lower the result (2007 4.5)."""
        return self.attacker is not None and self.reflector is not None


# Classic 2007 4.3, the difference in the attacker's favour: 1..5 (5 means 5 or more).
ATTACKER_ROWS = (
    Row("A1", WEAK, None),
    Row("A2", MEDIUM, WEAK),
    Row("A3", MEDIUM, None),
    Row("A4", STRONG, WEAK),
    Row("A5", STRONG, None),
)
# Classic 2007 4.3, the difference in the reflector's favour: 1..5 (5 means 5 or more).
REFLECTOR_ROWS = (
    Row("D1", WEAK, None),
    Row("D2", None, None),
    Row("D3", None, WEAK),
    Row("D4", WEAK, MEDIUM),
    Row("D5", None, MEDIUM),
)
# Classic 2007 4.3 / 2022 table: a difference of 0 — both rolled 4 or less, or both 5 or more.
TIE_LOW = Row("T4", WEAK, None)
TIE_HIGH = Row("T5", None, WEAK)

ROWS = {r.key: r for r in (*ATTACKER_ROWS, *REFLECTOR_ROWS, TIE_LOW, TIE_HIGH)}


def row_for(attacker_roll: int, reflector_roll: int) -> Row:
    """The row for two (modified) die results; the difference is taken after modifiers (2007 4.3)."""
    diff = attacker_roll - reflector_roll
    if diff > 0:
        return ATTACKER_ROWS[min(diff, 5) - 1]
    if diff < 0:
        return REFLECTOR_ROWS[min(-diff, 5) - 1]
    return TIE_LOW if attacker_roll <= 4 else TIE_HIGH


def row_above(row: Row) -> Row | None:
    """The row one line up in the same section of the table (2007 4.5 «подняться на одну строчку вверх»)."""
    for section in (ATTACKER_ROWS, REFLECTOR_ROWS):
        if row in section:
            i = section.index(row)
            return section[i - 1] if i > 0 else None
    return None


def lowering_roller(row: Row, attacker_roll: int, reflector_roll: int) -> str | None:
    """Who may lower the result: ``"attacker"``/``"reflector"`` (the higher roll), or None.

    Classic 2007 4.5 / 2022: only when both creatures are to strike, and only the side that
    rolled more; a row with no row above cannot be lowered.
    """
    if not row.exchange or attacker_roll == reflector_roll or row_above(row) is None:
        return None
    return "attacker" if attacker_roll > reflector_roll else "reflector"


def tapped_strike(roll: int) -> str:
    """A strike on a tapped card, one die (2007 4.9): 3 or less weak, 4–5 medium, 6 or more strong."""
    if roll <= 3:
        return WEAK
    if roll <= 5:
        return MEDIUM
    return STRONG


def strike_value(strike: tuple[int, int, int], kind: str | None) -> int:
    """Wounds a strike of this kind deals with the creature's weak-medium-strong triple (2007 1.4.9)."""
    return 0 if kind is None else strike[KINDS.index(kind)]
