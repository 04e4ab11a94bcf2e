"""A timed game's clock at the table, alike for both games (the engine keeps none: engine/core/timing.py).

The clock counts the time of the table's frames — the ``dt`` the app's loop gives each frame (a test gives its
own, so tests move the clock by frames and never sleep) — while the game can be played: not while a curtain is
down, nor once the game is over, nor while the table is not on screen (another screen over it, the game closed:
a save keeps what the clock has used, ``GameRecord.clock_ms``). When it reaches the limit the table declares
the time out to the engine with :class:`~engine.core.timing.TimeOut` and the clock's whole seconds; in «Герои»
the game then goes on for the extra turns (CR 603.1 (3)), which the clock counts down instead of time. In a network game the server
keeps the clock and declares the time out; the table's clock only shows the server's (ui/netsession.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pygame

from engine.core.timing import TimeLimit, TimeOut, clock_text
from ui.fonts import MIN_PX, fit_text

URGENT_SECONDS = 60  # the clock turns red for the last minute
LIMIT_MINUTES = (10, 15, 20, 30, 40, 50, 60, 90)  # what the new-game screen offers (off by default)
EXTRA_TURN_CHOICES = (1, 2, 3, 4, 5)  # «Герои»'s extra turns after the time (CR 603.1 (3); the default is 3)


@dataclass
class GameClock:
    """How much of a timed game's limit has been played, in seconds of the table's frames."""

    limit: TimeLimit
    used: float = 0.0
    declares: ClassVar[bool] = True  # the table declares the time out (a network game's server does: ui/netsession.py)

    @property
    def left(self) -> float:
        return max(0.0, self.limit.seconds - self.used)

    def used_ms(self) -> int:
        return int(self.used * 1000)

    def run(self, dt: float) -> None:
        self.used += max(0.0, dt)

    def due(self, game) -> bool:
        """Is the time out by this clock and not yet declared to the game?"""
        return self.used >= self.limit.seconds and not game.is_over and not timed_out(game)

    def declaration(self) -> TimeOut:
        """The action that declares the time out, with the clock's reading in whole seconds."""
        return TimeOut(elapsed=int(self.used))


def timed_out(game) -> bool:
    """Has the game's time been declared out (a «Герои» game then plays its extra turns)?"""
    return getattr(game, "timed_out", None) is not None


def tick(scene, dt: float, paused: bool) -> None:
    """One frame of the table ``scene``: the clock runs unless ``paused`` (a curtain is down), and the table
    declares the time out through its own ``do`` as soon as the clock reaches the limit."""
    clock = scene.session.clock
    if clock is None or paused or scene.game.is_over or timed_out(scene.game):
        return
    clock.run(dt)
    if clock.declares and clock.due(scene.game):
        scene.do(clock.declaration())


def reading(game, clock: GameClock, tr, paused: bool = False) -> tuple[str, bool]:
    """What the clock shows and whether it is urgent (red): the time left, «Время вышло», or in «Герои»'s
    extra turns which of them is being played (CR 603.1 (3))."""
    out = getattr(game, "timed_out", None)
    if out is not None:
        n = clock.limit.extra_turns
        k = game.turn - out  # 0: the turn the time ran out in, then the extra turns of both players in turn
        if k <= 0 or n == 0:
            return tr("timed.out"), True
        return tr("timed.extra", k=min(n, (k + 1) // 2), n=n), True
    if game.is_over and clock.used >= clock.limit.seconds:
        return tr("timed.out"), True
    key = "timed.paused" if paused else "timed.left"
    return tr(key, time=clock_text(clock.left + 0.999)), clock.left < URGENT_SECONDS


def draw(surface: pygame.Surface, rect: pygame.Rect, game, clock: GameClock | None, tr, paused: bool = False) -> None:
    """The clock in ``rect``: a dark plate with the reading, red in the last minute and after the time."""
    if clock is None:
        return
    text, urgent = reading(game, clock, tr, paused)
    radius = max(4, rect.h // 4)
    pygame.draw.rect(surface, (58, 24, 22) if urgent else (26, 28, 34), rect, border_radius=radius)
    pygame.draw.rect(surface, (220, 90, 80) if urgent else (150, 120, 64), rect, 2, border_radius=radius)
    colour = (255, 170, 150) if urgent else (240, 200, 110)
    size = max(MIN_PX, int(rect.h * 0.5))
    t = fit_text(text, size, rect.w - rect.h // 2, colour, True, MIN_PX)
    surface.blit(t, t.get_rect(center=rect.center))


def limit_label(tr, minutes: int | None) -> str:
    """A choice of the new-game screen's time limit in words."""
    return tr("timed.no_limit") if not minutes else tr("timed.minutes", n=minutes)
