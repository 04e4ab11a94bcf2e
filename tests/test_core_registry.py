"""The generic name registry of engine.core: loud on unknown and duplicate names."""

from __future__ import annotations

import pytest

from engine.core.registry import Registry, UnknownName


def test_lookup_and_unknown_name_lists_the_known_ones() -> None:
    r: Registry[int] = Registry("ability")
    r.register("fly", 1)
    r.register("armor", 2)
    assert r.get("fly") == 1 and "armor" in r and list(r) == ["armor", "fly"] and len(r) == 2
    with pytest.raises(UnknownName, match=r"unknown ability 'swim'; known: armor, fly") as exc:
        r.get("swim")
    assert exc.value.known == ["armor", "fly"] and isinstance(exc.value, LookupError)
    with pytest.raises(UnknownName):
        r.get(["not", "hashable"])  # type: ignore[arg-type]


def test_a_name_cannot_be_registered_twice() -> None:
    r: Registry[str] = Registry("scene")
    r.register("saves", "a")
    r.register("saves", "a")  # the same item again (a module imported twice) is harmless
    with pytest.raises(ValueError, match="registered twice"):
        r.register("saves", "b")
    assert r.get("saves") == "a"
