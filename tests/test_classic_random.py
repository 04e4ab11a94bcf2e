"""2,000 random full classic games: from two test decks — the die roll, squad building,
placement, reveal, symbiotes — through the battle with its abilities and stack to the end, with the
invariants after every action (every card in one place, one card a cell, no negative counts, the
decider has a legal action) and the dict round trip every 25 actions. Split in chunks so they run on
every core."""

from __future__ import annotations

import random

import pytest
from classic_support import ALL_CARDS, DECKS, classic_invariants

from engine.classic import actions as A
from engine.classic.game import ClassicGame

GAMES = 2000
CHUNK = 100
MAX_STEPS = 20000


def random_action(g: ClassicGame, rng: random.Random) -> A.Action:
    """A random legal action; while laying out, a random card on a random open cell, and ``ready`` once all
    are down (rearranging forever is legal but plays nothing; the setup tests rearrange)."""
    legal = g.legal_actions()
    if g.pending is not None and g.pending.kind == "place":
        legal = [a for a in legal if isinstance(a, A.Ready)] or [
            a for a in legal if isinstance(a, A.Place) and a.card not in g.creatures]
    return rng.choice(legal)


def play(seed: int) -> ClassicGame:
    rng = random.Random(seed)
    decks = [DECKS[k] for k in sorted(DECKS)]
    edition = "2007" if seed % 5 == 0 else "2022"
    g = ClassicGame.start(ALL_CARDS, [rng.choice(decks), rng.choice(decks)], seed=seed, edition=edition)
    classic_invariants(g)
    steps = 0
    while not g.is_over and steps < MAX_STEPS:
        g.apply(random_action(g, rng))
        classic_invariants(g)
        steps += 1
        if steps % 25 == 0:
            assert ClassicGame.from_dict(g.to_dict()).state_hash() == g.state_hash()
    assert g.is_over, f"seed {seed}: no end after {MAX_STEPS} actions"
    return g


@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_random_full_games_keep_the_invariants(chunk: int) -> None:
    outcomes = [play(seed).outcome for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK)]
    assert all(o is not None and o.winner in (0, 1, None) for o in outcomes)
