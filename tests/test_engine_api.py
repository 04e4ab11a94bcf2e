"""The decision API: illegal actions, text round trips, meta actions, purity of the engine."""

from __future__ import annotations

import pathlib
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.content import load_pool
from engine.core.actions import ActionSyntaxError, parse_action
from engine.core.errors import IllegalAction
from engine.core.events import Outcome
from engine.heroes import actions as A
from engine.heroes.game import HeroesGame
from tests.helpers import check_invariants

ROOT = pathlib.Path(__file__).resolve().parents[1]
POOL = load_pool([ROOT / "tests" / "data"])
CARDS = sorted(c.id for c in POOL.cards.values() if c.type != "hero" and not c.created)


def game_after(seed: int, steps: int) -> HeroesGame:
    rng = random.Random(seed)
    deck = [rng.choice(CARDS) for _ in range(40)]
    g = HeroesGame.new(POOL, [("t_hero_steppe", deck), ("t_hero_dark", list(reversed(deck)))], seed=seed,
                       check_decks=False)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


ids = st.integers(min_value=-2, max_value=120)
id_tuples = st.lists(ids, max_size=3).map(tuple)
any_action = st.one_of(
    st.builds(A.ChooseOrder, first=st.booleans()),
    st.builds(A.Mulligan, cards=id_tuples),
    st.builds(A.Reveal, cards=id_tuples),
    st.builds(A.Play, card=ids, targets=id_tuples, x=st.none() | st.integers(-1, 12), attach=st.none() | ids),
    st.builds(A.Attack, attacker=ids, target=ids),
    st.builds(A.Activate, card=ids, ability=st.integers(-1, 4), targets=id_tuples, x=st.none() | st.integers(-1, 5)),
    st.builds(A.WoundUndead, card=ids, x=st.integers(-1, 12)),
    st.builds(A.EndTurn),
    st.builds(A.Defend, card=ids),
    st.builds(A.NoDefense),
    st.builds(A.DeclareTrigger, trigger=ids, targets=id_tuples),
    st.builds(A.DeclineTrigger, trigger=ids),
    st.builds(A.Choose, cards=id_tuples),
    st.builds(A.AcceptDraw),
    st.builds(A.DeclineDraw),
)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 50), steps=st.integers(0, 120), action=any_action)
def test_illegal_action_never_changes_state(seed: int, steps: int, action: A.Action) -> None:
    g = game_after(seed, steps)
    before = g.state_hash()
    if action in g.legal_actions():
        g.apply(action)
        return
    with pytest.raises(IllegalAction) as err:
        g.apply(action)
    assert err.value.ru and err.value.en and err.value.code
    assert g.state_hash() == before


@settings(max_examples=200, deadline=None)
@given(action=any_action)
def test_action_text_round_trips(action: A.Action) -> None:
    assert parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["", "fly card=1", "play card=x", "play card=1 card=2", "attack attacker=1",
                                  "play card=1 bogus=2", "order first=maybe"])
def test_bad_action_text_is_refused_with_reason(text: str) -> None:
    with pytest.raises(ActionSyntaxError):
        parse_action(text)


def test_legal_actions_all_apply_cleanly_on_clones() -> None:
    # Every listed action is accepted, leaves a consistent game (every card in one zone, a state that
    # round-trips), and touches only the clone it was applied to.
    checked = 0
    for seed, steps in ((3, 40), (4, 25), (5, 60)):
        g = game_after(seed, steps)
        before = g.state_hash()
        for a in g.legal_actions():
            c = g.clone()
            c.apply(a)
            check_invariants(c)
            checked += 1
        assert g.state_hash() == before
    assert checked >= 10, checked  # real choices, not only the single «end» of a quiet turn


def test_concede_ends_the_game_for_the_other_player() -> None:
    # CR 602.1: a player who concedes loses.
    g = game_after(1, 20)
    g.apply(A.Concede(player=0))
    assert g.outcome == Outcome(winner=1, reason="concede")
    assert g.decider is None and g.legal_actions() == []
    with pytest.raises(IllegalAction):
        g.apply(A.EndTurn())


def test_draw_offer_accepted_and_declined() -> None:
    # CR 603.2: a draw offer ends the game only if the opponent accepts.
    g = game_after(2, 20)
    p = g.decider
    pending = g.pending
    g.apply(A.OfferDraw(player=p))
    assert g.decider == 1 - p and g.pending.kind == "draw_offer"
    g.apply(A.DeclineDraw())
    assert g.pending == pending
    with pytest.raises(IllegalAction) as err:
        g.apply(A.OfferDraw(player=p))  # one offer per player per turn (CR 603.2)
    assert err.value.code == "offer_again"
    g.apply(A.OfferDraw(player=1 - p))
    g.apply(A.AcceptDraw())
    assert g.outcome == Outcome(winner=None, reason="agreed_draw")


def test_illegal_reason_names_the_problem_in_both_languages() -> None:
    g = game_after(5, 0)
    with pytest.raises(IllegalAction) as err:
        g.apply(A.EndTurn())
    assert "решение" in err.value.ru and "decision" in err.value.en


def test_engine_imports_without_pygame() -> None:
    code = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('pygame', 'pygame_gui', 'ui', 'saves', 'PIL'):\n"
        "            raise ImportError('blocked ' + name)\n"
        "sys.meta_path.insert(0, Block())\n"
        "import engine, engine.heroes.game, engine.heroes.pool, engine.sim\n"
        "import pkgutil, importlib\n"
        "for m in pkgutil.walk_packages(engine.__path__, 'engine.'):\n"
        "    if not m.name.endswith('__main__'):\n"
        "        importlib.import_module(m.name)\n"
        "assert 'pygame' not in sys.modules\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_pending_decisions_are_typed_records_read_back_from_their_data() -> None:
    # engine/core/pending.py: the decision is a frozen record; its data (saves, hashes) reads back equal.
    import dataclasses

    from engine.core.pending import MainPhase
    from engine.heroes import pending as P

    choose = P.ChooseCards(player=1, options=[4, 5], min=0, max=1, why="may", source=4)
    data = choose.to_dict()
    assert data == {"kind": "choose", "player": 1, "options": [4, 5], "min": 0, "max": 1, "why": "may", "source": 4}
    back = P.from_dict(data)
    assert isinstance(back, P.ChooseCards) and back.to_dict() == data and P.from_dict(None) is None
    assert P.from_dict({"kind": "main", "player": 0}) == MainPhase(player=0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        back.player = 0  # type: ignore[misc]
    with pytest.raises(ValueError, match="unknown decision 'lower'"):
        P.from_dict({"kind": "lower", "player": 0})  # a classic decision is not a «Герои» one
    with pytest.raises(ValueError, match="has no field 'options'"):
        P.from_dict({"kind": "main", "player": 0, "options": []})


def test_a_subclass_of_a_game_answers_the_same_actions_through_its_own_handlers() -> None:
    # The one apply flow dispatches through a per-class table; a subclass keeps the parent's actions.
    seen = []

    class Watched(HeroesGame):
        def _do_ChooseOrder(self, a: A.ChooseOrder) -> None:
            seen.append(a)
            super()._do_ChooseOrder(a)

    assert set(Watched._handlers) == set(HeroesGame._handlers)
    deck = sorted(c.id for c in POOL.cards.values() if c.type == "creature" and not c.created)[:12]
    g = Watched.new(POOL, [("t_hero_steppe", deck), ("t_hero_dark", deck)], seed=3, check_decks=False)
    g.apply(A.ChooseOrder(first=True))
    assert seen == [A.ChooseOrder(first=True)] and g.pending.kind == "mulligan"
