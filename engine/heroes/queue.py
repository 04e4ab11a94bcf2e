"""An ability in the Queue (CR 401) and a trigger waiting to enter it, as typed records: what was declared,
and the scratch values of a resolution as fields, not keys put into a dict while it resolves.

A game's state is plain data: ``to_dict`` writes the dict saves and state hashes have always seen (a Queue
item's scratch fields only while they hold something), and ``from_dict`` reads it back, refusing a field
it does not know.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.data import json_copy

KINDS = ("spell", "ability", "trigger")
_BASE = ("kind", "source", "controller", "effects", "targets", "x", "step", "ctx", "skip")
_SCRATCH = ("choice", "last_ok", "asked", "broken", "repl", "whom", "discarded")


@dataclass(slots=True, init=False)
class QueueItem:
    """A spell's abilities, an activated ability or a declared trigger, resolving first in first out (CR 401.3).

    ``step`` is the index of the effect to carry out next; ``skip`` the optional parts with nothing to target
    when it was declared (CR 119.5); ``ctx`` what its trigger knew (the struck card, the killer, X…).
    """

    kind: str
    source: int | None  # None: an effect of no card (CR 520.1 delayed ones name their card)
    controller: int
    effects: list[dict[str, Any]]
    targets: list[int]
    x: int | None = None
    step: int = 0
    ctx: dict[str, Any] = field(default_factory=dict)
    skip: list[int] = field(default_factory=list)
    # Scratch values of the resolution (None: not set; they are not written then).
    choice: list[int] | None = None  # a player's answer to the choice the item asked for (ChooseCards)
    last_ok: bool | None = None  # whether the previous part was done (CR 119.4 «при этом»); None reads as done
    asked: int | None = None  # the step whose «можете» the controller already said yes to
    broken: bool = False  # a chosen target of the part just carried out is gone (CR 119.2)
    repl: dict[str, Any] | None = None  # a prayer gain going through its replacement effects (CR 516)
    whom: list[int] | None = None  # the players still to discard, in order
    discarded: bool | None = None  # whether anyone discarded so far

    # Written out rather than made by @dataclass: compiled (tools/compile_rules.py), a dataclass's own __init__
    # stays interpreted Python, and a game makes dozens of these (tests/test_records.py keeps it matching the fields).
    def __init__(self, kind: str, source: int | None, controller: int, effects: list[dict[str, Any]],
                 targets: list[int], x: int | None = None, step: int = 0, ctx: dict[str, Any] | None = None,
                 skip: list[int] | None = None, choice: list[int] | None = None, last_ok: bool | None = None,
                 asked: int | None = None, broken: bool = False, repl: dict[str, Any] | None = None,
                 whom: list[int] | None = None, discarded: bool | None = None) -> None:
        self.kind = kind
        self.source = source
        self.controller = controller
        self.effects = effects
        self.targets = targets
        self.x = x
        self.step = step
        self.ctx = {} if ctx is None else ctx
        self.skip = [] if skip is None else skip
        self.choice = choice
        self.last_ok = last_ok
        self.asked = asked
        self.broken = broken
        self.repl = repl
        self.whom = whom
        self.discarded = discarded

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "source": self.source, "controller": self.controller,
                               "effects": json_copy(self.effects), "targets": list(self.targets),
                               "x": self.x, "step": self.step, "ctx": json_copy(self.ctx), "skip": list(self.skip)}
        if self.choice is not None:
            out["choice"] = list(self.choice)
        if self.last_ok is not None:
            out["last_ok"] = self.last_ok
        if self.asked is not None:
            out["asked"] = self.asked
        if self.broken:
            out["broken"] = True
        if self.repl is not None:
            out["repl"] = json_copy(self.repl)
        if self.whom is not None:
            out["whom"] = list(self.whom)
        if self.discarded is not None:
            out["discarded"] = self.discarded
        return out

    @classmethod
    def from_dict(cls, data: Any) -> QueueItem:  # anything read from a save: checked here
        if not isinstance(data, dict):
            raise ValueError(f"a Queue item must be a table, got {type(data).__name__}")
        unknown = sorted(set(data) - set(_BASE) - set(_SCRATCH))
        if unknown:
            raise ValueError(f"a Queue item has unknown field {unknown[0]!r}")
        missing = [k for k in ("kind", "source", "controller", "effects", "targets") if k not in data]
        if missing:
            raise ValueError(f"a Queue item lacks field {missing[0]!r}")
        if data["kind"] not in KINDS:
            raise ValueError(f"a Queue item's kind must be one of {', '.join(KINDS)}, got {data['kind']!r}")
        return cls(kind=data["kind"], source=data["source"], controller=data["controller"],
                   effects=json_copy(data["effects"]), targets=list(data["targets"]), x=data.get("x"),
                   step=data.get("step", 0), ctx=json_copy(data.get("ctx") or {}), skip=list(data.get("skip", ())),
                   choice=None if data.get("choice") is None else list(data["choice"]),
                   last_ok=data.get("last_ok"), asked=data.get("asked"), broken=bool(data.get("broken", False)),
                   repl=None if data.get("repl") is None else json_copy(data["repl"]),
                   whom=None if data.get("whom") is None else list(data["whom"]), discarded=data.get("discarded"))



_WAITING = ("tid", "source", "controller", "effects", "modes", "may", "each_time", "pay_coins", "key", "ctx")


@dataclass(slots=True, init=False)
class WaitingTrigger:
    """A triggered ability set off and waiting to be declared into the Queue (CR 401.4, 402.1).

    ``tid`` names it for DeclareTrigger/DeclineTrigger; ``key`` is its once-per-turn mark (CR 113.5: unless
    ``each_time``); ``may``: the controller may decline it; ``pay_coins``: what declaring it costs; ``modes``
    the ability's modes when it has any; ``ctx`` what its event knew (the struck card, the killer, the spell…).
    """

    tid: int
    source: int
    controller: int
    effects: list[dict[str, Any]]
    modes: Any = None
    may: bool = False
    each_time: bool = False
    pay_coins: int = 0
    key: str = ""
    ctx: dict[str, Any] = field(default_factory=dict)

    def __init__(self, tid: int, source: int, controller: int, effects: list[dict[str, Any]], modes: Any = None,
                 may: bool = False, each_time: bool = False, pay_coins: int = 0, key: str = "",
                 ctx: dict[str, Any] | None = None) -> None:  # written out, as QueueItem's
        self.tid = tid
        self.source = source
        self.controller = controller
        self.effects = effects
        self.modes = modes
        self.may = may
        self.each_time = each_time
        self.pay_coins = pay_coins
        self.key = key
        self.ctx = {} if ctx is None else ctx

    def to_dict(self) -> dict[str, Any]:
        return {"tid": self.tid, "source": self.source, "controller": self.controller,
                "effects": json_copy(self.effects), "modes": json_copy(self.modes), "may": self.may,
                "each_time": self.each_time, "pay_coins": self.pay_coins, "key": self.key, "ctx": json_copy(self.ctx)}

    @classmethod
    def from_dict(cls, data: Any) -> WaitingTrigger:  # anything read from a save: checked here
        if not isinstance(data, dict):
            raise ValueError(f"a waiting trigger must be a table, got {type(data).__name__}")
        unknown = sorted(set(data) - set(_WAITING))
        if unknown:
            raise ValueError(f"a waiting trigger has unknown field {unknown[0]!r}")
        missing = [k for k in ("tid", "source", "controller", "effects", "key") if k not in data]
        if missing:
            raise ValueError(f"a waiting trigger lacks field {missing[0]!r}")
        return cls(tid=data["tid"], source=data["source"], controller=data["controller"],
                   effects=json_copy(data["effects"]), modes=json_copy(data.get("modes")),
                   may=bool(data.get("may", False)), each_time=bool(data.get("each_time", False)),
                   pay_coins=data.get("pay_coins", 0), key=data["key"], ctx=json_copy(data.get("ctx") or {}))
