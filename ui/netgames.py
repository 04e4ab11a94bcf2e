"""The network games this computer has a seat in: the server's address, the game's code, the seat and its
secret token, kept in the data folder (``net-games.json``) so the network screen can offer to come back to
a game after leaving it or after the host saved it on the server. Read defensively: a broken file is an
empty list, never an error."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from saves.atomic import write_atomic

KEEP = 20  # the newest games remembered


def _path() -> Path:
    from saves.paths import data_dir

    return data_dir() / "net-games.json"


def recall() -> list[dict[str, Any]]:
    """The remembered games, newest first (each: address, room, seat, token, ruleset, names, when)."""
    try:
        data = json.loads(_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if not isinstance(data, list):
        return []
    keys = {"address": str, "room": str, "seat": int, "token": str, "ruleset": str, "names": list, "when": float}
    return [g for g in data if isinstance(g, dict) and all(isinstance(g.get(k), t) for k, t in keys.items())][:KEEP]


def remember(session: Any) -> None:
    """Keep (or refresh) the seat of ``session`` (a NetSession with its address and token)."""
    if session.seat is None or not getattr(session, "token", "") or not getattr(session, "address", ""):
        return
    entry = {"address": session.address, "room": session.room, "seat": session.seat, "token": session.token,
             "ruleset": session.ruleset, "names": [session.name(0), session.name(1)], "when": time.time(),
             "hosted": bool(getattr(session, "hosted", False))}
    games = [g for g in recall() if (g["address"], g["room"]) != (entry["address"], entry["room"])]
    path = _path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps([entry, *games][:KEEP], ensure_ascii=False, indent=1).encode("utf-8"))
    except OSError:
        pass  # the game goes on; it is only not offered for coming back


def forget(address: str, room: str) -> None:
    games = [g for g in recall() if (g["address"], g["room"]) != (address, room)]
    try:
        write_atomic(_path(), json.dumps(games, ensure_ascii=False, indent=1).encode("utf-8"))
    except OSError:
        pass
