"""The main menu in two columns: playing (new game, lessons, a network game, continue, saves, the computer playing itself) and the rest
(own cards, settings, rules and keywords, about and credits, quit); F9: quick load. An entry added to a column
takes its place in it, the buttons growing shorter as the column fills (down to a floor) so more fit."""

from __future__ import annotations

import pygame
import pygame_gui

from ui import storage
from ui.fonts import TEXT
from ui.scene import GuiScene


class MenuScene(GuiScene):
    COLUMNS = (("new", "lessons", "net", "continue", "load", "demo"),  # to play or to watch a game
               ("cards", "settings", "help", "credits", "quit"))
    ITEMS = tuple(name for column in COLUMNS for name in column)

    def build(self) -> None:
        from ui.rulesets import find_client

        def skipped() -> list:  # the player's files of both games that did not load
            return [*find_client("heroes").content.skipped(), *find_client("classic").decks.skipped()]

        self.buttons = {}
        self.error = getattr(self, "error", "")
        self.latest = storage.latest(self.app.saves_dir)
        self.skipped = len(skipped())
        has_auto = self.latest is not None
        has_any = bool(storage.everything(self.app.saves_dir))
        for name, rect in self.places().items():
            label = self.tr(f"menu.{name}")
            if name == "cards" and self.skipped:
                label = self.tr("menu.cards_bad", n=self.skipped)
            b = pygame_gui.elements.UIButton(rect, label, self.manager,
                                             object_id="#primary" if name == "new" else None)
            if (name == "continue" and not has_auto) or (name == "load" and not has_any):
                b.disable()
            self.buttons[b] = name

    def places(self) -> dict[str, pygame.Rect]:
        """Where each entry's button goes: the columns side by side under the title, each from the top down;
        the buttons as tall as the longest column leaves room for (46 at 1280×720, 35 at the least)."""
        w, h = self.app.size
        bw, col_gap = self.S(340), self.S(28)
        top, bottom = int(h * 0.27), h - self.S(96)  # under the subtitle; over the notes and the hint
        rows = max(len(c) for c in self.COLUMNS)
        step = min(self.S(56), max(self.S(42), (bottom - top) // rows))
        gap = max(self.S(6), step * 10 // 56)
        x0 = (w - len(self.COLUMNS) * bw - (len(self.COLUMNS) - 1) * col_gap) // 2
        out = {}
        for k, column in enumerate(self.COLUMNS):
            for i, name in enumerate(column):
                out[name] = pygame.Rect(x0 + k * (bw + col_gap), top + i * step, bw, step - gap)
        return out

    def draw_back(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        for i in range(0, h, 6):
            k = i / h
            pygame.draw.line(surface, (int(18 + 20 * k), int(20 + 8 * k), int(26 + 4 * k)), (0, i), (w, i), 6)
        title = TEXT.get(self.tr("app.title"), self.S(64), (240, 200, 110), True)
        surface.blit(title, title.get_rect(center=(w // 2, int(h * 0.135))))
        sub = TEXT.get(self.tr("app.subtitle"), self.S(22), (170, 176, 188))
        surface.blit(sub, sub.get_rect(center=(w // 2, int(h * 0.135) + self.S(58))))
        if self.skipped:
            note = TEXT.get(self.tr("menu.skipped", n=self.skipped), self.S(15), (240, 190, 120))
            surface.blit(note, note.get_rect(midbottom=(w // 2, h - self.S(62))))
        notice = self.app.settings.notice  # the settings file could not be used (ui/settings.py)
        if notice is not None:
            line = TEXT.get(self.tr("menu.settings_reset", reason=notice.reason(self.tr.lang)), self.S(15),
                            (240, 190, 120))
            surface.blit(line, line.get_rect(midbottom=(w // 2, h - self.S(86))))
        if self.error:
            err = TEXT.get(self.error, self.S(16), (255, 140, 120))
            surface.blit(err, err.get_rect(midbottom=(w // 2, h - self.S(36))))
        hint = TEXT.get(self.tr("menu.hint"), self.S(14), (120, 126, 138))
        surface.blit(hint, hint.get_rect(midbottom=(w // 2, h - self.S(12))))

    def on_button(self, element) -> None:
        name = self.buttons.get(element)
        if name == "new":
            self.app.show("setup")
        elif name == "lessons":
            self.app.show("lessons")
        elif name == "net":
            self.app.show("net")
        elif name == "continue" and self.latest is not None:
            self.open_save(self.latest.path)
        elif name == "load":
            self.app.show("saves")
        elif name == "cards":
            self.app.show("cards")
        elif name == "settings":
            self.app.show("settings")
        elif name == "help":
            self.app.show("help")
        elif name == "credits":
            self.app.show("credits")
        elif name == "demo":
            self.app.show("demo")
        elif name == "quit":
            self.app.quit()

    def quickload(self) -> None:
        """F9 from the menu too: the quick slot, or why there is none."""
        from saves.errors import SaveError
        from ui.loading import open_session

        try:
            session = storage.quickload(self.app.saves_dir)
        except SaveError as exc:
            self.error = exc.message(self.tr.lang)
            return
        open_session(self.app, session, title=storage.loaded_title(None, session, self.tr))

    def open_save(self, path) -> None:
        from ui.loading import open_saved

        self.error = open_saved(self.app, path) or ""

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F9:
            self.quickload()
            return
        super().handle_event(event)
