"""The «Герои» rules compiled with mypyc (tools/compile_rules.py): stale compiled code never runs, and the
rules play the same games compiled and as plain Python."""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import subprocess
import sys
import textwrap

import pytest

from tools import compile_rules as cr

ROOT = pathlib.Path(__file__).resolve().parents[1]
EXT = ".cpython-311-x86_64-linux-gnu.so"


def fake_tree(tmp_path: pathlib.Path) -> pathlib.Path:
    """A copy of the engine's sources with a pretend build: an (empty) extension beside each compiled module,
    the shared library at the root and a stamp that matches the sources."""
    root = tmp_path / "tree"
    shutil.copytree(ROOT / "engine", root / "engine", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    files = [pathlib.Path(m).with_suffix(EXT).as_posix() for m in cr.COMPILED] + [f"{cr.GROUP}__mypyc{EXT}"]
    for name in files:
        (root / name).write_bytes(b"")
    (root / cr.STAMP).write_text(json.dumps({"digest": cr.digest(root), "files": sorted(files)}), encoding="utf-8")
    return root


def test_a_build_of_the_sources_as_they_are_is_fresh_and_any_change_makes_it_stale(tmp_path):
    root = fake_tree(tmp_path)
    assert cr.check(root) == "fresh"
    for changed in ("engine/heroes/legal.py", "engine/heroes/abilities/base.py", "engine/core/events.py"):
        source = root / changed
        text = source.read_bytes()
        source.write_bytes(text + b"\n# changed\n")
        assert cr.check(root) == "stale", changed  # compiled code reads what it imports: not only COMPILED
        source.write_bytes(text)
        assert cr.check(root) == "fresh"
    (root / "engine/classic/game.py").write_text("# classic is never compiled\n", encoding="utf-8")
    assert cr.check(root) == "fresh"


def test_compiled_files_without_their_stamp_or_beside_other_files_are_stale(tmp_path):
    root = fake_tree(tmp_path)
    (root / "engine/heroes/pool.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")  # a module not in the stamp
    assert cr.check(root) == "stale"
    root = fake_tree(tmp_path / "2")
    (root / cr.STAMP).write_text("{not json", encoding="utf-8")
    assert cr.check(root) == "stale"
    (root / cr.STAMP).unlink()
    assert cr.check(root) == "stale"
    (root / "0123abcd__mypyc.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")  # an older build's library
    assert len(cr.artifacts(root)) == len(cr.COMPILED) + 2


def test_removing_a_build_leaves_plain_python(tmp_path):
    root = fake_tree(tmp_path)
    (root / "engine/heroes/legal.py").write_text("# changed\n", encoding="utf-8")
    removed = cr.remove(root)
    assert len(removed) == len(cr.COMPILED) + 1
    assert cr.check(root) == "absent"
    assert not (root / cr.STAMP).exists()
    assert sorted(p.name for p in (root / "engine/heroes").glob("*.py")) \
        == sorted(p.name for p in (ROOT / "engine/heroes").glob("*.py"))  # the sources are all there


def test_the_guard_removes_a_stale_build_and_keeps_a_fresh_one(tmp_path, capsys):
    root = fake_tree(tmp_path)
    cr.guard(root)
    assert cr.check(root) == "fresh"
    (root / "engine/heroes/game.py").write_bytes((root / "engine/heroes/game.py").read_bytes() + b"\n")
    cr.guard(root)
    assert cr.check(root) == "absent"
    assert "no longer match their sources" in capsys.readouterr().err


def test_plain_rules_asked_for_are_plain(tmp_path, monkeypatch):
    root = fake_tree(tmp_path)
    monkeypatch.setenv(cr.PLAIN_ENV, "1")
    assert cr.ensure(root, quiet=True) == "plain"
    assert cr.check(root) == "absent"


def test_the_tests_never_run_a_stale_build():
    """conftest.py's guard ran before the rules were imported: whatever is compiled is of these sources."""
    assert cr.check(ROOT) in ("fresh", "absent")
    import engine.heroes.game as game

    compiled = pathlib.Path(game.__file__).suffix in (".so", ".pyd")
    assert compiled == (cr.check(ROOT) == "fresh")


@pytest.mark.skipif(cr.check(ROOT) != "fresh", reason="the rules are not compiled here: every test runs them plain")
def test_the_plain_rules_play_the_golden_games_as_the_compiled_ones(tmp_path):
    """Where the suite runs the compiled rules, the first golden games are played by the plain sources too
    (a machine without a C compiler runs those), in a copy of the tree without its compiled files."""
    copy = tmp_path / "plain"
    skip = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd")
    for folder in ("engine", "assets", "tests/data"):
        shutil.copytree(ROOT / folder, copy / folder, ignore=skip)
    shutil.copy(ROOT / "tests" / "test_engine_golden.py", copy / "tests" / "test_engine_golden.py")
    code = textwrap.dedent("""
        import pathlib, sys
        sys.path.insert(0, sys.argv[1])
        import engine.heroes.game
        assert pathlib.Path(engine.heroes.game.__file__).suffix == ".py", engine.heroes.game.__file__
        sys.path.insert(0, str(pathlib.Path(sys.argv[1]) / "tests"))
        import test_engine_golden as golden
        golden._check(range(0, 12))
        print("ok")
    """)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run([sys.executable, "-c", code, str(copy)], cwd=copy, capture_output=True, text=True,
                         timeout=600, env=env)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-3000:]
