"""Where a «Герои» face's words go: the name, always whole (ui/facetext.py: one line, else two or more of one
size, down to the floor, its strip taking the lines it needs from the picture), and the rules text, whole
wherever the face can hold it — its type shrinks to the floor, and the type line, a spare line of the name
strip and the picture (down to the least picture, :func:`ui.heroes.faceparts.least_art`) give it room. On a face too small for the whole text even so, the box
shows the whole sentences (and clauses: «Найм:») that fit and a last line saying the rest is a rest of the
pointer away (the zoom): nothing is cut in the middle."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from ui.facetext import NameFit, fit_name
from ui.fonts import pil_font
from ui.heroes import cardtext
from ui.heroes.faceparts import face_parts
from ui.i18n import table

FLOOR = 11  # px: as ui.fonts.MIN_PX, the least type a player reads
TEXT_LINE = 1.22  # a rules text line's height, in its type size
NAME_LINE = 1.12  # a name line's height, in its type size


@dataclass(frozen=True)
class FaceWords:
    """A face's words laid out: its parts (ui.heroes.cards.face_parts), its name, and its text as shown."""

    parts: Any  # FaceParts
    ss: int  # drawn this many times larger, then scaled down
    name: NameFit | None  # sizes and heights in face pixels (times ``ss`` when drawn); None on a face too small
    # for the whole name above its numbers (a card in a row of many): the close look has it
    text_size: int
    text: tuple[str, ...]  # the lines the text box shows
    whole: bool  # they are the whole rules text
    more: str  # the last line when they are not: where the full text is


def supersample(w: int) -> int:
    return 2 if w >= 200 else 1


def name_of(cdef: Any, lang: str) -> str:
    return cdef.name.get(lang) or cdef.name.get("ru") or cdef.id


def _bold(ss: int):
    def measure(text: str, size: int) -> float:
        return pil_font(size * ss, True).getlength(text) / ss
    return measure


def _name_line(size: int) -> int:
    return math.ceil(size * NAME_LINE)


def text_line(size: int) -> int:
    return int(size * TEXT_LINE)


def name_room(P) -> tuple[float, int]:
    """(width, height) the name strip gives its lines."""
    x0, y0, x1, y1 = P.name
    return (x1 - x0) - max(3, (x1 - x0) * 0.03), (y1 - y0) - max(2, P.name_size // 4)


_widths: dict[tuple[int, str], float] = {}


def _width(f, word: str) -> float:
    """A word's width in a font, kept (the same words are measured at many sizes and faces)."""
    key = (id(f), word)
    w = _widths.get(key)
    if w is None:
        if len(_widths) > 50000:
            _widths.clear()
        w = _widths[key] = f.getlength(word)
    return w


def wrap(text: str, size: int, width: float, ss: int) -> list[str]:
    """``text`` in lines no wider than ``width`` at ``size`` (measured as it is drawn, ``ss`` times larger)."""
    f = pil_font(size * ss, False)
    space = _width(f, " ")
    lines: list[str] = []

    for para in text.split("\n"):
        line, line_w = "", 0.0
        for word in para.split():
            ww = _width(f, word)
            if not line:
                line, line_w = word, ww
            elif line_w + space + ww <= width * ss:
                line, line_w = f"{line} {word}", line_w + space + ww
            else:
                lines.append(line)
                line, line_w = word, ww
        lines.append(line)
    return [ln for ln in lines if ln] or [""]


def text_room(P, w: int) -> tuple[float, int, int]:
    """(width, height, padding) the text box gives its lines."""
    pad = max(2, int(w * 0.035))
    x0, y0, x1, y1 = P.text
    return x1 - x0 - 2 * pad, y1 - y0 - pad, pad


def box_lines(text: str, size: int, P, w: int, ss: int) -> list[str]:
    """``text`` wrapped in the face's text box at ``size``."""
    bw, _, _ = text_room(P, w)
    return wrap(text, size, bw, ss)


def _fit(text: str, P, w: int, h: int, ss: int) -> tuple[int, list[str]] | None:
    """The largest type (down to the floor) at which the whole text fits the box; None when none does."""
    bw, bh, _ = text_room(P, w)
    start = max(FLOOR, int(h * (0.062 if h < 240 else 0.045)))
    for s in range(start, FLOOR - 1, -1):
        lines = box_lines(text, s, P, w, ss)
        if len(lines) * text_line(s) <= bh:
            return s, lines
    return None


def clauses(text: str) -> list[str]:
    """The text's sentences and the clauses a colon or a semicolon ends («Найм:», «[T], 2 монеты:»), each
    ability's on its own (a paragraph starts a new one): the pieces a face too small for the whole text shows
    whole, up to where the rest begins."""
    out: list[str] = []
    for para in text.split("\n"):
        out += [s for s in re.split(r"(?<=[.!?:;])\s+", para.strip()) if s]
    return out


def face_words(cdef: Any, w: int, h: int, lang: str, bare: bool = False) -> FaceWords:
    """The layout of ``cdef``'s words on a w × h face (kept: the face and the table's marks both ask);
    ``bare``: a face with no number disks (ui.heroes.faceparts.face_parts)."""
    key = (id(cdef), w, h, lang, bare)
    hit = _cache.get(key)
    if hit is not None and hit[0] is cdef:
        return hit[1]
    if len(_cache) > 4000:
        _cache.clear()
    out = _lay_out(cdef, w, h, lang, bare)
    _cache[key] = (cdef, out)
    return out


_cache: dict[tuple, tuple[Any, FaceWords]] = {}


def _lay_out(cdef: Any, w: int, h: int, lang: str, bare: bool) -> FaceWords:
    ss = supersample(w)
    kind = cdef.type

    def parts(lines: int = 0, give: int = 0, no_type: bool = False):
        return face_parts(kind, w, h, lines, give, no_type, bare)

    P = parts()
    name = name_of(cdef, lang)
    room_w, room_h = name_room(P)
    fit: NameFit | None = fit_name(name, room_w, room_h, P.name_size, FLOOR, _bold(ss), _name_line)
    nl = 0
    if fit is not None and not fit.fits and len(fit.lines) != P.name_lines:  # the strip takes the lines it needs
        nl = len(fit.lines)
        P = parts(nl)
        room_w, room_h = name_room(P)
        fit = fit_name(name, room_w, room_h, P.name_size, FLOOR, _bold(ss), _name_line)
        disks = [d[1] - d[2] for d in (P.strike, P.lives) if d is not None]
        if P.name[3] > min(disks, default=h):  # no room above its numbers for the whole name: none on the face
            nl, fit = 0, None
            P = parts()
    text = cardtext.card_text(cdef, lang) if P.text is not None else ""
    if not text:
        return FaceWords(P, ss, fit, FLOOR, (), P.text is not None, "")
    # a text too long for the box takes room, in turn, from the type line, the name strip's spare line and
    # then the picture (down to the least picture): the first of these that holds it whole is the face
    tight = len(fit.lines) if fit is not None else 1
    shapes = ((nl, False), (nl, True), (tight, True))
    for give in (False, True):
        for lines, no_type in shapes:
            P = parts(lines, 0, no_type)
            if P.text is None:
                continue
            if give:
                _, bh, _ = text_room(P, w)
                P = parts(lines, len(box_lines(text, FLOOR, P, w, ss)) * text_line(FLOOR) - bh, no_type)
            got = _fit(text, P, w, h, ss)
            if got is not None:
                return FaceWords(P, ss, fit, got[0], tuple(got[1]), True, "")
    # still too long for this face: whole sentences, then where the rest is
    if P.text is None:
        return FaceWords(P, ss, fit, FLOOR, (), False, "")
    _, bh, _ = text_room(P, w)
    more = table(lang).get("face.more") or table("ru").get("face.more", "")
    room = bh // text_line(FLOOR)
    shown: list[str] = []
    said = ""
    for i, para in enumerate(text.split("\n")):
        for j, clause in enumerate(clauses(para)):
            cand = clause if not said else said + ("\n" if i and not j else " ") + clause
            lines = box_lines(cand, FLOOR, P, w, ss)
            if len(lines) + len(box_lines(more, FLOOR, P, w, ss)) > room:
                break
            said, shown = cand, lines
        else:
            continue
        break
    return FaceWords(P, ss, fit, FLOOR, tuple(shown), False, more)
