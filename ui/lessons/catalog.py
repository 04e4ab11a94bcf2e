"""The lessons on offer, read once per run (``engine.content.lessons``): each game's path and the files that
did not load, with the file and the field named."""

from __future__ import annotations

import pathlib

from engine.content.lessons import LESSONS, Catalog, load_lessons

RULESETS = ("classic", "heroes")  # the paths on the lessons' screen, in this order
_folder: pathlib.Path = LESSONS
_catalog: Catalog | None = None


def catalog() -> Catalog:
    """Every lesson of every game (read and played through against the engine the first time it is asked)."""
    global _catalog
    if _catalog is None:
        _catalog = load_lessons(_folder)
    return _catalog


def use_folder(folder: pathlib.Path | None) -> None:
    """Read the lessons from ``folder`` from now on (None: the built-in ones); tests give broken files so."""
    global _folder, _catalog
    _folder = LESSONS if folder is None else pathlib.Path(folder)
    _catalog = None


def next_lesson(lesson_id: str) -> str | None:
    """The lesson after ``lesson_id`` on its game's path, or None after the last."""
    cat = catalog()
    for path in cat.paths.values():
        ids = [x.id for x in path]
        if lesson_id in ids:
            i = ids.index(lesson_id)
            return ids[i + 1] if i + 1 < len(ids) else None
    return None
