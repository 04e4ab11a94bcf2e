"""Typed errors of the engine, with reasons a player can read in ru and en."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the state is left unchanged."""

    def __init__(self, code: str, ru: str, en: str) -> None:
        super().__init__(en)
        self.code = code
        self.ru = ru
        self.en = en

    def reason(self, lang: str = "ru") -> str:
        return self.ru if lang == "ru" else self.en


class CardDataError(ValueError):
    """A card, deck or position file that does not match the schema.

    The message names the file, the card and the field.
    """

    def __init__(self, message: str, *, file: str = "", card: str = "", field: str = "") -> None:
        where = ", ".join(p for p in (file and f"file {file}", card and f"card {card}",
                                       field and f"field {field}") if p)
        super().__init__(f"{where}: {message}" if where else message)
        self.file = file
        self.card = card
        self.field = field
        self.detail = message
