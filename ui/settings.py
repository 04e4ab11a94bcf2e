"""The player's settings: window, animation speed, sound, language; kept as JSON in the config folder.

The file is read like any file from outside (strict JSON, a regular file of at most 64 KiB): when it
cannot be used the game starts with the defaults and ``Settings.notice`` says why (the menu shows it).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from pathlib import Path

from engine.content import userfile
from engine.core import strictjson
from engine.core.errors import Bilingual

MAX_FILE = 64 * 1024  # a settings file is a few lines
WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))
ANIM_SPEEDS = (0.0, 0.5, 1.0, 2.0)  # 0 = no animation
VOLUMES = (0.25, 0.5, 0.75, 1.0)  # the sound effects' loudness on offer; mute is apart


def config_dir() -> Path:
    """Where settings live: saves.paths when it is there, else platformdirs directly."""
    try:
        from saves.paths import config_dir as paths_config_dir

        return paths_config_dir()
    except ImportError:  # pragma: no cover - only before saves/paths.py exists
        import platformdirs

        return Path(platformdirs.user_config_dir("BerserkTable", appauthor=False))


@dataclass
class Settings:
    """What the settings screen changes."""

    window: tuple[int, int] = (1280, 720)
    fullscreen: bool = False
    anim_speed: float = 1.0
    lang: str = "ru"
    open_hands: bool = False
    volume: float = 0.75  # 0..1, the sound effects' loudness
    mute: bool = False
    tips: bool = True  # a one-sentence tip the first time a situation comes up at a table (ui/tips.py)
    # Why the stored file was not used (never stored itself); cleared once the settings are saved.
    notice: Bilingual | None = field(default=None, compare=False, repr=False)

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """The stored settings; the defaults, with ``notice`` set, when the file cannot be used
        (not a regular file, a link out of its folder, too large, not strict JSON: Infinity, 1e999, 400 digits,
        deep nesting)."""
        path = path or config_dir() / "settings.json"
        try:
            data = strictjson.parse(userfile.read_text(path, MAX_FILE, within=path.parent))
        except userfile.FileRefused as exc:
            return cls() if exc.code == "missing" else cls(notice=exc)  # none yet: the first start
        except strictjson.JsonRejected as exc:
            return cls(notice=exc)
        if not isinstance(data, dict):
            return cls(notice=strictjson.JsonRejected("нет объекта с настройками", "no object of settings"))
        s = cls()
        known = {f.name for f in fields(cls)} - {"notice"}
        for key, value in data.items():
            if key in known:
                setattr(s, key, value)
        s.window = _size(s.window)
        s.fullscreen = bool(s.fullscreen)
        s.open_hands = bool(s.open_hands)
        s.tips = s.tips if isinstance(s.tips, bool) else True
        s.mute = s.mute if isinstance(s.mute, bool) else False
        s.volume = _volume(s.volume)
        s.lang = s.lang if s.lang in ("ru", "en") else "ru"
        try:
            s.anim_speed = min(4.0, max(0.0, float(s.anim_speed)))
        except (TypeError, ValueError):
            s.anim_speed = 1.0
        return s

    def save(self, path: Path | None = None) -> str | None:
        """Write atomically (a temp file beside it, then a rename) so a crash never leaves half a file and a
        full disk leaves the old file and no temp file. Returns why it could not be written (the system's
        words: the change then lasts this run only), None when it is stored."""
        from saves.atomic import write_atomic

        path = path or config_dir() / "settings.json"
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "notice"}
        data["window"] = list(self.window)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, json.dumps(data, indent=1).encode("utf-8"))
        except OSError as exc:
            return exc.strerror or type(exc).__name__
        self.notice = None  # the file is good again
        try:  # a settings.tmp that an interrupted write left beside it (a full disk) goes too
            path.with_suffix(".tmp").unlink(missing_ok=True)
        except OSError:
            pass
        return None


def _size(value: object) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in value)  # type: ignore[union-attr]
    except (TypeError, ValueError):
        return (1280, 720)
    return (max(800, min(7680, w)), max(600, min(4320, h)))


def _volume(value: object) -> float:
    """A loudness from the file: a number 0..1 (clamped); anything else, a NaN or a bool is the default."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return Settings.volume
    v = float(value)
    return min(1.0, max(0.0, v)) if v == v else Settings.volume
