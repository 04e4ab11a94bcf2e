"""The computer's turn at the table: poll its thought each frame, pause, point at the move, make it.

A computer's move goes through three beats so a person can follow it: a short pause (the thinking
badge shows while the bot works on its thread, and the last move's animations play out), the move
shown (its caption in the prompt strip, the acting card framed, an arrow to its target), then the
move made through the session like any other. Every beat is scaled by the table's pace (the
animation-speed setting, and the demo's speed control). Time comes only from ``update(dt)``, so
tests drive it without sleeping.
"""

from __future__ import annotations

import math

import pygame

from ui.fonts import TEXT
from ui.heroes.table.narrate import Move, describe_move
from ui.heroes.table.overlays import draw_arrow

BOT_PAUSE = 0.35  # seconds at 1x between the last change and a computer's move being shown
BOT_SHOW = 0.6  # seconds the move is pointed at before it is made
SETTLE_CAP = 1.5  # the longest a move waits for the last one's animations to end
MARK = (255, 150, 60)


class BotTurn:
    """Pacing of the computer's decisions at one table (owned by the TableScene)."""

    def __init__(self) -> None:
        self.seq = -1
        self.t = 0.0
        self.show_t = 0.0
        self.action = None
        self.move: Move | None = None

    def _restart(self, seq: int) -> None:
        self.seq = seq
        self.t = 0.0
        self.show_t = 0.0
        self.action = None
        self.move = None

    def stop(self, scene) -> None:
        """No computer decides now: drop every thought and pointer."""
        for c in scene.session.controllers:
            c.cancel()
        self._clear(scene)

    def _clear(self, scene) -> None:
        ui = scene.ui
        ui.thinking = ""
        if ui.marks or ui.arrow:
            ui.marks = []
            ui.arrow = None
        self.action = None
        self.move = None

    def blocked(self, scene) -> bool:
        """A person is busy with something the move would pull away (menu, picker, a question)."""
        ui = scene.ui
        return ui.menu_open or ui.picker is not None or ui.curtain is not None or scene.undo_ask is not None

    def update(self, scene, dt: float) -> None:
        s, ui = scene.session, scene.ui
        game = s.game
        d = s.decider
        ctrl = s.controller(d)
        for c in s.controllers:
            if c is not ctrl and c.thinking:
                c.cancel()  # a thought for a turn that has passed
        if ctrl is None or ctrl.is_human or game.is_over:
            self._clear(scene)
            return
        if s.seq != self.seq:
            self._restart(s.seq)
            if ui.marks or ui.arrow:
                ui.marks, ui.arrow = [], None
        pace = scene.pace()
        self.t += dt
        if self.action is None:
            action = ctrl.decide(game, token=s.seq)
            if action is None:
                self._thinking(scene, d)
                return
            self.action = action
            self.move = describe_move(game, action, d, scene.tr)
        settled = not scene.view.anim.busy or self.t >= (BOT_PAUSE + SETTLE_CAP) / pace
        if self.t < BOT_PAUSE / pace or not settled or self.blocked(scene):
            self._thinking(scene, d)
            return
        if self.show_t == 0.0:
            ui.thinking = ""
            assert self.move is not None
            ui.caption = self.move.text
            ui.marks = [c for c in self.move.marks if c is not None]
            ui.arrow = self.move.arrow
            scene.refresh()
        self.show_t += dt
        if self.show_t >= BOT_SHOW / pace:
            action = self.action
            self.action = None
            self.move = None
            ui.marks, ui.arrow = [], None
            scene.do(action)

    def _thinking(self, scene, p: int) -> None:
        scene.ui.thinking = self.label(scene, p)

    @staticmethod
    def label(scene, p: int) -> str:
        """«Компьютер думает» against a person; the seat's name when computers play each other."""
        if len(scene.session.humans) == 1:
            return scene.tr("narrate.thinking")
        return scene.tr("narrate.thinking_name", name=scene.game.players[p].name)


def thinking_rect(L, text: str) -> pygame.Rect:
    """Where the thinking badge goes: the right end of the prompt strip, just under the opponent's row."""
    t = TEXT.get(text + "...", L.sc(16), (0, 0, 0), True)
    r = pygame.Rect(0, 0, t.get_width() + L.sc(56), L.prompt.h - L.sc(10))
    r.midright = (L.prompt.right - L.sc(6), L.prompt.centery)
    return r


def draw_thinking(surface: pygame.Surface, L, ui) -> None:
    """An animated «thinking» badge: a turning ring of dots and the words with walking dots."""
    if not ui.thinking:
        return
    r = thinking_rect(L, ui.thinking)
    pygame.draw.rect(surface, (58, 44, 24), r, border_radius=r.h // 2)
    pygame.draw.rect(surface, (240, 200, 110), r, max(1, L.sc(2)), border_radius=r.h // 2)
    cx, cy = r.x + r.h // 2 + L.sc(6), r.centery
    rad = r.h * 0.3
    phase = ui.clock * 6.0
    for i in range(8):
        a = i / 8 * math.tau
        k = (math.cos(a - phase) + 1) / 2
        col = (int(120 + 135 * k), int(90 + 120 * k), int(40 + 60 * k))
        pygame.draw.circle(surface, col, (int(cx + rad * math.cos(a)), int(cy + rad * math.sin(a))),
                           max(2, int(L.sc(3) * (0.6 + 0.6 * k))))
    dots = "." * (1 + int(ui.clock * 2.5) % 3)
    t = TEXT.get(ui.thinking + dots, L.sc(16), (250, 232, 190), True)
    surface.blit(t, t.get_rect(midleft=(cx + rad + L.sc(12), cy)))


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
