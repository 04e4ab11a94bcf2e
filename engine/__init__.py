"""Berserk Table rules engine: a pure library (no pygame, no files, no clock).

One decision API for every ruleset: ``game.decider``, ``game.legal_actions()``,
``game.apply(action) -> events``, ``game.is_over``, ``game.outcome``; ``find_ruleset(name)`` gives a
ruleset's game class, factory and action codec.
"""

from engine.core.actions import Action, parse_action
from engine.core.errors import CardDataError, IllegalAction
from engine.core.registry import Registry, UnknownName
from engine.core.ruleset import Ruleset, find_ruleset, ruleset_names

__all__ = ["Action", "CardDataError", "IllegalAction", "Registry", "Ruleset", "UnknownName", "find_ruleset",
           "parse_action", "ruleset_names"]
