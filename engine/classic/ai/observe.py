"""What one classic player may know (the information set), and full games consistent with it.

The observation holds the game's state with every card the player cannot see masked (:data:`HIDDEN`
instead of its card id): the opponent's face-down cards, his deal and squad while squads are built, and
every card of both decks; deck order is dropped and the random generator is gone. What stays knowable is
the *contents* of the hidden places, per owner (a player knows his own deck list; the opponent's is
treated as public, as in «Герои», its order and what he dealt are not). :func:`determinize` deals those
contents back at random. The ruleset registers both; bots reach them through :mod:`engine.ai.observe`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.ai.observe import HIDDEN, Observation
from engine.classic.campaign import Campaign
from engine.classic.cards import ClassicCard
from engine.classic.game import ClassicGame
from engine.classic.setupview import known_ids
from engine.core.data import json_copy as _copy


def observe(game: ClassicGame | Campaign, player: int, seen: Mapping[int, str] | None = None) -> Observation:
    """The information set of ``player`` in ``game`` (``seen``: cards the player saw earlier, kept known); of a
    campaign, its game's under way, or between games the campaign's own (:func:`observe_campaign`)."""
    if isinstance(game, Campaign):
        if game.between:
            return observe_campaign(game, player)
        game = game.current
    state = game.to_dict()
    known = known_ids(game, player)
    known -= {i for d in game.decks for i in d}  # a deck's cards are not known one by one (its order is secret)
    if seen:
        known |= {i for i, card in seen.items() if i in game.instances and game.instances[i][1] == card}
    unknown: list[list[str]] = [[], []]
    for row in state["instances"]:
        iid, owner, card = row
        if iid not in known:
            unknown[owner].append(card)
            row[2] = HIDDEN
    for c in state["creatures"]:
        if c["id"] not in known:
            c["card"] = HIDDEN
    state["decks"] = [sorted(d) for d in state["decks"]]
    state["rng"] = "0" * 16
    state["seed"] = 0
    if state["setup"] is not None:
        opp = 1 - player
        state["crystals"][opp] = [0, 0]  # what he spent would tell what he took (docs/classic-rules.md)
    legal = tuple(game.legal_actions()) if game.decider == player else ()
    return Observation("classic", player, state, legal, tuple(tuple(sorted(u)) for u in unknown), game.cards)


def observe_campaign(c: Campaign, player: int) -> Observation:
    """Between the games of a campaign: the score and what passes on (every pile is known to its owner, and,
    as a deck's contents in a game, treated as public), without the generator that deals the next game and
    without the finished game (its deck orders)."""
    state = c.to_dict()
    state["rng"] = "0" * 16
    state["seed"] = 0
    state["game"] = None
    legal = tuple(c.legal_actions()) if c.decider == player else ()
    return Observation("classic", player, state, legal, ((), ()), c.cards)


def determinize(obs: Observation, rng: random.Random, cards: Mapping[str, ClassicCard] | None = None) -> ClassicGame:
    """A full game consistent with ``obs``: hidden contents re-dealt at random, deck orders shuffled, fresh
    dice. The opponent's crystals while squads are built, unknown, are left at nothing spent."""
    cards = cards or obs.content
    if cards is None:
        raise ValueError("the classic cards are needed to rebuild a game")
    state = _copy({k: v for k, v in obs.state.items() if k != "cards"})  # the cards come read from ``cards``
    state["rng"] = format(rng.getrandbits(64), "016x")
    masked: list[list[list[Any]]] = [[], []]
    for row in state["instances"]:
        if row[2] == HIDDEN:
            masked[row[1]].append(row)
    by_instance: dict[int, str] = {}
    for owner in (0, 1):
        dealt = list(obs.unknown[owner])
        rng.shuffle(dealt)
        for row, card in zip(masked[owner], dealt, strict=True):
            row[2] = card
            by_instance[row[0]] = card
    for c in state["creatures"]:
        if c["card"] == HIDDEN:
            c["card"] = by_instance[c["id"]]
    for d in state["decks"]:
        rng.shuffle(d)
    used = {row[2] for row in state["instances"]} | {c["card"] for c in state["creatures"]}
    return ClassicGame.from_dict(state, cards={cid: cards[cid] for cid in sorted(used) if cid in cards})


def redeal(game: ClassicGame, observer: int, rng: random.Random) -> ClassicGame:
    """A copy of ``game`` that differs only in what ``observer`` cannot see (a test tool): the opponent's
    unknown cards and both decks swapped around within each owner, decks reordered."""
    known = known_ids(game, observer) - {i for d in game.decks for i in d}
    state = game.to_dict()
    rows = {row[0]: row for row in state["instances"]}
    creatures = {c["id"]: c for c in state["creatures"]}
    for owner in (0, 1):
        ids = [i for i, (o, _) in sorted(game.instances.items()) if o == owner and i not in known]
        dealt = [rows[i][2] for i in ids]
        rng.shuffle(dealt)
        for i, card in zip(ids, dealt, strict=True):
            rows[i][2] = card
            if i in creatures:
                creatures[i]["card"] = card
    for d in state["decks"]:
        rng.shuffle(d)
    state["rng"] = format(rng.getrandbits(64), "016x")
    state["cards"] = {cid: card.to_dict() for cid, card in sorted(game.cards.items())}
    return ClassicGame.from_dict(state)
