"""Shared helpers of the save tests: random legal games on the test pool (its cards are "custom")."""

from __future__ import annotations

import json
import pathlib
import random

from engine.content import load_pool
from engine.heroes import actions as A
from engine.heroes.game import HeroesGame
from saves import GameRecord, PlayerSetup

DATA = pathlib.Path(__file__).resolve().parent / "data"
POOL = load_pool([DATA])
# Built-in and test cards mixed: the test ones are "custom" and must travel inside each save.
TEST_CARDS = sorted(c.id for c in POOL.cards.values() if c.type != "hero" and not c.created)


def random_players(rng: random.Random, deck_size: int, deck_id: str = "deck-x") -> list[PlayerSetup]:
    return [PlayerSetup("Анна", "human", "t_hero_steppe", [rng.choice(TEST_CARDS) for _ in range(deck_size)]),
            PlayerSetup("Bot «Ёж»", "computer", "t_hero_dark", [rng.choice(TEST_CARDS) for _ in range(deck_size)],
                        deck_id, level="easy")]  # not the default level: every save test carries it through


def new_game(seed: int, deck_size: int = 12, deck_id: str = "deck-x") -> tuple[GameRecord, HeroesGame]:
    rng = random.Random(seed * 7919 + 1)
    return GameRecord.begin(POOL, random_players(rng, deck_size, deck_id), seed=seed, check_decks=False)


def random_step(game: HeroesGame, rng: random.Random, meta: float = 0.0) -> A.Action:
    """A random legal action; with probability ``meta`` a draw offer, when the decider may make one (CR 603.2)."""
    if meta and rng.random() < meta and game.can_offer_draw(game.decider):
        return A.OfferDraw(player=game.decider)
    return rng.choice(game.legal_actions())


def play(record: GameRecord, game: HeroesGame, rng: random.Random, n: int, meta: float = 0.0) -> None:
    for _ in range(n):
        if game.is_over:
            return
        record.play(game, random_step(game, rng, meta))


def played(seed: int, n: int, deck_size: int = 12, deck_id: str = "deck-x") -> tuple[GameRecord, HeroesGame]:
    record, game = new_game(seed, deck_size, deck_id)
    play(record, game, random.Random(seed), n)
    return record, game


def folder_bytes(folder: pathlib.Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def to_v0(record: GameRecord) -> dict:
    """The version-0 layout (docs/saves.md), made from a current record."""
    snap = record.snapshot
    return {"version": 0, "game": record.ruleset, "date": "2024-03-01T18:30:00+00:00", "seed": record.seed,
            "free_decks": not record.check_decks,
            "players": [{"name": p.name, "human": p.kind == "human", "hero": p.hero, "deck": p.deck}
                        for p in record.players],
            "cards": record.custom_cards, "actions": record.log, "state": snap.state, "hash": snap.hash}


def to_v2(record: GameRecord) -> dict:
    """The version-2 layout (docs/saves.md) of a «Герои» record: today's document with version 2."""
    from saves.format import encode

    assert record.ruleset == "heroes"  # version 2 knew no other
    doc = json.loads(encode(record))
    doc["version"] = 2
    return doc


def to_v1(record: GameRecord) -> dict:
    """The version-1 layout (docs/saves.md): today's document without the computer's ``level``."""
    doc = to_v2(record)
    doc["version"] = 1
    for p in doc["setup"]["players"]:
        p.pop("level", None)
        assert set(p) == {"name", "kind", "hero", "deck_id", "deck"}  # exactly the version-1 player fields
    return doc
