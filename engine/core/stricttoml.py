"""Strict TOML for files other people made (cards, decks, scenarios): nesting and dotted keys within
bounds, whole numbers within 64 bits.

``parse(text)`` returns the tables or raises :class:`TomlRejected` with a reason in ru and en.
``tomllib`` recurses once per nested array or inline table (500 levels end in a RecursionError) and
keeps every prefix of a dotted key (``a.a.a…`` of 100 000 parts fills gigabytes), so a pre-scan with
the strings and comments taken out refuses both before it runs; a walk of the result (no recursion)
bounds the nesting that table headers and dotted keys build together. Pure: text in, data out.
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from engine.core.errors import Bilingual
from engine.core.strictjson import too_deep

MAX_DEPTH = 32  # the built-in card files nest 10 deep at most
INT_RANGE = (-(2**63), 2**64 - 1)  # TOML's whole numbers are 64-bit; a seed may use the unsigned range

# Strings (multi-line first) and comments, each matched without backtracking; they become one letter.
_LEXEME = re.compile(
    r'"""[^"\\]*(?:(?:\\.|"(?!""))[^"\\]*)*"{3,5}'
    r"|'''[^']*(?:'(?!'')[^']*)*'{3,5}"
    r'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"'
    r"|'[^'\n]*'"
    r"|#[^\n]*",
    re.DOTALL,
)
# A dotted key of more than MAX_DEPTH parts. It starts only where a word starts and not right after a dot,
# so a long word or a long key is read once, not once per letter or part.
_LONG_CHAIN = re.compile(r"(?<![\w.-])[\w-]+(?:[ \t]*\.[ \t]*[\w-]+){" + str(MAX_DEPTH) + ",}")


class TomlRejected(Bilingual, ValueError):
    """Text that strict TOML refuses; ``ru``/``en`` say why."""

    def __init__(self, ru: str, en: str) -> None:
        super().__init__(en)
        self.ru = ru
        self.en = en


def _too_deep() -> TomlRejected:
    return TomlRejected(f"вложенность больше {MAX_DEPTH} уровней — слишком глубоко",
                        f"nested more than {MAX_DEPTH} levels deep, too deep")


def _prescan(text: str) -> None:
    skeleton = _LEXEME.sub("Q", text)
    if too_deep(skeleton, MAX_DEPTH) or _LONG_CHAIN.search(skeleton):
        raise _too_deep()


def _check(data: dict[str, Any]) -> None:
    """Nesting within MAX_DEPTH and whole numbers within 64 bits, walked without recursion."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                raise _too_deep()
            stack.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict) else value))
        elif isinstance(value, int) and not isinstance(value, bool) and not INT_RANGE[0] <= value <= INT_RANGE[1]:
            raise TomlRejected("целое число больше 64 бит", "a whole number larger than 64 bits")


def parse(text: str) -> dict[str, Any]:
    """Parse TOML text; raise TomlRejected with a readable reason."""
    _prescan(text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise TomlRejected(f"ошибка в записи TOML: {exc}", f"not valid TOML: {exc}") from None
    except (ValueError, RecursionError, MemoryError) as exc:  # a number past Python's digit limit, …
        raise TomlRejected(f"ошибка в записи TOML ({type(exc).__name__})",
                           f"not valid TOML ({type(exc).__name__}: {exc})") from None
    _check(data)
    return data
