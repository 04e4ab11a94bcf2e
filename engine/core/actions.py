"""Actions: small frozen values with a text form that round-trips.

``str(action)`` gives e.g. ``play card=12 targets=30 x=2``; ``codec.parse(text)`` gives the
action back. Cards are named by their stable instance ids. Each ruleset has its own
:class:`ActionCodec` (its own namespace of names, so both games may call an action ``defend``).
«Герои» registers into :data:`DEFAULT_CODEC` through :func:`action`, the namespace saves and
scenarios have always stored; :func:`parse_action` reads that one.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from engine.core.errors import IllegalAction, shown


class ActionSyntaxError(ValueError):
    """Text that is not an action of any registered kind."""


@dataclasses.dataclass(frozen=True, kw_only=True)
class Action:
    """Base of every action. Subclasses are frozen, keyword-only dataclasses."""

    name: ClassVar[str] = ""

    def __str__(self) -> str:
        parts = [self.name]
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if value is None or value == () or (value is False and f.default is False):
                continue
            parts.append(f"{f.name}={_format_value(value)}")
        return " ".join(parts)

    def to_text(self) -> str:
        return str(self)


_A = TypeVar("_A", bound="Action")


def _format_value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value)


class ActionCodec:
    """One ruleset's action namespace: text name -> action class, and text <-> action both ways."""

    def __init__(self, ruleset: str) -> None:
        self.ruleset = ruleset
        self._kinds: dict[str, type[Action]] = {}
        # text name -> each field's converter from text: what parse needs, worked out once per class (typing's
        # get_type_hints on every parse cost almost half of loading a save, which parses every action)
        self._fields: dict[str, dict[str, Callable[[str], Any]]] = {}

    def action(self, name: str) -> Callable[[type[_A]], type[_A]]:
        """Class decorator: register an action class under its text name in this namespace."""

        def register(cls: type[_A]) -> type[_A]:
            if name in self._kinds and self._kinds[name] is not cls:
                raise ValueError(f"{self.ruleset}: action name {name!r} registered twice")
            cls.name = name
            _fast_init(cls)
            # on the class, not in an annotation: tests and tools read a kind's fields from its type hints
            setattr(cls, _CHECKS_ATTR, _field_checks(cls))  # noqa: B010
            self._kinds[name] = cls
            return cls

        return register

    def kinds(self) -> dict[str, type[Action]]:
        """The registered action classes by text name."""
        return dict(self._kinds)

    def text(self, action: Action) -> str:
        """The text form of an action of this ruleset (``str(action)``)."""
        if self._kinds.get(action.name) is not type(action):
            raise ActionSyntaxError(f"{type(action).__name__} is not an action of {self.ruleset}")
        return str(action)

    def parse(self, text: str) -> Action:
        """Parse the text form of an action; raise ActionSyntaxError with a readable reason."""
        if not isinstance(text, str):
            raise ActionSyntaxError("an action must be text")
        tokens = text.split()
        if not tokens:
            raise ActionSyntaxError("empty action")
        cls = self._kinds.get(tokens[0])
        if cls is None:
            raise ActionSyntaxError(f"unknown action {tokens[0]!r}")
        fields = self._fields.get(cls.name)
        if fields is None:
            hints = typing.get_type_hints(cls)
            fields = self._fields[cls.name] = {f.name: _converter(cls, f.name, hints[f.name])
                                               for f in dataclasses.fields(cls)}
        kwargs: dict[str, Any] = {}
        for token in tokens[1:]:
            key, sep, raw = token.partition("=")
            if not sep or key not in fields:
                raise ActionSyntaxError(f"{cls.name}: unknown part {token!r}")
            if key in kwargs:
                raise ActionSyntaxError(f"{cls.name}: {key} given twice")
            kwargs[key] = fields[key](raw)
        try:
            return cls(**kwargs)
        except TypeError as exc:
            raise ActionSyntaxError(f"{cls.name}: {exc}") from None


DEFAULT_CODEC = ActionCodec("heroes")


def action(name: str) -> Callable[[type[_A]], type[_A]]:
    """Class decorator: register an action class under its text name in :data:`DEFAULT_CODEC`."""
    return DEFAULT_CODEC.action(name)


def _fast_init(cls: type[Action]) -> None:
    """Give a frozen, keyword-only action dataclass a quicker ``__init__`` of the same signature.

    The generated one sets each field through ``object.__setattr__``; writing the instance dict
    directly gives the same object (fields, equality, hash, text) in less than half the time, and
    engines build thousands of actions per game. Classes with anything else (factories, init=False
    fields, __post_init__) keep the dataclass's own.
    """
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__") or hasattr(cls, "__slots__"):
        return
    fields = dataclasses.fields(cls)
    params, lines, env = [], [], {}
    for i, f in enumerate(fields):
        if not f.init or not f.kw_only or f.default_factory is not dataclasses.MISSING or not f.name.isidentifier():
            return
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            env[f"_d{i}"] = f.default
            params.append(f"{f.name}=_d{i}")
        lines.append(f"    d[{f.name!r}] = {f.name}")
    head = f"def __init__(self, *, {', '.join(params)}):" if params else "def __init__(self):"
    src = "\n".join([head, "    d = self.__dict__", *lines] if params else [head, "    pass"])
    exec(src, env)  # noqa: S102 - code built from the class's own field names
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    cls.__init__ = init  # type: ignore[method-assign]


def _converter(cls: type[Action], key: str, hint: Any) -> Callable[[str], Any]:
    """How field ``key`` of ``cls`` (of type ``hint``) is read from its text; a bad text raises ActionSyntaxError."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Union or (origin is not None and type(None) in args):
        inner = [a for a in args if a is not type(None)]
        return _converter(cls, key, inner[0])
    if hint is bool:
        def flag(raw: str) -> bool:
            if raw in ("yes", "true", "1"):
                return True
            if raw in ("no", "false", "0"):
                return False
            raise ActionSyntaxError(f"{cls.name}: {key} must be yes or no, not {raw!r}")
        return flag
    if hint is int:
        def whole(raw: str) -> int:
            try:
                return int(raw)
            except ValueError:
                raise ActionSyntaxError(f"{cls.name}: {key} must be a whole number, not {raw!r}") from None
        return whole
    if origin is tuple:
        part = _converter(cls, key, args[0])

        def parts(raw: str) -> tuple[Any, ...]:
            return () if raw == "" else tuple(part(p) for p in raw.split(","))
        return parts
    if hint is str:
        return str
    def unsupported(raw: str) -> Any:
        raise ActionSyntaxError(f"{cls.name}: unsupported field type for {key}")
    return unsupported


# ---------------------------------------------------------------------- field types
# Each field of an action class with a check of the exact type its annotation declares. Exact: a bool is no
# whole number and 1.0 no card id, though ``True == 1`` and ``1.0 == 1`` would let either pass for an equal
# legal action; a list is no tuple (and cannot be hashed). Worked out when a codec registers the class and
# kept on the class itself (a class no codec knows has them worked out at each check).
_Check = Callable[[Any], bool]
_FieldChecks = tuple[tuple[str, _Check, tuple[str, str]], ...]
_MISSING = object()
_CHECKS_ATTR = "_field_checks"
_PLURAL = {int: ("целые числа", "whole numbers"), str: ("тексты", "texts"), bool: ("да или нет", "yes or no")}


def _type_check(hint: Any) -> tuple[_Check, tuple[str, str]]:
    """The exact check of an annotation and its name in words (ru, en); TypeError for an annotation
    actions do not use, so a new kind with one fails loudly (in the contract tests) rather than passing."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return (lambda v: True), ("любое значение", "any value")
    if hint is None or hint is type(None):
        return (lambda v: v is None), ("ничего", "nothing")
    if origin is typing.Union or origin is types.UnionType:
        parts = [_type_check(a) for a in args]
        checks = tuple(c for c, _ in parts)
        return ((lambda v: any(c(v) for c in checks)),
                (" или ".join(w[0] for _, w in parts), " or ".join(w[1] for _, w in parts)))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item, (ru, en) = _type_check(args[0])
            ru, en = _PLURAL.get(args[0], (ru, en))
            return (lambda v: type(v) is tuple and all(item(x) for x in v)), (f"список: {ru}", f"a list of {en}")
        items = tuple(c for c, _ in (_type_check(a) for a in args))
        return ((lambda v: type(v) is tuple and len(v) == len(items)
                 and all(c(x) for c, x in zip(items, v, strict=True))),
                (f"список из {len(items)}", f"a list of {len(items)}"))
    if origin is typing.Literal:
        return ((lambda v: any(type(v) is type(a) and v == a for a in args)),
                (", ".join(map(repr, args)), ", ".join(map(repr, args))))
    if isinstance(hint, type) and origin is None:
        words = {int: ("целое число", "a whole number"), bool: ("да или нет", "yes or no"),
                 str: ("текст", "text"), float: ("число", "a number")}.get(hint, (hint.__name__, hint.__name__))
        return (lambda v: type(v) is hint), words
    raise TypeError(f"an action field cannot be of type {hint!r}")


def _field_checks(cls: type) -> _FieldChecks:
    hints = typing.get_type_hints(cls)
    return tuple((f.name, *_type_check(hints[f.name])) for f in dataclasses.fields(cls))


def field_fault(action: object) -> IllegalAction | None:
    """Why ``action`` is no action at all: not an Action, or a field whose value is not exactly of the type
    its class declares (``Concede(player=1.0)``, ``Swap(card=True)``, ``Move(to=("a", "b"))``); None when
    every field is. The apply flow refuses such an action before any rule looks at it."""
    if not isinstance(action, Action):
        return IllegalAction("not_an_action", f"Это не действие игры: {shown(action)}.",
                             f"That is not an action of the game: {shown(action)}.")
    name = action.name
    checks = type(action).__dict__.get(_CHECKS_ATTR)
    for key, check, (ru, en) in checks if checks is not None else _field_checks(type(action)):
        value = getattr(action, key, _MISSING)
        if value is _MISSING or not check(value):
            got = "нет значения" if value is _MISSING else shown(value)
            got_en = "no value" if value is _MISSING else shown(value)
            return IllegalAction("field_type", f"Действие «{name}»: в поле «{key}» нужно {ru}, а не {got}.",
                                 f"Action '{name}': field '{key}' must be {en}, not {got_en}.")
    return None


def parse_action(text: str) -> Action:
    """Parse the text form of a «Герои» action (:data:`DEFAULT_CODEC`); raise ActionSyntaxError."""
    return DEFAULT_CODEC.parse(text)


def registered_actions() -> dict[str, type[Action]]:
    return DEFAULT_CODEC.kinds()
