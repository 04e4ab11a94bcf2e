"""Classic «Берсерк» as a whole game: victory, draws, determinism, saving, illegal actions, random games.

Rules: classic-starter-rules-2022.txt «Условие победы», «Продолжение боя и конец игры»;
classic-comprehensive-rules-2007.txt 7.1, 7.2, 7.5, 7.6.
"""

from __future__ import annotations

import json
import random

import pytest
from classic_support import CARDS, ScriptedDice, position

from engine.classic import ClassicGame, Placement, parse_cards
from engine.classic import actions as A
from engine.core.actions import ActionSyntaxError, parse_action
from engine.core.errors import CardDataError, IllegalAction
from engine.core.events import GameOver, Outcome

SQUAD_A = ["c_guard", "c_brute", "c_runner", "c_scout", "c_bog"]
SQUAD_B = ["c_sellsword", "c_bog", "c_runner", "c_scout", "c_post", "c_guard"]


# ---------------------------------------------------------------- victory
def test_the_player_whose_last_creature_dies_loses():
    # 2022 «Условие победы»; 2007 7.1: no creatures left → the opponent wins at once.
    g = position((0, "c_brute", (2, 2)), (1, "c_scout", (3, 2)))
    g.rng = ScriptedDice([6, 1])
    events = g.apply(A.Strike(attacker=1, target=2))
    assert g.is_over and g.outcome == Outcome(winner=0, reason="no_creatures")
    assert g.decider is None and g.legal_actions() == []
    assert events[-1] == GameOver(winner=0, reason="no_creatures")
    with pytest.raises(IllegalAction) as exc:
        g.apply(A.EndTurn())
    assert exc.value.code == "game_over"


def test_the_attacker_can_lose_its_last_creature_to_the_answer():
    # The answering strike (2007 4.4) can kill the attacker's last creature: the defender's side wins.
    g = position((0, "c_scout", (2, 2)), (1, "c_bog", (3, 2)))
    g.rng = ScriptedDice([1, 6])  # D5: the reflector's medium strike (2 wounds) kills the 2-life scout
    g.apply(A.Strike(attacker=1, target=2))
    assert g.outcome == Outcome(winner=1, reason="no_creatures")


def test_both_last_creatures_dying_at_once_is_a_draw():
    # 2007 7.5: both players lose at the same moment → a draw.
    g = position((0, "c_runner", (2, 2), {"wounds": 2}), (1, "c_runner", (3, 2), {"wounds": 2}))
    g.rng = ScriptedDice([3, 1])  # A2: both strike
    g.apply(A.Strike(attacker=1, target=2))
    g.apply(A.Keep())
    assert g.outcome == Outcome(winner=None, reason="no_creatures")


def test_a_position_without_creatures_on_one_side_is_already_decided():
    g = position((0, "c_guard", (0, 0)))
    assert g.outcome == Outcome(winner=0, reason="no_creatures")


def test_concede_ends_the_game_at_any_decision():
    # 2007 7.2: a player may admit defeat at any moment, even when it is not their decision.
    g = position((0, "c_guard", (2, 2)), (1, "c_guard", (3, 2)))
    g.apply(A.Concede(player=1))
    assert g.outcome == Outcome(winner=0, reason="concede")


def test_five_quiet_turns_each_is_a_draw():
    # 2007 7.6: five full turns of each player in a row with no change of lives → a draw.
    g = position((0, "c_guard", (0, 0)), (1, "c_guard", (5, 4)))
    for _ in range(9):
        g.apply(A.EndTurn())
    assert not g.is_over and g.quiet_turns == 9
    g.apply(A.EndTurn())
    assert g.outcome == Outcome(winner=None, reason="quiet")


def test_wounds_reset_the_quiet_count():
    g = position((0, "c_guard", (2, 2)), (1, "c_guard", (3, 2)))
    for _ in range(8):
        g.apply(A.EndTurn())
    g.rng = ScriptedDice([4, 3])  # A1: 1 wound
    g.apply(A.Strike(attacker=1, target=2))
    g.apply(A.EndTurn())
    assert g.quiet_turns == 0
    g.apply(A.EndTurn())
    assert g.quiet_turns == 1 and not g.is_over


def test_extra_lives_given_each_turn_are_no_quiet_turns():
    # 2007 7.6 counts turns in which no card's lives changed; an extra life (2022 «Дополнительные жизни»,
    # the Forge Smith's act) changes them, so giving one every turn of the first player is no quiet draw.
    from engine.content.cards import load_classic_cards

    g = ClassicGame.from_position(load_classic_cards("builtin"), [
        Placement(owner=0, card="mn_smith", at=(0, 0)), Placement(owner=0, card="mn_iron_guard", at=(0, 1)),
        Placement(owner=1, card="mn_iron_guard", at=(5, 4))], seed=1, active=0)
    for _ in range(8):
        g.apply(next(a for a in g.legal_actions() if isinstance(a, A.Use) and a.target == 2))
        assert g.pending.kind == "main"
        g.apply(A.EndTurn())
        assert g.quiet_turns == 0
        g.apply(A.EndTurn())
        assert g.quiet_turns == 1
    assert not g.is_over and g.creatures[2].extra_lives == 8


# ---------------------------------------------------------------- actions as text
@pytest.mark.parametrize("act", [
    A.Move(card=3, to=(2, 4)), A.Strike(attacker=3, target=9), A.Defend(card=11), A.NoDefense(), A.Lower(),
    A.Keep(), A.EndTurn(), A.Concede(player=1),
])
def test_actions_round_trip_through_text(act):
    text = A.CODEC.text(act)
    assert A.CODEC.parse(text) == act


def test_classic_names_live_in_their_own_namespace():
    # The same word names a different action in each game: each ruleset parses with its own codec.
    assert type(A.CODEC.parse("defend card=3")) is A.Defend
    assert type(parse_action("defend card=3")) is not A.Defend
    with pytest.raises(ActionSyntaxError):
        A.CODEC.parse("attack attacker=1 target=2")  # a «Герои» action, not a classic one


def test_move_text_form():
    assert str(A.Move(card=3, to=(2, 4))) == "move card=3 to=2,4"
    assert A.CODEC.parse("strike attacker=1 target=2") == A.Strike(attacker=1, target=2)


# ---------------------------------------------------------------- illegal actions
def test_an_illegal_action_leaves_the_state_unchanged():
    g = position((0, "c_runner", (2, 2)), (1, "c_guard", (3, 2)), (1, "c_guard", (3, 3)))
    before = g.state_hash()
    bad = [
        A.Move(card=2, to=(4, 2)),           # not yours
        A.Move(card=1, to=(3, 2)),           # occupied
        A.Move(card=1, to=(5, 2)),           # too far
        A.Strike(attacker=1, target=99),     # no such card
        A.Strike(attacker=2, target=1),      # not yours
        A.Defend(card=3),                    # not a defender decision now
        A.Lower(),
    ]
    for act in bad:
        with pytest.raises(IllegalAction) as exc:
            g.apply(act)
        assert exc.value.ru and exc.value.en and exc.value.ru != exc.value.en
        assert g.state_hash() == before
    g.apply(A.Strike(attacker=1, target=2))
    mid = g.state_hash()
    with pytest.raises(IllegalAction) as exc:
        g.apply(A.EndTurn())  # the defender decision is due
    assert exc.value.code == "wrong_decision"
    assert g.state_hash() == mid


# ---------------------------------------------------------------- state
def play_random(seed: int, *, check_every: int = 0) -> tuple[ClassicGame, list[str]]:
    """A random game; strikes are favoured so games end by victory more often than by the quiet draw."""
    pick = random.Random(seed)
    squads = [pick.sample(sorted(CARDS), pick.randint(1, 6)) for _ in range(2)]
    g = ClassicGame.new(CARDS, squads, seed=seed, first=pick.randint(0, 1))
    log: list[str] = []
    steps = 0
    while not g.is_over:
        legal = g.legal_actions()
        assert legal and g.decider in (0, 1)
        strikes = [a for a in legal if isinstance(a, A.Strike)]
        act = pick.choice(strikes) if strikes and pick.random() < 0.6 else pick.choice(legal)
        log.append(str(act))
        g.apply(act)
        steps += 1
        assert steps < 5000
        for c in g.creatures.values():
            assert c.moves >= 0 and c.wounds >= 0
            assert (c.at is None) == (c.wounds >= CARDS[c.card].lives)
        if check_every and steps % check_every == 0:
            assert ClassicGame.from_dict(json.loads(json.dumps(g.to_dict()))).state_hash() == g.state_hash()
    return g, log


def test_random_games_run_to_the_end():
    outcomes = {"no_creatures": 0, "quiet": 0}
    for seed in range(200):
        g, _ = play_random(seed, check_every=25 if seed < 20 else 0)
        out = g.outcome
        assert out is not None and out.reason in outcomes
        outcomes[out.reason] += 1
        if out.reason == "no_creatures" and out.winner is not None:
            assert not g.on_board(1 - out.winner) and g.on_board(out.winner)
    assert outcomes["no_creatures"] > 100


def test_same_seed_and_actions_give_the_same_state():
    g1, log = play_random(1234)
    pick = random.Random(1234)
    squads = [pick.sample(sorted(CARDS), pick.randint(1, 6)) for _ in range(2)]
    g2 = ClassicGame.new(CARDS, squads, seed=1234, first=pick.randint(0, 1))
    for text in log:
        g2.apply(A.CODEC.parse(text))
    assert g2.state_hash() == g1.state_hash() and g2.outcome == g1.outcome


def test_different_seeds_give_different_dice():
    rolls = set()
    for seed in range(5):
        g = position((0, "c_guard", (2, 2)), (1, "c_guard", (3, 2)), seed=seed)
        events = g.apply(A.Strike(attacker=1, target=2))
        rolls.add(tuple(e.value for e in events if e.kind == "die"))
    assert len(rolls) > 1


def test_dict_round_trip_and_clone_mid_game():
    g = ClassicGame.new(CARDS, [SQUAD_A, SQUAD_B], seed=5)
    pick = random.Random(5)
    for _ in range(40):
        if g.is_over:
            break
        g.apply(pick.choice(g.legal_actions()))
    data = json.loads(json.dumps(g.to_dict()))
    g2 = ClassicGame.from_dict(data)
    assert g2.to_dict() == g.to_dict() and g2.state_hash() == g.state_hash()
    assert g2.legal_actions() == g.legal_actions()
    c = g.clone()
    saved = g2.state_hash()
    assert c.state_hash() == saved
    # the copies go on identically, and independently of each other
    if not g.is_over:
        act = g.legal_actions()[-1]
        e1, e2 = g.apply(act), c.apply(act)
        assert e1 == e2 and g.state_hash() == c.state_hash()
        assert g2.state_hash() == saved != g.state_hash()


def test_from_dict_rejects_other_rulesets():
    g = position((0, "c_guard", (2, 2)), (1, "c_guard", (3, 2)))
    d = g.to_dict()
    with pytest.raises(ValueError):
        ClassicGame.from_dict({**d, "ruleset": "heroes"})
    with pytest.raises(ValueError):
        ClassicGame.from_dict({**d, "version": 99})


# ---------------------------------------------------------------- card data
def test_card_set_loads_with_strike_triples():
    assert CARDS["c_brute"].strike == (2, 3, 5) and CARDS["c_brute"].elite
    assert CARDS["c_guard"].movement == 1 and CARDS["c_guard"].lives == 10


@pytest.mark.parametrize("patch,field", [
    ({"strike": "1-2"}, "strike"), ({"strike": "a-b-c"}, "strike"), ({"lives": 0}, "lives"),
    ({"movement": -1}, "movement"), ({"element": "sea"}, "element"), ({"speed": 3}, "speed"),
    ({"name": "X"}, "name"), ({"cost": True}, "cost"),
])
def test_bad_card_data_names_file_card_and_field(patch, field):
    table = {"id": "c_x", "name": {"ru": "Икс", "en": "Ex"}, "cost": 1, "lives": 2, "movement": 1,
             "strike": "1-1-1", **patch}
    with pytest.raises(CardDataError) as exc:
        parse_cards({"card": [table]}, "cards.toml")
    assert exc.value.file == "cards.toml" and exc.value.card == "c_x" and exc.value.field == field


def test_repeated_card_ids_are_rejected():
    table = {"id": "c_x", "name": {"ru": "Икс", "en": "Ex"}, "cost": 1, "lives": 2, "movement": 1,
             "strike": [1, 1, 1]}
    assert parse_cards({"card": [table]})["c_x"].strike == (1, 1, 1)
    with pytest.raises(CardDataError):
        parse_cards({"card": [table, table]})


def test_the_repetition_check_hashes_the_board_as_its_canonical_json():
    # 2007 7.6: the situation at each turn's start is kept as a hash (in saves too); it is written out by hand
    # for speed and must stay the canonical JSON's hash of the board's data, effects on cells included.
    from engine.classic.state import CellMark
    from engine.core.hashing import stable_hash

    def expected(g: ClassicGame) -> str:
        cards = [[c.id, c.zone, None if c.at is None else [c.at[0], c.at[1]], c.tapped, c.wounds, c.chips, c.poison,
                  c.extra_lives, c.blessed, c.cursed, c.lost] for c in sorted(g.creatures.values(), key=lambda c: c.id)]
        data = {"active": g.active, "cards": cards}
        if g.cell_marks:
            data["cells"] = [m.to_dict() for m in g.cell_marks]
        return stable_hash(data)

    for seed in range(6):
        g, _ = play_random(seed)
        assert g.situation() == expected(g)
    g = position((0, "c_guard", (2, 2), {"tapped": True, "wounds": 1, "blessed": True}), (1, "c_brute", (3, 2)))
    g.set_mark(2, "poison", 2)
    g.cell_marks.append(CellMark(cell=(4, 1), kind="mire", owner=1, source=2, x=1, turn=3))
    assert g.situation() == expected(g)


def test_a_mark_keeps_its_type():
    # A bool mark (blessed, stunned…) stays a bool and a number mark a number, compiled (where a bool field
    # refuses an int) as in plain Python; the Marked event says the value as a number.
    g = position((0, "c_guard", (2, 2)), (1, "c_brute", (3, 2)))
    g._events = []  # what the step emitted (apply would return it)
    for mark, value in (("blessed", 1), ("stunned", 1), ("cursed", 0), ("chips", 2), ("poison", 3)):
        g.set_mark(1, mark, value)
    c = g.creatures[1]
    assert c.blessed is True and c.stunned is True and c.cursed is False and c.chips == 2 and c.poison == 3
    assert [(e.mark, e.value) for e in g._events] == [("blessed", 1), ("stunned", 1), ("chips", 2), ("poison", 3)]


def test_a_game_its_cards_and_records_pickle_and_come_back_the_same():
    # The computer thinks in another process, which gets the game and its cards pickled; compiled, a frozen
    # record (a card, a cell's effect, a placement, a stack item) is rebuilt through its __init__.
    import pickle

    from engine.classic.stack import StackItem
    from engine.classic.state import CellMark

    g, _ = play_random(3)
    g.cell_marks.append(CellMark(cell=(4, 1), kind="mire", owner=1, source=2, x=1, turn=3))
    g.stack.append(StackItem("trigger", 0, 1, 2, other=3, on="attack", cell=(2, 2)))
    again = pickle.loads(pickle.dumps(g))
    assert again.state_hash() == g.state_hash() and again.stack == g.stack and again.cell_marks == g.cell_marks
    card = CARDS["c_guard"]
    back = pickle.loads(pickle.dumps(card))
    assert back == card and back.hooks == card.hooks and back.flags == card.flags
    assert pickle.loads(pickle.dumps(Placement(owner=0, card="c_guard", at=(2, 2), tapped=True))).tapped is True
