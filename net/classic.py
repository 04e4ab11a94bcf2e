"""Classic «Берсерк» on the server: the built-in cards and ready decks, three modes — the first battle's
two squads laid out at once ("first"), or a full game from decks by the 2022 or the 2007 rules — a deck
checked with the engine's reasons (2022 «Колода»), and a new game with its record."""

from __future__ import annotations

import sys
from functools import lru_cache
from typing import Any

from engine.classic.decks import ClassicDeck, deck_problems
from engine.content import load_classic_pool, load_first_battle
from engine.core.hashing import stable_hash
from engine.core.timing import TimeLimit
from net.kits import register_kit
from net.protocol import MAX_DECK, Fields, NetError
from saves.record import GameRecord, PlayerSetup

MODES = ("first", "2022", "2007")


@lru_cache(maxsize=1)
def content() -> dict[str, Any]:
    """The cards the server plays classic with: the built-in ones (a player's own cards are not played here)."""
    return dict(load_classic_pool().cards)


@lru_cache(maxsize=1)
def fingerprint() -> str:
    """A hash of the built-in cards: a client with other cards is told so before it sits down."""
    return stable_hash({cid: card.to_dict() for cid, card in sorted(content().items())})


@lru_cache(maxsize=1)
def _battle() -> Any:
    return load_first_battle()


def side(fields: Fields, mode: str) -> PlayerSetup:
    """A player's side from a ``create``/``join`` message: in a full game the deck ``{"cards": [ids]}``,
    checked with the engine's reasons (NetError ``deck``); in the first battle nothing (its squads are the
    file's)."""
    if mode == "first":
        return PlayerSetup(name="", kind="human", hero="", deck=[])
    cards = fields.table("deck").ids("cards", MAX_DECK)
    deck = ClassicDeck.from_cards(cards, "deck")
    problems = deck_problems(deck, content())
    if problems:
        raise NetError("deck", ru="; ".join(p.ru for p in problems[:3]), en="; ".join(p.en for p in problems[:3]))
    return PlayerSetup(name="", kind="human", hero="", deck=list(cards), deck_id="deck")


def begin(mode: str, players: list[PlayerSetup], seed: int,
          time_limit: TimeLimit | None = None) -> tuple[GameRecord, Any]:
    """A new game and its record (timed with ``time_limit``): a full game (die roll, squad building, placement:
    the engine deals the decks in its own shuffled order), or the first battle's squads on the file's cells, its
    first player first."""
    if mode != "first":
        return GameRecord.begin_classic(content(), players, seed=seed, edition=mode, time_limit=time_limit)
    battle = _battle()
    labels = battle.labels
    layout = [{"player": t["player"], "card": t["card"], "at": None if t["at"] is None else list(t["at"]),
               "zone": t["zone"], "host": None if t["host"] is None else labels.index(t["host"]) + 1}
              for t in battle.position["creature"]]
    squads = [PlayerSetup(name=p.name, kind="human", hero="", deck=[t["card"] for t in layout if t["player"] == i])
              for i, p in enumerate(players)]
    return GameRecord.begin_classic(content(), squads, seed=seed, first=battle.first, layout=layout,
                                    time_limit=time_limit)


def base() -> Any:
    return None  # a classic save carries its cards


_tables: dict[str, dict[str, Any]] = {}  # card id -> its table (a card never changes; the server's are fixed)


def state(game: Any) -> dict[str, Any]:
    """``game.to_dict()``, the card tables read once per card for the whole server (writing a card's table,
    its abilities' texts and all, is most of the cost of the whole state)."""
    out = game.to_dict(with_cards=False)
    used = sorted({c["card"] for c in out["creatures"]} | {row[2] for row in out["instances"]})
    for cid in used:
        if cid not in _tables:
            _tables[cid] = game.cards[cid].to_dict()
    out["cards"] = {cid: _tables[cid] for cid in used}
    return out


register_kit("classic", sys.modules[__name__])
