"""Raw input for tests and scripted demos: the mouse and keyboard of a person, into the running app.

:class:`Input` posts raw events (mouse motion, buttons, wheel, keys, text, window size) into pygame's
event queue and lets the app's own loop (:meth:`ui.app.App.frame`) read them, exactly as it reads a
person's input; nothing here calls a scene's handlers or makes pygame_gui's own events.
 Each game's table has a driver built on it that makes whole engine actions out of drags and
clicks found by looking where the table draws things (``ui.heroes.testing.Driver``,
``ui.classic.testing.Driver``).
"""

from __future__ import annotations

import pygame


class GestureError(AssertionError):
    """The screen did not offer what a gesture needed (a button, a card to grab, an option…)."""


SETTLE_FRAMES = 3  # frames after a click for pygame_gui's chain of answers to reach the scene
# keys a character comes from, for the KEYDOWN that a real keyboard sends before TEXTINPUT
_CHAR_KEYS = {" ": pygame.K_SPACE, "-": pygame.K_MINUS, "+": pygame.K_PLUS, ".": pygame.K_PERIOD}


class Input:
    """A person at the app: every gesture is raw events in pygame's queue, then frames of the app's loop.

    ``draw_every`` draws every n-th frame (0: never), so long scripted games stay quick; ``dt`` is the
    time a frame advances the app's clock.
    """

    def __init__(self, app, dt: float = 1 / 30, draw_every: int = 1) -> None:
        self.app = app
        self.dt = dt
        self.draw_every = draw_every
        self.held: list[int] = [0, 0, 0]
        self.pos: tuple[int, int] = tuple(pygame.mouse.get_pos())  # type: ignore[assignment]
        self.frames_run = 0

    # ------------------------------------------------------------------ time
    def frame(self, n: int = 1, dt: float | None = None) -> None:
        """Let ``n`` frames of the app's loop run: it reads the queue, updates and draws."""
        for _ in range(n):
            self.frames_run += 1
            draw = bool(self.draw_every) and self.frames_run % self.draw_every == 0
            self.app.frame(self.dt if dt is None else dt, draw=draw)

    def wait(self, seconds: float, step: float = 0.1) -> None:
        """Let time pass with no input (animations finish, hover delays run out, the bot thinks)."""
        while seconds > 0:
            self.frame(1, min(step, seconds))
            seconds -= step

    def wait_until(self, done, seconds: float = 30.0, step: float = 0.05, what: str = "the screen") -> None:
        """Run frames until ``done()`` is true; a GestureError after ``seconds`` of app time."""
        import time

        deadline = time.monotonic() + max(seconds, 1.0) * 4  # the app's time and a wall-clock guard
        t = 0.0
        while not done():
            if t > seconds or time.monotonic() > deadline:
                raise GestureError(f"{what} did not change in {seconds} s")
            self.frame(1, step)
            t += step

    # ------------------------------------------------------------------ raw events
    def post(self, kind: int, **attrs) -> None:
        """One raw event into the queue; two frames: the app reads it, then whatever pygame_gui posted back."""
        pygame.event.post(pygame.event.Event(kind, **attrs))
        self.frame(2)

    def move(self, pos) -> None:
        """Move the pointer (SDL's pointer too: pygame_gui reads it for hovering)."""
        pos = (int(pos[0]), int(pos[1]))
        rel = (pos[0] - self.pos[0], pos[1] - self.pos[1])
        pygame.mouse.set_pos(pos)
        # SDL reports the warp as a motion without the held buttons: one with them goes in its place
        pygame.event.get(pygame.MOUSEMOTION)
        self.pos = pos
        self.post(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=tuple(self.held))

    def down(self, pos=None, button: int = 1) -> None:
        if pos is not None and tuple(pos) != self.pos:
            self.move(pos)
        if button <= 3:
            self.held[button - 1] = 1
        self.post(pygame.MOUSEBUTTONDOWN, pos=self.pos, button=button)

    def up(self, pos=None, button: int = 1) -> None:
        if pos is not None and tuple(pos) != self.pos:
            self.move(pos)
        if button <= 3:
            self.held[button - 1] = 0
        self.post(pygame.MOUSEBUTTONUP, pos=self.pos, button=button)

    def click(self, pos, button: int = 1) -> None:
        self.move(pos)
        self.down(button=button)
        self.up(button=button)
        # pygame_gui answers a click in a chain (button pressed -> list selection -> drop-down changed),
        # one posted event a frame
        self.frame(SETTLE_FRAMES)

    def right_click(self, pos) -> None:
        self.click(pos, button=3)

    def drag(self, start, end, steps: int = 2) -> None:
        """Press at ``start``, move in ``steps`` steps to ``end``, release there."""
        self.move(start)
        self.down(button=1)
        for i in range(1, steps + 1):
            self.move((start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps))
        self.up(button=1)

    def wheel(self, dy: int, dx: int = 0) -> None:
        self.post(pygame.MOUSEWHEEL, x=dx, y=dy, precise_x=float(dx), precise_y=float(dy), flipped=False,
                  touch=False, which=0)

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        """Press and release one key (with modifiers such as pygame.KMOD_CTRL)."""
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)

    def type(self, text: str) -> None:
        """Type text as a keyboard does: a key press and a TEXTINPUT for each character."""
        for ch in text:
            k = _CHAR_KEYS.get(ch, ord(ch.lower()) if ch.isascii() and ch.isalnum() else 0)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=ch, scancode=0))
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=ch, scancode=0))
            self.frame(2)

    def resize(self, w: int, h: int) -> None:
        """The person drags the window's corner: the window changes size and says so."""
        pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.post(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)

    # ------------------------------------------------------------------ pygame_gui widgets, found where drawn
    def press(self, element) -> None:
        """Click a pygame_gui element where it is drawn; a button the screen just put under the pointer is
        waited for, as a person's eyes do (ui/widgets/arming.py)."""
        if not element.visible or not element.alive():
            raise GestureError(f"{element} is not on the screen")
        scene = self.app.scene
        if getattr(scene, "manager", None) is element.ui_manager:
            self.wait_until(lambda: scene.armed(element), 2.0, what=f"the button {getattr(element, 'text', '')!r}")
        self.click(element.rect.center)

    def choose(self, menu, text: str) -> None:
        """Open a drop-down with a click and click the option ``text``, turning the wheel over the list up or
        down until it is in sight (the list opens scrolled to the option chosen last, which may be below it)."""
        scene = self.app.scene
        if getattr(scene, "manager", None) is menu.ui_manager:  # a box that came up under the pointer waits
            self.wait_until(lambda: scene.armed(menu), 2.0, what=f"the drop-down {menu.selected_option!r}")
        self.click(menu.rect.center)
        state = menu.current_state
        if state is not menu.menu_states.get("expanded"):
            raise GestureError(f"the drop-down {menu.selected_option!r} did not open on a click")
        listing = state.options_selection_list
        texts = [item["text"] for item in listing.item_list]
        if text not in texts:
            raise GestureError(f"no option {text!r} in the drop-down: {texts}")
        want = texts.index(text)
        for _ in range(60 + 2 * len(texts)):
            in_sight = [n for n, item in enumerate(listing.item_list)
                        if (b := item.get("button_element")) is not None and b.visible and listing.rect.contains(b.rect)]
            if want in in_sight:
                self.click(listing.item_list[want]["button_element"].rect.center)
                return
            self.move(listing.rect.center)
            self.wheel(1 if in_sight and want < in_sight[0] else -1)  # up towards an option above the sight
        raise GestureError(f"the option {text!r} never came into sight in the drop-down's list")
