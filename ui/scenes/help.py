"""Rules in brief, every keyword with its reminder, and the table's controls."""

from __future__ import annotations

import html

import pygame
import pygame_gui

from ui.fonts import TEXT
from ui.rulesets import find_client
from ui.scene import GuiScene

TABS = ("rules", "keywords", "controls")


def keyword_html(lang: str, ruleset: str = "heroes") -> str:
    parts = []
    for name, text in find_client(ruleset).keywords(lang):
        parts.append(f"<b>{html.escape(name)}</b><br>{html.escape(text)}")
    return "<br><br>".join(parts)


class HelpScene(GuiScene):
    def __init__(self, app, back=None) -> None:
        super().__init__(app)
        self.back_to = back
        self.tab = "rules"
        # whose keywords: the game it was opened from, else the game last chosen on the new-game screen
        game = getattr(getattr(back, "session", None), "game", None)
        self.ruleset = getattr(game, "ruleset", "") or getattr(app, "last_game", "heroes") or "heroes"

    def build(self) -> None:
        w, h = self.app.size
        bw, bh = self.S(220), self.S(42)
        x = (w - 3 * bw - 2 * self.S(10)) // 2
        self.tab_b = {}
        for i, name in enumerate(TABS):
            b = pygame_gui.elements.UIButton(pygame.Rect(x + i * (bw + self.S(10)), self.S(96), bw, bh),
                                             self.tr(f"help.tab_{name}"), self.manager)
            self.tab_b[b] = name
        self._mark_tab()
        rect = pygame.Rect(int(w * 0.12), self.S(150), int(w * 0.76), h - self.S(240))
        size = max(10, int(round(16 * self.s)))
        self.manager.preload_fonts([{"name": "noto_sans", "point_size": size, "style": style, "antialiased": "1"}
                                    for style in ("bold", "italic")])
        self.box = pygame_gui.elements.UITextBox(self._html(), rect, self.manager)
        self.back_b = pygame_gui.elements.UIButton(pygame.Rect((w - bw) // 2, h - self.S(76), bw, self.S(50)),
                                                   self.tr("common.back"), self.manager)

    def _html(self) -> str:
        if self.tab == "keywords":
            return keyword_html(self.tr.lang, self.ruleset)
        own = f"help.{self.tab}_{self.ruleset}"  # a game's own rules and controls (classic), else «Герои»'s
        return self.tr(own) if self.tr.has(own) else self.tr(f"help.{self.tab}")

    def draw_back(self, surface) -> None:
        t = TEXT.get(self.tr("help.title"), self.S(40), (240, 200, 110), True)
        surface.blit(t, t.get_rect(center=(surface.get_width() // 2, self.S(50))))

    def on_button(self, element) -> None:
        if element is self.back_b:
            self.back()
        elif element in self.tab_b and self.tab_b[element] != self.tab:
            self.tab = self.tab_b[element]
            self.box.set_text(self._html())
            self._mark_tab()

    def _mark_tab(self) -> None:
        """The open tab stays lit (the theme's selected colours), the others look like buttons."""
        for b, name in self.tab_b.items():
            b.select() if name == self.tab else b.unselect()

    def back(self) -> None:
        if self.back_to is not None:
            self.app.switch(self.back_to)
            return
        self.app.show("menu")

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1):
            self.back()
            return
        super().handle_event(event)
