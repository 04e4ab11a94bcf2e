"""Raw input for tests and scripted demos: the mouse and keyboard of a person, into the running app.

:class:`Input` posts raw events (mouse motion, buttons, wheel, keys, text, window size) into pygame's
event queue and lets the app's own loop (:meth:`ui.app.App.frame`) read them, exactly as it reads a
person's input; nothing here calls a scene's handlers or makes pygame_gui's own events.
:class:`Driver` builds whole engine actions on it for the table: drags and clicks found by looking
where the table draws things.
"""

from __future__ import annotations

import random

import pygame

from engine.heroes import actions as A
from ui.heroes.table import intents
from ui.heroes.table.input import picker_card_at
from ui.heroes.table.intents import TABLE, kind_of
from ui.heroes.table.overlays import picker_geometry


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
        """Click a pygame_gui element where it is drawn."""
        if not element.visible or not element.alive():
            raise GestureError(f"{element} is not on the screen")
        self.click(element.rect.center)

    def choose(self, menu, text: str) -> None:
        """Open a drop-down with a click and click the option ``text`` (scrolling the list if needed)."""
        self.click(menu.rect.center)
        state = menu.current_state
        if state is not menu.menu_states.get("expanded"):
            raise GestureError(f"the drop-down {menu.selected_option!r} did not open on a click")
        listing = state.options_selection_list
        for _ in range(60):
            for item in listing.item_list:
                b = item.get("button_element")
                if item["text"] == text and b is not None and b.visible and listing.rect.contains(b.rect):
                    self.click(b.rect.center)
                    return
            if not any(item["text"] == text for item in listing.item_list):
                break
            self.move(listing.rect.center)
            self.wheel(-1)
        raise GestureError(f"no option {text!r} in the drop-down: {[i['text'] for i in listing.item_list]}")


class Driver:
    """Moves the mouse over a TableScene: press, drag, release, click buttons — through :class:`Input`."""

    def __init__(self, scene, rng: random.Random | None = None, draw_every: int = 0) -> None:
        self.scene = scene
        self.rng = rng or random.Random(0)
        self.input = Input(scene.app, dt=0.05, draw_every=draw_every)

    # ------------------------------------------------------------------ raw events
    def move(self, pos) -> None:
        self.input.move(pos)

    def down(self, pos, button: int = 1) -> None:
        self.input.down(pos, button)

    def up(self, pos, button: int = 1) -> None:
        self.input.up(pos, button)

    def click(self, pos) -> None:
        self.input.click(pos)

    def drag(self, start, end) -> None:
        self.input.drag(start, end)

    def wheel(self, dy: int) -> None:
        self.input.wheel(dy)

    def settle(self) -> None:
        self.input.frame(30, dt=0.1)

    # ------------------------------------------------------------------ finding things
    def point_of(self, key) -> tuple[int, int]:
        """A point where the table's hit test finds ``key`` (cards may overlap)."""
        sc = self.scene
        if key == TABLE:
            band = sc.view.L.sides["bottom"].band
            for y in (band.centery, band.y + 2, band.bottom - 2):
                for x in range(band.right - 4, band.x, -5):
                    if sc.view.hit((x, y), sc.game, sc.ui) == TABLE:
                        return x, y
            raise GestureError("no free spot on the table")
        if key[0] == "coins":
            return sc.view.L.sides["bottom" if key[1] == sc.ui.viewer else "top"].coins.center
        rect = sc.view.card_rect(key[1])
        if rect is None:
            raise GestureError(f"card {key[1]} is not on the table")
        pts = [rect.center] + [(rect.x + int(rect.w * fx), rect.y + int(rect.h * fy))
                               for fy in (0.3, 0.5, 0.15, 0.8) for fx in (0.2, 0.5, 0.8, 0.1, 0.9)]
        for p in pts:
            if sc.view.hit(p, sc.game, sc.ui) == key:
                return p
        raise GestureError(f"no visible point on card {key[1]}")

    def button(self, value, group: str = "buttons"):
        for b in getattr(self.scene.ui, group):
            if b.value == value and b.enabled:
                return b
        raise GestureError(f"no button {value!r} in {group}: {[b.value for b in getattr(self.scene.ui, group)]}")

    def press(self, value, group: str = "buttons") -> None:
        self.click(self.button(value, group).rect.center)

    # ------------------------------------------------------------------ whole actions
    def lift_curtain(self) -> None:
        if self.scene.ui.curtain is not None:
            w, h = self.scene.app.size
            self.click((w // 2, h // 2))

    def perform(self, action) -> None:
        """Make ``action`` happen through the mouse only (drags and clicks)."""
        sc = self.scene
        self.lift_curtain()
        self.settle()
        if isinstance(action, A.ChooseOrder):
            self.press(("order", action.first))
        elif isinstance(action, A.Mulligan | A.Reveal):
            for cid in action.cards:
                self.click(self.point_of(("card", cid)))
            self.press(("mulligan",) if isinstance(action, A.Mulligan) else ("reveal",))
        elif isinstance(action, A.NoDefense):
            self.press(("no_defense",))
        elif isinstance(action, A.Defend):
            if self.rng.random() < 0.5:
                self.click(self.point_of(("card", action.card)))
            else:
                self.drag(self.point_of(("card", action.card)), self.point_of(("card", sc.game.combat["attacker"])))
        elif isinstance(action, A.DeclineTrigger):
            self.press(("decline", action.trigger))
        elif isinstance(action, A.DeclareTrigger):
            self.press(("declare", action.trigger))
            self.answer(action)
        elif isinstance(action, A.Choose):
            if sc.ui.picker is None:
                self.press(("open_choice",))
            for cid in action.cards:
                self.click(self._picker_point(cid))
            self.press(("pick_ok",), "picker_buttons")
        elif isinstance(action, A.EndTurn):
            self.press(("end",), "panel_buttons")
        elif isinstance(action, A.Play | A.Attack | A.Activate | A.WoundUndead):
            self._main(action)
        elif isinstance(action, A.AcceptDraw):
            self.press(("accept_draw",))
        elif isinstance(action, A.DeclineDraw):
            self.press(("decline_draw",))
        else:
            raise GestureError(f"no gesture for {action}")

    def _picker_point(self, cid: int):
        sc = self.scene
        for _ in range(50):
            _, rects, _ = picker_geometry(sc.view.L, sc.ui.picker)
            for c, r in rects:
                if c == cid and picker_card_at(sc, r.center) == cid:
                    return r.center
            self.wheel(-1)
        raise GestureError(f"card {cid} not in the picker")

    def _main(self, action) -> None:
        sc = self.scene
        if isinstance(action, A.WoundUndead):
            src = ("coins", sc.ui.viewer)
            dest = ("card", action.card)
        elif isinstance(action, A.Attack):
            src, dest = ("card", action.attacker), ("card", action.target)
        else:
            src = ("card", action.card)
            keys = [k for k in intents.drop_keys(sc.game, action)
                    if k == TABLE or sc.view.card_rect(k[1]) is not None]
            if not keys:
                raise GestureError(f"nowhere to drop for {action}")
            keys.sort(key=lambda k: (k == TABLE, k[1] if k != TABLE else 0))
            dest = keys[0] if self.rng.random() < 0.6 else keys[-1]
        if src[0] == "card" and (dest == src or self.rng.random() < 0.35):
            # the click way: select the source, then click the target (or the prompt's play button)
            self.click(self.point_of(src))
            if dest == TABLE:
                if any(b.value == ("drop", TABLE) for b in sc.ui.buttons):
                    self.press(("drop", TABLE))
                else:
                    self.press(("use", kind_of(action)))
            else:
                self.click(self.point_of(dest))
        else:
            self.drag(self.point_of(src), self.point_of(dest))
        self.answer(action)

    def answer(self, action) -> None:
        """Answer the table's follow-up questions (which ability, X, targets) for ``action``."""
        sc = self.scene
        for _ in range(10):
            n = sc.narrow
            if n is None:
                return
            q = n.question()
            if q is None:
                return
            if q.what == "kind":
                self.press(("narrow", kind_of(action)))
            elif q.what == "x":
                self.press(("narrow", getattr(action, "x", None)))
            elif q.what == "mode":
                modes = getattr(action, "modes", ())
                self.press(("narrow", modes[q.slot] if q.slot < len(modes) else None))
            elif q.what == "target":
                targets = getattr(action, "targets", ())
                value = targets[q.slot] if q.slot < len(targets) else None
                if value is None:
                    self.press(("narrow", None))
                elif sc.ui.picker is not None:
                    self.click(self._picker_point(value))
                else:
                    self.click(self.point_of(("card", value)))
            else:
                raise GestureError(f"unexpected question {q}")
        raise GestureError("the questions never ended")
