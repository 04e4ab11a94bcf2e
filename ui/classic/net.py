"""The classic table of a network game: the table scene with the network's part (ui/nettable.py)."""

from __future__ import annotations

from ui.classic.scene import ClassicTableScene
from ui.nettable import NetTable


class NetClassicTable(NetTable, ClassicTableScene):
    """A classic game over the network, seen by the person at this computer (``session``: a NetSession)."""

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.net_start()

    def refresh(self) -> None:
        super().refresh()
        if self.session.seat is None:  # a spectator: every face-down card is its back, whoever owns it
            self.look.all_backs = True

    def resync(self) -> None:
        """The game was replaced (a view after a reconnection, an undo): nothing half-done is left."""
        self.motion.skip()
        self.selected = self.dragging = None
        self.using = None
        self.way = None
        self.setup.reset()
        self.refresh()

    def close_menu(self) -> None:
        self.menu_open, self.menu_ask = False, ""

    def on_button(self, value) -> None:
        if not self.net_value(value):
            super().on_button(value)

    def toast(self, text: str, kind: str = "refusal") -> None:
        super().toast(text)

    def to_main_menu(self) -> None:
        self.net_exit()

    def handle_event(self, event) -> None:
        if self.net_key(event):
            self.refresh()
            return
        super().handle_event(event)
