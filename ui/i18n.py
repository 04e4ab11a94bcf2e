"""Player-facing texts: flat keys in assets/i18n/<lang>.toml, ru first, en as the fallback.

A number that meets a noun takes the noun's form from the text itself: ``{n:# монета|# монеты|# монет}``
(Russian: one, few, many) or ``{n:# coin|# coins}`` (English: one, other); ``#`` is the number.
"""

from __future__ import annotations

import string
import tomllib
from pathlib import Path

from engine.core.grammar import plural_ru

I18N_DIR = Path(__file__).resolve().parent.parent / "assets" / "i18n"
LANGS = ("ru", "en")
_tables: dict[str, dict[str, str]] = {}


def _flatten(prefix: str, data: dict, out: dict[str, str]) -> None:
    for key, value in data.items():
        full = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            _flatten(full, value, out)
        else:
            out[full] = str(value)


def table(lang: str) -> dict[str, str]:
    """All texts of one language, keys flattened with dots (``menu.new_game``)."""
    if lang not in _tables:
        out: dict[str, str] = {}
        path = I18N_DIR / f"{lang}.toml"
        if path.is_file():
            with open(path, "rb") as f:
                _flatten("", tomllib.load(f), out)
        _tables[lang] = out
    return _tables[lang]


def plural(lang: str, n: object, forms: list[str]) -> str:
    """The form of ``forms`` (ru: one, few, many; en: one, other) that agrees with ``n``."""
    try:
        k = int(n)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        return forms[-1]
    if lang == "ru" and len(forms) >= 3:
        return plural_ru(k, forms[0], forms[1], forms[2])
    return forms[0] if abs(k) == 1 else forms[-1]


class _Formatter(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: object, format_spec: str) -> str:
        if "|" in format_spec:
            return plural(self.lang, value, format_spec.split("|")).replace("#", str(value))
        return super().format_field(value, format_spec)


class Tr:
    """``tr("menu.new_game")`` or ``tr("log.draw", name=…, n=2)`` in the chosen language."""

    def __init__(self, lang: str = "ru") -> None:
        self.lang = lang if lang in LANGS else "ru"

    def __call__(self, key: str, **kw: object) -> str:
        text = table(self.lang).get(key)
        lang = self.lang
        if text is None:
            text, lang = table("en").get(key, key), "en"
        if kw:
            try:
                return _Formatter(lang).vformat(text, (), kw)
            except (KeyError, IndexError, ValueError):
                return text
        return text

    def has(self, key: str) -> bool:
        return key in table(self.lang)

    def name(self, names: dict[str, str]) -> str:
        """A card's or deck's own name in this language."""
        return names.get(self.lang) or names.get("ru") or next(iter(names.values()), "?")
