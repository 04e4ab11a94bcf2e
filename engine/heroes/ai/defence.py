"""Defence policies nearer Normal's than Easy's, for Hard's look-ahead games (options, off by default).

Easy blocks whenever a block's fight scores better than the strike taken (:func:`.easy.defend_value`). Normal,
which looks ahead, chose as Easy's first candidate in only about 0.40 of its defences on held-out games (CR
509: a defender is any untapped creature that can block; CR 506.3: it taps), most often taking the strike on
the hero where Easy would block. Two policies come nearer it:

- *fitted*: each of Easy's candidates scored by a conditional logit over Easy's own rank and score and the terms
  of :func:`defence_terms` (fitted by ``bench/policy_fit.py --defence`` on 60 games of Normal against Normal: it
  foresaw 0.460 of Normal's held-out defences against Easy's 0.395), the best picked (:func:`fitted_defence`);
- *look-ahead*: each of Easy's best seven played on by Easy to the end of the defender's next turn, once, and
  the best position by ``win_chance`` picked (:func:`lookahead_defence`): a Normal of one round, which chose as
  Normal at its real budget in 0.821 of 691 defences (``bench/defence_match.py``; Easy 0.378, the fitted model
  0.479) for about 12 ms a defence.

Hard's look-ahead may let either play every defence, its own and the opponent's (``defence="fitted"`` or
``"ahead"``), or only the opponent's (``"theirs"`` or ``"ahead_theirs"``). On the half Normal chooses none made
Hard stronger (docs/ai.md: *Every defence as Normal would choose it*): the fitted model's made it weaker (0.233
and 0.267 against 0.383 on 60 games) and beside the opponent's foreseen defence (Hard's ``reply``) at the real
budgets gained nothing (0.431 against 0.415 on 65 games), though Easy's games to the end judge its choices
better than Easy's own (``bench/easy_judge.py``); the look-ahead defence, at half the rounds, neither.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.ai.search import rollout
from engine.core.actions import Action
from engine.heroes import actions as A
from engine.heroes.ai import evaluate as V
from engine.heroes.ai.easy import defend_value, score_actions
from engine.heroes.ai.normal import HeroesSearch, candidates
from engine.heroes.game import HeroesGame

DEFENCE_TERMS = ("block_gain", "blocker_dies", "attacker_dies", "blocker_worth", "block_later_threat",
                 "block_hero_lives", "take_share", "take_on_hero", "take_later_threat", "take_hero_lives",
                 "take_blockers_left")
CANDIDATES = 7  # Easy's best few, as Normal compares them
AHEAD_TURNS = 2  # the look-ahead defence plays on to the end of the defender's next turn, as Normal looks ahead
AHEAD_STEPS = 80  # actions of one such look-ahead at most
EASY_PLAY = HeroesSearch()  # Easy plays both sides of the look-ahead, the position scored by win_chance
# The fitted weights: Easy's first candidate, 1 / (1 + Easy's rank), Easy's score (clipped to ±5), a block, taking
# the strike, a block and taking the strike each times the enemy's strike in play over the hero's lives, then
# DEFENCE_TERMS in order.
EASY_WEIGHTS = (1.4044, 0.6948, 0.0143, -0.3236, 0.3236, 0.0286, -0.0286)
WEIGHTS = (-0.1057, 0.1911, -0.1757, -0.3538, -0.0061, -0.1047, -0.3029, 0.6119, 0.0061, 0.1047, -0.2762)


def defence_terms(game: HeroesGame, cands: Sequence[Action], g: V.View | None = None) -> list[list[float]]:
    """The terms of :data:`DEFENCE_TERMS` for each candidate of a defence (zeros at any other decision): for a
    block, Easy's score of it, whether the blocker or the attacker dies, the blocker's worth, the strike of the
    enemy's other untapped creatures (attacks still to come this turn) over the hero's lives and the hero's
    lives; for taking the strike, the share of the target's lives it takes, whether the target is the hero, the
    strike still to come, the hero's lives and the blockers left untapped (``g``: a view of ``game`` the caller
    has already)."""
    zero = [0.0] * len(DEFENCE_TERMS)
    combat = game.combat or {}
    att, target = combat.get("attacker"), combat.get("target")
    if game.pending is None or game.pending.kind != "defender" or att is None or target is None:
        return [zero[:] for _ in cands]
    p = game.pending.player
    g = g or V.View(game)
    me, them = game.players[p], game.players[1 - p]
    hero_lives = game.lives_left(me.hero) / 20
    later = sum(g.strike(c) for c in them.play
                if c != att and g.is_creature(c) and not game.cards[c].tapped) / max(1, game.lives_left(me.hero))
    blockers = sum(1 for c in me.play if g.is_creature(c) and not game.cards[c].tapped)
    out = []
    for a in cands:
        row = zero[:]
        if isinstance(a, A.Defend):
            to_d, to_a = V.fight_wounds(g, att, a.card, True)
            row[:6] = [max(-5.0, min(5.0, defend_value(g, p, a))), float(to_d >= g.lives_left(a.card)),
                       float(to_a >= g.lives_left(att)), g.card_value(a.card) / 5, later, hero_lives]
        elif isinstance(a, A.NoDefense):
            hit = V.wounds_dealt(g, att, target, g.attack_strike(att, target), "strike")
            row[6:] = [min(1.0, hit / max(1, g.lives_left(target))), float(target == me.hero), later, hero_lives,
                       blockers / 5]
        out.append(row)
    return out


def fitted_defence(game: HeroesGame, rng: random.Random) -> Action:
    """The defence the fitted model scores best among Easy's best :data:`CANDIDATES` (the first of equals)."""
    assert game.pending is not None and game.pending.kind == "defender"
    ranked = score_actions(game, rng)
    cands = candidates(game, tuple(game.legal_actions()), rng, CANDIDATES, CANDIDATES, ranked)
    if len(cands) < 2:
        return cands[0]
    score = {a: s for s, a in ranked}
    g = V.View(game)
    them = game.players[1 - game.pending.player]
    threat = sum(g.strike(c) for c in them.play if g.is_creature(c)) / max(
        1, game.lives_left(game.players[game.pending.player].hero))
    best, best_z = cands[0], float("-inf")
    for rank, (a, terms) in enumerate(zip(cands, defence_terms(game, cands, g), strict=True)):
        block, take = float(isinstance(a, A.Defend)), float(isinstance(a, A.NoDefense))
        easy = (float(rank == 0), 1.0 / (1 + rank), max(-5.0, min(5.0, score[a])), block, take, block * threat,
                take * threat)
        z = sum(w * x for w, x in zip(EASY_WEIGHTS, easy, strict=True))
        z += sum(w * x for w, x in zip(WEIGHTS, terms, strict=True))
        if z > best_z:
            best, best_z = a, z
    return best


def lookahead_defence(game: HeroesGame, rng: random.Random, turns: int = AHEAD_TURNS,
                      width: int = CANDIDATES, steps: int = AHEAD_STEPS) -> Action:
    """The defence a one-round Normal would choose: each of Easy's best ``width`` defences (CR 509) played on by
    Easy to the end of the defender's next turn (``turns`` from this one), all on the same dice, and the one whose
    position :func:`.evaluate.win_chance` scores best for the defender (the first of equals). Easy judges a block
    by its fight alone; looking on past the attack is what parts Normal from it (taking strikes Easy would block,
    blocking where Easy would not, or with another creature)."""
    pend = game.pending
    assert pend is not None and pend.kind == "defender"
    p = pend.player
    cands = candidates(game, tuple(game.legal_actions()), rng, width, width)
    if len(cands) < 2:
        return cands[0]
    seed = rng.getrandbits(32)
    stop = game.turn + turns
    best, best_v = cands[0], float("-inf")
    for a in cands:
        sim = game.clone()
        sim.apply(a)
        v, _ = rollout(EASY_PLAY, sim, p, random.Random(seed), stop, steps, None, True)
        if v > best_v:
            best, best_v = a, v
    return best
