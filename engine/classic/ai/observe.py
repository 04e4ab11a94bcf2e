"""What one classic player may know (the information set), and full games consistent with it.

The observation holds the game's state with every card the player cannot see masked (:data:`HIDDEN`
instead of its card id): the opponent's face-down cards, his deal and squad while squads are built, and
every card of both decks; deck order is dropped and the random generator is gone. What stays knowable is
the *contents* of the hidden places, per owner (a player knows his own deck list; the opponent's is
treated as public, as in «Герои», its order and what he dealt are not). :func:`determinize` deals those
contents back at random. The ruleset registers both; bots reach them through :mod:`engine.ai.observe`.
The state carries the definitions of the cards it shows, no others.

A spectator (``player`` None) sees the face-up cards only. For a player far from the game :func:`tell` says
what they may know of an action: everything but what another player paid for a card recruited while squads
are built (it would say which card it was), and :func:`view_game` rebuilds a game from an observation with
each hidden card the :data:`PLACEHOLDER` card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.ai.observe import HIDDEN, Observation, Observed, Told
from engine.classic import actions as A
from engine.classic import recruit
from engine.classic.campaign import Campaign
from engine.classic.cards import ClassicCard
from engine.classic.game import ClassicGame
from engine.classic.setupview import known_ids
from engine.core.actions import Action
from engine.core.data import json_copy as _copy
from engine.core.events import Event


def observe(game: ClassicGame | Campaign, player: int | None, seen: Mapping[int, str] | None = None,
            state: dict[str, Any] | None = None) -> Observation:
    """The information set of ``player`` in ``game`` (None: a spectator's; ``seen``: cards the player saw
    earlier, kept known); of a campaign, its game's under way, or between games the campaign's own
    (:func:`observe_campaign`). ``state``: the game's ``to_dict()`` when the caller has it already (several
    players observed at once); it is not changed, and the observation shares its unmasked parts."""
    if isinstance(game, Campaign):
        if game.between:
            return observe_campaign(game, player)
        game, state = game.current, None  # the campaign's own state is not its game's
    full = game.to_dict() if state is None else state
    known = known_ids(game, player)
    known -= {i for d in game.decks for i in d}  # a deck's cards are not known one by one (its order is secret)
    if seen:
        known |= {i for i, card in seen.items() if i in game.instances and game.instances[i][1] == card}
    unknown: list[list[str]] = [[], []]
    instances = []
    for row in full["instances"]:
        iid, owner, card = row
        if iid not in known:
            unknown[owner].append(card)
            row = [iid, owner, HIDDEN]
        instances.append(row)
    creatures = [c if c["id"] in known else {**c, "card": HIDDEN} for c in full["creatures"]]
    out = {**full, "instances": instances, "creatures": creatures, "decks": [sorted(d) for d in full["decks"]],
           "rng": "0" * 16, "seed": 0}
    if full["setup"] is not None:
        # what another player spent would tell what he took (docs/classic-rules.md)
        out["crystals"] = [c if p == player else [0, 0] for p, c in enumerate(full["crystals"])]
    shown = {row[2] for row in instances} | {c["card"] for c in creatures}
    out["cards"] = {cid: table for cid, table in full["cards"].items() if cid in shown}
    legal = tuple(game.legal_actions()) if player is not None and game.decider == player else ()
    return Observation("classic", player, out, legal, tuple(tuple(sorted(u)) for u in unknown), game.cards)


def observe_campaign(c: Campaign, player: int | None) -> Observation:
    """Between the games of a campaign: the score and what passes on (every pile is known to its owner, and,
    as a deck's contents in a game, treated as public), without the generator that deals the next game and
    without the finished game (its deck orders)."""
    state = c.to_dict()
    state["rng"] = "0" * 16
    state["seed"] = 0
    state["game"] = None
    legal = tuple(c.legal_actions()) if c.decider == player else ()
    return Observation("classic", player, state, legal, ((), ()), c.cards)


def determinize(obs: Observation, rng: random.Random, cards: Mapping[str, ClassicCard] | None = None,
                fixed: Mapping[int, str] | None = None) -> ClassicGame:
    """A full game consistent with ``obs``: hidden contents re-dealt at random, deck orders shuffled, fresh
    dice. While the first player recruits, the second player's crystals are his starting ones (public: he has
    not begun; 2022 «Определение количества кристаллов»); once he has recruited, what he has left is unknown and
    stays at none (it plays no part in the battle). ``fixed``: the
    cards of some hidden instances, chosen by the caller (a guess at the opponent's squad,
    :mod:`.infer`); each must be one of its owner's hidden cards, and the rest are dealt around them."""
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
        free = masked[owner]
        if fixed:
            free = []
            for row in masked[owner]:
                if row[0] in fixed:
                    card = fixed[row[0]]
                    if card not in dealt:
                        raise ValueError(f"instance {row[0]} cannot be {card!r}: no hidden card of player "
                                         f"{owner + 1} is left that is")
                    dealt.remove(card)
                    row[2] = by_instance[row[0]] = card
                else:
                    free.append(row)
        rng.shuffle(dealt)
        for row, card in zip(free, dealt, strict=True):
            row[2] = card
            by_instance[row[0]] = card
    for c in state["creatures"]:
        if c["card"] == HIDDEN:
            c["card"] = by_instance[c["id"]]
    for d in state["decks"]:
        rng.shuffle(d)
    used = {row[2] for row in state["instances"]} | {c["card"] for c in state["creatures"]}
    game = ClassicGame.from_dict(state, cards={cid: cards[cid] for cid in sorted(used) if cid in cards})
    pend = game.pending
    if pend is not None and pend.kind == "recruit" and pend.player == game.first and obs.player == game.first:
        # the observation hides what another player has left (it would say what he took); the second
        # player has not begun, so he has all his crystals; without them a look-ahead's second player
        # recruits nothing and every recruit of the first looks like a win
        game.crystals[1 - game.first] = list(recruit.starting_crystals(game.edition, False))
    return game


def tell(game: ClassicGame, action: Action, by: int | None, events: list[Event], player: int | None) -> Told:
    """What ``player`` (None: a spectator) may know of ``action``, taken by ``by``: all of it, but for a card
    another player recruited, what they paid (2007 3.5: the price would say which card; their crystals are
    hidden while squads are built, docs/classic-rules.md)."""
    secret = by is not None and by != player and isinstance(action, A.Recruit)
    told = []
    for ev in events:
        data = ev.to_dict()
        if ev.kind == "recruit" and data.get("player") != player:
            for key in ("gold", "silver", "penalty"):
                data.pop(key, None)
        told.append(data)
    return Told(None if secret else str(action), action.name, tuple(told))


# Events that show what nobody knew before: undo must not take back a die roll (a re-roll by undo), a deal or
# a shuffle (a free redeal), a face-down card turned up, or the top of a deck shown (2022 «Пророчество»).
UNDO_HIDES_EVENTS = frozenset({"die", "hit", "deal", "shuffle", "reveal", "prophecy"})


def undo_hides(action: Action, events: list[Event]) -> bool:
    """Would taking back ``action`` (which had ``events``) show a player something hidden, or roll again?"""
    return any(ev.kind in UNDO_HIDES_EVENTS for ev in events)


# What a hidden card is in a game rebuilt from an observation: a neutral creature of no cost or ability,
# named as a card seen from its back. Its id is HIDDEN, which no card file may take.
PLACEHOLDER = ClassicCard(id=HIDDEN, name={"ru": "Карта рубашкой вверх", "en": "A face-down card"}, type="creature",
                          element="neutral", cost=0, elite=False, lives=1, movement=1, strike=(0, 0, 0))


class ObservedClassicGame(Observed, ClassicGame):
    """A classic game as one player may see it (:func:`view_game`): hidden cards are the placeholder, the
    legal actions are the observation's, and it is never played (``apply`` refuses)."""


def view_game(obs: Observation, cards: Mapping[str, ClassicCard] | None = None) -> ClassicGame:
    """A game holding only what ``obs`` shows (see :class:`ObservedClassicGame`); ``cards``: the game's cards."""
    cards = cards or obs.content
    if cards is None:
        raise ValueError("the classic cards are needed to rebuild a game")
    state = _copy({k: v for k, v in obs.state.items() if k != "cards"})
    used = {row[2] for row in state["instances"]} | {c["card"] for c in state["creatures"]}
    table = {cid: cards[cid] for cid in used if cid in cards}
    table[HIDDEN] = PLACEHOLDER
    game = ObservedClassicGame.from_dict(state, cards=table)
    assert isinstance(game, ObservedClassicGame)
    game.observed = tuple(obs.legal)
    return game


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
