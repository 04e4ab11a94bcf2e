"""Player-facing texts: flat keys in assets/i18n/<lang>.toml, ru first, en as the fallback."""

from __future__ import annotations

import tomllib
from pathlib import Path

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


class Tr:
    """``tr("menu.new_game")`` or ``tr("log.draw", name=…, n=2)`` in the chosen language."""

    def __init__(self, lang: str = "ru") -> None:
        self.lang = lang if lang in LANGS else "ru"

    def __call__(self, key: str, **kw: object) -> str:
        text = table(self.lang).get(key)
        if text is None:
            text = table("en").get(key, key)
        if kw:
            try:
                return text.format(**kw)
            except (KeyError, IndexError, ValueError):
                return text
        return text

    def has(self, key: str) -> bool:
        return key in table(self.lang)

    def name(self, names: dict[str, str]) -> str:
        """A card's or deck's own name in this language."""
        return names.get(self.lang) or names.get("ru") or next(iter(names.values()), "?")
