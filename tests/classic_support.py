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
ABILITY_DATA_2 = DATA.with_name("abilities2.toml")  # the keywords acting on the stack, cells, the graveyard


def load_cards(path: pathlib.Path = DATA) -> dict[str, ClassicCard]:
    return parse_cards(tomllib.loads(path.read_text(encoding="utf-8")), str(path))


CARDS = load_cards()  # the plain ground creatures of the battle tests
# every test card: the plain ones, those with abilities and the setup's (random games play them all)
ALL_CARDS = {**CARDS, **load_cards(ABILITY_DATA), **load_cards(ABILITY_DATA_2),
             **load_cards(SETUP_DATA)}
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


def classic_invariants(g: ClassicGame) -> None:
    """What holds after every action of a classic game (the contract suite and the random games)."""
    cells = [c.at for c in g.creatures.values() if c.at is not None]
    for cell in {x for x in cells if cells.count(x) > 1}:
        # 2022 «Бестелесный»: only the active player's incorporeal creature steps onto a taken cell, and it
        # must move off before anything else (or is exiled)
        here = [c.id for c in g.creatures.values() if c.at == cell]
        assert len(here) == 2 and any(g.has(cid, "incorporeal") and g.creatures[cid].owner == g.active
                                      for cid in here), f"two cards on {cell}"
    for c in g.creatures.values():
        assert c.moves >= 0 and c.wounds >= 0 and c.chips >= 0 and c.poison >= 0 and c.extra_lives >= 0
        assert c.at is None or c.zone == "field", "a card with a cell off the battlefield"
        assert c.zone != "field" or c.at is not None or c.id in g.hosts, "a card on the field with no cell or host"
        if g.decider is not None and not g.stack and g.in_play(c.id) and g.card_of(c.id).lives is not None:
            # 2007 4.17: with the stack empty, no card in play has wounds reaching its lives
            assert c.wounds < g.max_lives(c.id), (c, g.max_lives(c.id))
    for s, h in g.hosts.items():  # 2007 1.5.2в: a symbiote sits on a ground card in play, one a host
        assert g.in_play(s) and g.creatures[h].zone == "field" and g.creatures[h].at is not None
    assert len(set(g.hosts.values())) == len(g.hosts), "two symbiotes on one host"
    if g.decider is not None:
        assert g.legal_actions(), "the decider has nothing to do"
    # every card of both decks in exactly one place (2022 «Другие игровые зоны»)
    places: list[int] = [i for d in g.decks for i in d] + list(g.creatures)
    if g.setup is not None:
        places += [i for d in g.setup.deals for i in d] + [i for s in g.setup.squads for i in s if i not in g.creatures]
    assert sorted(places) == sorted(set(places)), "a card in two places"
    assert not g.instances or set(places) == set(g.instances), "a card lost"
    assert all(gold >= 0 and silver >= 0 for gold, silver in g.crystals)
    assert all(g.creatures[i].at is not None for i in g.hidden), "a face-down card off the battlefield"
