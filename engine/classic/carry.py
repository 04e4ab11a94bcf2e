"""What of a finished game passes to the next game of a campaign (2007 8.2.3–8.3), and how it comes in.

:func:`carry_over` reads a finished :class:`ClassicGame` and gives each player's :class:`Side`: his deck, the
cards that make his next deal (retreated, and left in play), his graveyard and exile with every mark on their
cards. :func:`bring_in` puts a side's graveyard, exile and kept deal into a new game that
:meth:`ClassicGame.start` has just begun from the side's deck. Pure functions over the game's state; the
campaign (:mod:`engine.classic.campaign`) calls them. Decisions the rules leave open are in
docs/classic-rules.md («Кампания»).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.classic.game import ClassicGame
from engine.classic.state import EXILE, GRAVE, IN_PLAY, RETREAT, Creature


@dataclass
class Side:
    """One player's cards between two games of a campaign: card ids for the deck and the next deal's first
    cards (``kept``), and the graveyard's and exile's cards as records with every mark they carry (2007 8.3)."""

    deck: list[str]
    kept: list[str] = field(default_factory=list)
    graveyard: list[dict[str, Any]] = field(default_factory=list)  # Creature.to_dict() without id and cell
    exile: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"deck": list(self.deck), "kept": list(self.kept), "graveyard": [dict(r) for r in self.graveyard],
                "exile": [dict(r) for r in self.exile]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Side:
        return cls(deck=[str(c) for c in data["deck"]], kept=[str(c) for c in data["kept"]],
                   graveyard=[dict(r) for r in data["graveyard"]], exile=[dict(r) for r in data["exile"]])

    def cards(self) -> list[str]:
        """Every card id the player may still recruit in the campaign: his deck and his kept deal."""
        return self.deck + self.kept


@dataclass
class Carried:
    """What happened to one player's cards at the end of a game (card ids, for the log and the screen between
    games): ``kept`` for the next deal, ``to_deck`` back into the deck, ``to_graveyard`` newly buried."""

    kept: list[str] = field(default_factory=list)
    retreated: list[str] = field(default_factory=list)  # of ``kept``: those that retreated (2007 8.2.1)
    to_deck: list[str] = field(default_factory=list)
    to_graveyard: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"kept": list(self.kept), "retreated": list(self.retreated), "to_deck": list(self.to_deck),
                "to_graveyard": list(self.to_graveyard)}


def _record(c: Creature) -> dict[str, Any]:
    """A card of the graveyard or exile as it passes on: every mark kept (2007 8.3), no id and no cell."""
    rec = c.to_dict()
    del rec["id"]
    rec["at"] = None
    return rec


def carry_over(g: ClassicGame) -> tuple[list[Side], list[Carried]]:
    """Each player's side for the next game, and what happened to his cards, from the finished game ``g``.

    2007 8.3: the graveyards stay with every effect on their cards (exile too: docs/classic-rules.md); cards left
    in play and retreated ones make their owner's next deal. 2007 8.2.3: terrains and artifacts left in play go
    back into the winner's deck, and to the loser's graveyard (after a draw, to the deck). 2007 8.2.4: the
    loser's cards left under the winner's control go to their owner's graveyard. A card recruited but not yet
    laid out counts as in play (2007 3.6); a card of the deal, as in the deck.
    """
    out = g.outcome
    winner = None if out is None else out.winner
    loser = None if winner is None else 1 - winner
    sides = [Side(deck=[]) for _ in (0, 1)]
    done = [Carried() for _ in (0, 1)]
    squads = set() if g.setup is None else {i for s in g.setup.squads for i in s}
    for iid, (owner, card) in sorted(g.instances.items()):
        side, note = sides[owner], done[owner]
        c = g.creatures.get(iid)
        if c is None and iid not in squads:  # the deck, or a deal not recruited from (2007 3.6)
            side.deck.append(card)
            continue
        if c is not None and c.zone == GRAVE:
            side.graveyard.append(_record(c))
            continue
        if c is not None and c.zone == EXILE:
            side.exile.append(_record(c))
            continue
        if c is not None and c.zone == RETREAT:
            side.kept.append(card)
            note.kept.append(card)
            note.retreated.append(card)
            continue
        assert c is None or c.zone in IN_PLAY
        controller = owner if c is None else c.owner
        if owner == loser and controller != owner:  # 2007 8.2.4
            buried = Creature(id=iid, card=card, owner=owner, at=None, zone=GRAVE) if c is None else c
            side.graveyard.append({**_record(buried), "owner": owner, "zone": GRAVE, "tapped": False})
            note.to_graveyard.append(card)
        elif g.cards[card].type == "creature":  # 2007 8.3: left in play, it makes the next deal
            side.kept.append(card)
            note.kept.append(card)
        elif owner == loser:  # 2007 8.2.3: the loser's terrain or artifact
            side.graveyard.append({**_record(Creature(id=iid, card=card, owner=owner, at=None)), "zone": GRAVE})
            note.to_graveyard.append(card)
        else:  # 2007 8.2.3: the winner's goes back into his deck
            side.deck.append(card)
            note.to_deck.append(card)
    for side in sides:
        side.deck.sort()
    return sides, done


def bring_in(g: ClassicGame, sides: list[Side]) -> None:
    """Put each side's graveyard and exile (with their marks) and kept deal into ``g``, a game just begun from
    the sides' decks: new instance ids after the deck's; the kept cards open the deal (2007 8.3–8.4)."""
    assert g.setup is not None
    for p, side in enumerate(sides):
        for rec in side.graveyard + side.exile:
            iid = g.next_id
            g.next_id += 1
            g.instances[iid] = (p, rec["card"])
            g.creatures[iid] = Creature.from_dict({**rec, "id": iid, "owner": p, "at": None})
        for card in side.kept:
            iid = g.next_id
            g.next_id += 1
            g.instances[iid] = (p, card)
            g.setup.kept[p].append(iid)
