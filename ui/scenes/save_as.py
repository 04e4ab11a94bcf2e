"""Saving a game under a name: a prompt over the table (Ctrl+S, or «Сохранить игру» in the menu)."""

from __future__ import annotations

import pygame
import pygame_gui

from ui import storage
from ui.fonts import TEXT
from ui.rulesets import client_of
from ui.scene import GuiScene

GOLD = (240, 200, 110)
MUTED = (170, 176, 188)
ERROR = (255, 140, 120)


def default_name(session, tr) -> str:
    g = session.game
    client = client_of(g)
    names = [client.player_name(g, p) for p in (0, 1)]
    return tr("saveas.default", a=names[0], b=names[1], n=g.turn)


class SaveAsScene(GuiScene):
    """The table stays drawn underneath; Enter saves, Esc goes back without saving."""

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.name = default_name(table.session, self.tr)
        self.error = ""
        self._exists: tuple[str, bool] = ("", False)

    def panel(self) -> pygame.Rect:
        w, h = self.app.size
        r = pygame.Rect(0, 0, self.S(620), self.S(250))
        r.center = (w // 2, h // 2)
        return r

    def resize(self, size: tuple[int, int]) -> None:
        self.table.resize(size)  # the table drawn under the prompt is laid out for the new size too
        self.enter()

    def build(self) -> None:
        p = self.panel()
        pad = self.S(24)
        self.entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(p.x + pad, p.y + self.S(70), p.w - 2 * pad, self.S(42)), self.manager)
        self.entry.set_text_length_limit(80)
        self.entry.set_text(self.name)
        self.manager.set_focus_set(self.entry)
        bw, bh = self.S(200), self.S(44)
        y = p.bottom - bh - self.S(18)
        self.save_b = pygame_gui.elements.UIButton(pygame.Rect(p.right - pad - bw, y, bw, bh),
                                                   self.tr("saveas.save"), self.manager, object_id="#primary")
        self.cancel_b = pygame_gui.elements.UIButton(pygame.Rect(p.right - pad - 2 * bw - self.S(12), y, bw, bh),
                                                     self.tr("saveas.cancel"), self.manager)

    def _name_taken(self) -> bool:
        name = self.name.strip()
        if self._exists[0] != name:
            self._exists = (name, bool(name) and storage.exists(name, self.app.saves_dir))
        return self._exists[1]

    def draw_back(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        surface.fill((95, 95, 100), special_flags=pygame.BLEND_RGB_MULT)
        p = self.panel()
        pygame.draw.rect(surface, (28, 30, 38), p, border_radius=self.S(12))
        pygame.draw.rect(surface, (120, 100, 60), p, max(1, self.S(2)), border_radius=self.S(12))
        title = TEXT.get(self.tr("saveas.title"), self.S(26), GOLD, True)
        surface.blit(title, (p.x + self.S(24), p.y + self.S(20)))
        y = p.y + self.S(120)
        if self.error:
            for line in TEXT.wrap(self.error, self.S(15), p.w - self.S(48))[:3]:
                t = TEXT.get(line, self.S(15), ERROR)
                surface.blit(t, (p.x + self.S(24), y))
                y += t.get_height()
        elif not self.name.strip():
            t = TEXT.get(self.tr("saveas.empty"), self.S(15), ERROR)
            surface.blit(t, (p.x + self.S(24), y))
        elif self._name_taken():
            t = TEXT.get(self.tr("saveas.overwrite"), self.S(15), MUTED)
            surface.blit(t, (p.x + self.S(24), y))

    def confirm(self) -> bool:
        name = self.name.strip()
        if not name:
            self.error = self.tr("saveas.empty")
            return False
        why = client_of(self.table.session.game).save_named(self.table, name)
        if why is not None:
            self.error = why
            return False
        self.app.switch(self.table)
        return True

    def cancel(self) -> None:
        self.app.switch(self.table)

    def on_gui_event(self, event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry:
            self.name = event.text
            self.error = ""

    def on_button(self, element) -> None:
        if element is self.save_b:
            self.confirm()
        elif element is self.cancel_b:
            self.cancel()

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            if event.ui_element is self.entry:
                self.confirm()
            return
        super().handle_event(event)
