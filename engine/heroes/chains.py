"""How an ability may be declared: its mode chains (CR 523.1) and its target slots (CR 116.1).

Pure functions of an ability's effect list, shared by the card parser and every layer of the game.
"""

from __future__ import annotations

from itertools import product
from typing import Any


def chains(effects: Any, modes: dict[str, Any] | None) -> list[tuple[tuple[int, ...], tuple[dict[str, Any], ...]]]:
    """(mode choice, effects) pairs an ability may be declared with (CR 523.1: repeats allowed, any order)."""
    if not modes:
        return [((), tuple(effects))]
    options = modes["options"]
    return [(combo, tuple(e for i in combo for e in options[i]))
            for combo in product(range(len(options)), repeat=modes["count"])]


def slots(effects: tuple[dict[str, Any], ...] | list[dict[str, Any]], skip: Any = ()) -> list[dict[str, Any]]:
    """Target slots of an ability: every «выбранн…» target, in text order (CR 116.1); ``skip`` lists
    parts left out (optional parts with nothing to target, CR 119.5)."""
    return [e["target"] for i, e in enumerate(effects)
            if i not in skip and isinstance(e.get("target"), dict) and "choose" in e["target"]]
