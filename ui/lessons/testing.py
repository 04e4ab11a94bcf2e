"""A learner at a lesson's table for tests and pictures: the steps and their wrong moves made by the mouse only.

Built on each game's table driver (``ui.<game>.testing.Driver``, raw input through :class:`ui.testing.Input`):
the step's own action is dragged or clicked as a player would, a step to read is passed with a click on
«Дальше», and each wrong move the lesson names is tried first, so the coaching sentence it earns can be read.
"""

from __future__ import annotations

import inspect
import random

from engine.lesson import action_of
from ui.rulesets import find_client
from ui.testing import GestureError


class _Dragging(random.Random):
    """A chance that always falls on the «Герои» driver's drag: a wrong move is dragged (a click on a target not
    lit answers nothing, and the driver would wait for it)."""

    def random(self) -> float:
        return 0.99


class Learner:
    """Moves the mouse over a lesson's scene (ui/scenes/lesson.py)."""

    def __init__(self, scene, seed: int = 0) -> None:
        self.scene = scene
        driver = find_client(scene.lesson.ruleset).part("testing").Driver
        self.driver = driver(scene, random.Random(seed))
        self.input = self.driver.input
        self.coached: list[tuple[int, str]] = []  # (step index, the coaching words the panel showed)

    def button(self, value):
        b = next((b for b in self.scene.lesson_buttons if b.value == value), None)
        if b is None:
            raise GestureError(f"no button {value!r} on the lesson's panel: {[b.value for b in self.scene.lesson_buttons]}")
        return b

    def press(self, name: str) -> None:
        """Click a button of the lesson's panel («Дальше», «Заново», «Выйти из урока», «Следующий урок»…)."""
        value = ("lesson", name)
        sc = self.scene
        self.input.wait_until(lambda: sc.lesson_arming.takes(self.button(value), sc.run.index), 2.0,
                              what=f"the lesson's button {name!r}")
        self.input.click(self.button(value).rect.center)

    def menu(self, *items: str) -> None:
        """Open the table's «Меню» and choose ``items`` in it one after another (the lesson's menu, then the
        answer to the question it asks, as «Предложить ничью» → «Да, предложить ничью»)."""
        sc = self.scene
        button = next(b for b in sc.lesson_table_buttons() if b.value == ("menu",))
        self.input.wait_until(lambda: sc.armed(button), 2.0, what="the «Меню» button")
        self.input.click(button.rect.center)
        for item in items:
            chosen = next((b for b in sc.lesson_menu_items() if b.value == ("m", item)), None)
            if chosen is None:
                raise GestureError(f"no {item!r} in the lesson's menu: {[b.value for b in sc.lesson_menu_items()]}")
            self.input.wait_until(lambda b=chosen: sc.armed(b), 2.0, what=f"the menu's {item!r}")
            self.input.click(chosen.rect.center)

    def wait_for_opponent(self, seconds: float = 20.0) -> None:
        run = self.scene.run
        start = run.index
        self.input.wait_until(lambda: run.index != start or run.finished, seconds, what="the opponent's scripted move")

    def wrong_moves(self) -> None:
        """Try each wrong move of the step now; each must be refused with its coaching words on the panel."""
        sc = self.scene
        run = sc.run
        step = run.step
        for m in step.mistakes:
            before = (run.index, sc.game.state_hash())
            wrong = action_of(sc.lesson, run.position, m.action, "mistake")
            if "way" in inspect.signature(self.driver.perform).parameters:  # classic's driver is told
                self.driver.perform(wrong, way="drag")
            else:
                rng, self.driver.rng = self.driver.rng, _Dragging()
                try:
                    self.driver.perform(wrong)
                finally:
                    self.driver.rng = rng
            self.input.frame(2)
            assert (run.index, sc.game.state_hash()) == before, f"the wrong move {m.action!r} changed the game"
            assert run.coach == m.say, f"{sc.lesson.id} {step.where}: {m.action!r} coached {run.coach!r}, not {m.say!r}"
            self.coached.append((run.index, m.say(sc.tr.lang)))

    def step(self, mistakes: bool = True) -> None:
        """Make the step now: read on, wait for the opponent, or (after its wrong moves) make the learner's move."""
        sc = self.scene
        run = sc.run
        step = run.step
        if step is None:
            return
        if step.action is None:
            self.press("read_on")
            return
        if not run.learners_turn():
            self.wait_for_opponent()
            return
        if mistakes:
            self.wrong_moves()
        start = run.index
        action = run.expected()
        if type(action).__name__ == "OfferDraw":
            self.menu("offer_draw", "draw_yes")  # the table asks before it offers
        else:
            self.driver.perform(action)
        self.input.wait_until(lambda: run.index != start, 5.0, what=f"the step {step.where} made")

    def finish(self, mistakes: bool = True, limit: int = 200) -> None:
        """Play the lesson to its end."""
        for _ in range(limit):
            if self.scene.run.finished:
                return
            self.step(mistakes)
        raise GestureError(f"the lesson {self.scene.lesson.id} did not end in {limit} steps")
