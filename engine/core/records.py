"""Frozen records that are quick to build: what classic's events and the pending decisions are made of.

(The events of the core and of «Герои» are compiled with their rules and write out their own ``__init__``
instead: see :class:`engine.core.events.Event`.)

A game builds hundreds of these per game, and the ``__init__`` a frozen dataclass writes for itself sets
every field through ``object.__setattr__``. :func:`frozen_record` makes the class a frozen, slotted
dataclass as usual and then gives it an ``__init__`` of the same signature that sets each slot through
its descriptor: the same object (fields, equality, hash, repr) in about half the time. Assigning a
field afterwards still raises ``FrozenInstanceError``.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, TypeVar, dataclass_transform

_R = TypeVar("_R")


@dataclass_transform(frozen_default=True)
def frozen_record(cls: type[_R]) -> type[_R]:
    """``@dataclass(frozen=True, slots=True)`` with the quicker ``__init__`` (see the module's doc)."""
    cls = dataclass(frozen=True, slots=True)(cls)
    env: dict[str, Any] = {}
    params, body = ["self"], []
    for f in fields(cls):  # type: ignore[arg-type]
        if not f.init or f.default_factory is not MISSING or not f.name.isidentifier():
            raise TypeError(f"{cls.__name__}.{f.name}: a record's fields are plain values with plain defaults")
        env[f"_set_{f.name}"] = getattr(cls, f.name).__set__
        if f.default is not MISSING:
            env[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        else:
            params.append(f.name)
        body.append(f"    _set_{f.name}(self, {f.name})")
    source = f"def __init__({', '.join(params)}):\n" + ("\n".join(body) or "    pass") + "\n"
    namespace: dict[str, Any] = {}
    exec(source, env, namespace)  # noqa: S102 - code made here from the dataclass's own field names
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls
