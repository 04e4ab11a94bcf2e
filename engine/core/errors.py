"""Typed errors of the engine, with reasons a player can read in ru and en."""

from __future__ import annotations

import reprlib

MAX_REASON = 300  # characters of one message line a player reads; a file may hold a megabyte in one value
MAX_SHOWN = 60  # characters of a quoted value inside a message

_SHOWN = reprlib.Repr()
_SHOWN.maxstring = _SHOWN.maxother = MAX_SHOWN
_SHOWN.maxlevel = 3
_SHOWN.maxlist = _SHOWN.maxtuple = _SHOWN.maxdict = _SHOWN.maxset = 6


def clip(text: str, limit: int = MAX_REASON) -> str:
    """``text`` cut to ``limit`` characters, ending in «…» when something was cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shown(value: object) -> str:
    """A value quoted in a message, as ``repr`` but short whatever its size (``'aaaa...aaaa'``, ``[1, 2, ...]``)."""
    try:
        return clip(_SHOWN.repr(value), MAX_SHOWN + 10)
    except Exception:  # noqa: BLE001 - a value from a file must never break its own error message
        return f"<{type(value).__name__}>"


class Bilingual:
    """Mixin of an error whose reason a player reads in ru or en (``str(exc)`` is the English one)."""

    ru: str
    en: str

    def reason(self, lang: str = "ru") -> str:
        """The reason in ``lang``, cut to a readable length."""
        return clip(self.ru if lang == "ru" else self.en)


class IllegalAction(Bilingual, ValueError):
    """An action that the rules do not allow now; the state is left unchanged."""

    def __init__(self, code: str, ru: str, en: str) -> None:
        super().__init__(en)
        self.code = code
        self.ru = ru
        self.en = en


class CardDataError(ValueError):
    """A card, deck or position file that does not match the schema.

    It names the file, the card and the field, with the reason in ru and en like
    :class:`IllegalAction`; ``str(exc)`` is the English line.
    """

    _WHERE = {"ru": ("файл", "карта", "поле"), "en": ("file", "card", "field")}

    def __init__(self, message: str, *, ru: str, file: str = "", card: str = "", field: str = "") -> None:
        self.en = clip(message)
        self.ru = clip(ru)
        self.file = file
        self.card = clip(card, 80)
        self.field = clip(field, 120)
        super().__init__(self.reason("en"))

    def __reduce__(self) -> tuple:
        # Pickled (a worker process, a copy) with every part, not just the English line.
        return _card_data_error, (self.en, self.ru, self.file, self.card, self.field)

    @property
    def detail(self) -> str:
        """The English reason without file, card and field."""
        return self.en

    def reason(self, lang: str = "ru", *, file: str | None = None) -> str:
        """The whole line: «файл …, карта …, поле …: …» (the parts it knows), then the reason.

        ``file`` is shown instead of the stored path (the client shortens it to the file's name).
        """
        words = self._WHERE["ru" if lang == "ru" else "en"]
        parts = (self.file if file is None else file, self.card, self.field)
        where = ", ".join(f"{w} {v}" for w, v in zip(words, parts, strict=True) if v)
        text = self.ru if lang == "ru" else self.en
        return f"{where}: {text}" if where else text


def _card_data_error(en: str, ru: str, file: str, card: str, field: str) -> CardDataError:
    return CardDataError(en, ru=ru, file=file, card=card, field=field)
