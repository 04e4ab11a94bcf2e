"""The content loader: the one place under engine/ that touches the file system.

It reads the built-in assets (``assets/cards``, ``assets/decks``, classic's ``assets/classic``), the test
pools (``tests/data``, ``tests/classic_data``), the players' own card folders, scenario files, and — for ``saves`` and ``ui`` — any file someone else made
(:mod:`engine.content.userfile`: regular files only, the size checked before reading, never blocking).
It hands texts and tables to the pure parsers: :class:`engine.heroes.pool.CardPool` (card and deck
tables), :func:`engine.scenario.parse_scenario` (a scenario dict), :func:`engine.cards.check_files`.
The rules (core, heroes, classic, ai, cards, scenario) never open, list or stat a file, and never find
an asset next to their own source; tests/test_engine_pure.py scans their source to keep it so.

Why inside engine/ and not a top-level package: ``python -m engine.cards`` and
``python -m engine.scenario`` are the engine's own tools and read files; with the loader beside the
rules they keep working without the engine importing a package above it (engine never depends on
saves/ or ui/), and the engine stays one library that finds its own assets. The command lines are
here too (:mod:`engine.content.cli`); the packages' ``__main__`` modules only call them.
"""

from __future__ import annotations

from engine.content.cards import (
    ASSETS,
    BUILTIN_CARDS,
    BUILTIN_DECKS,
    MAX_CARD_FILE,
    TEST_CARDS,
    check_folder,
    load_classic_cards,
    load_classic_decks,
    load_pool,
    read_card_file,
    read_classic_decks,
    toml_files,
)
from engine.content.classic import ClassicPool, first_battle_game, load_classic_pool, load_first_battle
from engine.content.scenarios import MAX_FILE, base_pool, load_scenario, pool_for, scenario_from_data

__all__ = [
    "ASSETS", "BUILTIN_CARDS", "BUILTIN_DECKS", "MAX_CARD_FILE", "MAX_FILE", "TEST_CARDS", "ClassicPool", "base_pool",
    "check_folder", "first_battle_game", "load_classic_cards", "load_classic_decks", "load_classic_pool",
    "load_first_battle", "load_pool",
    "read_classic_decks", "load_scenario", "pool_for", "read_card_file", "scenario_from_data", "toml_files",
]
