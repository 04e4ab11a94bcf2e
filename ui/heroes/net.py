"""The «Герои» table of a network game: the table scene with the network's part (ui/nettable.py)."""

from __future__ import annotations

from ui.heroes.scene import TableScene
from ui.nettable import NetTable


class NetHeroesTable(NetTable, TableScene):
    """A «Герои» game over the network, seen by the person at this computer (``session``: a NetSession)."""

    def __init__(self, app, session) -> None:
        super().__init__(app, session, open_hands=False)
        self.net_start()

    def refresh(self) -> None:
        super().refresh()
        if self.session.seat is None and self.view is not None:  # a spectator: no hand is shown, both are backs
            self.ui.show_hands = set()
            self.view.sync(self.game, self.ui)

    def resync(self) -> None:
        """The game was replaced (a view after a reconnection, an undo): nothing half-done is left."""
        if self.view is not None:
            self.view.anim.sprites.clear()
        self._clear_selection()
        self.ui.picker = None
        self.refresh()

    def close_menu(self) -> None:
        self.ui.menu_open = False

    def on_value(self, value) -> None:
        if not self.net_value(value):
            super().on_value(value)

    def handle_event(self, event) -> None:
        if self.net_key(event):
            self.refresh()
            return
        super().handle_event(event)
