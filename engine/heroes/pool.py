"""The card pool: every card and deck known to a game, and deck legality.

Pure: tables and texts in, a pool out. Reading the built-in ``assets/cards`` folder and the players'
own folders is the content loader's (:func:`engine.content.load_pool`), which hands each file's
tables to :meth:`CardPool.add_card_data` here.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import CardDataError
from engine.heroes import registry as R
from engine.heroes.carddef import CardDef, DeckDef, effects_with_paths, parse_card, parse_deck, parse_toml


@dataclass
class CardPool:
    """Cards by id and ready decks by id."""

    cards: dict[str, CardDef] = field(default_factory=dict)
    decks: dict[str, DeckDef] = field(default_factory=dict)
    skipped: list[CardDataError] = field(default_factory=list)
    raw: dict[str, dict[str, Any]] = field(default_factory=dict)  # card id -> its table as written (saves)

    def __getitem__(self, cid: str) -> CardDef:
        return self.cards[cid]

    def __contains__(self, cid: object) -> bool:
        return cid in self.cards

    def add_card_data(self, data: dict[str, Any], file: str, *, skip_broken: bool = False) -> list[CardDef]:
        """Add every ``[[card]]`` table of one file; errors name the file, card and field.

        With ``skip_broken`` (players' files) a broken card is noted in ``skipped`` and the file's
        other cards still load.
        """
        tables = data.get("card", [])
        if not isinstance(tables, list):
            raise CardDataError("[[card]] must be an array of tables", ru="карты записываются таблицами [[card]]",
                                file=file, field="card")
        added = []
        for table in tables:
            try:
                card = parse_card(table, file)
                if card.id in self.cards:
                    where = self.cards[card.id].source
                    raise CardDataError(f"id already used in {where}", ru=f"такой id уже есть в {where}", file=file,
                                        card=card.id, field="id")
            except CardDataError as exc:
                if not skip_broken:
                    raise
                self.skipped.append(exc)
                continue
            added.append(card)
            self.cards[card.id] = card
            self.raw[card.id] = table
        return added

    def add_deck_data(self, data: dict[str, Any], file: str) -> DeckDef:
        deck = parse_deck(data.get("deck"), file)
        if deck.id in self.decks:
            raise CardDataError("deck id already used", ru="колода с таким id уже есть", file=file, card=deck.id,
                                field="id")
        self.decks[deck.id] = deck
        return deck

    def check_references(self) -> None:
        """Cards named inside abilities (``create``) must exist in the pool; the error names the field
        as written in the card's file (``abilities[1].effects[0].card``), like the other card checks."""
        for card in self.cards.values():
            for path, eff in effects_with_paths(card):
                for pname, param in R.EFFECTS[eff["effect"]].params.items():
                    if param.kind != "card" or pname not in eff or eff[pname] in self.cards:
                        continue
                    ref = eff[pname]
                    en, ru = (("creates", "создаёт") if eff["effect"] == "create" else ("names", "указывает"))
                    raise CardDataError(f"{en} unknown card {ref!r}", ru=f"{ru} неизвестную карту {ref!r}",
                                        file=card.source, card=card.id, field=f"{path}.{pname}")

    def drop_broken_references(self, keep: set[str]) -> None:
        """Skip (into ``skipped``) each card outside ``keep`` that creates an unknown card, one at a time:
        a player's card naming a card nobody wrote is dropped alone. A card in ``keep`` failing raises."""
        while True:
            try:
                self.check_references()
                return
            except CardDataError as exc:
                if exc.card in keep or exc.card not in self.cards:
                    raise
                self.skipped.append(exc)
                del self.cards[exc.card]
                self.raw.pop(exc.card, None)

    @classmethod
    def from_texts(cls, cards: dict[str, str], decks: dict[str, str] | None = None) -> CardPool:
        pool = cls()
        for name, text in cards.items():
            pool.add_card_data(parse_toml(text, name), name)
        for name, text in (decks or {}).items():
            pool.add_deck_data(parse_toml(text, name), name)
        pool.check_references()
        return pool


def deck_problems(pool: CardPool, hero_id: str, card_ids: list[str], lang: str = "en") -> list[str]:
    """Why a deck is not legal; empty when it is (rulebook «Правила составления колоды»)."""
    ru = lang == "ru"
    problems: list[str] = []
    hero = pool.cards.get(hero_id)
    if hero is None or hero.type != "hero":
        return [f"{'неизвестный герой' if ru else 'unknown hero'} {hero_id!r}"]
    if len(card_ids) < 40:
        problems.append(f"в колоде {len(card_ids)} карт, нужно 40 или больше" if ru
                        else f"the deck has {len(card_ids)} cards, it needs 40 or more")
    allowed = set(hero.elements)
    for cid, n in sorted(Counter(card_ids).items()):
        card = pool.cards.get(cid)
        if card is None:
            problems.append(f"{'неизвестная карта' if ru else 'unknown card'} {cid!r}")
            continue
        if card.type == "hero":
            problems.append(f"{cid}: {'герой не кладётся в колоду' if ru else 'a hero is not part of the deck'}")
        if card.created:
            problems.append(f"{cid}: {'созданную карту нельзя класть в колоду' if ru else 'created cards never go in a deck'}")
        if card.elements and not set(card.elements) & allowed:
            problems.append(f"{cid}: {'чужая стихия' if ru else 'element not allowed for this hero'}")
        limit = max([3, *(R.KEYWORDS[name].deck_copies for name in card.keyword_map)])  # CR 7 Орда: 5
        if n > limit:
            problems.append(f"{cid}: {n} {'копий, можно' if ru else 'copies, limit'} {limit}")
    return problems
