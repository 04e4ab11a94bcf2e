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
from engine.classic.ai.value import win_chance
from engine.classic.game import ClassicGame
from engine.core.actions import Action
from engine.core.errors import IllegalAction

# the rest (setup, the steps before the battle but the vanguard, lowering, draws) are Easy's
SEARCHED = frozenset(("main", "respond", "defender", "vanguard"))
REJECT_MARGIN = 0.12  # in win chance, shrinking with the square root of the rounds played
PRIOR_MARGIN = 0.004  # in win chance: the least average gain over Easy's first choice that replaces it
PRIOR_Z = 1.0  # ... and that gain must be this many standard errors of the paired differences (rounds >= 3)
BUDGET = 0.5  # seconds of the thinking thread's CPU time a decision looks ahead for
WALL_LIMIT = 0.9  # seconds of wall time after which a decision stops looking ahead, whatever its CPU budget
ROUNDS = 12  # look-ahead rounds a decision stops at: more made it no stronger (module docstring)
HORIZON = 4  # turns each look-ahead game runs for: to the end of the opponent's second turn (module docstring)
MIN_ROUNDS = 4  # rounds a decision may run past its CPU budget for (up to the wall cap): fewer say nothing


def _group(a: Action) -> Any:
    """Candidates of one card count together, so one card's many moves do not crowd out the rest."""
    if isinstance(a, A.Move | A.Use | A.Chip | A.Aim):
        return (type(a).__name__, a.card)
    if isinstance(a, A.Strike):
        return ("strike", a.attacker)
    return a


class NormalBot:
    """Level Normal: Easy's candidates judged by look-ahead games on re-dealt hidden cards."""

    level = "normal"

    def __init__(self, seed: int = 0, *, budget: float | None = BUDGET, max_iterations: int = ROUNDS,
                 candidates: int = 6, per_group: int = 2, horizon: int = HORIZON, max_steps: int = 120,
                 clock: Callable[[], float] | None = None, wall_clock: Callable[[], float] | None = None,
                 wall_limit: float = WALL_LIMIT) -> None:
        self.rng = random.Random(seed)
        self.budget = budget
        self.max_iterations = max_iterations
        self.candidates = candidates
        self.per_group = per_group
        self.horizon = horizon
        self.max_steps = max_steps
        self.clock = clock or time.thread_time  # the budget's: CPU time of the thread that thinks
        self.wall_clock = wall_clock or time.perf_counter  # the cap's: what a person waits
        self.wall_limit = wall_limit
        self.last_stats: dict[str, Any] = {}

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
        if kind not in SEARCHED:
            action = easy_action(g0, legal, setup=setupplay.NORMAL)
            return action if action in legal else legal[0]
        if kind == "respond" and respond_scores(g0, obs.player, legal)[0][0] <= 0.0:
            self.last_stats = {"iterations": 0, "candidates": 1}
            return A.Pass()  # no instant helps at all: nothing worth looking ahead for
        cands = self._candidates(g0, obs.player, kind, legal)
        if isinstance(cands[0], A.Retreat):
            # a retreat is a judgement of the campaign, which the look-ahead's win chance in this game cannot
            # see (it only loses material): Easy's rule decides it (engine/classic/ai/campaign.py)
            self.last_stats = {"iterations": 0, "candidates": len(cands)}
            return cands[0]
        if len(cands) == 1:
            self.last_stats = {"iterations": 0, "candidates": 1}
            return cands[0]
        return self._search(obs, g0, cands, start)

    # ------------------------------------------------------------------ search
    def _candidates(self, g: ClassicGame, p: int, kind: str | None, legal: tuple[Action, ...]) -> list[Action]:
        if kind == "main":
            ranked = score_main(g, p, legal)
            fallback: Action = A.EndTurn()
        elif kind == "respond":
            ranked = respond_scores(g, p, legal)
            fallback = A.Pass()
        elif kind == "vanguard":  # 2007 6.2.4: which strike, if any, before the first turn
            ranked = vanguard_scores(g, p, legal)
            fallback = A.Pass()
        else:
            ranked = defender_scores(g, p, legal)
            fallback = A.NoDefense()
        allowed = set(legal)
        out: list[Action] = []
        per: dict[Any, int] = {}
        for _, a in ranked:
            if a not in allowed or len(out) >= self.candidates:
                continue
            key = _group(a)
            if per.get(key, 0) >= self.per_group:
                continue
            out.append(a)
            per[key] = per.get(key, 0) + 1
        if fallback in allowed and fallback not in out:
            if len(out) >= self.candidates:
                out.pop()
            out.append(fallback)  # doing nothing is always worth comparing against
        return out or [legal[0]]

    def _search(self, obs: Observation, g0: ClassicGame, cands: list[Action], start: tuple[float, float]) -> Action:
        p = obs.player
        deadline = None if self.budget is None else start[0] + self.budget  # CPU time
        # Past the wall cap even the first round stops looking ahead and judges positions as they are.
        hard = None if self.budget is None else start[1] + max(self.wall_limit, self.budget)  # wall time
        sums = [0.0] * len(cands)
        counts = [0] * len(cands)
        # paired with Easy's choice (candidate 0) on the same deal and dice: the deal's luck cancels out
        diffs = [0.0] * len(cands)
        squares = [0.0] * len(cands)
        pairs = [0] * len(cands)
        alive = [True] * len(cands)
        it = 0
        g = g0
        while it < self.max_iterations:
            # A round or two cannot tell candidates apart (the paired test wants three): the first MIN_ROUNDS
            # rounds may run on past the CPU budget, up to the wall cap.
            if it and self._out_of_time(deadline if it >= MIN_ROUNDS else None, hard):
                break
            if it:
                g = determinize(obs, self.rng)
            base = g.to_dict(with_cards=False)
            stop_turn = g.turn + self.horizon
            # The first rounds may run to the wall cap (the first must judge every candidate); a later round
            # cut short is dropped, as its candidates did not all see the same deal.
            limit = (None if it < MIN_ROUNDS else deadline, hard)
            values: list[float | None] = []
            for i, action in enumerate(cands):
                if not alive[i]:
                    values.append(None)
                    continue
                # the deal's generator: the same dice for every candidate; the cards are shared, not re-read
                sim = ClassicGame.from_dict(base, cards=g.cards)
                try:
                    sim.apply(action)
                except IllegalAction:
                    values.append(None)  # not legal in this deal (should not happen: legality is public)
                    continue
                value, whole = self._rollout(sim, p, stop_turn, limit)
                if not whole and it:
                    break
                values.append(value)
            else:
                for i, value in enumerate(values):
                    if value is not None:
                        sums[i] += value
                        counts[i] += 1
                        if values[0] is not None:
                            d = value - values[0]
                            diffs[i] += d
                            squares[i] += d * d
                            pairs[i] += 1
                it += 1
                self._reject(sums, counts, alive, it)
                continue
            break
        means = [s / c if c else -1.0 for s, c in zip(sums, counts, strict=True)]
        best = max((i for i in range(len(cands)) if alive[i]), key=lambda i: (means[i], -i))
        if alive[0] and best != 0 and not self._clearly_better(diffs[best], squares[best], pairs[best]):
            best = 0  # Easy's own choice stands unless the look-ahead finds a clearly better one
        self.last_stats = {"iterations": it, "candidates": len(cands), "means": means}
        return cands[best]

    @staticmethod
    def _clearly_better(total: float, squares: float, n: int) -> bool:
        """Whether a candidate's gain over Easy's choice, over ``n`` paired rounds (sum of the differences,
        sum of their squares), is both worth having and more than noise."""
        if n < 3:
            return False
        mean = total / n
        var = max(squares / n - mean * mean, 0.0) * n / (n - 1)
        return mean >= PRIOR_MARGIN and mean > PRIOR_Z * (var / n) ** 0.5

    @staticmethod
    def _reject(sums: list[float], counts: list[int], alive: list[bool], rounds: int) -> None:
        """Successive rejection: from the second round on, drop candidates clearly behind the best, so the
        remaining time goes to telling the close ones apart."""
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

    def _out_of_time(self, cpu: float | None, wall: float | None) -> bool:
        """Whether the CPU deadline or the wall-clock cap (either may be None: none) has passed."""
        return (cpu is not None and self.clock() >= cpu) or (wall is not None and self.wall_clock() >= wall)

    def _rollout(self, sim: ClassicGame, p: int, stop_turn: int,
                 limit: tuple[float | None, float | None]) -> tuple[float, bool]:
        """Easy plays both sides up to ``stop_turn`` or until ``limit`` (a CPU deadline, a wall one) passes;
        returns p's chance and whether it got there."""
        steps = 0
        while not sim.is_over and sim.turn < stop_turn and steps < self.max_steps:
            if self._out_of_time(*limit):
                return win_chance(sim, p), False
            sim.apply(easy_action(sim))
            steps += 1
        return win_chance(sim, p), True
