"""About the game and who made what: the card pictures' authors from game-icons.net and their
licence (CC BY 3.0 asks for exactly this), the generated textures, the fonts and the libraries."""

from __future__ import annotations

import html

import pygame
import pygame_gui

from engine.content.art import credits
from ui.fonts import TEXT
from ui.scene import GuiScene

SITE = "https://game-icons.net"
LICENCE = "https://creativecommons.org/licenses/by/3.0/"


def credits_html(tr) -> str:
    """The credits as the text box's HTML: every author of the pictures with the pictures they drew."""
    people = credits()
    n = sum(len(c.icons) for c in people)
    parts = [html.escape(tr("credits.intro")), "",
             f"<b>{html.escape(tr('credits.pictures_title'))}</b>",
             html.escape(tr("credits.pictures", n=n, site=SITE, licence=LICENCE,
                            names=", ".join(c.author for c in people))), "",
             f"<b>{html.escape(tr('credits.made_here_title'))}</b>", html.escape(tr("credits.made_here")), "",
             f"<b>{html.escape(tr('credits.software_title'))}</b>", html.escape(tr("credits.software")), "",
             f"<b>{html.escape(tr('credits.which_title'))}</b>"]
    for c in people:
        name = html.escape(c.author)
        where = f" — {html.escape(c.url)}" if c.url else ""
        licence = html.escape(tr("credits.cc0") if c.licence == "CC0" else c.licence)
        parts.append(f"<b>{html.escape(tr('credits.made_by', name=name))}</b>{where} ({licence}, {len(c.icons)})")
        parts.append(f"<i>{html.escape(', '.join(c.icons))}</i>")
        parts.append("")
    return "<br>".join(parts)


class CreditsScene(GuiScene):
    """About and credits: a scrolling text and a way back to the menu."""

    def build(self) -> None:
        w, h = self.app.size
        size = max(10, int(round(16 * self.s)))
        self.manager.preload_fonts([{"name": "noto_sans", "point_size": size, "style": style, "antialiased": "1"}
                                    for style in ("bold", "italic")])
        rect = pygame.Rect(int(w * 0.1), self.S(100), int(w * 0.8), h - self.S(190))
        self.box = pygame_gui.elements.UITextBox(credits_html(self.tr), rect, self.manager)
        bw = self.S(220)
        self.back_b = pygame_gui.elements.UIButton(pygame.Rect((w - bw) // 2, h - self.S(76), bw, self.S(50)),
                                                   self.tr("common.back"), self.manager)

    def draw_back(self, surface: pygame.Surface) -> None:
        t = TEXT.get(self.tr("credits.title"), self.S(40), (240, 200, 110), True)
        surface.blit(t, t.get_rect(center=(surface.get_width() // 2, self.S(52))))

    def on_button(self, element) -> None:
        if element is self.back_b:
            self.app.show("menu")

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.show("menu")
            return
        super().handle_event(event)
