"""A card's name laid out on a face so that it is always whole: one line, else two (or more) of one size,
broken between words and after hyphens, from the face's own size down to the readable floor. Shared by the
classic faces (pygame type) and the «Герои» faces (Pillow type): each passes how wide a text is at a size
and how tall a line is.

A name is never cut with «…»: when no layout fits the room the face offers, the smallest whole one is
returned and the face gives it the room (dropping lesser parts). A single word wider than the face even in
the floor's type (only on the smallest faces) is broken inside with a hyphen, every letter kept."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

Measure = Callable[[str, int], float]  # width of a text at a type size
LineHeight = Callable[[int], int]  # height of one line at a type size


@dataclass(frozen=True)
class NameFit:
    """A name as a face draws it: its lines (together the whole name), their type size and total height."""

    lines: tuple[str, ...]
    size: int
    height: int
    fits: bool  # within the room asked for (else the face must make room: the name is never cut)


def pieces(name: str) -> list[tuple[str, bool]]:
    """The name's words, split after hyphens too; True when a piece joins the next without a space."""
    out: list[tuple[str, bool]] = []
    for word in name.split():
        parts = word.split("-")
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            if part or not last:
                out.append((part if last else part + "-", not last))
    return out


def wrap(name: str, size: int, width: float, measure: Measure) -> list[str]:
    """The name in lines no wider than ``width`` where breaks between words and after hyphens allow it; a
    piece wider than ``width`` alone stays whole on its line (:func:`break_word` splits it)."""
    lines: list[str] = []
    cur, glue = "", False
    for piece, joins in pieces(name):
        cand = piece if not cur else (cur + piece if glue else f"{cur} {piece}")
        if cur and measure(cand, size) > width:
            lines.append(cur)
            cur = piece
        else:
            cur = cand
        glue = joins
    return [*lines, cur] if cur else lines or [""]


def break_word(word: str, size: int, width: float, measure: Measure) -> list[str]:
    """A word too wide for one line, in pieces that fit, each but the last ending with a hyphen (at least
    two letters on either side of a break)."""
    out: list[str] = []
    rest = word
    while measure(rest, size) > width and len(rest) > 3:
        cut = len(rest) - 2
        while cut > 2 and measure(rest[:cut] + "-", size) > width:
            cut -= 1
        if rest[cut - 1] == "-":
            out.append(rest[:cut])
        else:
            out.append(rest[:cut] + "-")
        rest = rest[cut:]
    return [*out, rest]


def fit_name(name: str, width: float, room: int, start: int, floor: int, measure: Measure,
             line_h: LineHeight, most: int = 3) -> NameFit:
    """The largest whole layout of ``name`` in ``width`` × ``room``: one line at the face's size (down to
    four fifths of it), then two lines of one size down to ``floor``, then one line down to ``floor``, then
    up to ``most`` lines. With none fitting the room, the lowest whole layout at ``floor``."""
    start = max(start, floor)

    def layout(s: int, lines: list[str]) -> NameFit | None:
        if all(measure(line, s) <= width for line in lines) and len(lines) * line_h(s) <= room:
            return NameFit(tuple(lines), s, len(lines) * line_h(s), True)
        return None

    for s in range(start, max(floor, start * 4 // 5) - 1, -1):
        if (fit := layout(s, [name])) is not None:
            return fit
    for n in range(2, most + 1):
        for s in range(start, floor - 1, -1):
            lines = wrap(name, s, width, measure)
            if len(lines) <= n and (fit := layout(s, lines)) is not None:
                return fit
        if n == 2:
            for s in range(start * 4 // 5, floor - 1, -1):
                if (fit := layout(s, [name])) is not None:
                    return fit
    lines = [part for line in wrap(name, floor, width, measure) for part in
             (break_word(line, floor, width, measure) if measure(line, floor) > width else [line])]
    return NameFit(tuple(lines), floor, len(lines) * line_h(floor), False)


def whole(name: str, lines: list[str] | tuple[str, ...]) -> bool:
    """Do ``lines`` say the whole ``name``, every letter in order (spaces and the hyphens of a break aside)?"""
    def letters(text: str) -> str:
        return "".join(text.split()).replace("-", "")

    return "…" not in "".join(lines) and letters("".join(lines)) == letters(name)
