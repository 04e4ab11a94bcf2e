"""Card pictures on disk: the game-icons pictures that ship, and the players' own files.

A card's ``art`` (checked as text by :mod:`engine.core.art`) names a picture of
``assets/art/game-icons`` or a PNG/SVG file beside the card's own file. :func:`find_picture` says which
file that is, or why there is none — then the face shows the neutral picture (:data:`FALLBACK`) and
``python -m engine.cards check`` warns. A player's file is taken only when it is a regular file of at
most :data:`MAX_ART_FILE` bytes inside the card's folder (a link or ``..`` leading out of it is
refused); its bytes are read through :mod:`engine.content.userfile` like every other file someone made.
"""

from __future__ import annotations

import os
import pathlib
import stat
from collections.abc import Iterable
from dataclasses import dataclass

from engine.content.files import ASSETS
from engine.content.userfile import FileRefused, read_bytes, read_text
from engine.core.art import art_problem, is_file_name
from engine.core.stricttoml import TomlRejected, parse

ICONS = ASSETS / "art" / "game-icons"
FALLBACK = "card-random"  # the neutral picture: a card face with a question mark
MAX_ART_FILE = 2 << 20  # 2 MiB: the largest shipped picture is 12 KiB; a player's PNG has room to spare
MAX_ICON_FILE = 256 << 10


@dataclass(frozen=True)
class Picture:
    """Where a card's picture is: ``kind`` "icon" (a shipped picture, drawn in the card's colours),
    "png" or "svg" (a player's own, drawn as it is); ``problem`` (en, ru) when the card's own choice
    could not be used and this is the neutral picture instead."""

    art: str
    path: pathlib.Path
    kind: str
    problem: tuple[str, str] | None = None

    @property
    def fallback(self) -> bool:
        return self.problem is not None


def icon_path(name: str) -> pathlib.Path:
    return ICONS / f"{name}.svg"


def shipped_icons() -> list[str]:
    """The names of the pictures that ship, sorted."""
    return sorted(p.stem for p in ICONS.glob("*.svg")) if ICONS.is_dir() else []


def _fallback(art: str, en: str, ru: str) -> Picture:
    return Picture(art, icon_path(FALLBACK), "icon", (en, ru))


def _regular(path: pathlib.Path) -> tuple[str, str] | None:
    try:
        st = os.stat(path)
    except OSError:
        return "the file does not exist", "такого файла нет"
    if not stat.S_ISREG(st.st_mode):
        return "not a regular file", "это не обычный файл"
    if st.st_size > MAX_ART_FILE:
        return f"the file is over {MAX_ART_FILE >> 20} MiB", f"файл больше {MAX_ART_FILE >> 20} МиБ"
    return None


def find_picture(art: str, card_file: str | os.PathLike[str] | None) -> Picture:
    """The picture a card with this ``art``, read from ``card_file``, shows (the neutral one, with the
    reason, when its own cannot be used; "" — no picture named — gets the neutral one without a reason)."""
    bad = art_problem(art)
    if bad is not None:
        return _fallback(str(art), *bad)
    if art == "":
        return Picture("", icon_path(FALLBACK), "icon")
    if not is_file_name(art):
        path = icon_path(art)
        if not path.is_file():
            return _fallback(art, f"no picture {art!r} ships with the game (the names are the files of assets/art/game-icons)",
                             f"картинки «{art}» в игре нет (имена — файлы папки assets/art/game-icons)")
        return Picture(art, path, "icon")
    if not card_file:
        return _fallback(art, "a picture file needs the card's own folder", "файлу картинки нужна папка карты")
    folder = pathlib.Path(card_file).parent
    try:
        root = folder.resolve(strict=True)
        path = (folder / art).resolve(strict=True)
    except (OSError, RuntimeError):
        return _fallback(art, f"no file {art} beside the card file", f"рядом с файлом карты нет файла {art}")
    if not path.is_relative_to(root):
        return _fallback(art, f"{art} leads out of the card's folder", f"{art} ведёт за пределы папки карты")
    why = _regular(path)
    if why is not None:
        return _fallback(art, f"{art}: {why[0]}", f"{art}: {why[1]}")
    return Picture(art, path, "svg" if path.suffix.lower() == ".svg" else "png")


def picture_bytes(picture: Picture) -> bytes:
    """The picture's file, read safely (a regular file within the size limit); FileRefused otherwise."""
    return read_bytes(picture.path, MAX_ICON_FILE if picture.kind == "icon" else MAX_ART_FILE)


def art_coverage(cards: Iterable[tuple[str, str | None]]) -> tuple[int, int]:
    """(cards whose own picture is found, cards) for (art, card file) pairs."""
    found = total = 0
    for art, source in cards:
        total += 1
        pic = find_picture(art, source)
        found += art != "" and not pic.fallback
    return found, total


def art_line(cards: Iterable[tuple[str, str | None]]) -> str:
    found, total = art_coverage(cards)
    return f"art={found}/{total}"


def art_warnings(cards: Iterable[tuple[str, str, str | None]]) -> list[tuple[str, str, str, str]]:
    """(file, card id, en, ru) for each card whose named picture cannot be used (it shows the neutral one)."""
    out = []
    for cid, art, source in cards:
        pic = find_picture(art, source)
        if pic.problem is not None:
            out.append((str(source or ""), cid, *pic.problem))
    return out


@dataclass(frozen=True)
class Credit:
    """One author of the shipped pictures: the name, where to find them, the licence and their pictures."""

    author: str
    url: str
    licence: str
    icons: tuple[str, ...]


def credits() -> list[Credit]:
    """The authors of the shipped pictures (``assets/art/game-icons/authors.toml``, written by
    ``tools/import_art.py``), most pictures first; empty when the file is missing or broken."""
    try:
        data = parse(read_text(ICONS / "authors.toml", MAX_ICON_FILE))
    except (FileRefused, TomlRejected):
        return []
    out = []
    for table in data.get("author", []):
        if isinstance(table, dict) and isinstance(table.get("name"), str):
            icons = tuple(i for i in table.get("icons", []) if isinstance(i, str))
            out.append(Credit(table["name"], str(table.get("url", "")), str(table.get("licence", "CC BY 3.0")), icons))
    return sorted(out, key=lambda c: (-len(c.icons), c.author.lower()))
