"""The classic part of a save: the record carries the table of every card of both sides (there is no
pool of built-in classic cards to refer to yet), so the save plays the same anywhere (docs/saves.md); each
table keeps the card's ``art``, so the card shows the same picture after a load (:mod:`saves.pictures`).

A side is a squad laid out at once (``record.edition == ""``), or the deck of a full game whose setup —
die roll, squad building, placement, reveal — is in the log like any other action (``edition`` "2022" or
"2007"); a campaign (``record.campaign``) plays its games from those decks one after another, their actions
and the choices between them in one log (:class:`engine.classic.campaign.Campaign`)."""

from __future__ import annotations

import pathlib
import sys
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine.classic.campaign import Campaign
from engine.classic.cards import ClassicCard, parse_cards
from engine.classic.decks import ClassicDeck
from engine.classic.recruit import EDITIONS
from engine.classic.state import Placement
from engine.content import load_classic_pool
from engine.core.game import Game
from engine.core.ruleset import Ruleset
from saves.errors import SaveIllegal
from saves.kits import register_kit
from saves.paths import user_classic_dir
from saves.pictures import picture_source, wants_folder
from saves.record import MAX_DECK, GameRecord, PlayerSetup, _check_seats, now_iso


def begin(record_cls: type[GameRecord], cards: Mapping[str, ClassicCard], players: list[PlayerSetup], *,
          seed: int, first: int = 0, edition: str = "", layout: list[dict[str, Any]] | None = None,
          campaign: bool = False) -> tuple[GameRecord, Game]:
    """Start a classic game: each seat's ``deck`` is its squad, or its deck when ``edition`` is given;
    ``layout`` puts the squads on chosen cells (the first battle); ``campaign`` plays a campaign from the
    decks (2007 part 8: the record is then the campaign's, all its games in one log). Raises ValueError for a
    bad setup (an illegal deck included)."""
    _check_seats(players, MAX_DECK)
    if campaign and not edition:
        raise ValueError("a campaign is played from decks: name the edition of its rules")
    layout = [dict(t) for t in layout or ()]
    if layout and edition:
        raise ValueError("a full game lays its squads out in the log, not in a layout")
    check_layout(layout, players)
    if edition not in ("", *EDITIONS):
        raise ValueError(f"edition must be one of {', '.join(EDITIONS)}")
    if not 0 <= seed < 1 << 64:
        raise ValueError("the seed must be a 64-bit unsigned number")
    if first not in (0, 1):
        raise ValueError("first must be 0 or 1")
    used = sorted({cid for p in players for cid in p.deck})
    missing = [cid for cid in used if cid not in cards]
    if missing:
        raise ValueError(f"unknown classic card {missing[0]!r}")
    record = record_cls(ruleset="classic", seed=seed,
                        players=[replace(p, hero="", deck_id=p.deck_id if edition else "", deck=list(p.deck))
                                 for p in players],
                        custom_cards=[saved_table(cards[cid]) for cid in used], first=0 if edition else first,
                        edition=edition, layout=layout, campaign=campaign, started_at=now_iso())
    return record, record.new_game()


def saved_table(card: ClassicCard) -> dict[str, Any]:
    """The table a save carries for ``card``: its data and its picture (``to_dict`` leaves the picture out,
    as no rule reads it)."""
    table = card.to_dict()
    if card.art:
        table["art"] = card.art
    return table


def check_layout(layout: list[dict[str, Any]], players: list[PlayerSetup]) -> None:
    """A layout names each seat's squad, card for card in its order; a host is a card before it.
    Raises ValueError naming the first entry that is wrong."""
    if not layout:
        return
    for i, t in enumerate(layout):
        at, host = t.get("at"), t.get("host")
        if set(t) != {"player", "card", "at", "zone", "host"} or t["player"] not in (0, 1) \
                or t["zone"] not in ("field", "extra") or not isinstance(t["card"], str):
            raise ValueError(f"layout[{i}]: needs player 0/1, card, at, zone field/extra and host")
        if at is not None and not (isinstance(at, list | tuple) and len(at) == 2
                                   and all(isinstance(v, int) and not isinstance(v, bool) for v in at)):
            raise ValueError(f"layout[{i}].at: a cell [row, column] or null")
        if host is not None and (isinstance(host, bool) or not isinstance(host, int) or not 1 <= host <= i):
            raise ValueError(f"layout[{i}].host: the place (from 1) of a card before it, or null")
    for p, seat in enumerate(players):
        if [t["card"] for t in layout if t["player"] == p] != list(seat.deck):
            raise ValueError(f"the layout of player {p + 1} is not their squad")


def _placements(layout: list[dict[str, Any]]) -> list[Placement]:
    return [Placement(owner=t["player"], card=t["card"], at=None if t["at"] is None else (t["at"][0], t["at"][1]),
                      zone=t["zone"], host=t["host"]) for t in layout]


def content(record: GameRecord, base: Any = None, path: pathlib.Path | None = None) -> dict[str, ClassicCard]:
    """The classic cards the save carries (``custom_cards``); SaveIllegal if a table is not a valid card."""
    return classic_cards(record.custom_cards, path)


def content_version(base: Any = None) -> str:
    return ""  # a classic save carries every card it uses: nothing built in to differ


def new_game(record: GameRecord, entry: Ruleset, base: Any, path: pathlib.Path | None) -> Game:
    cards = content(record, base, path)
    for i, p in enumerate(record.players):
        for cid in p.deck:
            if cid not in cards:
                raise SaveIllegal(path, f"в отряде игрока {i + 1} неизвестная карта «{cid}»",
                                  f"player {i + 1}'s squad has an unknown card '{cid}'")
    names = (record.players[0].name, record.players[1].name)
    try:
        if record.campaign:  # 2007 part 8: the games of a campaign, one after another
            return Campaign.start(cards, [ClassicDeck.from_cards(p.deck, p.deck_id or "deck") for p in record.players],
                                  seed=record.seed, edition=record.edition, names=names)
        if record.edition:
            return entry.new_game(cards, [ClassicDeck.from_cards(p.deck, p.deck_id or "deck") for p in record.players],
                                  seed=record.seed, edition=record.edition, names=names)
        if record.layout:  # the squads on the cells chosen for them (2022 «Первая партия»)
            return entry.game.from_position(cards, _placements(record.layout), seed=record.seed,
                                            active=record.first, first=record.first, names=names)
        return entry.new_game(cards, [list(p.deck) for p in record.players], seed=record.seed, first=record.first,
                              names=names)
    except ValueError as exc:
        raise SaveIllegal(path, f"игру нельзя начать с такими отрядами или колодами ({exc})",
                          f"the game cannot start with these squads or decks ({exc})") from None


def classic_cards(tables: list[dict[str, Any]], path: pathlib.Path | None = None) -> dict[str, ClassicCard]:
    """The classic cards a save carries (``custom_cards``); SaveIllegal if a table is not a valid card."""
    try:
        cards = parse_cards({"card": list(tables)}, f"{path.name if path else 'save'} (classic cards)")
    except Exception as exc:  # card tables from a file: any failure is a bad save, never a crash
        raise SaveIllegal(path, f"карта, записанная в сохранении, с ошибкой: {exc}",
                          f"a card stored in the save is invalid: {exc}") from None
    own = own_cards() if wants_folder(cards.values()) else {}
    return {cid: replace(card, source=picture_source(card, own)) for cid, card in cards.items()}


def own_cards() -> dict[str, ClassicCard]:
    """The player's own classic cards as their folder holds them now (where their picture files are)."""
    return load_classic_pool([user_classic_dir()], builtin=False).cards


register_kit("classic", sys.modules[__name__])
