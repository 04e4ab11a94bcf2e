"""Golden random games of «Берсерк. Герои»: the engine plays them exactly as it did when recorded.

Each game is fixed by its seed (decks, the game's seed, the random player's choices). Per game the
file stores the number of actions, the final state hash, and hashes of everything seen on the way:
the legal actions at every step in their order (random play picks by index, so the order is
behaviour too), the events of every action, and the state hash every 16 actions. Any change to the
rules engine that changes any of these fails here; a deliberate rules change re-records the file:

    .venv/bin/python tests/test_engine_golden.py --write

The default run checks the first DEFAULT_GAMES games; the slow one (``-m slow``) checks them all.
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import random
import sys
from typing import Any

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.content import load_pool  # noqa: E402
from engine.core.events import event_dicts  # noqa: E402
from engine.core.hashing import canonical_json  # noqa: E402
from engine.heroes.game import HeroesGame  # noqa: E402
from engine.heroes.pool import CardPool  # noqa: E402
from engine.sim import random_action  # noqa: E402

GOLDEN = ROOT / "tests" / "data" / "golden" / "heroes_random.json"
GAMES = 300
DEFAULT_GAMES = 60
MAX_STEPS = 20000
STATE_EVERY = 16

TEST_POOL = load_pool([ROOT / "tests" / "data"])  # the test pool (every mechanic) and the built-in cards
DEFAULT_POOL = load_pool()  # the built-in cards and ready decks only
TEST_CARDS = sorted(c.id for c in TEST_POOL.cards.values()
                    if c.type != "hero" and not c.created and c.source.endswith("pool.toml"))


def _ready_pairs(pool: CardPool) -> list[tuple[tuple[str, list[str]], tuple[str, list[str]]]]:
    """Every ordered pair of different ready decks, as bench/engine_speed.py plays them."""
    decks = sorted(pool.decks.values(), key=lambda d: d.id)
    return [((a.hero, a.card_list()), (b.hero, b.card_list())) for a in decks for b in decks if a.id != b.id]


BENCH_PAIRS = _ready_pairs(TEST_POOL)
DEFAULT_PAIRS = _ready_pairs(DEFAULT_POOL)


def game_setup(seed: int) -> tuple[CardPool, list[tuple[str, list[str]]]]:
    """Seed -> (pool, decks): a third the bench's pairs, a third test-pool decks, a third ready decks."""
    kind = seed % 3
    if kind == 0:
        a, b = BENCH_PAIRS[(seed // 3) % len(BENCH_PAIRS)]
        return TEST_POOL, [a, b]
    rng = random.Random(seed * 7919)
    if kind == 1:
        size = rng.choice([8, 20, 40])  # short decks reach the deck-out loss (CR 304.2)
        return TEST_POOL, [("t_hero_steppe", [rng.choice(TEST_CARDS) for _ in range(size)]),
                           ("t_hero_dark", [rng.choice(TEST_CARDS) for _ in range(size)])]
    a, b = rng.choice(DEFAULT_PAIRS)
    return DEFAULT_POOL, [a, b]


def record(seed: int, check_caches: bool = True) -> dict[str, Any]:
    """Play golden game ``seed`` with random legal actions; return its fingerprint.

    With ``check_caches`` the engine compares each of its caches with a fresh computation after every
    action (HeroesGame.check_caches), so a missing invalidation fails here even if it changes nothing.
    """
    was = HeroesGame.CHECK_CACHES
    HeroesGame.CHECK_CACHES = check_caches
    try:
        return _play(seed)
    finally:
        HeroesGame.CHECK_CACHES = was


def _play(seed: int) -> dict[str, Any]:
    pool, decks = game_setup(seed)
    g = HeroesGame.new(pool, decks, seed=seed, check_decks=False)
    rng = random.Random(seed)
    legal_h = hashlib.sha256()
    events_h = hashlib.sha256(canonical_json(event_dicts(g.setup_events)).encode())
    states_h = hashlib.sha256()
    steps = 0
    while not g.is_over and steps < MAX_STEPS:
        legal = g.legal_actions()
        legal_h.update("\n".join(str(a) for a in legal).encode())
        legal_h.update(b"\x00")
        action = random_action(g, rng)
        events = g.apply(action)
        events_h.update(canonical_json(event_dicts(events)).encode())
        events_h.update(b"\x00")
        steps += 1
        if steps % STATE_EVERY == 0:
            states_h.update(g.state_hash().encode())
    return {"seed": seed, "actions": steps, "outcome": g.outcome and g.outcome.to_dict(), "state_hash": g.state_hash(),
            "legal_hash": legal_h.hexdigest(), "events_hash": events_h.hexdigest(),
            "states_hash": states_h.hexdigest()}


def _golden() -> dict[int, dict[str, Any]]:
    return {g["seed"]: g for g in json.loads(GOLDEN.read_text(encoding="utf-8"))["games"]}


def _check(seeds: range) -> None:
    golden = _golden()
    bad = []
    for seed in seeds:
        got = record(seed)
        if got != golden[seed]:
            diff = [k for k in got if got[k] != golden[seed].get(k)]
            bad.append(f"seed {seed}: {', '.join(diff)}")
    assert not bad, "games differ from the golden record:\n" + "\n".join(bad)


def test_golden_file_covers_every_game() -> None:
    assert sorted(_golden()) == list(range(GAMES))


@pytest.mark.parametrize("chunk", range(3))
def test_golden_games_replay_identically(chunk: int) -> None:
    step = DEFAULT_GAMES // 3
    _check(range(chunk * step, (chunk + 1) * step))


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(6))
def test_all_golden_games_replay_identically(chunk: int) -> None:
    step = (GAMES - DEFAULT_GAMES) // 6
    _check(range(DEFAULT_GAMES + chunk * step, DEFAULT_GAMES + (chunk + 1) * step))


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: tests/test_engine_golden.py --write   (re-records every golden game)")
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    games = [record(seed, check_caches=False) for seed in range(GAMES)]
    GOLDEN.write_text(json.dumps({"games": games}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {len(games)} games, {sum(g['actions'] for g in games)} actions, to {GOLDEN}")
