"""Choosing a saved game to go on with."""

from __future__ import annotations

import pygame
import pygame_gui

from ui import storage
from ui.fonts import TEXT

from .base import GuiScene


def open_saved(app, path) -> str | None:
    """Open a save in a new table; the reason (in the player's language) when it cannot be used."""
    from saves.errors import SaveError
    from ui.scenes.table import TableScene

    try:
        session = storage.load(path, app.saves_dir)
    except SaveError as exc:
        return exc.ru if app.tr.lang == "ru" else exc.en
    if session.game.is_over:
        from ui.scenes.end import EndScene

        app.switch(EndScene(app, session))
        return None
    app.switch(TableScene(app, session))
    return None


class LoadScene(GuiScene):
    def build(self) -> None:
        w, h = self.app.size
        self.files = storage.listing(self.app.saves_dir)
        items = [self._line(info) for info in self.files]
        rect = pygame.Rect(int(w * 0.2), self.S(110), int(w * 0.6), h - self.S(220))
        self.list = pygame_gui.elements.UISelectionList(rect, items, self.manager)
        bw, bh = self.S(200), self.S(46)
        self.open_b = pygame_gui.elements.UIButton(pygame.Rect(w // 2 + self.S(10), h - self.S(90), bw, bh),
                                                   self.tr("load.open"), self.manager, object_id="#primary")
        self.back_b = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - bw - self.S(10), h - self.S(90), bw, bh),
                                                   self.tr("common.back"), self.manager)
        self.error = ""

    def _line(self, info) -> str:
        when = info.date.astimezone().strftime("%d.%m.%Y %H:%M")
        who = " — ".join(name for name, _ in info.players)
        return f"{info.name}  ·  {who}  ·  {self.tr('load.turn', n=info.turn)}  ·  {when}"

    def draw_back(self, surface) -> None:
        title = TEXT.get(self.tr("load.title"), self.S(36), (240, 200, 110), True)
        surface.blit(title, title.get_rect(center=(surface.get_width() // 2, self.S(60))))
        if not self.files:
            t = TEXT.get(self.tr("load.none"), self.S(20), (170, 176, 188))
            surface.blit(t, t.get_rect(center=(surface.get_width() // 2, surface.get_height() // 2)))
        if self.error:
            t = TEXT.get(self.error, self.S(18), (255, 140, 120))
            surface.blit(t, t.get_rect(center=(surface.get_width() // 2, surface.get_height() - self.S(120))))

    def on_button(self, element) -> None:
        if element is self.back_b:
            from ui.scenes.menu import MenuScene

            self.app.switch(MenuScene(self.app))
        elif element is self.open_b:
            chosen = self.list.get_single_selection()
            if chosen is None:
                return
            for info in self.files:
                if chosen == self._line(info):
                    self.error = open_saved(self.app, info.path) or ""
                    return

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            from ui.scenes.menu import MenuScene

            self.app.switch(MenuScene(self.app))
            return
        super().handle_event(event)
