"""«Who may die» (engine/heroes/changes.py check_state): the cards whose own lives fell since the rule effects
last looked, and those an aura adding lives keeps alive, are all it looks at (CR 503, 512.5) — so a card
at 0 lives must never be missing from them, and CHECK_CACHES says so when one is."""

from __future__ import annotations

import pathlib
import random

import pytest

from engine.content import load_pool
from engine.heroes.game import HeroesGame
from tests.helpers import position

SILENCE = {"k": "silence", "until": "turn", "by": 1}  # what «теряет особенности» lays (abilities/lasting.py)


def test_a_card_kept_alive_by_an_aura_dies_when_the_aura_stops_working() -> None:
    # CR 115, 503: the soldier (3 lives, 3 wounds) lives on the mail's +1; the mail loses its abilities
    # without leaving play (the aura index stays as it was), and the next look at the rule effects kills it.
    pos = position(p0={"play": [{"card": "t_mail", "name": "mail"}, {"card": "t_soldier", "name": "s", "wounds": 3}]})
    g = pos.g
    g.check_state()  # the first look at a rebuilt game is at every card; from now on only at the sets
    g.check_state()
    assert pos.id("s") in g._watch.propped
    assert pos.zone("s") == "play" and pos.lives("s") == 1
    g.check_caches()
    pos.card("mail").effects.append(dict(SILENCE))
    assert pos.lives("s") == 0
    g.check_caches()
    g.check_state()
    assert pos.zone("s") == "grave"


def test_a_hero_kept_alive_by_an_aura_loses_when_the_aura_stops_working() -> None:
    # CR 602.1: the same for a hero (the mail gives its own characters +1 life).
    hero = {"card": "t_hero_steppe", "wounds": 0}
    pos = position(p0={"hero": hero, "play": [{"card": "t_mail", "name": "mail"}]})
    g = pos.g
    g.check_state()
    g.deal(pos.id("p0hero"), pos.lives("p0hero") - 1, source=None, kind="ability")  # 1 life left: the aura's
    g.check_state()
    assert not g.is_over
    pos.card("mail").effects.append(dict(SILENCE))
    g.check_caches()
    g.check_state()
    assert g.is_over and g.outcome.winner == 1 and g.outcome.reason == "hero"


def test_wounds_dealt_after_the_first_look_kill() -> None:
    # CR 512.5: wounds through deal() put the card among those looked at; a paid cost in wounds too (CR 501.3).
    pos = position(p0={"play": [{"card": "t_soldier", "name": "s"}]})
    g = pos.g
    g.check_state()
    g.deal(pos.id("s"), 3, source=None, kind="ability")
    g.check_caches()
    g.check_state()
    assert pos.zone("s") == "grave"


def test_check_caches_catches_wounds_that_bypass_the_changes() -> None:
    # A card brought to 0 lives without telling «who may die» would be left alive: CHECK_CACHES fails on it.
    pos = position(p0={"play": [{"card": "t_soldier", "name": "s"}]})
    g = pos.g
    g.check_state()  # every card, the first time: all of them are looked at again the next time
    g.check_state()
    assert not g._watch.may_die and not g._watch.propped
    pos.card("s").wounds = 3
    with pytest.raises(AssertionError, match="who may die"):
        g.check_caches()


def test_the_game_keeps_fewer_than_30_attributes() -> None:
    # Not a rule: CPython 3.11 keeps an object's attributes inline only while its class has seen fewer than 30
    # names; past that every self.x of the engine reads more slowly (about 6% of a game's instructions). New
    # caches go into an object of their own (changes.Watch) rather than onto the game.
    pool = load_pool([pathlib.Path(__file__).resolve().parent / "data"])
    a, b = sorted(pool.decks.values(), key=lambda d: d.id)[:2]
    g = HeroesGame.new(pool, [(a.hero, a.card_list()), (b.hero, b.card_list())], seed=3, check_decks=False)
    rng = random.Random(3)
    for _ in range(200):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    # Compiled by mypyc (tools/compile_rules.py) the game keeps its attributes in fields of its own, with no
    # __dict__; the limit is still for the plain Python game, so count the attributes the compiled class declares.
    names = set(vars(g)) if hasattr(g, "__dict__") else set(type(g).__mypyc_attrs__) - {"__dict__"}
    assert len(names) < 30, sorted(names)
