"""One contract for every registered ruleset (STYLE.md «Where the house is going»).

Random full games with the ruleset's invariants after every action; every legal action's text
round-trips through the ruleset's codec; ``to_dict``/``clone`` keep the state hash; replaying the
seed and the action log gives the same hash; an illegal action raises IllegalAction with a reason
in ru and en and leaves the state unchanged. A new ruleset fails here until it has a Kit.
"""

from __future__ import annotations

import json
import pathlib
import random
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from classic_support import ALL_CARDS as CLASSIC_CARDS
from classic_support import DECKS as CLASSIC_DECKS
from classic_support import classic_invariants
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import IllegalAction, UnknownName, find_ruleset, ruleset_names
from engine.classic import ClassicGame
from engine.classic import actions as classic_actions
from engine.content import load_pool
from engine.core.actions import Action
from engine.core.game import Game
from engine.heroes import actions as heroes_actions
from engine.heroes.game import HeroesGame
from engine.heroes.position import zone_problems
from engine.sim import play_random

HEROES_POOL = load_pool([pathlib.Path(__file__).resolve().parents[1] / "data"])
HEROES_CARDS = sorted(c.id for c in HEROES_POOL.cards.values() if c.type != "hero" and not c.created)
SEEDS = range(4)
MAX_STEPS = 5000


@dataclass(frozen=True)
class Kit:
    """What the contract needs of a ruleset that the engine cannot give: content, sides, invariants."""

    content: Any
    sides: Callable[[int], list[Any]]  # seed -> the two decks / squads
    invariants: Callable[[Game], None]
    options: dict[str, Any] = field(default_factory=dict)  # extra new_game keywords
    from_dict: dict[str, Any] = field(default_factory=dict)  # extra from_dict keywords
    meta: tuple[type[Action], ...] = ()  # accepted at any time, though not listed as legal


def heroes_sides(seed: int) -> list[Any]:
    rng = random.Random(seed)
    size = rng.choice([8, 20, 30])  # a short deck reaches the deck-out loss early (CR 304.2)
    return [("t_hero_steppe", [rng.choice(HEROES_CARDS) for _ in range(size)]),
            ("t_hero_dark", [rng.choice(HEROES_CARDS) for _ in range(size)])]


def heroes_invariants(g: Game) -> None:
    assert isinstance(g, HeroesGame)
    assert not zone_problems(g), zone_problems(g)  # CR 201: every card in exactly one zone
    for p in g.players:
        assert p.coins >= 0 and p.temp_coins >= 0 and 0 <= p.tapped_coins <= p.coins + p.temp_coins
    for c in g.cards.values():
        assert c.wounds >= 0 and c.poison >= 0



def classic_sides(seed: int) -> list[Any]:
    """Even seeds: a full game from two test decks (setup included); odd seeds: two squads laid out at once,
    of every kind of test card (abilities, flyers, symbiotes, artifacts, terrain)."""
    rng = random.Random(seed)
    decks = sorted(CLASSIC_DECKS)
    if seed % 2 == 0:
        return [CLASSIC_DECKS[rng.choice(decks)], CLASSIC_DECKS[rng.choice(decks)]]
    return [rng.sample(sorted(CLASSIC_CARDS), rng.randint(2, 8)) for _ in range(2)]


def classic_checks(g: Game) -> None:
    assert isinstance(g, ClassicGame)
    classic_invariants(g)


KITS: dict[str, Kit] = {
    "heroes": Kit(HEROES_POOL, heroes_sides, heroes_invariants, options={"check_decks": False},
                  from_dict={"pool": HEROES_POOL}, meta=heroes_actions.META_ACTIONS),
    "classic": Kit(CLASSIC_CARDS, classic_sides, classic_checks, meta=classic_actions.META_ACTIONS),
}


def new_game(name: str, seed: int) -> Game:
    kit = KITS[name]
    return find_ruleset(name).new_game(kit.content, kit.sides(seed), seed=seed, **kit.options)


def check_step(name: str, g: Game) -> None:
    """The ruleset's invariants, the decision API's, and the dict round trip, after one action."""
    KITS[name].invariants(g)
    if g.is_over:
        assert g.decider is None and g.legal_actions() == []
        assert g.outcome is not None and g.outcome.winner in (0, 1, None)
    else:
        assert g.decider in (0, 1) and g.legal_actions(), "the deciding player has no legal action"
    data = g.to_dict()
    assert json.loads(json.dumps(data)) == data  # JSON-compatible
    rebuilt = find_ruleset(name).from_dict(data, **KITS[name].from_dict)
    assert rebuilt.to_dict() == data


def test_every_registered_ruleset_has_a_kit() -> None:
    assert set(ruleset_names()) == set(KITS) == {"heroes", "classic"}


def test_an_unknown_ruleset_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(UnknownName) as exc:
        find_ruleset("chess")
    assert "chess" in str(exc.value) and "heroes" in str(exc.value) and "classic" in str(exc.value)
    assert exc.value.known == ["classic", "heroes"]


@pytest.mark.parametrize("name", sorted(KITS))
def test_the_record_matches_the_game(name: str) -> None:
    r = find_ruleset(name)
    g = new_game(name, 0)
    assert r.name == name == g.ruleset and isinstance(g, r.game)
    assert all(type(a) in r.codec.kinds().values() for a in g.legal_actions())
    assert r.observe is not None and r.determinize is not None  # both games hide cards (2022 «Вскрытие карт»)
    assert r.build_position is not None and r.scenarios is not None  # both games' positions are scenario files


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", sorted(KITS))
def test_random_games_keep_the_contract(name: str, seed: int) -> None:
    r = find_ruleset(name)
    g = new_game(name, seed)
    check_step(name, g)
    seen: set[Action] = set()

    def step(game: Game, action: Action, events: list[dict[str, Any]]) -> None:
        check_step(name, game)
        for a in game.legal_actions():
            if a not in seen:
                seen.add(a)
                assert r.codec.parse(r.codec.text(a)) == a, a
        if len(log) % 25 == 0:
            twin = game.clone()
            assert twin.state_hash() == game.state_hash() and twin is not game

    log: list[Action] = []
    log.extend(play_random(g, random.Random(seed), max_steps=MAX_STEPS, on_step=lambda *a: (step(*a))))
    assert g.is_over, f"{name} seed {seed} did not finish in {MAX_STEPS} actions"
    assert seen
    again = r.replay(KITS[name].content, KITS[name].sides(seed), [r.codec.text(a) for a in log], seed=seed,
                     **KITS[name].options)
    assert again.state_hash() == g.state_hash()


@pytest.mark.parametrize("name", sorted(KITS))
def test_a_clone_is_independent(name: str) -> None:
    g = new_game(name, 1)
    rng = random.Random(1)
    for _ in range(10):
        g.apply(rng.choice(g.legal_actions()))
    twin = g.clone()
    before = g.state_hash()
    twin.apply(twin.legal_actions()[-1])
    assert twin.state_hash() != before and g.state_hash() == before


def _positions(name: str) -> list[Game]:
    """Games stopped at several points of two random games (cloned for each example); for classic seed 6
    is a full game from decks (its setup) and seed 7 squads laid out at once."""
    out = []
    for seed in (6, 7):
        g = new_game(name, seed)
        rng = random.Random(seed)
        for i in range(120):
            if g.is_over:
                break
            if i % 10 == 0:
                out.append(g.clone())
            g.apply(rng.choice(g.legal_actions()))
    return out


POSITIONS = {name: _positions(name) for name in sorted(KITS)}
_VALUE = st.integers(min_value=-1, max_value=40)


def _value(hint: Any) -> st.SearchStrategy[Any]:
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    if hint is bool:
        return st.booleans()
    if hint is int:
        return _VALUE
    if typing.get_origin(hint) is tuple:
        return st.lists(_VALUE, max_size=3).map(tuple)
    if args:  # int | None
        return st.none() | _value(args[0])
    raise AssertionError(hint)


@st.composite
def game_and_action(draw: st.DrawFn, name: str) -> tuple[Game, Action]:
    g = draw(st.sampled_from(POSITIONS[name])).clone()
    legal = g.legal_actions()
    if legal and draw(st.booleans()):
        # A legal action's neighbour: the same kind with one field changed (near misses find reasons).
        base = draw(st.sampled_from(legal))
        hints = typing.get_type_hints(type(base))
        fields = [f for f in hints if f != "name"]
        if not fields:
            return g, base
        key = draw(st.sampled_from(fields))
        return g, type(base)(**{**{f: getattr(base, f) for f in fields}, key: draw(_value(hints[key]))})
    cls = draw(st.sampled_from(sorted(find_ruleset(name).codec.kinds().values(), key=lambda c: c.name)))
    hints = typing.get_type_hints(cls)
    return g, cls(**{f: draw(_value(h)) for f, h in hints.items() if f != "name"})


@pytest.mark.parametrize("name", sorted(KITS))
def test_an_illegal_action_changes_nothing_and_says_why(name: str) -> None:
    refused = []

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(game_and_action(name))
    def check(case: tuple[Game, Action]) -> None:
        g, action = case
        if action in g.legal_actions() or isinstance(action, KITS[name].meta):
            return
        before = g.state_hash()
        with pytest.raises(IllegalAction) as exc:
            g.apply(action)
        assert exc.value.code and exc.value.reason("ru") and exc.value.reason("en")
        assert g.state_hash() == before, f"{action} changed the state while refused"
        refused.append(action)

    check()
    assert refused  # the property was exercised, not skipped every time
