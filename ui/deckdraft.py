"""What the card browser and the deck builder share between games: a card as the browser filters it, a
deck being built, the filters and the sort, and a deck file's id made from its name.

Each game's client gives these through its ``decks`` kit (ui/heroes/decks.py, ui/classic/decks.py);
this module imports no game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class CardEntry:
    """One card as the browser sees it: what the filters and the sort read, and the text searched."""

    id: str
    name: dict[str, str]
    elements: tuple[str, ...]  # element ids; ("neutral",) for a card of none
    type: str  # the game's type id
    cost: int | None  # None: no cost printed (a «Герои» hero)
    keywords: tuple[str, ...] = ()  # keyword / ability ids
    search: str = ""  # name and rules text in ru and en, lower case
    own: bool = False  # one of the player's own cards
    elite: bool = False  # classic
    unique: bool = False  # classic
    hero: bool = False  # «Герои»: a hero is the deck's leader, not one of its cards
    deckable: bool = True  # may go in a deck (a created «Герои» card never does)


@dataclass
class DeckDraft:
    """A deck in the builder: its id (empty until first saved), name, hero («Герои») and copies by card."""

    id: str = ""
    name: dict[str, str] = field(default_factory=lambda: {"ru": "", "en": ""})
    hero: str = ""
    counts: dict[str, int] = field(default_factory=dict)
    plan: dict[str, str] = field(default_factory=dict)
    own: bool = False  # one of the player's decks (saving writes over its file)
    path: str = ""  # the player's deck file (own decks the builder may rewrite or delete)
    editable: bool = True  # own decks in a file of their own; a deck in a shared file is only copied

    @property
    def size(self) -> int:
        return sum(self.counts.values())

    def add(self, cid: str, n: int = 1) -> None:
        left = self.counts.get(cid, 0) + n
        if left > 0:
            self.counts[cid] = left
        else:
            self.counts.pop(cid, None)

    def copy(self) -> DeckDraft:
        return DeckDraft(id=self.id, name=dict(self.name), hero=self.hero, counts=dict(self.counts),
                         plan=dict(self.plan), own=self.own, path=self.path, editable=self.editable)


_LATIN = dict(zip("абвгдеёжзийклмнопрстуфхцчшщъыьэюя",
                  ["a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p", "r", "s",
                   "t", "u", "f", "kh", "ts", "ch", "sh", "sch", "", "y", "", "e", "yu", "ya"], strict=True))


def deck_id(name: str, taken: Iterable[str]) -> str:
    """A new deck's id from its name: lower-case latin letters, digits and ``_`` (what both deck parsers
    accept), starting ``my_`` so it never meets a built-in deck, made unique against ``taken``."""
    text = "".join(_LATIN.get(ch, ch) for ch in name.lower())
    slug = re.sub(r"[^a-z0-9]+", "_", text).strip("_")[:32] or "deck"
    base = f"my_{slug}"
    taken = set(taken)
    out, n = base, 2
    while out in taken:
        out, n = f"{base}_{n}", n + 1
    return out


@dataclass
class Filters:
    """What the browser shows: text searched in ru and en, and one value per facet ("" for any)."""

    text: str = ""
    element: str = ""
    type: str = ""
    cost: str = ""  # "0".."6", "7+" or ""
    keyword: str = ""
    rank: str = ""  # classic: "elite", "ordinary", "unique" or ""
    sort: str = "cost"  # "cost", "name", "element"
    lang: str = "ru"

    def admits(self, c: CardEntry) -> bool:
        if self.text and self.text.lower().strip() not in c.search:
            return False
        if self.element and self.element not in c.elements:
            return False
        if self.type and c.type != self.type:
            return False
        if self.cost:
            if c.cost is None:
                return False
            if self.cost.endswith("+") and c.cost < int(self.cost[:-1]):
                return False
            if not self.cost.endswith("+") and c.cost != int(self.cost):
                return False
        if self.keyword and self.keyword not in c.keywords:
            return False
        if self.rank == "elite" and not c.elite or self.rank == "ordinary" and c.elite:
            return False
        return not (self.rank == "unique" and not c.unique)

    def apply(self, cards: Iterable[CardEntry]) -> list[CardEntry]:
        shown = [c for c in cards if self.admits(c)]

        def name(c: CardEntry) -> str:
            return (c.name.get(self.lang) or c.name.get("ru") or c.id).lower()

        def cost(c: CardEntry) -> int:
            return -1 if c.cost is None else c.cost

        if self.sort == "name":
            shown.sort(key=lambda c: (name(c), c.id))
        elif self.sort == "element":
            shown.sort(key=lambda c: (c.elements, cost(c), name(c)))
        else:
            shown.sort(key=lambda c: (cost(c), name(c), c.id))
        return shown


COST_BUCKETS = ("0", "1", "2", "3", "4", "5", "6", "7+")


def cost_curve(draft: DeckDraft, cards: dict[str, CardEntry]) -> list[int]:
    """Copies of the deck's cards by cost: 0, 1, … 6 and 7 or more (the chart's columns)."""
    out = [0] * len(COST_BUCKETS)
    for cid, n in draft.counts.items():
        c = cards.get(cid)
        if c is not None and c.cost is not None:
            out[min(c.cost, len(COST_BUCKETS) - 1)] += n
    return out


def element_counts(draft: DeckDraft, cards: dict[str, CardEntry]) -> dict[str, int]:
    """Copies of the deck's cards by element (a card of two elements counts for both)."""
    out: dict[str, int] = {}
    for cid, n in draft.counts.items():
        c = cards.get(cid)
        for el in (c.elements if c is not None else ()):
            out[el] = out.get(el, 0) + n
    return out
