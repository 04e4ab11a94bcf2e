"""The rules of both games compiled with mypyc (tools/compile_rules.py): stale compiled code never runs, and
the rules play the same games compiled and as plain Python."""

from __future__ import annotations

import ast
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
    files = [pathlib.Path(m).with_suffix(EXT).as_posix() for m in cr.COMPILED] + [f"{g}__mypyc{EXT}" for g in cr.GROUPS]
    for name in files:
        (root / name).write_bytes(b"")
    (root / cr.STAMP).write_text(json.dumps({"digest": cr.digest(root), "files": sorted(files)}), encoding="utf-8")
    return root


def test_a_build_of_the_sources_as_they_are_is_fresh_and_any_change_makes_it_stale(tmp_path):
    root = fake_tree(tmp_path)
    assert cr.check(root) == "fresh"
    for changed in ("engine/heroes/legal.py", "engine/heroes/abilities/base.py", "engine/core/events.py",
                    "engine/classic/game.py", "engine/classic/abilities/base.py", "engine/classic/events.py",
                    "engine/heroes/ai/easy.py", "engine/heroes/ai/observe.py", "engine/ai/observe.py"):
        source = root / changed
        text = source.read_bytes()
        source.write_bytes(text + b"\n# changed\n")
        assert cr.check(root) == "stale", changed  # compiled code reads what it imports: not only COMPILED
        source.write_bytes(text)
        assert cr.check(root) == "fresh"
    # the searches and the bots are imported by no compiled module: editing them needs no new build
    for unwatched in ("engine/heroes/ai/normal.py", "engine/heroes/ai/hard.py", "engine/ai/ismcts.py",
                      "engine/classic/ai/normal.py"):
        (root / unwatched).write_text("# changed\n", encoding="utf-8")
    assert cr.check(root) == "fresh"
    (root / "engine/content/cards.py").write_text("# outside the rules\n", encoding="utf-8")
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
    assert len(cr.artifacts(root)) == len(cr.COMPILED) + len(cr.GROUPS) + 1


def test_removing_a_build_leaves_plain_python(tmp_path):
    root = fake_tree(tmp_path)
    (root / "engine/heroes/legal.py").write_text("# changed\n", encoding="utf-8")
    removed = cr.remove(root)
    assert len(removed) == len(cr.COMPILED) + len(cr.GROUPS)
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


def _imports(path: pathlib.Path) -> set[str]:
    """The engine modules a source imports, at run time or for the type checker (mypy reads both)."""
    out = set()
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1] + ([base] if base else []))
            out.add(base)
            out.update(f"{base}.{a.name}" for a in node.names)  # ``from engine.classic import board``
    return {m for m in out if m.startswith("engine")}


def _module_file(name: str) -> pathlib.Path | None:
    base = ROOT.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def test_no_compiled_module_reaches_the_unwatched_packages():
    """The digest leaves out the computer players' packages (UNWATCHED) only because nothing a build reads
    imports them: follow every import, at run time or for the type checker, from each compiled module."""
    seen: set[pathlib.Path] = set()
    todo = [ROOT / m for m in cr.COMPILED]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for name in _imports(path):
            parts = name.split(".")
            for k in range(1, len(parts) + 1):  # a package's __init__ runs before its module
                found = _module_file(".".join(parts[:k]))
                if found is not None and found not in seen:
                    todo.append(found)
    reached = sorted(p.relative_to(ROOT).as_posix() for p in seen)
    assert "engine/classic/abilities/base.py" in reached and "engine/heroes/registry.py" in reached  # it follows
    assert "engine/ai/observe.py" in reached  # through the rules of thumb of «Герои»'s computer
    for skip in cr.UNWATCHED:
        assert not [p for p in reached if p == skip or p.startswith(skip + "/")], f"a compiled module imports {skip}"


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


# Random classic games from the test decks (the setup, then the battle to its end), as bench/engine_speed.py
# plays them: a digest of every listed action, every event and a state hash every ten actions.
CLASSIC_GAMES = textwrap.dedent("""
    import hashlib, json, pathlib, random, sys
    sys.path.insert(0, sys.argv[1])
    from engine.classic import actions as A
    from engine.content.cards import load_classic_cards, load_classic_decks
    from engine.core.ruleset import find_ruleset
    import engine.classic.game as rules
    ruleset = find_ruleset("classic")
    cards = load_classic_cards("test")
    decks = [d for _, d in sorted(load_classic_decks("test").items())]
    h = hashlib.sha256()
    for seed in range(int(sys.argv[2])):
        rng = random.Random(seed)
        g = ruleset.new_game(cards, [decks[seed % len(decks)], decks[(seed + 1) % len(decks)]], seed=seed)
        steps = 0
        while not g.is_over and steps < 20000:
            legal = g.legal_actions()
            h.update(" ".join(str(a) for a in legal).encode())
            if g.pending.kind == "place":
                legal = [a for a in legal if isinstance(a, A.Ready)] or [
                    a for a in legal if isinstance(a, A.Place) and a.card not in g.creatures]
            h.update(json.dumps([e.to_dict() for e in g.apply(rng.choice(legal))], sort_keys=True).encode())
            if steps % 10 == 0:
                h.update(g.state_hash().encode())
            steps += 1
        h.update(g.state_hash().encode())
    print(pathlib.Path(rules.__file__).suffix, h.hexdigest())
""")


@pytest.mark.skipif(cr.check(ROOT) != "fresh", reason="the rules are not compiled here: every test runs them plain")
def test_the_plain_classic_rules_play_the_same_games_as_the_compiled_ones(tmp_path):
    """Random classic games, compiled and from a copy of the tree without its compiled files: the same actions
    listed, the same events and the same states."""
    copy = tmp_path / "plain"
    skip = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd")
    for folder in ("engine", "assets", "tests/classic_data"):
        shutil.copytree(ROOT / folder, copy / folder, ignore=skip)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    digests = {}
    for tree in (ROOT, copy):
        out = subprocess.run([sys.executable, "-c", CLASSIC_GAMES, str(tree), "24"], cwd=tree, capture_output=True,
                             text=True, timeout=600, env=env)
        assert out.returncode == 0, out.stderr[-3000:]
        suffix, digest = out.stdout.split()
        digests[suffix] = digest
    assert sorted(digests) == [".py", ".so"] and digests[".py"] == digests[".so"]
