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
from engine.content.art import art_warnings
from engine.content.classic import (  # noqa: F401 - re-exported: the classic loader's names were here first
    CLASSIC_SETS,
    CLASSIC_TEST_CARDS,
    load_classic_cards,
    load_classic_decks,
    read_classic_decks,
)
from engine.content.files import ASSETS, MAX_CARD_FILE, ROOT, read_card_file, toml_files  # noqa: F401
from engine.core.errors import CardDataError
from engine.heroes.pool import CardPool

BUILTIN_CARDS = ASSETS / "cards"
BUILTIN_DECKS = ASSETS / "decks"
TEST_CARDS = ROOT / "tests" / "data"  # the test pool: every mechanic (scenarios' ``pool = "test"``, the tests)


def _read_folder(pool: CardPool, folder: pathlib.Path, strict: bool) -> None:
    """Every card file of ``folder``; a player's (not ``strict``) that is a link out of the folder is skipped."""
    within = None if strict else folder
    for path in toml_files(folder):
        try:
            pool.add_card_data(read_card_file(path, within=within), str(path), skip_broken=not strict)
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


def read_tables(paths: list[pathlib.Path], within: pathlib.Path | None = None) -> list[
        tuple[str, dict[str, Any] | CardDataError]]:
    """Each file's name with its tables, or with the error that kept it from being read (``within``: the
    player's folder they were found in; a link out of it is not followed)."""
    out: list[tuple[str, dict[str, Any] | CardDataError]] = []
    for path in paths:
        try:
            out.append((str(path), read_card_file(path, within=within)))
        except CardDataError as exc:
            out.append((str(path), exc))
    return out


def check_folder(folder: pathlib.Path, base: CardPool | None = None) -> CheckReport:
    """Validate every ``*.toml`` under ``folder`` against the built-in pool; collect all errors."""
    base = base if base is not None else load_pool()
    report = check_files(read_tables(toml_files(folder), within=folder), base)
    cards = [(c.id, c.art, c.source) for c in report.checked.values() if c.art]
    report.warnings += [CardDataError(f"{en}; the neutral picture is drawn instead",
                                      ru=f"{ru}; вместо неё рисуется нейтральная картинка", file=file, card=cid,
                                      field="art") for file, cid, en, ru in art_warnings(cards)]
    return report
