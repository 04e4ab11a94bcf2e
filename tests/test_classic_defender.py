"""Defenders in classic «Берсерк»: who may defend, who decides, and how the defender fights.

Rules: classic-comprehensive-rules-2007.txt 4.10, 4.11, 4.14; classic-starter-rules-2022.txt
«Назначение защитника».
"""

from __future__ import annotations

import pytest
from classic_support import ScriptedDice, dice_events, position

from engine.classic import actions as A
from engine.core.errors import IllegalAction

# Attacker (player 0) at (2,2) strikes the target at (3,2). Cells next to both: (2,1),(2,3),(3,1),(3,3).


def test_only_untapped_enemy_creatures_next_to_both_may_defend():
    # 2007 4.11: an untapped creature of the inactive player next to both the attacker and the target.
    g = position(
        (0, "c_brute", (2, 2)),                       # 1 attacker
        (1, "c_guard", (3, 2)),                       # 2 target
        (1, "c_guard", (3, 3)),                       # 3 next to both: may defend
        (1, "c_guard", (2, 1)),                       # 4 next to both (in the attacker's row): may defend
        (1, "c_guard", (4, 2)),                       # 5 next to the target only
        (1, "c_guard", (1, 3)),                       # 6 next to the attacker only
        (1, "c_guard", (3, 1), {"tapped": True}),     # 7 next to both but tapped
        (0, "c_guard", (2, 3)),                       # 8 the attacker's own creature next to both
    )
    assert g.defenders(1, 2) == [3, 4]
    g.apply(A.Strike(attacker=1, target=2))
    assert g.pending.kind == "defender" and g.decider == 1  # 2007 4.10: the inactive player assigns
    assert set(g.legal_actions()) == {A.NoDefense(), A.Defend(card=3), A.Defend(card=4)}
    for bad in (5, 6, 7, 8, 2):
        with pytest.raises(IllegalAction) as exc:
            g.apply(A.Defend(card=bad))
        assert exc.value.code == "defender"


def test_no_defender_window_when_nobody_can_defend():
    g = position((0, "c_brute", (2, 2)), (1, "c_guard", (3, 2)), (1, "c_guard", (5, 0)))
    g.rng = ScriptedDice([4, 3])
    events = g.apply(A.Strike(attacker=1, target=2))
    assert dice_events(events) == [4, 3]  # resolved at once
    assert g.pending.kind == "main"


def test_the_defender_becomes_the_target_and_taps_after_the_fight():
    # 2007 4.11, 4.14: the defender is struck instead, fights, then taps; the original target is untouched.
    g = position((0, "c_brute", (2, 2)), (1, "c_runner", (3, 2)), (1, "c_guard", (3, 3)))
    g.rng = ScriptedDice([3, 6])  # D3 for attacker 3 vs defender 6: the defender deals a weak strike
    g.apply(A.Strike(attacker=1, target=2))
    events = g.apply(A.Defend(card=3))
    dice = [(e.card, e.value) for e in events if e.kind == "die"]
    assert dice == [(1, 3), (3, 6)]  # the defender rolls, not the original target
    assert g.creatures[2].wounds == 0 and not g.creatures[2].tapped
    assert g.creatures[1].wounds == 1  # the guard's weak strike
    assert g.creatures[3].tapped and g.creatures[1].tapped
    assert g.decider == 0 and g.pending.kind == "main"


def test_declining_to_defend_leaves_the_original_target():
    g = position((0, "c_brute", (2, 2)), (1, "c_runner", (3, 2)), (1, "c_guard", (3, 3)))
    g.rng = ScriptedDice([6, 1])  # A5: strong, 5 wounds
    g.apply(A.Strike(attacker=1, target=2))
    events = g.apply(A.NoDefense())
    assert g.creatures[2].at is None  # 3 lives, 5 wounds
    assert not g.creatures[3].tapped
    assert any(e.kind == "dies" and e.card == 2 for e in events)


def test_a_defender_of_a_tapped_creature_fights_with_two_dice():
    # 2007 4.9 applies to the reflecting card: the untapped defender, not the tapped original target.
    g = position((0, "c_brute", (2, 2)), (1, "c_runner", (3, 2), {"tapped": True}), (1, "c_guard", (2, 3)))
    g.rng = ScriptedDice([4, 4])  # T4: attacker weak
    g.apply(A.Strike(attacker=1, target=2))
    events = g.apply(A.Defend(card=3))
    assert dice_events(events) == [4, 4]
    assert g.creatures[3].wounds == 2 and g.creatures[2].wounds == 0


def test_a_lowering_choice_can_belong_to_the_defender():
    # 2007 4.5 with a defender: the higher roll is the defender's, so its owner chooses.
    g = position((0, "c_brute", (2, 2)), (1, "c_runner", (3, 2)), (1, "c_guard", (3, 3)))
    g.rng = ScriptedDice([1, 5])  # D4: weak against medium
    g.apply(A.Strike(attacker=1, target=2))
    g.apply(A.Defend(card=3))
    assert g.pending.kind == "lower" and g.decider == 1
    g.apply(A.Lower())  # D3: only the defender's weak strike
    assert g.creatures[3].wounds == 0 and g.creatures[1].wounds == 1
    assert g.creatures[3].tapped
