"""Strict JSON for files other people made (saves, scenarios, settings): no NaN, no duplicate keys,
no huge numbers, no deep nesting, no absurd numbers of values.

``parse(text)`` returns plain data or raises :class:`JsonRejected` with a reason in ru and en.
Nothing here is ever evaluated: the standard ``json`` parser with hooks that refuse what
Python's parser would otherwise quietly accept, after a pre-scan (outside strings) for nesting
depth, overlong numbers and the number of values, so the parser never recurses deep, builds huge
integers or fills memory with millions of tiny lists. Pure: text in, data out (no files).
"""

from __future__ import annotations

import itertools
import json
import math
import re
from typing import Any

from engine.core.errors import Bilingual

MAX_DEPTH = 48
MAX_INT_DIGITS = 24  # the largest number in a save is a 64-bit seed (20 digits)
MAX_FLOAT_CHARS = 32

MAX_CONTAINERS = 200_000  # arrays and objects: a real save has some 20 000 per MiB, and real saves stay under 1 MiB
MAX_VALUES = 1_000_000  # about one per comma or colon: a real save has some 150 000 per MiB

_ESCAPES = (("\\\\", ""), ('\\"', ""))  # escaped backslashes and quotes: then every " opens or closes a string
_CHUNK = 1 << 18  # characters split at a time: millions of short strings never become millions of objects at once
_NOT_BRACKET_BYTES = bytes(b for b in range(256) if b not in b"[]{}")
_LONG_DIGITS = re.compile(r"\d{" + str(MAX_INT_DIGITS + 1) + ",}")
_DELTA = {"[": 1, "{": 1, "]": -1, "}": -1}


class JsonRejected(Bilingual, ValueError):
    """Text that strict JSON refuses; ``ru``/``en`` say why."""

    def __init__(self, ru: str, en: str) -> None:
        super().__init__(en)
        self.ru = ru
        self.en = en


def outside_strings(text: str) -> str:
    """``text`` with every string taken out (what is left are numbers, brackets, commas, words)."""
    for old, new in _ESCAPES:
        text = text.replace(old, new)
    pieces = []
    inside = False
    for start in range(0, len(text), _CHUNK):
        parts = text[start:start + _CHUNK].split('"')
        pieces.append("".join(parts[1 if inside else 0::2]))  # with escapes gone, every other part is outside
        inside ^= len(parts) % 2 == 0
    return "".join(pieces)


def too_deep(text: str, limit: int) -> bool:
    """Whether brackets (``[]{}``) in ``text`` nest deeper than ``limit``; counted without recursion."""
    brackets = text.encode("utf-8", "surrogatepass").translate(None, _NOT_BRACKET_BYTES).decode("ascii")
    depth = 0
    for start in range(0, len(brackets), 4096):  # in chunks, so a deep file is refused at once
        levels = list(itertools.accumulate(map(_DELTA.__getitem__, brackets[start:start + 4096]), initial=depth))
        if max(levels) > limit:
            return True
        depth = levels[-1]
    return False


def _counts(text: str) -> tuple[int, int]:
    """(arrays and objects, values): every container opens with a bracket, values are split by commas
    and a key is split from its value by a colon."""
    containers = text.count("[") + text.count("{")
    return containers, containers + text.count(",") + text.count(":")


def _prescan(text: str) -> None:
    """Refuse overlong numbers, absurd numbers of values and deep nesting before the parser sees them.

    The quick pass counts brackets, commas and digits inside strings too; only when it finds
    something is the text looked at again with the strings taken out.
    """
    outside = ""

    def precise() -> str:
        nonlocal outside
        outside = outside or outside_strings(text)
        return outside

    long = _LONG_DIGITS.search(text)
    if long:
        long = _LONG_DIGITS.search(precise())
        if long:
            raise JsonRejected(f"число из {len(long.group())}+ цифр слишком длинное",
                               f"a number with {len(long.group())}+ digits is too long")
    containers, values = _counts(text)
    if containers > MAX_CONTAINERS or values > MAX_VALUES:
        containers, values = _counts(precise())
        if containers > MAX_CONTAINERS:
            raise JsonRejected(f"больше {MAX_CONTAINERS} списков и объектов — слишком много",
                               f"more than {MAX_CONTAINERS} arrays and objects, too many")
        if values > MAX_VALUES:
            raise JsonRejected(f"больше {MAX_VALUES} значений — слишком много",
                               f"more than {MAX_VALUES} values, too many")
    if too_deep(text, MAX_DEPTH) and too_deep(precise(), MAX_DEPTH):
        raise JsonRejected(f"вложенность больше {MAX_DEPTH} уровней — слишком глубоко",
                           f"nested more than {MAX_DEPTH} levels deep, too deep")


def _no_constant(name: str) -> Any:
    raise JsonRejected(f"недопустимое число {name}", f"{name} is not allowed")


def _float(text: str) -> float:
    if len(text) > MAX_FLOAT_CHARS:
        raise JsonRejected("слишком длинное дробное число", "a fractional number is too long")
    value = float(text)
    if not math.isfinite(value):
        raise JsonRejected("число вне допустимого диапазона", "a number is out of range")
    return value


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise JsonRejected(f"ключ «{key[:40]}» повторяется", f"the key '{key[:40]}' appears twice")
            seen.add(key)
    return out


_DECODER = json.JSONDecoder(object_pairs_hook=_pairs, parse_float=_float,
                            parse_constant=_no_constant, strict=True)


def parse(text: str) -> Any:
    """Parse strict JSON text; raise JsonRejected with a readable reason."""
    _prescan(text)
    try:
        return _DECODER.decode(text)
    except JsonRejected:
        raise
    except json.JSONDecodeError as exc:
        raise JsonRejected(f"это не JSON (строка {exc.lineno}, столбец {exc.colno}: {exc.msg})",
                           f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except (ValueError, RecursionError, OverflowError) as exc:
        raise JsonRejected(f"это не JSON ({exc.__class__.__name__})", f"not valid JSON ({exc})") from None
