"""The classic bots in a campaign (2007 part 8): when a retreat pays, and which two cards the loser takes.

Both levels use these rules of thumb. A retreat (2007 8.2.1) keeps a creature for the next game at the price
of losing it from this one, so it pays only for a player clearly losing this game when a loss would not end
the campaign (the opponent has won none yet): then every creature that can retreat does, the most valuable
first. The winner keeps what is left in play anyway (2007 8.3), so a player not losing never retreats. Between
games the loser takes the two cards of his deck worth most to the next squad (2007 8.4): creatures first,
of the elements his kept deal already has (2007 3.7's penalty).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai.observe import Observation
from engine.classic import actions as A
from engine.classic.ai.value import Judge, card_worth
from engine.classic.campaign import WINS
from engine.classic.cards import ClassicCard
from engine.classic.game import ClassicGame
from engine.core.actions import Action

BEHIND = 0.5  # a retreat pays when the player's material in play is below this share of the opponent's
RETREAT = 12.0  # its score in the main phase: above every strike and ability (easy.ACT + their gains)


def retreat_pays(g: ClassicGame, p: int, j: Judge) -> bool:
    """Whether ``p`` should save his creatures for the next game: clearly losing this one, and a loss would
    leave the campaign going (2007 8.1)."""
    if g.campaign is None or g.campaign[1 - p] + 1 >= WINS:
        return False
    return j.material(p) < BEHIND * j.material(1 - p)


def retreat_score(g: ClassicGame, p: int, j: Judge, a: A.Retreat, pays: bool) -> float:
    """The main phase's score of a retreat: first of all when it pays (the most valuable card first), never
    otherwise."""
    return RETREAT + 0.1 * j.worth(a.card) if pays else -2.0


def _pick_worth(card: ClassicCard, elements: set[str]) -> float:
    worth = card_worth(card)
    if card.type != "creature":
        worth *= 0.5
    if card.element != "neutral" and elements and card.element not in elements:
        worth -= 1.0  # a new element may cost a gold at recruiting (2007 3.7)
    return worth


def choose_next(obs: Observation) -> Action:
    """The loser's choice of cards for the next deal (2007 8.4), from the campaign's observation."""
    legal: Sequence[Action] = obs.legal
    cards = obs.content
    sides = obs.state.get("sides") or []
    kept = sides[obs.player]["kept"] if len(sides) > obs.player else []
    elements = {cards[cid].element for cid in kept if cid in cards and cards[cid].element != "neutral"}

    def value(a: Action) -> float:
        assert isinstance(a, A.NextGame)
        return sum(_pick_worth(cards[cid], elements) for cid in a.cards if cid in cards)

    return max(legal, key=lambda a: (value(a), -legal.index(a)))
