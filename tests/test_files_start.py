"""``python main.py`` starts with every hostile file in place: broken settings, FIFOs, links to devices,
deep and huge card, deck and save files, folders where files go, a temp file of a save killed mid-write."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import time

import pytest

from saves import SaveManager
from tests.test_saves_common import played

ROOT = pathlib.Path(__file__).resolve().parents[1]
MIB = 1024 * 1024

GOOD_CARD = """
[[card]]
id = "my_fine_guard"
name = {ru = "Страж", en = "Guard"}
type = "creature"
elements = ["steppe"]
cost = 2
strike = 1
lives = 3
"""


def hostile_home(home: pathlib.Path, settings: str) -> pathlib.Path:
    """A BERSERK_TABLE_HOME full of hostile files; returns the temp file a killed save left."""
    config, cards, decks, saves = (home / "config", home / "data" / "cards", home / "data" / "decks",
                                   home / "data" / "saves")
    for folder in (config, cards, decks, saves):
        folder.mkdir(parents=True)
    if settings == "fifo":
        os.mkfifo(config / "settings.json")
    else:
        (config / "settings.json").write_text({"deep": "[" * 1000 + "]" * 1000,
                                               "infinity": '{"window": [Infinity, 1e999]}'}[settings])
    (cards / "good.toml").write_text(GOOD_CARD, encoding="utf-8")
    for folder, suffix in ((cards, ".toml"), (decks, ".toml"), (saves, ".json")):
        os.mkfifo(folder / f"pipe{suffix}")
        (folder / f"zero{suffix}").symlink_to("/dev/zero")
        (folder / f"deep{suffix}").write_text("[" * 1000 + "]" * 1000 if suffix == ".json"
                                              else "a = " + "[" * 1000 + "]" * 1000)
        (folder / f"folder{suffix}").mkdir()
    (cards / "dotted.toml").write_text("a" + ".a" * 100_000 + " = 1")
    (cards / "huge.toml").write_bytes(b"#" * (2 * MIB))
    (saves / "lists.json").write_text("[" + "[]," * (20 * MIB // 3 - 2) + "[]]")
    record, game = played(9, 20)
    SaveManager(saves).save(record, "good", game=game)
    (saves / "good.png").mkdir()  # the picture's place taken by a folder
    (saves / "auto-20250101-000000-000000.json").mkdir()
    temp = saves / ".good.json.4000000-0a0b0c0d.tmp"  # a save killed mid-write, long ago
    temp.write_bytes(b'{"format": "berserk-ta')
    long_ago = time.time() - 3600
    os.utime(temp, (long_ago, long_ago))
    return temp


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not pathlib.Path("/dev/zero").exists(), reason="POSIX files")
@pytest.mark.parametrize("settings", ["deep", "fifo", "infinity"])
def test_main_starts_with_every_hostile_file_in_place(tmp_path: pathlib.Path, settings: str):
    home = tmp_path / "home"
    temp = hostile_home(home, settings)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "BERSERK_TABLE_HOME": str(home)}
    out = subprocess.run([sys.executable, str(ROOT / "main.py"), "--frames", "3", "--windowed"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr and "Error" not in out.stderr, out.stderr
    assert "first_frame_s=" in out.stdout
    assert not temp.exists()  # removed at the start
    assert (home / "data" / "saves" / "good.json").is_file() and (home / "data" / "saves" / "good.png").is_dir()
