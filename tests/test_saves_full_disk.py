"""A full disk at any step of a save leaves the saves folder byte for byte as it was, or says truthfully what
changed; the settings file the same, and the player is told.

A save is three files written as one step (saves.atomic.replace_together): the backup, the save, its
picture. The disk is made to refuse (ENOSPC) at each write, link, rename and removal a save makes, one
after another, for a save over an old one with its backup and picture, one that drops an old picture, a new
name, the quick slot and an autosave, of both games; then on a real small tmpfs (as root; skipped elsewhere).
"""

from __future__ import annotations

import errno
import json
import os
import pathlib
import subprocess
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

import saves.atomic
from saves import SaveManager, SaveWriteError
from saves.manager import KEEP_AUTOSAVES
from tests.test_saves_classic import classic_played
from tests.test_saves_common import folder_bytes, played
from ui.settings import Settings

PNG_OLD = b"\x89PNG\r\n\x1a\n" + b"old picture" * 100
PNG_NEW = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 240  # about 60 KB, as the table's pictures are


class Disk:
    """Counts the file operations of a save and makes the ``fail_at``-th one refuse with ENOSPC (a write
    then leaves its half-written file, as a full disk does). ``broken_after`` also fails every rename after
    the first failure (EIO): nothing can be put back."""

    OPS = ("link", "replace", "rename", "unlink", "symlink", "mkdir")

    def __init__(self) -> None:
        self.count = 0
        self.fail_at: int | None = None
        self.failed = False
        self.broken_after = False
        self.kinds: list[str] = []

    def _tick(self, kind: str) -> None:
        self.kinds.append(kind)
        self.count += 1
        if self.count - 1 == self.fail_at:
            self.failed = True
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        if self.failed and self.broken_after and kind in ("replace", "rename", "unlink"):
            raise OSError(errno.EIO, os.strerror(errno.EIO))

    @contextmanager
    def patched(self, monkeypatch: pytest.MonkeyPatch) -> Iterator[Disk]:
        real_write = saves.atomic._write_synced

        def write(path: pathlib.Path, data: bytes) -> None:
            try:
                self._tick("write")
            except OSError as exc:
                if exc.errno == errno.ENOSPC:
                    pathlib.Path(path).write_bytes(data[: len(data) // 2])  # the half that fitted
                raise
            real_write(path, data)

        monkeypatch.setattr(saves.atomic, "_write_synced", write)
        for name in self.OPS:
            real = getattr(os, name)

            def op(*args: Any, _real: Callable[..., Any] = real, _name: str = name, **kwargs: Any) -> Any:
                self._tick(_name)
                return _real(*args, **kwargs)

            monkeypatch.setattr(os, name, op)
        try:
            yield self
        finally:
            monkeypatch.undo()


def restore(folder: pathlib.Path, files: dict[str, bytes]) -> None:
    for p in folder.iterdir():
        p.unlink()
    for name, data in files.items():
        (folder / name).write_bytes(data)


def unswept(folder: pathlib.Path) -> dict[str, bytes]:
    return {name: data for name, data in folder_bytes(folder).items() if not saves.atomic.is_temp(folder / name)}


def untimed(files: dict[str, bytes]) -> dict[str, Any]:
    """The files with each save's own time left out (two saves of one game differ only there)."""
    return {name: {**json.loads(data), "saved_at": ""} if name.endswith(".json") else data
            for name, data in files.items()}


def game(kind: str, n: int) -> tuple[Any, Any]:
    return played(5, n) if kind == "heroes" else classic_played(5, n)


def scenario(kind: str, folder: pathlib.Path, what: str) -> Callable[[SaveManager], pathlib.Path]:
    """Fill ``folder`` as the player left it; the save to make there now."""
    m = SaveManager(folder)
    old, old_game = game(kind, 20)
    m.save(old, "slot", game=old_game, thumbnail=PNG_OLD)
    m.save(old, "slot", game=old_game, thumbnail=PNG_OLD)  # and slot.json.bak
    m.quicksave(old, game=old_game, thumbnail=PNG_OLD)
    m.quicksave(old, game=old_game, thumbnail=PNG_OLD)
    for _ in range(KEEP_AUTOSAVES):
        m.autosave(old, game=old_game, thumbnail=PNG_OLD)
    new, new_game = game(kind, 40)
    return {
        "over": lambda m: m.save(new, "slot", game=new_game, thumbnail=PNG_NEW),
        "no_picture": lambda m: m.save(new, "slot", game=new_game),
        "new_name": lambda m: m.save(new, "другая", game=new_game, thumbnail=PNG_NEW),
        "quick": lambda m: m.quicksave(new, game=new_game, thumbnail=PNG_NEW),
        "auto": lambda m: m.autosave(new, game=new_game, thumbnail=PNG_NEW),
    }[what]


@pytest.mark.parametrize("what", ["over", "no_picture", "new_name", "quick", "auto"])
@pytest.mark.parametrize("kind", ["heroes", "classic"])
def test_a_full_disk_at_any_step_of_a_save_leaves_the_folder_as_it_was(tmp_path, monkeypatch, kind, what):
    folder = tmp_path / "saves"
    make = scenario(kind, folder, what)
    before = folder_bytes(folder)
    with Disk().patched(monkeypatch) as dry:
        path = make(SaveManager(folder))
    steps = dry.count
    new_hash = SaveManager(folder).load(path).game.state_hash()
    assert {"write", "replace"} <= set(dry.kinds), dry.kinds
    if what in ("over", "quick"):
        assert {"link", "unlink"} <= set(dry.kinds), dry.kinds  # the backup, and the old files' second names
    done = folder_bytes(folder)
    refused = 0
    for k in range(steps):
        restore(folder, before)
        disk = Disk()
        disk.fail_at = k
        with disk.patched(monkeypatch):
            try:
                out = make(SaveManager(folder))
            except SaveWriteError as exc:
                refused += 1
                assert folder_bytes(folder) == before, (k, disk.kinds[k], sorted(set(folder_bytes(folder)) ^ set(before)))
                assert "untouched" in exc.en and "не тронут" in exc.ru, exc.en
                continue
        # a step that may fail without harm (a folder that is there already; an old autosave that stays when
        # it cannot be pruned): then the save was made whole
        assert SaveManager(folder).load(out).game.state_hash() == new_hash, (k, disk.kinds[k])
        if what == "auto":
            stays = {n: b for n, b in before.items() if not n.startswith("auto-")}
            assert {n: b for n, b in folder_bytes(folder).items() if n in stays} == stays, k
        else:
            # (a temp file whose removal failed stays until the next start sweeps it: saves.atomic.remove_stale_temps)
            assert untimed(unswept(folder)) == untimed(done), (k, disk.kinds[k])
    assert refused >= steps - KEEP_AUTOSAVES * 3, (refused, steps)  # every step of the save itself was tried


def test_when_nothing_can_be_put_back_the_error_names_what_changed(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    make = scenario("heroes", folder, "over")
    before = folder_bytes(folder)
    with Disk().patched(monkeypatch) as dry:
        make(SaveManager(folder))
    renames = [i for i, kind in enumerate(dry.kinds) if kind == "replace"]
    partly = 0
    for k in renames[1:]:  # a rename fails after others were done, and no rename works any more
        restore(folder, before)
        disk = Disk()
        disk.fail_at, disk.broken_after = k, True
        with disk.patched(monkeypatch), pytest.raises(SaveWriteError) as exc:
            make(SaveManager(folder))
        now = {name: data for name, data in folder_bytes(folder).items() if not name.startswith(".")}
        changed = sorted(name for name in set(now) | set(before) if now.get(name) != before.get(name))
        assert changed, k
        assert "untouched" not in exc.value.en
        assert exc.value.en.split("changed ", 1)[1].split(", ") == changed, (changed, exc.value.en)
        assert exc.value.ru.split("изменены ", 1)[1].split(", ") == changed, (changed, exc.value.ru)
        partly += 1
    assert partly


def test_a_full_disk_when_settings_are_stored_keeps_the_old_file_and_leaves_no_temp(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    Settings(lang="en").save(path)
    before = folder_bytes(tmp_path)
    with Disk().patched(monkeypatch) as dry:
        assert Settings(lang="ru").save(path) is None
    refused: list[str] = []
    for k in range(dry.count):
        restore(tmp_path, before)
        disk = Disk()
        disk.fail_at = k
        with disk.patched(monkeypatch):
            why = Settings(lang="ru", volume=0.25).save(path)
        if why is None:  # a harmless step failed (the folder was there; a link, where a copy does as well)
            assert disk.kinds[k] in ("mkdir", "unlink", "link") and Settings.load(path).volume == 0.25
            continue
        assert why == os.strerror(errno.ENOSPC)
        assert folder_bytes(tmp_path) == before  # no settings.tmp, no half file; the old settings stay
        refused.append(disk.kinds[k])
    assert {"write", "replace"} <= set(refused), refused
    (tmp_path / "settings.tmp").write_bytes(b"")  # an empty temp file a write broken by a full disk left
    assert Settings(lang="en").save(path) is None and sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]


# ====================================================================== a real full disk
@pytest.fixture()
def small_disk(tmp_path) -> Iterator[pathlib.Path]:
    """A 1 MiB tmpfs mounted for the test (root only; skipped where mounting is not permitted)."""
    where = tmp_path / "disk"
    where.mkdir()
    if os.name != "posix" or os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(where)], capture_output=True,
                          check=False)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode(errors='replace').strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(disk: pathlib.Path, leave: int) -> None:
    """Fill the disk so that ``leave`` bytes (whole pages) stay free."""
    filler = disk / "filler"
    filler.unlink(missing_ok=True)
    with filler.open("wb", buffering=0) as f:  # unbuffered: nothing left to flush at close
        try:
            while f.write(b"\0" * 4096):
                pass
        except OSError as exc:
            assert exc.errno == errno.ENOSPC
    size = filler.stat().st_size
    os.truncate(filler, max(0, size - leave))


def test_saves_and_settings_on_a_small_full_disk(small_disk, monkeypatch):
    folder = small_disk / "saves"
    make = scenario("heroes", folder, "over")
    before = folder_bytes(folder)
    autos = {p.name for p in folder.glob("auto-*.json")}
    m = SaveManager(folder)
    auto_record, auto_game = game("heroes", 40)
    refused = 0
    for leave in range(0, 512 * 1024, 8192):
        restore(folder, before)
        fill(small_disk, leave)
        try:
            path = make(m)
        except SaveWriteError:
            assert folder_bytes(folder) == before, leave
            refused += 1
            try:
                m.autosave(auto_record, game=auto_game, thumbnail=PNG_NEW)
            except SaveWriteError:
                assert {p.name for p in folder.glob("auto-*.json")} == autos, leave  # no new autosave
            continue
        assert m.load(path) and (folder / "slot.png").read_bytes() == PNG_NEW
        break
    else:
        pytest.fail("the save never fitted")
    assert refused >= 3  # it failed at several points before it fitted
    config = small_disk / "config"
    config.mkdir()
    restore(folder, {})
    Settings(lang="en").save(config / "settings.json")
    old = folder_bytes(config)
    fill(small_disk, 0)
    assert Settings(lang="ru").save(config / "settings.json") is not None
    assert folder_bytes(config) == old and json.loads(old["settings.json"])["lang"] == "en"
