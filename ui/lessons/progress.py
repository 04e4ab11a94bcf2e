"""What the player has learnt: the lessons finished and the first-time tips turned off for good.

Kept as JSON in the user data folder (``saves.paths.data_dir()``, ``learning.json``), read like any file from
outside (a regular file of at most 64 KiB, strict JSON) and written whole in one step (saves/atomic.py), so a
crash never leaves half a file. A file that cannot be used is read as no progress, and ``notice`` says why; it
is replaced only when there is something new to keep.
"""

from __future__ import annotations

import json
import pathlib
from dataclasses import dataclass, field

from engine.content import userfile
from engine.core import strictjson
from engine.core.errors import Bilingual

FILE = "learning.json"
MAX_FILE = 64 * 1024
VERSION = 1
_loaded: dict[pathlib.Path, Progress] = {}


def default_path() -> pathlib.Path:
    from saves.paths import data_dir

    return data_dir() / FILE


@dataclass
class Progress:
    """The lessons finished (by id, ``classic/01_board``) and the tips the player asked never to see again."""

    path: pathlib.Path
    finished: set[str] = field(default_factory=set)
    tips_off: set[str] = field(default_factory=set)
    notice: Bilingual | None = None  # why the stored file was not used (never stored itself)

    @classmethod
    def read(cls, path: pathlib.Path) -> Progress:
        try:
            data = strictjson.parse(userfile.read_text(path, MAX_FILE))
        except userfile.FileRefused as exc:
            return cls(path) if exc.code == "missing" else cls(path, notice=exc)
        except strictjson.JsonRejected as exc:
            return cls(path, notice=exc)
        if not isinstance(data, dict):
            return cls(path, notice=strictjson.JsonRejected("нет объекта с успехами", "no object of progress"))
        return cls(path, finished=_names(data.get("finished")), tips_off=_names(data.get("tips_off")))

    def save(self) -> bool:
        """Write the file whole (temp file + rename); False when the disk refused (the game goes on)."""
        from saves.atomic import write_atomic

        data = {"version": VERSION, "finished": sorted(self.finished), "tips_off": sorted(self.tips_off)}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.path, json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8"))
        except OSError:
            return False
        self.notice = None
        return True

    def finish(self, lesson_id: str) -> None:
        if lesson_id not in self.finished:
            self.finished.add(lesson_id)
            self.save()

    def turn_off(self, tip: str) -> None:
        if tip not in self.tips_off:
            self.tips_off.add(tip)
            self.save()


def _names(value: object) -> set[str]:
    """A list of short texts from the file (anything else in it is left out)."""
    if not isinstance(value, list):
        return set()
    return {v for v in value if isinstance(v, str) and 0 < len(v) <= 200}


_file: pathlib.Path | None = None  # another file than the player's (the pictures keep theirs apart)


def use_file(path: pathlib.Path | None) -> None:
    """Keep the progress in ``path`` from now on (None: the player's own file in the data folder)."""
    global _file
    _file = None if path is None else pathlib.Path(path)


def progress(path: pathlib.Path | None = None) -> Progress:
    """The player's progress, read from disk once per run (per file) and kept."""
    where = pathlib.Path(path) if path is not None else _file if _file is not None else default_path()
    got = _loaded.get(where)
    if got is None:
        got = _loaded[where] = Progress.read(where)
    return got


def forget() -> None:
    """Drop what was read, as a new run would (tests use it to play a restart)."""
    _loaded.clear()
