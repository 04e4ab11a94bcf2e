"""What one «Герои» player may know (the information set), and full games consistent with it.

The observation holds the state with every card the player cannot see masked: the opponent's hand
and both decks show instance ids but not which card each one is, deck order is dropped, and the
game's random generator is gone. What stays knowable is the *contents* of the hidden zones, per
owner (a player knows their own deck list and the opponent's deck contents are treated as public,
their order is not). :func:`determinize` deals those contents back at random. The ruleset registers
both (``find_ruleset("heroes").observe`` / ``.determinize``); bots reach them through
:mod:`engine.ai.observe`.

A spectator (``player`` None) sees the public zones and the heroes only. For a player far from the game
:func:`tell` says what they may know of an action (every «Герои» action and event names cards by instance
id only, so all of it is told; a card a search finds is shown to everyone), and :func:`view_game` rebuilds
a game from an observation with each hidden card the :data:`PLACEHOLDER` card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.ai.observe import HIDDEN, Observation, Observed, Told
from engine.core.actions import Action
from engine.core.data import json_copy as _copy
from engine.core.events import Event
from engine.heroes import actions as A
from engine.heroes.carddef import CardDef
from engine.heroes.events import CardShown
from engine.heroes.game import HeroesGame
from engine.heroes.pending import ChooseCards
from engine.heroes.pool import CardPool

VISIBLE_ZONES = ("play", "grave", "attached", "supply", "limbo")

def known_ids(game: HeroesGame, player: int | None, seen: Mapping[int, str] | None = None) -> set[int]:
    """Instance ids whose card ``player`` can see: public zones, their own hand, cards they are choosing from
    (None: a spectator, the public zones only)."""
    known = {cid for cid, c in game.cards.items() if c.zone in VISIBLE_ZONES}
    if player is not None:
        known.update(game.players[player].hand)
    for p in game.players:
        known.add(p.hero)
    pend = game.pending
    if isinstance(pend, ChooseCards) and pend.player == player:
        known.update(pend.options)  # a search shows the searcher the matching cards
    if seen:
        known.update(cid for cid in seen if cid in game.cards and game.cards[cid].card == seen[cid])
    return known


def observe(game: HeroesGame, player: int | None, seen: Mapping[int, str] | None = None,
            state: dict[str, Any] | None = None) -> Observation:
    """The information set of ``player`` in ``game`` (None: a spectator's).

    ``seen`` optionally names instances the player saw earlier (instance id -> card id, e.g. a card
    returned to the opponent's hand); entries that no longer match the game are ignored. ``state``: the
    game's ``to_dict()`` when the caller has it already (several players observed at once); it is not
    changed, and the observation shares with it every part that shows as it is.
    """
    full = game.to_dict() if state is None else state
    known = known_ids(game, player, seen)
    unknown: list[list[str]] = [[], []]
    cards = []
    for c in full["cards"]:
        if c["id"] not in known:
            unknown[c["owner"]].append(c["card"])
            c = {**c, "card": HIDDEN}
        cards.append(c)
    # the order of a deck is nobody's knowledge
    players = [{**p, "deck": sorted(p["deck"])} for p in full["players"]]
    out = {**full, "cards": cards, "players": players, "rng": "0" * 16, "seed": 0}
    pend = full["pending"]
    if pend is not None and pend.get("kind") == "choose" and pend.get("player") != player:
        # The other player's search options would tell which hidden instances fit its filter.
        out["pending"] = {**pend, "options": sorted(o for o in pend["options"] if o in known)}
    legal = tuple(game.legal_actions()) if player is not None and game.decider == player else ()
    return Observation(game.ruleset, player, out, legal,
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


def tell(game: HeroesGame, action: Action, by: int | None, events: list[Event], player: int | None) -> Told:
    """What ``player`` (None: a spectator) may know of ``action``: all of it, as actions and events name
    cards by instance id (never by card); a card shown by a search (CR 7 Поиск) stays known to everyone."""
    shown = {ev.card: game.cards[ev.card].card for ev in events if isinstance(ev, CardShown) and ev.card in game.cards}
    return Told(str(action), action.name, tuple(ev.to_dict() for ev in events), shown)


# Events that show something a player did not know before: taking back their action would let a player peek
# (CR has no take-backs; undo is a courtesy between players).
UNDO_HIDES_EVENTS = frozenset({"draw", "shuffle", "die", "reveal", "reveal_card", "hide", "mulligan_declared", "order",
                               "failed_draw"})
# Decisions whose choice is made on cards the other player does not see (undo would show a new deal).
UNDO_HIDES_CHOICES = (A.Choose, A.Mulligan, A.ChooseOrder, A.Reveal)


def undo_hides(action: Action, events: list[Event]) -> bool:
    """Would taking back ``action`` (which had ``events``) show a player something hidden, or roll again?"""
    if isinstance(action, UNDO_HIDES_CHOICES):
        return True
    return any(ev.kind in UNDO_HIDES_EVENTS or (ev.kind == "move" and getattr(ev, "src", None) == "deck")
               for ev in events)


# What a hidden card is in a game rebuilt from an observation: a card of no kind, cost or ability, named as a
# card seen from its back. Its id is HIDDEN, which no card file may take (an id is a lower-case name).
PLACEHOLDER = CardDef(id=HIDDEN, name={"ru": "Карта", "en": "A card"}, type="spell")
_view_pools: dict[int, tuple[CardPool, CardPool]] = {}


def _view_pool(pool: CardPool) -> CardPool:
    """``pool`` with the placeholder card (made once per pool)."""
    kept = _view_pools.get(id(pool))
    if kept is None or kept[0] is not pool:
        if len(_view_pools) > 8:
            _view_pools.clear()
        kept = _view_pools[id(pool)] = (pool, CardPool(cards={**pool.cards, HIDDEN: PLACEHOLDER}, decks=pool.decks,
                                                        raw=pool.raw))
    return kept[1]


class ObservedHeroesGame(Observed, HeroesGame):
    """A «Герои» game as one player may see it (:func:`view_game`): hidden cards are the placeholder, the
    legal actions are the observation's, and it is never played (``apply`` refuses)."""


def view_game(obs: Observation, pool: CardPool | None = None) -> HeroesGame:
    """A game holding only what ``obs`` shows (see :class:`ObservedHeroesGame`); ``pool``: the game's cards."""
    pool = pool or obs.content
    if pool is None:
        raise ValueError("a card pool is needed to rebuild a game")
    game = ObservedHeroesGame.from_dict(_copy(obs.state), pool=_view_pool(pool))
    assert isinstance(game, ObservedHeroesGame)
    game.observed = tuple(obs.legal)
    return game


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
