"""No module of engine/ keeps mutable state that outlives a game (STYLE.md «Where the house is going»).

A fresh interpreter imports every module of engine/, notes each module-level (and class-level) dict,
list and set and each ``lru_cache``, plays random games of every registered ruleset (with clones, the
dict round trip, the action text round trip and a few bot decisions), and reports every container
whose contents changed meanwhile: a cache shared by every game in the process. The probe runs in its
own process so that what other tests of this worker already filled cannot hide a cache.
"""

from __future__ import annotations

import copy
import importlib
import json
import pathlib
import pkgutil
import random
import subprocess
import sys
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _engine_modules() -> list[Any]:
    import engine

    out = [engine]
    for info in pkgutil.walk_packages(engine.__path__, "engine."):
        if info.name.rsplit(".", 1)[-1] == "__main__":
            continue  # a command line: importing it would run it
        out.append(importlib.import_module(info.name))
    return out


def _containers(modules: list[Any]) -> dict[str, Any]:
    """name -> each mutable container (or lru_cache) a module or a class of it holds, once by identity."""
    found: dict[str, Any] = {}
    seen: set[int] = set()

    def note(name: str, value: Any) -> None:
        if id(value) in seen:
            return
        if isinstance(value, (dict, list, set)) or hasattr(value, "cache_info"):
            seen.add(id(value))
            found[name] = value

    for module in modules:
        for key, value in vars(module).items():
            note(f"{module.__name__}.{key}", value)
            if isinstance(value, type) and value.__module__ == module.__name__:
                for attr, held in vars(value).items():
                    note(f"{module.__name__}.{key}.{attr}", held)
    return found


def _snapshot(value: Any) -> Any:
    if hasattr(value, "cache_info"):
        return value.cache_info().currsize
    return copy.copy(value)


def _play_everything() -> None:
    from engine import find_ruleset
    from engine.ai import make_bot, observe
    from engine.content import load_pool
    from engine.sim import play_random

    sys.path.insert(0, str(ROOT / "tests"))
    from classic_support import CARDS as classic_cards

    pool = load_pool([ROOT / "tests" / "data"])
    cards = sorted(c.id for c in pool.cards.values() if c.type != "hero" and not c.created)
    for seed in range(4):
        rng = random.Random(seed)
        heroes = find_ruleset("heroes")
        sides = [("t_hero_steppe", [rng.choice(cards) for _ in range(20)]),
                 ("t_hero_dark", [rng.choice(cards) for _ in range(20)])]
        g = heroes.new_game(pool, sides, seed=seed, check_decks=False)
        bot = make_bot("easy", seed=seed)
        for _ in range(30):
            if g.is_over:
                break
            g.apply(bot.choose(observe(g, g.decider)))
        log = play_random(g, rng, max_steps=3000)
        twin = heroes.from_dict(g.to_dict(), pool=pool).clone()
        assert twin.state_hash() == g.state_hash()
        for a in log[:200]:
            assert heroes.codec.parse(heroes.codec.text(a)) == a

        classic = find_ruleset("classic")
        squads = [rng.sample(sorted(classic_cards), 3) for _ in range(2)]
        c = classic.new_game(classic_cards, squads, seed=seed)
        log = play_random(c, rng, max_steps=3000)
        assert classic.from_dict(c.to_dict()).clone().state_hash() == c.state_hash()
        for a in log[:200]:
            assert classic.codec.parse(classic.codec.text(a)) == a


def probe(plant: bool = False) -> list[str]:
    """The names of the containers that changed while games were played (``plant`` adds one on purpose)."""
    from engine import find_ruleset, ruleset_names

    modules = _engine_modules()
    for name in ruleset_names():
        find_ruleset(name)  # registering the rulesets is import work, not play
    if plant:
        import engine.heroes.game as game_module

        planted: dict[int, int] = {}
        game_module._PLANTED = planted  # type: ignore[attr-defined]
        apply = game_module.HeroesGame.apply

        def remembering(self: Any, action: Any) -> Any:
            planted[len(planted)] = self.turn
            return apply(self, action)

        game_module.HeroesGame.apply = remembering  # type: ignore[method-assign]
    found = _containers(modules)
    before = {name: _snapshot(value) for name, value in found.items()}
    _play_everything()
    return sorted(name for name, value in found.items() if _snapshot(value) != before[name])


def _run_probe(*args: str) -> list[str]:
    done = subprocess.run([sys.executable, __file__, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, env=None)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_no_module_level_container_of_engine_changes_while_games_are_played() -> None:
    assert _run_probe() == []


def test_the_probe_sees_a_module_level_cache() -> None:
    # The same probe with a dict planted in engine.heroes.game and filled by every action.
    assert _run_probe("--plant") == ["engine.heroes.game._PLANTED"]


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    print(json.dumps(probe(plant="--plant" in sys.argv)))
