"""The classic table driven by a person's mouse (:class:`ui.testing.Input`): each engine action as the drag
or clicks a player makes, found where the board draws its cells and buttons."""

from __future__ import annotations

import random

from engine.classic import actions as A
from ui.classic import answers
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
            view, g, v = self.scene.view, self.scene.game, self.scene.look.viewer
            r = next((r for i, r in view.symbiote_cards(g, v) + view.extra_cards(g, v) if i == cid), None)
            if r is None:
                raise GestureError(f"creature {cid} is not on the battlefield")
            return r.center
        return self.point(c.at)

    def button(self, value):
        for b in self.scene.look.buttons:
            if b.value == value and b.enabled:
                return b
        raise GestureError(f"no button {value!r}: {[b.value for b in self.scene.look.buttons]}")

    def press(self, value) -> None:
        """Click a button; one that just appeared under the pointer is waited for, as a person's eyes do."""
        self.input.wait_until(lambda: self.scene.armed(self.button(value)), 2.0, what=f"the button {value!r}")
        self.input.click(self.button(value).rect.center)

    def answer(self, pos) -> None:
        """Click at ``pos``; a card or cell that just became an answer under the pointer is waited for, as a
        person's eyes do (ui/classic/answers.py)."""
        self.input.wait_until(lambda: answers.takes_at(self.scene, pos), 2.0, what=f"the answer at {pos}")
        self.input.click(pos)

    def lift_curtain(self) -> None:
        if self.scene.curtain_for is not None:
            w, h = self.scene.app.size
            self.input.click((w // 2, h // 2))

    def drag(self, start, end) -> None:
        """Press at ``start`` (waiting, as for a click, if a lit card there just came up under the pointer)."""
        self.input.wait_until(lambda: answers.takes_at(self.scene, start), 2.0, what=f"the card at {start}")
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
                self.answer(dest)
            if self.scene.way is not None:  # more than one way there: the small menu at the drop asks which
                self.press(("way", self.scene.way[2].index(action)))
        elif isinstance(action, A.Defend):
            self.answer(self.card_point(action.card))
        elif isinstance(action, A.NoDefense):
            self.press(("no_defense",))
        elif isinstance(action, A.Lower):
            self.press(("lower",))
        elif isinstance(action, A.Keep):
            self.press(("keep",))
        elif isinstance(action, A.EndTurn):
            self.press(("end",))
        elif self.setup_gesture(action):
            pass
        elif isinstance(action, A.Use | A.Chip | A.Aim | A.Retreat):
            self.use(action)
        elif any(b.value == ("action", str(action)) for b in self.scene.look.buttons):
            self.press(("action", str(action)))
        else:
            raise GestureError(f"no gesture for {action}")

    def use(self, action) -> None:
        """An ability, a chip, aim or retreat: select the card (main phase), press its button, click its target and
        cell."""
        sc = self.scene
        value = ("use", action.card, action.ability) if isinstance(action, A.Use) else ("act", str(action))
        if not any(b.value == value for b in sc.look.buttons):
            self.input.click(self.card_point(action.card))  # the card's click menu on the strip
        self.press(value)
        if isinstance(action, A.Use):
            if action.target is not None and sc.using is not None and sc.using.needs_target():
                self.answer(self.card_point(action.target))
            if action.to is not None and sc.using is not None:
                self.answer(self.point(action.to))

    # ------------------------------------------------------------------ the setup
    def deal_point(self, iid: int) -> tuple[int, int]:
        """The middle of a deal card on the recruit screen."""
        rect = self.scene.setup.deal_rect(iid)
        if rect is None:
            raise GestureError(f"card {iid} is not in the deal")
        return rect.center

    def tray_point(self, iid: int) -> tuple[int, int]:
        r = next((r for i, r in self.scene.setup.tray if i == iid), None)
        if r is None:
            raise GestureError(f"card {iid} is not in the tray")
        return r.center

    def setup_gesture(self, action) -> bool:
        """The setup's actions by the mouse; False for an action that is not the setup's."""
        setup = self.scene.setup
        if isinstance(action, A.GoFirst | A.GoSecond):
            self.press(("csetup", "first" if isinstance(action, A.GoFirst) else "second"))
        elif isinstance(action, A.Recruit):
            for _ in range(self.scene.game.card_at(action.card).cost + 1):
                dc = next(d for d in setup.rlook.deal if d.iid == action.card)
                if dc.split == (action.gold, action.silver):
                    break
                self.input.click(self.deal_point(action.card), button=3)  # the card's next way to pay
            self.input.click(self.deal_point(action.card))
        elif isinstance(action, A.Redeal):
            self.press(("csetup", "redeal"))
        elif isinstance(action, A.Ready):
            self.press(("csetup", "ready"))
        elif isinstance(action, A.Place):
            src = self.card_point(action.card) if action.card in self.scene.game.creatures else self.tray_point(action.card)
            self.drag(src, self.point(action.at))
        elif isinstance(action, A.Swap):
            self.drag(self.card_point(action.card), self.card_point(action.other))
        elif isinstance(action, A.KeepHidden):
            for cid in action.cards:
                self.answer(self.card_point(cid))
            self.press(("csetup", "keep"))
        elif isinstance(action, A.Seat):
            self.drag(self.card_point(action.card), self.card_point(action.host))
        else:
            return False
        return True
