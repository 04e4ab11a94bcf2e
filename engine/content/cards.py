"""Card and deck files: the built-in ``assets/cards`` and ``assets/decks``, the test pool in ``tests/data``
and the players' own folders, read and handed to the pure pool (:mod:`engine.heroes.pool`).

Every file is read through :mod:`engine.content.userfile` (a regular file of at most ``MAX_CARD_FILE``
bytes, never a FIFO) and parsed by the strict TOML of :func:`engine.heroes.carddef.parse_toml`; every error
names the file. A broken player file is skipped and reported in ``pool.skipped``, never fatal; a broken
built-in file raises (it is ours).
"""

from __future__ import annotations

import pathlib
from typing import Any

from engine.cards import CheckReport, check_files
from engine.classic.cards import ClassicCard, parse_cards
from engine.classic.decks import ClassicDeck, parse_decks
from engine.content.userfile import FileRefused, read_text
from engine.core.errors import CardDataError
from engine.heroes.carddef import parse_toml
from engine.heroes.pool import CardPool

ROOT = pathlib.Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets"
BUILTIN_CARDS = ASSETS / "cards"
BUILTIN_DECKS = ASSETS / "decks"
TEST_CARDS = ROOT / "tests" / "data"  # the test pool: every mechanic (scenarios' ``pool = "test"``, the tests)
CLASSIC_TEST_CARDS = ROOT / "tests" / "classic_data"  # classic's test cards (classic scenarios' ``cards = "test"``)
CLASSIC_SETS = ("test", "none")  # the base card sets a classic scenario may name (no built-in classic cards yet)
MAX_CARD_FILE = 1 << 20  # 1 MiB: the largest built-in card file is 12 KiB


def read_card_file(path: pathlib.Path) -> dict[str, Any]:
    """The tables of one card or deck file; CardDataError naming the file when it cannot be read (not a
    regular file, too large, not UTF-8) or is not strict TOML."""
    try:
        text = read_text(path, MAX_CARD_FILE)
    except FileRefused as exc:
        raise CardDataError(exc.en, ru=exc.ru, file=str(path)) from None
    return parse_toml(text, str(path))


def toml_files(folder: pathlib.Path, *, nested: bool = True) -> list[pathlib.Path]:
    """The ``*.toml`` files of a folder (and of its subfolders when ``nested``), sorted; none when it is no folder."""
    if not folder.is_dir():
        return []
    return sorted(folder.glob("**/*.toml" if nested else "*.toml"))


def _read_folder(pool: CardPool, folder: pathlib.Path, strict: bool) -> None:
    for path in toml_files(folder):
        try:
            pool.add_card_data(read_card_file(path), str(path), skip_broken=not strict)
        except CardDataError as exc:
            if strict:
                raise
            pool.skipped.append(exc)


def load_pool(user_dirs: list[pathlib.Path] | None = None, *, builtin: bool = True) -> CardPool:
    """Built-in cards and decks (errors are fatal: they are ours), then the players' own cards."""
    pool = CardPool()
    if builtin:
        _read_folder(pool, BUILTIN_CARDS, strict=True)
    for folder in user_dirs or []:
        if folder.is_dir():
            before = set(pool.cards)
            _read_folder(pool, folder, strict=False)
            pool.drop_broken_references(keep=before)
    if builtin:
        pool.check_references()
        for path in toml_files(BUILTIN_DECKS, nested=False):
            pool.add_deck_data(read_card_file(path), str(path))
    return pool


def read_tables(paths: list[pathlib.Path]) -> list[tuple[str, dict[str, Any] | CardDataError]]:
    """Each file's name with its tables, or with the error that kept it from being read."""
    out: list[tuple[str, dict[str, Any] | CardDataError]] = []
    for path in paths:
        try:
            out.append((str(path), read_card_file(path)))
        except CardDataError as exc:
            out.append((str(path), exc))
    return out


def check_folder(folder: pathlib.Path, base: CardPool | None = None) -> CheckReport:
    """Validate every ``*.toml`` under ``folder`` against the built-in pool; collect all errors."""
    base = base if base is not None else load_pool()
    return check_files(read_tables(toml_files(folder)), base)


def load_classic_cards(kind: str) -> dict[str, ClassicCard]:
    """A classic base card set by name: ``"test"`` (every file of tests/classic_data) or ``"none"``; a fresh
    dict each time. An unknown name is a CardDataError naming the known ones."""
    if kind not in CLASSIC_SETS:
        raise CardDataError(f"cards must be one of {', '.join(CLASSIC_SETS)}, got {kind!r}",
                            ru=f"cards: нужно одно из: {', '.join(CLASSIC_SETS)}, а указано {kind!r}", field="cards")
    cards: dict[str, ClassicCard] = {}
    if kind == "test":
        for path in toml_files(CLASSIC_TEST_CARDS):
            cards.update(parse_cards(read_card_file(path), str(path)))
    return cards


def load_classic_decks(kind: str) -> dict[str, ClassicDeck]:
    """The classic decks of a base set by name: ``"test"`` (tests/classic_data/decks.toml) or ``"none"``.
    The decks' shape is checked here; whether each is legal is :func:`engine.classic.decks.deck_problems`."""
    if kind not in CLASSIC_SETS:
        raise CardDataError(f"decks must be one of {', '.join(CLASSIC_SETS)}, got {kind!r}",
                            ru=f"decks: нужно одно из: {', '.join(CLASSIC_SETS)}, а указано {kind!r}", field="decks")
    return read_classic_decks(CLASSIC_TEST_CARDS / "decks.toml") if kind == "test" else {}


def read_classic_decks(path: pathlib.Path) -> dict[str, ClassicDeck]:
    """The ``[[deck]]`` tables of one classic deck file (CardDataError naming the file, deck and field)."""
    return parse_decks(read_card_file(path), str(path))
