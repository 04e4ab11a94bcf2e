"""Classic «Берсерк»: cards and decks as data, the setup (die roll, squad building, placement, reveal) and a
battle slice (board, movement, strikes, defenders, victory) on the shared core."""

from engine.classic.cards import ClassicCard, parse_cards
from engine.classic.decks import ClassicDeck, parse_decks
from engine.classic.game import ClassicGame
from engine.classic.state import Creature, Placement

__all__ = ["ClassicCard", "ClassicDeck", "ClassicGame", "Creature", "Placement", "parse_cards", "parse_decks"]
