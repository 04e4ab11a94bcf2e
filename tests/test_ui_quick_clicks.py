"""A button that appears under the pointer takes no click for a moment (ui/widgets/arming.py): the rule by
itself, and a quick second click at the «Герои» table, raw input only (ui.testing.Input). The classic
table's are in test_ui_classic_quick.py."""

from __future__ import annotations

import pygame

from engine.heroes import actions as A
from tests.ui_support import show
from ui.heroes.scene import TableScene
from ui.session import quick_session
from ui.widgets.arming import ARM_S, Arming
from ui.widgets.button import Button


def test_only_a_button_that_appears_or_changes_under_the_pointer_waits():
    arming, frame = Arming(), 0.125  # ARM_S is 0.3: the third whole frame after the first drawn one
    here = Button(pygame.Rect(0, 0, 100, 40), "Пропустить", ("pass",))
    there = Button(pygame.Rect(200, 0, 100, 40), "Готово", ("ready",))
    arming.point((50, 20))
    arming.tick(frame, [here, there], 1)  # the frame they are first drawn in
    assert arming.takes(there, 1), "one that appears away from the pointer takes a click at once"
    assert not arming.takes(here, 1) and arming.settling()
    for _ in range(3):
        arming.tick(frame, [here, there], 1)
        assert not arming.takes(here, 1)
    arming.tick(frame, [here, there], 1)
    assert arming.takes(here, 1) and not arming.settling()
    arming.tick(frame, [here, there], 2)  # the same words for the next question: a new button
    assert not arming.takes(here, 2) and arming.takes(there, 2)
    other = Button(here.rect, "Использовать", ("use", 7, 0))  # another answer in the same place
    arming.tick(frame, [other], 2)
    assert not arming.takes(other, 2)
    assert not arming.takes(Button(here.rect, "Новая", ("new",)), 2), "not yet seen by a frame"
    arming.point((250, 20))  # the pointer moved away and back: a button it finds there takes the click
    arming.tick(frame, [other, Button(pygame.Rect(0, 50, 100, 40), "Меню", ("menu",))], 2)
    assert arming.takes(Button(pygame.Rect(0, 50, 100, 40), "Меню", ("menu",)), 2)
    assert ARM_S == 0.3


def test_a_quick_second_click_never_presses_the_button_the_first_one_made_appear(app, person):
    # seed 1, hot-seat with open hands (no curtain): the die's winner says who goes first; «Хожу вторым» is
    # answered, and the next question — keep the hand or take a new one? — puts «Оставить руку» where it was
    s = quick_session(seed=1)
    table = TableScene(app, s, open_hands=True)
    table.autosave = False
    show(app, table, person)
    assert s.game.pending.kind == "order"
    second = next(b for b in table.ui.buttons if b.value == ("order", False))
    at = second.rect.center
    person.click(at)
    assert s.history[-1].action == A.ChooseOrder(first=False)
    assert table.ui.curtain is None and s.game.pending.kind == "mulligan"
    keep = next(b for b in table.ui.buttons if b.hit(at))
    assert keep.value == ("mulligan",), "a new answer under the pointer"
    n = len(s.history)
    person.down()  # the impatient second click, right after the first
    person.up()
    assert len(s.history) == n and s.game.pending.kind == "mulligan", "the click meant for the order kept the hand"
    person.wait(ARM_S)  # a moment later the person has seen it: a deliberate click works as before
    person.click(at)
    assert len(s.history) == n + 1 and isinstance(s.history[-1].action, A.Mulligan)
