"""The end of a game: the winner and how it ended, then the game as a picture — each side's strength turn by
turn with the biggest swings marked (ui/widgets/chart.py) and the figures beside it. A click on a turn of the
chart opens the replay there; back to the menu, the replay from the start, or a new game.

The chart's numbers come from replaying the game's action log through the rules (ui/timeline.py), not from what
the table remembers, so a game loaded from a save shows the whole of it. A network game has no record here (the
server keeps it, and the other side's hidden cards never reach this table): its chart is grown from the views the
table was shown, and no turn opens a replay."""

from __future__ import annotations

import pygame
import pygame_gui

from ui.fonts import MIN_PX, TEXT, fit_text
from ui.rulesets import client_of
from ui.scene import GuiScene
from ui.widgets.chart import GOLD, INK, MUTED, SIDES, StrengthChart

BAD = (255, 140, 120)


def summary(session, tr) -> list[str]:
    """A few lines about the game that just ended (its game's client says which): what the screen shows
    when the game's log cannot be replayed into a chart."""
    return client_of(session.game).end_summary(session, tr)


class EndScene(GuiScene):
    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session
        self.timeline = None
        self.why_no_chart = ""
        self.chart: StrengthChart | None = None
        self.hover: int | None = None
        self._read_log()

    def _read_log(self) -> None:
        """The game's turns rebuilt from its record (once: the screen only reads it)."""
        from saves.errors import SaveError
        from ui import storage
        from ui.timeline import build

        record = self.session.record
        if record is None:
            grown = getattr(self.session, "timeline", None)  # a network game's, from the views it was shown
            self.timeline = grown() if grown is not None else None
            return
        try:
            self.timeline = build(record, storage.manager(self.app.saves_dir).base)
        except SaveError as exc:
            self.why_no_chart = exc.message(self.tr.lang)

    # ------------------------------------------------------------------ layout
    def build(self) -> None:
        w, h = self.app.size
        bw, bh = self.S(240), self.S(48)
        x0 = w // 2 - bw * 3 // 2 - self.S(20)
        y = h - self.S(72)
        self.menu_b = pygame_gui.elements.UIButton(pygame.Rect(x0, y, bw, bh), self.tr("end.menu"), self.manager)
        self.replay_b = pygame_gui.elements.UIButton(pygame.Rect(x0 + bw + self.S(20), y, bw, bh),
                                                     self.tr("end.replay"), self.manager)
        if self.session.record is None:
            self.replay_b.disable()
        self.again_b = pygame_gui.elements.UIButton(pygame.Rect(x0 + 2 * (bw + self.S(20)), y, bw, bh),
                                                    self.tr("end.again"), self.manager, object_id="#primary")
        self.error = getattr(self, "error", "")
        self.side = pygame.Rect(w - self.S(390), self.S(122), self.S(360), y - self.S(16) - self.S(122))
        self.chart = None
        if self.timeline is not None:
            names = tuple(client_of(self.session.game).player_name(self.session.game, p) for p in (0, 1))
            rect = pygame.Rect(self.S(36), self.S(124), self.side.x - self.S(36) - self.S(36), self.side.h - self.S(22))
            self.chart = StrengthChart(self.timeline, names, rect, self.tr, self.S,
                                       replays=self.session.record is not None)

    def drawn(self) -> list:
        return self.chart.columns() if self.chart is not None else []

    # ------------------------------------------------------------------ drawing
    def draw_back(self, surface) -> None:
        w, h = surface.get_size()
        g = self.session.game
        out = g.outcome
        winner = out.winner if out else None
        title = (self.tr("end.winner", name=client_of(g).player_name(g, winner)) if winner is not None
                 else self.tr("end.draw"))
        t = fit_text(title, self.S(40), w - self.S(80), GOLD, True, self.S(24))
        surface.blit(t, t.get_rect(center=(w // 2, self.S(46))))
        reason = out.reason if out else ""
        key = f"end.reason_{reason}"
        r = TEXT.get(self.tr(key) if self.tr.has(key) else reason, self.S(19), (200, 204, 214))
        surface.blit(r, r.get_rect(center=(w // 2, self.S(90))))
        if self.chart is None:
            self._draw_summary(surface)
        else:
            self.chart.draw(surface, self.hover)
            key = "end.hint" if self.chart.replays else "end.hint_views"
            hint = fit_text(self.tr(key), max(MIN_PX, self.S(14)), self.chart.rect.w, MUTED, False, MIN_PX)
            surface.blit(hint, hint.get_rect(midtop=(self.chart.rect.centerx, self.chart.rect.bottom + self.S(4))))
            self._draw_figures(surface)
        if self.error:
            e = TEXT.get(self.error, self.S(16), BAD)
            surface.blit(e, e.get_rect(center=(w // 2, h - self.S(92))))

    def _draw_summary(self, surface) -> None:
        """No chart (a game with no record, or a log that would not replay): the lines in words, and why."""
        w, h = surface.get_size()
        y = int(h * 0.3)
        lines = summary(self.session, self.tr)
        if self.why_no_chart:
            lines.append(self.tr("end.no_chart", why=self.why_no_chart))
        for line in lines:
            s = fit_text(line, self.S(20), w - self.S(60), (220, 224, 232), False, MIN_PX)
            surface.blit(s, s.get_rect(center=(w // 2, y)))
            y += s.get_height() + self.S(8)

    def _draw_figures(self, surface) -> None:
        """Beside the chart: the turns played, each player's figures, and the biggest swings in words."""
        tr, S, tl = self.tr, self.S, self.timeline
        box = self.side
        pygame.draw.rect(surface, (26, 28, 35), box, border_radius=S(8))
        x, y, width = box.x + S(14), box.y + S(10), box.w - S(28)
        size = max(MIN_PX, S(15))
        g = self.session.game
        t = TEXT.get(tr("end.turns", n=tl.tally.turns), max(MIN_PX, S(16)), GOLD, True)
        surface.blit(t, (x, y))
        y += t.get_height() + S(8)
        client = client_of(g)
        for p in (0, 1):
            pygame.draw.rect(surface, SIDES[p], (x, y + S(5), S(12), S(12)), border_radius=S(3))
            name = fit_text(client.player_name(g, p), max(MIN_PX, S(16)), width - S(20), SIDES[p], True, MIN_PX)
            surface.blit(name, (x + S(20), y))
            y += name.get_height() + S(1)
            for line in tl.tally.figures(p, tr):
                s = fit_text(line, size, width - S(20), INK, False, MIN_PX)
                surface.blit(s, (x + S(20), y))
                y += s.get_height()
            y += S(8)
        head = TEXT.get(tr("end.swings"), max(MIN_PX, S(16)), GOLD, True)
        surface.blit(head, (x, y))
        y += head.get_height() + S(4)
        swings = tl.swings()
        if not swings:
            for part in TEXT.wrap(tr("end.no_swings"), size, width):
                s = TEXT.get(part, size, MUTED)
                surface.blit(s, (x, y))
                y += s.get_height()
        small = max(MIN_PX, S(14))
        for sw in swings:
            k = tl.index_of(sw.turn)
            who = tl.turns[k].player if k is not None else None
            r = S(9)
            pygame.draw.circle(surface, GOLD, (x + r, y + r + S(2)), r)
            n = TEXT.get(str(sw.rank), max(MIN_PX, S(12)), (30, 24, 12), True)
            surface.blit(n, n.get_rect(center=(x + r, y + r + S(2))))
            line = tr("end.swing", n=sw.turn, name=client.player_name(g, who)) if who is not None \
                else tr("end.tip_start")
            s = fit_text(line, small, width - 2 * r - S(8), INK, True, MIN_PX)
            surface.blit(s, (x + 2 * r + S(8), y))
            y += s.get_height()
            for p in (0, 1):
                words = self._changes(sw.changes[p])
                if not words:
                    continue
                s = fit_text(f"{client.player_name(g, p)}: {words}", small, width - 2 * r - S(8), SIDES[p],
                             False, MIN_PX)
                surface.blit(s, (x + 2 * r + S(8), y))
                y += s.get_height()
            y += S(4)
            if y > box.bottom - S(20):
                break

    def _changes(self, change: tuple[int, ...]) -> str:
        """One side's changes over a turn in words («жизни героя −6, карты в игре +2»); nothing for no change."""
        parts = []
        for m, d in enumerate(change):
            if d:
                sign = "+" if d > 0 else "−"
                parts.append(f"{self.tr('end.w_' + self.timeline.measures[m])} {sign}{abs(d)}")
        return ", ".join(parts)

    # ------------------------------------------------------------------ input
    def on_button(self, element) -> None:
        if element is self.menu_b:
            self.app.show("menu")
        elif element is self.replay_b:
            self.watch()
        elif element is self.again_b:
            self.app.show(getattr(self.session, "again", "setup"))  # a network game's goes back to its screen

    def watch(self, at: int = 0) -> bool:
        """The game just played as a replay, at the position after ``at`` actions; Esc there comes back here."""
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
        self.app.show("replay", replay=replay, back=self, at=at)
        return True

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.app.show("menu")
            return
        if self.chart is not None and event.type == pygame.MOUSEMOTION:
            self.hover = self.chart.column_at(event.pos)
        if self.chart is not None and self.chart.replays and event.type == pygame.MOUSEBUTTONDOWN \
                and event.button == 1:
            self.arming.point(event.pos)
            k = self.chart.column_at(event.pos)
            if k is not None:
                if self.arming.takes(self.chart.columns()[k]):  # not a column that appeared under the pointer
                    self.watch(self.timeline.turns[k].start)
                return
        super().handle_event(event)
