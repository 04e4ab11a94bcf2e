"""Where Berserk Table keeps files on disk: data, config, saves and players' own cards.

The folders follow each platform's conventions (platformdirs, app name "BerserkTable").
Nothing is created on import; pass ``create=True`` to make a folder when it is about to be
written to. The environment variable ``BERSERK_TABLE_HOME`` moves everything under one folder
(tests and portable installs use it).
"""

from __future__ import annotations

import os
import pathlib
from typing import Any

import platformdirs

from engine.content import load_pool

APP_NAME = "BerserkTable"
HOME_ENV = "BERSERK_TABLE_HOME"


def _home() -> pathlib.Path | None:
    value = os.environ.get(HOME_ENV, "").strip()
    return pathlib.Path(value).expanduser() if value else None


def _ready(path: pathlib.Path, create: bool) -> pathlib.Path:
    if create:
        path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir(create: bool = False) -> pathlib.Path:
    """The user data folder (saves, players' cards live under it)."""
    home = _home()
    path = home / "data" if home else pathlib.Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    return _ready(path, create)


def config_dir(create: bool = False) -> pathlib.Path:
    """The user config folder (settings)."""
    home = _home()
    path = home / "config" if home else pathlib.Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    return _ready(path, create)


def saves_dir(create: bool = False) -> pathlib.Path:
    """Where save files live by default."""
    return _ready(data_dir() / "saves", create)


def user_cards_dir(create: bool = False) -> pathlib.Path:
    """Players' own card files (``*.toml``, same format as assets/cards; see docs/cards.md)."""
    return _ready(data_dir() / "cards", create)


def user_decks_dir(create: bool = False) -> pathlib.Path:
    """Players' own «Герои» decks, one ``[deck]`` file each (the deck builder writes here; docs/cards.md)."""
    return _ready(data_dir() / "decks", create)


def user_classic_dir(create: bool = False) -> pathlib.Path:
    """Players' own classic cards and decks (``[[card]]`` / ``[[deck]]`` files, read with sub-folders)."""
    from engine.content.classic import USER_FOLDER

    return _ready(data_dir() / USER_FOLDER, create)


def user_classic_decks_dir(create: bool = False) -> pathlib.Path:
    """Where the deck builder writes classic decks: a sub-folder of :func:`user_classic_dir`, one file each."""
    return _ready(user_classic_dir() / "decks", create)


def load_classic_game_pool() -> Any:
    """Classic's built-in cards and decks plus the players' own (a ClassicPool; broken player files in
    ``pool.skipped``)."""
    from engine.content import load_classic_pool

    return load_classic_pool([user_classic_dir()])


def load_game_pool(extra_dirs: list[pathlib.Path] | None = None) -> Any:
    """«Герои»'s built-in cards and decks plus the players' own cards (a CardPool, from the content loader).

    A broken player file never stops the game: its error (file, card, field) is in ``pool.skipped``
    for the UI to show. Built-in errors are ours and raise.
    """
    return load_pool([user_cards_dir(), *(extra_dirs or [])])
