"""Upgrade steps between save versions, applied in a chain in memory (after Tuxemon's save upgrades).

``STEPS[n]`` turns a version-``n`` document into a version ``n + 1`` one. A step only moves and
renames data; the full check of the result happens afterwards, as for any current file.
To change the format: bump :data:`CURRENT`, add ``STEPS[CURRENT - 1]``, describe it in docs/saves.md.
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable
from typing import Any

from saves.errors import SaveCorrupt

CURRENT = 6


def _v0_to_v1(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 0 (the prototype): flat fields, ``human: bool`` players, no undo or pool version."""
    players = []
    for p in doc["players"]:
        if not isinstance(p, dict):
            raise TypeError("a player must be an object")
        human = p["human"]
        if not isinstance(human, bool):
            raise TypeError("players[].human must be true or false")
        players.append({"name": p["name"], "kind": "human" if human else "computer", "hero": p["hero"],
                        "deck_id": "", "deck": p["deck"]})
    actions = doc["actions"]
    if not isinstance(actions, list):
        raise TypeError("actions must be a list")
    return {
        "format": "berserk-table-save", "version": 1, "ruleset": doc["game"],
        "started_at": doc["date"], "saved_at": doc["date"],
        "pool_version": "",  # unknown: version 0 did not record it
        "setup": {"seed": doc["seed"], "check_decks": not doc["free_decks"], "players": players},
        "custom_cards": doc["cards"],
        "log": actions,
        "undo_floor": len(actions),  # nothing from before the upgrade can be taken back
        "snapshot": {"actions": len(actions), "hash": doc["hash"], "state": doc["state"]},
    }


def _v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 1 did not record the computer's level: such a game was always loaded at "normal"."""
    setup = doc["setup"]
    if not isinstance(setup, dict) or not isinstance(setup["players"], list):
        raise TypeError("setup.players must be a list")
    players = []
    for i, p in enumerate(setup["players"]):
        if not isinstance(p, dict):
            raise TypeError("a player must be an object")
        if "level" in p:
            raise ValueError(f"setup.players[{i}].level is not a version 1 field")
        players.append({**p, "level": "normal"} if p.get("kind") == "computer" else dict(p))
    return {**doc, "version": 2, "setup": {**setup, "players": players}}


def _v2_to_v3(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 2 knew one ruleset: every version-2 save is a «Герои» game and says "heroes".

    Version 3 lets ``ruleset`` name any registered ruleset (and classic its own setup); the bump makes an
    older client say "written by a newer Berserk Table" for such a save instead of "unknown ruleset".
    """
    ruleset = doc["ruleset"]
    if ruleset != "heroes":
        raise ValueError(f"ruleset {str(ruleset)[:40]!r} is not a version 2 value (version 2 knew only heroes)")
    return {**doc, "version": 3, "ruleset": "heroes"}


def _v3_to_v4(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 3 had no classic game from decks (``setup.edition``): every version-3 save reads as it was.
    The bump makes an older client call a save of a full classic game "written by a newer Berserk Table"."""
    setup = doc["setup"]
    if isinstance(setup, dict) and "edition" in setup:
        raise ValueError("setup.edition is not a version 3 field")
    return {**doc, "version": 4}


def _v4_to_v5(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 4 laid classic squads out only in deployment order (no ``setup.layout``): every version-4 save
    reads as it was. The bump makes an older client call a first-battle save "written by a newer Berserk Table"."""
    setup = doc["setup"]
    if isinstance(setup, dict) and "layout" in setup:
        raise ValueError("setup.layout is not a version 4 field")
    return {**doc, "version": 5}


def _v5_to_v6(doc: dict[str, Any]) -> dict[str, Any]:
    """Version 5 had no timed games (``setup.time_limit``, ``clock``): every version-5 save reads as it was. The
    bump makes an older client call a timed game's save "written by a newer Berserk Table"."""
    setup = doc["setup"]
    if "clock" in doc or (isinstance(setup, dict) and "time_limit" in setup):
        raise ValueError("setup.time_limit and clock are not version 5 fields")
    return {**doc, "version": 6}


STEPS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _v0_to_v1, 1: _v1_to_v2, 2: _v2_to_v3,
                                                                3: _v3_to_v4, 4: _v4_to_v5, 5: _v5_to_v6}


def upgrade(doc: dict[str, Any], path: pathlib.Path | None = None,
            steps: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] | None = None,
            target: int = CURRENT) -> dict[str, Any]:
    """Run the chain from the document's version up to ``target``; SaveCorrupt if a step cannot."""
    chain = STEPS if steps is None else steps
    version = doc["version"]
    while version < target:
        step = chain.get(version)
        if step is None:
            raise SaveCorrupt(path, f"версия {version} не поддерживается (обновить её нельзя)",
                              f"version {version} is not supported (there is no upgrade from it)")
        try:
            doc = step(doc)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SaveCorrupt(path, f"файл версии {version} нельзя обновить: {type(exc).__name__} {exc}",
                              f"the version {version} file cannot be upgraded: {type(exc).__name__} {exc}") from None
        if not isinstance(doc, dict) or doc.get("version") != version + 1:
            raise AssertionError(f"upgrade step {version} did not produce version {version + 1}")
        version += 1
    return doc
