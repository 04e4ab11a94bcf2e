"""Information-set Monte Carlo tree search (Hard), shared by every game.

Each round deals the hidden cards again (a full game consistent with what the bot's player knows,
:meth:`SearchRules.determinize`), and every candidate of the decision is tried on that same deal and dice,
as in Normal's flat search (:class:`engine.ai.search.FlatSearch`): the candidates are compared deal by deal,
so the deal's luck, large next to one move's worth, cancels out; candidates clearly behind are dropped, and
the policy's own choice stands unless another is clearly better.

Below each candidate grows a single-observer information-set tree of the player's *own* later decisions
(the rest of a turn's moves, a squad recruited card by card, a placement), keyed by the actions taken and
shared by all deals. At an own decision inside the tree the children are the ruleset's most promising
actions legal in this deal (:meth:`TreeRules.candidates`, Easy's ranking); each counts how often it was
available, and UCB1 over those counts picks among them (a child never tried first, in Easy's order). With
``opponent`` > 0 the opponent's first decisions on a path are nodes too, picked by UCB1 on the opponent's side
of the values (his best reply found, not the policy's assumed); the opponent's other decisions, and
everything once a new node is added, are the rollout policy's (Easy's rules of thumb) up to the horizon; the
position there is scored by the ruleset's win chance and backed up.

It never reads the hidden cards of the observation, only what a re-deal put there.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from engine.ai.observe import Observation
from engine.ai.search import FlatSearch, Limits, SearchRules
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.game import Game

# the opponent's answer to what the player just did in a look-ahead game (the game as it stands after it, the
# player), or None where there is nothing to foresee
Answer = Callable[[Game, int], Action | None]

EXPLORE = 0.3  # UCB1's exploration weight, in win chance (values lie in 0..1, one move's worth is a few 0.01)


class TreeRules(SearchRules, Protocol):
    """:class:`SearchRules` and the candidates of a decision in the tree (the searching player's, or the
    opponent's)."""

    def candidates(self, game: Game, player: int, width: int, rng: random.Random) -> list[Action]: ...


class Node:
    """One decision in the tree, reached by a sequence of actions (the player's own, and the opponent's with
    ``opponent``): its statistics (values on the searching player's side) and children."""

    __slots__ = ("children", "visits", "total", "avail", "answer", "asked")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.answer: Action | None = None  # the opponent's answer to this node's action, foreseen once
        self.asked = False

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class TreeSearch:
    """The search of the module docstring. ``depth``: decisions in the tree below a candidate a path may hold;
    ``width``: the children of a node in the tree; ``min_rounds``: rounds that may run past the soft deadline
    (the paired test wants three); ``max_steps``: a look-ahead game's actions; ``prior``: the policy's choice
    stands unless another is clearly better (else the best mean wins); ``opponent``: the opponent's decisions a
    path may hold (0: the policy plays all of them)."""

    def __init__(self, rules: TreeRules, rng: random.Random, *, max_iterations: int, horizon: int,
                 max_steps: int, depth: int = 6, width: int = 4, min_rounds: int = 3,
                 explore: float = EXPLORE, prior: bool = True, opponent: int = 0) -> None:
        self.rules = rules
        self.rng = rng
        self.max_steps = max_steps
        self.depth = depth
        self.width = width
        self.explore = explore
        self.opponent = opponent
        self.flat = FlatSearch(rules, rng, max_iterations=max_iterations, horizon=horizon, max_steps=max_steps,
                               min_rounds=min_rounds, prior=prior)
        self._answer: Answer | None = None
        self._left = 0

    def run(self, obs: Observation, g0: Game, cands: Sequence[Action], limits: Limits,
            replies: Mapping[Action, Action] | None = None, answer: Answer | None = None,
            answers: int = 0) -> tuple[Action, dict[str, Any]]:
        """The best of ``cands`` (the policy's choice first; ``g0``: the first re-dealt game) and the search's
        figures (``nodes``: how many decisions the trees hold; ``answers``: how many ``answer`` gave). ``replies``:
        for some candidates, the opponent's answer the caller foresees, played first in each look-ahead game where
        it is his decision and legal (else the look-ahead goes on as always). ``answer`` does the same for the
        player's own decisions inside the trees: asked once for a node, on the look-ahead game that first takes
        its action, at most ``answers`` times a decision and not once the soft deadline has passed; it says
        None where it has nothing to foresee (the opponent does not decide next, or has one choice)."""
        p = obs.player
        assert p is not None
        roots = [Node() for _ in cands]
        replies = replies or {}
        self._answer, self._left = answer, answers

        def follow(i: int, g: Game, rng: random.Random | None, stop_turn: int, limits: Limits,
                   soft: bool) -> tuple[float, bool]:
            reply = replies.get(cands[i])
            if reply is not None and not g.is_over and g.decider not in (None, p) and reply in g.legal_actions():
                g.apply(reply)
            return self._walk(roots[i], g, p, rng, stop_turn, limits, soft)

        action, stats = self.flat.run(obs, g0, cands, limits, follow)
        stats["nodes"] = sum(_size(r) for r in roots)
        stats["answers"] = answers - self._left if answer is not None else 0
        self._answer = None
        return action, stats

    def _walk(self, root: Node, g: Game, p: int, rng: random.Random | None, stop_turn: int, limits: Limits,
              soft: bool) -> tuple[float, bool]:
        """One look-ahead game down a candidate's tree, then the policy; backs the value up the path."""
        rules = self.rules
        path = [root]
        node: Node | None = root
        steps = 0
        whole = True
        theirs = 0  # the opponent's decisions on the path
        while not g.is_over and g.turn < stop_turn and steps < self.max_steps:
            if limits.out(soft):
                whole = False
                break
            mine = g.decider == p
            in_tree = node is not None and len(path) <= self.depth and (mine or theirs < self.opponent)
            options = rules.candidates(g, g.decider, self.width, self.rng) if in_tree else ()
            if node is not None and len(options) > 1:
                action, child = self._select(node, options, mine)
                path.append(child)
                theirs += not mine
                node = None if child.visits == 0 else child  # a new node: the policy plays on from here
                try:
                    g.apply(action)
                except IllegalAction:
                    break  # not legal in this deal (cannot happen: candidates are this deal's legal ones)
                steps += 1
                if mine and self._answer is not None:
                    steps += self._answered(child, g, p, limits)
                continue
            g.apply(rules.policy(g, rng, p))
            steps += 1
        value = rules.value(g, p)
        for n in path:
            n.visits += 1
            n.total += value
        return value, whole

    def _answered(self, child: Node, g: Game, p: int, limits: Limits) -> int:
        """Play the opponent's foreseen answer to ``child``'s action (asked for now if it never was and the
        decision may still ask) where it is his decision and legal; how many actions that took (0 or 1)."""
        answer = self._answer
        if answer is not None and not child.asked and self._left > 0 and not limits.out(True):
            child.asked = True
            child.answer = found = answer(g, p)
            self._left -= found is not None
        reply = child.answer
        if reply is not None and not g.is_over and g.decider not in (None, p) and reply in g.legal_actions():
            g.apply(reply)
            return 1
        return 0

    def _select(self, node: Node, options: Sequence[Action], mine: bool = True) -> tuple[Action, Node]:
        """UCB1 over the children available now (each counts this as one more chance to be picked); at the
        opponent's decision (``mine`` False) by the opponent's side of the values."""
        children = []
        for a in options:
            child = node.children.get(a)
            if child is None:
                child = node.children[a] = Node()
            child.avail += 1
            children.append((a, child))
        for a, child in children:
            if child.visits == 0:
                return a, child  # the policy's order: its best untried action first
        c = self.explore
        sign = 1.0 if mine else -1.0
        return max(children, key=lambda t: sign * t[1].mean + c * math.sqrt(math.log(t[1].avail) / t[1].visits))


class ScoredBy:
    """A ruleset's tree rules whose positions are scored by one of its evaluations, chosen by name (Hard's
    ``evaluation`` option): put before the ruleset's :class:`SearchRules`, whose ``value`` it replaces."""

    score: Callable[[Any, int], float]

    def choose_evaluation(self, known: Mapping[str, Callable[[Any, int], float]], name: str) -> None:
        """Score by the evaluation called ``name`` among ``known``; a ValueError naming them else."""
        found = known.get(name)
        if found is None:
            raise ValueError(f"unknown evaluation {name!r} (known: {', '.join(known)})")
        self.score = found

    def value(self, game: Game, player: int) -> float:
        return self.score(game, player)


def _size(node: Node) -> int:
    return 1 + sum(_size(c) for c in node.children.values())
