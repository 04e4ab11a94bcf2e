"""What every game's client adapter does alike (ui/heroes/client.py, ui/classic/client.py).

A game's table package keeps the same parts under the same module names — ``content`` (what a new game
offers, and the demo's game), ``decks`` (the card browser's and deck builder's ``DECKS``), ``replay_board`` (``ReplayBoard``),
``scripted`` (``eager_action``) and ``probe`` (``game_facts``, ``table_facts``) — so the adapter reaches
them by its package's name, importing each when first asked: the shared client still imports no game
(``tests/test_import_graph.py``). What differs (rebuilding a game, the words for events, the table and
demo scenes, saving, the demo's game, the pictures) each adapter writes itself.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, ClassVar


class GameClient:
    """The shared part of a game's adapter; a subclass names its ``package`` (``"ui.heroes"``)."""

    package: ClassVar[str]

    def part(self, name: str) -> ModuleType:
        """The module ``name`` of this game's table package (imported on first use)."""
        return importlib.import_module(f"{self.package}.{name}")

    # ------------------------------------------------------------------ content
    @property
    def content(self) -> Any:
        """The cards, decks and squads on offer, the player's own cards and decks (``content.py``)."""
        return self.part("content")

    @property
    def decks(self) -> Any:
        """The card browser's and the deck builder's view of this game's cards and decks (``decks.py``)."""
        return self.part("decks").DECKS

    # ------------------------------------------------------------------ the game
    def current(self, game: Any) -> Any:
        """The game a table shows of what a record plays: the game itself, or the game now of a series of
        them (a classic campaign's)."""
        return game

    # ------------------------------------------------------------------ the replay, the demo, scripts and tests
    def replay_board(self, app: Any) -> Any:
        """The board the replay scene draws the game on (``replay_board.py``)."""
        return self.part("replay_board").ReplayBoard(app)

    def demo_session(self, rng: Any, names: tuple[str, str], level: str, *, executor: Any = None,
                     bot_options: dict[str, Any] | None = None) -> Any:
        """A game between two random ready decks for the demo, both seats played by the bot at ``level``
        (``content.demo_session``)."""
        return self.part("content").demo_session(rng, names, level, executor=executor, bot_options=bot_options)

    def eager_action(self, game: Any, rng: Any) -> Any:
        """What an eager scripted player does now (ui/scripted.py moves games along with it)."""
        return self.part("scripted").eager_action(game, rng)

    def probe_game(self, session: Any) -> dict[str, Any]:
        """The game's facts for the real-window test's probe (ui/probe.py)."""
        return self.part("probe").game_facts(session)

    def probe_table(self, table: Any) -> dict[str, Any]:
        """The table's cards, legal drags and buttons for the probe."""
        return self.part("probe").table_facts(table)
