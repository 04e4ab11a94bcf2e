"""The player's card and deck folders: only regular files are read, with the size checked first; a FIFO,
a link out of the folder (to a device), a folder named like a card file, a huge or a deeply nested file is skipped with a
message and every other card loads (engine/content/userfile.py, engine/content/cards.py)."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import Any

import pytest

from engine.content import MAX_CARD_FILE, load_pool, userfile
from engine.heroes.pool import CardPool

ROOT = pathlib.Path(__file__).resolve().parents[1]
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")

GOOD = """
[[card]]
id = "my_fine_guard"
name = {ru = "Страж", en = "Guard"}
type = "creature"
elements = ["steppe"]
cost = 2
strike = 1
lives = 3
"""


def within(seconds: float, fn: Callable[[], Any], unblock: list[pathlib.Path]) -> Any:
    """``fn()`` on a thread; fail (and free the thread by writing to the FIFOs) if it has not ended in time."""
    out: list[Any] = []
    thread = threading.Thread(target=lambda: out.append(fn()), daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        for fifo in unblock:
            try:
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                pass
        pytest.fail(f"blocked for {seconds} s reading a FIFO")
    return out[0]


def hostile_folder(folder: pathlib.Path) -> list[pathlib.Path]:
    """A good card beside a FIFO, a link to /dev/zero, a folder, a huge file and a deep one; returns the FIFOs."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "good.toml").write_text(GOOD, encoding="utf-8")
    fifos = []
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "pipe.toml")
        fifos.append(folder / "pipe.toml")
    if pathlib.Path("/dev/zero").exists():
        (folder / "zero.toml").symlink_to("/dev/zero")
    (folder / "folder.toml").mkdir()
    (folder / "huge.toml").write_bytes(b"#" * (MAX_CARD_FILE + 1))
    (folder / "deep.toml").write_text("a = " + "[" * 1000 + "]" * 1000, encoding="utf-8")
    (folder / "dotted.toml").write_text("a" + ".a" * 100_000 + " = 1", encoding="utf-8")
    return fifos


@needs_fifo
def test_hostile_files_in_the_cards_folder_are_skipped_with_a_message(tmp_path: pathlib.Path):
    fifos = hostile_folder(tmp_path / "cards")
    pool: CardPool = within(20, lambda: load_pool([tmp_path / "cards"]), fifos)
    assert "my_fine_guard" in pool.cards
    why = {pathlib.Path(e.file).name: e for e in pool.skipped}
    assert set(why) == {"pipe.toml", "zero.toml", "folder.toml", "huge.toml", "deep.toml", "dotted.toml"}
    expected = {"pipe.toml": ("named pipe (FIFO)", "именованный канал"),
                "zero.toml": ("leads out of the folder", "за пределы папки"),  # a link out of it is not followed
                "folder.toml": ("a folder", "папка"), "huge.toml": ("over 1 MiB", "больше 1 МиБ"),
                "deep.toml": ("nested more than", "вложенность больше"),
                "dotted.toml": ("nested more than", "вложенность больше")}
    for name, (en, ru) in expected.items():
        assert en in why[name].reason("en") and ru in why[name].reason("ru"), why[name]
        assert why[name].reason("en", file=name).startswith(f"file {name}: ")


@needs_fifo
def test_hostile_deck_files_are_skipped_too(tmp_path: pathlib.Path, monkeypatch):
    from ui.heroes import content

    monkeypatch.setenv("BERSERK_TABLE_HOME", str(tmp_path))
    fifos = hostile_folder(tmp_path / "data" / "decks")
    content.game_content.cache_clear()
    try:
        skipped = within(60, content.skipped, fifos)
    finally:
        content.game_content.cache_clear()
    names = {pathlib.Path(e.file).name for e in skipped}
    assert {"pipe.toml", "zero.toml", "folder.toml", "huge.toml", "deep.toml", "dotted.toml"} <= names


@needs_fifo
def test_cards_check_reports_hostile_files_and_exits_2(tmp_path: pathlib.Path):
    hostile_folder(tmp_path / "cards")
    out = subprocess.run([sys.executable, "-m", "engine.cards", "check", str(tmp_path / "cards")], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2, out.stderr
    assert out.stderr == ""
    assert "pipe.toml: not a regular file but a named pipe (FIFO), not read" in out.stdout
    assert "deep.toml: nested more than 32 levels deep" in out.stdout
    assert out.stdout.endswith("checked 7 files: 1 cards, 0 decks, 6 errors\n")


def test_read_bytes_reads_up_to_the_limit_and_refuses_past_it(tmp_path: pathlib.Path):
    path = tmp_path / "f.toml"
    path.write_bytes(b"x" * 100)
    assert userfile.read_bytes(path, 100) == b"x" * 100
    with pytest.raises(userfile.FileRefused) as err:
        userfile.read_bytes(path, 99)
    assert err.value.code == "too_large"
    with pytest.raises(userfile.FileRefused) as err:
        userfile.read_bytes(tmp_path / "nope.toml", 100)
    assert err.value.code == "missing" and err.value.reason("ru") == "файла нет"
    with pytest.raises(userfile.FileRefused) as err:
        userfile.read_bytes(tmp_path, 100)
    assert err.value.code == "not_file" and "a folder" in err.value.reason("en")
    path.write_bytes("\ufeffимя".encode())
    assert userfile.read_text(path, 100) == "имя"  # the BOM some editors write is dropped
    path.write_bytes("имя".encode("cp1251"))
    with pytest.raises(userfile.FileRefused, match="UTF-8"):
        userfile.read_text(path, 100)
