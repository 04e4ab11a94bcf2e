"""Classic Hard's setup by whole plans: a decision's candidates are ways to finish the job, not the next step.

A squad is recruited and laid out one card at a time, but what the battle sees is the whole: the cards taken
(:mod:`.squads`) and the cells they lie on (:mod:`.layouts`), in whatever order they were taken or laid. So a
search whose candidates are the next step, with the rest done by the same rules in every look-ahead game,
compares squads or layouts that differ in one card at most (recruiting: not at all). Here a candidate is a
*plan*, the actions that finish the job (ending with ``ready``). Each look-ahead game carries a plan out on
the re-dealt game, Easy with Normal's setup style plays on, and the position at the horizon is scored, as in
every search (as :class:`engine.ai.search.FlatSearch` does: the same deal and dice for all plans of a round,
plans clearly behind dropped, the first plan kept unless another is clearly better on the same deals).

One job (a squad, a layout) is several decisions in a row, with nothing between them but the player's own
steps, and each decision's look-ahead judges the same whole squads or layouts. So what a decision learnt is
kept for the next ones (``carry``): a plan's look-ahead games are remembered by what it comes to, a plan of a
later decision that comes to the same squad or layout goes on from them, and the step taken is one that keeps
as many of the plans still in the running open (the best plan's step that most of them share; the order of
a squad's cards changes nothing, a layout's within the tiers). A job that is two dozen decisions long so
judges its plans by the rounds of all of them, not of one. The plan chosen is offered first at the next
decision while it can still be carried out.

A plan reads only what its player knows (his own deal, crystals, squad and cells), so it is legal in every
re-dealt game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.ai.observe import Observation
from engine.ai.search import REJECT_MARGIN, Limits, SearchRules, clearly_better, rollout
from engine.classic.game import ClassicGame
from engine.core.actions import Action
from engine.core.errors import IllegalAction

Plan = tuple[Action, ...]
# the plans of a decision: (game, player, legal actions, how many at most, the plan chosen before) -> plans
MakePlans = Callable[[ClassicGame, int, Sequence[Action], int, "Plan | None"], list[Plan]]


@dataclass(frozen=True)
class PlanKind:
    """One kind of job done by plans: ``make`` the plans of a decision, ``whole`` what a plan comes to from a
    game (plans coming to the same thing are one), ``progress`` how far the player's job has come in a game
    (the next decision of the same job shows the progress the step taken made)."""

    make: MakePlans
    whole: Callable[[ClassicGame, int, Plan], Hashable]
    progress: Callable[[ClassicGame, int], Hashable]


def is_open(g: ClassicGame, plan: Plan) -> bool:
    """Whether ``plan`` can be carried out from ``g`` as it stands (one chosen in another game may not)."""
    sim = g.clone()
    try:
        for a in plan:
            sim.apply(a)
    except IllegalAction:
        return False
    return True


def distinct(found: Sequence[Plan], key: Callable[[Plan], Hashable], legal: Sequence[Action],
             width: int) -> list[Plan]:
    """The first ``width`` of ``found`` whose first step is legal now, no two of the same ``key`` (what a plan
    comes to), in their order."""
    out: list[Plan] = []
    seen: set[Hashable] = set()
    for plan in found:
        k = key(plan)
        if k not in seen and plan[0] in legal:
            seen.add(k)
            out.append(plan)
    return out[:width]


def _reject(values: Sequence[dict[int, float]], alive: list[bool]) -> None:
    """Successive rejection over plans judged by different numbers of rounds: a plan is dropped when its mean
    is behind the best's by more than the margin its own rounds allow (engine.ai.search.reject's margin),
    never one of the two best nor one judged by fewer than two rounds."""
    means = {i: sum(v.values()) / len(v) for i, v in enumerate(values) if alive[i] and v}
    if len(means) <= 2:
        return
    top = max(means.values())
    keep = sorted(means, key=lambda i: -means[i])[:2]
    for i, m in means.items():
        n = len(values[i])
        if n >= 2 and i not in keep and m < top - REJECT_MARGIN / n ** 0.5:
            alive[i] = False


def step(g: ClassicGame, plan: Plan, others: Sequence[Plan]) -> tuple[Action, Plan]:
    """The step of ``plan`` to take now in ``g`` and the rest of the plan: of its steps that leave the rest open
    (never its last, ``ready``, before the others), the one most of ``others`` share, the earliest of equals."""
    best, rest, shared = plan[0], plan[1:], sum(1 for q in others if plan[0] in q)
    for j in range(1, len(plan) - 1):
        a = plan[j]
        n = sum(1 for q in others if a in q)
        if n > shared and is_open(g, (a, *plan[:j], *plan[j + 1:])):
            best, rest, shared = a, plan[:j] + plan[j + 1:], n
    return best, rest


class PlanSearch:
    """Plans of one kind of job judged by look-ahead games, carried from decision to decision of the job
    (module docstring). ``rules``: the bot's search rules (re-deal, copies, policy, value); ``kind``: the
    plans; ``carry``: whether a decision goes on from the look-ahead games of the job's earlier ones (else
    each decision starts afresh and takes the best plan's first step); the rest as :class:`FlatSearch`'s."""

    def __init__(self, rules: SearchRules, rng: random.Random, kind: PlanKind, *, max_iterations: int,
                 horizon: int, max_steps: int, width: int, prior: bool = True, min_rounds: int = 3,
                 carry: bool = True) -> None:
        self.rules = rules
        self.rng = rng
        self.kind = kind
        self.max_iterations = max_iterations
        self.horizon = horizon
        self.max_steps = max_steps
        self.width = width
        self.prior = prior
        self.min_rounds = min_rounds
        self.carry = carry
        self.chosen: Plan | None = None  # the rest of the plan chosen at the last decision
        self.expect: Hashable | None = None  # the job's progress the next decision shows if it is the same job
        self.seen: dict[Hashable, dict[int, float]] = {}  # what a plan comes to -> its value in each round
        self.dropped: set[Hashable] = set()  # plans clearly behind
        self.rounds = 0  # rounds ever played, each round's number its own

    def run(self, obs: Observation, g0: ClassicGame, limits: Limits) -> tuple[Action, dict[str, Any]]:
        """The step to take now of the best plan for ``obs``'s player (``g0``: the first re-dealt game)."""
        p = obs.player
        assert p is not None
        if not self.carry or self.expect is None or self.kind.progress(g0, p) != self.expect:
            self.seen, self.dropped = {}, set()  # another job: nothing learnt carries over
        found = self.kind.make(g0, p, obs.legal, self.width, self.chosen)
        if len(found) == 1:
            return self._take(g0, p, found[0], found), {"iterations": 0, "candidates": 1}
        keys = [self.kind.whole(g0, p, plan) for plan in found]
        values = [self.seen.setdefault(k, {}) for k in keys]
        alive = [k not in self.dropped for k in keys]
        if not any(alive):
            alive = [True] * len(found)
        it = self._look_ahead(obs, g0, found, values, alive, limits)
        if not any(alive):
            alive[0] = True  # every plan failed to be carried out (it should not happen): the first one stands
        counts = [len(v) for v in values]
        means = [sum(v.values()) / len(v) if v else -1.0 for v in values]
        self.dropped.update(k for k, a in zip(keys, alive, strict=True) if not a)
        best = max((i for i in range(len(found)) if alive[i]), key=lambda i: (means[i], -i))
        if self.prior and alive[0] and best != 0:
            diffs = [values[best][r] - values[0][r] for r in values[best] if r in values[0]]
            if not clearly_better(sum(diffs), sum(d * d for d in diffs), len(diffs)):
                best = 0  # the plan chosen before (or the rules' own) stands unless another is clearly better
        action = self._take(g0, p, found[best], [f for f, a in zip(found, alive, strict=True) if a])
        return action, {"iterations": it, "candidates": len(found), "plans": len(found), "means": means,
                        "best": best, "rounds": counts[best]}

    def _look_ahead(self, obs: Observation, g0: ClassicGame, found: list[Plan], values: list[dict[int, float]],
                    alive: list[bool], limits: Limits) -> int:
        """Rounds of look-ahead games for the plans still in the running, each plan's value in a round put in
        ``values``; the number of rounds played."""
        p = obs.player
        assert p is not None
        rules = self.rules
        it = 0
        g: Any = g0
        while it < self.max_iterations:
            if it and limits.out(soft=it >= self.min_rounds):
                break
            if it:
                g = rules.determinize(obs, self.rng)
            base = rules.snapshot(g)
            seed = self.rng.getrandbits(32) if rules.seeded_rollouts else 0
            stop_turn = g.turn + self.horizon
            soft = it >= self.min_rounds
            got: dict[int, float] = {}
            for i, plan in enumerate(found):
                if not alive[i]:
                    continue
                sim = rules.restore(base, g)  # the same deal and dice for every plan
                try:
                    for a in plan:
                        sim.apply(a)  # the plan's own steps: what they read is the same in every deal
                except IllegalAction:
                    alive[i] = False  # should not happen: a plan reads only what its player knows
                    continue
                rng = random.Random(seed) if rules.seeded_rollouts else None
                value, whole = rollout(rules, sim, p, rng, stop_turn, self.max_steps, limits, soft)
                if not whole and it:
                    break  # a round cut short is dropped: its plans did not all see the same deal
                got[i] = value
            else:
                self.rounds += 1
                for i, value in got.items():
                    values[i][self.rounds] = value
                it += 1
                _reject(values, alive)
                continue
            break
        return it

    def _take(self, g0: ClassicGame, p: int, plan: Plan, others: Sequence[Plan]) -> Action:
        """The step of ``plan`` taken now (:func:`step`, or its first without ``carry``); remembers the rest."""
        if self.carry:
            action, rest = step(g0, plan, others)
        else:
            action, rest = plan[0], plan[1:]
        self.chosen = rest or None
        self.expect = None
        if rest:
            sim = g0.clone()
            sim.apply(action)
            self.expect = self.kind.progress(sim, p)
        return action
