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
(engine/heroes/ai/defence.py, whose weights come from this fit). Prints::

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
from value_fit import newton_step  # noqa: E402

from engine.ai import make_bot, observe  # noqa: E402
from engine.core.actions import Action  # noqa: E402
from engine.heroes import actions as A  # noqa: E402
from engine.heroes.ai import evaluate as V  # noqa: E402
from engine.heroes.ai.defence import DEFENCE_TERMS, defence_terms  # noqa: E402
from engine.heroes.ai.easy import ATTACK, PLAY_FIRST, easy_action, score_actions  # noqa: E402
from engine.heroes.ai.normal import candidates  # noqa: E402
from engine.heroes.game import HeroesGame  # noqa: E402

KINDS = ("main", "defender", "triggers")
MAX_STEPS = 3000
MOVES = ("play_creature", "play_support", "play_spell", "activate", "attack_hero", "attack_creature", "end_turn",
         "defend", "no_defense", "declare_trigger", "decline_trigger", "other")
TERMS = ("easy_first", "easy_rank", "easy_rest", "easy_spends", "easy_attacks", *MOVES,
         "end_coins", "end_threat", "hero_attack_low_hero", "hero_attack_threat", "creature_attack_threat",
         "creature_play_threat", "defend_threat", "no_defense_threat", "attack_untapped", "attacker_worth")
# with --after: what each candidate leads to, its answers played by Easy (see :func:`afterstates`)
AFTER_TERMS = ("after_best", "after_gap", "after_fitted_best", "after_fitted_gap")
AFTER_STEPS = 40  # actions an afterstate's answers may take
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
         defence: bool = False) -> list[Decision]:
    """One game of Normal against Normal; the decisions with a choice among Easy's candidates, with the terms of
    :func:`features` (and of :func:`afterstates` with ``after``, of :func:`.defence.defence_terms` with
    ``defence``); with ``twin`` each is asked of a second Normal of another seed too, which does not play."""
    game = ai_strength.new_game(deal)
    bots = [make_bot("normal", seed=deal * 2 + i + 1, budget=budget) for i in range(2)]
    second = make_bot("normal", seed=deal * 2 + 7_000_001, budget=budget) if twin else None
    out: list[Decision] = []
    steps = 0
    while not game.is_over and steps < MAX_STEPS:
        p = game.decider
        obs = observe(game, p)
        action = bots[p].choose(obs)
        pend = game.pending
        if pend is not None and pend.kind in KINDS and len(obs.legal) > 1:
            ranked = score_actions(game, random.Random(steps))
            cands = candidates(game, tuple(game.legal_actions()), random.Random(steps), 7, 2, ranked)
            if len(cands) > 1 and action in cands:
                rows = features(game, ranked, cands)
                if after:
                    rows = [r + x for r, x in zip(rows, afterstates(game, cands, steps), strict=True)]
                if defence:
                    rows = [r + x for r, x in zip(rows, defence_terms(game, cands), strict=True)]
                other = second.choose(obs) if second is not None else None
                out.append((rows, cands.index(action), -2 if other is None else
                            cands.index(other) if other in cands else -1))
        game.apply(action)
        steps += 1
    return out


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


def _play(task: tuple[int, float, bool, bool, bool]) -> list[Decision]:
    return play(*task)


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
    args = ap.parse_args()
    started = time.perf_counter()
    tasks = [(d, args.budget, args.after, args.twin, args.defence) for d in range(args.seed, args.seed + args.games)]
    if args.jobs <= 1:
        ai_strength._setup("heroes")
        games = [_play(t) for t in tasks]
    else:
        with multiprocessing.get_context("fork").Pool(args.jobs, initializer=ai_strength._setup,
                                                      initargs=("heroes",)) as pool:
            games = pool.map(_play, tasks, chunksize=1)
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
    print(f"bench_s={time.perf_counter() - started:.0f}")


if __name__ == "__main__":
    main()
