"""Lesson files: ``assets/lessons/<game>/*.toml``, one lesson a file, read in the order of their names.

Each file is read like a scenario (a regular file of at most ``MAX_FILE`` bytes, strict TOML), parsed by
:func:`engine.lesson.parse_lesson` and played against the engine (:func:`engine.lesson.verify`). A file that
fails any of it is set aside with its error (the file and the field named) and the others load: a broken
lesson never takes the lessons' screen down.
"""

from __future__ import annotations

import pathlib
from dataclasses import dataclass, field

from engine.content.files import ASSETS
from engine.content.scenarios import MAX_FILE, base_pool
from engine.content.userfile import FileRefused, read_text
from engine.core.errors import CardDataError
from engine.core.ruleset import ruleset_names
from engine.heroes.carddef import parse_toml
from engine.lesson import Lesson, LessonError, parse_lesson, verify
from engine.scenario import DEFAULT_RULESET

LESSONS = ASSETS / "lessons"


@dataclass
class Catalog:
    """Every lesson that loaded, by game in the order of its path, and the files that did not."""

    paths: dict[str, list[Lesson]] = field(default_factory=dict)
    broken: list[LessonError] = field(default_factory=list)

    def lesson(self, lesson_id: str) -> Lesson | None:
        return next((x for path in self.paths.values() for x in path if x.id == lesson_id), None)

    def path(self, ruleset: str) -> list[Lesson]:
        return self.paths.get(ruleset, [])


def read_lesson(path: pathlib.Path, lesson_id: str, ruleset: str | None = None) -> Lesson:
    """One lesson file, parsed and played through; LessonError naming the file and the field otherwise."""
    try:
        data = parse_toml(read_text(path, MAX_FILE), str(path))
    except FileRefused as exc:
        raise LessonError(exc.en, ru=exc.ru, file=str(path)) from None
    except CardDataError as exc:
        raise LessonError(exc.detail, ru=exc.ru, file=str(path), field=exc.field) from None
    if ruleset is not None and data.get("ruleset", DEFAULT_RULESET) != ruleset:
        raise LessonError(f"a lesson of the {ruleset} folder must say ruleset = \"{ruleset}\"",
                          ru=f"урок из папки {ruleset} должен указывать ruleset = \"{ruleset}\"", file=str(path),
                          field="ruleset")
    lesson = parse_lesson(data, lesson_id, str(path), pools=base_pool)
    verify(lesson)
    return lesson


def load_lessons(folder: pathlib.Path = LESSONS) -> Catalog:
    """The lessons of every game under ``folder`` (a sub-folder per game, named as its ruleset)."""
    out = Catalog()
    for ruleset in ruleset_names():
        here = folder / ruleset
        files = sorted(here.glob("*.toml")) if here.is_dir() else []
        lessons: list[Lesson] = []
        for path in files:
            try:
                lessons.append(read_lesson(path, f"{ruleset}/{path.stem}", ruleset))
            except LessonError as exc:
                out.broken.append(exc)
        out.paths[ruleset] = lessons
    return out
