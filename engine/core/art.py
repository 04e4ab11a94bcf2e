"""A card's ``art`` field: which picture its face shows. Pure: only the text is checked here.

A card names either a picture of the game-icons set that ships (``art = "dragon-head"``: lowercase
latin letters, digits and hyphens) or a PNG/SVG file of its own beside its card file
(``art = "pictures/wyrm.png"``: a relative path that stays inside the card's folder). Whether the
picture exists is the content loader's business (:mod:`engine.content.art`); the rules never read
``art`` and it is left out of every state and its hash.
"""

from __future__ import annotations

import re

ICON_NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
FILE_SUFFIXES = (".png", ".svg")
MAX_ICON_NAME = 64
MAX_ART_PATH = 200
_SAFE_PATH = re.compile(r"^[^\x00-\x1f\\:*?\"<>|]+$")  # no control characters, backslashes or drive colons


def is_file_name(art: str) -> bool:
    """Whether ``art`` names a file of the player's (it ends in .png or .svg) rather than a shipped picture."""
    return art.lower().endswith(FILE_SUFFIXES)


def art_problem(value: object) -> tuple[str, str] | None:
    """Why ``value`` cannot be a card's ``art`` (en, ru), or None when it can ("" means no picture)."""
    if not isinstance(value, str):
        return "must be text: a picture's name or a .png/.svg file", "нужен текст: имя картинки или файл .png/.svg"
    if value == "":
        return None
    if is_file_name(value):
        parts = value.split("/")
        if (len(value) > MAX_ART_PATH or value.startswith("/") or not _SAFE_PATH.match(value)
                or any(p in ("", ".", "..") for p in parts)):
            return (f"a picture file is a relative path inside the card's folder (at most {MAX_ART_PATH} "
                    "characters, / between folders, no '..'), like pictures/wyrm.png",
                    f"файл картинки — относительный путь внутри папки карты (не длиннее {MAX_ART_PATH} "
                    "символов, папки через /, без «..»), например pictures/wyrm.png")
        return None
    if len(value) > MAX_ICON_NAME or not ICON_NAME.match(value):
        return ("must be a picture's name (lowercase latin letters, digits and hyphens, like dragon-head) "
                "or a .png/.svg file beside the card file",
                "нужно имя картинки (строчные латинские буквы, цифры и дефисы, например dragon-head) "
                "или файл .png/.svg рядом с файлом карты")
    return None
