"""Reading one card or deck file and listing a folder's files: what the «Герои» and classic loaders share."""

from __future__ import annotations

import pathlib
from typing import Any

from engine.content.userfile import FileRefused, read_text
from engine.core.errors import CardDataError
from engine.heroes.carddef import parse_toml

ROOT = pathlib.Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets"
MAX_CARD_FILE = 1 << 20  # 1 MiB: the largest built-in card file is 12 KiB


def read_card_file(path: pathlib.Path, within: pathlib.Path | None = None) -> dict[str, Any]:
    """The tables of one card or deck file; CardDataError naming the file when it cannot be read (not a
    regular file, too large, not UTF-8; with ``within``, a link leading out of that folder) or is not
    strict TOML."""
    try:
        text = read_text(path, MAX_CARD_FILE, within=within)
    except FileRefused as exc:
        raise CardDataError(exc.en, ru=exc.ru, file=str(path)) from None
    return parse_toml(text, str(path))


def toml_files(folder: pathlib.Path, *, nested: bool = True) -> list[pathlib.Path]:
    """The ``*.toml`` files of a folder (and of its subfolders when ``nested``), sorted; none when it is no folder.
    A linked subfolder is not entered; a linked file is listed (read it ``within`` the folder)."""
    if not folder.is_dir():
        return []
    return sorted(folder.glob("**/*.toml" if nested else "*.toml"))
