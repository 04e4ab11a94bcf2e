"""Save files made to hurt: huge ones stay under a memory bound, a killed save leaves nothing behind at the
next start, and a folder where a save, its picture or its backup goes gives a typed error, never half a save."""

from __future__ import annotations

import datetime
import json
import os
import pathlib
import signal
import subprocess
import sys
import time

import pytest

from saves import SaveError, SaveManager, SaveMissing, SaveWriteError
from saves.atomic import STALE_AFTER, is_temp, remove_stale_temps
from saves.manager import KEEP_AUTOSAVES
from tests.processes import run_unless_stuck
from tests.test_saves_common import folder_bytes, played

ROOT = pathlib.Path(__file__).resolve().parents[1]
MIB = 1024 * 1024


PEAK_LIMIT_MB = 500
LOADER_CPU_LIMIT = 60  # seconds of CPU (not wall time) the loader child may use: it needs about 2


def write_hostile_saves(folder: pathlib.Path) -> dict[str, str]:
    """Files made to exhaust the loader's memory, each under or far over the 20 MiB limit, or no file at all;
    returns the error code each must get. Written piece by piece: the test's own process stays small."""
    size = 20 * MIB - 64
    for name, data in (  # each made only when written: one 20 MiB text at a time in this process
        ("lists", lambda: b"[" + b"[]," * (size // 3 - 1) + b"[]]"),  # millions of empty lists: gigabytes parsed
        ("objects", lambda: b"[" + b'{"a":0},' * (size // 8 - 1) + b"{}]"),
        ("one_string", lambda: b'"' + "😀".encode() * (size // 4 - 1) + b'"'),
        # nested 100 000 deep, few enough lists to pass the count: refused for its depth, never recursed into
        ("deep", lambda: b"[" * 100_000 + b'"' + b"x" * (size - 200_002) + b'"' + b"]" * 100_000),
    ):
        (folder / f"{name}.json").write_bytes(data())
    with (folder / "strings.json").open("wb") as f:  # a million short strings: parsed, under the limits
        f.write(b"[")
        count = size // 21 - 1
        for start in range(0, count, 1 << 16):
            f.write(b"".join(b'"%08xyyyyyyyyyy",' % i for i in range(start, min(count, start + (1 << 16)))))
        f.write(b'""]')
    codes = dict.fromkeys(["lists", "objects", "one_string", "deep", "strings"], "corrupt")
    for name in codes:
        assert 19 * MIB < (folder / f"{name}.json").stat().st_size <= 20 * MIB, name
    with (folder / "huge.json").open("wb") as f:
        f.truncate(1 << 30)  # sparse: a gigabyte that must never be read
    codes["huge"] = "too_large"
    if hasattr(os, "mkfifo"):
        os.mkfifo(folder / "fifo.json")  # reading it would wait for a writer forever
        codes["fifo"] = "missing"
    if pathlib.Path("/dev/zero").exists():
        (folder / "zero.json").symlink_to("/dev/zero")  # never ends
        codes["zero"] = "missing"
    return {f"{name}.json": code for name, code in codes.items()}


# The loader's own peak: VmHWM counts this process's memory only. ru_maxrss is no measure here: on Linux
# a child started by fork/vfork + exec inherits the peak of the process that started it (the pytest
# worker, which may have passed 500 MB in earlier tests), so an 8 MB child can report 700 MB.
LOADER = """
import json, pathlib, resource, sys, time
_, hard = resource.getrlimit(resource.RLIMIT_CPU)
soft = {cpu_limit} if hard == resource.RLIM_INFINITY else min({cpu_limit}, hard)
resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))  # SIGXCPU past it, however busy the machine is

def peak_mb():
    try:
        with open("/proc/self/status") as status:
            return next(int(line.split()[1]) // 1024 for line in status if line.startswith("VmHWM:"))
    except (OSError, StopIteration):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # includes what the starter had: an upper bound
        return peak // (1024 * 1024) if sys.platform == "darwin" else peak // 1024

from saves import SaveError, read_record
print(json.dumps({{"started": True, "peak_mb": peak_mb(), "cpu": round(time.process_time(), 2)}}), flush=True)
for path in sorted(pathlib.Path(sys.argv[1]).iterdir()):
    cpu = time.process_time()
    try:
        read_record(path)
        line = {{"code": None, "en": "read without an error", "ru": ""}}
    except SaveError as exc:
        line = {{"code": exc.code, "en": exc.en, "ru": exc.ru}}
    line.update(file=path.name, cpu=round(time.process_time() - cpu, 2), peak_mb=peak_mb())
    print(json.dumps(line), flush=True)
"""


@pytest.mark.skipif(os.name != "posix", reason="resource limits, FIFOs")
def test_loading_20_mib_hostile_saves_stays_under_500_mb(tmp_path: pathlib.Path):
    """Each hostile file is refused with an error naming it, and the loader, in its own process so its
    peak is its own, stays under 500 MB and a CPU-time limit (never a wall-time one: the machine may be busy)."""
    codes = write_hostile_saves(tmp_path)
    code = LOADER.format(cpu_limit=LOADER_CPU_LIMIT)
    returncode, out, err, wall = run_unless_stuck([sys.executable, "-c", code, str(tmp_path)])
    lines = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    report = "\n".join(f"  {r['file']}: {r['code']} in {r['cpu']} s of CPU, peak {r['peak_mb']} MB; {r['en'][:120]}"
                       if "file" in r else f"  started: {r['cpu']} s of CPU, peak {r['peak_mb']} MB" for r in lines)
    report += f"\n  wall time {wall:.1f} s"
    if returncode == -signal.SIGXCPU:
        pytest.fail(f"the loader used more than {LOADER_CPU_LIMIT} s of CPU:\n{report}")
    assert returncode == 0, f"the loader exited with {returncode}:\n{report}\nstderr:\n{err[-3000:]}"
    got = {r["file"]: r for r in lines if "file" in r}
    assert {name: r["code"] for name, r in got.items()} == codes, report
    for name, r in got.items():
        assert f"'{name}'" in r["en"] and f"«{name}»" in r["ru"], r  # the message names the file
    peak = max(r["peak_mb"] for r in lines)
    assert peak < PEAK_LIMIT_MB, f"the loader peaked at {peak} MB:\n{report}"


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
    returncode, _, err, _ = run_unless_stuck([sys.executable, "-c", KILLED_WRITE, str(folder)])
    assert returncode == -signal.SIGKILL, err
    left = sorted(p.name for p in folder.iterdir())
    temps = [name for name in left if name.startswith(".")]  # the new save, and the old files' second names
    assert [name for name in left if name not in temps] == ["slot.json", "slot.json.bak"], left
    assert temps and all(is_temp(folder / name) for name in temps), left
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


# ====================================================================== shapes a clock or a type would trip on
def _shaped(doc: dict, shape: str) -> dict:
    doc = json.loads(json.dumps(doc))
    if shape == "first_day":
        doc["saved_at"] = doc["started_at"] = "0001-01-01T00:00:00+23:59"  # the year 0 in UTC
    elif shape == "last_day":
        doc["saved_at"] = "9999-12-31T23:59:59-23:59"  # the year 10000 in UTC
    elif shape == "time_a_number":
        doc["saved_at"] = 1_700_000_000
    elif shape == "seed_a_float":
        doc["setup"]["seed"] = 7.0
    elif shape == "name_a_bool":
        doc["setup"]["players"][0]["name"] = True
    elif shape == "player_a_float":
        doc["log"].append("concede player=1.0")
        doc["snapshot"]["actions"] = len(doc["log"])
    elif shape == "field_a_word":  # a whole number's place taken by yes
        i, k = next((i, k) for i, text in enumerate(doc["log"]) for k, part in enumerate(text.split())
                    if "=" in part and part.split("=")[1].isdigit())
        parts = doc["log"][i].split()
        parts[k] = parts[k].split("=")[0] + "=yes"
        doc["log"][i] = " ".join(parts)
    return doc


SHAPES = {"first_day": "ok", "last_day": "ok", "time_a_number": "corrupt", "seed_a_float": "corrupt",
          "name_a_bool": "corrupt", "player_a_float": "corrupt", "field_a_word": "corrupt"}


@pytest.mark.parametrize("kind", ["heroes", "classic"])
def test_saves_with_times_at_the_ends_and_wrong_types_are_listed_and_agree_with_the_check(tmp_path, kind):
    """Both games' saves: a time at the calendar's ends is a good save that the list shows with an unknown
    date; a value of the wrong type (in the JSON, or in an action's field) is a broken one, for both."""
    from saves import __main__ as check_cli
    from saves import encode
    from tests.test_saves_classic import classic_played
    from ui import storage
    from ui.i18n import Tr

    record, g = played(8, 30) if kind == "heroes" else classic_played(8, 30)
    record.capture(g)
    base = json.loads(encode(record))
    for shape in SHAPES:
        (tmp_path / f"{shape}.json").write_text(json.dumps(_shaped(base, shape), ensure_ascii=False), encoding="utf-8")
    manager = SaveManager(tmp_path)
    for shape, want in SHAPES.items():
        code, line = check_cli.check(tmp_path / f"{shape}.json", "en")
        assert (code == check_cli.EXIT_OK) == (want == "ok"), (shape, line)
        if want != "ok":
            assert line.startswith(f"BAD ({want}) ") or line.startswith("BAD (illegal) "), (shape, line)
            with pytest.raises(SaveError):
                manager.load(f"{shape}.json")
    listed = {info.name: info for info in manager.list()}
    assert set(listed) == set(SHAPES)
    for shape, want in SHAPES.items():
        assert listed[shape].ok == (want == "ok"), (shape, listed[shape].error)
        for lang in ("ru", "en"):
            assert storage.when(listed[shape], Tr(lang))
    assert storage.when(listed["first_day"], Tr("en")) == "date unknown"
    assert [info.name for info in manager.list()][-2:] in (["last_day", "first_day"], ["first_day", "last_day"])
