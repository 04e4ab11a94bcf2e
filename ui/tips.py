"""A tip the first time: one sentence when a player first meets a lowering choice, a defender choice, a face-down
card, the stack or the Queue, a flyer or a «Блок» at a table.

Each table says which of these situations it shows now (each game's ``tips.topics``); the first one not yet
shown at this table and not turned off comes up over the log beside the board with «Понятно» (closed for this game) and
«Больше не показывать» (never again: kept in the player's progress, ui/lessons/progress.py). Settings has one
switch for all of them. A lesson teaches the same things itself and the demo has nobody to tell: neither shows
tips. Drawing and input only; the game is never touched.
"""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from ui.fonts import MIN_PX, TEXT
from ui.widgets.arming import Arming
from ui.widgets.button import Button

TOPICS = ("lower", "defender", "face_down", "stack", "queue", "flyer", "block")  # in the order they are offered
GOLD = (240, 200, 110)
INK = (236, 236, 240)


class Tips:
    """The first-time tips of one table (its game ``ruleset``: the words differ between the games)."""

    def __init__(self, app, ruleset: str, enabled: bool = True) -> None:
        self.app = app
        self.ruleset = ruleset
        self.enabled = enabled
        self.shown: set[str] = set()  # shown at this table already (each once a game)
        self.current: str | None = None
        self.buttons: list[Button] = []
        self.box: pygame.Rect | None = None
        self.arming = Arming()
        self.press = None

    def on(self) -> bool:
        return self.enabled and bool(getattr(self.app.settings, "tips", True))

    def see(self, topics: Iterable[str]) -> None:
        """The situations the table shows now: the first whose tip is due comes up (one at a time)."""
        if not self.on():
            self.current = None
            return
        if self.current is not None:
            return  # the one on show stays until it is closed
        from ui.lessons.progress import progress

        here = set(topics)
        off = progress().tips_off
        for topic in TOPICS:
            if topic in here and topic not in self.shown and self.key(topic) not in off:
                self.current = topic
                self.shown.add(topic)
                return

    def key(self, topic: str) -> str:
        """The tip's name in the translations and in the progress file (``classic.lower``)."""
        return f"{self.ruleset}.{topic}"

    def text(self) -> str:
        return self.app.tr(f"tip.{self.key(self.current)}") if self.current is not None else ""

    # ------------------------------------------------------------------ drawing and input
    def layout(self, area: pygame.Rect, sc) -> None:
        """The box at the foot of ``area`` (the log's place beside the board: the board stays whole and takes its
        clicks, and the fight's dice over the panel's top stay in sight): the sentence, then its two buttons."""
        if self.current is None:
            self.box, self.buttons = None, []
            return
        w = min(area.w, sc(640))
        size = max(MIN_PX, sc(15))
        lines = TEXT.wrap(self.text(), size, w - sc(24))
        lh = TEXT.get("Ag", size, INK).get_height()
        bh = sc(32)
        box = pygame.Rect(0, 0, w, sc(12) + sc(20) + lh * len(lines) + sc(10) + bh + sc(10))
        box.midbottom = area.midbottom
        self.box = box
        tr = self.app.tr
        bw = (w - sc(36)) // 2
        y = box.bottom - sc(10) - bh
        self.buttons = [Button(pygame.Rect(box.x + sc(12), y, bw, bh), tr("tip.never"), ("tip", "never"), "normal"),
                        Button(pygame.Rect(box.right - sc(12) - bw, y, bw, bh), tr("tip.ok"), ("tip", "ok"), "primary")]

    def draw(self, surface: pygame.Surface, sc, mouse) -> None:
        if self.current is None or self.box is None:
            return
        box = self.box
        pygame.draw.rect(surface, (30, 34, 46), box, border_radius=sc(10))
        pygame.draw.rect(surface, GOLD, box, max(2, sc(2)), border_radius=sc(10))
        head = TEXT.get(self.app.tr("tip.title"), max(MIN_PX, sc(13)), GOLD, True)
        surface.blit(head, (box.x + sc(12), box.y + sc(8)))
        size = max(MIN_PX, sc(15))
        y = box.y + sc(12) + sc(20)
        for line in TEXT.wrap(self.text(), size, box.w - sc(24)):
            t = TEXT.get(line, size, INK)
            surface.blit(t, (box.x + sc(12), y))
            y += t.get_height()
        for b in self.buttons:
            b.draw(surface, mouse)

    def tick(self, dt: float) -> None:
        self.arming.tick(dt, self.buttons, self.current)

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on the tip's buttons (taken here, not by the table); anything else goes on to the table."""
        if self.current is None or not self.buttons:
            return False
        t = event.type
        if t in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.arming.point(event.pos)
        if t == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            b = next((b for b in self.buttons if b.hit(event.pos)), None)
            if b is not None:
                self.press = b.value if self.arming.takes(b, self.current) else None
                return True
        if t == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1 and self.press is not None:
            value, self.press = self.press, None
            b = next((b for b in self.buttons if b.hit(event.pos)), None)
            if b is not None and b.value == value:
                self.close(forever=value[1] == "never")
            return True
        return False

    def close(self, forever: bool = False) -> None:
        """The tip is closed: for this game, or (``forever``) never to be shown again."""
        if self.current is not None and forever:
            from ui.lessons.progress import progress

            progress().turn_off(self.key(self.current))
        self.current = None
        self.box, self.buttons = None, []
