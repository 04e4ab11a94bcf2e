"""The classic table driven by a person's mouse (:class:`ui.testing.Input`): each engine action as the drag
or clicks a player makes, found where the board draws its cells and buttons."""

from __future__ import annotations

import random

from engine.classic import actions as A
from ui.testing import GestureError, Input


class Driver:
    """Moves the mouse over a ClassicTableScene: drags, clicks and button presses."""

    def __init__(self, scene, rng: random.Random | None = None, draw_every: int = 0) -> None:
        self.scene = scene
        self.rng = rng or random.Random(0)
        self.input = Input(scene.app, dt=0.05, draw_every=draw_every)

    def point(self, cell) -> tuple[int, int]:
        """The middle of a board cell where the table draws it now."""
        sc = self.scene
        return sc.view.L.cell_rect(tuple(cell), sc.look.viewer).center

    def card_point(self, cid: int) -> tuple[int, int]:
        c = self.scene.game.creatures[cid]
        if c.at is None:
            raise GestureError(f"creature {cid} is not on the battlefield")
        return self.point(c.at)

    def button(self, value):
        for b in self.scene.look.buttons:
            if b.value == value and b.enabled:
                return b
        raise GestureError(f"no button {value!r}: {[b.value for b in self.scene.look.buttons]}")

    def press(self, value) -> None:
        self.input.click(self.button(value).rect.center)

    def lift_curtain(self) -> None:
        if self.scene.curtain_for is not None:
            w, h = self.scene.app.size
            self.input.click((w // 2, h // 2))

    def drag(self, start, end) -> None:
        self.input.drag(start, end, steps=3)

    def perform(self, action, *, way: str | None = None) -> None:
        """Make ``action`` happen by the mouse only: a drag or two clicks (``way``: "drag", "click" or random)."""
        self.lift_curtain()
        if isinstance(action, A.Move | A.Strike):
            src = self.card_point(action.card if isinstance(action, A.Move) else action.attacker)
            dest = self.point(action.to) if isinstance(action, A.Move) else self.card_point(action.target)
            way = way or ("drag" if self.rng.random() < 0.6 else "click")
            if way == "drag":
                self.drag(src, dest)
            else:
                self.input.click(src)
                self.input.click(dest)
        elif isinstance(action, A.Defend):
            self.input.click(self.card_point(action.card))
        elif isinstance(action, A.NoDefense):
            self.press(("no_defense",))
        elif isinstance(action, A.Lower):
            self.press(("lower",))
        elif isinstance(action, A.Keep):
            self.press(("keep",))
        elif isinstance(action, A.EndTurn):
            self.press(("end",))
        elif any(b.value == ("action", str(action)) for b in self.scene.look.buttons):
            self.press(("action", str(action)))
        else:
            raise GestureError(f"no gesture for {action}")
