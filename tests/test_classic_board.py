"""The classic battlefield: 5×6 cells, orthogonal movement spending movement points, adjacency.

Rules: classic-starter-rules-2022.txt «Расстановка карт», «Движение», «Атака простым ударом»,
glossary «Стоящая рядом карта»; classic-comprehensive-rules-2007.txt 3.9–3.10, 3.14, 4.1.1.
"""

from __future__ import annotations

import pytest
from classic_support import CARDS, position

from engine.classic import ClassicGame, board
from engine.classic import actions as A
from engine.core.errors import IllegalAction


def moves_of(g, cid):
    return {a.to: a for a in g.legal_actions() if isinstance(a, A.Move) and a.card == cid}


def test_the_battlefield_has_six_rows_of_five_cells():
    # 2022 «Расстановка»: 6 rows of 5 cells; each player owns three rows.
    cells = list(board.all_cells())
    assert len(cells) == 30 and (5, 4) in cells and (6, 0) not in cells and (0, 5) not in cells
    assert [board.own_row(0, n) for n in (1, 2, 3)] == [2, 1, 0]
    assert [board.own_row(1, n) for n in (1, 2, 3)] == [3, 4, 5]


def test_adjacency_includes_diagonals():
    # 2022 glossary «Стоящая рядом карта»: behind, in front, left, right or diagonally.
    assert board.adjacent((2, 2), (3, 3)) and board.adjacent((2, 2), (1, 1)) and board.adjacent((2, 2), (3, 2))
    assert not board.adjacent((2, 2), (4, 2)) and not board.adjacent((2, 2), (2, 2))
    assert len(board.neighbours((2, 2))) == 8 and len(board.neighbours((0, 0))) == 3


def test_strike_targets_are_adjacent_cards_diagonals_included():
    # 2022 «Атака простым ударом»: only a card standing next to the attacker, diagonals included;
    # 2007 4.15: the active player may strike a card of their own squad too.
    g = position((0, "c_guard", (2, 2)), (1, "c_scout", (3, 3)), (1, "c_scout", (3, 1)), (1, "c_scout", (3, 2)),
                 (1, "c_scout", (4, 2)), (0, "c_scout", (2, 3)))
    strikes = {a.target for a in g.legal_actions() if isinstance(a, A.Strike) and a.attacker == 1}
    assert strikes == {2, 3, 4, 6}  # two diagonals, the one in front and its own neighbour; not two rows away


def test_a_strike_two_cells_away_is_illegal():
    g = position((0, "c_guard", (1, 2)), (1, "c_scout", (3, 2)))
    with pytest.raises(IllegalAction) as exc:
        g.apply(A.Strike(attacker=1, target=2))
    assert exc.value.code == "not_adjacent" and exc.value.ru and exc.value.en


def test_movement_is_orthogonal_and_costs_one_point_per_step():
    # 2007 3.14 / 2022 «Движение»: forward, back, left, right onto a free cell; one point per cell.
    g = position((0, "c_runner", (1, 2)), (1, "c_guard", (5, 4)))
    costs = g.move_costs(1)
    assert costs[(1, 3)] == 1 and costs[(2, 3)] == 2 and costs[(2, 4)] == 3
    assert costs[(4, 2)] == 3 and (5, 2) not in costs  # 4 steps away with 3 points
    assert (0, 0) in costs and costs[(0, 0)] == 3      # a diagonal cell costs two orthogonal steps
    g.apply(A.Move(card=1, to=(2, 3)))
    c = g.creatures[1]
    assert c.at == (2, 3) and c.moves == 1
    assert set(moves_of(g, 1)) == {(1, 3), (3, 3), (2, 2), (2, 4)}
    g.apply(A.Move(card=1, to=(2, 4)))
    assert g.creatures[1].moves == 0 and moves_of(g, 1) == {}  # 2007 3.14: until all points are spent


def test_movement_cannot_pass_through_or_onto_cards():
    # 2022 «Движение»: only onto a free cell; no swapping places, so cards block the way.
    g = position((0, "c_scout", (0, 0)), (0, "c_guard", (0, 1)), (1, "c_guard", (1, 0)), (1, "c_post", (5, 4)))
    assert moves_of(g, 1) == {}  # boxed into the corner by two cards
    with pytest.raises(IllegalAction) as exc:
        g.apply(A.Move(card=1, to=(0, 1)))
    assert exc.value.code == "occupied"
    g2 = position((0, "c_scout", (2, 0)), (1, "c_guard", (2, 1)), (1, "c_guard", (3, 0)))
    assert set(g2.move_costs(1)) == {(1, 0), (0, 0), (1, 1)}  # the way round costs 2 to (1, 1)
    assert g2.move_costs(1)[(1, 1)] == 2


def test_moving_too_far_is_illegal_and_says_why():
    g = position((0, "c_scout", (2, 2)), (1, "c_guard", (5, 4)))
    with pytest.raises(IllegalAction) as exc:
        g.apply(A.Move(card=1, to=(5, 2)))
    assert exc.value.code == "too_far"
    with pytest.raises(IllegalAction) as exc:
        g.apply(A.Move(card=1, to=(6, 2)))
    assert exc.value.code == "off_board"
    with pytest.raises(IllegalAction) as exc:
        g.apply(A.Move(card=1, to=(5, 4)))
    assert exc.value.code == "occupied"


def test_a_creature_without_movement_cannot_move():
    g = position((0, "c_post", (2, 2)), (1, "c_guard", (5, 4)))
    assert moves_of(g, 1) == {}
    with pytest.raises(IllegalAction) as exc:
        g.apply(A.Move(card=1, to=(2, 3)))
    assert exc.value.code == "no_moves"


def test_a_tapped_creature_neither_moves_nor_strikes():
    # 2022 «Действие»: tapped cards can neither move nor act.
    g = position((0, "c_runner", (2, 2), {"tapped": True}), (1, "c_guard", (3, 2)))
    assert g.legal_actions() == [A.EndTurn()]
    for act in (A.Move(card=1, to=(1, 2)), A.Strike(attacker=1, target=2)):
        with pytest.raises(IllegalAction) as exc:
            g.apply(act)
        assert exc.value.code == "tapped"


def test_striking_forfeits_the_rest_of_the_movement():
    # 2007 4.1.1: a card that attacks loses its unused movement points.
    g = position((0, "c_runner", (2, 2)), (1, "c_guard", (3, 2)), (1, "c_guard", (5, 0)))
    g.apply(A.Move(card=1, to=(2, 3)))
    assert g.creatures[1].moves == 2
    g.apply(A.Strike(attacker=1, target=2))
    if g.pending.kind == "lower":
        g.apply(A.Keep())
    assert g.creatures[1].moves == 0 and g.creatures[1].tapped


def test_the_turn_start_untaps_and_restores_movement():
    # 2022 «Продолжение боя», «Движение»: the new active player untaps everything; points come back.
    g = position((0, "c_runner", (2, 2)), (1, "c_guard", (3, 2), {"tapped": True, "moves": 0}),
                 (1, "c_runner", (5, 0)))
    g.apply(A.Move(card=1, to=(1, 2)))
    g.apply(A.EndTurn())
    assert g.active == 1 and g.turn == 2 and g.decider == 1
    assert not g.creatures[2].tapped and g.creatures[2].moves == 1
    assert g.creatures[1].moves == 2  # the inactive player's points come back at their own turn start
    g.apply(A.EndTurn())
    assert g.creatures[1].moves == 3


def test_deployment_order_follows_the_2022_layout():
    # 2022 «Расстановка»: the first player fills the central 3×3 first and the front row last;
    # the second player may use the whole front row at once, the back-row sides last.
    first = board.deployment_order(0, True)
    second = board.deployment_order(1, False)
    assert len(first) == len(second) == 15 and len(set(first)) == 15
    assert set(first[:9]) == {(r, c) for r in (0, 1, 2) for c in (1, 2, 3)}
    assert set(first[-2:]) == {(2, 0), (2, 4)}
    assert set(second[:9]) == {(r, c) for r in (3, 4, 5) for c in (1, 2, 3)}
    assert set(second[9:11]) == {(3, 0), (3, 4)}
    assert all(board.on_board(c) for c in first + second)


def test_new_game_deploys_both_squads_on_their_halves():
    g = ClassicGame.new(CARDS, [["c_guard", "c_brute", "c_runner"], ["c_bog", "c_scout"]], seed=3)
    assert g.decider == 0 and g.turn == 1
    halves = {c.owner: set() for c in g.creatures.values()}
    for c in g.creatures.values():
        halves[c.owner].add(c.at[0])
    assert halves[0] <= {0, 1, 2} and halves[1] <= {3, 4, 5}
    with pytest.raises(ValueError):
        ClassicGame.new(CARDS, [["c_guard"] * 16, ["c_bog"]])
    with pytest.raises(ValueError):
        ClassicGame.new(CARDS, [["c_nope"], ["c_bog"]])
