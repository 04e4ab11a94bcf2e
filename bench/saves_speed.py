"""Save and load time of a 60-turn «Берсерк. Герои» game (target: at most 50 ms each).

Prints ``save_ms=`` (capture, encode, self-check, atomic write with fsync and .bak) and ``load_ms=``
(read, strict parse, schema, replay of every action through the rules, hash check): the best of
``--runs`` runs, as timeit does (other processes only ever add time), and the median beside it.
"""

from __future__ import annotations

import argparse
import pathlib
import random
import statistics
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from engine.content import load_pool  # noqa: E402
from engine.heroes import actions as A  # noqa: E402
from engine.heroes.game import HeroesGame  # noqa: E402
from engine.heroes.pool import CardPool  # noqa: E402
from saves import GameRecord, PlayerSetup, SaveManager  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]
TURNS = 60


def _players(pool: CardPool) -> list[PlayerSetup]:
    decks = sorted(pool.decks.values(), key=lambda d: d.id)
    if len(decks) >= 2:
        return [PlayerSetup(f"Игрок {i + 1}", "human", d.hero, d.card_list(), d.id) for i, d in enumerate(decks[:2])]
    cards = sorted(c.id for c in pool.cards.values() if c.type != "hero" and not c.created
                   and c.source.startswith(str(ROOT / "tests")))
    deck = (cards * 3)[:40]
    return [PlayerSetup("Игрок 1", "human", "t_hero_steppe", deck),
            PlayerSetup("Игрок 2", "computer", "t_hero_dark", deck)]


def _calm(game: HeroesGame, rng: random.Random) -> A.Action:
    """Random play that never attacks or targets a hero nor uses a hero's abilities, so the game lasts."""
    heroes = {p.hero for p in game.players}

    def hits_hero(a: A.Action) -> bool:
        return bool(heroes & {getattr(a, "target", None), *getattr(a, "targets", ())}) or (
            isinstance(a, A.Activate) and a.card in heroes)

    options = [a for a in game.legal_actions() if not hits_hero(a)]
    return rng.choice(options or game.legal_actions())


def long_game(pool: CardPool, turns: int = TURNS) -> tuple[GameRecord, HeroesGame]:
    """A game played until turn ``turns`` starts (tries seeds until one lasts that long)."""
    players = _players(pool)
    for seed in range(1000):
        rng = random.Random(seed)
        record, game = GameRecord.begin(pool, players, seed=seed, check_decks=False)
        while not game.is_over and game.turn < turns:
            record.play(game, _calm(game, rng))
        if not game.is_over:
            return record, game
    raise RuntimeError(f"no game reached turn {turns}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    pool = load_pool([ROOT / "tests" / "data"])
    record, game = long_game(pool)
    with tempfile.TemporaryDirectory() as folder:
        manager = SaveManager(pathlib.Path(folder))
        saves, loads = [], []
        path = manager.save(record, "bench", game=game)
        manager.load(path)  # warm up: the built-in pool is read once per process
        for _ in range(args.runs):
            t = time.perf_counter()
            path = manager.save(record, "bench", game=game)
            saves.append(time.perf_counter() - t)
            t = time.perf_counter()
            loaded = manager.load(path)
            loads.append(time.perf_counter() - t)
        assert loaded.game.state_hash() == game.state_hash()
        size = path.stat().st_size
    print(f"save_ms={min(saves) * 1000:.1f}")
    print(f"load_ms={min(loads) * 1000:.1f}")
    print(f"save_median_ms={statistics.median(saves) * 1000:.1f}")
    print(f"load_median_ms={statistics.median(loads) * 1000:.1f}")
    print(f"save_turns={game.turn}")
    print(f"save_actions={len(record.log)}")
    print(f"save_kib={size / 1024:.0f}")


if __name__ == "__main__":
    main()
