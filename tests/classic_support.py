"""Shared helpers for tests/test_classic_*.py: the test card set, positions and scripted dice."""

from __future__ import annotations

import pathlib
import tomllib

from engine.classic import ClassicGame, Placement, parse_cards
from engine.classic.cards import ClassicCard
from engine.classic.decks import ClassicDeck, parse_decks
from engine.core.events import Event
from engine.core.rng import Rng

DATA = pathlib.Path(__file__).resolve().parent / "classic_data" / "classic.toml"
ABILITY_DATA = DATA.with_name("abilities.toml")
SETUP_DATA = DATA.with_name("setup.toml")  # flyers, symbiotes, artifacts, terrains, unique and horde cards
DECK_DATA = DATA.with_name("decks.toml")


def load_cards(path: pathlib.Path = DATA) -> dict[str, ClassicCard]:
    return parse_cards(tomllib.loads(path.read_text(encoding="utf-8")), str(path))


CARDS = load_cards()  # the plain ground creatures of the battle tests
# every test card: the plain ones, those with abilities and the setup's (random games play them all)
ALL_CARDS = {**CARDS, **load_cards(ABILITY_DATA), **load_cards(SETUP_DATA)}
DECKS: dict[str, ClassicDeck] = parse_decks(tomllib.loads(DECK_DATA.read_text(encoding="utf-8")), str(DECK_DATA))


class ScriptedDice(Rng):
    """An Rng whose dice give the listed values in order (to reach a chosen row of the hit table)."""

    __slots__ = ("values",)

    def __init__(self, values: list[int]) -> None:
        super().__init__(0)
        self.values = list(values)

    def die(self, sides: int = 6) -> int:
        assert self.values, "the test rolled more dice than scripted"
        return self.values.pop(0)


def position(*placements: tuple, active: int = 0, seed: int = 0) -> ClassicGame:
    """``position((0, "c_guard", (2, 2)), (1, "c_brute", (3, 2), {"tapped": True}), …)``."""
    out = []
    for p in placements:
        owner, card, at = p[:3]
        extra = p[3] if len(p) > 3 else {}
        out.append(Placement(owner=owner, card=card, at=at, **extra))
    return ClassicGame.from_position(CARDS, out, seed=seed, active=active)


def ids(game: ClassicGame) -> dict[tuple[int, int], int]:
    """Creature id by starting cell (ids are given in placement order, from 1)."""
    return {c.at: c.id for c in game.creatures.values() if c.at is not None}


def dice_events(events: list[Event]) -> list[int]:
    return [e.value for e in events if e.kind == "die"]
