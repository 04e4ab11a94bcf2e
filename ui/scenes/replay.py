"""Watching a saved or finished game: the table drawn read-only with open hands, stepped through
the action log (← → Home End, PgUp PgDn, Space plays on its own) with the current entry lit.

Built on :class:`saves.replay.Replay`, which rebuilds every position through the rules. The board is the
game's own (its client's ``replay_board``: the table drawn read-only, its status lines, a zoomed card);
this scene owns the tape, the log list and the input.
"""

from __future__ import annotations

import pygame

from ui.fonts import TEXT, fit_text
from ui.rulesets import client_of
from ui.scene import Scene
from ui.widgets.arming import Arming, Drawn
from ui.widgets.button import Button

GOLD = (240, 200, 110)
INK = (235, 235, 240)
MUTED = (150, 156, 168)
CURRENT = (86, 74, 40)
AUTOPLAY_STEP = 0.9  # seconds per action at animation speed 1


def entry_line(action, player: int | None, events: list, game, tr) -> str:
    """One log entry in words: the headline event of the action, or what kind of action it was."""
    name = type(action).__name__
    client = client_of(game)
    want = client.headline(action)  # the event that tells best what the action did
    for ev in events:
        if ev.kind == want:
            text = client.describe(ev, game, tr)
            if text:
                return text
    key = f"replay.a_{name.lower()}"
    return tr(key, name=client.player_name(game, player)) if tr.has(key) else str(action)


def replay_lines(replay, tr) -> list[str]:
    """Row k: the position after k actions (row 0 is the start). Steps once through the whole log."""
    client = client_of(replay.game)
    start = [client.describe(ev, replay.game, tr) for ev in replay.setup_events]
    lines = [tr("replay.start") + (": " + "; ".join(t for t in start if t) if any(start) else "")]
    replay.goto(0)
    actions = [a for _, a in replay.record.actions(replay.path)]
    for act in actions:
        game = replay.game
        # conceding, draw offers: their player acts; a time-out is nobody's (the runner's clock)
        player = getattr(act, "player", None) if type(act) in game.META else game.decider
        frame = replay.step_forward()
        lines.append(entry_line(act, player, frame.events, frame.game, tr))
    replay.goto(0)
    return lines


class ReplayScene(Scene):
    """A replay of one game; ``back`` is the scene Esc returns to (the saves screen or the end screen).

    Its buttons and log lines are armed (ui/widgets/arming.py): the saves screen's «Смотреть» lies over the log,
    and «Играть» turns into «Пауза» where it is, so the second half of a double click neither jumps to a line
    nor stops what the first click started.
    """

    def __init__(self, app, replay, back=None, title: str = "") -> None:
        super().__init__(app)
        self.replay = replay
        self.back = back
        self.title = title
        self.lines = replay_lines(replay, self.tr)
        self.board = client_of(replay.game).replay_board(app)
        self.buttons: list[Button] = []
        self.mouse = (0, 0)
        self.scroll = 0
        self.auto = False
        self.auto_t = 0.0
        self.press: object = None
        self.hover_row: int | None = None
        self.arming = Arming()

    @property
    def game(self):
        return self.replay.game

    @property
    def index(self) -> int:
        return self.replay.index

    @property
    def view(self):
        """The board's view (None before the scene is entered)."""
        return self.board.view

    @property
    def ui(self):
        """What the board shows (its prompt, buttons, zoom)."""
        return self.board.ui

    # ------------------------------------------------------------------ scene API
    def enter(self) -> None:
        self.board.enter(self.app.size)
        self.arming.point(self.app.pointer)  # where the click that brought the replay was: what is there waits
        self.refresh()

    def resize(self, size) -> None:
        self.board.resize(size)
        self.refresh()

    def leave_replay(self) -> None:
        if self.back is not None:
            self.app.switch(self.back)
            return
        self.app.show("menu")

    def update(self, dt: float) -> None:
        if self.view is None:
            return
        self.board.update(dt)
        self.arming.tick(dt, self.buttons + self.drawn_lines())
        if self.auto:
            self.auto_t += dt
            if self.auto_t >= AUTOPLAY_STEP / max(0.25, self.app.settings.anim_speed or 4.0):
                self.auto_t = 0.0
                if self.replay.at_end:
                    self.auto = False
                    self.refresh()
                else:
                    self.goto(self.index + 1)

    # ------------------------------------------------------------------ moving along the tape
    def goto(self, index: int) -> None:
        """The position after ``index`` actions; one step forward animates, a jump redraws in place."""
        before = self.index
        index = max(0, min(index, len(self.replay)))
        if index == before:
            return
        if index == before + 1:
            events = self.replay.step_forward().events
        else:
            self.replay.goto(index)
            events = []
            if self.view is not None:
                self.board.jumped()
        self.refresh(events)
        self.show_current()

    def show_current(self) -> None:
        fit = self.rows_fit()
        if not self.scroll <= self.index < self.scroll + fit:
            self.scroll = max(0, self.index - fit // 2)
        self.scroll = max(0, min(self.scroll, len(self.lines) - fit))

    def refresh(self, events: list | None = None) -> None:
        g, tr = self.game, self.tr
        if self.view is None:
            return
        prompt = tr("replay.position", i=self.index, n=len(self.replay)) + "  " + self.lines[self.index]
        status = [tr("replay.title", name=self.title) if self.title else tr("replay.title_plain")]
        status += self.board.status(g, tr)
        areas = self.board.areas()
        sc = self.board.sc
        n = len(self.replay)
        ctl = areas["controls"]
        quarter = (ctl.w - 3 * sc(6)) // 4
        buttons = []
        for i, (label, value, ok) in enumerate((("|<", ("home",), self.index > 0), ("<", ("back",), self.index > 0),
                                                (">", ("fwd",), self.index < n), (">|", ("end",), self.index < n))):
            r = pygame.Rect(ctl.x + i * (quarter + sc(6)), ctl.y, quarter, ctl.h)
            buttons.append(Button(r, label, value, "primary" if value == ("fwd",) else "normal", ok))
        buttons.append(Button(areas["play"], tr("replay.pause" if self.auto else "replay.play"), ("auto",),
                              "on" if self.auto else "normal", self.index < n or self.auto))
        buttons.append(Button(areas["exit"], tr("replay.exit"), ("exit",), "normal"))
        self.buttons = buttons
        self.board.show(g, prompt, status, buttons, events)

    # ------------------------------------------------------------------ the log list
    def list_rect(self) -> pygame.Rect:
        return self.board.areas()["list"]

    def line_h(self) -> int:
        return TEXT.get("Ag", self.board.sc(13), INK).get_height() + self.board.sc(2)

    def rows_fit(self) -> int:
        if self.view is None:
            return 1
        return max(1, (self.list_rect().h - self.board.sc(12)) // self.line_h())

    def drawn_lines(self) -> list[Drawn]:
        """Every log line as drawn: its place in the list (none while scrolled out of sight), the same line
        wherever the list is scrolled."""
        r, lh = self.list_rect(), self.line_h()
        top = r.y + self.board.sc(6) - self.scroll * lh
        return [Drawn(pygame.Rect(r.x, top + k * lh, r.w, lh).clip(r), ("line", k)) for k in range(len(self.lines))]

    def row_at(self, pos) -> int | None:
        r = self.list_rect()
        if not r.collidepoint(pos):
            return None
        k = self.scroll + (pos[1] - r.y - self.board.sc(6)) // self.line_h()
        return k if 0 <= k < len(self.lines) else None

    def _draw_panel(self, surface: pygame.Surface) -> None:
        sc = self.board.sc
        status = self.board.areas()["status"]
        y = status.y
        for i, line in enumerate(self.ui.status):
            # a save's name can be long: the title shrinks, then ends in «…», rather than being cut off
            t = fit_text(line, sc(18) if i == 0 else sc(14), status.w, GOLD if i == 0 else INK, i == 0,
                         sc(13) if i == 0 else sc(12))
            surface.blit(t, (status.x, y))
            y += t.get_height() + sc(2)
        r = self.list_rect()
        pygame.draw.rect(surface, (30, 32, 38), r, border_radius=sc(8))
        lh = self.line_h()
        y = r.y + sc(6)
        for k in range(self.scroll, min(len(self.lines), self.scroll + self.rows_fit())):
            row = pygame.Rect(r.x + sc(4), y, r.w - sc(8), lh)
            if k == self.index:
                pygame.draw.rect(surface, CURRENT, row, border_radius=sc(4))
                pygame.draw.rect(surface, GOLD, row, 1, border_radius=sc(4))
            elif k == self.hover_row:
                pygame.draw.rect(surface, (44, 48, 58), row, border_radius=sc(4))
            colour = GOLD if k == self.index else (INK if k < self.index else MUTED)
            text = f"{k}. {self.lines[k]}" if k else self.lines[k]
            t = fit_text(text, sc(13), row.w - sc(8), colour, k == self.index, sc(13))  # a long line ends in «…»
            surface.blit(t, (row.x + sc(4), y + sc(1)))
            y += lh

    def draw(self, surface: pygame.Surface) -> None:
        if self.view is None:
            return
        self.board.draw(surface, self.game, self.mouse, self._draw_panel)

    # ------------------------------------------------------------------ input
    def on_value(self, value) -> None:
        kind = value[0]
        n = len(self.replay)
        if kind == "exit":
            self.leave_replay()
            return
        if kind == "auto":
            self.auto = not self.auto and self.index < n
            self.auto_t = 0.0
            self.refresh()
            return
        target = {"home": 0, "back": self.index - 1, "fwd": self.index + 1, "end": n}.get(kind)
        if target is not None:
            self.goto(target)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.view is None:
            return
        t = event.type
        if t in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.arming.point(event.pos)
        if t == pygame.MOUSEMOTION:
            self.mouse = event.pos
            row = self.row_at(event.pos)
            if row != self.hover_row:
                self.hover_row = row
                self.board.changed()
        elif t == pygame.KEYDOWN:
            keys = {pygame.K_LEFT: ("back",), pygame.K_RIGHT: ("fwd",), pygame.K_HOME: ("home",),
                    pygame.K_END: ("end",), pygame.K_SPACE: ("auto",), pygame.K_ESCAPE: ("exit",),
                    pygame.K_BACKSPACE: ("exit",)}
            if self.board.zoomed and event.key == pygame.K_ESCAPE:
                self.board.unzoom()
            elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.goto(self.index + (10 if event.key == pygame.K_PAGEDOWN else -10))
            elif event.key in keys:
                self.on_value(keys[event.key])
        elif t == pygame.MOUSEWHEEL:
            fit = self.rows_fit()
            self.scroll = max(0, min(self.scroll - event.y * 3, len(self.lines) - fit))
            self.board.changed()
        elif t == pygame.MOUSEBUTTONDOWN:
            self._down(event)
        elif t == pygame.MOUSEBUTTONUP and event.button == 1 and self.press is not None:
            value, self.press = self.press, None
            b = next((b for b in self.buttons if b.hit(event.pos)), None)
            if b is not None and b.value == value:
                self.on_value(value)

    def _down(self, event) -> None:
        if self.board.zoomed:
            self.board.unzoom()
            return
        if event.button == 3:
            self.board.zoom_at(event.pos, self.game)
            return
        if event.button != 1:
            return
        b = next((b for b in self.buttons if b.hit(event.pos)), None)
        if b is not None:  # one that just appeared, or changed, under the pointer: the click does nothing
            if self.arming.takes(b):
                self.press = b.value
            return
        row = self.row_at(event.pos)
        if row is not None and self.arming.takes(self.drawn_lines()[row]):
            self.goto(row)
