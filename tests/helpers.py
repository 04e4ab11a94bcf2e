"""Short helpers for rules tests: build a position, name its cards, run actions in text form.

    from tests.helpers import position

    pos = position(p0={"coins": 3, "play": [{"card": "t_knight", "name": "knight"}]},
                   p1={"play": ["t_soldier"]})
    pos.run("attack attacker=$knight target=$t_soldier")
    assert pos.card("t_soldier").zone == "grave"
    assert pos.refused("attack attacker=$knight target=$p1hero").code == "attacked"

The position schema is the one of scenario files (docs/scenarios.md), as Python dicts.
"""

from __future__ import annotations

import pathlib
from dataclasses import dataclass
from typing import Any

from engine.content import load_scenario, pool_for
from engine.core.actions import parse_action
from engine.core.errors import IllegalAction
from engine.core.events import event_dicts
from engine.heroes.game import HeroesGame
from engine.heroes.position import Position, build_position, zone_problems
from engine.heroes.scenario import Result
from engine.scenario import play

SCENARIOS = pathlib.Path(__file__).resolve().parent / "scenarios"
DEFAULT_HEROES = ("t_hero_steppe", "t_hero_dark")


@dataclass
class Pos(Position):
    """A built position with test conveniences; ``$ref`` in action texts names cards (see Position.id)."""

    @property
    def g(self) -> HeroesGame:
        return self.game

    def run(self, *texts: str) -> list[dict[str, Any]]:
        """Apply actions given as text (``$refs`` allowed); returns the events of the last one, as data."""
        events: list[dict[str, Any]] = []
        for text in texts:
            events = event_dicts(self.game.apply(parse_action(self.expand(text))))
        return events

    def refused(self, text: str) -> IllegalAction:
        """Assert the action is refused and the state unchanged; return the IllegalAction."""
        before = self.game.to_dict()
        try:
            self.game.apply(parse_action(self.expand(text)))
        except IllegalAction as exc:
            assert self.game.to_dict() == before, "a refused action changed the state"
            return exc
        raise AssertionError(f"{text!r} was allowed")

    def legal(self) -> list[str]:
        """The legal actions as text, with instance ids."""
        return [str(a) for a in self.game.legal_actions()]

    def can(self, text: str) -> bool:
        """Is this action (``$refs`` allowed) among the legal ones now?"""
        return parse_action(self.expand(text)) in self.game.legal_actions()

    def wounds(self, ref: str, player: int | None = None) -> int:
        return self.card(ref, player).wounds

    def zone(self, ref: str, player: int | None = None) -> str:
        return self.card(ref, player).zone

    def lives(self, ref: str, player: int | None = None) -> int:
        return self.game.lives_left(self.id(ref, player))

    def strike(self, ref: str, player: int | None = None) -> int:
        return self.game.strike(self.id(ref, player))

    def check(self) -> None:
        check_invariants(self.game)


def position(p0: dict[str, Any] | str | None = None, p1: dict[str, Any] | str | None = None, *,
             active: int = 0, turn: int | None = None, first: int | None = None, seed: int = 0,
             pending: dict[str, Any] | None = None, cards: list[dict[str, Any]] | tuple = (),
             pool: str = "test") -> Pos:
    """Build a game in a position. A player given as a string is just a hero; a missing hero is
    t_hero_steppe for p0 and t_hero_dark for p1. ``cards`` are inline card tables (assets/cards schema)."""
    data: dict[str, Any] = {"active": active, "seed": seed}
    for i, p in enumerate((p0, p1)):
        if p is None:
            p = {}
        elif isinstance(p, str):
            p = {"hero": p}
        data[f"p{i}"] = {"hero": DEFAULT_HEROES[i], **p}
    if turn is not None:
        data["turn"] = turn
    if first is not None:
        data["first"] = first
    if pending is not None:
        data["pending"] = pending
    built = build_position(pool_for(pool, list(cards)), data)
    return Pos(game=built.game, labels=built.labels)


def run(game: HeroesGame, *texts: str) -> list[dict[str, Any]]:
    """Apply actions written with plain instance ids; returns the events of the last one, as data."""
    events: list[dict[str, Any]] = []
    for text in texts:
        events = event_dicts(game.apply(parse_action(text)))
    return events


def refused(game: HeroesGame, text: str) -> IllegalAction:
    """Assert an action (plain ids) is refused; return the IllegalAction."""
    try:
        game.apply(parse_action(text))
    except IllegalAction as exc:
        return exc
    raise AssertionError(f"{text!r} was allowed")


def legal(game: HeroesGame) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def check_invariants(game: HeroesGame) -> None:
    """Every card in exactly one zone, and to_dict/from_dict round-trips."""
    problems = zone_problems(game)
    assert not problems, problems
    data = game.to_dict()
    assert HeroesGame.from_dict(data, pool=game.pool).to_dict() == data


def scenario(name: str | pathlib.Path) -> Result:
    """Play a scenario file (a path, or a name under tests/scenarios) and return the Result."""
    path = pathlib.Path(name)
    if not path.exists():
        path = SCENARIOS / path
        if not path.suffix:
            path = path.with_suffix(".toml")
    return play(load_scenario(path))
