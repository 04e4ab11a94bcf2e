"""The file tools on hostile files: ``python -m engine.scenario`` and ``python -m saves check`` exit 2 with
the reason naming the file, never a traceback, for files nested 500 or 1000 deep, huge ones and paths
that are not regular files (``python -m engine.cards check``: tests/test_files_cards.py)."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import pytest

from engine.content import MAX_FILE, load_scenario
from engine.scenario import ScenarioError

ROOT = pathlib.Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8"})


def hostile(folder: pathlib.Path, suffix: str) -> dict[str, pathlib.Path]:
    """Deep files of each kind, a huge one, a folder, a FIFO and a link to a device, named ``*suffix``."""
    folder.mkdir(parents=True, exist_ok=True)
    files = {}
    for n in (500, 1000):
        files[f"deep{n}"] = folder / f"deep{n}{suffix}"
        body = "[" * n + "]" * n
        files[f"deep{n}"].write_text(f'{{"a": {body}}}' if suffix == ".json" else f"a = {body}", encoding="utf-8")
    files["huge"] = folder / f"huge{suffix}"
    files["huge"].write_bytes(b" " * (21 * 1024 * 1024))
    files["folder"] = folder / f"folder{suffix}"
    files["folder"].mkdir()
    if hasattr(os, "mkfifo"):
        files["fifo"] = folder / f"pipe{suffix}"
        os.mkfifo(files["fifo"])
    if pathlib.Path("/dev/zero").exists():
        files["zero"] = folder / f"zero{suffix}"
        files["zero"].symlink_to("/dev/zero")
    return files


REASONS = {"deep500": "nested more than", "deep1000": "nested more than", "huge": "over",
           "folder": "a folder", "fifo": "named pipe (FIFO)", "zero": "a device"}


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_scenario_files_that_cannot_be_played_are_refused_with_a_reason(tmp_path: pathlib.Path, suffix: str):
    for kind, path in hostile(tmp_path, suffix).items():
        with pytest.raises(ScenarioError) as err:
            load_scenario(path)
        assert REASONS[kind] in err.value.reason("en") and path.name in err.value.reason("en"), (kind, err.value)
        assert err.value.reason("ru") != err.value.reason("en")


def test_scenario_size_limit_is_checked_before_reading(tmp_path: pathlib.Path):
    path = tmp_path / "big.toml"
    path.write_bytes(b"#" * (MAX_FILE + 1))
    with pytest.raises(ScenarioError, match="over 1 MiB"):
        load_scenario(path)


def test_scenario_cli_exits_2_with_the_reason_and_no_traceback(tmp_path: pathlib.Path):
    files = {**hostile(tmp_path / "t", ".toml"), **{f"json_{k}": v for k, v in hostile(tmp_path / "j", ".json").items()}}
    for kind, path in files.items():
        out = run("engine.scenario", str(path), "--lang", "en")
        assert out.returncode == 2 and out.stdout == "", (kind, out.stderr)
        assert out.stderr.startswith("Broken scenario: file ") and "Traceback" not in out.stderr, (kind, out.stderr)
        assert REASONS[kind.removeprefix("json_")] in out.stderr and out.stderr.count("\n") == 1, (kind, out.stderr)
    out = run("engine.scenario", str(files["deep1000"]))
    assert out.returncode == 2 and "вложенность больше" in out.stderr


def test_saves_check_exits_2_with_the_reason_and_no_traceback(tmp_path: pathlib.Path):
    for kind, path in hostile(tmp_path, ".json").items():
        out = run("saves", "check", str(path), "--lang", "en")
        assert out.returncode == 2 and out.stderr == "", (kind, out.stderr)
        assert out.stdout.startswith("BAD (") and path.name in out.stdout, (kind, out.stdout)
        assert REASONS[kind] in out.stdout, (kind, out.stdout)
