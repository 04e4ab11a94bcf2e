"""Deck files written by the deck builder, for every game: TOML text escaped, the file written atomically
and read back through the game's own loader before it counts as saved; on any failure the old file (or
none) stays on disk. Imports no game."""

from __future__ import annotations

import pathlib

from engine.core.errors import CardDataError


class DeckFileError(Exception):
    """Saving or deleting a deck failed; ``ru`` and ``en`` say why."""

    def __init__(self, en: str, ru: str) -> None:
        super().__init__(en)
        self.en, self.ru = en, ru

    def text(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en


def toml_text(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 32 or ord(ch) == 127:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def names_toml(names: dict[str, str]) -> str:
    return "{ru = " + toml_text(names.get("ru", "")) + ", en = " + toml_text(names.get("en", "")) + "}"


def write_deck_file(path: pathlib.Path, text: str, check) -> None:
    """Write ``text`` to ``path`` atomically, then read it back with ``check(path)``; if the loader refuses
    it, the old file (or none) is put back and DeckFileError says why."""
    from saves.atomic import write_atomic

    existed = path.exists()
    old = path.read_bytes() if existed else None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, text.encode("utf-8"))
    except OSError as exc:
        raise DeckFileError(f"could not write {path}: {exc.strerror or exc}",
                            f"не удалось записать {path}: {exc.strerror or exc}") from None
    try:
        check(path)
    except CardDataError as exc:
        if old is None:
            path.unlink(missing_ok=True)
        else:
            write_atomic(path, old)
        raise DeckFileError(exc.reason("en", file=path.name), exc.reason("ru", file=path.name)) from None


def delete_deck_file(path: pathlib.Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise DeckFileError(f"could not delete {path}: {exc.strerror or exc}",
                            f"не удалось удалить {path}: {exc.strerror or exc}") from None


class DeckFiles:
    """What both games' deck kits do alike with the player's deck files: write one checked, delete one.
    A kit gives ``file_text(draft)`` and ``reload()``."""

    def write_checked(self, draft, path: pathlib.Path, check):
        """Write ``draft`` to ``path`` atomically; ``check`` reads it back before it counts (else the old file stays)."""
        try:
            write_deck_file(path, self.file_text(draft), check)
        finally:
            self.reload()
        saved = draft.copy()
        saved.own, saved.path, saved.editable = True, str(path), True
        return saved

    def delete(self, draft) -> None:
        if not (draft.own and draft.editable):
            raise DeckFileError("only your own deck files can be deleted", "удалить можно только свою колоду")
        delete_deck_file(pathlib.Path(draft.path))
        self.reload()
