"""Each game's part of the server: its cards, the modes it offers, a player's deck checked with the engine's
reasons, and a new game with the record that follows it. Found by ruleset name, as saves finds its kits
(:mod:`saves.kits`); ``net.heroes`` and ``net.classic`` are the only modules of ``net`` that import a game."""

from __future__ import annotations

import importlib
from types import ModuleType

from engine.core.registry import Registry

BUILTIN = ("net.heroes", "net.classic")
KITS: Registry[ModuleType] = Registry("network game")


def register_kit(name: str, module: ModuleType) -> ModuleType:
    return KITS.register(name, module)


def _load() -> None:
    if len(KITS) < len(BUILTIN):
        for module in BUILTIN:
            importlib.import_module(module)  # each registers itself


def kit(name: str) -> ModuleType:
    """The server kit of ruleset ``name``; an unknown name raises UnknownName listing the known ones."""
    _load()
    return KITS.get(name)


def names() -> list[str]:
    _load()
    return KITS.names()
