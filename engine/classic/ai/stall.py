"""When a classic game has stalled, so that the computer offers and takes a draw (2007 7.7).

The rules end some stalled games themselves (2007 7.6: five full turns of each player with no card's lives
changed, or the same situation five full turns running), but not every one. A creature whose lives grow a
little each turn (extra lives) changes the situation forever, and a last attacker that can never get a
wound through keeps striking; such a game runs on for as long as anyone watches (docs/ai.md, *A classic game
no rule ends*). A person would offer a draw there, and take one.

A bot cannot see the game's history in one observation, so :class:`StallWatch` keeps it: the cards in play
and their wounds at each decision the bot is shown. When they have stayed the same for :data:`STALL_TURNS`
turns (no card came into play, died or left, and none took a wound or lost one), the game has stalled. Lives
alone do not count: extra lives that grow every turn are what keeps the stall above from 7.6. The bot then
offers a draw at its next main phase, then again only after as many turns more (7.7: an offer declined may
not be pressed). It accepts an offer once the board has stayed so for half as long: the two bots see the
last change at different decisions, the one that answers up to a turn or two after the one that offers.

Only what both players see is read (which cards are in play, their wounds, the turn), so the watch tells
nothing of the hidden cards. A bot made afresh (a loaded save) starts watching from then on.

Measured on the bench's deals (docs/ai.md): of 100 games of Easy against Easy, the watch ended one, a game that
without it ran past 4000 actions; counting only the cards in play, without their wounds, it had ended five,
four of which were won later.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.classic import actions as A
from engine.classic.game import ClassicGame
from engine.core.actions import Action

STALL_TURNS = 20  # ten full turns of each player, twice 7.6's five, with the same cards and wounds in play


class StallWatch:
    """What one bot has seen of its game: the cards in play with their wounds, and since which turn they have
    been the same."""

    def __init__(self, turns: int = STALL_TURNS) -> None:
        self.turns = turns
        self.board: frozenset[tuple[int, int]] | None = None
        self.since = 0  # the turn the cards in play were last seen to change
        self.last = -1  # the turn of the last decision seen (a lower one: a new game)
        self.offered: int | None = None  # the turn of this bot's last offer

    def see(self, g: ClassicGame) -> None:
        """Note the cards in play and their wounds at a decision of the bot's (call it at each one, with the
        game it sees)."""
        board = frozenset((cid, c.wounds) for cid, c in g.creatures.items() if c.on_board)
        if g.turn < self.last or g.setup is not None:
            self.board, self.offered = None, None  # a new game (a campaign's next one, or the squads being built)
        if board != self.board:
            self.board, self.since = board, g.turn
        self.last = g.turn

    def stalled(self, g: ClassicGame, turns: int | None = None) -> bool:
        """Have the same cards, with the same wounds, been in play for ``turns`` turns (:attr:`turns` if None),
        as far as this watch has seen?"""
        need = self.turns if turns is None else turns
        return g.setup is None and self.board is not None and g.turn - self.since >= need

    def offer(self, g: ClassicGame, p: int) -> A.OfferDraw | None:
        """A draw offer for ``p`` to make now: in ``p``'s main phase of a stalled game, none made for the last
        :attr:`turns` turns, and one the rules allow; else None."""
        pend = g.pending
        if pend is None or pend.kind != "main" or pend.player != p or not self.stalled(g):
            return None
        if self.offered is not None and g.turn - self.offered < self.turns:
            return None
        if not g.can_offer_draw(p):
            return None
        self.offered = g.turn
        return A.OfferDraw(player=p)

    def decide(self, g: ClassicGame, p: int, legal: Sequence[Action]) -> Action | None:
        """What the stall asks of ``p`` at this decision, before the bot's own rules: see the game, then accept
        a draw offered in a stalled game, or offer one (:meth:`offer`); None: the bot decides as it would."""
        self.see(g)
        pend = g.pending
        if pend is not None and pend.kind == "draw_offer":
            return A.AcceptDraw() if self.stalled(g, self.turns // 2) and A.AcceptDraw() in legal else None
        return self.offer(g, p)
