"""bench/policy_fit.py: the conditional logit finds a rule that picks the chosen candidate, the terms (and the
afterstate terms) read a real «Герои» decision, one row a candidate, and the departures count where Normal
parted from Easy's first candidate."""

from __future__ import annotations

import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
import ai_strength as S  # noqa: E402  (the module policy_fit itself deals through)
import policy_fit as F  # noqa: E402

from engine.ai.search import pick_candidates  # noqa: E402
from engine.heroes.ai.easy import easy_action, score_actions  # noqa: E402
from engine.heroes.ai.normal import group  # noqa: E402


def decisions(n: int, seed: int) -> list[F.Decision]:
    """Three to seven candidates of three terms; the chosen one has the largest second term, the first term
    marks a decoy (as Easy's first candidate would be when it is not the choice)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        rows = [[0.0, rng.random(), rng.random()] for _ in range(rng.randint(3, 7))]
        rows[rng.randrange(len(rows))][0] = 1.0
        out.append((rows, max(range(len(rows)), key=lambda i: rows[i][1]), -2))
    return out


def test_the_fit_finds_what_decides_and_beats_the_decoy():
    w = F.fit(decisions(300, 1))
    held_out = decisions(200, 2)
    assert F.match(w, held_out) > 0.9
    assert F.match([1.0, 0.0, 0.0], held_out) < 0.4  # the decoy alone, as Easy's first candidate
    assert w[1] > abs(w[0]) and w[1] > abs(w[2])
    assert F.logloss(w, held_out) < F.logloss([0.0, 0.0, 0.0], held_out)


def a_decision():
    S._setup("heroes")
    game = S.new_game(5)
    rng = random.Random(5)
    while not (game.pending.kind == "main" and game.turn >= 6 and len(game.legal_actions()) > 3):
        game.apply(easy_action(game, rng))
    ranked = score_actions(game, rng)
    legal = tuple(game.legal_actions())
    return game, ranked, pick_candidates(ranked, legal, None, group, 7, 2)


def test_the_terms_read_a_main_phase_decision():
    game, ranked, cands = a_decision()
    rows = F.features(game, ranked, cands)
    assert len(rows) == len(cands) > 1
    moves = slice(5, 5 + len(F.MOVES))
    for i, row in enumerate(rows):
        assert len(row) == len(F.TERMS)
        assert sum(row[moves]) == 1.0
        assert row[0] == (1.0 if i == 0 else 0.0)


def test_the_afterstate_terms_score_each_candidate_on_a_copy():
    game, _, cands = a_decision()
    before = game.to_dict()
    rows = F.afterstates(game, cands, seed=3)
    assert game.to_dict() == before  # the game itself is not touched
    assert len(rows) == len(cands) and all(len(r) == len(F.AFTER_TERMS) for r in rows)
    for best, gap in ((0, 1), (2, 3)):
        assert any(r[best] == 1.0 for r in rows)
        assert all(r[gap] <= 0.0 and (r[gap] == 0.0) == (r[best] == 1.0) for r in rows)
    assert len({r[1] for r in rows}) > 1  # the candidates lead to positions of different worth


def test_departures_count_the_kinds_where_normal_left_easys_first_candidate():
    def row(kind):
        r = [0.0] * len(F.TERMS)
        r[F.TERMS.index(kind)] = 1.0
        return r

    kept = ([row("attack_hero"), row("end_turn")], 0, -2)
    waited = ([row("attack_hero"), row("end_turn")], 1, -2)
    played = ([row("play_creature"), row("attack_creature"), row("end_turn")], 1, -2)
    shares = F.departures([kept, kept, waited, waited, waited, played])
    assert shares == [("attack_hero->end_turn", 0.5), ("play_creature->attack_creature", 1 / 6)]
