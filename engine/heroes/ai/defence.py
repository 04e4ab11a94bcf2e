"""A defence policy fitted to Normal's choices, for Hard's look-ahead games (an option, off by default).

Easy blocks whenever a block's fight scores better than the strike taken (:func:`.easy.defend_value`). Normal,
which looks ahead, chose as Easy's first candidate in only about 0.40 of its defences on held-out games (CR
509: a defender is any untapped creature that can block; CR 506.3: it taps), most often taking the strike on
the hero where Easy would block. This scores each of Easy's candidates by a conditional logit over Easy's own
rank and score and the terms of :func:`defence_terms` (fitted by ``bench/policy_fit.py --defence`` on 60 games
of Normal against Normal: it foresaw 0.460 of Normal's held-out defences against Easy's 0.395) and picks the
best. Hard's look-ahead may let it play every defence, its own and the opponent's (``defence="fitted"``), or
only the opponent's (``"theirs"``); on 60 games of the half Normal chooses both made Hard weaker (0.233 and 0.267
against 0.383, docs/ai.md), and beside the opponent's foreseen defence (Hard's ``reply``) at the real budgets
``"fitted"`` gained nothing (0.431 against 0.415 on 65 games), though Easy's games to the end judge its choices
better than Easy's own (``bench/easy_judge.py``), so it is off.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.core.actions import Action
from engine.heroes import actions as A
from engine.heroes.ai import evaluate as V
from engine.heroes.ai.easy import defend_value, score_actions
from engine.heroes.ai.normal import candidates
from engine.heroes.game import HeroesGame

DEFENCE_TERMS = ("block_gain", "blocker_dies", "attacker_dies", "blocker_worth", "block_later_threat",
                 "block_hero_lives", "take_share", "take_on_hero", "take_later_threat", "take_hero_lives",
                 "take_blockers_left")
CANDIDATES = 7  # Easy's best few, as Normal compares them
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
