"""The classic Hard bot: information-set tree search (:mod:`engine.ai.ismcts`) over re-dealt hidden cards.

Every decision with a choice is searched, the setup's too: who goes first, the squad recruited (or the deal
redealt), each card laid out, which cards stay face down, where a companion sits, the vanguard strike, the
battle's moves, answers and defenders, lowering the table. Recruiting compares whole squads
(:mod:`.squads`: the order of the cards changes nothing); with ``layout="layouts"`` placement compares whole
layouts (:mod:`.layouts`), and with ``carry`` a squad's or a layout's decisions judge their plans by the
look-ahead games of all of them (:mod:`.plans`; both off by default: no gain measured); with
``setup_look="games"`` those plans are judged by look-ahead games played to the end. The candidates of every other decision are Easy's
best few (:func:`candidates`; for placement the best by Normal's setup rules, one after another), the tree
plans the player's own decisions of a turn or of the layout, and Easy with Normal's setup style plays
everything else of a look-ahead game, up to the end of the opponent's second turn from now.

A decision looks ahead for :data:`BUDGET` seconds of the thinking thread's CPU time, and never longer than
:data:`WALL_LIMIT` seconds of wall time (what a person waits), whatever the machine's load. Between the
games of a campaign, a retreat, and a draw offer Hard decides as Normal does: the look-ahead's win chance
in this game says nothing of the campaign, and a draw is a judgement of the whole game.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from engine.ai.ismcts import EXPLORE, ScoredBy, TreeSearch
from engine.ai.observe import Observation
from engine.ai.search import Limits, pick_candidates
from engine.classic import actions as A
from engine.classic.ai import campaign, layouts, setupplay, squads
from engine.classic.ai.easy import draw_choice, easy_action, require_classic, respond_scores
from engine.classic.ai.infer import SquadGuess
from engine.classic.ai.normal import HORIZON, ClassicSearch, group, ranked_battle
from engine.classic.ai.observe import determinize
from engine.classic.ai.plans import PlanKind, PlanSearch
from engine.classic.ai.stall import StallWatch
from engine.classic.ai.value import fitted_chance, win_chance
from engine.classic.game import ClassicGame
from engine.core.actions import Action
from engine.core.game import Game

BUDGET = 1.2  # seconds of the thinking thread's CPU time a decision looks ahead for
WALL_LIMIT = 1.7  # seconds of wall time a decision never goes past (decision_ms_p95 <= 2000)
ROOT_WIDTH = 8  # candidates at the decision itself
WIDTH = 4  # candidates at the player's later decisions inside the tree
BATTLE = frozenset(("main", "respond", "defender", "vanguard"))
EVALUATIONS = {"fitted": fitted_chance, "normal": win_chance}
# "search": every setup decision searched; "rules": the setup by Normal's rules (setupplay.NORMAL), the battle searched
SETUPS = ("search", "rules")
# how the look-ahead deals the opponent's squad while squads are built and laid out: "rules" as a player
# building by Normal's rules would have built it (engine/classic/ai/infer.py), "uniform" any cards of his deck
GUESSES = ("rules", "uniform")
# how a recruiting decision is searched: "squads" compares whole squads (engine/classic/ai/squads.py), "cards"
# the next card with the rest of the squad in the tree (where every card comes to the same squad)
RECRUITS = ("squads", "cards")
# how a placement decision is searched: "cards" the next card laid out with the rest of the layout in the tree,
# "layouts" whole layouts compared (engine/classic/ai/layouts.py)
LAYOUTS = ("cards", "layouts")
# how far the plan searches of the setup (engine/classic/ai/plans.py) look ahead: "turns" to the horizon as every
# search, "games" to the end of the game (at most GAME_STEPS actions, then scored as at a horizon)
SETUP_LOOKS = ("turns", "games")
GAME_TURNS = 10_000
GAME_STEPS = 1_500


def _one_by_one(step: Callable[[Sequence[Action]], Action], legal: Sequence[Action], width: int,
                last: type) -> list[Action]:
    """The ``width`` best actions by a rule that names one best: it is asked again without what it named,
    until it names ``last`` (``ready``: nothing else is worth it)."""
    out: list[Action] = []
    rest = list(legal)
    while rest and len(out) < width:
        a = step(rest)
        out.append(a)
        if isinstance(a, last) or a not in rest:
            break
        rest.remove(a)
    return out


def candidates(g: ClassicGame, p: int, legal: Sequence[Action], width: int) -> list[Action]:
    """The ``width`` most promising of ``legal`` for ``p``'s decision in ``g``, the policy's choice first."""
    pend = g.pending
    assert pend is not None
    kind = pend.kind
    if kind in BATTLE:
        ranked, fallback = ranked_battle(g, p, kind, tuple(legal))
        return pick_candidates(ranked, legal, fallback, group, width, 2)
    first = easy_action(g, legal, setup=setupplay.NORMAL)
    out = [first]
    if kind == "recruit":
        for style in (setupplay.NORMAL, setupplay.EASY):
            out += _one_by_one(lambda rest, s=style: setupplay.recruit_step(g, p, rest, s), legal, width, A.Ready)
    elif kind == "place":
        unplaced = [a for a in legal if not isinstance(a, A.Place) or a.card not in g.creatures]
        for style in (setupplay.NORMAL, setupplay.EASY):
            out += _one_by_one(lambda rest, s=style: setupplay.place_step(g, p, rest, s), unplaced, width, A.Ready)
    out += list(legal)
    seen: list[Action] = []
    for a in out:
        if a not in seen:
            seen.append(a)
    return seen[:width]


class ClassicTree(ScoredBy, ClassicSearch):
    """Classic games for the tree search: Easy with Normal's setup style plays the look-ahead games, and the
    positions are scored by ``evaluation``: "fitted" (the model fitted on self-play games,
    :func:`.value.fitted_chance`) or "normal" (Normal's :func:`.value.win_chance`). ``guess``: how the
    opponent's squad is dealt while squads are built (:data:`GUESSES`)."""

    def __init__(self, evaluation: str = "normal", guess: str = "rules") -> None:
        super().__init__(setupplay.NORMAL)
        self.choose_evaluation(EVALUATIONS, evaluation)
        self.guess = SquadGuess() if guess == "rules" else None

    def determinize(self, obs: Observation, rng: random.Random) -> Game:
        if self.guess is None:
            return determinize(obs, rng)
        return self.guess.determinize(obs, rng)

    def candidates(self, game: Game, player: int, width: int, rng: random.Random) -> list[Action]:
        assert isinstance(game, ClassicGame)
        return candidates(game, player, game.legal_actions(), width)


class HardBot:
    """Level Hard: a tree of its own decisions searched over many deals of what it cannot see."""

    level = "hard"

    def __init__(self, seed: int = 0, *, budget: float | None = BUDGET, max_iterations: int = 100_000,
                 horizon: int = HORIZON, max_steps: int = 200, root_width: int = ROOT_WIDTH, width: int = WIDTH,
                 clock: Callable[[], float] | None = None, wall_clock: Callable[[], float] | None = None,
                 wall_limit: float = WALL_LIMIT, evaluation: str = "normal", prior: bool = True,
                 explore: float = EXPLORE, opponent: int = 0, depth: int = 6, setup: str = "search",
                 guess: str = "rules", recruit: str = "squads", layout: str = "cards", carry: bool = False,
                 setup_look: str = "turns") -> None:
        if setup not in SETUPS:
            raise ValueError(f"unknown setup {setup!r} (known: {', '.join(SETUPS)})")
        if guess not in GUESSES:
            raise ValueError(f"unknown guess {guess!r} (known: {', '.join(GUESSES)})")
        if recruit not in RECRUITS:
            raise ValueError(f"unknown recruit {recruit!r} (known: {', '.join(RECRUITS)})")
        if layout not in LAYOUTS:
            raise ValueError(f"unknown layout {layout!r} (known: {', '.join(LAYOUTS)})")
        if setup_look not in SETUP_LOOKS:
            raise ValueError(f"unknown setup_look {setup_look!r} (known: {', '.join(SETUP_LOOKS)})")
        self.setup = setup
        self.rng = random.Random(seed)
        self.budget = budget
        self.root_width = root_width
        self.clock = clock or time.thread_time  # the budget's: CPU time of the thread that thinks
        self.wall_clock = wall_clock or time.perf_counter  # the cap's: what a person waits
        self.wall_limit = wall_limit
        tree = ClassicTree(evaluation, guess)
        self.search = TreeSearch(tree, self.rng, max_iterations=max_iterations, horizon=horizon,
                                 max_steps=max_steps, width=width, prior=prior, explore=explore,
                                 opponent=opponent, depth=depth)
        def plan_search(kind: PlanKind) -> PlanSearch:
            whole = setup_look == "games"
            return PlanSearch(tree, self.rng, kind, max_iterations=max_iterations,
                              horizon=GAME_TURNS if whole else horizon, max_steps=GAME_STEPS if whole else max_steps,
                              width=root_width, prior=prior, carry=carry)

        self.squads = plan_search(squads.KIND) if recruit == "squads" else None
        self.layouts = plan_search(layouts.KIND) if layout == "layouts" else None
        self.last_stats: dict[str, Any] = {}
        self.stall = StallWatch()  # a stalled game's draw (2007 7.7)

    def choose(self, obs: Observation) -> Action:
        require_classic(obs)
        legal = obs.legal
        if not legal:
            raise ValueError(f"player {obs.player} has nothing to decide now")
        self.last_stats = {"iterations": 0, "candidates": 1}
        if len(legal) == 1:
            return legal[0]
        start = (self.clock(), self.wall_clock())
        kind = (obs.pending or {}).get("kind")
        if kind == "next_game":
            return campaign.choose_next(obs)  # between the games of a campaign (2007 8.4)
        p = obs.player
        assert p is not None
        g0 = determinize(obs, self.rng)
        stalled = self.stall.decide(g0, p, legal)
        if stalled is not None:
            return stalled  # a draw offered or taken; an offer is a meta action, never in ``legal``
        if kind == "draw_offer":
            return draw_choice(g0, p, legal)
        if self.setup == "rules" and kind not in BATTLE:
            action = easy_action(g0, legal, setup=setupplay.NORMAL)  # the setup as Normal sets up
            return action if action in legal else legal[0]
        if kind == "respond" and respond_scores(g0, p, legal)[0][0] <= 0.0:
            return A.Pass()  # no instant helps at all: nothing worth looking ahead for
        limits = Limits.budgeted(self.budget, self.wall_limit, start, self.clock, self.wall_clock)
        if kind == "recruit" and self.squads is not None:
            action, self.last_stats = self.squads.run(obs, g0, limits)
            return action if action in legal else legal[0]
        if kind == "place" and self.layouts is not None:
            action, self.last_stats = self.layouts.run(obs, g0, limits)
            return action if action in legal else legal[0]
        cands = candidates(g0, p, legal, self.root_width)
        if isinstance(cands[0], A.Retreat):
            return cands[0]  # a judgement of the campaign (engine/classic/ai/campaign.py), as Normal's
        if len(cands) == 1:
            return cands[0]
        action, self.last_stats = self.search.run(obs, g0, cands, limits)
        return action if action in legal else legal[0]
