"""bench/policy_fit.py: the conditional logit finds a rule that picks the chosen candidate, and the terms
read a real «Герои» decision, one row a candidate."""

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
        out.append((rows, max(range(len(rows)), key=lambda i: rows[i][1])))
    return out


def test_the_fit_finds_what_decides_and_beats_the_decoy():
    w = F.fit(decisions(300, 1))
    held_out = decisions(200, 2)
    assert F.match(w, held_out) > 0.9
    assert F.match([1.0, 0.0, 0.0], held_out) < 0.4  # the decoy alone, as Easy's first candidate
    assert w[1] > abs(w[0]) and w[1] > abs(w[2])
    assert F.logloss(w, held_out) < F.logloss([0.0, 0.0, 0.0], held_out)


def test_the_terms_read_a_main_phase_decision():
    S._setup("heroes")
    game = S.new_game(5)
    rng = random.Random(5)
    while not (game.pending.kind == "main" and game.turn >= 6 and len(game.legal_actions()) > 3):
        game.apply(easy_action(game, rng))
    ranked = score_actions(game, rng)
    legal = tuple(game.legal_actions())
    cands = pick_candidates(ranked, legal, None, group, 7, 2)
    rows = F.features(game, ranked, cands)
    assert len(rows) == len(cands) > 1
    moves = slice(5, 5 + len(F.MOVES))
    for i, row in enumerate(rows):
        assert len(row) == len(F.TERMS)
        assert sum(row[moves]) == 1.0
        assert row[0] == (1.0 if i == 0 else 0.0)
