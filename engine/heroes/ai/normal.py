"""The Normal bot: flat Monte Carlo search over determinized games.

For a decision it takes Easy's most promising actions (a handful, always including "end the
turn"), and for each of many random games consistent with what it knows (hidden cards re-dealt
by :func:`determinize`) it plays every candidate, lets the Easy policy play both sides until the
end of the next turn of the opponent, and scores the position. The same dealt game and dice are
used for all candidates of one round, so they are compared on equal terms. From the second round
on, candidates clearly behind the best are dropped (successive rejection), and the action with the
best average wins. A time budget and an iteration cap bound each decision.

The clock is injectable; with ``budget=None`` only the iteration cap counts and the bot is fully
deterministic for a seed (tests use that).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from engine.ai.observe import Observation
from engine.ai.search import FlatSearch, Limits, pick_candidates
from engine.core.actions import Action
from engine.core.game import Game
from engine.heroes import actions as A
from engine.heroes.ai.easy import easy_action, require_heroes, score_actions
from engine.heroes.ai.evaluate import win_chance
from engine.heroes.ai.observe import determinize
from engine.heroes.game import HeroesGame

SIMPLE_KINDS = ("order", "mulligan", "reveal")  # Easy's rules are good enough there
HARD_LIMIT = 1.5  # times the budget: no decision runs longer than this (plus one static evaluation per candidate)


def group(a: Action) -> Any:
    """Candidates of one card (or trigger) count together, so one card's many plays do not crowd out the rest."""
    if isinstance(a, A.Play | A.Activate):
        return (type(a).__name__, a.card)
    if isinstance(a, A.Attack):
        return ("attack", a.attacker)
    if isinstance(a, A.DeclareTrigger | A.DeclineTrigger):
        return ("trigger", a.trigger)
    return a


class HeroesSearch:
    """What the shared search (:mod:`engine.ai.search`) needs of «Герои» games: Easy plays both sides of a
    look-ahead game (breaking ties at random) and the position is scored by :func:`win_chance`."""

    seeded_rollouts = True

    def determinize(self, obs: Observation, rng: random.Random) -> Game:
        return determinize(obs, rng)

    def snapshot(self, game: Game) -> Any:
        return game.to_dict()

    def restore(self, snapshot: Any, like: Game) -> Game:
        assert isinstance(like, HeroesGame)
        return HeroesGame.from_dict(snapshot, pool=like.pool)

    def policy(self, game: Game, rng: random.Random | None, player: int) -> Action:
        assert isinstance(game, HeroesGame) and rng is not None
        return easy_action(game, rng)

    def value(self, game: Game, player: int) -> float:
        assert isinstance(game, HeroesGame)
        return win_chance(game, player)


def candidates(g: HeroesGame, legal: tuple[Action, ...], rng: random.Random, limit: int,
               per_group: int, ranked: list[tuple[float, Action]] | None = None) -> list[Action]:
    """Easy's ``limit`` most promising legal actions, ending the turn always among them (``ranked``: Easy's
    scores of the actions, best first, when the caller has them already)."""
    ranked = score_actions(g, rng) if ranked is None else ranked
    end = next((a for _, a in ranked if isinstance(a, A.EndTurn) and a in legal), None)
    return pick_candidates(ranked, legal, end, group, limit, per_group)


class NormalBot:
    """Level Normal: Easy's candidates judged by look-ahead games on re-dealt hidden cards."""

    level = "normal"

    def __init__(self, seed: int = 0, *, budget: float | None = 0.5, max_iterations: int = 200,
                 candidates: int = 7, per_group: int = 2, horizon: int = 2, max_steps: int = 200,
                 clock: Callable[[], float] | None = None) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.candidates = candidates
        self.per_group = per_group
        self.clock = clock or time.perf_counter
        self.search = FlatSearch(HeroesSearch(), self.rng, max_iterations=max_iterations, horizon=horizon,
                                 max_steps=max_steps)
        self.last_stats: dict[str, Any] = {}

    # ------------------------------------------------------------------ public
    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        if not legal:
            raise ValueError(f"player {obs.player} has nothing to decide now")
        if len(legal) == 1:
            self.last_stats = {"iterations": 0, "candidates": 1}
            return legal[0]
        require_heroes(obs)
        start = self.clock()
        g0 = determinize(obs, self.rng)
        kind = (obs.pending or {}).get("kind")
        if kind in SIMPLE_KINDS:
            action = easy_action(g0, self.rng)
            return action if action in legal else legal[0]
        if kind == "draw_offer":
            return answer_draw(obs, g0)
        cands = candidates(g0, legal, self.rng, self.candidates, self.per_group)
        if len(cands) == 1:
            self.last_stats = {"iterations": 0, "candidates": 1}
            return cands[0]
        # Past the hard limit even the first round stops looking ahead and judges positions as they are.
        limits = Limits.budgeted(self.budget, HARD_LIMIT * (self.budget or 0.0), (start, start), self.clock,
                                 self.clock)
        action, self.last_stats = self.search.run(obs, g0, cands, limits)
        return action


def answer_draw(obs: Observation, g0: HeroesGame) -> Action:
    """Accept a draw only when the position looks lost."""
    assert obs.player is not None
    want = A.AcceptDraw() if win_chance(g0, obs.player) < 0.1 else A.DeclineDraw()
    return want if want in obs.legal else obs.legal[0]
