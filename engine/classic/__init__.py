"""Classic «Берсерк»: a thin ruleset on the shared core (board, movement, strikes, defenders, victory)."""

from engine.classic.cards import ClassicCard, parse_cards
from engine.classic.game import ClassicGame
from engine.classic.state import Creature, Placement

__all__ = ["ClassicCard", "ClassicGame", "Creature", "Placement", "parse_cards"]
