"""Berserk Table rules engine: a pure library (no pygame, no files, no clock).

One decision API for every ruleset: ``game.decider``, ``game.legal_actions()``,
``game.apply(action) -> events``, ``game.is_over``, ``game.outcome``.
"""

from engine.core.actions import Action, parse_action
from engine.core.errors import CardDataError, IllegalAction

__all__ = ["Action", "CardDataError", "IllegalAction", "parse_action"]
