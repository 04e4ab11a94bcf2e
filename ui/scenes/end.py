"""The end of a game: the winner, how it ended, a short summary; back to the menu."""

from __future__ import annotations

import pygame
import pygame_gui

from ui.fonts import TEXT
from ui.rulesets import client_of
from ui.scene import GuiScene


def summary(session, tr) -> list[str]:
    """A few lines about the game that just ended (its game's client says which)."""
    return client_of(session.game).end_summary(session, tr)


class EndScene(GuiScene):
    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session

    def build(self) -> None:
        w, h = self.app.size
        bw, bh = self.S(240), self.S(50)
        x0 = w // 2 - bw * 3 // 2 - self.S(20)
        self.menu_b = pygame_gui.elements.UIButton(pygame.Rect(x0, h - self.S(110), bw, bh),
                                                   self.tr("end.menu"), self.manager)
        self.replay_b = pygame_gui.elements.UIButton(pygame.Rect(x0 + bw + self.S(20), h - self.S(110), bw, bh),
                                                     self.tr("end.replay"), self.manager)
        if self.session.record is None:
            self.replay_b.disable()
        self.again_b = pygame_gui.elements.UIButton(pygame.Rect(x0 + 2 * (bw + self.S(20)), h - self.S(110), bw, bh),
                                                    self.tr("end.again"), self.manager, object_id="#primary")
        self.error = getattr(self, "error", "")

    def draw_back(self, surface) -> None:
        w, h = surface.get_size()
        g = self.session.game
        out = g.outcome
        winner = out.winner if out else None
        title = (self.tr("end.winner", name=client_of(g).player_name(g, winner)) if winner is not None else self.tr("end.draw"))
        t = TEXT.get(title, self.S(54), (240, 200, 110), True)
        surface.blit(t, t.get_rect(center=(w // 2, int(h * 0.2))))
        reason = out.reason if out else ""
        key = f"end.reason_{reason}"
        r = TEXT.get(self.tr(key) if self.tr.has(key) else reason, self.S(22), (200, 204, 214))
        surface.blit(r, r.get_rect(center=(w // 2, int(h * 0.2) + self.S(60))))
        y = int(h * 0.42)
        for line in summary(self.session, self.tr):
            s = TEXT.get(line, self.S(20), (220, 224, 232))
            surface.blit(s, s.get_rect(center=(w // 2, y)))
            y += s.get_height() + self.S(8)
        if self.error:
            e = TEXT.get(self.error, self.S(16), (255, 140, 120))
            surface.blit(e, e.get_rect(center=(w // 2, h - self.S(140))))

    def on_button(self, element) -> None:
        if element is self.menu_b:
            self.app.show("menu")
        elif element is self.replay_b:
            self.watch()
        elif element is self.again_b:
            self.app.show(getattr(self.session, "again", "setup"))  # a network game's goes back to its screen

    def watch(self) -> bool:
        """The game just played as a replay; Esc there comes back here."""
        from saves.errors import SaveError
        from saves.replay import Replay
        from ui import storage

        record = self.session.record
        if record is None:
            return False
        try:
            # the in-memory record's snapshot (if any) is from the last save: replay the whole log afresh
            replay = Replay(record.truncated(len(record.log)), storage.manager(self.app.saves_dir).base)
        except SaveError as exc:
            self.error = exc.message(self.tr.lang)
            return False
        self.app.show("replay", replay=replay, back=self)
        return True

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.app.show("menu")
            return
        super().handle_event(event)
