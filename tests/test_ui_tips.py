"""A tip the first time, as a person meets it: the tip comes up at the table, «Понятно» closes it for the game,
«Больше не показывать» for good (still so after a restart), and the Settings switch turns every tip off."""

from __future__ import annotations

import pytest

from engine.classic import actions as CA
from engine.lesson import begin
from tests.ui_support import classic_table, make_app, show
from ui.lessons import progress as lessons_progress
from ui.lessons.catalog import catalog
from ui.session import GameSession
from ui.settings import Settings
from ui.testing import Input


@pytest.fixture(autouse=True)
def _fresh_progress():
    lessons_progress.forget()
    yield
    lessons_progress.forget()


def position(lesson_id: str):
    """A lesson's position, played as a plain game (no lesson around it)."""
    return begin(catalog().lesson(lesson_id))


def lowering_table(app, person):
    """A classic table where the person strikes and is asked whether to lower the result (2007 4.5)."""
    from ui.classic.testing import Driver

    pos = position("classic/02_strike")
    table = classic_table(app, person, GameSession(game=pos.game))
    assert table.tips.current is None
    Driver(table).perform(CA.Strike(attacker=pos.labels["wolf"], target=pos.labels["militia"]))
    assert table.game.pending.kind == "lower"
    return table


def click_tip(person, table, value):
    b = next(b for b in table.tips.buttons if b.value == value)
    person.wait_until(lambda: table.tips.arming.takes(b, table.tips.current), 2.0)
    person.click(b.rect.center)


def test_a_tip_comes_the_first_time_and_never_again_after_a_restart(home, app, person):
    table = lowering_table(app, person)
    assert table.tips.current == "lower" and "ослабить" in table.tips.text()
    click_tip(person, table, ("tip", "never"))
    assert table.tips.current is None and table.game.pending.kind == "lower"  # the click was the tip's alone
    assert "classic.lower" in (home / "data" / lessons_progress.FILE).read_text(encoding="utf-8")
    lessons_progress.forget()  # a new run
    again = make_app(home / "saves")
    table = lowering_table(again, Input(again, draw_every=0))
    assert table.tips.current is None


def test_got_it_closes_the_tip_for_this_game_only(home, app, person):
    table = lowering_table(app, person)
    click_tip(person, table, ("tip", "ok"))
    assert table.tips.current is None
    table.refresh()
    assert table.tips.current is None, "once a game"
    lessons_progress.forget()
    table = lowering_table(app, person)
    assert table.tips.current == "lower", "the next game shows it again"


def test_settings_switch_every_tip_off(home, person, app):
    from ui.scenes.settings import SettingsScene

    show(app, SettingsScene(app), person)
    person.press(app.scene.tips_b)
    assert app.settings.tips is False
    assert Settings.load().tips is False, "the switch is stored"
    table = lowering_table(app, person)
    assert table.tips.current is None


def test_heroes_tips_a_defender_choice_and_not_in_a_lesson(app, person):
    from engine.heroes import actions as HA
    from ui.heroes.scene import TableScene

    pos = position("heroes/02_attack")
    g = pos.game
    g.apply(HA.EndTurn())  # the opponent's turn: his Militiaman attacks the person's hero
    g.apply(HA.Attack(attacker=pos.labels["militia"], target=pos.labels["p0hero"]))
    table = TableScene(app, GameSession(game=g))
    table.autosave = False
    show(app, table, person)
    assert table.tips.current == "defender" and table.tips.box is not None
    app.show("lesson", lesson_id="heroes/02_attack")
    assert app.scene.tips.enabled is False
