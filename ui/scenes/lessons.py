"""«Обучение»: the path of short lessons of each game side by side, each lesson checked once finished, and after
a path the first battle against the computer at the easiest level.

A click on a lesson starts it at its game's table (the registry's "lesson"). The lessons come from
ui/lessons/catalog.py; a lesson file that did not load is named under the paths with its file, field and
reason, and the rest are offered as usual. The checks come from the player's progress (ui/lessons/progress.py).
"""

from __future__ import annotations

import pygame
import pygame_gui

from engine.lesson import describe
from ui.fonts import MIN_PX, TEXT, ellipsis, fit_text, wrap_lines
from ui.lessons.battle import start_first_battle
from ui.lessons.catalog import RULESETS, catalog
from ui.lessons.progress import progress
from ui.scene import GuiScene

GOLD = (240, 200, 110)
INK = (230, 232, 238)
MUTED = (150, 156, 168)
DONE = (120, 200, 130)
WARN = (240, 170, 110)
GAME_NAMES = {"classic": "classic.game_classic", "heroes": "classic.game_heroes"}
BUTTON_PX = 18  # the theme's button type at 1280×720 (assets/ui/theme.json): a title too long for it is cut
SHOWN_BROKEN = 3  # broken files named under the paths; more are counted


class LessonsScene(GuiScene):
    def build(self) -> None:
        w, h = self.app.size
        cat = catalog()
        done = progress().finished
        self.buttons: dict[object, str] = {}
        self.checks: list[pygame.Rect] = []  # where a finished lesson's check mark is drawn
        self.minutes: list[tuple[pygame.Rect, int]] = []  # each lesson's button and how long it takes
        self.columns: list[tuple[str, pygame.Rect, int, int]] = []  # (game, heading's place, finished, lessons)
        col_w, gap = self.S(470), self.S(40)
        x0 = (w - 2 * col_w - gap) // 2
        top = self.S(160)
        bottom = h - self.S(120) - (self.S(22) * min(len(cat.broken), SHOWN_BROKEN + 1) if cat.broken else 0)
        for k, ruleset in enumerate(RULESETS):
            x = x0 + k * (col_w + gap)
            path = cat.path(ruleset)
            n_done = sum(1 for x_ in path if x_.id in done)
            self.columns.append((ruleset, pygame.Rect(x, top - self.S(56), col_w, self.S(48)), n_done, len(path)))
            rows = len(path) + 1
            step = min(self.S(54), max(self.S(36), (bottom - top) // max(1, rows)))
            bh = step - self.S(8)
            for i, lesson in enumerate(path):
                rect = pygame.Rect(x + self.S(34), top + i * step, col_w - self.S(34) - self.S(70), bh)
                label = self.tr("lessons.item", n=i + 1, title=lesson.title(self.tr.lang))
                label = ellipsis(label, self.S(BUTTON_PX), rect.w - self.S(16), bold=True, always=False)
                b = pygame_gui.elements.UIButton(rect, label, self.manager)
                self.buttons[b] = f"lesson:{lesson.id}"
                self.minutes.append((rect, lesson.minutes))
                if lesson.id in done:
                    self.checks.append(pygame.Rect(x, rect.y, self.S(28), bh))
            rect = pygame.Rect(x + self.S(34), top + len(path) * step + self.S(6), col_w - self.S(34), bh)
            complete = bool(path) and n_done == len(path)
            b = pygame_gui.elements.UIButton(rect, self.tr("lessons.battle"), self.manager,
                                             object_id="#primary" if complete else None)
            self.buttons[b] = f"battle:{ruleset}"
        bw, bh = self.S(220), self.S(46)
        self.back_b = pygame_gui.elements.UIButton(pygame.Rect((w - bw) // 2, h - self.S(70), bw, bh),
                                                   self.tr("common.back"), self.manager)
        self.broken_y = bottom + self.S(8)

    def draw_back(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        title = TEXT.get(self.tr("lessons.title"), self.S(40), GOLD, True)
        surface.blit(title, title.get_rect(center=(w // 2, self.S(44))))
        size = max(MIN_PX, self.S(15))
        for i, line in enumerate(wrap_lines(self.tr("lessons.sub"), size, w - self.S(120), 2)):
            sub = TEXT.get(line, size, MUTED)
            surface.blit(sub, sub.get_rect(midtop=(w // 2, self.S(68) + i * sub.get_height())))
        for rect, minutes in self.minutes:
            t = TEXT.get(self.tr("lessons.minutes", n=minutes), max(MIN_PX, self.S(14)), MUTED)
            surface.blit(t, t.get_rect(midleft=(rect.right + self.S(10), rect.centery)))
        for ruleset, rect, n_done, n in self.columns:
            head = fit_text(self.tr(GAME_NAMES[ruleset]), self.S(22), rect.w, INK, True, MIN_PX)
            surface.blit(head, (rect.x, rect.y))
            count = TEXT.get(self.tr("lessons.count", done=n_done, n=n), self.S(14), DONE if n and n_done == n else MUTED)
            surface.blit(count, (rect.x, rect.y + head.get_height() + self.S(2)))
        for r in self.checks:  # a green disc with a tick beside each finished lesson
            c = r.center
            rad = min(r.w, r.h) // 2 - self.S(2)
            pygame.draw.circle(surface, DONE, c, rad)
            k = rad / 10
            pygame.draw.lines(surface, (20, 40, 24), False, [(c[0] - 5 * k, c[1]), (c[0] - 1.5 * k, c[1] + 4 * k),
                                                             (c[0] + 5.5 * k, c[1] - 4.5 * k)], max(2, self.S(3)))
        y = self.broken_y
        for text in self.broken_lines():
            line = fit_text(text, self.S(14), w - self.S(60), WARN, False, MIN_PX)
            surface.blit(line, line.get_rect(midtop=(w // 2, y)))
            y += line.get_height() + self.S(4)

    def broken_lines(self) -> list[str]:
        """The lesson files that did not load, each with its file, field and reason (and how many more)."""
        broken = catalog().broken
        out = [self.tr("lessons.broken", why=describe(exc, self.tr.lang)) for exc in broken[:SHOWN_BROKEN]]
        if len(broken) > SHOWN_BROKEN:
            out.append(self.tr("lessons.broken_more", n=len(broken) - SHOWN_BROKEN))
        return out

    def on_button(self, element) -> None:
        if element is self.back_b:
            self.app.show("menu")
            return
        value = self.buttons.get(element, "")
        kind, _, what = value.partition(":")
        if kind == "lesson":
            self.app.show("lesson", lesson_id=what)
        elif kind == "battle":
            start_first_battle(self.app, what)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.show("menu")
            return
        super().handle_event(event)
