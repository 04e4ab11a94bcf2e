"""The classic Normal bot: flat Monte Carlo search over determinized games.

For a decision of the battle (main phase, answer, defender, the vanguard strike of 2007 6.2.4) it takes Easy's
most promising actions (a handful, always including ending the turn or passing), and for each of many random
games consistent with what it knows
(the opponent's face-down cards and both decks re-dealt by :func:`determinize`) it plays every candidate, lets
the Easy policy play both sides for :data:`HORIZON` turns (to the end of the opponent's second turn from now),
and scores the position (:func:`.value.win_chance`). The same dealt game and dice serve all candidates of one
round, so they are compared on equal terms; from the second round on, candidates clearly behind are dropped
(successive rejection). Easy's own first choice stands unless another candidate beats it clearly: its gain,
compared deal by deal on the same dice (so the deal's luck cancels), must be worth having and larger than its
standard error. (A fixed margin of 0.02 in win chance kept Easy's choice in 24 of 25 decisions: one card's
loss moves the win chance by only a few hundredths.)
The setup decisions follow Easy's rules with Normal's own :data:`.setupplay.NORMAL` style (it goes second,
recruits its strongest cards first and puts more fighters in front); lowering the table and draw offers are
Easy's.

A decision looks ahead for up to :data:`ROUNDS` rounds (12; a 4-turn round costs about 60 ms, so
the CPU budget usually ends it first, at about 8 or 9 rounds) within a budget of the thinking thread's CPU time
(``time.thread_time``, :data:`BUDGET`, half a second), not of the wall clock: on a machine busy with other
programs a decision takes longer but looks just as far ahead. A wall-clock cap (:data:`WALL_LIMIT`, 0.9 s)
bounds how long a person waits: only on a very busy machine (less than about a third of a core for the bot)
does it stop the search first, and then Normal is weaker. Up to :data:`MIN_ROUNDS` rounds may run past the CPU
budget (up to the wall cap), as fewer say nothing. Both clocks are injectable; with ``budget=None`` only the
round cap counts and the bot is deterministic for a seed (tests).

Why a 4-turn horizon (``bench/ai_strength.py --ruleset classic --games 200``, docs/balance.md): it scored 0.752
against Easy (decision p95 536 ms, 8.5 rounds a decision), where the 2-turn horizon scored 0.698 and 0.688 in
two runs (p95 about 505 ms, at its 12-round cap). At 4 rounds a decision the two scored 0.715 and 0.670.
A guess at why, not measured: a two-turn look-ahead ends right after the opponent's answer, before the bot's
own next strike shows what a move set up.

Why at most 12 rounds: on 20 sampled positions (2-turn horizon) 12 rounds already chose within 0.003 win
chance of what 150 rounds judged best among the candidates (Easy's own choice: 0.032 behind), and more rounds
did not make Normal stronger against Easy (the uncapped CPU half second, about 23 rounds of the 2-turn
horizon, scored 0.588 over the bench's first 40 games against 0.725 for 12).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from engine.ai.observe import Observation
from engine.ai.search import FlatSearch, Limits, pick_candidates
from engine.classic import actions as A
from engine.classic.ai import campaign, setupplay
from engine.classic.ai.easy import (
    defender_scores,
    easy_action,
    require_classic,
    respond_scores,
    score_main,
    vanguard_scores,
)
from engine.classic.ai.observe import determinize
from engine.classic.ai.stall import StallWatch
from engine.classic.ai.value import win_chance
from engine.classic.game import ClassicGame
from engine.core.actions import Action
from engine.core.game import Game

# the rest (setup, the steps before the battle but the vanguard, lowering, draws) are Easy's
SEARCHED = frozenset(("main", "respond", "defender", "vanguard"))
BUDGET = 0.5  # seconds of the thinking thread's CPU time a decision looks ahead for
WALL_LIMIT = 0.9  # seconds of wall time after which a decision stops looking ahead, whatever its CPU budget
ROUNDS = 12  # look-ahead rounds a decision stops at: more made it no stronger (module docstring)
HORIZON = 4  # turns each look-ahead game runs for: to the end of the opponent's second turn (module docstring)
MIN_ROUNDS = 4  # rounds a decision may run past its CPU budget for (up to the wall cap): fewer say nothing


def group(a: Action) -> Any:
    """Candidates of one card count together, so one card's many moves do not crowd out the rest."""
    if isinstance(a, A.Move | A.Use | A.Chip | A.Aim):
        return (type(a).__name__, a.card)
    if isinstance(a, A.Strike):
        return ("strike", a.attacker)
    return a


class ClassicSearch:
    """What the shared search (:mod:`engine.ai.search`) needs of classic games: Easy plays both sides of a
    look-ahead game with ``setup`` as its setup style, and the position is scored by :func:`win_chance`."""

    seeded_rollouts = False  # Easy's classic rules draw nothing: the dice are the dealt game's

    def __init__(self, setup: setupplay.SetupStyle = setupplay.EASY) -> None:
        self.setup = setup

    def determinize(self, obs: Observation, rng: random.Random) -> Game:
        return determinize(obs, rng)

    def snapshot(self, game: Game) -> Any:
        assert isinstance(game, ClassicGame)
        return game.to_dict(with_cards=False)

    def restore(self, snapshot: Any, like: Game) -> Game:
        assert isinstance(like, ClassicGame)
        return ClassicGame.from_dict(snapshot, cards=like.cards)  # the cards are shared, not re-read

    def policy(self, game: Game, rng: random.Random | None, player: int) -> Action:
        assert isinstance(game, ClassicGame)
        return easy_action(game, setup=self.setup)

    def value(self, game: Game, player: int) -> float:
        assert isinstance(game, ClassicGame)
        return win_chance(game, player)


def ranked_battle(g: ClassicGame, p: int, kind: str | None,
                  legal: tuple[Action, ...]) -> tuple[list[tuple[float, Action]], Action]:
    """Easy's scores of a battle decision's actions, best first, and the action that does nothing."""
    if kind == "main":
        return score_main(g, p, legal), A.EndTurn()
    if kind == "respond":
        return respond_scores(g, p, legal), A.Pass()
    if kind == "vanguard":  # 2007 6.2.4: which strike, if any, before the first turn
        return vanguard_scores(g, p, legal), A.Pass()
    return defender_scores(g, p, legal), A.NoDefense()


class NormalBot:
    """Level Normal: Easy's candidates judged by look-ahead games on re-dealt hidden cards."""

    level = "normal"

    def __init__(self, seed: int = 0, *, budget: float | None = BUDGET, max_iterations: int = ROUNDS,
                 candidates: int = 6, per_group: int = 2, horizon: int = HORIZON, max_steps: int = 120,
                 clock: Callable[[], float] | None = None, wall_clock: Callable[[], float] | None = None,
                 wall_limit: float = WALL_LIMIT) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.candidates = candidates
        self.per_group = per_group
        self.clock = clock or time.thread_time  # the budget's: CPU time of the thread that thinks
        self.wall_clock = wall_clock or time.perf_counter  # the cap's: what a person waits
        self.wall_limit = wall_limit
        self.search = FlatSearch(ClassicSearch(), self.rng, max_iterations=max_iterations, horizon=horizon,
                                 max_steps=max_steps, min_rounds=MIN_ROUNDS, prior=True)
        self.last_stats: dict[str, Any] = {}
        self.stall = StallWatch()  # a stalled game's draw (2007 7.7)

    # ------------------------------------------------------------------ public
    def choose(self, obs: Observation) -> Action:
        require_classic(obs)
        legal = obs.legal
        if not legal:
            raise ValueError(f"player {obs.player} has nothing to decide now")
        if len(legal) == 1:
            self.last_stats = {"iterations": 0, "candidates": 1}
            return legal[0]
        start = (self.clock(), self.wall_clock())
        kind = (obs.pending or {}).get("kind")
        if kind == "next_game":
            return campaign.choose_next(obs)  # between the games of a campaign (2007 8.4)
        g0 = determinize(obs, self.rng)
        assert obs.player is not None
        stalled = self.stall.decide(g0, obs.player, legal)
        if stalled is not None:
            self.last_stats = {"iterations": 0, "candidates": 1}
            return stalled  # a draw offered or taken; an offer is a meta action, never in ``legal``
        if kind not in SEARCHED:
            action = easy_action(g0, legal, setup=setupplay.NORMAL)
            return action if action in legal else legal[0]
        if kind == "respond" and respond_scores(g0, obs.player, legal)[0][0] <= 0.0:
            self.last_stats = {"iterations": 0, "candidates": 1}
            return A.Pass()  # no instant helps at all: nothing worth looking ahead for
        ranked, fallback = ranked_battle(g0, obs.player, kind, legal)
        cands = pick_candidates(ranked, legal, fallback, group, self.candidates, self.per_group)
        if isinstance(cands[0], A.Retreat):
            # a retreat is a judgement of the campaign, which the look-ahead's win chance in this game cannot
            # see (it only loses material): Easy's rule decides it (engine/classic/ai/campaign.py)
            self.last_stats = {"iterations": 0, "candidates": len(cands)}
            return cands[0]
        if len(cands) == 1:
            self.last_stats = {"iterations": 0, "candidates": 1}
            return cands[0]
        # Past the wall cap even the first round stops looking ahead and judges positions as they are.
        limits = Limits.budgeted(self.budget, self.wall_limit, start, self.clock, self.wall_clock)
        action, self.last_stats = self.search.run(obs, g0, cands, limits)
        return action
