"""The import graph, read from the source with ``ast``: no package imports in a circle, and no scene
imports another scene (they switch by name through ``ui.registry``).

Every import counts, at any depth (inside functions too: a late import hides a circle, it does not
remove it), except those under ``if TYPE_CHECKING:``, which never run. Importing ``a.b.c`` runs the
``__init__`` of ``a.b`` too, so that is an edge as well (unless the importer is inside ``a.b``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(package: str) -> dict[str, Path]:
    """Every module of ``package`` (a top-level folder of the project) by dotted name."""
    return {module_name(p): p for p in sorted((ROOT / package).rglob("*.py"))}


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST):
    """Import statements anywhere in ``tree`` but under ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        if isinstance(node, ast.If) and _type_checking(node):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ``known`` that module ``name`` (at ``path``) imports."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            # ``from pkg import sub`` imports the submodule; ``from mod import name`` the module
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        for target in targets:
            found.update(t for t in _runs(target, name) if t in known and t != name)
    return found


def _runs(target: str, importer: str) -> list[str]:
    """What importing ``target`` from ``importer`` runs: ``target`` and the ``__init__`` of each package
    above it, but for the importer's own packages (those have run before the importer)."""
    parts = target.split(".")
    packages = [".".join(parts[:i]) for i in range(1, len(parts))]
    return [p for p in packages if not (importer + ".").startswith(p + ".")] + [target]


def graph(package: str) -> dict[str, set[str]]:
    known = modules(package)
    return {name: imported(name, path, known) for name, path in known.items()}


def knots(edges: dict[str, set[str]]) -> list[set[str]]:
    """The groups of modules that all reach each other through imports (Tarjan's strong components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return groups


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One circle through each knot, as a path that returns to its start: ``[a, b, c, a]``."""
    return [_circle(edges, group) for group in knots(edges)]


def _circle(edges: dict[str, set[str]], group: set[str]) -> list[str]:
    """The shortest path from the group's first module back to itself, inside the group."""
    start = min(group)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(edges[v] & group):
                if w == start:
                    return paths[v] + [start]
                if w not in paths:
                    paths[w] = paths[v] + [w]
                    nxt.append(w)
        frontier = nxt
    raise AssertionError(f"no circle in {group}")  # a strongly connected group always has one


def show(edges: dict[str, set[str]]) -> str:
    """Each knot: a circle through it, then all its modules."""
    return "\n".join(f"{' -> '.join(_circle(edges, g))}\n    ({len(g)} modules: {', '.join(sorted(g))})"
                     for g in knots(edges))


@pytest.mark.parametrize("package", [
    "ui",
    "saves",
    "engine",
    "net",
])
def test_no_import_circles(package):
    edges = graph(package)
    print(show(edges))
    assert not knots(edges), f"{package}/ imports in a circle:\n{show(edges)}"


# A scene built on another is not a switch. None is left: the demo is built on the table scene its game's
# client hands out (ui.rulesets), so it names no table scene.
BUILT_ON: set[str] = set()


def test_no_scene_imports_another():
    """Scenes switch by name (``app.show("menu")``); a scene importing another ties them in a knot."""
    edges = graph("ui")
    # the shared scenes and each game's table scene (ui/<game>/scene.py)
    scenes = {m for m in edges if m.startswith("ui.scenes.") or (m.startswith("ui.") and m.endswith(".scene")
                                                                   and m != "ui.scene")}
    assert "ui.scenes.menu" in scenes and "ui.heroes.scene" in scenes, "no scenes found: has ui/scenes moved?"
    crossing = {f"{m} -> {t}" for m in scenes for t in edges[m] if t in scenes or t == "ui.scenes"}
    assert not crossing - BUILT_ON, "scenes that import other scenes:\n" + "\n".join(sorted(crossing - BUILT_ON))
    assert BUILT_ON <= crossing, f"no longer needed, remove from BUILT_ON: {sorted(BUILT_ON - crossing)}"


def test_the_graph_sees_late_and_relative_imports(tmp_path, monkeypatch):
    """The reader itself: an import inside a function, a relative one and a package's ``__init__`` are
    edges; a TYPE_CHECKING one is not; and a circle is found and shown as a path."""
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from pkg.sub import b\n")
    (pkg / "sub" / "b.py").write_text("from .c import x\n")
    (pkg / "sub" / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pkg.a\n"
                                      "x = 1\n")
    monkeypatch.setattr(__import__(__name__, fromlist=["ROOT"]), "ROOT", tmp_path)
    edges = graph("pkg")
    assert edges["pkg.a"] == {"pkg.sub", "pkg.sub.b"}, "importing pkg.sub.b runs pkg/sub/__init__.py"
    assert edges["pkg.sub.b"] == {"pkg.sub.c"}
    assert edges["pkg.sub.c"] == set()
    assert cycles(edges) == []
    (pkg / "sub" / "c.py").write_text("import pkg.a\n")
    assert cycles(graph("pkg")) == [["pkg.a", "pkg.sub.b", "pkg.sub.c", "pkg.a"]]
    (pkg / "sub" / "c.py").write_text("x = 1\n")
    (pkg / "sub" / "__init__.py").write_text("import pkg.a\n")
    assert cycles(graph("pkg")) == [["pkg.a", "pkg.sub", "pkg.a"]], "a circle through a package's __init__"


# Code above the rules reaches a game through find_ruleset; only a game's own part may import it.
RULESET_PACKAGES = ("engine.heroes", "engine.classic")
GAME_NEUTRAL = {
    "saves": {"saves.heroes": "engine.heroes", "saves.classic": "engine.classic"},  # each game's save kit
    "net": {"net.heroes": "engine.heroes", "net.classic": "engine.classic"},  # each game's server kit
    "engine.ai": {},
    "engine.scenario": {},
    "engine.lesson": {},
    "engine.core": {},
}


def _ruleset_imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        found.update(n for n in names for pkg in RULESET_PACKAGES if n == pkg or n.startswith(pkg + "."))
    return found


def test_the_ruleset_import_check_sees_both_forms(tmp_path):
    path = tmp_path / "m.py"
    path.write_text("import engine.heroes.game\ndef f():\n    from engine.classic.cards import X\nfrom engine.core import y\n")
    assert _ruleset_imports(path) == {"engine.heroes.game", "engine.classic.cards"}


@pytest.mark.parametrize("package", sorted(GAME_NEUTRAL))
def test_code_above_the_rules_imports_no_game_but_its_own_part(package):
    allowed = GAME_NEUTRAL[package]
    found = modules(package.replace(".", "/"))
    assert found, f"no modules found in {package}"
    bad = []
    for name, path in found.items():
        own = allowed.get(name)
        for imp in _ruleset_imports(path):
            if own is None or not (imp == own or imp.startswith(own + ".")):
                bad.append(f"{name} imports {imp}")
    assert not bad, "\n".join(bad)


# Shared client modules that still reach into «Герои» directly. The list only shrinks, and is empty: the
# card faces and texts, the deck content, the demo's table, the replay's board and the test drivers' game
# parts are «Герои»'s own (ui/heroes/) or come through its client; a shared module that imports a game fails.
STILL_HEROES: set[str] = set()


GAME_PACKAGES = ("ui.heroes", "ui.classic")  # each game's own table package: it may import its own game
OWN_GAME = {"ui.heroes": "engine.heroes", "ui.classic": "engine.classic"}


def _game_imports(name: str) -> set[str]:
    """The game packages (engine.heroes, engine.classic, ui.<game>) module ``name`` of ui/ imports."""
    games = ("engine.heroes", "engine.classic", "ui.heroes", "ui.classic")
    path = ROOT / (name.replace(".", "/") + ".py")
    if not path.exists():
        path = ROOT / name.replace(".", "/") / "__init__.py"
    found = set()
    for node in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        targets = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
        if isinstance(node, ast.ImportFrom) and node.level:
            continue  # a relative import stays inside its own package
        found.update(g for t in targets for g in games if t == g or t.startswith(g + "."))
    return found


def test_the_shared_client_reaches_games_through_their_client_adapter():
    """ui/rulesets.find_client names each game's client only as a string; the session, the shared scenes
    and the rest of ui/ outside a game's package import no game (but those still listed above)."""
    # the scene registry names each scene's module, a game's table scene too (as ui.rulesets names clients)
    shared = [m for m in modules("ui") if not m.startswith(GAME_PACKAGES) and m != "ui.registry"]
    assert "ui.session" in shared and "ui.rulesets" in shared
    reaching = {m: _game_imports(m) for m in shared}
    reaching = {m: g for m, g in reaching.items() if g}
    assert not set(reaching) - STILL_HEROES, f"shared client modules importing a game: {reaching}"
    assert STILL_HEROES <= set(reaching), f"no longer reaching a game, remove: {sorted(STILL_HEROES - set(reaching))}"


def test_each_games_table_imports_only_its_own_game():
    """ui/heroes/ reaches engine.heroes, ui/classic/ engine.classic; neither reaches the other game."""
    bad = []
    for package, own in OWN_GAME.items():
        found = [m for m in modules("ui") if m == package or m.startswith(package + ".")]
        assert found, f"no modules in {package}"
        for m in found:
            bad += [f"{m} imports {g}" for g in _game_imports(m) if g not in (own, package)]
    assert not bad, "\n".join(bad)
