"""The classic table as the demo uses it (ui/scenes/demo.py): where the speed buttons, the hint and the result
go on this table, and what the pointer does while the computer plays itself."""

from __future__ import annotations

import pygame

from ui.classic.scene import ClassicTableScene


class ClassicDemoTable(ClassicTableScene):
    """The classic table with the demo's hooks (the demo mixes its own behaviour in front of it)."""

    def refresh(self) -> None:
        super().refresh()
        # the club watching sees the table as a spectator of a real game does: a face-down card is its back
        # (its owner's colour ring and its markers on it) until the rules turn it face up, in the placement
        # as in the battle; neither computer's eyes are the watchers'
        self.look.all_backs = True

    def demo_buttons(self, buttons: list) -> None:
        self.look.buttons = buttons  # end turn, menu and the graveyards give way to the speeds

    def demo_rects(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """(the speed row, the hint's box, the area the result is centred on)."""
        L = self.view.L
        return L.end_turn, L.menu, L.board

    def demo_speed(self, speed: float) -> None:
        self.motion.speed = self.app.settings.anim_speed * speed  # the table's effects (ui/classic/anim.py)

    def demo_wheel(self, dy: int) -> None:
        """The log shows its last lines; nothing to scroll."""

    def demo_hover(self, pos) -> None:
        self.look.mouse = pos
