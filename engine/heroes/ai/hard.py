"""The «Герои» Hard bot: information-set tree search (:mod:`engine.ai.ismcts`) over re-dealt hidden cards.

Every decision with a choice is searched: the Queue (going first or second), the mulligan, what to reveal,
the main phase's plays with their targets, attacks and abilities, defenders, triggers and their order, the
choices an effect asks for. The candidates of a decision are Easy's best few (:func:`.normal.candidates`),
the tree plans the player's own decisions of a turn, and Easy plays everything else of a look-ahead game up
to the end of the opponent's second turn from now (:data:`HORIZON`; Normal looks two turns ahead).

The Queue is judged by whole games instead: what going first is worth (the ready decks' first player wins
about 70 % of Easy's games) shows only over a whole game, and a two-turn look-ahead took going second for
the better about one time in three. The mulligan looks ahead :data:`MULLIGAN_HORIZON` turns, through five or six
of each side's turns, where four turns would hold only one of the second player's own (one coin) and could not
tell a hand of twos and threes from one of fives: judged by Easy's whole games, its mulligans gained about 0.035
over the four turns' (docs/ai.md). Whole games are too few in a decision's time to tell its eight candidates
apart.

A decision looks ahead for :data:`BUDGET` seconds and never longer than :data:`HARD_LIMIT` seconds of wall
time. A draw offer is answered as Normal does (a judgement of the whole game, which Hard's look-ahead does
not search).

The opponent's defence against each attack among a main-phase decision's candidates is foreseen once, by a
Normal given :data:`REPLY` seconds answering on the decision's first re-dealt game, and played in every
look-ahead game of that attack where it is legal: Easy, which defends everywhere else in the look-ahead, chose
as Normal does in only about 0.4 of Normal's defences. Those answers' time is the decision's; ``reply=0`` leaves
every defence to Easy. ``answers=N`` (off by default) answers Hard's own later attacks inside the tree the same way,
once a tree node, at most N a decision. ``foresee="all"`` (off by default) foresees the opponent's next
decision after every candidate that hands him one, not only his defence (docs/ai.md: it gained nothing).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from engine.ai.ismcts import EXPLORE, ScoredBy, TreeSearch
from engine.ai.observe import Observation, observe
from engine.ai.search import Limits
from engine.core.actions import Action
from engine.core.game import Game
from engine.heroes import actions as A
from engine.heroes.ai.defence import fitted_defence, lookahead_defence
from engine.heroes.ai.easy import require_heroes
from engine.heroes.ai.evaluate import fitted_chance, win_chance
from engine.heroes.ai.normal import HeroesSearch, NormalBot, answer_draw, candidates
from engine.heroes.ai.observe import determinize
from engine.heroes.game import HeroesGame

BUDGET = 1.2  # seconds of wall time a decision looks ahead for
HARD_LIMIT = 1.7  # seconds of wall time a decision never goes past (decision_ms_p95 <= 2000)
HORIZON = 4  # turns a look-ahead game runs (of 28 paired games, 8 ended apart from two turns', 6 won by four)
# turns the mulligan's look-ahead runs: far enough for the kept hand's curve to show (docs/ai.md: +0.035 a mulligan
# over four turns judged by Easy's whole games; 20 turns gained no more)
MULLIGAN_HORIZON = 12
ROOT_WIDTH = 8  # candidates at the decision itself
WIDTH = 4  # candidates at the player's later decisions inside the tree
PER_GROUP = 2  # candidates of one card (or trigger)
WHOLE = ("order",)  # decisions judged by whole games played out
WHOLE_GAME = 10_000  # turns: a look-ahead that runs to the end of the game
WHOLE_STEPS = 2_000  # actions of one whole look-ahead game (Easy's games take about 130)
EVALUATIONS = {"fitted": fitted_chance, "normal": win_chance}
REPLY = 0.05  # seconds the answering Normal gets for each attack's defence (docs/ai.md: the defence foreseen)
REPLY_ROUNDS = 8  # the answering Normal's rounds when no clock bounds Hard (budget=None)
# which of the decision's candidates get the opponent's answer foreseen: "attacks" (his defence) or "all" (his
# next decision after any candidate that hands him one, at any decision but the Queue and the mulligan)
FORESEE = ("attacks", "all")


class HeroesTree(ScoredBy, HeroesSearch):
    """«Герои» games for the tree search, the positions scored by ``evaluation``: "fitted" (the model fitted on
    self-play games, :func:`.evaluate.fitted_chance`) or "normal" (Normal's :func:`.evaluate.win_chance`); the
    defences in a look-ahead game played by Easy (``defence="easy"``) or by the model fitted to Normal's defences
    (:mod:`.defence`): both sides' (``"fitted"``) or only the searched player's opponent's (``"theirs"``: Hard's
    own defences stay Easy's, its opponent defends as Normal tends to); or by the look-ahead defence
    (:func:`.defence.lookahead_defence`, one look-ahead game a candidate, as a one-round Normal chooses): both
    sides' (``"ahead"``) or only the opponent's (``"ahead_theirs"``)."""

    DEFENCES = ("easy", "fitted", "theirs", "ahead", "ahead_theirs")

    def __init__(self, evaluation: str = "normal", defence: str = "easy") -> None:
        self.choose_evaluation(EVALUATIONS, evaluation)
        if defence not in self.DEFENCES:
            raise ValueError(f"unknown defence {defence!r}: {', '.join(self.DEFENCES)}")
        self.defence = defence

    def policy(self, game: Game, rng: random.Random | None, player: int) -> Action:
        d = self.defence
        if d != "easy" and game.pending is not None and game.pending.kind == "defender":
            mine = game.decider == player
            assert isinstance(game, HeroesGame) and rng is not None
            if d == "ahead" or (d == "ahead_theirs" and not mine):
                return lookahead_defence(game, rng)
            if d == "fitted" or (d == "theirs" and not mine):
                return fitted_defence(game, rng)
        return super().policy(game, rng, player)

    def candidates(self, game: Game, player: int, width: int, rng: random.Random) -> list[Action]:
        assert isinstance(game, HeroesGame)
        return candidates(game, tuple(game.legal_actions()), rng, width, PER_GROUP)


class HardBot:
    """Level Hard: a tree of its own decisions searched over many deals of what it cannot see."""

    level = "hard"

    def __init__(self, seed: int = 0, *, budget: float | None = BUDGET, max_iterations: int = 100_000,
                 horizon: int = HORIZON, max_steps: int = 200, root_width: int = ROOT_WIDTH, width: int = WIDTH,
                 clock: Callable[[], float] | None = None, hard_limit: float = HARD_LIMIT,
                 evaluation: str = "normal", prior: bool = True, explore: float = EXPLORE,
                 opponent: int = 0, depth: int = 6, defence: str = "easy", min_rounds: int = 3,
                 reply: float = REPLY, answers: int = 0, foresee: str = "attacks",
                 mulligan_horizon: int = MULLIGAN_HORIZON) -> None:
        if foresee not in FORESEE:
            raise ValueError(f"unknown foresee {foresee!r}: {', '.join(FORESEE)}")
        self.foresee = foresee
        self.rng = random.Random(seed)
        self.budget = budget
        self.root_width = root_width
        self.clock = clock or time.perf_counter
        self.hard_limit = hard_limit
        self.tree = tree = HeroesTree(evaluation, defence)
        def tree_search(horizon: int, steps: int, **more: int) -> TreeSearch:
            return TreeSearch(tree, self.rng, max_iterations=max_iterations, horizon=horizon, max_steps=steps,
                              width=width, prior=prior, explore=explore, min_rounds=min_rounds, **more)

        self.search = tree_search(horizon, max_steps, opponent=opponent, depth=depth)
        # the Queue: to the game's end (its value there is the result itself)
        self.whole = tree_search(WHOLE_GAME, WHOLE_STEPS)
        # the mulligan: far enough for the curve of the kept hand to show (see MULLIGAN_HORIZON)
        self.opening = tree_search(mulligan_horizon, max_steps, opponent=opponent, depth=depth)
        self.last_stats: dict[str, Any] = {}
        # the opponent's defence against each attack among the decision's candidates, foreseen by a Normal
        # given ``reply`` seconds (0: Easy's defence, as in the rest of the look-ahead)
        self.replier = None if reply <= 0 else NormalBot(
            self.rng.getrandbits(32), budget=None if budget is None else reply,
            max_iterations=REPLY_ROUNDS if budget is None else 200, clock=clock)
        # the same answers to the attacks of Hard's own later decisions inside the tree, at most this many a
        # decision (0: only the decision's own candidates are answered)
        self.answers = answers

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        if not legal:
            raise ValueError(f"player {obs.player} has nothing to decide now")
        self.last_stats = {"iterations": 0, "candidates": 1}
        if len(legal) == 1:
            return legal[0]
        require_heroes(obs)
        start = self.clock()
        g0 = determinize(obs, self.rng)
        kind = (obs.pending or {}).get("kind")
        if kind == "draw_offer":
            return answer_draw(obs, g0)
        cands = candidates(g0, legal, self.rng, self.root_width, PER_GROUP)
        if len(cands) == 1:
            return cands[0]
        limits = Limits.budgeted(self.budget, self.hard_limit, (start, start), self.clock, self.clock)
        search = self.whole if kind in WHOLE else self.opening if kind == "mulligan" else self.search
        asks = kind == "main" or (self.foresee == "all" and kind not in (*WHOLE, "mulligan"))
        replies = self.replies(g0, cands, limits) if asks else None
        answer = self.answer if kind == "main" and self.answers and self.replier is not None else None
        action, self.last_stats = search.run(obs, g0, cands, limits, replies, answer, self.answers)
        return action if action in legal else legal[0]

    def replies(self, g0: HeroesGame, cands: list[Action], limits: Limits | None = None) -> dict[Action, Action]:
        """For each attack among ``cands``, the defence the opponent would choose (CR 509), as a Normal chooses it
        from what he would see in ``g0`` (the decision's first re-dealt game: nothing the player cannot see),
        with ``reply`` seconds each; none without a replier. Easy, which plays the rest of the look-ahead, blocks
        whenever a block's fight scores better than the strike taken; Normal chose as Easy in only about 0.4 of
        its defences (docs/ai.md), most often taking the strike where Easy would block. Once the decision's
        budget (``limits``) is spent, the attacks left are defended by Easy as before. With ``foresee="all"``
        every candidate after which the opponent decides gets his answer, whatever he decides."""
        out: dict[Action, Action] = {}
        if self.replier is None:
            return out
        every = self.foresee == "all"
        for a in cands:
            if not (every or isinstance(a, A.Attack)):
                continue
            if limits is not None and limits.out(True):
                break
            sim = g0.clone()
            sim.apply(a)
            found = self.next_move(sim, g0.decider) if every else self.answer(sim, g0.decider)
            if found is not None:
                out[a] = found
        return out

    def answer(self, game: Game, player: int) -> Action | None:
        """The defence ``player``'s opponent would choose now in ``game`` (a look-ahead game just after
        ``player``'s attack), as the answering Normal chooses it from what that opponent sees; None when he
        has no defence to choose or there is no replier."""
        pend = game.pending
        if pend is None or pend.kind != "defender":
            return None
        return self.next_move(game, player)

    def next_move(self, game: Game, player: int) -> Action | None:
        """Whatever ``player``'s opponent would choose now in ``game``, as the answering Normal chooses it from
        what he sees; None when he does not decide now, has one choice or is offered a draw, or there is no
        replier."""
        pend = game.pending
        if (self.replier is None or game.is_over or pend is None or pend.kind == "draw_offer"
                or game.decider in (None, player)):
            return None
        seen = observe(game, game.decider)
        return self.replier.choose(seen) if len(seen.legal) > 1 else None
