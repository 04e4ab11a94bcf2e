"""The «Герои» table as the demo uses it (ui/scenes/demo.py): where the speed buttons, the hint and the result
go on this table, and what the pointer and the wheel do while the computer plays itself."""

from __future__ import annotations

import pygame

from ui.heroes.scene import TableScene


class HeroesDemoTable(TableScene):
    """The «Герои» table with the demo's hooks (the demo mixes its own behaviour in front of it)."""

    def demo_buttons(self, buttons: list) -> None:
        self.ui.panel_buttons = buttons  # the panel's undo, menu and table buttons give way to the speeds

    def demo_rects(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """(the speed row, the hint's box, the area the result is centred on)."""
        L = self.view.L
        return L.end_turn, L.undo.union(L.menu), pygame.Rect(L.table.x, L.prompt.y, L.table.w, L.prompt.h)

    def demo_speed(self, speed: float) -> None:
        if self.view is not None:
            self.view.anim.speed = self.app.settings.anim_speed * speed

    def demo_wheel(self, dy: int) -> None:
        self.ui.log_scroll = max(0, self.ui.log_scroll + dy)
        self.refresh()

    def demo_hover(self, pos) -> None:
        """Resting the pointer on a card (either hand too) zooms it."""
        self.ui.mouse = pos
        key = self._card_at(pos)
        if key != self.hover:
            self.hover = key
            self.hover_t = 0.0
            self.ui.zoom = None

    def _card_at(self, pos) -> tuple[str, int] | None:
        """The topmost card under the pointer, the top hand's peeking cards included."""
        if self.view is None:
            return None
        best = None
        for cid, sp in self.view.anim.sprites.items():
            r = self.view.card_rect(cid)
            if r is not None and r.collidepoint(pos) and (best is None or sp.place.z > best[0]):
                best = (sp.place.z, cid)
        return ("card", best[1]) if best else None
