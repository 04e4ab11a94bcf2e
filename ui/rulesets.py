"""Each game's client by ruleset name: what the shared client (the session with undo, the log, the replay,
help, saving) needs from a game it does not own, as ``engine.find_ruleset`` is for the engine.

``find_client("heroes")`` imports the game's client module when first asked (by its dotted name, so this
module imports no game) and returns its adapter. An unknown name fails loudly, naming the known ones; a
game the engine knows but the client cannot seat yet says so.
"""

from __future__ import annotations

import importlib
from typing import Any

# ruleset name -> the module whose CLIENT is that game's adapter
CLIENTS: dict[str, str] = {
    "heroes": "ui.heroes.client",
    "classic": "ui.classic.client",
}
# games the engine plays whose table is still to come
NO_TABLE_YET: dict[str, str] = {}


class UnknownClient(LookupError):
    """A ruleset name the client has no table for."""


def find_client(name: str) -> Any:
    """The client adapter of ruleset ``name`` (see ui/heroes/client.py for what one gives)."""
    module = CLIENTS.get(name)
    if module is None:
        if name in NO_TABLE_YET:
            raise UnknownClient(NO_TABLE_YET[name])
        raise UnknownClient(f"no client for the game {name!r}; the client plays: {', '.join(sorted(CLIENTS))}")
    return importlib.import_module(module).CLIENT


def client_of(game: Any) -> Any:
    """The client adapter of a game object (its ruleset name, «Герои» for a game that does not say)."""
    return find_client(getattr(game, "ruleset", "") or "heroes")
