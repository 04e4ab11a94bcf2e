"""Demo mode (``main.py --demo``): the computer plays itself on screen, game after game.

The games alternate: «Берсерк. Герои» (a random pair of its ready decks, hands open), then classic
«Берсерк» (a random pair of its ready decks, a full game by the 2022 rules), and so on. Every move is told
in words (the prompt strip, with the acting card pointed at, and the log) at a pace set by the speed
control: buttons on the panel, keys 1-4, + and -. When a game ends its result stays a moment and the
next game begins. Any other key or click goes back to the main menu.

The bots are Normal at first: a club screen should show the game played well, and the table's pause and
pointer beats (about a second a move at 1x) hide most of Normal's half-second thought. The level button
beside the hint (or the key L) switches both seats to Hard and back, at once: Hard thinks up to 1.7 s a
move, so the game goes slower, most at the higher speeds.

The demo is shared: it is built on the table its game's client hands out for it (``demo_table_class``:
the table scene plus where the speed buttons, the hint and the result go, and what the pointer does) and
plays the games that client deals for it (``demo_session``). Each game is a new scene; the speed, the
random generator and the count of games go on to the next.
"""

from __future__ import annotations

import random
from concurrent.futures import Executor
from typing import Any

import pygame

from engine.ai import level_label
from ui.controllers import BotController
from ui.fonts import MIN_PX, TEXT, fit_text
from ui.rulesets import find_client
from ui.session import GameSession
from ui.widgets.button import Button

GOLD = (240, 200, 110)
INK = (235, 235, 240)
MUTED = (160, 166, 178)
SPEEDS = (0.5, 1.0, 2.0, 4.0)
RESULT_TIME = 4.0  # seconds (at 1x) the result stays before the next game
LEVEL = "normal"
LEVELS = ("normal", "hard")  # the levels the demo's level button goes through
RULESETS = ("heroes", "classic")  # the games the demo takes turns with, in this order
MODIFIERS = {pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT,
             pygame.K_LGUI, pygame.K_RGUI, pygame.K_CAPSLOCK, pygame.K_NUMLOCK, pygame.K_MODE}
SPEED_KEYS = {pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3,
              pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2, pygame.K_KP4: 3}
FASTER = {pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_RIGHT, pygame.K_UP}
SLOWER = {pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_LEFT, pygame.K_DOWN}


def speed_label(speed: float) -> str:
    return "½×" if speed == 0.5 else f"{speed:g}×"


class Demo:
    """Computer against computer, looping; the table's pacing and narration, its own input (mixed into a
    game's demo table by :func:`demo_scene_class`)."""

    ruleset = "heroes"

    def __init__(self, app, *, rng: random.Random | None = None, level: str = LEVEL,
                 bot_options: dict[str, Any] | None = None, executor: Executor | None = None,
                 speed: float = 1.0, games: int = 0) -> None:
        self.rng = rng or random.Random()
        self.level = level
        self.bot_options = dict(bot_options or {})
        self.executor = executor
        self.games = games
        self.app = app
        self.result_t = 0.0
        super().__init__(app, self.new_session(), open_hands=True)
        self.speed = speed  # after the table's own set-up, which starts at 1x
        self.autosave = False

    # ------------------------------------------------------------------ games
    def new_session(self) -> GameSession:
        """A game the client deals for a demo (random ready decks), both seats played by the bot."""
        names = (self.app.tr("demo.player", n=1), self.app.tr("demo.player", n=2))
        s = find_client(self.ruleset).demo_session(self.rng, names, self.level, executor=self.executor,
                                                   bot_options=self.bot_options)
        self.games += 1
        return s

    def next_ruleset(self) -> str:
        return RULESETS[(RULESETS.index(self.ruleset) + 1) % len(RULESETS)] if self.ruleset in RULESETS \
            else self.ruleset

    def new_game(self) -> None:
        """The next game, of the other game, on a fresh table (the speed and the count go on)."""
        self.app.switch(DemoScene(self.app, ruleset=self.next_ruleset(), rng=self.rng, level=self.level,
                                  bot_options=self.bot_options, executor=self.executor, speed=self.speed,
                                  games=self.games))

    def finish(self) -> None:
        """The demo never leaves for the end screen (its own timer starts the next game)."""

    def pace(self) -> float:
        anim = self.app.settings.anim_speed
        return (anim if anim > 0 else 1.0) * self.speed

    def set_level(self, level: str) -> None:
        """Both seats play at ``level`` from the next decision on (a thought under way is dropped)."""
        self.level = level
        old = self.session.controllers
        for c in old:
            cancel = getattr(c, "cancel", None)
            if cancel is not None:
                cancel()
        seed = self.rng.randrange(1 << 30)
        self.session.controllers = [BotController(level, seed + i, executor=self.executor, ruleset=self.ruleset,
                                                  **self.bot_options) for i in range(len(old))]
        self.refresh()

    def next_level(self) -> None:
        i = LEVELS.index(self.level) if self.level in LEVELS else -1
        self.set_level(LEVELS[(i + 1) % len(LEVELS)])

    def level_rect(self) -> pygame.Rect:
        """The level button: the right part of the hint's box."""
        box = self.demo_rects()[1]
        w = box.w * 9 // 20
        pad = self.view.L.sc(4)
        return pygame.Rect(box.right - w + pad, box.y + pad, w - 2 * pad, box.h - 2 * pad)

    def set_speed(self, speed: float) -> None:
        self.speed = speed
        self.demo_speed(speed)
        self.refresh()

    def step_speed(self, d: int) -> None:
        i = SPEEDS.index(self.speed) if self.speed in SPEEDS else 1
        self.set_speed(SPEEDS[max(0, min(len(SPEEDS) - 1, i + d))])

    # ------------------------------------------------------------------ scene API
    def enter(self) -> None:
        super().enter()
        self.demo_speed(self.speed)

    def update(self, dt: float) -> None:
        if self.view is None:
            return
        super().update(dt)
        if self.game.is_over:
            self.result_t += dt
            if self.result_t >= RESULT_TIME / self.pace():
                self.new_game()

    def result(self) -> str:
        out = self.game.outcome
        w = out.winner if out else None
        if w is None:
            return self.tr("end.draw")
        return self.tr("end.winner", name=find_client(self.ruleset).player_name(self.game, w))

    def refresh(self) -> None:
        super().refresh()
        if self.view is None:
            return
        r = self.demo_rects()[0]
        gap = self.view.L.sc(6)
        label_w = TEXT.get(self.tr("demo.speed"), self.view.L.sc(15), INK, True).get_width() + self.view.L.sc(10)
        w = (r.w - label_w - gap * (len(SPEEDS) - 1)) // len(SPEEDS)
        x = r.x + label_w
        buttons = []
        for sp in SPEEDS:
            rect = pygame.Rect(x, r.y, w, r.h)
            buttons.append(Button(rect, speed_label(sp), ("speed", sp), "on" if sp == self.speed else "normal"))
            x += w + gap
        self.speed_buttons = buttons
        # the level's name alone fits the box beside the hint (a level name needs no caption)
        level = Button(self.level_rect(), level_label(self.level, self.tr.lang), ("level",),
                       "on" if self.level != LEVEL else "normal")
        self.demo_buttons(buttons + [level])

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.view is None:
            return
        L = self.view.L
        r, box, _ = self.demo_rects()
        t = TEXT.get(self.tr("demo.speed"), L.sc(15), INK, True)
        surface.blit(t, t.get_rect(midleft=(r.x, r.centery)))
        text = pygame.Rect(box.x, box.y, self.level_rect().x - box.x, box.h)  # the level button has the rest
        pygame.draw.rect(surface, (24, 26, 32), text)
        size, step = L.sc(12), L.sc(14)
        lines = TEXT.wrap(self.tr("demo.hint"), size, text.w - L.sc(6))[:max(1, box.h // step)]
        y = box.centery - len(lines) * step // 2
        for line in lines:
            s = TEXT.get(line, size, MUTED)
            surface.blit(s, s.get_rect(midtop=(text.centerx, y)))
            y += step
        if self.game.is_over:
            self._draw_result(surface, L)

    def _draw_result(self, surface: pygame.Surface, L) -> None:
        area = self.demo_rects()[2]
        panel = pygame.Rect(0, 0, int(area.w * 0.6), L.sc(130))
        panel.center = area.center
        panel.top = max(panel.top, L.sc(4))
        pygame.draw.rect(surface, (28, 24, 18), panel, border_radius=L.sc(14))
        pygame.draw.rect(surface, GOLD, panel, max(2, L.sc(3)), border_radius=L.sc(14))
        title = fit_text(self.result(), L.sc(40), panel.w - L.sc(30), GOLD, True, MIN_PX)
        surface.blit(title, title.get_rect(center=(panel.centerx, panel.y + L.sc(48))))
        sub = fit_text(self.tr("demo.next"), L.sc(17), panel.w - L.sc(30), INK, False, MIN_PX)
        surface.blit(sub, sub.get_rect(center=(panel.centerx, panel.bottom - L.sc(32))))

    # ------------------------------------------------------------------ input
    def _speed_button(self, pos) -> Button | None:
        return next((b for b in getattr(self, "speed_buttons", []) if b.hit(pos)), None)

    def _on_level_button(self, pos) -> bool:
        return self.view is not None and self.level_rect().collidepoint(pos)

    def handle_event(self, event: pygame.event.Event) -> None:
        t = event.type
        if t == pygame.MOUSEMOTION:
            self.demo_hover(event.pos)
        elif t == pygame.MOUSEWHEEL:
            self.demo_wheel(event.y)
        elif t == pygame.MOUSEBUTTONDOWN:
            if getattr(event, "button", 1) in (4, 5):
                return  # the wheel, as buttons (pygame sends both): not a click
            b = self._speed_button(event.pos)
            if b is not None:
                self.set_speed(b.value[1])
            elif self._on_level_button(event.pos):
                self.next_level()
            else:
                self.to_menu()
        elif t == pygame.KEYDOWN:
            if event.key in MODIFIERS:
                return
            if event.key in SPEED_KEYS:
                self.set_speed(SPEEDS[SPEED_KEYS[event.key]])
            elif event.key in FASTER:
                self.step_speed(1)
            elif event.key in SLOWER:
                self.step_speed(-1)
            elif event.key == pygame.K_l:
                self.next_level()
            else:
                self.to_menu()

    def to_menu(self) -> None:
        self.app.show("menu")


_classes: dict[str, type] = {}


def demo_scene_class(ruleset: str = "heroes") -> type:
    """The demo on ``ruleset``'s demo table (made once per game)."""
    cls = _classes.get(ruleset)
    if cls is None:
        base = find_client(ruleset).demo_table_class()
        cls = _classes[ruleset] = type("DemoScene", (Demo, base), {"ruleset": ruleset, "__doc__": Demo.__doc__})
    return cls


def DemoScene(app, *, ruleset: str = "heroes", **options):  # noqa: N802 - the registry builds scenes by calling their class
    """The demo scene of ``ruleset`` (the registry's "demo")."""
    return demo_scene_class(ruleset)(app, **options)
