"""An action whose fields are not exactly of their declared types is refused, in every registered ruleset.

``True == 1`` and ``1.0 == 1`` in Python, so an action equal to a legal one may still carry a bool or a float
where a card id goes; a list where a tuple goes cannot even be hashed. Every such action, of every kind the
rulesets' codecs register (a kind added later is covered without touching this file), at positions from
the deal to the battle, raises IllegalAction with a reason in ru and en and leaves the state hash as it was.
Meta actions (conceding, offering a draw), taken at any time rather than found in the legal list, are tried
the same way.
"""

from __future__ import annotations

import dataclasses
import random
import types
import typing
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import IllegalAction, find_ruleset, ruleset_names
from engine.core.actions import Action
from engine.core.game import Game
from tests.contract.test_rulesets import POSITIONS

# Values of every shape a caller (or a peer over the network, or a save's JSON turned into objects) might
# hand over; which are wrong depends on the field.
ODD = [None, True, False, 0, 1, -1, 7, 2**70, 1.0, 0.0, -1.0, 2.5, float("nan"), float("inf"), "", "1", "a",
       "Ёж", b"1", [], [1], [1, 2], (), (1,), (1, 2), (1.0, 2), (True,), ("a", "b"), (None,), {}, {"card": 1},
       {1, 2}, frozenset({1})]


def fits(value: Any, hint: Any) -> bool:
    """Is ``value`` exactly of type ``hint``? (A bool is not an int here, a float not an int, a list not a tuple.)"""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return True
    if hint is None or hint is type(None):
        return value is None
    if origin is typing.Union or origin is types.UnionType:
        return any(fits(value, a) for a in args)
    if origin is tuple:
        if type(value) is not tuple:
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(fits(v, args[0]) for v in value)
        return len(value) == len(args) and all(fits(v, a) for v, a in zip(value, args, strict=True))
    if origin is typing.Literal:
        return any(type(value) is type(a) and value == a for a in args)
    return type(value) is hint


def kinds(name: str) -> list[type[Action]]:
    """Every action class the ruleset's codec knows, as the registry has them now."""
    return sorted(find_ruleset(name).codec.kinds().values(), key=lambda c: c.name)


def look_alikes(value: Any) -> list[Any]:
    """Values equal (or nearly) to a well-typed ``value`` but of another type: what slips past ``==``."""
    if isinstance(value, bool):
        return [int(value), float(value)]
    if isinstance(value, int):
        out: list[Any] = [float(value), str(value), [value], (value,)]
        if value in (0, 1):
            out.append(bool(value))
        return out
    if isinstance(value, tuple):
        return [list(value), tuple(float(v) if isinstance(v, int) and not isinstance(v, bool) else str(v)
                                   for v in value) or ("x",), tuple(map(str, value)) or (1.5,)]
    if value is None:
        return [0, False, (), ""]
    return [None, 1.0]


@st.composite
def mistyped(draw: st.DrawFn, name: str, cls: type[Action]) -> tuple[Game, Action]:
    """A position and an action of kind ``cls`` with one or more fields of a wrong type: a legal action of
    that kind at the position with fields swapped for look-alikes, or one built from odd values."""
    g = draw(st.sampled_from(POSITIONS[name])).clone()
    legal = [a for a in g.legal_actions() if type(a) is cls]
    values: dict[str, Any] = {}
    if legal and draw(st.booleans()):
        base = draw(st.sampled_from(legal))
        values = {f.name: getattr(base, f.name) for f in dataclasses.fields(cls)}
    hints = typing.get_type_hints(cls)
    names = [f.name for f in dataclasses.fields(cls)]
    for key in names:
        values.setdefault(key, draw(st.sampled_from([v for v in ODD if fits(v, hints[key])] or [None])))
    for key in draw(st.lists(st.sampled_from(names), min_size=1, max_size=len(names), unique=True)):
        values[key] = draw(st.sampled_from([v for v in look_alikes(values[key]) + ODD if not fits(v, hints[key])]))
    return g, cls(**values)


def every_kind() -> list[tuple[str, str]]:
    """(ruleset, action name) of every kind with fields that every registered ruleset's codec knows."""
    return [(name, k.name) for name in sorted(ruleset_names()) for k in kinds(name) if dataclasses.fields(k)]


@pytest.mark.parametrize(("name", "kind"), every_kind())
def test_a_mistyped_action_of_any_kind_is_refused_and_changes_nothing(name: str, kind: str) -> None:
    cls = find_ruleset(name).codec.kinds()[kind]

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(mistyped(name, cls))
    def check(case: tuple[Game, Action]) -> None:
        g, action = case
        before = g.state_hash()
        legal = [str(a) for a in g.legal_actions()]
        with pytest.raises(IllegalAction) as exc:
            g.apply(action)
        assert exc.value.code == "field_type", (action, exc.value.code)
        assert exc.value.reason("ru") and exc.value.reason("en")
        assert g.state_hash() == before, f"{action!r} changed the state while refused"
        assert [str(a) for a in g.legal_actions()] == legal  # the game goes on as it was

    check()


def test_every_ruleset_has_kinds_to_try() -> None:
    assert {name for name, _ in every_kind()} == set(ruleset_names())
    assert {"concede", "offer_draw", "move", "strike", "use", "place", "swap"} <= {k for n, k in every_kind()
                                                                                   if n == "classic"}


def _as_float(v: Any) -> Any:
    return float(v)


def _as_list(v: Any) -> Any:
    return [v]


def _letters(v: Any) -> Any:
    return ("a", "b")


# The shapes found by hand: kind, field and what it was made into. Each is tried on a legal action of its
# kind, so that apart from the type it is exactly an action the rules would take.
CASES = {
    "heroes": [("concede", "player", _as_float), ("concede", "player", bool), ("offer_draw", "player", bool),
               ("offer_draw", "player", _as_float), ("order", "first", _as_float), ("order", "first", int),
               ("attack", "attacker", _as_list), ("attack", "target", _as_float)],
    "classic": [("concede", "player", _as_float), ("offer_draw", "player", bool), ("swap", "card", _as_float),
                ("place", "card", bool), ("place", "at", list), ("use", "ability", _as_float),
                ("move", "to", _letters), ("strike", "attacker", _as_list)],
}


def legal_of_kind(name: str, kind: str) -> tuple[Game, Action]:
    """A position of a random game where an action of ``kind`` is legal, with that action (meta actions: the
    deciding player's)."""
    from tests.contract.test_rulesets import new_game

    cls = find_ruleset(name).codec.kinds()[kind]
    for seed in range(40):
        g = new_game(name, seed)
        rng = random.Random(seed)
        for _ in range(600):
            if g.is_over:
                break
            if "player" in {f.name for f in dataclasses.fields(cls)}:
                return g, cls(player=g.decider)
            found = [a for a in g.legal_actions() if type(a) is cls]
            if found and (kind != "place" or any(a.card < 2 for a in found)):
                return g, rng.choice(found)
            g.apply(rng.choice(g.legal_actions()))
    raise AssertionError(f"no position with a legal {kind}")


@pytest.mark.parametrize(("name", "kind", "key", "made"),
                         [(n, k, f, m) for n in sorted(CASES) for k, f, m in CASES[n]])
def test_the_shapes_found_by_hand_are_refused(name: str, kind: str, key: str, made: Any) -> None:
    g, good = legal_of_kind(name, kind)
    bad = dataclasses.replace(good, **{key: made(getattr(good, key))})
    assert not fits(getattr(bad, key), typing.get_type_hints(type(bad))[key])
    before = g.state_hash()
    with pytest.raises(IllegalAction) as exc:
        g.apply(bad)
    assert exc.value.code == "field_type" and key in exc.value.reason("en") and key in exc.value.reason("ru")
    assert g.state_hash() == before and not g.is_over and g.legal_actions()
    g.apply(good)  # and the well-typed one is still taken: the game was left whole


@pytest.mark.parametrize("name", sorted(ruleset_names()))
def test_a_well_typed_equal_action_is_still_taken(name: str) -> None:
    """The check refuses types, not actions built anew: a legal action rebuilt from its fields is carried out."""
    for g in POSITIONS[name]:
        g = g.clone()
        for listed in g.legal_actions()[:5]:
            twin = type(listed)(**{f.name: getattr(listed, f.name) for f in dataclasses.fields(listed)})
            assert twin is not listed
            g.clone().apply(twin)
