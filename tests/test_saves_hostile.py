"""Save files made to hurt: huge ones stay under a memory bound, a killed save leaves nothing behind at the
next start, and a folder where a save, its picture or its backup goes gives a typed error, never half a save."""

from __future__ import annotations

import datetime
import os
import pathlib
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from saves import SaveManager, SaveMissing, SaveWriteError
from saves.atomic import STALE_AFTER, is_temp, remove_stale_temps
from saves.manager import KEEP_AUTOSAVES
from tests.test_saves_common import folder_bytes, played

ROOT = pathlib.Path(__file__).resolve().parents[1]
MIB = 1024 * 1024


def test_loading_20_mib_hostile_saves_stays_under_500_mb(tmp_path: pathlib.Path):
    """Each file is just under the 20 MiB limit; the loader runs in its own process so its peak is measured."""
    size = 20 * MIB - 64
    files = {
        "lists": "[" + "[]," * (size // 3 - 1) + "[]]",  # millions of empty lists: gigabytes once parsed
        "objects": "[" + '{"a":0},' * (size // 8 - 1) + "{}]",
        "strings": "[" + ",".join(f'"{i:08x}yyyyyyyyyy"' for i in range(size // 21 - 1)) + "]",  # parsed: under the limits
        "one_string": '"' + "😀" * (size // 4 - 1) + '"',
    }
    for name, text in files.items():
        (tmp_path / f"{name}.json").write_text(text, encoding="utf-8")
        assert 19 * MIB < len(text.encode("utf-8")) <= 20 * MIB, name
    code = textwrap.dedent(f"""
        import pathlib, resource, sys
        from saves import SaveError, read_record
        for path in sorted(pathlib.Path({str(tmp_path)!r}).glob("*.json")):
            try:
                read_record(path)
            except SaveError as exc:
                print(exc.code, path.name)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print("peak_mb", peak // (1024 * 1024) if sys.platform == "darwin" else peak // 1024)
    """)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.split("\n")
    assert sorted(line for line in lines if line.startswith("corrupt")) == sorted(f"corrupt {n}.json" for n in files)
    peak = int(next(line for line in lines if line.startswith("peak_mb")).split()[1])
    assert peak < 500, peak


# ====================================================================== a save killed mid-write
KILLED_WRITE = """
import os, signal, sys
from saves import SaveManager
from tests.test_saves_common import played

manager = SaveManager(sys.argv[1])
record, game = played(5, 20)
manager.save(record, "slot", game=game)
record, game = played(5, 30)
real = os.replace

def killed(src, dst, *a, **k):  # the power goes off after the temp file is written, before the rename
    if str(dst).endswith("slot.json"):
        os.kill(os.getpid(), signal.SIGKILL)
    return real(src, dst, *a, **k)

os.replace = killed
manager.save(record, "slot", game=game)
"""


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
def test_temp_files_of_a_save_killed_mid_write_are_removed_at_the_next_start(tmp_path: pathlib.Path):
    folder = tmp_path / "saves"
    out = subprocess.run([sys.executable, "-c", KILLED_WRITE, str(folder)], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == -signal.SIGKILL, out.stderr
    left = sorted(p.name for p in folder.iterdir())
    assert left[1:] == ["slot.json", "slot.json.bak"], left
    assert left[0].startswith(".slot.json.") and is_temp(folder / left[0])
    old = (folder / "slot.json").read_bytes()
    manager = SaveManager(folder)  # the next start: the menu lists the saves
    assert [i.name for i in manager.list()] == ["slot"]
    assert sorted(p.name for p in folder.iterdir()) == ["slot.json", "slot.json.bak"]
    assert (folder / "slot.json").read_bytes() == old and manager.load("slot")


def test_only_temp_files_whose_writer_is_gone_are_removed(tmp_path: pathlib.Path):
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        ours = tmp_path / f".a.json.{os.getpid()}-0a0b0c0d.tmp"
        live = tmp_path / f".b.json.{sleeper.pid}-0a0b0c0d.tmp"
        stale = tmp_path / f".c.json.{sleeper.pid}-1a1b1c1d.tmp"
        unknown = tmp_path / ".d.json.tmp"
        for p in (ours, live, stale, unknown):
            p.write_bytes(b"{")
        long_ago = time.time() - STALE_AFTER - 60
        os.utime(stale, (long_ago, long_ago))
        (tmp_path / ".e.json.1-0a0b0c0d.tmp").mkdir()  # not a file: left alone
        removed = remove_stale_temps(tmp_path)
        if os.name == "posix":  # elsewhere only the age decides
            assert ours.exists() and live.exists() and unknown.exists()
        assert removed == [stale] and not stale.exists()
        assert (tmp_path / ".e.json.1-0a0b0c0d.tmp").is_dir()
    finally:
        sleeper.kill()
        sleeper.wait()


# ====================================================================== a folder where a file goes
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 40


@pytest.fixture(scope="module")
def game():
    return played(7, 20)


@pytest.mark.parametrize("where", ["x.json", "x.png", "x.json.bak"])
@pytest.mark.parametrize("picture", [PNG, None], ids=["picture", "no_picture"])
def test_a_folder_where_a_save_part_goes_refuses_the_save_and_changes_nothing(tmp_path, game, where, picture):
    record, g = game
    manager = SaveManager(tmp_path)
    if where != "x.json":
        manager.save(record, "x", game=g, thumbnail=PNG)
        manager.save(record, "x", game=g, thumbnail=PNG)  # a .bak too
        (tmp_path / where).unlink()
    (tmp_path / where).mkdir()
    before = folder_bytes(tmp_path)
    with pytest.raises(SaveWriteError) as err:
        manager.save(record, "x", game=g, thumbnail=picture)
    assert f"'{where}' is a folder" in err.value.message("en") and f"«{where}» папка" in err.value.message("ru")
    assert folder_bytes(tmp_path) == before and (tmp_path / where).is_dir()
    assert not [p for p in tmp_path.iterdir() if is_temp(p)]


@pytest.mark.parametrize("where", ["x.png", "x.json.bak"])
def test_delete_with_a_folder_in_the_way_leaves_the_whole_save(tmp_path, game, where):
    record, g = game
    manager = SaveManager(tmp_path)
    manager.save(record, "x", game=g, thumbnail=PNG)
    manager.save(record, "x", game=g, thumbnail=PNG)
    (tmp_path / where).unlink()
    (tmp_path / where).mkdir()
    before = folder_bytes(tmp_path)
    with pytest.raises(SaveWriteError):
        manager.delete(tmp_path / "x.json")
    assert folder_bytes(tmp_path) == before  # never the .json gone and the .bak left
    assert manager.load("x")


def test_quick_slot_taken_by_a_folder(tmp_path, game):
    record, g = game
    manager = SaveManager(tmp_path)
    (tmp_path / "quick.json").mkdir()
    with pytest.raises(SaveWriteError):
        manager.quicksave(record, game=g)
    with pytest.raises(SaveMissing):
        manager.quickload()


def test_autosave_beside_folders_named_like_autosaves(tmp_path, game, monkeypatch):
    record, g = game
    manager = SaveManager(tmp_path)
    for _ in range(KEEP_AUTOSAVES + 2):
        manager.autosave(record, game=g)
    oldest = tmp_path / "auto-19990101-000000-000000.json"
    oldest.mkdir()  # sorts first: pruning would try to delete it
    stamp = datetime.datetime(2099, 1, 2, 3, 4, 5, 6, tzinfo=datetime.UTC)
    (tmp_path / f"auto-{stamp:%Y%m%d-%H%M%S-%f}.json").mkdir()  # the very name the next autosave wants

    class Clock(datetime.datetime):
        @classmethod
        def now(cls, tz=None):
            return stamp

    monkeypatch.setattr(datetime, "datetime", Clock)
    path = manager.autosave(record, game=g)
    monkeypatch.undo()
    assert path.name == f"auto-{stamp:%Y%m%d-%H%M%S-%f}-1.json" and manager.load(path)
    autos = [i for i in manager.list() if i.kind == "auto"]
    assert len(autos) == KEEP_AUTOSAVES and all(i.ok for i in autos)
    assert oldest.is_dir()
