"""Card dicts for rules scenarios: a creature or a spell named by its id, in both languages."""

from __future__ import annotations

from typing import Any


def creature(cid: str, strike: int, lives: int, *abilities: dict[str, Any], cost: int = 2,
             subtype: str = "", elements: tuple[str, ...] = ()) -> dict[str, Any]:
    card: dict[str, Any] = {"id": cid, "name": {"ru": cid, "en": cid}, "type": "creature", "cost": cost,
                            "strike": strike, "lives": lives, "abilities": list(abilities),
                            "elements": list(elements)}
    if subtype:
        card["subtype"] = subtype
    return card


def spell(cid: str, *effects: dict[str, Any], cost: int = 1, **extra: Any) -> dict[str, Any]:
    return {"id": cid, "name": {"ru": cid, "en": cid}, "type": "spell", "cost": cost, "effects": list(effects),
            **extra}
