"""Typed save errors: each names the file and says what is wrong, in ru and en.

Code catches :class:`SaveError` (or one kind of it); the UI shows ``err.message(lang)``.
"""

from __future__ import annotations

import pathlib

from engine.core.errors import clip


class SaveError(Exception):
    """Base of every save problem. ``ru``/``en`` are whole sentences naming the file."""

    code = "save"

    def __init__(self, path: pathlib.Path | str | None, ru: str, en: str) -> None:
        self.path = pathlib.Path(path) if path is not None else None
        name = self.path.name if self.path is not None else ""
        self.detail_ru = ru = clip(ru)  # a megabyte-long value in a file still gives a short line
        self.detail_en = en = clip(en)
        self.ru = f"Сохранение «{name}»: {ru}" if name else f"Сохранение: {ru}"
        self.en = f"Save file '{name}': {en}" if name else f"Save: {en}"
        super().__init__(self.en)

    def message(self, lang: str = "ru") -> str:
        return self.ru if lang == "ru" else self.en


class SaveMissing(SaveError):
    """The file is not there (or is not a file)."""

    code = "missing"


class SaveUnreadable(SaveError):
    """The file exists but the system would not let us read it."""

    code = "unreadable"


class SaveTooLarge(SaveError):
    """Larger than any real save can be; never read into memory."""

    code = "too_large"


class SaveCorrupt(SaveError):
    """Not a save at all, or damaged: bad JSON, wrong shape, a snapshot that does not match its hash."""

    code = "corrupt"


class SaveVersionTooNew(SaveError):
    """Written by a newer Berserk Table; this one cannot know what it means."""

    code = "too_new"


class SaveIllegal(SaveError):
    """Well-formed, but the game in it breaks the rules: unknown cards, an action illegal at its point."""

    code = "illegal"


class SaveReplayFailed(SaveIllegal):
    """The engine itself failed while replaying a logged action (an engine bug, reported as a bad save)."""

    code = "replay_failed"


class SaveUnknownRuleset(SaveCorrupt):
    """The save names a ruleset this Berserk Table does not know (the message lists the known ones)."""

    code = "unknown_ruleset"


class SaveMismatch(SaveError):
    """The game rebuilt from the actions is not the position that was saved."""

    code = "mismatch"


class SaveWriteError(SaveError):
    """Writing, renaming or deleting failed; the previous files are left as they were."""

    code = "write"


class SaveExists(SaveError):
    """A save with the new name already exists (rename never overwrites)."""

    code = "exists"


class SaveUnexpected(SaveCorrupt):
    """A file that tripped an unforeseen failure while reading: still a typed error, never a crash."""

    code = "unexpected"
