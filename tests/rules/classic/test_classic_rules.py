"""Classic rules that had no test of their own: the battlefield and the die, the card's properties, the
preliminary phase, the turn's phases, the order of an attack, the stack's items and the end of the game.
Each test cites its rules (2007 x.y, 2022 «…») for tests/rules/classic/test_classic_coverage.py."""

from __future__ import annotations

import pytest
from classic_support import ALL_CARDS, CARDS, DECKS, ScriptedDice, position
from test_classic_battle_start import CARDS as HERALD_CARDS
from test_classic_battle_start import _through_setup
from test_classic_setup import refused, to_reveal

from engine.classic import ClassicGame, Placement, board, parse_cards
from engine.classic import actions as A
from engine.classic import hittable as H
from engine.classic.recruit import starting_crystals
from engine.core.errors import CardDataError, IllegalAction
from engine.core.rng import Rng


def _kinds(events) -> list[str]:
    return [e.kind for e in events]


# ---------------------------------------------------------------------------------------------- part 1
def test_the_battlefield_is_six_rows_of_five_and_the_die_has_six_faces() -> None:
    # 2007 1.1: a die numbered 1 to 6 and a battlefield of 6 by 5 cells.
    # 2022 glossary «Ряд» (five cells in a line across) and «Столбец» (six cells in a line along).
    assert (board.ROWS, board.COLS) == (6, 5)
    cells = list(board.all_cells())
    assert len(cells) == 30
    assert all(len([c for c in cells if c[0] == r]) == 5 for r in range(6))
    assert all(len([c for c in cells if c[1] == k]) == 6 for k in range(5))
    rng = Rng(7)
    assert {rng.die() for _ in range(400)} == {1, 2, 3, 4, 5, 6}


def _card(**fields) -> dict:
    return {"id": "x_card", "name": {"ru": "Карта", "en": "Card"}, "cost": 3, **fields}


def test_a_card_carries_the_properties_the_rules_name() -> None:
    # 2007 1.4, 1.4.1–1.4.9, 1.5: name, element (five, or neutral), cost, elite, type, lives, movement and the
    # simple strike X-Y-Z, whose three values are the weak, medium and strong blows.
    # 2022 «Элементы карты», «Типы карт»: a creature (a flyer or a symbiote too), an artifact or a terrain.
    cards = parse_cards({"card": [
        _card(element="swamp", elite=True, lives=4, movement=2, strike="1-2-4"),
        {**_card(type="artifact", lives=5), "id": "x_art"},
        {**_card(type="terrain", classes=["forest"]), "id": "x_land"},
        {**_card(flyer=True, lives=2, strike="1-1-2"), "id": "x_fly"},
        {**_card(symbiote="companion", lives=1, strike="0-1-1"), "id": "x_sym"},
    ]}, "test")
    c = cards["x_card"]
    assert (c.name["ru"], c.element, c.cost, c.elite, c.type, c.lives, c.movement, c.strike) == (
        "Карта", "swamp", 3, True, "creature", 4, 2, (1, 2, 4))
    assert [H.strike_value(c.strike, k) for k in H.KINDS] == [1, 2, 4]
    assert cards["x_art"].type == "artifact" and cards["x_art"].strike is None
    assert cards["x_land"].type == "terrain" and cards["x_land"].lives is None
    assert cards["x_fly"].flyer and cards["x_fly"].movement == 0
    assert cards["x_sym"].symbiote == "companion"
    for bad in (_card(element="fire", lives=1, movement=1, strike="1-1-1"),
                _card(type="spell"), _card(lives=1, movement=1, strike="1-2")):
        with pytest.raises(CardDataError):
            parse_cards({"card": [bad]}, "test")


def test_only_an_open_creature_strikes_moves_or_defends() -> None:
    # 2007 1.6: only an open creature strikes, answers a strike, defends and moves.
    g = position((0, "c_brute", (2, 2), {"tapped": True}), (0, "c_guard", (2, 3)),
                 (1, "c_scout", (3, 2)), (1, "c_bog", (3, 3), {"tapped": True}))
    legal = [str(a) for a in g.legal_actions()]
    assert not any(a.startswith(("strike attacker=1", "move card=1")) for a in legal)
    g.rng = ScriptedDice([5, 1])
    g.apply(A.Strike(attacker=2, target=3))  # the tapped bog, next to both, is no defender
    assert g.pending.kind != "defender"
    h = position((0, "c_guard", (2, 2)), (1, "c_bog", (3, 2), {"tapped": True}))
    h.rng = ScriptedDice([5])
    events = h.apply(A.Strike(attacker=1, target=2))  # a tapped card does not answer: one die
    assert [e.value for e in events if e.kind == "die"] == [5]


# ---------------------------------------------------------------------------------------------- setup
def test_the_preliminary_phase_runs_its_subphases_without_priority() -> None:
    # 2007 3.2: the decks are shuffled when the game begins (each shuffle an event; a seed decides the order).
    # 2007 6.1, 6.2, 6.2.1, 6.2.3: the preliminary phase — the order, recruiting (3.3–3.7), placement
    # (3.8–3.10), the reveal (3.11–3.13) — passes no priority: no response window opens in it.
    a = ClassicGame.start(ALL_CARDS, [DECKS["mixed"], DECKS["plain"]], seed=1)
    b = ClassicGame.start(ALL_CARDS, [DECKS["mixed"], DECKS["plain"]], seed=2)
    assert _kinds(a.setup_events)[:2] == ["shuffle", "shuffle"]
    assert [a.instances[i] for i in a.decks[0]] != [b.instances[i] for i in b.decks[0]]
    kinds: list[str] = []
    g = a
    while g.pending.kind not in ("main",):
        if not kinds or kinds[-1] != g.pending.kind:
            kinds.append(g.pending.kind)
        legal = g.legal_actions()
        ready = [x for x in legal if isinstance(x, A.Ready)]
        place = [x for x in legal if isinstance(x, A.Place) and x.card not in g.creatures]
        recruit = [x for x in legal if isinstance(x, A.Recruit)]
        if g.pending.kind == "recruit":
            g.apply(recruit[0] if recruit and len(g.setup.squads[g.pending.player]) < 4 else ready[0])
        elif g.pending.kind == "place":
            g.apply(place[0] if place else ready[0])
        else:
            g.apply(legal[0])
    assert "respond" not in kinds
    order = [k for i, k in enumerate(kinds) if k not in kinds[:i]]
    assert order[:3] == ["order", "recruit", "place"], kinds
    assert g.turn == 1 and g.active == g.first


def test_the_crystals_each_player_starts_with() -> None:
    # 2022 «Определение количества кристаллов»: the first player 24 gold and 22 silver, the second 25 and 23;
    # 2007 3.3, 3.4: 23 and 22 each, and one silver more for the second player.
    assert starting_crystals("2022", True) == (24, 22) and starting_crystals("2022", False) == (25, 23)
    assert starting_crystals("2007", True) == (23, 22) and starting_crystals("2007", False) == (23, 23)


def test_the_first_battle_lays_the_squads_out_face_up() -> None:
    # 2022 «Первая партия»: in a first game the ready squads may be laid out face up at once; the first
    # player then begins.
    g = ClassicGame.new(CARDS, [["c_guard", "c_brute"], ["c_scout", "c_bog"]], first=1)
    assert not g.hidden
    assert g.turn == 1 and g.active == 1 and g.pending.kind == "main"
    assert {c.owner for c in g.creatures.values()} == {0, 1}
    assert all(board.on_board(c.at) for c in g.creatures.values())


def test_battle_start_abilities_go_off_once_a_battle() -> None:
    # 2007 3.13.1: each card uses its «в начале боя» ability once a battle — not again at later turns.
    g = ClassicGame.start(HERALD_CARDS, [["k_herald"] * 30, ["k_seer"] * 30], seed=3, check_decks=False)
    _through_setup(g, take=2)
    heralds = [c.id for c in g.creatures.values() if g.card_of(c.id).id == "k_herald"]
    assert heralds and all(g.creatures[i].chips == 1 for i in heralds)
    for _ in range(4):
        g.apply(A.EndTurn())
    assert all(g.creatures[i].chips == 1 for i in heralds)


# ---------------------------------------------------------------------------------------------- the turn
def test_the_turn_and_its_phases() -> None:
    # 2007 1.2: the players take turns; an action names its target (the action's text).
    # 2007 6.3, 6.3.2: at the start of a turn the active player's cards open.
    # 2007 6.4, 6.4.1, 6.4.2, 6.4.3: in the main phase he chooses a card to move, act or fight, or the end
    # phase (2007 6.5), in any order.
    # 2022 «Основной этап игры»: nobody must move or act with every card.
    g = position((0, "c_guard", (2, 2)), (0, "c_runner", (1, 1), {"tapped": True}), (1, "c_scout", (3, 2)),
                 (1, "c_bog", (4, 4), {"tapped": True}))
    legal = [str(a) for a in g.legal_actions()]
    assert "end" in legal and "strike attacker=1 target=3" in legal
    assert any(a.startswith("move card=1 ") for a in legal)
    assert str(A.Strike(attacker=1, target=3)) == "strike attacker=1 target=3"
    g.apply(A.EndTurn())
    assert (g.turn, g.active) == (2, 1)
    assert not g.creatures[4].tapped and g.creatures[2].tapped  # only the active player's cards open
    g.apply(A.EndTurn())
    assert (g.turn, g.active) == (3, 0) and not g.creatures[2].tapped


def test_an_attack_goes_in_the_order_of_the_rules() -> None:
    # 2007 4.1: declared, the target settled (a defender may take it), the blows from the table, the wounds,
    # the death, and last the payment: the attacker taps.
    # 2022 «Атака по открытому существу простым ударом»: the attacker rolls, then the reflector; the
    # difference gives each side's blow. 2022 «Жизни и раны»: wounds mark lives lost; no lives left — it dies.
    g = position((0, "c_brute", (2, 2)), (1, "c_scout", (3, 2)), (1, "c_guard", (3, 3)))
    g.rng = ScriptedDice([6, 1])
    events = g.apply(A.Strike(attacker=1, target=2))
    assert g.pending.kind == "defender"
    events += g.apply(A.NoDefense())
    kinds = [k for k in _kinds(events) if k in ("strike_declared", "die", "hit", "wounded", "dies", "tap")]
    assert kinds == ["strike_declared", "die", "die", "hit", "wounded", "dies", "tap"], kinds
    assert [e.value for e in events if e.kind == "die"] == [6, 1]
    assert g.zone_of(2) == "graveyard" and g.creatures[1].tapped


def test_declared_actions_and_dice_go_on_the_stack() -> None:
    # 2007 5.3, 5.3.1: a card's action, an ability and a die roll use the stack.
    # 2007 5.9: the die goes on the stack as rolled, and its modifiers apply when it is carried out.
    # 2007 5.3.2: a move and the lowering of a blow (4.5) do not use it.
    # 2007 5.5, 5.5.1, 5.5.2: while the stack holds something only fast actions (an instant, a defender)
    # may be declared — no move, strike or slow ability.
    g = ClassicGame.from_position(ALL_CARDS, [Placement(owner=0, card="a_leaper", at=(2, 2)),
                                              Placement(owner=1, card="c_guard", at=(3, 2), wounds=1),
                                              Placement(owner=1, card="a_medic", at=(4, 2))], active=0)
    g.rng = ScriptedDice([4, 4])
    g.apply(A.Strike(attacker=1, target=2))
    assert [i.kind for i in g.stack] == ["attack"] and g.pending.kind == "respond" and g.decider == 1
    legal = {str(a) for a in g.legal_actions()}
    assert "pass" in legal and any(a.startswith("use card=3 ") for a in legal)
    assert not any(a.startswith(("move ", "strike ", "end")) for a in legal)
    events = g.apply(A.Pass())
    assert [i.kind for i in g.stack] == ["dice"]  # the dice wait on the stack, raw
    assert [e.value for e in events if e.kind == "die"] == [4, 4]
    events = g.apply(A.Pass())
    hit = next(e for e in events if e.kind == "hit")
    assert hit.rolls == [5, 4]  # «опыт в атаке»: +1 applied when the dice are carried out
    h = position((0, "c_runner", (2, 2)), (1, "c_guard", (4, 4)))
    h.apply(A.Move(card=1, to=(2, 3)))
    assert h.stack == [] and h.pending.kind == "main"


def test_after_the_end_nothing_changes_the_result() -> None:
    # 2007 7.8: once a result is given, no action or effect changes it.
    g = position((0, "c_brute", (2, 2)), (1, "c_scout", (3, 2)))
    g.rng = ScriptedDice([6, 1])
    g.apply(A.Strike(attacker=1, target=2))
    assert g.is_over
    before = g.state_hash()
    for action in (A.EndTurn(), A.Concede(player=0), A.Strike(attacker=1, target=2)):
        with pytest.raises(IllegalAction):
            g.apply(action)
    assert g.state_hash() == before and g.outcome.winner == 0


def test_the_card_text_wins_over_the_rules() -> None:
    # 2022 «Правило топора»: where a card's text and the rules differ, the card wins — a directed strike
    # gets no defender though a guard stands next to both (the rule of 2007 4.11).
    g = ClassicGame.from_position(ALL_CARDS, [Placement(owner=0, card="a_knight", at=(2, 2)),
                                              Placement(owner=1, card="c_scout", at=(3, 2)),
                                              Placement(owner=1, card="c_guard", at=(3, 3))], active=0)
    g.rng = ScriptedDice([3, 3])
    g.apply(A.Strike(attacker=1, target=2))
    assert g.pending is None or g.pending.kind != "defender"


def test_a_corporeal_symbiote_never_sits_on_an_incorporeal_creature() -> None:
    # 2007 1.5.2 (б): a symbiote that is not incorporeal cannot be seated on an incorporeal creature.
    # 2022 glossary «Бестелесный»: it cannot become the host of a corporeal symbiote.
    g, d0, _d1, _ = to_reveal(["a_ghost", "c_guard", "c_sprite"], [(2, 2), (1, 2), (1, 1)], ["c_guard"], [(3, 2)])
    assert {(a.card, a.host) for a in g.legal_actions() if isinstance(a, A.Seat)} == {(d0[2], d0[1])}
    assert refused(g, A.Seat(card=d0[2], host=d0[0])).code == "seat"
    # a squad laid out at once: with only the ghost to sit on, the sprite has no host and dies
    h = ClassicGame.new(ALL_CARDS, [["a_ghost", "c_sprite"], ["c_guard"]])
    sprite = next(c.id for c in h.creatures.values() if c.card == "c_sprite")
    assert h.zone_of(sprite) == "graveyard" and sprite not in h.hosts
    k = ClassicGame.new(ALL_CARDS, [["a_ghost", "c_guard", "c_sprite"], ["c_guard"]])
    sprite = next(c.id for c in k.creatures.values() if c.card == "c_sprite")
    assert k.card_of(k.hosts[sprite]).id == "c_guard"
