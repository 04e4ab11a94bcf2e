"""One look-ahead search for every game's computer: flat Monte Carlo over determinized games (Normal).

A ruleset's ai package feeds it a :class:`SearchRules`: full games consistent with what the bot's player
knows (``determinize``), a way to copy a game cheaply (``snapshot``/``restore``), the policy both sides
play in a look-ahead game (Easy's rules of thumb) and an evaluation (the player's win chance). What to
search (the candidates) and when to stop (a :class:`Limits`) are the bot's; the game-specific parts stay in
each ruleset's own ``ai`` package. Information-set tree search (Hard) lives in :mod:`engine.ai.ismcts`.

:class:`FlatSearch` plays, for each of many re-dealt games, every candidate and then the policy on both
sides for ``horizon`` turns, and scores the position. The same dealt game and dice serve all candidates of
one round, so they are compared on equal terms; from the second round on candidates clearly behind are
dropped (successive rejection). With ``prior`` the first candidate (the policy's own choice) stands unless
another beats it clearly, deal by deal on the same dice (a paired test).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.ai.observe import Observation
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.game import Game

REJECT_MARGIN = 0.12  # in win chance, shrinking with the square root of the rounds played
PRIOR_MARGIN = 0.004  # in win chance: the least average gain over the first candidate that replaces it
PRIOR_Z = 1.0  # ... and that gain must be this many standard errors of the paired differences (rounds >= 3)


class SearchRules(Protocol):
    """What one game gives the search: re-dealt games, cheap copies, a rollout policy, an evaluation."""

    seeded_rollouts: bool  # whether the policy draws from a generator (one per round, drawn from the bot's)

    def determinize(self, obs: Observation, rng: random.Random) -> Game: ...

    def snapshot(self, game: Game) -> Any: ...

    def restore(self, snapshot: Any, like: Game) -> Game: ...

    def policy(self, game: Game, rng: random.Random | None, player: int) -> Action:
        """The action of whoever decides in ``game``, a look-ahead game of the search for ``player`` (whose
        decision is searched; a policy may play his side and his opponent's differently)."""
        ...

    def value(self, game: Game, player: int) -> float: ...


@dataclass
class Limits:
    """When a decision stops looking ahead: a soft ``deadline`` on ``clock`` (the budget) and a ``hard`` one
    on ``wall_clock`` (what a person waits); either may be None (none). With both None only the round cap
    counts and a search is deterministic for its generator."""

    deadline: float | None
    hard: float | None
    clock: Callable[[], float]
    wall_clock: Callable[[], float]

    @classmethod
    def budgeted(cls, budget: float | None, cap: float, started: tuple[float, float], clock: Callable[[], float],
                 wall_clock: Callable[[], float]) -> Limits:
        """A decision's limits: ``budget`` seconds of ``clock`` from ``started[0]``, never past ``cap`` seconds (at
        least the budget) of ``wall_clock`` from ``started[1]``; none at all for a budget of None (then the
        rounds alone bound the search, which is deterministic for its generator)."""
        if budget is None:
            return cls(None, None, clock, wall_clock)
        return cls(started[0] + budget, started[1] + max(cap, budget), clock, wall_clock)

    def out(self, soft: bool = True) -> bool:
        """Whether the deadline (only when ``soft``) or the hard limit has passed."""
        return ((soft and self.deadline is not None and self.clock() >= self.deadline)
                or (self.hard is not None and self.wall_clock() >= self.hard))


# how a look-ahead game goes on from a candidate: (candidate index, game, the round's generator, turn to stop at,
# limits, whether the soft deadline counts) -> (the player's value, whether it got there)
Follow = Callable[[int, Game, random.Random | None, int, Limits, bool], tuple[float, bool]]


def pick_candidates(ranked: Iterable[tuple[float, Action]], legal: Sequence[Action], fallback: Action | None,
                    group: Callable[[Action], Hashable], limit: int, per_group: int) -> list[Action]:
    """The ``limit`` best legal actions of ``ranked`` (best first), at most ``per_group`` of one group (so one
    card's many moves do not crowd out the rest), ``fallback`` (ending the turn, passing) always among them."""
    allowed = set(legal)
    out: list[Action] = []
    per: dict[Hashable, int] = {}
    for _, a in ranked:
        if a not in allowed or len(out) >= limit:
            continue
        key = group(a)
        if per.get(key, 0) >= per_group:
            continue
        out.append(a)
        per[key] = per.get(key, 0) + 1
    if fallback is not None and fallback in allowed and fallback not in out:
        if len(out) >= limit:
            out.pop()
        out.append(fallback)  # doing nothing is always worth comparing against
    return out or [legal[0]]


def rollout(rules: SearchRules, sim: Game, player: int, rng: random.Random | None, stop_turn: int,
            max_steps: int, limits: Limits | None, soft: bool) -> tuple[float, bool]:
    """The policy plays both sides up to ``stop_turn`` (or ``max_steps`` actions, or the end); returns
    ``player``'s value and whether it got there before ``limits`` passed."""
    steps = 0
    while not sim.is_over and sim.turn < stop_turn and steps < max_steps:
        if limits is not None and limits.out(soft):
            return rules.value(sim, player), False
        sim.apply(rules.policy(sim, rng, player))
        steps += 1
    return rules.value(sim, player), True


class FlatSearch:
    """Candidates judged by look-ahead games on re-dealt hidden cards (module docstring).

    ``min_rounds``: rounds that may run past the soft deadline (up to the hard limit), as fewer say
    nothing; ``prior``: the first candidate stands unless another is clearly better (paired test)."""

    def __init__(self, rules: SearchRules, rng: random.Random, *, max_iterations: int, horizon: int,
                 max_steps: int, min_rounds: int = 1, prior: bool = False) -> None:
        self.rules = rules
        self.rng = rng
        self.max_iterations = max_iterations
        self.horizon = horizon
        self.max_steps = max_steps
        self.min_rounds = min_rounds
        self.prior = prior

    def run(self, obs: Observation, g0: Game, cands: Sequence[Action], limits: Limits,
            follow: Follow | None = None) -> tuple[Action, dict[str, Any]]:
        """The best of ``cands`` (``g0``: the first re-dealt game) and the search's figures. ``follow`` plays a
        look-ahead game on from a candidate (its index, the game, the round's generator, the turn to stop at,
        the limits, whether the soft deadline counts) and says its value and whether it got there; by default
        the policy plays it (:func:`rollout`)."""
        p = obs.player
        assert p is not None
        rules = self.rules
        n = len(cands)
        sums = [0.0] * n
        counts = [0] * n
        # paired with the first candidate on the same deal and dice: the deal's luck cancels out
        diffs = [0.0] * n
        squares = [0.0] * n
        pairs = [0] * n
        alive = [True] * n
        it = 0
        g = g0
        while it < self.max_iterations:
            # the first rounds may run on past the soft deadline, up to the hard limit
            if it and limits.out(soft=it >= self.min_rounds):
                break
            if it:
                g = rules.determinize(obs, self.rng)
            base = rules.snapshot(g)
            seed = self.rng.getrandbits(32) if rules.seeded_rollouts else 0
            stop_turn = g.turn + self.horizon
            soft = it >= self.min_rounds
            values: list[float | None] = []
            for i, action in enumerate(cands):
                if not alive[i]:
                    values.append(None)
                    continue
                sim = rules.restore(base, g)  # the same deal and dice for every candidate
                try:
                    sim.apply(action)
                except IllegalAction:
                    values.append(None)  # not legal in this deal (should not happen: legality is public)
                    continue
                rng = random.Random(seed) if rules.seeded_rollouts else None
                if follow is None:
                    value, whole = rollout(rules, sim, p, rng, stop_turn, self.max_steps, limits, soft)
                else:
                    value, whole = follow(i, sim, rng, stop_turn, limits, soft)
                # the first round must judge every candidate; a later one cut short is dropped, as its
                # candidates did not all see the same deal
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
                reject(sums, counts, alive, it)
                continue
            break
        means = [s / c if c else -1.0 for s, c in zip(sums, counts, strict=True)]
        best = max((i for i in range(n) if alive[i]), key=lambda i: (means[i], -i))
        if self.prior and alive[0] and best != 0 and not clearly_better(diffs[best], squares[best], pairs[best]):
            best = 0  # the policy's own choice stands unless the look-ahead finds a clearly better one
        return cands[best], {"iterations": it, "candidates": n, "means": means, "best": best}


def clearly_better(total: float, squares: float, n: int) -> bool:
    """Whether a candidate's gain over the first one, over ``n`` paired rounds (sum of the differences, sum of
    their squares), is both worth having and more than noise."""
    if n < 3:
        return False
    mean = total / n
    var = max(squares / n - mean * mean, 0.0) * n / (n - 1)
    return mean >= PRIOR_MARGIN and mean > PRIOR_Z * (var / n) ** 0.5


def reject(sums: list[float], counts: list[int], alive: list[bool], rounds: int) -> None:
    """Successive rejection: from the second round on, drop candidates clearly behind the best (but never
    the two best), so the remaining time goes to telling the close ones apart."""
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
