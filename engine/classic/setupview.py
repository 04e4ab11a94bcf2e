"""What one player may know of a classic game (hidden information: 2022 «Вскрытие карт», the deal).

:func:`visible_state` is the game's ``to_dict`` with what ``player`` cannot know taken out: the seed and
the generator (they would give away every shuffle), the order of both decks (the owner knows his deck's
cards, not their order), the opponent's deal, squad and crystals while squads are built and laid out
(what he spent would tell what he took), and the identity of every face-down card of the opponent. A card
whose identity is unknown shows ``None`` where its card id would be.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.classic.game import ClassicGame


def known_ids(game: ClassicGame, player: int | None) -> set[int]:
    """The instances whose card ``player`` knows: every card face up, his own deal, squad and face-down cards, and
    the opponent's deal cards shown before recruiting (None: a spectator, the face-up and shown cards only)."""
    known = {cid for cid in game.creatures if cid not in game.hidden}
    if game.setup is not None:
        # 2007 3.4.1: a card shown by its «до набора отряда» ability, while it is still in its owner's deal (once
        # recruited or back in the deck it is one card among others again)
        known |= {i for i in game.shown if i in game.setup.deals[game.instances[i][0]]}
    if player is None:
        return known
    known |= {cid for cid in game.hidden if game.creatures[cid].owner == player}
    if game.setup is not None:
        known |= set(game.setup.deals[player]) | set(game.setup.squads[player])
    return known


def visible_state(game: ClassicGame, player: int) -> dict[str, Any]:
    """``game.to_dict()`` as ``player`` may see it (see the module's doc)."""
    if player not in (0, 1):
        raise ValueError("player must be 0 or 1")
    data = game.to_dict()
    known = known_ids(game, player)
    data["seed"] = None
    data["rng"] = None
    data["instances"] = [[i, o, c if i in known else None] for i, o, c in data["instances"]]
    data["deck_sizes"] = [len(d) for d in data["decks"]]
    # the owner knows what is in his deck (he built it), never the order; the opponent only its size
    data["deck_cards"] = sorted(game.instances[i][1] for i in game.decks[player])
    data["decks"] = None
    for c in data["creatures"]:
        if c["id"] not in known:
            c["card"] = None
    if data["setup"] is not None:
        opp = 1 - player
        data["setup"]["deals"][opp] = len(data["setup"]["deals"][opp])
        data["setup"]["squads"][opp] = len(data["setup"]["squads"][opp])
        data["crystals"][opp] = None
    shown = {c for i, _, c in data["instances"] if c is not None} | {c["card"] for c in data["creatures"]
                                                                       if c["card"] is not None}
    shown |= set(data["deck_cards"])
    data["cards"] = {cid: table for cid, table in data["cards"].items() if cid in shown}
    return data
