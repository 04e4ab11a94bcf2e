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
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.heroes import actions as A
from engine.heroes.ai.easy import easy_action, require_heroes, score_actions
from engine.heroes.ai.evaluate import win_chance
from engine.heroes.ai.observe import determinize
from engine.heroes.game import HeroesGame

SIMPLE_KINDS = ("order", "mulligan", "reveal")  # Easy's rules are good enough there
REJECT_MARGIN = 0.12  # in win chance, shrinking with the square root of the rounds played
HARD_LIMIT = 1.5  # times the budget: no decision runs longer than this (plus one static evaluation per candidate)


def _group(a: Action) -> Any:
    if isinstance(a, A.Play | A.Activate):
        return (type(a).__name__, a.card)
    if isinstance(a, A.Attack):
        return ("attack", a.attacker)
    if isinstance(a, A.DeclareTrigger | A.DeclineTrigger):
        return ("trigger", a.trigger)
    return a


class NormalBot:
    """Level Normal: Easy's candidates judged by look-ahead games on re-dealt hidden cards."""

    level = "normal"

    def __init__(self, seed: int = 0, *, budget: float | None = 0.5, max_iterations: int = 200,
                 candidates: int = 7, per_group: int = 2, horizon: int = 2, max_steps: int = 200,
                 clock: Callable[[], float] | None = None) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.max_iterations = max_iterations
        self.candidates = candidates
        self.per_group = per_group
        self.horizon = horizon
        self.max_steps = max_steps
        self.clock = clock or time.perf_counter
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
            return self._answer_draw(obs, g0)
        cands = self._candidates(g0, legal)
        if len(cands) == 1:
            self.last_stats = {"iterations": 0, "candidates": 1}
            return cands[0]
        return self._search(obs, g0, cands, start)

    # ------------------------------------------------------------------ search
    def _candidates(self, g: HeroesGame, legal: tuple[Action, ...]) -> list[Action]:
        allowed = set(legal)
        out: list[Action] = []
        per: dict[Any, int] = {}
        end = None
        for _, a in score_actions(g, self.rng):
            if a not in allowed:
                continue
            if isinstance(a, A.EndTurn):
                end = a
            key = _group(a)
            if per.get(key, 0) >= self.per_group:
                continue
            if len(out) < self.candidates:
                out.append(a)
                per[key] = per.get(key, 0) + 1
        if end is not None and end not in out:
            if len(out) >= self.candidates:
                out.pop()
            out.append(end)  # passing is always worth comparing against
        return out or [legal[0]]

    def _search(self, obs: Observation, g0: HeroesGame, cands: list[Action], start: float) -> Action:
        p = obs.player
        deadline = None if self.budget is None else start + self.budget
        # Past the hard limit even the first round stops looking ahead and judges positions as they are.
        hard = None if self.budget is None else start + HARD_LIMIT * self.budget
        sums = [0.0] * len(cands)
        counts = [0] * len(cands)
        alive = [True] * len(cands)
        it = 0
        g = g0
        while it < self.max_iterations:
            if it and deadline is not None and self.clock() >= deadline:
                break
            if it:
                g = determinize(obs, self.rng)
            base = g.to_dict()
            seed = self.rng.getrandbits(32)
            stop_turn = g.turn + self.horizon
            # The first round must judge every candidate, so it may run to the hard limit; a later
            # round cut short by the budget is dropped, as its candidates did not all see the same deal.
            limit = hard if it == 0 else deadline
            values: list[float | None] = []
            for i, action in enumerate(cands):
                if not alive[i]:
                    values.append(None)
                    continue
                sim = HeroesGame.from_dict(base, pool=g.pool)
                try:
                    sim.apply(action)
                except IllegalAction:
                    values.append(None)  # not legal in this deal (should not happen: legality is public)
                    continue
                value, whole = self._rollout(sim, p, random.Random(seed), stop_turn, limit)
                if not whole and it:
                    break
                values.append(value)
            else:
                for i, got in enumerate(values):
                    if got is not None:
                        sums[i] += got
                        counts[i] += 1
                it += 1
                self._reject(sums, counts, alive, it)
                continue
            break
        means = [s / c if c else -1.0 for s, c in zip(sums, counts, strict=True)]
        best = max((i for i in range(len(cands)) if alive[i]), key=lambda i: (means[i], -i))
        self.last_stats = {"iterations": it, "candidates": len(cands), "means": means}
        return cands[best]

    @staticmethod
    def _reject(sums: list[float], counts: list[int], alive: list[bool], rounds: int) -> None:
        """Successive rejection: from the second round on, drop candidates clearly behind the best,
        so the remaining time goes to telling the close ones apart."""
        if rounds < 2:
            return
        means = {i: sums[i] / counts[i] for i in range(len(sums)) if alive[i] and counts[i]}
        if len(means) <= 2:
            return
        top = max(means.values())
        margin = REJECT_MARGIN / rounds ** 0.5
        keep = sorted(means, key=lambda i: -means[i])[:2]
        for i, m in means.items():
            if m < top - margin and i not in keep:
                alive[i] = False

    def _rollout(self, sim: HeroesGame, p: int, rng: random.Random, stop_turn: int,
                 limit: float | None) -> tuple[float, bool]:
        """Easy plays both sides up to ``stop_turn``; returns p's chance and whether it got there."""
        steps = 0
        while not sim.is_over and sim.turn < stop_turn and steps < self.max_steps:
            if limit is not None and self.clock() >= limit:
                return win_chance(sim, p), False
            sim.apply(easy_action(sim, rng))
            steps += 1
        return win_chance(sim, p), True

    def _answer_draw(self, obs: Observation, g0: HeroesGame) -> Action:
        """Accept a draw only when the position looks lost."""
        chance = win_chance(g0, obs.player)
        want = A.AcceptDraw() if chance < 0.1 else A.DeclineDraw()
        return want if want in obs.legal else obs.legal[0]
