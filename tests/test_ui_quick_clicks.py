"""A button, or a card that answers the question, that appears under the pointer takes no click for a moment
(ui/widgets/arming.py, ui/heroes/table/answers.py): the rule by itself, and quick second clicks at the «Герои»
table, raw input only (ui.testing.Input). The classic table's are in test_ui_classic_quick.py, the screens'
in test_ui_quick_screens.py."""

from __future__ import annotations

import pygame

from engine.heroes import actions as A
from tests.ui_support import show, table_at
from ui.heroes.scene import TableScene
from ui.heroes.table.input import picker_card_at
from ui.heroes.testing import Driver
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


def _revive_targets(g) -> int:
    """How many graveyard cards the deciding player's hero may bring back now (Морен's «3 жетона молитвы:
    возродить выбранное существо…», its ability 2), in the main phase; 0 otherwise."""
    if getattr(g.pending, "kind", None) != "main":
        return 0
    hero = g.players[g.decider].hero
    return len({a.targets for a in g.legal_actions() if isinstance(a, A.Activate) and a.card == hero
                and a.ability == 2 and a.targets and all(g.cards[t].zone == "grave" for t in a.targets)})


def test_a_quick_second_click_never_picks_the_target_the_first_one_made_appear(app):
    # seed 11, hot-seat with open hands, played by script until Морен may bring back one of five dead creatures:
    # its ability's button opens the picker of targets (they lie in the graveyard), and a card of the picker
    # comes up right under that button
    table = table_at(app, lambda g: _revive_targets(g) >= 5, seed=11, open_hands=True)
    d = Driver(table)
    d.settle()
    s, hero = table.session, table.game.players[table.game.decider].hero
    d.click(d.point_of(("card", hero)))
    revive = d.button(("use", ("ability", hero, 2)))
    at = revive.rect.center
    d.press(revive.value)
    picker = table.ui.picker
    assert picker is not None and picker.mode == "target", "the targets are offered in the picker"
    under = picker_card_at(table, at)
    assert under is not None, "a target under the pointer"
    n = len(s.history)
    d.input.down()  # the impatient second click, right after the first
    d.input.up()
    assert len(s.history) == n, "the click meant for the ability's button brought back the card under it"
    assert table.ui.picker is picker and table.narrow is not None, "the question is still asked"
    d.input.wait(ARM_S)  # a moment later the person has seen it: a deliberate click works as before
    d.click(at)
    assert len(s.history) == n + 1 and s.history[-1].action == A.Activate(card=hero, ability=2, targets=(under,))


def _same_target_twice(g) -> A.Play | None:
    """A card in hand that may be played on a creature for both its targets, or on it and another: that play."""
    if getattr(g.pending, "kind", None) != "main":
        return None
    plays = [a for a in g.legal_actions() if isinstance(a, A.Play) and len(a.targets) == 2]
    return next((a for a in plays if a.targets[0] == a.targets[1] and g.cards[a.targets[0]].zone == "play"
                 and any(b.card == a.card and b.targets[0] == a.targets[0] != b.targets[1] for b in plays)), None)


def test_a_double_click_on_a_target_answers_only_the_question_it_was_meant_for(app):
    # seed 21: «Семя жизни» (forest_seed) takes two targets; a click on the first puts the second question, and
    # the same creature, lit again, is still under the pointer: the second half of a double click must not
    # answer it
    table = table_at(app, lambda g: _same_target_twice(g) is not None, seed=21, open_hands=True)
    d = Driver(table)
    d.settle()
    s, play = table.session, _same_target_twice(table.game)
    target = play.targets[0]
    d.click(d.point_of(("card", play.card)))  # the card in hand, chosen
    at = d.point_of(("card", target))
    n = len(s.history)
    d.click(at)  # the first target
    q = table.narrow.question() if table.narrow is not None else None
    assert q is not None and q.what == "target" and q.slot == 1 and ("card", target) in table.ui.lit, \
        "the second target's question, the same creature lit under the pointer"
    d.input.down()  # the second half of the double click
    d.input.up()
    assert len(s.history) == n and table.narrow is not None and table.narrow.question() == q, \
        "the double click played the card on the creature twice"
    d.input.wait(ARM_S)
    d.click(at)
    assert len(s.history) == n + 1 and s.history[-1].action == A.Play(card=play.card, targets=(target, target))
