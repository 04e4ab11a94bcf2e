"""The «Герои» table driven by a person's mouse (:class:`ui.testing.Input`): whole engine actions as the
drags and clicks a player makes, found by looking where the table draws things."""

from __future__ import annotations

import random

from engine.heroes import actions as A
from ui.heroes.table import answers, intents
from ui.heroes.table.input import picker_card_at
from ui.heroes.table.intents import TABLE, kind_of
from ui.heroes.table.overlays import picker_geometry
from ui.testing import GestureError, Input


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
        """Click a button; one that just appeared under the pointer is waited for, as a person's eyes do."""
        self.input.wait_until(lambda: self.scene.armed(self.button(value, group)), 2.0, what=f"the button {value!r}")
        self.click(self.button(value, group).rect.center)

    def answer_with(self, cid: int, pos) -> None:
        """Click card ``cid`` at ``pos`` as an answer; one that just became an answer under the pointer is
        waited for, as a person's eyes do (ui/heroes/table/answers.py)."""
        self.input.wait_until(lambda: answers.takes(self.scene, cid), 2.0, what=f"the card {cid} as an answer")
        self.click(pos)

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
                self.answer_with(cid, self.point_of(("card", cid)))
            self.press(("mulligan",) if isinstance(action, A.Mulligan) else ("reveal",))
        elif isinstance(action, A.NoDefense):
            self.press(("no_defense",))
        elif isinstance(action, A.Defend):
            if self.rng.random() < 0.5:
                self.answer_with(action.card, self.point_of(("card", action.card)))
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
                self.answer_with(cid, self._picker_point(cid))
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
                self.answer_with(dest[1], self.point_of(dest))
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
                    self.answer_with(value, self._picker_point(value))
                else:
                    self.answer_with(value, self.point_of(("card", value)))
            else:
                raise GestureError(f"unexpected question {q}")
        raise GestureError("the questions never ended")
