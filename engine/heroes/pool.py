"""The card pool: every card and deck known to a game, and deck legality.

``CardPool.from_texts`` is pure. ``load_pool`` reads the built-in ``assets/cards`` folder and
the players' own folders; a broken player file is skipped and reported, never fatal. Files are read
through :mod:`engine.core.userfile`: regular files of at most ``MAX_CARD_FILE`` bytes, never a FIFO.
"""

from __future__ import annotations

import pathlib
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine.core import userfile
from engine.core.errors import CardDataError
from engine.heroes import registry as R
from engine.heroes.carddef import CardDef, DeckDef, effects_with_paths, parse_card, parse_deck, parse_toml

ASSETS = pathlib.Path(__file__).resolve().parents[2] / "assets"
BUILTIN_CARDS = ASSETS / "cards"
BUILTIN_DECKS = ASSETS / "decks"
MAX_CARD_FILE = 1 << 20  # 1 MiB: the largest built-in card file is 12 KiB


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
        limit = 5 if card.keyword("horde") else 3
        if n > limit:
            problems.append(f"{cid}: {n} {'копий, можно' if ru else 'copies, limit'} {limit}")
    return problems


def read_card_file(path: pathlib.Path) -> dict[str, Any]:
    """The tables of one card or deck file; CardDataError naming the file when it cannot be read (not a
    regular file, too large, not UTF-8) or is not strict TOML."""
    try:
        text = userfile.read_text(path, MAX_CARD_FILE)
    except userfile.FileRefused as exc:
        raise CardDataError(exc.en, ru=exc.ru, file=str(path)) from None
    return parse_toml(text, str(path))


def _read_folder(pool: CardPool, folder: pathlib.Path, strict: bool) -> None:
    for path in sorted(folder.glob("**/*.toml")):
        try:
            pool.add_card_data(read_card_file(path), str(path), skip_broken=not strict)
        except CardDataError as exc:
            if strict:
                raise
            pool.skipped.append(exc)


def load_pool(user_dirs: list[pathlib.Path] | None = None, *, builtin: bool = True) -> CardPool:
    """Built-in cards and decks (errors are fatal: they are ours), then the players' own cards."""
    pool = CardPool()
    if builtin:
        _read_folder(pool, BUILTIN_CARDS, strict=True)
    for folder in user_dirs or []:
        if folder.is_dir():
            before = set(pool.cards)
            _read_folder(pool, folder, strict=False)
            while True:  # a player card creating an unknown card is skipped alone
                try:
                    pool.check_references()
                    break
                except CardDataError as exc:
                    if exc.card in before or exc.card not in pool.cards:
                        raise
                    pool.skipped.append(exc)
                    del pool.cards[exc.card]
                    pool.raw.pop(exc.card, None)
    if builtin:
        pool.check_references()
        if BUILTIN_DECKS.is_dir():
            for path in sorted(BUILTIN_DECKS.glob("*.toml")):
                pool.add_deck_data(read_card_file(path), str(path))
    return pool
