"""The client's window, main loop and current scene.  ``run(args)`` is called by main.py."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from ui import probe  # noqa: E402
from ui.i18n import Tr  # noqa: E402
from ui.registry import make_scene  # noqa: E402
from ui.rulesets import find_client  # noqa: E402
from ui.settings import Settings  # noqa: E402
from ui.sound import SoundBoard  # noqa: E402
from ui.window import center_new_windows, desktop_size, fit  # noqa: E402

TITLE = "Берсерк. Стол"
FPS = 60  # frames a second while the window can be seen
HIDDEN_FPS = 10  # while it is minimized or hidden: the game goes on (the computer's moves, timers, the network),
# nothing is drawn, and the loop wakes seldom so a minimized game does not keep a core busy
HIDDEN_EVENTS = (pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN)
SHOWN_EVENTS = (pygame.WINDOWRESTORED, pygame.WINDOWSHOWN, pygame.WINDOWEXPOSED, pygame.WINDOWMAXIMIZED,
                pygame.WINDOWFOCUSGAINED)


class App:
    """Owns the window and the current scene; scenes ask it to switch, save settings or quit.

    ``settings`` is what is stored: only the Settings screen changes it.  Command-line flags
    (``--lang``, ``--size``, ``--windowed``), F11 and resizing the window by hand apply to this run
    only, through ``lang``, ``window`` and ``fullscreen``.
    """

    def __init__(self, args: argparse.Namespace | None = None, *, size: tuple[int, int] | None = None,
                 settings: Settings | None = None, headless: bool = False) -> None:
        self.args = args or argparse.Namespace()
        self.headless = headless
        self.settings = settings if settings is not None else Settings.load()
        self.sound = SoundBoard(self.settings)  # volume and mute read live; the mixer starts at the first effect
        flag_lang = getattr(self.args, "lang", None)
        self.lang: str = flag_lang if flag_lang in ("ru", "en") else self.settings.lang
        self.fullscreen: bool = self.settings.fullscreen and not headless and not getattr(self.args, "windowed", False)
        self.saves_dir: Path | None = getattr(self.args, "saves_dir", None)
        self.tr = Tr(self.lang)
        self.art = find_client("heroes").card_art(self.lang)  # «Герои»'s card faces (the classic table draws its own)
        center_new_windows()
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(TITLE)
        asked = size or getattr(self.args, "size", None) or self.settings.window
        self.window: tuple[int, int] = tuple(asked) if headless else fit(tuple(asked), desktop_size())  # type: ignore[assignment]
        self.screen = self._set_mode(self.window, self.fullscreen)
        pygame.key.set_repeat(350, 40)
        self.scene = None
        self.pointer: tuple[int, int] | None = None  # where the mouse was last seen, whichever scene saw it
        self.running = True
        self.frames = 0
        self.visible = True  # False while the window is minimized or hidden: frames update but do not draw

    # ------------------------------------------------------------------ window
    def _set_mode(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                pass
        try:
            return pygame.display.set_mode(size, pygame.RESIZABLE)
        except pygame.error:
            return pygame.display.set_mode(size)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def apply_window(self) -> None:
        """Re-open the window at ``window`` / ``fullscreen`` (shrunk to the display if need be)."""
        if not self.headless:
            self.window = fit(self.window, desktop_size())
        self.screen = self._set_mode(self.window, self.fullscreen)
        if self.scene is not None:
            self.scene.resize(self.size)

    def toggle_fullscreen(self) -> None:
        """F11: full screen or a window for this run; the Settings screen is where it is stored."""
        self.fullscreen = not self.fullscreen
        self.apply_window()

    def set_lang(self, lang: str) -> None:
        """Speak ``lang`` from now on (for this run; the Settings screen stores it)."""
        self.lang = lang
        self.tr = Tr(lang)
        self.art.set_lang(lang)

    # ------------------------------------------------------------------ scenes
    def show(self, name: str, **options) -> None:
        """Go to a new scene by its name in :mod:`ui.registry` (``show("table", session=s)``)."""
        self.switch(make_scene(self, name, **options))

    def switch(self, scene) -> None:
        """Go to ``scene``: a new one (tests build them) or one to come back to (Esc from help)."""
        if self.scene is not None:
            self.scene.leave()
        self.scene = scene
        scene.enter()

    def quit(self) -> None:
        self.running = False

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            # a scene shown next starts from here: what it puts under the pointer waits (ui/widgets/arming.py)
            self.pointer = (int(event.pos[0]), int(event.pos[1]))
        if event.type in HIDDEN_EVENTS:
            self.visible = False
        elif event.type in SHOWN_EVENTS:
            self.visible = True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.screen = pygame.display.get_surface() or self.screen
            self.window = self.size  # the player's hand on the window's corner: for this run
            if self.scene is not None:
                self.scene.resize(self.size)
            return
        if self.scene is not None:
            self.scene.handle_event(event)

    def frame(self, dt: float, draw: bool = True) -> None:
        """One turn of the loop: input, time, picture (tests may skip the picture to save time; a minimized
        window is not drawn)."""
        for event in pygame.event.get():
            self.handle(event)
        draw = draw and self.visible
        if self.scene is not None:
            self.scene.update(dt)
            if draw:
                self.scene.draw(self.screen)
        if draw:
            pygame.display.flip()
        probe.tick(self)  # a test's view of the screen, only when BERSERK_TABLE_PROBE is set
        self.frames += 1

    def loop(self, max_frames: int | None = None) -> None:
        clock = pygame.time.Clock()
        dt = 0.0
        warm = not self.headless
        while self.running:
            self.frame(dt)
            if warm:  # after the first frame is on screen: the sounds are made while the menu shows
                self.sound.warm()
                warm = False
            if max_frames is not None and self.frames >= max_frames:
                break
            dt = clock.tick(FPS if self.visible else HIDDEN_FPS) / 1000.0


def _headless_if_needed(args: argparse.Namespace) -> None:
    if getattr(args, "screenshot", None) is None and getattr(args, "frames", None) is None:
        return
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")) or getattr(args, "screenshot", None):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def run(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    _headless_if_needed(args)
    screenshot: Path | None = getattr(args, "screenshot", None)
    if screenshot is not None:
        from ui.screenshots import render_all

        app = App(args, size=getattr(args, "size", None) or (1280, 720), headless=True,
                  settings=Settings(lang=getattr(args, "lang", None) or "ru"))
        try:
            for path in render_all(app, Path(screenshot)):
                print(f"Saved {path}")
        finally:
            pygame.quit()
        return 0
    app = App(args)
    try:
        app.show("demo" if getattr(args, "demo", False) else "menu")
        frames = getattr(args, "frames", None)
        if frames:
            app.frame(0.0)
            print(f"first_frame_s={time.perf_counter() - started:.3f}")
            sys.stdout.flush()
            app.loop(max_frames=frames)
        else:
            app.loop()
    finally:
        pygame.quit()
    return 0
