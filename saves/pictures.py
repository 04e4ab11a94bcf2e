"""Where the picture of a card a save carries is found (docs/saves.md «Pictures»).

A save carries each card's ``art`` with its table, so a shipped picture (a name) shows wherever the save
is opened. A player's own picture is a file beside the player's card file, and a save carries no files:
such a card is drawn with the picture beside the player's own card of the same id when that card names
the same file, and with the neutral picture otherwise. The card's ``source`` is never the save's own
name, so a picture is never looked for relative to the current directory."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.core.art import is_file_name


def wants_folder(cards: Iterable[Any]) -> bool:
    """Whether any card names a picture file of its own (only then is the player's folder worth reading)."""
    return any(is_file_name(card.art) for card in cards)


def picture_source(card: Any, own: Mapping[str, Any]) -> str:
    """The ``source`` a saved card is drawn with: the player's own card file of the same id when that card
    names the same picture file; "" otherwise (a shipped picture needs no folder, an unknown file none)."""
    if not is_file_name(card.art):
        return ""
    mine = own.get(card.id)
    if mine is not None and mine.art == card.art and mine.source:
        return str(mine.source)
    return ""
