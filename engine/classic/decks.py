"""Classic decks as data, and whether a deck is legal (2022 «Колода»; «Орда»).

A deck file holds ``[[deck]]`` tables: ``id``, ``name = {ru, en}`` and ``cards``, a table of card id →
copies. :func:`parse_decks` checks the shape (errors name the file, the deck and the field through
:mod:`engine.core.fields`); :func:`deck_problems` checks the rules against the cards, each problem in
ru and en. Pure: reading the file is :mod:`engine.content`'s business.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.classic.cards import ClassicCard
from engine.core.errors import CardDataError, IllegalAction
from engine.core.fields import Fields, tables_by_id

MIN_CARDS = 30  # 2022 «Колода»: at least 30 cards
MAX_CARDS = 50  # …and at most 50
MAX_COPIES = 3  # 2022 «Колода»: at most three copies of a card
HORDE_COPIES = 5  # 2022 «Орда»: five with the horde
_FIELDS = {"id", "name", "cards"}


@dataclass(frozen=True)
class ClassicDeck:
    """A deck: its id, its name in both languages and how many copies of each card."""

    id: str
    name: dict[str, str]
    cards: tuple[tuple[str, int], ...]  # (card id, copies), in the order written

    @property
    def size(self) -> int:
        return sum(n for _, n in self.cards)

    def card_list(self) -> list[str]:
        """Every copy, as card ids (the deck before it is shuffled)."""
        return [cid for cid, n in self.cards for _ in range(n)]

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": dict(self.name), "cards": dict(self.cards)}

    @classmethod
    def from_cards(cls, cards: Iterable[str], deck_id: str = "deck", name: Mapping[str, str] | None = None
                   ) -> ClassicDeck:
        """A deck from a list of card ids (copies counted in first-seen order)."""
        counts: dict[str, int] = {}
        for cid in cards:
            counts[cid] = counts.get(cid, 0) + 1
        return cls(id=deck_id, name=dict(name or {"ru": "Колода", "en": "Deck"}), cards=tuple(counts.items()))


@dataclass(frozen=True)
class DeckProblem:
    """Why a deck is not legal, in ru and en (and the card concerned, if any)."""

    code: str
    ru: str
    en: str
    card: str = ""


def parse_deck(table: Any, file: str = "") -> ClassicDeck:
    """Validate the shape of one ``[[deck]]`` table (not yet the rules: see :func:`deck_problems`)."""
    if not isinstance(table, dict):
        raise CardDataError("a deck must be a table", ru="колода должна быть таблицей", file=file)
    did = table.get("id")
    if not isinstance(did, str) or not did:
        raise CardDataError("id must be non-empty text", ru="id должен быть непустым текстом", file=file, field="id")
    f = Fields(table, file=file, card=did)
    f.only(_FIELDS)
    name = f.names()
    raw = table.get("cards")
    if not isinstance(raw, dict) or not raw:
        raise f.fail("cards", "must be a table of card id = copies", "нужна таблица «id карты = число копий»")
    counts = Fields(raw, file=file, card=did, prefix="cards.")
    return ClassicDeck(id=did, name=name, cards=tuple((cid, counts.whole(cid, low=1, high=MAX_CARDS)) for cid in raw))


def parse_decks(data: dict[str, Any], file: str = "") -> dict[str, ClassicDeck]:
    """Every ``[[deck]]`` table of one parsed file, by id; a repeated id is an error."""
    return tables_by_id(data, "deck", parse_deck, file=file, ru="колоды")


def deck_problems(deck: ClassicDeck, cards: Mapping[str, ClassicCard]) -> list[DeckProblem]:
    """Every reason the deck is not legal; empty when it is (2022 «Колода», «Орда»)."""
    out: list[DeckProblem] = []
    size = deck.size
    if not MIN_CARDS <= size <= MAX_CARDS:
        out.append(DeckProblem("size", f"в колоде {size} карт, а должно быть от {MIN_CARDS} до {MAX_CARDS}",
                               f"the deck has {size} cards; it must have {MIN_CARDS} to {MAX_CARDS}"))
    for cid, n in deck.cards:
        card = cards.get(cid)
        if card is None:
            out.append(DeckProblem("unknown", f"неизвестная карта «{cid}»", f"unknown card '{cid}'", cid))
            continue
        limit = HORDE_COPIES if card.horde else MAX_COPIES
        if n > limit:
            horde_ru = " (с «Ордой» — пять)" if card.horde else ""
            horde_en = " (five with the horde)" if card.horde else ""
            out.append(DeckProblem("copies", f"«{card.name['ru']}»: {n} копий, а можно не больше {limit}{horde_ru}",
                                   f"{card.name['en']}: {n} copies, at most {limit} allowed{horde_en}", cid))
    return out


def check_deck(deck: ClassicDeck, cards: Mapping[str, ClassicCard]) -> None:
    """Raise IllegalAction (code ``deck``) listing every problem of an illegal deck, in ru and en."""
    problems = deck_problems(deck, cards)
    if problems:
        raise IllegalAction("deck", f"Колода «{deck.name['ru']}» не подходит: " + "; ".join(p.ru for p in problems) + ".",
                            f"The deck '{deck.name['en']}' is not legal: " + "; ".join(p.en for p in problems) + ".")
