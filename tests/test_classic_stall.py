"""The computer offers and takes a draw in a stalled classic game (2007 7.7), which 7.6 does not always end.

A game has stalled for a bot when the same cards, with the same wounds, have been in play for
``StallWatch.turns`` turns of the decisions it saw. It then offers a draw in its own main phase (once, and again only after as many turns more:
a refused offer is not pressed), and accepts one; outside a stall its draw rules are as before.
"""

from __future__ import annotations

import pytest
from classic_support import position

from engine.ai import make_bot, observe
from engine.classic import actions as A
from engine.classic.ai.stall import STALL_TURNS, StallWatch

QUICK = {"easy": {}, "normal": {"budget": None, "max_iterations": 2}, "hard": {"budget": None, "max_iterations": 4}}


def two_far_apart():
    """A creature of player 1's (id 1) and two of player 2's (ids 2, 3), far apart: nothing dies while the turns
    are only ended."""
    return position((0, "c_guard", (0, 0)), (1, "c_brute", (5, 4)), (1, "c_scout", (5, 0)))


def test_the_watch_counts_turns_with_the_same_cards_in_play_and_offers_once_a_stall():
    g = two_far_apart()
    w = StallWatch(turns=4)
    seen = []
    while g.turn < 10:  # (turn 11 would end the game by 7.6: ten turns with no card's lives changed)
        w.see(g)
        offer = w.offer(g, g.pending.player)
        seen.append((g.turn, offer))
        if offer is not None:
            g.apply(offer)
            g.apply(A.DeclineDraw())  # refused: the game goes on
        g.apply(A.EndTurn())
    offers = [turn for turn, offer in seen if offer is not None]
    assert offers == [5, 9]  # the same cards since turn 1: four turns on, then four more after each offer
    assert all(isinstance(o, A.OfferDraw) and o.player == (t + 1) % 2 for t, o in seen if o is not None)


def test_a_card_leaving_play_starts_the_count_again():
    g = two_far_apart()
    w = StallWatch(turns=4)
    for _ in range(3):
        w.see(g)
        g.apply(A.EndTurn())
    g.kill(2)  # player 2's creature dies in turn 4
    for _ in range(3):
        w.see(g)
        assert not w.stalled(g)
        g.apply(A.EndTurn())
    w.see(g)
    assert g.turn == 7 and not w.stalled(g)
    g.apply(A.EndTurn())
    w.see(g)
    assert w.stalled(g)  # turn 8: four turns with the same cards since the death


def test_a_wound_taken_or_healed_starts_the_count_again_but_lives_alone_do_not():
    g = two_far_apart()
    w = StallWatch(turns=4)
    for turn in range(1, 8):
        if turn == 3:
            g.creatures[2].wounds += 1  # struck in turn 3
        if turn in (4, 5, 6):
            g.creatures[3].extra_lives += 1  # lives that grow (the stalled game of docs/ai.md)
        w.see(g)
        assert w.stalled(g) == (turn >= 7), turn
        g.apply(A.EndTurn())


def watched(turns: int, ends: int):
    """A game of :func:`two_far_apart` whose turn was ended ``ends`` times under a watch of ``turns`` turns,
    which saw each turn (the last one too)."""
    g = two_far_apart()
    w = StallWatch(turns=turns)
    for _ in range(ends):
        w.see(g)
        g.apply(A.EndTurn())
    w.see(g)
    return g, w


def test_a_watch_offers_only_in_its_players_main_phase_and_when_the_rules_let_it():
    g, w = watched(2, 2)
    assert w.stalled(g) and g.pending.player == 0
    assert w.offer(g, 1) is None  # not player 2's main phase
    g.apply(A.OfferDraw(player=0))
    g.apply(A.DeclineDraw())
    assert not g.can_offer_draw(0)
    assert w.offer(g, 0) is None  # already offered this turn (7.7): the rules say no, so the watch does too
    assert w.offered is None


def test_a_new_game_is_watched_afresh():
    g, w = watched(2, 4)
    assert w.stalled(g)
    w.see(two_far_apart())  # turn 1 again: another game
    assert not w.stalled(two_far_apart())


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_each_level_offers_a_draw_in_a_stall_and_the_other_takes_it(level):
    g = two_far_apart()
    bots = [make_bot(level, 1 + p, ruleset="classic", **QUICK[level]) for p in (0, 1)]
    for b in bots:
        b.stall = StallWatch(turns=4)
    offered = None
    for _ in range(20):
        p = g.decider
        action = bots[p].choose(observe(g, p))
        if isinstance(action, A.OfferDraw):
            offered = (g.turn, action)
            break
        g.apply(A.EndTurn())  # whatever the bot chose, the turn is only ended: the cards in play stay
    assert offered is not None, "no offer in a stalled game"
    turn, action = offered
    # player 1's bot saw the cards first in turn 1: four turns on, its main phase of turn 5; player 2's bot, first
    # shown them in turn 2, takes the offer made three turns after that (half its four)
    assert turn == 5 and action.player == 0 == g.decider
    assert action not in g.legal_actions() and g.can_offer_draw(action.player)
    g.apply(action)
    other = bots[g.decider]
    answer = other.choose(observe(g, g.decider))
    assert answer == A.AcceptDraw()
    g.apply(answer)
    assert g.is_over and g.outcome.winner is None


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_outside_a_stall_a_bot_neither_offers_nor_takes_a_draw_it_is_not_losing(level):
    g = two_far_apart()
    bot = make_bot(level, 3, ruleset="classic", **QUICK[level])
    assert bot.stall.turns == STALL_TURNS
    for _ in range(6):
        if g.decider == 1:
            assert not isinstance(bot.choose(observe(g, 1)), A.OfferDraw)
        g.apply(A.EndTurn())
    g.apply(A.OfferDraw(player=g.decider))
    assert g.decider == 1 and bot.choose(observe(g, 1)) == A.DeclineDraw()
