"""One field validator for the tables players write: card files, decks and positions.

A :class:`Fields` reads the fields of one table (a card, a deck, a creature of a position) and, when one
is wrong, raises the same :class:`CardDataError` everywhere: the file, the card and the field named, the
reason in Russian and English (``cards.toml: card c_x: field lives: …``). Classic cards and classic
positions read their tables through it.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.core.errors import CardDataError

_REQUIRED: Any = object()  # the default of a field that must be there
_T = TypeVar("_T")


@dataclass(frozen=True)
class Fields:
    """The fields of one table; ``prefix`` goes before each field name (``creature[2].``)."""

    table: Mapping[str, Any]
    file: str = ""
    card: str = ""
    prefix: str = ""

    def fail(self, field: str, en: str, ru: str) -> CardDataError:
        """The error for ``field`` (to raise)."""
        return CardDataError(en, ru=ru, file=self.file, card=self.card, field=self.prefix + field)

    def only(self, known: Collection[str]) -> None:
        """Refuse a key the table may not have, listing the ones it may."""
        extra = sorted(set(self.table) - set(known))
        if extra:
            listed = ", ".join(sorted(known))
            raise self.fail(extra[0], f"unknown field (known: {listed})", f"неизвестное поле (бывают: {listed})")

    def _get(self, key: str, default: Any) -> Any:
        if key in self.table:
            return self.table[key]
        if default is _REQUIRED:
            raise self.fail(key, "missing", "не указано")
        return default

    def whole(self, key: str, *, low: int = 0, high: int | None = None, default: Any = _REQUIRED) -> int:
        """A whole number from ``low`` to ``high`` (no upper bound when None); true/false is not a number."""
        value = self._get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
            if high is None:
                raise self.fail(key, f"must be a whole number of at least {low}", f"нужно целое число не меньше {low}")
            raise self.fail(key, f"must be a whole number {low}–{high}", f"нужно целое число {low}–{high}")
        return value

    def flag(self, key: str, *, default: Any = _REQUIRED) -> bool:
        value = self._get(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, "must be true or false", "нужно true или false")
        return value

    def text(self, key: str, *, default: Any = _REQUIRED) -> str:
        """Non-empty text."""
        value = self._get(key, default)
        if not isinstance(value, str) or not value:
            raise self.fail(key, "must be non-empty text", "нужен непустой текст")
        return value

    def choice(self, key: str, choices: Collection[str], *, default: Any = _REQUIRED) -> str:
        value = self._get(key, default)
        if value not in choices:
            listed = ", ".join(choices)
            raise self.fail(key, f"must be one of {listed}", f"нужно одно из: {listed}")
        return value

    def names(self, key: str = "name") -> dict[str, str]:
        """A name in both languages: ``{ru = "…", en = "…"}``."""
        value = self._get(key, _REQUIRED)
        if not (isinstance(value, dict) and isinstance(value.get("ru"), str) and isinstance(value.get("en"), str)
                and value["ru"] and value["en"] and set(value) <= {"ru", "en"}):
            raise self.fail(key, "must be a table {ru = \"…\", en = \"…\"}", "нужна таблица {ru = \"…\", en = \"…\"}")
        return {"ru": value["ru"], "en": value["en"]}


def tables_by_id(data: Mapping[str, Any], key: str, parse: Callable[[Any, str], _T], *, file: str = "",
                 ru: str = "") -> dict[str, _T]:
    """Every ``[[key]]`` table of one parsed file through ``parse(table, file)``, by its ``id``; a list that
    is not tables, or an id used twice, is refused naming the file (``ru``: the tables' name in Russian)."""
    tables = data.get(key, [])
    if not isinstance(tables, list):
        raise CardDataError(f"[[{key}]] must be an array of tables", ru=f"{ru} записываются таблицами [[{key}]]",
                            file=file, field=key)
    out: dict[str, _T] = {}
    for table in tables:
        item = parse(table, file)
        ident = item.id  # type: ignore[attr-defined]
        if ident in out:
            raise CardDataError("id already used", ru="такой id уже есть", file=file, card=ident, field="id")
        out[ident] = item
    return out
