"""The classic hit table: every row, the tie rows, lowering by one row, strikes on tapped cards.

Rules: classic-comprehensive-rules-2007.txt 4.2–4.9 (the 2022 starter rules agree on the table).
"""

from __future__ import annotations

import pytest
from classic_support import ScriptedDice, dice_events, position

from engine.classic import actions as A
from engine.classic import hittable as H

W, M, S = "weak", "medium", "strong"

# 2007 4.3, transcribed independently of the engine: difference → (attacker strikes, reflector strikes).
ATTACKER_FAVOUR = {1: (W, None), 2: (M, W), 3: (M, None), 4: (S, W), 5: (S, None)}
REFLECTOR_FAVOUR = {1: (W, None), 2: (None, None), 3: (None, W), 4: (W, M), 5: (None, M)}


def expected(a: int, r: int) -> tuple[str | None, str | None]:
    if a > r:
        return ATTACKER_FAVOUR[min(a - r, 5)]
    if r > a:
        return REFLECTOR_FAVOUR[min(r - a, 5)]
    # 2007 4.3 tie rows: both rolled 4 or less → attacker weak; both 5 or more → reflector weak.
    return (W, None) if a <= 4 else (None, W)


@pytest.mark.parametrize("a", range(1, 7))
@pytest.mark.parametrize("r", range(1, 7))
def test_every_pair_of_dice_reads_the_right_row(a, r):
    # 2007 4.3: all 36 outcomes of two dice.
    row = H.row_for(a, r)
    assert (row.attacker, row.reflector) == expected(a, r)


def test_differences_beyond_five_use_the_five_or_more_row():
    # 2007 4.3 «5 или больше»: modified rolls can differ by more than 5.
    assert H.row_for(9, 1).key == "A5"
    assert H.row_for(0, 8).key == "D5"


def test_tie_rows():
    # 2007 4.3: a difference of 0 splits on whether both dice show 4 or less, or 5 or more.
    for v in (1, 2, 3, 4):
        assert H.row_for(v, v).key == "T4"
        assert (H.row_for(v, v).attacker, H.row_for(v, v).reflector) == (W, None)
    for v in (5, 6):
        assert H.row_for(v, v).key == "T5"
        assert (H.row_for(v, v).attacker, H.row_for(v, v).reflector) == (None, W)


def test_row_above_stays_in_its_section():
    # 2007 4.5 «подняться на одну строчку вверх»; 2022 «свести результат к предыдущей строке».
    assert H.row_above(H.ROWS["A2"]).key == "A1"
    assert H.row_above(H.ROWS["A4"]).key == "A3"
    assert H.row_above(H.ROWS["D4"]).key == "D3"
    assert H.row_above(H.ROWS["A1"]) is None
    assert H.row_above(H.ROWS["D1"]) is None
    assert H.row_above(H.ROWS["T4"]) is None


def test_only_exchanges_may_be_lowered_and_only_by_the_higher_roll():
    # 2007 4.5: only when both creatures are to strike; the creature that rolled more chooses.
    lowerable = {}
    for a in range(1, 7):
        for r in range(1, 7):
            side = H.lowering_roller(H.row_for(a, r), a, r)
            if side:
                lowerable[(a, r)] = side
    assert {H.row_for(a, r).key for a, r in lowerable} == {"A2", "A4", "D4"}
    assert all(side == ("attacker" if a > r else "reflector") for (a, r), side in lowerable.items())


@pytest.mark.parametrize("roll,kind", [(1, W), (2, W), (3, W), (4, M), (5, M), (6, S), (7, S), (0, W)])
def test_strike_on_a_tapped_card_by_one_die(roll, kind):
    # 2007 4.9 / 2022: 3 or less weak, 4 or 5 medium, 6 or more strong.
    assert H.tapped_strike(roll) == kind


# ---------------------------------------------------------------- in a game
# The Brute (2-3-5, 6 lives) strikes the Guard (1-2-3, 10 lives): wounds show which strike landed.
BRUTE = {W: 2, M: 3, S: 5, None: 0}
GUARD = {W: 1, M: 2, S: 3, None: 0}


def duel(dice: list[int], target_tapped: bool = False):
    g = position((0, "c_brute", (2, 2)), (1, "c_guard", (3, 3), {"tapped": target_tapped}))
    g.rng = ScriptedDice(dice)
    return g, g.apply(A.Strike(attacker=1, target=2))


@pytest.mark.parametrize("a,r", [(4, 3), (4, 1), (6, 1), (6, 3), (3, 4), (1, 3), (1, 4), (1, 6), (2, 5),
                                 (1, 1), (4, 4), (5, 5), (6, 6)])
def test_rows_without_a_choice_deal_their_wounds(a, r):
    # 2007 4.2, 4.6: attacker rolls first, then the reflector; both strikes land at once.
    g, events = duel([a, r])
    assert dice_events(events) == [a, r]
    ka, kr = expected(a, r)
    assert g.creatures[2].wounds == BRUTE[ka]
    assert g.creatures[1].wounds == GUARD[kr]
    assert g.decider == 0 and g.pending.kind == "main"
    # 2007 4.7: a miss deals nothing; a strike event says which kind landed.
    kinds = [(e.card, e.blow) for e in events if e.kind == "strike"]
    assert kinds == [(1, ka or "miss"), (2, kr or "miss")]


@pytest.mark.parametrize("a,r,chooser,kept,lowered", [
    (5, 3, 0, (M, W), (W, None)),   # A2 → A1
    (6, 4, 0, (M, W), (W, None)),   # A2 → A1
    (5, 1, 0, (S, W), (M, None)),   # A4 → A3 (the 2022 rulebook's own example)
    (1, 5, 1, (W, M), (None, W)),   # D4 → D3: the reflector rolled more, its owner decides
    (2, 6, 1, (W, M), (None, W)),
])
@pytest.mark.parametrize("lower", [True, False])
def test_the_higher_roller_may_lower_the_result_one_row(a, r, chooser, kept, lowered, lower):
    # 2007 4.5: in an exchange of blows the higher roller may move one row up the table.
    g, events = duel([a, r])
    assert g.pending.kind == "lower" and g.decider == chooser
    assert set(g.legal_actions()) == {A.Lower(), A.Keep()}
    assert g.creatures[1].wounds == 0 and g.creatures[2].wounds == 0  # nothing lands before the choice
    events = g.apply(A.Lower() if lower else A.Keep())
    ka, kr = lowered if lower else kept
    assert g.creatures[2].wounds == BRUTE[ka]
    assert g.creatures[1].wounds == GUARD[kr]
    assert any(e.kind == "lowered" for e in events) == lower
    assert g.decider == 0 and g.pending.kind == "main"
    assert g.creatures[1].tapped  # the attacker pays by tapping (2007 6.4.4)


@pytest.mark.parametrize("roll", range(1, 7))
def test_strike_on_a_tapped_creature_rolls_one_die_and_gets_no_answer(roll):
    # 2007 4.9: a tapped card does not fight; only the attacker rolls.
    g, events = duel([roll], target_tapped=True)
    assert dice_events(events) == [roll]
    assert [e.player for e in events if e.kind == "die"] == [0]
    assert g.creatures[2].wounds == BRUTE[H.tapped_strike(roll)]
    assert g.creatures[1].wounds == 0  # no answering strike
    assert g.pending.kind == "main"


def test_an_untapped_target_rolls_too_with_the_real_rng():
    # 2007 4.2 with the state's own seeded dice: two die events, attacker's first, each named by card.
    g = position((0, "c_brute", (2, 2)), (1, "c_guard", (3, 3)), seed=7)
    events = g.apply(A.Strike(attacker=1, target=2))
    dice = [e for e in events if e.kind == "die"]
    assert [(d.player, d.card) for d in dice] == [(0, 1), (1, 2)]
    assert all(1 <= d.value <= 6 for d in dice)
    hit = next(e for e in events if e.kind == "hit")
    assert hit.table == H.row_for(dice[0].value, dice[1].value).key


def test_wounds_ignore_lives_left_and_kill_at_zero():
    # 2007 4.8: wounds are dealt regardless of lives left; 4.17: reaching lives destroys the card.
    g = position((0, "c_brute", (2, 2)), (1, "c_guard", (3, 3), {"wounds": 8}), (1, "c_runner", (5, 0)))
    g.rng = ScriptedDice([6, 1])  # A5: strong, 5 wounds
    events = g.apply(A.Strike(attacker=1, target=2))
    assert g.creatures[2].wounds == 13
    assert g.creatures[2].at is None and g.graveyard(1) == [2]
    assert any(e.kind == "dies" and e.card == 2 for e in events)


def test_both_creatures_can_die_in_one_exchange():
    # 2007 4.6: both strikes land at once, so both can die in the same exchange.
    g = position((0, "c_runner", (2, 2), {"wounds": 2}), (1, "c_runner", (3, 2), {"wounds": 2}),
                 (0, "c_guard", (0, 0)), (1, "c_guard", (5, 4)))
    g.rng = ScriptedDice([3, 1])  # A2: medium 1 against weak 1
    g.apply(A.Strike(attacker=1, target=2))
    events = g.apply(A.Keep())
    assert g.creatures[1].at is None and g.creatures[2].at is None
    assert sorted(e.card for e in events if e.kind == "dies") == [1, 2]
    assert not g.is_over  # each side still has its guard


def test_a_strike_of_zero_wounds_nothing():
    # 2007 1.4.8: the strike's value is the number of wounds; the scout's weak strike is 0.
    g = position((0, "c_scout", (2, 2)), (1, "c_guard", (3, 2)))
    g.rng = ScriptedDice([4, 3])  # A1: weak
    g.apply(A.Strike(attacker=1, target=2))
    assert g.creatures[2].wounds == 0
