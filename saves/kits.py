"""Each game's part of a save: how its setup starts a game and which cards the save carries.

The record (:mod:`saves.record`) is the same for every game; what differs is kept by a kit per ruleset,
found by the ruleset's name like the engine finds the game (:func:`engine.find_ruleset`): ``saves.heroes``
(a card pool: the built-in cards plus the save's custom ones, and a version of the built-in cards) and
``saves.classic`` (the tables of every card of both squads). A kit is a module with ``begin``,
``content``, ``new_game`` and ``content_version``; it registers itself here.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from engine.core.registry import Registry

BUILTIN = ("saves.heroes", "saves.classic")
KITS: Registry[ModuleType] = Registry("save layout")


def register_kit(name: str, module: ModuleType) -> ModuleType:
    return KITS.register(name, module)


def kit(name: str) -> ModuleType:
    """The save kit of ruleset ``name``; an unknown name raises UnknownName listing the known ones."""
    for module in BUILTIN:
        importlib.import_module(module)  # each registers itself
    return KITS.get(name)
