"""«Берсерк. Герои» on the server: the built-in cards, one mode, a deck checked with the engine's reasons
(rulebook «Правила составления колоды»), and a new game with its record.

A deck's card list is dealt in an order of the server's own before the game starts: the engine numbers the
cards of a deck in the order it is given (:meth:`engine.heroes.game.HeroesGame.new`), so a list in a known
order (a ready deck's) would let an instance id in the opponent's hand say which card it is."""

from __future__ import annotations

import random
import sys
from typing import Any

from engine.core.hashing import stable_hash
from engine.core.timing import TimeLimit
from engine.heroes.pool import CardPool, deck_problems
from net.kits import register_kit
from net.protocol import MAX_DECK, Fields, NetError
from saves.heroes import builtin_pool, pool_version
from saves.record import GameRecord, PlayerSetup

MODES = ("standard",)


def content() -> CardPool:
    """The cards the server plays «Герои» with: the built-in ones (a player's own cards are not played here)."""
    return builtin_pool()


def fingerprint() -> str:
    """A hash of the built-in cards: a client with other cards is told so before it sits down."""
    return stable_hash({"heroes": pool_version(content())})


def side(fields: Fields, mode: str) -> PlayerSetup:
    """A player's deck from a ``create``/``join`` message: ``{"hero": id, "cards": [ids]}``, checked with the
    engine's reasons (NetError ``deck``)."""
    deck = fields.table("deck")
    hero = deck.text("hero", 64)
    cards = deck.ids("cards", MAX_DECK)
    pool = content()
    ru = deck_problems(pool, hero, cards, "ru")
    if ru:
        raise NetError("deck", ru="; ".join(ru[:3]), en="; ".join(deck_problems(pool, hero, cards, "en")[:3]))
    return PlayerSetup(name="", kind="human", hero=hero, deck=list(cards))


def begin(mode: str, players: list[PlayerSetup], seed: int,
          time_limit: TimeLimit | None = None) -> tuple[GameRecord, Any]:
    """A new game and its record (timed with ``time_limit``); each deck dealt in an order of the server's own
    (see the module's doc)."""
    deal = random.Random(f"deal {seed}")  # as secret as the game's seed, which no player is sent
    dealt = []
    for p in players:
        cards = list(p.deck)
        deal.shuffle(cards)
        dealt.append(PlayerSetup(name=p.name, kind="human", hero=p.hero, deck=cards))
    return GameRecord.begin(content(), dealt, seed=seed, check_decks=True, time_limit=time_limit)


def base() -> CardPool:
    """What a saved game of this ruleset is rebuilt with (saves.record.GameRecord.replay's ``base``)."""
    return content()


def state(game: Any) -> dict[str, Any]:
    """The game's ``to_dict()`` (what every view of a change is made from)."""
    return game.to_dict()


register_kit("heroes", sys.modules[__name__])
