"""Classic «Берсерк» content: the built-in pool (``assets/classic``), the test cards (``tests/classic_data``),
the players' own classic cards and decks, and the first battle's two ready squads.

Card and deck tables go to the pure parsers (:mod:`engine.classic.cards`, :mod:`engine.classic.decks`).
Two fields are the loader's own, read here and taken off before the parser sees the table: a card's
``flavor`` and a deck's ``plan`` (both ``{ru, en}``), which the rules never read. A broken built-in file
raises (it is ours); a player's broken card or deck is skipped and listed in ``pool.skipped`` with the
file, the card and the field, and every other card of the same file still loads — as for «Герои»
(:mod:`engine.content.cards`).
"""

from __future__ import annotations

import pathlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.cards import CheckReport
from engine.classic.abilities import ABILITIES, EFFECTS
from engine.classic.cards import ClassicCard, parse_card, parse_cards
from engine.classic.decks import ClassicDeck, deck_problems, parse_deck, parse_decks
from engine.classic.game import ClassicGame
from engine.classic.position import parse_cell
from engine.classic.state import EXTRA, FIELD, Placement
from engine.classic.text import card_text
from engine.content.art import art_warnings
from engine.content.files import ASSETS, ROOT, read_card_file, toml_files
from engine.core.errors import CardDataError
from engine.core.fields import Fields

CLASSIC_ASSETS = ASSETS / "classic"
CLASSIC_CARDS = CLASSIC_ASSETS / "cards"  # one file per element, and neutral
CLASSIC_DECKS = CLASSIC_ASSETS / "decks.toml"  # the ready decks, each with its plan
FIRST_BATTLE = CLASSIC_ASSETS / "first_battle.toml"  # two ready squads laid out (2022 «Первая партия»)
CLASSIC_TEST_CARDS = ROOT / "tests" / "classic_data"  # classic's test cards (classic scenarios' ``cards = "test"``)
CLASSIC_SETS = ("builtin", "test", "none")  # the base card sets a classic scenario may name
USER_FOLDER = "classic"  # players' classic cards and decks: this folder of the user data directory


@dataclass
class ClassicPool:
    """Classic cards and decks from the built-in files and the players' folders, with what was skipped."""

    cards: dict[str, ClassicCard] = field(default_factory=dict)
    decks: dict[str, ClassicDeck] = field(default_factory=dict)
    plans: dict[str, dict[str, str]] = field(default_factory=dict)  # deck id -> its plan in one line
    flavor: dict[str, dict[str, str]] = field(default_factory=dict)  # card id -> its flavour text
    skipped: list[CardDataError] = field(default_factory=list)  # a player's card, deck or file not loaded
    own: set[str] = field(default_factory=set)  # ids of the players' own cards and decks


def _take(table: Any, key: str, file: str, extras: dict[str, dict[str, str]]) -> Any:
    """The table without the loader's own ``key`` (``flavor``/``plan``), which goes into ``extras``."""
    if not isinstance(table, dict) or key not in table:
        return table
    tid = table.get("id")
    value = Fields(table, file=file, card=tid if isinstance(tid, str) else "").names(key)
    if isinstance(tid, str):
        extras[tid] = value
    return {k: v for k, v in table.items() if k != key}


def _tables(data: Mapping[str, Any], kind: str, file: str) -> list[Any]:
    tables = data.get(kind, [])
    if not isinstance(tables, list):
        raise CardDataError(f"[[{kind}]] must be an array of tables", ru=f"записывается таблицами [[{kind}]]",
                            file=file, field=kind)
    return tables


def _read_builtin(pool: ClassicPool) -> None:
    for path in toml_files(CLASSIC_CARDS):
        data = read_card_file(path)
        tables = [_take(t, "flavor", str(path), pool.flavor) for t in _tables(data, "card", str(path))]
        for cid, card in parse_cards({"card": tables}, str(path)).items():
            if cid in pool.cards:
                raise CardDataError("id already used", ru="такой id уже есть", file=str(path), card=cid, field="id")
            pool.cards[cid] = card
    data = read_card_file(CLASSIC_DECKS)
    tables = [_take(t, "plan", str(CLASSIC_DECKS), pool.plans) for t in _tables(data, "deck", str(CLASSIC_DECKS))]
    pool.decks.update(parse_decks({"deck": tables}, str(CLASSIC_DECKS)))
    for deck in pool.decks.values():
        problems = deck_problems(deck, pool.cards)
        if problems:  # ours: a broken ready deck stops the game as a broken built-in card does
            raise CardDataError("; ".join(p.en for p in problems), ru="; ".join(p.ru for p in problems),
                                file=str(CLASSIC_DECKS), card=deck.id, field="cards")


def _read_user_file(pool: ClassicPool, path: pathlib.Path, decks: list[tuple[str, Any]],
                    folder: pathlib.Path) -> None:
    """A player's file of ``folder``: each card that parses joins the pool; its decks wait until every card is
    read. A link out of the folder is not followed."""
    file = str(path)
    try:
        data = read_card_file(path, within=folder)
        cards = _tables(data, "card", file)
        decks.extend((file, t) for t in _tables(data, "deck", file))
    except CardDataError as exc:
        pool.skipped.append(exc)
        return
    for table in cards:
        try:
            flavor: dict[str, dict[str, str]] = {}
            card = parse_card(_take(table, "flavor", file, flavor), file)
            if card.id in pool.cards:
                raise CardDataError("id already used (by a built-in card or an earlier one)",
                                    ru="такой id уже занят (встроенной или более ранней картой)", file=file,
                                    card=card.id, field="id")
        except CardDataError as exc:
            pool.skipped.append(exc)
            continue
        pool.cards[card.id] = card
        pool.flavor.update(flavor)
        pool.own.add(card.id)


def _add_user_deck(pool: ClassicPool, file: str, table: Any) -> None:
    try:
        plans: dict[str, dict[str, str]] = {}
        deck = parse_deck(_take(table, "plan", file, plans), file)
        if deck.id in pool.decks:
            raise CardDataError("id already used (by a built-in deck or an earlier one)",
                                ru="такой id уже занят (встроенной или более ранней колодой)", file=file,
                                card=deck.id, field="id")
        problems = deck_problems(deck, pool.cards)
        if problems:
            raise CardDataError("; ".join(p.en for p in problems), ru="; ".join(p.ru for p in problems), file=file,
                                card=deck.id, field="cards" + (f".{problems[0].card}" if problems[0].card else ""))
    except CardDataError as exc:
        pool.skipped.append(exc)
        return
    pool.decks[deck.id] = deck
    pool.plans.update(plans)
    pool.own.add(deck.id)


def load_classic_pool(user_dirs: list[pathlib.Path] | None = None, *, builtin: bool = True) -> ClassicPool:
    """The built-in classic cards and decks (errors are fatal: they are ours), then every ``*.toml`` of the
    players' folders (sub-folders too): ``[[card]]`` and ``[[deck]]`` tables in the built-in format; a
    broken one is skipped into ``pool.skipped`` naming the file, the card or deck and the field. A player's
    deck is checked against every card read, built-in and own (2022 «Колода»)."""
    pool = ClassicPool()
    if builtin:
        _read_builtin(pool)
    decks: list[tuple[str, Any]] = []
    for folder in user_dirs or []:
        for path in toml_files(folder):
            _read_user_file(pool, path, decks, folder)
    for file, table in decks:
        _add_user_deck(pool, file, table)
    return pool


def _unknown_set(kind: str, what: str) -> CardDataError:
    listed = ", ".join(CLASSIC_SETS)
    return CardDataError(f"{what} must be one of {listed}, got {kind!r}",
                         ru=f"{what}: нужно одно из: {listed}, а указано {kind!r}", field=what)


def load_classic_cards(kind: str) -> dict[str, ClassicCard]:
    """A classic base card set by name: ``"builtin"`` (assets/classic/cards), ``"test"`` (every file of
    tests/classic_data) or ``"none"``; a fresh dict each time. An unknown name is a CardDataError naming
    the known ones."""
    if kind not in CLASSIC_SETS:
        raise _unknown_set(kind, "cards")
    if kind == "builtin":
        return load_classic_pool().cards
    cards: dict[str, ClassicCard] = {}
    if kind == "test":
        for path in toml_files(CLASSIC_TEST_CARDS):
            cards.update(parse_cards(read_card_file(path), str(path)))
    return cards


def load_classic_decks(kind: str) -> dict[str, ClassicDeck]:
    """The classic decks of a base set by name: ``"builtin"`` (assets/classic/decks.toml), ``"test"``
    (tests/classic_data/decks.toml) or ``"none"``. The decks' shape is checked here; whether each is legal
    is :func:`engine.classic.decks.deck_problems`."""
    if kind not in CLASSIC_SETS:
        raise _unknown_set(kind, "decks")
    if kind == "builtin":
        return load_classic_pool().decks
    return read_classic_decks(CLASSIC_TEST_CARDS / "decks.toml") if kind == "test" else {}


def read_classic_decks(path: pathlib.Path) -> dict[str, ClassicDeck]:
    """The ``[[deck]]`` tables of one classic deck file (CardDataError naming the file, deck and field)."""
    return parse_decks(read_card_file(path), str(path))


# ---------------------------------------------------------------------------------------------- first battle
_SQUAD_FIELDS = {"player", "name", "plan", "card"}
_ENTRY_FIELDS = {"label", "card", "at", "zone", "host"}


@dataclass(frozen=True)
class ReadySquad:
    """One ready squad of the first battle: whose it is, its name and plan, and its cards in the file's order."""

    player: int
    name: dict[str, str]
    plan: dict[str, str]
    cards: tuple[str, ...]


@dataclass(frozen=True)
class FirstBattle:
    """Two ready squads laid out (2022 «Первая партия»): a position the engine starts from
    (:func:`engine.classic.position.build_position`), the first player to act."""

    name: dict[str, str]
    first: int
    squads: tuple[ReadySquad, ...]
    position: dict[str, Any]  # ``creature``: label, player, card, at (a cell or None), zone, host (a label)

    @property
    def labels(self) -> list[str]:
        return [t["label"] for t in self.position["creature"]]


def parse_first_battle(data: Mapping[str, Any], file: str = "") -> FirstBattle:
    """The first battle's table: ``name``, ``first`` (0 or 1) and two ``[[squad]]`` tables (``player``,
    ``name``, ``plan`` and ``[[squad.card]]``: ``card`` with ``at = "row,col"``, ``zone = "extra"`` for a
    flyer or a terrain, or ``host`` = the ``label`` of a card above it for a symbiote)."""
    top = Fields(dict(data), file=file, card="first_battle")
    top.only({"name", "first", "squad"})
    name = top.names()
    first = top.whole("first", low=0, high=1)
    squads: list[ReadySquad] = []
    creatures: list[dict[str, Any]] = []
    labels: list[str] = []
    for i, table in enumerate(_tables(data, "squad", file)):
        if not isinstance(table, dict):
            raise CardDataError("a squad must be a table", ru="отряд должен быть таблицей", file=file,
                                field=f"squad[{i}]")
        f = Fields(table, file=file, card="first_battle", prefix=f"squad[{i}].")
        f.only(_SQUAD_FIELDS)
        player = f.whole("player", low=0, high=1)
        ids: list[str] = []
        for j, entry in enumerate(_tables(table, "card", file)):
            where = f"squad[{i}].card[{j}]."
            e = Fields(entry if isinstance(entry, dict) else {}, file=file, card="first_battle", prefix=where)
            e.only(_ENTRY_FIELDS)
            card = e.text("card")
            label = e.text("label", default=f"p{player}_{j}")
            zone = e.choice("zone", (FIELD, EXTRA), default=FIELD)
            host = e.text("host") if "host" in entry else None
            if host is not None and host not in labels:
                raise e.fail("host", "a symbiote's host is the label of a card above it",
                             "носитель симбиота — метка карты выше него")
            if label in labels:
                raise e.fail("label", "label already used", "такая метка уже есть")
            at = None
            if "at" in entry:
                try:
                    at = parse_cell(entry["at"], where + "at")
                except CardDataError as exc:
                    raise CardDataError(exc.en, ru=exc.ru, file=file, card="first_battle", field=exc.field) from None
            labels.append(label)
            ids.append(card)
            creatures.append({"label": label, "player": player, "card": card, "at": at, "zone": zone, "host": host})
        squads.append(ReadySquad(player=player, name=f.names(), plan=f.names("plan"), cards=tuple(ids)))
    if sorted(s.player for s in squads) != [0, 1]:
        raise CardDataError("two squads, one of each player", ru="нужно два отряда, по одному у каждого игрока",
                            file=file, field="squad")
    position = {"first": first, "active": first, "turn": 1, "creature": creatures}
    return FirstBattle(name=name, first=first, squads=tuple(sorted(squads, key=lambda s: s.player)),
                       position=position)


def load_first_battle(path: pathlib.Path = FIRST_BATTLE) -> FirstBattle:
    """The built-in first battle (assets/classic/first_battle.toml)."""
    return parse_first_battle(read_card_file(path), str(path))


def first_battle_game(battle: FirstBattle, cards: Mapping[str, ClassicCard], *, seed: int = 0,
                      names: tuple[str, str] = ("Игрок 1", "Игрок 2")) -> ClassicGame:
    """A game begun from the first battle's layout: every card face up and open, the first player to act
    in turn 1 (:meth:`ClassicGame.from_position`; a symbiote sits on the card its ``host`` label names)."""
    placements: list[Placement] = []
    for t in battle.position["creature"]:
        if t["card"] not in cards:
            raise CardDataError(f"unknown card {t['card']!r}", ru=f"неизвестная карта «{t['card']}»",
                                file="first_battle", card=t["label"], field="card")
        # instance ids follow the order laid out, from 1 (ClassicGame.from_position)
        host = None if t["host"] is None else battle.labels.index(t["host"]) + 1
        placements.append(Placement(owner=t["player"], card=t["card"], at=t["at"], host=host, zone=t["zone"]))
    return ClassicGame.from_position(dict(cards), placements, seed=seed, active=battle.first, first=battle.first,
                                     names=names)


# ---------------------------------------------------------------------------------------------- card tools
COVERED_AT = 2  # a registered ability or effect counts as covered once this many cards use it


def _parts(abilities: Any) -> set[tuple[str, str]]:
    """("ability", id) and ("effect", id) of every ability, nested one (Строй, «если вы ходите…») and effect."""
    found: set[tuple[str, str]] = set()
    for ab in abilities:
        found.add(("ability", ab.id))
        found.update(("effect", e.id) for e in getattr(ab, "effects", None) or ())
        for key in ("grant", "first", "second"):
            found |= _parts(getattr(ab, key, None) or ())
    return found


def classic_usage(cards: Mapping[str, ClassicCard]) -> dict[tuple[str, str], int]:
    """How many cards use each registered ability and effect (every registered one listed, unused ones 0)."""
    counts = {("ability", n): 0 for n in ABILITIES.names()} | {("effect", n): 0 for n in EFFECTS.names()}
    for card in cards.values():
        for part in _parts(card.abilities):
            if part in counts:
                counts[part] += 1
    return counts


def classic_stats_line(pool: ClassicPool) -> str:
    """``cards=N decks=N keywords=covered/total``: registered abilities and effects on at least two cards."""
    usage = classic_usage(pool.cards)
    covered = sum(1 for n in usage.values() if n >= COVERED_AT)
    return f"cards={len(pool.cards)} decks={len(pool.decks)} keywords={covered}/{len(usage)}"


def classic_show(pool: ClassicPool, cid: str) -> str:
    """A classic card as a player reads it, in Russian and then in English, with reminders and flavour."""
    card = pool.cards[cid]
    blocks = []
    for lang in ("ru", "en"):
        lines = card_text(card, lang, reminders=True, cards=pool.cards)
        if cid in pool.flavor:
            text = pool.flavor[cid][lang]
            lines.append(f"  « {text} »" if lang == "ru" else f"  “{text}”")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def check_classic_folder(folder: pathlib.Path) -> CheckReport:
    """Validate a folder of a player's classic card and deck files as the game reads them (``python -m
    engine.cards check DIR --ruleset classic``): every file that cannot be read (not a regular file, huge,
    not UTF-8, not TOML, nested too deep, a number past 64 bits), every broken card or deck (an unknown
    ability, bad numbers, a taken id, a deck that is not legal) and every table that is neither
    ``[[card]]`` nor ``[[deck]]`` is an error naming the file; a picture that cannot be used is a warning."""
    paths = toml_files(folder)
    pool = load_classic_pool([folder])
    report = CheckReport(files=len(paths), errors=list(pool.skipped))
    for path in paths:
        try:
            data = read_card_file(path, within=folder)
        except CardDataError:
            continue  # already in pool.skipped
        for key in sorted(set(data) - {"card", "deck"}):
            report.errors.append(CardDataError("unknown table (expected [[card]] or [[deck]])",
                                               ru="неизвестная таблица (ожидается [[card]] или [[deck]])",
                                               file=str(path), field=key))
    mine = {cid: card for cid, card in pool.cards.items() if cid in pool.own}
    for card in mine.values():
        for lang in ("ru", "en"):
            try:
                card_text(card, lang, reminders=True, cards=pool.cards)
            except Exception as exc:  # noqa: BLE001 - any failure here is a card the text cannot describe
                report.errors.append(CardDataError(f"rules text cannot be written ({lang}): {exc}",
                                                   ru=f"не удаётся составить текст правил ({lang}): {exc}",
                                                   file=card.source, card=card.id, field="abilities"))
                break
    report.warnings += [CardDataError(f"{en}; the neutral picture is drawn instead",
                                      ru=f"{ru}; вместо неё рисуется нейтральная картинка", file=file, card=cid,
                                      field="art")
                        for file, cid, en, ru in art_warnings((c.id, c.art, c.source) for c in mine.values() if c.art)]
    report.cards = len(mine)
    report.decks = sum(1 for did in pool.decks if did in pool.own)
    report.checked = mine
    return report

