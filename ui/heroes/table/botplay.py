"""The computer's turn at the «Герои» table: the shared pacing (ui/botpace.py) with this table's words
and pointers.

A computer's move is paused on (the thinking badge), pointed at (its caption in the prompt strip, the
acting card framed, an arrow to its target), then made through the session like any other; the beats
and their timing are :class:`ui.botpace.BotPacer`'s. Here: what the move is called
(:func:`ui.heroes.table.narrate.describe_move`), where the table shows it, and when a person is busy.
"""

from __future__ import annotations

import math

import pygame

from ui.botpace import BotPacer, draw_badge, thinking_rect
from ui.heroes.table.narrate import describe_move
from ui.heroes.table.overlays import draw_arrow

__all__ = ["BotTurn", "draw_marks", "draw_thinking", "thinking_rect"]  # thinking_rect: the shared one

MARK = (255, 150, 60)


class BotTurn(BotPacer):
    """Pacing of the computer's decisions at one «Герои» table (owned by the TableScene)."""

    def describe(self, scene, action, player: int):
        return describe_move(scene.game, action, player, scene.tr)

    def set_thinking(self, scene, text: str) -> None:
        scene.ui.thinking = text

    def show(self, scene, move) -> None:
        ui = scene.ui
        ui.caption = move.text
        ui.marks = [c for c in move.marks if c is not None]
        ui.arrow = move.arrow
        scene.refresh()

    def unshow(self, scene) -> None:
        ui = scene.ui
        if ui.marks or ui.arrow:
            ui.marks, ui.arrow = [], None

    def settled(self, scene) -> bool:
        return not scene.view.anim.busy

    def blocked(self, scene) -> bool:
        """A person is busy with something the move would pull away (menu, picker, a question)."""
        ui = scene.ui
        return ui.menu_open or ui.picker is not None or ui.curtain is not None or scene.undo_ask is not None


def draw_thinking(surface: pygame.Surface, L, ui) -> None:
    """The animated «thinking» badge at the right end of the prompt strip."""
    draw_badge(surface, L, ui.thinking, ui.clock)


def draw_marks(surface: pygame.Surface, view, ui) -> None:
    """The computer's move about to be made: its cards framed (pulsing) and an arrow to the target."""
    if not ui.marks and not ui.arrow:
        return
    L = view.L
    k = (math.sin(ui.clock * 9.0) + 1) / 2
    width = max(2, L.sc(3 + 2 * k))
    for cid in ui.marks:
        r = view.card_rect(cid)
        if r is not None:
            pygame.draw.rect(surface, MARK, r.inflate(L.sc(10), L.sc(10)), width, border_radius=L.sc(9))
    if ui.arrow:
        a, b = (view.card_rect(c) for c in ui.arrow)
        if a is not None and b is not None and a != b:
            draw_arrow(surface, a.center, b.center, MARK, max(3, L.sc(5)), L.sc(16))
