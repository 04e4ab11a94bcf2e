"""bench/policy_fit.py: the conditional logit finds a rule that picks the chosen candidate, the terms (and the
afterstate terms) read a real «Герои» decision, one row a candidate, and the departures count where Normal
parted from Easy's first candidate."""

from __future__ import annotations

import pathlib
import random
import sys

import pytest

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


def test_the_sparse_fit_finds_what_the_newton_fit_finds_and_a_cards_own_weight():
    dense = decisions(300, 3)
    w = F.fit(dense)
    as_sparse = F.sparse(dense, [[[] for _ in rows] for rows, _, _ in dense], {})
    w_sparse = F.fit_sparse(as_sparse, 3, l2=1e-2)
    assert all(abs(a - b) < 1e-3 for a, b in zip(w, w_sparse, strict=True))  # the same objective, the same optimum
    # a card term that marks the chosen candidate in half the decisions earns a weight of its own
    names = [[["play:x"] if i == y and n % 2 else [] for i in range(len(rows))] for n, (rows, y, _) in enumerate(dense)]
    vocab = F.vocabulary(names, seen=5)
    assert vocab == {"play:x": 0}
    with_card = F.sparse(dense, names, vocab)
    w_card = F.fit_sparse(with_card, 4, l2=1e-2)
    assert w_card[3] > 1.0
    assert F.match_sparse(w_card, with_card) >= F.match_sparse(w_sparse, as_sparse)
    assert F.logloss_sparse(w_card, with_card) < F.logloss_sparse(w_sparse, as_sparse)
    assert F.vocabulary(names, seen=10_000) == {}  # met too seldom: no weight at all


def test_the_board_terms_name_the_cards_each_candidate_moves_and_the_position_it_meets():
    game, _, cands = a_decision()
    rows = F.board_terms(game, cands)
    assert len(rows) == len(cands)
    for a, names in zip(cands, rows, strict=True):
        cards = [n for n in names if "@" not in n]
        bands = [n for n in names if "@" in n]
        assert len(bands) == 8 and len({b.split("@")[0] for b in bands}) == 1
        if isinstance(a, F.A.Play):
            assert cards[0] == "play:" + game.cards[a.card].card
        elif isinstance(a, F.A.Attack):
            assert cards == ["attack:" + game.cards[a.attacker].card, "attacked:" + game.cards[a.target].card]
        elif isinstance(a, F.A.EndTurn):
            assert cards == []


def test_a_kept_game_read_again_gives_the_same_decisions(monkeypatch):
    S._setup("heroes")
    monkeypatch.setattr(F, "MAX_STEPS", 120)  # the opening's decisions are enough to compare
    decided, names, played = F.play(4, budget=0.005)
    assert decided and 0 < len(played) <= 120
    again, names_again, played_again = F.play(4, budget=0.005, moves=played)
    assert (again, names_again, played_again) == (decided, names, played)
    texts = [str(a) for a in played]
    assert [F.CODEC.parse(t) for t in texts] == played  # what --log keeps reads back as the same actions


def test_twin_cannot_read_a_kept_game(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(sys, "argv", ["policy_fit.py", "--twin", "--log", str(tmp_path)])
    with pytest.raises(SystemExit):
        F.main()
    assert "--twin" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []  # refused before anything was played or kept
