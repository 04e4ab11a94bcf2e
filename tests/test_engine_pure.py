"""The rules read no files (STYLE «The engine reads no files»): no module under engine/ except
the documented content loader (engine/content/) opens, reads, lists or stats a file or finds an asset
next to its own source. The source is scanned with ``ast``, so a comment or a string never counts."""

from __future__ import annotations

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
ENGINE = ROOT / "engine"
LOADER = ENGINE / "content"

# Methods that touch the file system whatever object they are called on (Path, os, io, a handle).
FILE_METHODS = {
    "open", "read_text", "read_bytes", "write_text", "write_bytes", "iterdir", "glob", "rglob", "is_dir",
    "is_file", "exists", "stat", "lstat", "fstat", "listdir", "scandir", "walk", "mkdir", "makedirs", "unlink",
    "rmdir", "touch", "resolve", "samefile", "expanduser",
}
# Module functions whose file form reads or writes: json.load(fp), tomllib.load(fp), os.remove(path), …
MODULE_CALLS = {
    "json": {"load", "dump"}, "tomllib": {"load"}, "pickle": {"load", "dump"}, "marshal": {"load", "dump"},
    "os": {"read", "write", "remove", "rename", "replace", "chdir", "getcwd"},
    "shutil": None, "tempfile": None, "glob": None, "fnmatch": None,  # None: every function of the module
}
FILE_MODULES = {"importlib.resources", "importlib_resources", "pkgutil", "shutil", "tempfile", "glob", "io"}


def file_access(source: str) -> list[str]:
    """Every place in ``source`` that touches the file system, as ``line: what``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Name) and node.id in ("open", "__file__"):
            found.append(f"{line}: {node.id}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            name = node.func.attr
            owner = node.func.value.id if isinstance(node.func.value, ast.Name) else None
            funcs = MODULE_CALLS.get(owner or "", set())
            if name in FILE_METHODS or funcs is None or name in (funcs or set()):
                found.append(f"{line}: {owner or '…'}.{name}()")
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
            if isinstance(node, ast.ImportFrom):
                names += [f"{node.module}.{a.name}" for a in node.names]
            found.extend(f"{line}: import {n}" for n in names if n in FILE_MODULES)
    return found


def engine_modules() -> list[pathlib.Path]:
    return sorted(p for p in ENGINE.rglob("*.py") if LOADER not in p.parents)


def test_the_scanner_sees_every_kind_of_file_access() -> None:
    samples = [
        "open('x')", "io.open('x')", "os.open('x', 0)", "path.open()", "p.read_text()", "p.read_bytes()",
        "p.write_text('')", "os.stat(p)", "os.listdir(p)", "os.scandir(p)", "p.iterdir()", "p.glob('*.toml')",
        "tomllib.load(f)", "json.load(f)", "json.dump(x, f)", "import importlib.resources",
        "from importlib import resources", "from importlib.resources import files",
        "pathlib.Path(__file__).parent / 'assets'", "p.is_dir()", "shutil.copy(a, b)",
    ]
    for text in samples:
        assert file_access(text), text
    # Pure code stays quiet: parsing text, building paths from strings is not reading them.
    assert file_access("tomllib.loads(t)\njson.loads(t)\njson.dumps(x)\nname.replace('a', 'b')\n"
                       "pathlib.PurePath('a') / 'b'\nx = data.get('open')") == []


@pytest.mark.parametrize("path", engine_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_of_the_rules_touches_files(path: pathlib.Path) -> None:
    assert file_access(path.read_text(encoding="utf-8")) == [], f"{path.relative_to(ROOT)} touches files"


def test_the_loader_is_where_files_are_read() -> None:
    # The exemption is not empty: the loader exists and really is where reading happens.
    reads = [hit for p in LOADER.rglob("*.py") for hit in file_access(p.read_text(encoding="utf-8"))]
    assert any("os.open" in hit for hit in reads) and any("__file__" in hit for hit in reads)


def test_a_scenario_plays_from_texts_alone() -> None:
    # The pure path end to end: card texts -> pool, a scenario dict -> position, no file read by the rules.
    from engine.content import BUILTIN_CARDS, TEST_CARDS
    from engine.heroes.pool import CardPool
    from engine.scenario import ScenarioError, parse_scenario, play

    files = sorted([*BUILTIN_CARDS.glob("*.toml"), *TEST_CARDS.glob("*.toml")])
    texts = {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8") for p in files}
    pool = CardPool.from_texts(texts)
    asked: list[str] = []

    def pools(kind: str) -> CardPool:
        asked.append(kind)
        return pool

    data = {"pool": "test", "p0": {"hero": "t_hero_steppe", "play": [{"card": "t_soldier", "name": "s"}]},
            "p1": {"hero": "t_hero_dark"}, "expect": [{"zone": {"s": "play"}, "turn": 1}]}
    result = play(parse_scenario(data, "memory.toml", pools=pools))
    assert asked == ["test"] and result.ok and result.checked == 2
    assert result.game.cdef(result.position.id("s")).source.startswith("tests/data/")  # the name it was given
    with pytest.raises(ScenarioError, match="pool must be one of"):
        parse_scenario({**data, "pool": "mine"}, "memory.toml", pools=pools)
    assert asked == ["test"]  # an unknown pool name is refused before any pool is asked for
    with pytest.raises(ScenarioError, match="memory.toml"):  # inline cards name the scenario's file
        parse_scenario({**data, "card": [{"id": "broken"}]}, "memory.toml", pools=pools)
