"""What one «Герои» player may know (the information set), and full games consistent with it.

The observation holds the state with every card the player cannot see masked: the opponent's hand
and both decks show instance ids but not which card each one is, deck order is dropped, and the
game's random generator is gone. What stays knowable is the *contents* of the hidden zones, per
owner (a player knows their own deck list and the opponent's deck contents are treated as public,
their order is not). :func:`determinize` deals those contents back at random. The ruleset registers
both (``find_ruleset("heroes").observe`` / ``.determinize``); bots reach them through
:mod:`engine.ai.observe`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.ai.observe import HIDDEN, Observation
from engine.core.data import json_copy as _copy
from engine.heroes.game import HeroesGame
from engine.heroes.pending import ChooseCards
from engine.heroes.pool import CardPool

VISIBLE_ZONES = ("play", "grave", "attached", "supply", "limbo")

def known_ids(game: HeroesGame, player: int, seen: Mapping[int, str] | None = None) -> set[int]:
    """Instance ids whose card ``player`` can see: public zones, their own hand, cards they are choosing from."""
    known = {cid for cid, c in game.cards.items() if c.zone in VISIBLE_ZONES}
    known.update(game.players[player].hand)
    for p in game.players:
        known.add(p.hero)
    pend = game.pending
    if isinstance(pend, ChooseCards) and pend.player == player:
        known.update(pend.options)  # a search shows the searcher the matching cards
    if seen:
        known.update(cid for cid in seen if cid in game.cards and game.cards[cid].card == seen[cid])
    return known


def observe(game: HeroesGame, player: int, seen: Mapping[int, str] | None = None) -> Observation:
    """The information set of ``player`` in ``game``.

    ``seen`` optionally names instances the player saw earlier (instance id -> card id, e.g. a card
    returned to the opponent's hand); entries that no longer match the game are ignored.
    """
    state = game.to_dict()
    known = known_ids(game, player, seen)
    unknown: list[list[str]] = [[], []]
    for c in state["cards"]:
        if c["id"] not in known:
            unknown[c["owner"]].append(c["card"])
            c["card"] = HIDDEN
    for p in state["players"]:
        p["deck"] = sorted(p["deck"])  # the order of a deck is nobody's knowledge
    state["rng"] = "0" * 16
    state["seed"] = 0
    pend = state["pending"]
    if pend is not None and pend.get("kind") == "choose" and pend.get("player") != player:
        # The other player's search options would tell which hidden instances fit its filter.
        pend["options"] = sorted(o for o in pend["options"] if o in known)
    legal = tuple(game.legal_actions()) if game.decider == player else ()
    return Observation(game.ruleset, player, state, legal,
                       (tuple(sorted(unknown[0])), tuple(sorted(unknown[1]))), game.pool)


def determinize(obs: Observation, rng: random.Random, pool: CardPool | None = None) -> HeroesGame:
    """A full game consistent with ``obs``: hidden contents re-dealt at random, deck orders shuffled."""
    pool = pool or obs.content
    if pool is None:
        raise ValueError("a card pool is needed to rebuild a game")
    state = _copy(obs.state)
    state["rng"] = format(rng.getrandbits(64), "016x")
    masked: list[list[dict[str, Any]]] = [[], []]
    for c in state["cards"]:
        if c["card"] == HIDDEN:
            masked[c["owner"]].append(c)
    for owner in (0, 1):
        cards = list(obs.unknown[owner])
        rng.shuffle(cards)
        for c, card_id in zip(masked[owner], cards, strict=True):
            c["card"] = card_id
    for p in state["players"]:
        rng.shuffle(p["deck"])
    return HeroesGame.from_dict(state, pool=pool)


def redeal(game: HeroesGame, observer: int, rng: random.Random) -> HeroesGame:
    """A copy of ``game`` that differs only in what ``observer`` cannot see: the cards of the other
    hand and of both decks swapped around within each owner, decks reordered (a test tool)."""
    state = game.to_dict()
    by_id = {c["id"]: c for c in state["cards"]}
    for owner, p in enumerate(state["players"]):
        ids = list(p["deck"]) + (list(p["hand"]) if owner != observer else [])
        cards = [by_id[i]["card"] for i in ids]
        rng.shuffle(cards)
        for i, card_id in zip(ids, cards, strict=True):
            by_id[i]["card"] = card_id
        deck = list(p["deck"])
        rng.shuffle(deck)
        p["deck"] = deck
    state["rng"] = format(rng.getrandbits(64), "016x")
    return HeroesGame.from_dict(state, pool=game.pool)
