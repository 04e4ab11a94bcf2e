"""Records whose ``__init__`` is written out by hand keep it matching their fields.

The rules are compiled with mypyc (tools/compile_rules.py), and a compiled dataclass's generated
``__init__`` stays interpreted Python: the records a game makes by the hundred (cards, Queue items, waiting
triggers, classic's stack items) are ``@dataclass(init=False)`` with their own ``__init__``. These tests read the sources, so they
hold whether or not the rules are compiled: every field is a parameter, in order, with a default exactly
when the field has one, and every parameter is stored under its own name.
"""

from __future__ import annotations

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _hand_written_records() -> list[tuple[str, ast.ClassDef]]:
    found = []
    for path in sorted((ROOT / "engine").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            for dec in node.decorator_list:
                if (isinstance(dec, ast.Call) and getattr(dec.func, "id", None) == "dataclass"
                        and any(k.arg == "init" and isinstance(k.value, ast.Constant) and k.value.value is False
                                for k in dec.keywords)):
                    found.append((f"{path.relative_to(ROOT)}:{node.name}", node))
    return found


RECORDS = _hand_written_records()


def _fields(cls: ast.ClassDef) -> list[tuple[str, bool]]:
    """The dataclass fields: (name, has a default), ClassVars left out."""
    out = []
    for stmt in cls.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            if "ClassVar" in ast.unparse(stmt.annotation):
                continue
            out.append((stmt.target.id, stmt.value is not None))
    return out


def _stored(init: ast.FunctionDef) -> set[str]:
    """The attributes ``__init__`` sets on self (``self.x = …`` or ``object.__setattr__(self, "x", …)``)."""
    out = set()
    for node in ast.walk(init):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, ast.AnnAssign) else []
        for t in targets:
            if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self":
                out.add(t.attr)
        if (isinstance(node, ast.Call) and ast.unparse(node.func) == "object.__setattr__" and len(node.args) == 3
                and isinstance(node.args[1], ast.Constant)):
            out.add(node.args[1].value)
    return out


def test_the_compiled_state_records_are_found() -> None:
    names = {name.split(":")[1] for name, _ in RECORDS}
    assert {"CardState", "PlayerState", "QueueItem", "WaitingTrigger"} <= names


@pytest.mark.parametrize(("name", "cls"), RECORDS, ids=[n for n, _ in RECORDS])
def test_a_hand_written_init_matches_the_fields(name: str, cls: ast.ClassDef) -> None:
    inits = [s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"]
    assert inits, f"{name}: init=False but no __init__ of its own"
    init = inits[0]
    args = init.args
    params = [a.arg for a in args.posonlyargs + args.args][1:] + [a.arg for a in args.kwonlyargs]
    fields = _fields(cls)
    assert params == [f for f, _ in fields], f"{name}: __init__'s parameters are not the fields in order"
    positional = args.posonlyargs + args.args
    defaulted = {a.arg for a in positional[len(positional) - len(args.defaults):]} | {
        a.arg for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None}
    for f, has_default in fields:
        assert (f in defaulted) == has_default, f"{name}.{f}: a default in the field but not in __init__, or back"
    missing = [f for f, _ in fields if f not in _stored(init)]
    assert not missing, f"{name}: __init__ never stores {missing}"


def _native_events() -> list[tuple[str, ast.ClassDef]]:
    """The compiled events: classes that list ``__match_args__`` in their body (engine/core, engine/heroes)."""
    found = []
    for path in sorted([*(ROOT / "engine" / "core").glob("*.py"), *(ROOT / "engine" / "heroes").glob("*.py")]):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef) and any(
                    isinstance(s, ast.Assign) and [ast.unparse(t) for t in s.targets] == ["__match_args__"]
                    for s in node.body):
                found.append((f"{path.relative_to(ROOT)}:{node.name}", node))
    return found


EVENTS = _native_events()


def test_the_compiled_events_are_found() -> None:
    from engine.heroes.events import EVENTS as KINDS

    names = {name.split(":")[1] for name, _ in EVENTS}
    with_fields = {c.__name__ for c in KINDS.values() if c.__match_args__}
    assert with_fields <= names and len(names) >= 55


@pytest.mark.parametrize(("name", "cls"), EVENTS, ids=[n for n, _ in EVENTS])
def test_an_events_init_takes_and_stores_its_fields_in_order(name: str, cls: ast.ClassDef) -> None:
    match_args = next(s for s in cls.body if isinstance(s, ast.Assign)
                      and [ast.unparse(t) for t in s.targets] == ["__match_args__"])
    fields = list(ast.literal_eval(match_args.value))
    init = next(s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "__init__")
    params = [a.arg for a in init.args.args][1:]
    assert params == fields, f"{name}: __init__ takes {params}, __match_args__ lists {fields}"
    assert not init.args.kwonlyargs and not init.args.vararg and not init.args.kwarg
    assert _stored(init) == set(fields), f"{name}: __init__ stores {sorted(_stored(init))}"
    finals = [n for n in ast.walk(init) if isinstance(n, ast.AnnAssign)]
    assert len(finals) == len(fields) and all(ast.unparse(n.annotation).startswith("Final") for n in finals), (
        f"{name}: each field is stored once, as Final (an event does not change)")


def test_events_compare_hash_print_and_pickle_by_their_fields() -> None:
    import pickle

    from engine.core.events import ABSENT, DieRolled
    from engine.heroes import events as E

    a, b = E.Moved(3, "hand", "play"), E.Moved(3, "hand", "play")
    assert a == b and hash(a) == hash(b) and a != E.Moved(3, "hand", "grave") and a != E.Tapped(3)
    assert repr(a) == "Moved(card=3, src='hand', dest='play')"
    assert pickle.loads(pickle.dumps(a)) == a
    assert a.to_dict() == {"card": 3, "src": "hand", "dest": "play", "t": "move"}
    assert E.Wounded(4, 2, None, "strike").to_dict() == {"card": 4, "amount": 2, "source": None, "kind": "strike",
                                                        "t": "wound"}
    die = DieRolled(1, 6)
    assert die.card is ABSENT and die.to_dict() == {"player": 1, "value": 6, "t": "die"}
    assert pickle.loads(pickle.dumps(die)).card is ABSENT
    match a:
        case E.Moved(card, src, dest):
            assert (card, src, dest) == (3, "hand", "play")


def test_a_compiled_event_cannot_be_changed() -> None:
    from engine.heroes import events as E

    if pathlib.Path(E.__file__).suffix not in (".so", ".pyd"):
        pytest.skip("plain Python: Final is checked by mypy only (the build runs it)")
    a = E.Moved(3, "hand", "play")
    with pytest.raises(AttributeError):
        a.card = 4  # type: ignore[misc]
