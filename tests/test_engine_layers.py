"""The «Герои» engine is a chain of layers (STYLE.md «Where the house is going»), read from the source.

queries → targets → changes → triggers → effects → legal → game: each layer is one module holding one
class built on the class of the layer below, and a layer imports no higher layer (not even under
``if TYPE_CHECKING:``) and uses through ``self`` only what its own layer or a lower one defines. A
lower layer reaches up only through a hook it declares itself (``Changes.emit``, ``finish``,
``happened``). No method annotates ``self`` (as the mixins did with ``self: HeroesGame``).
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from engine.core.game import DecisionGame

ROOT = Path(__file__).resolve().parent.parent
HEROES = ROOT / "engine" / "heroes"
LAYERS = [("queries", "Queries"), ("targets", "Targets"), ("changes", "Changes"), ("triggers", "Triggers"),
          ("effects", "Effects"), ("legal", "Legal"), ("game", "HeroesGame")]
NAMES = [name for name, _ in LAYERS]
MAX_LINES = 600


def tree(module: str) -> ast.Module:
    path = HEROES / f"{module.replace('.', '/')}.py"
    if not path.exists():
        path = HEROES / module.replace(".", "/") / "__init__.py"
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def heroes_imports(module_tree: ast.AST) -> set[str]:
    """The engine.heroes modules imported anywhere in the tree (TYPE_CHECKING blocks included)."""
    found: set[str] = set()
    for node in ast.walk(module_tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            if name.startswith("engine.heroes."):
                found.add(name.removeprefix("engine.heroes.").split(".")[0])
    return {m for m in found if (HEROES / f"{m}.py").exists() or (HEROES / m).is_dir()}


def layer_imports(module_tree: ast.AST) -> set[str]:
    return heroes_imports(module_tree) & set(NAMES)


def test_the_import_reader_sees_every_form() -> None:
    src = ("from engine.heroes.effects import x\nimport engine.heroes.legal\nfrom engine.heroes import game\n"
           "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from engine.heroes.triggers import T\n"
           "def f():\n    from engine.heroes.changes import C\n")
    assert layer_imports(ast.parse(src)) == {"effects", "legal", "game", "triggers", "changes"}


@pytest.mark.parametrize("index", range(len(LAYERS)))
def test_a_layer_imports_no_higher_layer(index: int) -> None:
    name = NAMES[index]
    higher = layer_imports(tree(name)) - set(NAMES[:index])
    assert not higher, f"{name} imports the higher layer(s) {sorted(higher)}"


def test_what_the_layers_build_on_imports_no_layer() -> None:
    """The helpers a layer imports (cards, pool, registry, chains…), and theirs in turn, stay below every layer."""
    todo = set().union(*(heroes_imports(tree(name)) for name in NAMES)) - set(NAMES)
    seen: set[str] = set()
    while todo:
        module = todo.pop()
        seen.add(module)
        used = heroes_imports(tree(module))
        assert not used & set(NAMES), f"{module}, which a layer builds on, imports the layer(s) {sorted(used & set(NAMES))}"
        todo |= used - seen
    assert {"carddef", "chains", "state"} <= seen


def test_each_layer_is_one_class_on_the_one_below() -> None:
    below: type = DecisionGame
    for name, cls_name in LAYERS:
        module = importlib.import_module(f"engine.heroes.{name}")
        classes = [n.name for n in tree(name).body if isinstance(n, ast.ClassDef)]
        assert cls_name in classes, f"{name} defines no {cls_name}"
        cls = getattr(module, cls_name)
        assert cls.__bases__ == (below,), f"{cls_name} builds on {cls.__bases__}, not on {below.__name__}"
        below = cls


def _defined(cls: type) -> set[str]:
    """Everything a class and the classes below it define or declare (methods, fields, annotations)."""
    out: set[str] = set()
    for k in cls.__mro__:
        out |= set(vars(k)) | set(getattr(k, "__annotations__", {}))
    return out


def _self_uses(module_tree: ast.Module, cls_name: str) -> list[tuple[str, int]]:
    """``self.<name>`` read in the class, but for names the class itself assigns (its own state)."""
    cls = next(n for n in module_tree.body if isinstance(n, ast.ClassDef) and n.name == cls_name)
    found = [n for n in ast.walk(cls)
             if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self"]
    own = {n.attr for n in found if isinstance(n.ctx, ast.Store)}
    return [(n.attr, n.lineno) for n in found if n.attr not in own]


@pytest.mark.parametrize("index", range(len(LAYERS)))
def test_a_layer_uses_only_its_own_layer_and_the_ones_below(index: int) -> None:
    name, cls_name = LAYERS[index]
    cls = getattr(importlib.import_module(f"engine.heroes.{name}"), cls_name)
    known = _defined(cls)
    uses = _self_uses(tree(name), cls_name)
    assert uses
    above = sorted({f"self.{attr} (line {line})" for attr, line in uses if attr not in known})
    assert not above, f"{cls_name} uses what only a higher layer defines: {above}"


def test_the_use_check_sees_a_call_upwards() -> None:
    from engine.heroes.changes import Changes

    module_tree = ast.parse("class Changes:\n    def f(self):\n        self.collect('death', 1, {})\n"
                            "        self.mine = self.first\n        return self.mine\n")
    uses = _self_uses(module_tree, "Changes")
    assert sorted(attr for attr, _ in uses if attr not in _defined(Changes)) == ["collect", "first"]


def test_no_method_annotates_self() -> None:
    found = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.args.args:
                first = node.args.args[0]
                if first.arg == "self" and first.annotation is not None:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}")
    assert not found, found


@pytest.mark.parametrize("name", NAMES)
def test_a_layer_module_is_small(name: str) -> None:
    lines = (HEROES / f"{name}.py").read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"{name}.py has {lines} lines; split it along the layers"


READ_ONLY = ("queries", "targets")
CACHES = {"_aura_cache", "_lives_lowered"}  # the aura index, built on demand and reset by changes


@pytest.mark.parametrize("name", READ_ONLY)
def test_the_query_layers_change_nothing_but_their_caches(name: str) -> None:
    stores = sorted({f"{ast.unparse(n)} (line {n.lineno})" for n in ast.walk(tree(name))
                     if isinstance(n, ast.Attribute) and isinstance(n.ctx, (ast.Store, ast.Del))
                     and n.attr not in CACHES})
    assert not stores, f"{name} sets {stores}"
    calls = [n.lineno for n in ast.walk(tree(name)) if isinstance(n, ast.Attribute) and n.attr in ("emit", "finish")]
    assert not calls, f"{name} emits events (lines {calls})"
