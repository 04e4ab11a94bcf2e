"""Random full games of «Берсерк. Герои» with invariants checked after every action.

2,000 random games (random legal actions, fixed seeds) without an exception;
after every action every card is in exactly one zone, no count is negative, the deciding
player has a legal action unless the game is over, and dict -> state -> dict is identical.
Replaying a game's actions from its seed reproduces its state hash.
"""

from __future__ import annotations

import pathlib
import random
from collections import Counter

import pytest

from engine.content import load_pool
from engine.core.actions import parse_action
from engine.heroes.game import HeroesGame
from engine.sim import play_random

POOL = load_pool([pathlib.Path(__file__).parent / "data"])
assert not POOL.skipped, POOL.skipped  # the test pool must load whole
TEST_CARDS = sorted(c.id for c in POOL.cards.values() if c.type != "hero" and not c.created)
GAMES = 2000
CHUNK = 100


def decks_for(seed: int) -> list[tuple[str, list[str]]]:
    """Test-pool decks of varied size (short decks reach the deck-out loss, CR 304.2), or ready decks."""
    rng = random.Random(seed * 7919)
    ready = sorted(POOL.decks.values(), key=lambda d: d.id)
    if ready and seed % 2:
        a, b = rng.sample(ready, 2) if len(ready) > 1 else (ready[0], ready[0])
        return [(a.hero, a.card_list()), (b.hero, b.card_list())]
    size = rng.choice([8, 20, 40])
    return [("t_hero_steppe", [rng.choice(TEST_CARDS) for _ in range(size)]),
            ("t_hero_dark", [rng.choice(TEST_CARDS) for _ in range(size)])]


def check_invariants(g: HeroesGame) -> None:
    seen: Counter[int] = Counter()
    for p in g.players:
        for zone in ("deck", "hand", "grave", "play"):
            for cid in getattr(p, zone):
                seen[cid] += 1
                assert g.cards[cid].zone == zone, (cid, zone, g.cards[cid].zone)
        assert g.cards[p.hero].zone == "play"
        seen[p.hero] += 1
        assert p.coins >= 0 and p.temp_coins >= 0 and p.prayers >= 0 and p.failed_draws >= 0
        assert 0 <= p.tapped_coins <= p.coins + p.temp_coins
    for c in g.cards.values():
        if c.zone == "attached":
            assert c.host is not None and c.id in g.cards[c.host].attached
            seen[c.id] += 1
        elif c.zone == "supply":
            seen[c.id] += 1
        assert c.wounds >= 0 and c.poison >= 0 and c.armor_used >= 0
    # CR 201: every card is in exactly one zone.
    assert all(seen[cid] == 1 for cid in g.cards), [cid for cid in g.cards if seen[cid] != 1]
    if not g.is_over:
        assert g.decider in (0, 1)
        assert g.legal_actions(), g.pending
    else:
        assert g.decider is None and g.legal_actions() == []
    d = g.to_dict()
    assert HeroesGame.from_dict(d, pool=POOL).to_dict() == d


@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_random_games_keep_invariants(chunk: int) -> None:
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        g = HeroesGame.new(POOL, decks_for(seed), seed=seed, check_decks=False)
        check_invariants(g)
        play_random(g, random.Random(seed), on_step=lambda game, a, ev: check_invariants(game))
        assert g.is_over, f"seed {seed} did not finish"
        assert g.outcome.reason in ("hero", "deck", "both_heroes")


@pytest.mark.parametrize("seed", range(40))
def test_replay_from_seed_and_actions_reproduces_hash(seed: int) -> None:
    g = HeroesGame.new(POOL, decks_for(seed), seed=seed, check_decks=False)
    actions = play_random(g, random.Random(seed))
    again = HeroesGame.new(POOL, decks_for(seed), seed=seed, check_decks=False)
    for a in actions:
        again.apply(parse_action(str(a)))  # the text form is the log format
    assert again.state_hash() == g.state_hash()


def test_clone_is_independent() -> None:
    g = HeroesGame.new(POOL, decks_for(0), seed=0, check_decks=False)
    rng = random.Random(0)
    for _ in range(30):
        g.apply(rng.choice(g.legal_actions()))
    c = g.clone()
    assert c.state_hash() == g.state_hash()
    c.apply(c.legal_actions()[0])
    assert c.state_hash() != g.state_hash()
    assert HeroesGame.from_dict(g.to_dict(), pool=POOL).state_hash() == g.state_hash()
