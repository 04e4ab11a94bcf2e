"""The «Герои» part of a save: the card pool a game is played with (the built-in cards plus the save's
custom cards, which the save carries as tables so it plays the same anywhere) and a version of the
built-in cards, so a save made with other cards is told apart (docs/saves.md)."""

from __future__ import annotations

import datetime as _dt
import pathlib
import sys
import weakref
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from engine.content import BUILTIN_CARDS, load_pool
from engine.core.game import Game
from engine.core.hashing import canonical_json, stable_hash
from engine.core.ruleset import Ruleset
from engine.heroes import registry as R
from engine.heroes.game import HeroesGame
from engine.heroes.pool import CardPool
from saves.errors import SaveIllegal
from saves.kits import register_kit
from saves.pictures import picture_source
from saves.record import MAX_DECK, GameRecord, PlayerSetup, _check_seats, now_iso


def begin(record_cls: type[GameRecord], pool: CardPool, players: list[PlayerSetup], *, seed: int,
          check_decks: bool = True) -> tuple[GameRecord, HeroesGame]:
    """Start a new game and the record that follows it. Raises ValueError for a bad setup."""
    _check_seats(players, MAX_DECK)
    if not 0 <= seed < 1 << 64:
        raise ValueError("the seed must be a 64-bit unsigned number")
    record = record_cls(ruleset="heroes", seed=seed, players=[replace(p, deck=list(p.deck)) for p in players],
                        custom_cards=custom_card_tables(pool, used_cards(pool, players)),
                        pool_version=pool_version(pool), check_decks=check_decks, started_at=now_iso())
    game = HeroesGame.new(pool, [(p.hero, list(p.deck)) for p in players], seed=seed,
                          names=(players[0].name, players[1].name),
                          deck_ids=(players[0].deck_id, players[1].deck_id), check_decks=check_decks)
    return record, game


def content(record: GameRecord, base: CardPool | None = None, path: pathlib.Path | None = None) -> CardPool:
    """The built-in cards of ``base`` plus this record's custom cards (SaveIllegal if they are bad)."""
    return game_pool(base or builtin_pool(), record.custom_cards, path)


def content_version(base: CardPool | None = None) -> str:
    return pool_version(base or builtin_pool())


def new_game(record: GameRecord, entry: Ruleset, base: CardPool | None, path: pathlib.Path | None) -> Game:
    """The game before any action of the log (SaveIllegal for a setup the engine refuses)."""
    pool = content(record, base, path)
    for i, p in enumerate(record.players):
        hero = pool.cards.get(p.hero)
        if hero is None or hero.type != "hero":
            raise SaveIllegal(path, f"у игрока {i + 1} герой «{p.hero}» — это не герой из колоды карт",
                              f"player {i + 1}'s hero '{p.hero}' is not a known hero card")
        for cid in p.deck:
            if cid not in pool.cards:
                raise SaveIllegal(path, f"в колоде игрока {i + 1} неизвестная карта «{cid}»",
                                  f"player {i + 1}'s deck has an unknown card '{cid}'")
    try:
        return HeroesGame.new(pool, [(p.hero, list(p.deck)) for p in record.players], seed=record.seed,
                              names=(record.players[0].name, record.players[1].name),
                              deck_ids=(record.players[0].deck_id, record.players[1].deck_id),
                              check_decks=record.check_decks)
    except ValueError as exc:
        raise SaveIllegal(path, f"игру нельзя начать с такими колодами ({exc})",
                          f"the game cannot start with these decks ({exc})") from None


_BUILTIN: CardPool | None = None
_POOL_CACHE: OrderedDict[tuple[int, str], tuple[weakref.ref[CardPool], CardPool]] = OrderedDict()
_VERSION_CACHE: dict[int, tuple[weakref.ref[CardPool], str]] = {}


def builtin_pool() -> CardPool:
    """The shipped cards only (custom cards come from each save), loaded once."""
    global _BUILTIN
    if _BUILTIN is None:
        _BUILTIN = load_pool(builtin=True)
    return _BUILTIN


def is_builtin(pool: CardPool, cid: str) -> bool:
    card = pool.cards[cid]
    return card.source.startswith(str(BUILTIN_CARDS))


def pool_version(pool: CardPool) -> str:
    """A hash of the built-in card definitions: saves made with other cards are told apart."""
    hit = _VERSION_CACHE.get(id(pool))
    if hit is not None and hit[0]() is pool:
        return hit[1]
    # the picture (``art``) is no rule: a new picture must not mark older saves as made with other cards
    tables = {cid: json_safe({k: v for k, v in pool.raw.get(cid, {"id": cid}).items() if k != "art"})
              for cid in sorted(pool.cards) if is_builtin(pool, cid)}
    version = stable_hash(tables)
    _VERSION_CACHE[id(pool)] = (weakref.ref(pool), version)
    return version


def _card_refs(pool: CardPool, cid: str) -> Iterator[str]:
    card = pool.cards[cid]
    effects = list(card.effects)
    for ab in card.abilities:
        effects.extend(ab.get("effects", ()))
    for eff in effects:
        spec = R.EFFECTS.get(eff.get("effect"))
        if spec is None:
            continue
        for pname, param in spec.params.items():
            if param.kind == "card" and isinstance(eff.get(pname), str):
                yield eff[pname]


def used_cards(pool: CardPool, players: list[PlayerSetup]) -> set[str]:
    """Heroes, deck cards and every card they can create, transitively."""
    todo = [cid for p in players for cid in (p.hero, *p.deck)]
    seen: set[str] = set()
    while todo:
        cid = todo.pop()
        if cid in seen or cid not in pool.cards:
            continue
        seen.add(cid)
        todo.extend(_card_refs(pool, cid))
    return seen


def json_safe(value: Any) -> Any:
    """TOML data as JSON data (TOML dates become ISO text)."""
    if isinstance(value, dict):
        return {str(k): json_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [json_safe(v) for v in value]
    if isinstance(value, _dt.date | _dt.time):
        return value.isoformat()
    return value


def custom_card_tables(pool: CardPool, ids: set[str]) -> list[dict[str, Any]]:
    """The tables of the cards in ``ids`` that are not built in, sorted by id."""
    out = []
    for cid in sorted(ids):
        if is_builtin(pool, cid):
            continue
        table = pool.raw.get(cid)
        if table is None:
            raise ValueError(f"card {cid!r} is custom but its definition was not kept (pool.raw)")
        out.append(json_safe(table))
    return out


def game_pool(base: CardPool, custom: list[dict[str, Any]], path: pathlib.Path | None = None) -> CardPool:
    """Built-in cards of ``base`` plus the save's own cards; cached by content."""
    key = (id(base), canonical_json(custom) if custom else "")
    hit = _POOL_CACHE.get(key)
    if hit is not None and hit[0]() is base:
        _POOL_CACHE.move_to_end(key)
        return hit[1]
    builtin = {cid: card for cid, card in base.cards.items() if is_builtin(base, cid)}
    pool = CardPool(cards=dict(builtin), raw={cid: base.raw[cid] for cid in builtin if cid in base.raw})
    label = f"{path.name if path else 'save'} (custom cards)"
    try:
        added = pool.add_card_data({"card": list(custom)}, label)
        pool.check_references()
    except Exception as exc:  # card tables from a file: any failure is a bad save, never a crash
        raise SaveIllegal(path, f"карта, записанная в сохранении, с ошибкой: {exc}",
                          f"a card stored in the save is invalid: {exc}") from None
    # a saved card's own picture file is the one beside the player's card of that id (saves.pictures); the
    # label is no folder, and a picture must never be looked for relative to the current directory
    own = {cid: card for cid, card in base.cards.items() if not is_builtin(base, cid)}
    for card in added:
        pool.cards[card.id] = replace(card, source=picture_source(card, own))
    _POOL_CACHE[key] = (weakref.ref(base), pool)
    while len(_POOL_CACHE) > 8:
        _POOL_CACHE.popitem(last=False)
    return pool


register_kit("heroes", sys.modules[__name__])
