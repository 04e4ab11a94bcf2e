"""How well a cheap re-ranking of Easy's candidates foresees Normal's choices («Герои»).

Hard's look-ahead games are played by Easy's rules of thumb; a rollout policy that chose as Normal does, at
about Easy's cost, would make them a look-ahead over better play. This measures whether one is within reach
of a linear model: it plays ``--games`` games of Normal against Normal (at ``--budget`` seconds a decision,
the decks of bench/ai_strength.py, deals apart from its own), and at each decision of the main phase, a
defence or the triggers with a choice takes Easy's candidates (the best seven, at most two of a card, ending
the turn among them: what Normal compares) with the terms of :func:`features`, and which one Normal chose
(decisions where Normal chose outside them are left out). A conditional logit (one weight a term, the
candidates of a decision competing) is fitted by Newton's method on the first ``--train`` share of the games
and measured on the rest. With ``--after`` each candidate's terms take in the position it leads to as well
(:func:`afterstates`: the answers it calls for played by Easy on a copy, then scored), which costs a copy
and a few of Easy's decisions a candidate; with ``--defence`` the terms that read a defence closer
(engine/heroes/ai/defence.py, whose weights come from this fit); with ``--board`` a second model is fitted with
each candidate's own cards and the position's bands by the kind of move (:func:`board_terms`: several hundred
sparse terms, by L-BFGS), a linear model that reads the board as far as one can. ``--log DIR`` keeps each game's
actions as it ends (bench/gamelog.py, with the budget and the code's digest); a run again reads the kept games
instead of playing them, so other terms can be tried on the same games in a minute. Prints::

    policy_decisions_train= / policy_decisions_test=
    policy_match_easy=<x>      how often Easy's first candidate is Normal's choice (held-out decisions)
    policy_match_fitted=<x>    how often the fitted model's best candidate is
    policy_logloss_fitted=<x>  the mean of -log of the chance the model gives Normal's choice
    policy_match_defence_easy= / policy_match_defence_fitted=  the same on the defences alone
    policy_departures=(…)      the commonest kinds of move Easy would make and Normal made instead, as shares
    policy_match_normal_twin=  with --twin: how often a second Normal (another seed) chose as the first did
    policy_match_after_best=   with --after: how often the candidate whose position scores best is (win_chance;
    policy_match_after_fitted_best=  the fitted model)
    policy_weights=(…)         in the order of ``TERMS``
    policy_board_terms= / policy_match_board= / policy_match_board_train= / policy_logloss_board=
                               with --board: the card and band terms met often enough to be fitted, and the
    policy_board_weights=(…)   model's match on held-out and fitted decisions; its heaviest card and band terms

A policy worth building into the look-ahead must match Normal clearly more often than Easy's first choice.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import pathlib
import random
import sys
import time
from collections.abc import Sequence

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import ai_strength  # noqa: E402
from gamelog import GameLog, code_digest  # noqa: E402
from value_fit import newton_step  # noqa: E402

from engine.ai import make_bot, observe  # noqa: E402
from engine.core.actions import Action  # noqa: E402
from engine.core.ruleset import find_ruleset  # noqa: E402
from engine.heroes import actions as A  # noqa: E402
from engine.heroes.ai import evaluate as V  # noqa: E402
from engine.heroes.ai.defence import DEFENCE_TERMS, defence_terms  # noqa: E402
from engine.heroes.ai.easy import ATTACK, PLAY_FIRST, easy_action, score_actions  # noqa: E402
from engine.heroes.ai.normal import candidates  # noqa: E402
from engine.heroes.game import HeroesGame  # noqa: E402

KINDS = ("main", "defender", "triggers")
CODEC = find_ruleset("heroes").codec
MAX_STEPS = 3000
MOVES = ("play_creature", "play_support", "play_spell", "activate", "attack_hero", "attack_creature", "end_turn",
         "defend", "no_defense", "declare_trigger", "decline_trigger", "other")
TERMS = ("easy_first", "easy_rank", "easy_rest", "easy_spends", "easy_attacks", *MOVES,
         "end_coins", "end_threat", "hero_attack_low_hero", "hero_attack_threat", "creature_attack_threat",
         "creature_play_threat", "defend_threat", "no_defense_threat", "attack_untapped", "attacker_worth")
# with --after: what each candidate leads to, its answers played by Easy (see :func:`afterstates`)
AFTER_TERMS = ("after_best", "after_gap", "after_fitted_best", "after_fitted_gap")
AFTER_STEPS = 40  # actions an afterstate's answers may take
MIN_SEEN = 20  # candidates a card term must be met in (among those fitted on) to have a weight (``--board``)
# the candidates' terms, the index of Normal's choice, the index of a second Normal's (-1 outside the candidates,
# -2 not asked)
Decision = tuple[list[list[float]], int, int]


def _move(g: V.View, a: Action, enemy_hero: int) -> int:
    if isinstance(a, A.Play):
        return {"creature": 0, "support": 1, "spell": 2}.get(g.cdef(a.card).type, 1)
    if isinstance(a, A.Activate):
        return 3
    if isinstance(a, A.Attack):
        return 4 if a.target == enemy_hero else 5
    kinds: tuple[type, ...] = (A.EndTurn, A.Defend, A.NoDefense, A.DeclareTrigger, A.DeclineTrigger)
    for i, kind in enumerate(kinds):
        if isinstance(a, kind):
            return 6 + i
    return 11


def features(game: HeroesGame, ranked: Sequence[tuple[float, Action]], cands: Sequence[Action]) -> list[list[float]]:
    """The terms of :data:`TERMS` for each candidate: Easy's rank and score (the score's band — a card it
    would pay for, an attack it likes — and the rest), the kind of move, and the kind of move against the
    position: coins left when ending the turn, the enemy's strike in play against the own hero's lives, the
    enemy hero's lives, untapped own creatures, the attacker's worth."""
    assert game.pending is not None
    p = game.pending.player
    g = V.View(game)
    me, them = game.players[p], game.players[1 - p]
    score = {a: s for s, a in ranked}
    threat = sum(g.strike(c) for c in them.play if g.is_creature(c)) / max(1, game.lives_left(me.hero))
    low_hero = 10.0 / max(1, game.lives_left(them.hero))
    untapped = sum(1 for c in me.play if g.is_creature(c) and not game.cards[c].tapped) / 5
    out = []
    for rank, a in enumerate(cands):
        s = score.get(a, 0.0)
        band = PLAY_FIRST if s >= PLAY_FIRST - 20 else (ATTACK if s >= ATTACK - 20 else 0.0)
        move = [0.0] * len(MOVES)
        move[_move(g, a, them.hero)] = 1.0
        play_creature, attack_hero, attack_creature, end = move[0], move[4], move[5], move[6]
        row = [float(rank == 0), 1.0 / (1 + rank), max(-5.0, min(5.0, s - band)), float(band == PLAY_FIRST),
               float(band == ATTACK), *move,
               end * me.open_coins / 10, end * threat, attack_hero * low_hero, attack_hero * threat,
               attack_creature * threat, play_creature * threat, move[7] * threat, move[8] * threat,
               (attack_hero + attack_creature) * untapped,
               g.card_value(a.attacker) / 5 if isinstance(a, A.Attack) else 0.0]
        out.append(row)
    return out


def card_terms(game: HeroesGame, cands: Sequence[Action]) -> list[list[str]]:
    """For each candidate, the cards it moves, by their printed id and their part in the move: the card played
    or used and each card it targets (own or the enemy's), the attacker and what it attacks, the defender and
    the attacker it stands in front of — what a model of Normal's choices may learn of each card beyond Easy's
    rules of thumb (``--board``)."""
    assert game.pending is not None
    p = game.pending.player
    cards = game.cards

    def name(iid: int) -> str:
        return cards[iid].card if iid in cards else "?"

    def targets(kind: str, iids: Sequence[int]) -> list[str]:
        return [f"{kind}_{'own' if t in cards and cards[t].controller == p else 'enemy'}:{name(t)}" for t in iids]

    attacker = (game.combat or {}).get("attacker")
    out = []
    for a in cands:
        if isinstance(a, A.Play):
            names = [f"play:{name(a.card)}", *targets("play_target", a.targets)]
        elif isinstance(a, A.Activate):
            names = [f"use:{name(a.card)}", *targets("use_target", a.targets)]
        elif isinstance(a, A.Attack):
            names = [f"attack:{name(a.attacker)}", f"attacked:{name(a.target)}"]
        elif isinstance(a, A.Defend):
            names = [f"defend:{name(a.card)}"] + ([f"defended_from:{name(attacker)}"] if attacker in cards else [])
        elif isinstance(a, A.NoDefense):
            names = [f"no_defense_from:{name(attacker)}"] if attacker in cards else []
        else:
            names = []
        out.append(names)
    return out


def board_terms(game: HeroesGame, cands: Sequence[Action]) -> list[list[str]]:
    """For each candidate, its kind of move against the position in bands: the turn, both sides' creatures,
    the hand, the coins left, both heroes' lives — what a linear model cannot read from Easy's score alone
    (``--board``, with :func:`card_terms`)."""
    assert game.pending is not None
    p = game.pending.player
    g = V.View(game)
    me, them = game.players[p], game.players[1 - p]
    mine = sum(1 for c in me.play if g.is_creature(c))
    theirs = sum(1 for c in them.play if g.is_creature(c))
    bands = (f"turn{min(game.turn // 2, 8)}", f"mine{min(mine, 6)}", f"theirs{min(theirs, 6)}",
             f"more{max(-3, min(3, mine - theirs))}", f"hand{min(len(me.hand), 7)}", f"coins{min(me.open_coins, 8)}",
             f"life{min(game.lives_left(me.hero) // 4, 6)}", f"foe_life{min(game.lives_left(them.hero) // 4, 6)}")
    out = []
    for names, a in zip(card_terms(game, cands), cands, strict=True):
        move = MOVES[_move(g, a, them.hero)]
        out.append([*names, *(f"{move}@{b}" for b in bands)])
    return out


def afterstates(game: HeroesGame, cands: Sequence[Action], seed: int) -> list[list[float]]:
    """The terms of :data:`AFTER_TERMS` for each candidate: the position it leads to once what it sets going is
    over (the opponent's defence, the Queue, the effect's choices, played by Easy on a copy) — back at the
    player's own next main-phase decision, or at the opponent's turn after ending one's own — scored by
    :func:`.evaluate.win_chance` and by the fitted model, each as whether it is the candidates' best and how far
    below the best it is (ten times the win chance's gap)."""
    assert game.pending is not None
    p = game.pending.player
    scores: list[tuple[float, float]] = []
    for a in cands:
        g = game.clone()
        rng = random.Random(seed)
        g.apply(a)
        for _ in range(AFTER_STEPS):
            if g.is_over or g.active != p or (g.decider == p and g.pending is not None and g.pending.kind == "main"):
                break
            g.apply(easy_action(g, rng))
        scores.append((V.win_chance(g, p), V.fitted_chance(g, p)))
    best = max(s for s, _ in scores)
    best_fit = max(f for _, f in scores)
    return [[float(s == best), 10 * (s - best), float(f == best_fit), 10 * (f - best_fit)]
            for s, f in scores]


def play(deal: int, budget: float = 0.17, after: bool = False, twin: bool = False,
         defence: bool = False, moves: Sequence[Action] | None = None,
         ) -> tuple[list[Decision], list[list[list[str]]], list[Action]]:
    """One game of Normal against Normal, or with ``moves`` the game those actions played (kept by ``--log``:
    the same decisions, read again without Normal's minutes of look-ahead); the decisions with a choice among
    Easy's candidates, with the terms of :func:`features` (and of :func:`afterstates` with ``after``, of
    :func:`.defence.defence_terms` with ``defence``), each decision's :func:`board_terms`, and the actions
    played. With ``twin`` each decision is
    asked of a second Normal of another seed too, which does not play."""
    game = ai_strength.new_game(deal)
    bots = [make_bot("normal", seed=deal * 2 + i + 1, budget=budget) for i in range(2)] if moves is None else []
    second = make_bot("normal", seed=deal * 2 + 7_000_001, budget=budget) if twin else None
    out: list[Decision] = []
    names: list[list[list[str]]] = []
    played: list[Action] = []
    steps = 0
    while not game.is_over and steps < MAX_STEPS:
        if moves is not None and steps == len(moves):
            break
        p = game.decider
        obs = observe(game, p) if moves is None or second is not None else None
        action = bots[p].choose(obs) if moves is None else moves[steps]
        pend = game.pending
        legal = tuple(game.legal_actions())
        if pend is not None and pend.kind in KINDS and len(legal) > 1:
            ranked = score_actions(game, random.Random(steps))
            cands = candidates(game, legal, random.Random(steps), 7, 2, ranked)
            if len(cands) > 1 and action in cands:
                rows = features(game, ranked, cands)
                if after:
                    rows = [r + x for r, x in zip(rows, afterstates(game, cands, steps), strict=True)]
                if defence:
                    rows = [r + x for r, x in zip(rows, defence_terms(game, cands), strict=True)]
                other = second.choose(obs) if second is not None and obs is not None else None
                out.append((rows, cands.index(action), -2 if other is None else
                            cands.index(other) if other in cands else -1))
                names.append(board_terms(game, cands))
        game.apply(action)
        played.append(action)
        steps += 1
    return out, names, played


def _chances(w: Sequence[float], rows: Sequence[Sequence[float]]) -> list[float]:
    z = [sum(wi * xi for wi, xi in zip(w, x, strict=True)) for x in rows]
    top = max(z)
    e = [math.exp(v - top) for v in z]
    total = sum(e)
    return [v / total for v in e]


def fit(decisions: Sequence[Decision], l2: float = 1e-2, rounds: int = 30) -> list[float]:
    """The conditional logit's weights (the chance of a candidate ∝ exp(w·terms)) by Newton's method."""
    k = len(decisions[0][0][0])
    w = [0.0] * k
    n = len(decisions)
    for _ in range(rounds):
        grad = [l2 * wi for wi in w]
        hess = [[l2 if i == j else 0.0 for j in range(k)] for i in range(k)]
        for rows, y, _ in decisions:
            q = _chances(w, rows)
            mean = [sum(q[c] * rows[c][i] for c in range(len(rows))) for i in range(k)]
            for i in range(k):
                grad[i] += (mean[i] - rows[y][i]) / n
            for c, row in enumerate(rows):
                if q[c] < 1e-12:
                    continue
                d = [row[i] - mean[i] for i in range(k)]
                for i in range(k):
                    if d[i]:
                        hrow = hess[i]
                        f = q[c] * d[i] / n
                        for j in range(i, k):
                            hrow[j] += f * d[j]
        w, settled = newton_step(w, grad, hess)
        if settled:
            break
    return w


def match(w: Sequence[float], decisions: Sequence[Decision]) -> float:
    """How often the model's best candidate (the first of equals) is the one chosen."""
    hits = 0
    for rows, y, _ in decisions:
        q = _chances(w, rows)
        hits += max(range(len(q)), key=lambda i: (q[i], -i)) == y
    return hits / len(decisions)


SparseRow = list[tuple[int, float]]
SparseDecision = tuple[list[SparseRow], int]


def vocabulary(names: Sequence[list[list[str]]], seen: int = MIN_SEEN) -> dict[str, int]:
    """The card terms met in at least ``seen`` candidates of the decisions fitted on, numbered after ``TERMS``:
    a card met more seldom has no weight of its own (it would only learn those few decisions by heart)."""
    counts: dict[str, int] = {}
    for decision in names:
        for row in decision:
            for n in row:
                counts[n] = counts.get(n, 0) + 1
    return {n: i for i, n in enumerate(sorted(n for n, c in counts.items() if c >= seen))}


def sparse(decisions: Sequence[Decision], names: Sequence[list[list[str]]], vocab: dict[str, int],
           ) -> list[SparseDecision]:
    """Each decision's candidates as (term, value) pairs: the non-zero terms of :data:`TERMS`, then one a card
    term of the vocabulary (value 1)."""
    out: list[SparseDecision] = []
    for (rows, y, _), decision in zip(decisions, names, strict=True):
        k = len(rows[0])
        out.append(([[(i, x) for i, x in enumerate(row) if x] + [(k + vocab[n], 1.0) for n in row_names if n in vocab]
                     for row, row_names in zip(rows, decision, strict=True)], y))
    return out


def _sparse_chances(w: Sequence[float], rows: Sequence[SparseRow]) -> list[float]:
    z = [sum(w[i] * x for i, x in row) for row in rows]
    top = max(z)
    e = [math.exp(v - top) for v in z]
    total = sum(e)
    return [v / total for v in e]


def _sparse_loss(w: Sequence[float], decisions: Sequence[SparseDecision], l2: float) -> tuple[float, list[float]]:
    """The conditional logit's mean -log chance of the choices with the L2 penalty, and its gradient."""
    n = len(decisions)
    grad = [l2 * wi for wi in w]
    loss = 0.5 * l2 * sum(wi * wi for wi in w)
    for rows, y in decisions:
        q = _sparse_chances(w, rows)
        loss -= math.log(max(q[y], 1e-300)) / n
        for c, row in enumerate(rows):
            f = (q[c] - (c == y)) / n
            if f:
                for i, x in row:
                    grad[i] += f * x
    return loss, grad


def fit_sparse(decisions: Sequence[SparseDecision], size: int, l2: float = 1e-3, rounds: int = 300,
               memory: int = 10) -> list[float]:
    """The conditional logit's ``size`` weights over sparse terms, by L-BFGS with a backtracking line search
    (Newton's method, as :func:`fit`, would need a Hessian of hundreds of card terms squared)."""
    w = [0.0] * size
    loss, grad = _sparse_loss(w, decisions, l2)
    steps: list[tuple[list[float], list[float], float]] = []
    for _ in range(rounds):
        d = [-g for g in grad]  # the two-loop recursion: d = -H·grad
        alphas = []
        for s_, y_, rho in reversed(steps):
            a = rho * sum(si * di for si, di in zip(s_, d, strict=True))
            alphas.append(a)
            d = [di - a * yi for di, yi in zip(d, y_, strict=True)]
        if steps:
            s_, y_, _ = steps[-1]
            gamma = sum(si * yi for si, yi in zip(s_, y_, strict=True)) / sum(yi * yi for yi in y_)
            d = [gamma * di for di in d]
        for (s_, y_, rho), a in zip(steps, reversed(alphas), strict=True):
            b = rho * sum(yi * di for yi, di in zip(y_, d, strict=True))
            d = [di + (a - b) * si for di, si in zip(d, s_, strict=True)]
        slope = sum(gi * di for gi, di in zip(grad, d, strict=True))
        if slope >= 0:  # not a descent direction: start the memory afresh
            steps.clear()
            d = [-g for g in grad]
            slope = -sum(g * g for g in grad)
        t = 1.0
        while True:
            w_new = [wi + t * di for wi, di in zip(w, d, strict=True)]
            loss_new, grad_new = _sparse_loss(w_new, decisions, l2)
            if loss_new <= loss + 1e-4 * t * slope or t < 1e-8:
                break
            t *= 0.5
        s_ = [a - b for a, b in zip(w_new, w, strict=True)]
        y_ = [a - b for a, b in zip(grad_new, grad, strict=True)]
        sy = sum(a * b for a, b in zip(s_, y_, strict=True))
        if sy > 1e-12:
            steps.append((s_, y_, 1.0 / sy))
            del steps[:-memory]
        settled = loss - loss_new < 1e-9 * max(1.0, abs(loss))
        w, loss, grad = w_new, loss_new, grad_new
        if settled or max(abs(g) for g in grad) < 1e-6:
            break
    return w


def match_sparse(w: Sequence[float], decisions: Sequence[SparseDecision]) -> float:
    """:func:`match` over sparse terms."""
    hits = 0
    for rows, y in decisions:
        q = _sparse_chances(w, rows)
        hits += max(range(len(q)), key=lambda i: (q[i], -i)) == y
    return hits / len(decisions)


def logloss_sparse(w: Sequence[float], decisions: Sequence[SparseDecision]) -> float:
    return -sum(math.log(max(_sparse_chances(w, rows)[y], 1e-12)) for rows, y in decisions) / len(decisions)


def departures(decisions: Sequence[Decision], top: int = 8) -> list[tuple[str, float]]:
    """The commonest pairs (the kind of Easy's first candidate, the kind of Normal's choice) where they differ, each
    as a share of all the decisions: where Normal's look-ahead parts from Easy's rules of thumb."""
    first = TERMS.index(MOVES[0])
    counts: dict[str, int] = {}
    for rows, y, _ in decisions:
        if y != 0:
            kinds = [MOVES[row[first:first + len(MOVES)].index(1.0)] for row in (rows[0], rows[y])]
            key = "->".join(kinds)
            counts[key] = counts.get(key, 0) + 1
    ranked = sorted(counts.items(), key=lambda kv: -kv[1])[:top]
    return [(k, n / len(decisions)) for k, n in ranked]


def logloss(w: Sequence[float], decisions: Sequence[Decision]) -> float:
    return -sum(math.log(max(_chances(w, rows)[y], 1e-12)) for rows, y, _ in decisions) / len(decisions)


Task = tuple[int, float, bool, bool, bool, "list[str] | None"]


def _play(task: Task) -> tuple[int, list[Decision], list[list[list[str]]], list[str]]:
    deal, budget, after, twin, defence, kept = task
    moves = None if kept is None else [CODEC.parse(text) for text in kept]
    decisions, names, played = play(deal, budget, after, twin, defence, moves)
    return deal, decisions, names, [str(a) for a in played]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--budget", type=float, default=0.17, help="Normal's seconds a decision (a third of its own)")
    ap.add_argument("--train", type=float, default=0.75, help="the share of the games the model is fitted on")
    ap.add_argument("--seed", type=int, default=200_000, help="the first deal (apart from the other benches')")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--twin", action="store_true",
                    help="ask each decision of a second Normal too: how often two Normals agree (the test's ceiling)")
    ap.add_argument("--defence", action="store_true", help="add the defence terms (engine/heroes/ai/defence.py)")
    ap.add_argument("--after", action="store_true", help="add the afterstate terms (AFTER_TERMS) to each candidate's")
    ap.add_argument("--board", action="store_true",
                    help="fit the terms with each card's own and the position's bands by the kind of move (board_terms) "
                         "as well, over sparse terms by L-BFGS")
    ap.add_argument("--log", type=pathlib.Path, default=None,
                    help="a folder that keeps each game's actions as it ends; a run again reads the kept games "
                         "instead of playing them (Normal's minutes a game), and plays only those missing")
    args = ap.parse_args()
    if not 0 < args.budget <= 60:
        ap.error("--budget wants seconds between 0 and 60")
    if args.twin and args.log is not None:
        ap.error("--twin asks a second Normal as each game is played, which a kept game cannot: run it without --log")
    started = time.perf_counter()
    deals = list(range(args.seed, args.seed + args.games))
    kept: GameLog | None = None
    if args.log is not None:
        key = {"bench": "policy_fit", "ruleset": "heroes", "bots": "normal", "budget": args.budget,
               "code": code_digest(ROOT, "heroes")}
        try:
            args.log.mkdir(parents=True, exist_ok=True)
            kept = GameLog(args.log / "policy_fit-heroes-normal.jsonl", key)
        except (OSError, ValueError) as exc:
            sys.exit(f"--log: {exc}")
    old = {} if kept is None else {d: kept.games[d]["actions"] for d in deals if d in kept.games}
    if old:
        print(f"  {len(old)} games kept in {kept.path}; {len(deals) - len(old)} to play", file=sys.stderr, flush=True)
    tasks: list[Task] = [(d, args.budget, args.after, args.twin, args.defence, old.get(d)) for d in deals]
    by_deal: dict[int, list[Decision]] = {}
    names_by_deal: dict[int, list[list[list[str]]]] = {}

    def done(deal: int, decisions: list[Decision], names: list[list[list[str]]], played: list[str]) -> None:
        by_deal[deal] = decisions
        names_by_deal[deal] = names
        if kept is not None and deal not in old:
            kept.add({"index": deal, "actions": played})
        print(f"  {len(by_deal)}/{len(deals)} games, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)

    if args.jobs <= 1:
        ai_strength._setup("heroes")
        for t in tasks:
            done(*_play(t))
    else:
        with multiprocessing.get_context("fork").Pool(args.jobs, initializer=ai_strength._setup,
                                                      initargs=("heroes",)) as pool:
            for result in pool.imap_unordered(_play, tasks, chunksize=1):  # kept as each ends
                done(*result)
    games = [by_deal[d] for d in deals]  # in the deals' order, so the split is the same however they were played
    cut = max(1, int(len(games) * args.train))
    train = [d for g in games[:cut] for d in g]
    test = [d for g in games[cut:] for d in g] or train
    weights = fit(train)
    terms = TERMS + (AFTER_TERMS if args.after else ()) + (DEFENCE_TERMS if args.defence else ())
    easy = [1.0 if i == 0 else 0.0 for i in range(len(terms))]  # Easy's first candidate, as a model
    print(f"policy_decisions_train={len(train)}")
    print(f"policy_decisions_test={len(test)}")
    print(f"policy_match_easy={match(easy, test):.3f}")
    print(f"policy_match_fitted={match(weights, test):.3f}")
    kinds = [TERMS.index("defend"), TERMS.index("no_defense")]
    defences = [d for d in test if any(row[k] for row in d[0] for k in kinds)]
    if defences:  # the defences alone (with --defence the terms that read them closer take part)
        print(f"policy_defences_test={len(defences)}")
        print(f"policy_match_defence_easy={match(easy, defences):.3f}")
        print(f"policy_match_defence_fitted={match(weights, defences):.3f}")
    print("policy_departures=(" + ", ".join(f"{k}: {v:.3f}" for k, v in departures(train + test)) + ")")
    asked = [d for d in test if d[2] != -2]
    if asked:
        print(f"policy_match_normal_twin={sum(d[2] == d[1] for d in asked) / len(asked):.3f}")
    if args.after:  # the afterstate alone, as a model: the candidate whose position scores best
        for name in ("after_best", "after_fitted_best"):
            alone = [1.0 if t == name else 0.0 for t in terms]
            print(f"policy_match_{name}={match(alone, test):.3f}")
    print(f"policy_logloss_fitted={logloss(weights, test):.4f}")
    print("policy_terms=(" + ", ".join(terms) + ")")
    print("policy_weights=(" + ", ".join(f"{w:.4f}" for w in weights) + ")")
    if args.board:  # the same terms, each card's own and the position's bands, fitted over sparse terms
        named = [names_by_deal[d] for d in deals]
        train_names = [n for g in named[:cut] for n in g]
        test_names = [n for g in named[cut:] for n in g] or train_names
        vocab = vocabulary(train_names)
        train_s, test_s = sparse(train, train_names, vocab), sparse(test, test_names, vocab)
        w_cards = fit_sparse(train_s, len(terms) + len(vocab))
        print(f"policy_board_terms={len(vocab)}")
        print(f"policy_match_board_train={match_sparse(w_cards, train_s):.3f}")
        print(f"policy_match_board={match_sparse(w_cards, test_s):.3f}")
        print(f"policy_logloss_board={logloss_sparse(w_cards, test_s):.4f}")
        heaviest = sorted(vocab, key=lambda n: -abs(w_cards[len(terms) + vocab[n]]))[:12]
        print("policy_board_weights=(" + ", ".join(f"{n}: {w_cards[len(terms) + vocab[n]]:.3f}" for n in heaviest) + ")")
    print(f"bench_s={time.perf_counter() - started:.0f}")


if __name__ == "__main__":
    main()
