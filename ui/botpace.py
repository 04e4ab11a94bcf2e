"""The computer's decisions at a table, paced so a person can follow them (shared by every game's table).

A computer's move goes through three beats: a short pause (the thinking badge shows while the bot works
in its worker, and the last move's animations play out), the move shown (its caption in the prompt strip,
the acting card framed, an arrow to its target), then the move made through the table like any other.
Every beat is scaled by the table's pace (the animation-speed setting, and the demo's speed control).
Time comes only from ``update(dt)``, so tests drive it without sleeping.

:class:`BotPacer` is the game-independent part; each game's table subclasses it with the words and
pointers for its actions and the way its table shows them (ui/heroes/table/botplay.py,
ui/classic/botplay.py). It imports no game.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from ui.fonts import TEXT
from ui.rulesets import client_of

BOT_PAUSE = 0.35  # seconds at 1x between the last change and a computer's move being shown
BOT_SHOW = 0.6  # seconds the move is pointed at before it is made
SETTLE_CAP = 1.5  # the longest a move waits for the last one's animations to end


class BotPacer:
    """Polls the deciding seat's controller each frame, paces its answer and makes it (owned by a table).

    The table (``scene``) gives ``session``, ``game``, ``pace()``, ``do(action)`` and ``tr``; a subclass
    says how a move is told (:meth:`describe`), shown and cleared, and when the table must wait.
    """

    def __init__(self) -> None:
        self.seq = -1
        self.t = 0.0
        self.show_t = 0.0
        self.action: Any = None
        self.move: Any = None

    # ------------------------------------------------------------------ what a game's table says
    def describe(self, scene, action, player: int) -> Any:
        """The move in words and pointers, before it is made (``scene``'s game as it is now)."""
        raise NotImplementedError

    def set_thinking(self, scene, text: str) -> None:
        """Show (or, with "", hide) the thinking badge."""
        raise NotImplementedError

    def show(self, scene, move) -> None:
        """Point at ``move`` (its caption and cards) until :meth:`unshow`."""
        raise NotImplementedError

    def unshow(self, scene) -> None:
        """Stop pointing at the move shown (it is about to be made, or the game changed under it)."""
        raise NotImplementedError

    def settled(self, scene) -> bool:
        """The last change has been seen (its animations are over)."""
        return True

    def blocked(self, scene) -> bool:
        """A person is busy with something the move would pull away (a menu, a sheet, a question)."""
        return False

    def quick(self, scene, action) -> bool:
        """Made as soon as it is decided, with no pause and nothing shown (what a person need not watch)."""
        return False

    def made(self, scene, action, player: int, kind: str | None) -> None:
        """Called after the computer's ``action`` (taken at a decision of ``kind``) was made."""

    # ------------------------------------------------------------------ the beats
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
        self.clear(scene)

    def clear(self, scene) -> None:
        self.set_thinking(scene, "")
        self.unshow(scene)
        self.action = None
        self.move = None

    def update(self, scene, dt: float) -> None:
        s = scene.session
        game = s.game
        d = s.decider
        ctrl = s.controller(d)
        for c in s.controllers:
            if c is not ctrl and c.thinking:
                c.cancel()  # a thought for a turn that has passed
        if ctrl is None or ctrl.is_human or game.is_over:
            self.clear(scene)
            return
        if s.seq != self.seq:
            self._restart(s.seq)
            self.unshow(scene)
        pace = scene.pace()
        self.t += dt
        if self.action is None:
            action = ctrl.decide(game, token=s.seq)
            if action is None:
                self.set_thinking(scene, self.label(scene, d))
                return
            if self.quick(scene, action):
                self._make(scene, action, d)
                return
            self.action = action
            self.move = self.describe(scene, action, d)
        settled = self.settled(scene) or self.t >= (BOT_PAUSE + SETTLE_CAP) / pace
        if self.t < BOT_PAUSE / pace or not settled or self.blocked(scene):
            self.set_thinking(scene, self.label(scene, d))
            return
        if self.show_t == 0.0:
            self.set_thinking(scene, "")
            self.show(scene, self.move)
        self.show_t += dt
        if self.show_t >= BOT_SHOW / pace:
            action = self.action
            self.action = None
            self.move = None
            self.unshow(scene)
            self._make(scene, action, d)

    def _make(self, scene, action, player: int) -> None:
        kind = getattr(scene.game.pending, "kind", None)
        if scene.do(action):
            self.made(scene, action, player, kind)

    @staticmethod
    def label(scene, p: int) -> str:
        """«Компьютер думает» against a person; the seat's name when computers play each other, or when the
        seat says how (a player at another computer: ui/netsession.py)."""
        ctrl = scene.session.controller(p)
        own = getattr(ctrl, "thinking_text", None)
        if own is not None:
            return own(scene.tr, client_of(scene.game).player_name(scene.game, p))
        if len(scene.session.humans) == 1:
            return scene.tr("narrate.thinking")
        return scene.tr("narrate.thinking_name", name=client_of(scene.game).player_name(scene.game, p))


def thinking_rect(L, text: str) -> pygame.Rect:
    """Where the thinking badge goes: the right end of the prompt strip (``L.prompt``, scaled by ``L.sc``)."""
    t = TEXT.get(text + "...", L.sc(16), (0, 0, 0), True)
    r = pygame.Rect(0, 0, t.get_width() + L.sc(56), L.prompt.h - L.sc(10))
    r.midright = (L.prompt.right - L.sc(6), L.prompt.centery)
    return r


def draw_badge(surface: pygame.Surface, L, text: str, clock: float) -> None:
    """An animated «thinking» badge: a turning ring of dots and the words with walking dots."""
    if not text:
        return
    r = thinking_rect(L, text)
    pygame.draw.rect(surface, (58, 44, 24), r, border_radius=r.h // 2)
    pygame.draw.rect(surface, (240, 200, 110), r, max(1, L.sc(2)), border_radius=r.h // 2)
    cx, cy = r.x + r.h // 2 + L.sc(6), r.centery
    rad = r.h * 0.3
    phase = clock * 6.0
    for i in range(8):
        a = i / 8 * math.tau
        k = (math.cos(a - phase) + 1) / 2
        col = (int(120 + 135 * k), int(90 + 120 * k), int(40 + 60 * k))
        pygame.draw.circle(surface, col, (int(cx + rad * math.cos(a)), int(cy + rad * math.sin(a))),
                           max(2, int(L.sc(3) * (0.6 + 0.6 * k))))
    dots = "." * (1 + int(clock * 2.5) % 3)
    t = TEXT.get(text + dots, L.sc(16), (250, 232, 190), True)
    surface.blit(t, t.get_rect(midleft=(cx + rad + L.sc(12), cy)))
