"""A benchmark's games kept as they finish, so a long measurement can be stopped and taken up again.

A measurement of the bots at their real budgets costs hours of CPU (a «Герои» game of Hard against Normal
about two minutes): more than one sitting on a small machine. ``bench/ai_strength.py --log FILE`` appends
each finished game to FILE as one JSON line, with what it measured (the match and its settings) and a digest
of the code that played it. Run again with the same FILE, it plays only the games the file lacks and prints
the figures over all of them; games of other settings or other code are refused, never mixed in.
"""

from __future__ import annotations

import hashlib
import json
import os
import pathlib
from collections.abc import Iterator
from typing import Any

# What decides how a game goes: the rules, the bots, the cards and decks (the harness itself does not).
CODE = ("engine", "assets/cards", "assets/classic", "assets/decks", "tests/data", "tests/classic_data")
# What only the other game reads: a match of one game is not changed by an edit there (neither game's rules or
# bots import the other's; engine/core, engine/ai and the rest are shared and count for both).
OTHER = {"heroes": ("engine/classic", "assets/classic", "tests/classic_data"),
         "classic": ("engine/heroes", "assets/cards", "assets/decks", "tests/data")}
SUFFIXES = (".py", ".toml", ".json", ".so", ".pyd")


def code_digest(root: pathlib.Path, ruleset: str | None = None) -> str:
    """A digest of every file under :data:`CODE` that can change a game of ``ruleset`` (None: of either game;
    the other game's folders, :data:`OTHER`, left out): sources and card data by their bytes, compiled modules
    by their names only (a compiled build thinks faster, so time-bound bots play differently; its bytes differ
    from build to build, and tools/compile_rules.py removes a build its sources left behind)."""
    h = hashlib.sha256()
    skip = {root / folder for folder in OTHER.get(ruleset or "", ())}
    for folder in CODE:
        base = root / folder
        if not base.is_dir() or base in skip:
            continue
        for path in sorted(base.rglob("*")):
            if any(s in path.parents for s in skip):
                continue
            if path.suffix in SUFFIXES and path.is_file() and "__pycache__" not in path.parts:
                data = b"compiled" if path.suffix in (".so", ".pyd") else path.read_bytes()
                h.update(path.relative_to(root).as_posix().encode() + b"\0" + data + b"\0")
    return h.hexdigest()[:16]


def kept_lines(path: pathlib.Path, data: bytes) -> Iterator[tuple[int, dict[str, Any], dict[str, Any]]]:
    """Each kept game of a log's bytes ``data`` (read from ``path``): its line's number, its measurement's key and
    the game. A last line not yet ended (a run writing it, or one killed mid-line) is left out, so a character it
    tore in two is no error. A ValueError names the file and the line that is not UTF-8 text or not a kept game
    (also one nested too deep to read)."""
    whole = data[:data.rfind(b"\n") + 1]
    try:
        text = whole.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = whole.count(b"\n", 0, exc.start) + 1
        raise ValueError(f"{path}, line {line}: not UTF-8 text (byte {exc.start}): not a log of kept games") from None
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            game, key = record["game"], record["key"]
            int(game["index"])
            if not isinstance(key, dict):
                raise TypeError("its key is not a table")
        except (ValueError, KeyError, TypeError, RecursionError) as exc:
            raise ValueError(f"{path}, line {number}: not a kept game ({type(exc).__name__}: "
                             f"{str(exc)[:200]})") from None
        yield number, key, game


class GameLog:
    """The games of one measurement (``key``: the match and its settings, with the code's digest) in ``path``."""

    def __init__(self, path: pathlib.Path, key: dict[str, Any]) -> None:
        self.path = path
        self.key = key
        self.games: dict[int, dict[str, Any]] = {}
        if not path.exists():
            return
        if not path.is_file():
            raise ValueError(f"{path}: not a regular file")
        data = path.read_bytes()
        for number, other, game in kept_lines(path, data):
            if other != key:
                diff = sorted(k for k in set(key) | set(other) if key.get(k) != other.get(k))
                raise ValueError(f"{path}, line {number}: a game of another measurement (differs in "
                                 f"{', '.join(diff)}); use another file")
            self.games[int(game["index"])] = game
        if data and not data.endswith(b"\n"):
            # a write cut short (the run was killed mid-line): that game was not kept; drop its torn line, now
            # that every finished line has proved the file this measurement's log (another file is never cut)
            with path.open("r+b") as f:
                f.truncate(data.rfind(b"\n") + 1)

    def add(self, game: dict[str, Any]) -> None:
        """Keep one finished game: appended whole and flushed to disk before the next one starts."""
        line = json.dumps({"key": self.key, "game": game}, separators=(",", ":")) + "\n"
        with self.path.open("a", encoding="utf-8") as f:
            f.write(line)
            f.flush()
            os.fsync(f.fileno())
        self.games[int(game["index"])] = game
