"""«Обучение» played as a person does (raw input through ui.testing.Input): every lesson of both games finished
in ru and in en, each wrong move refused with its coaching sentence on the panel while the lesson goes on; the
progress kept after a restart; a broken lesson file named on the lessons' screen, which keeps working; the first
battle against Easy at the end of a path; a lesson started again and left; every step of the classic setup lit and
made by the mouse in a lesson."""

from __future__ import annotations

import pathlib

import pygame
import pytest

from engine.content.lessons import LESSONS
from tests.ui_support import look, make_app, menu_button, show
from ui.fonts import MIN_PX
from ui.lessons import catalog as lessons_catalog
from ui.lessons import progress as lessons_progress
from ui.lessons.testing import Learner
from ui.scenes.menu import MenuScene
from ui.settings import Settings


@pytest.fixture(autouse=True)
def _fresh_progress():
    """Each test reads the progress of its own home folder (the cache is per run, as the app's is)."""
    lessons_progress.forget()
    yield
    lessons_progress.forget()
    lessons_catalog.use_folder(None)


def open_lessons(app, person):
    show(app, MenuScene(app), person)
    person.press(menu_button(app, "lessons"))
    assert type(app.scene).__name__ == "LessonsScene"
    return app.scene


def lesson_button(scene, lesson_id: str):
    return next(b for b, v in scene.buttons.items() if v == f"lesson:{lesson_id}")


def cut_labels(table) -> list[str]:
    """The panel's button labels not drawn whole at a size a player reads: cut with «…», or shrunk under MIN_PX."""
    fits = [(b.label, *b.fit()) for b in table.lesson_buttons]
    return [label for label, drawn, size in fits if drawn != label or size < MIN_PX]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_lesson_is_finished_by_raw_input(home, lang):
    app = make_app(home / "saves", settings=Settings(anim_speed=0.0, lang=lang))
    from ui.testing import Input

    person = Input(app, draw_every=0)
    cat = lessons_catalog.catalog()
    ids = [x.id for ruleset in lessons_catalog.RULESETS for x in cat.path(ruleset)]
    assert len(ids) >= 12
    coached = 0
    for lesson_id in ids:
        scene = open_lessons(app, person)
        person.press(lesson_button(scene, lesson_id))
        table = app.scene
        assert table.lesson.id == lesson_id and table.run.index == 0
        learner = Learner(table)
        while not table.run.finished:
            step = table.run.step
            assert not cut_labels(table), f"{lesson_id} {step.where}: the panel's buttons show their whole labels"
            if step.action is not None and table.run.learners_turn():
                assert table.lesson_probe()["lights"], f"{lesson_id} {step.where}: the table lights what to do"
            if step.mistakes and table.run.learners_turn():
                learner.wrong_moves()  # each refused with its coaching sentence, the game unchanged
                probe = table.lesson_probe()
                assert probe["coach"] == step.mistakes[-1].say(lang) and probe["step"] == step.index
                coached += len(step.mistakes)
            learner.step(mistakes=False)
        assert table.lesson_probe()["finished"]
        assert lesson_id in lessons_progress.progress().finished
        onward = "next" if lessons_catalog.next_lesson(lesson_id) else "battle"  # the first battle ends a path
        assert [b.value[1] for b in table.lesson_buttons] == [onward, "restart", "leave"]
        assert not cut_labels(table)
        learner.press("leave")
    assert coached >= len(ids)
    scene = app.scene
    assert type(scene).__name__ == "LessonsScene" and len(scene.checks) == len(ids)


def test_progress_stays_after_a_restart(home, app, person):
    scene = open_lessons(app, person)
    assert scene.checks == []
    person.press(lesson_button(scene, "heroes/01_coins"))
    Learner(app.scene).finish(mistakes=False)
    Learner(app.scene).press("next")
    assert app.scene.lesson.id == "heroes/02_attack"
    lessons_progress.forget()  # a new run reads the file again
    stored = (home / "data" / lessons_progress.FILE).read_text(encoding="utf-8")
    assert "heroes/01_coins" in stored
    assert lessons_progress.progress().finished == {"heroes/01_coins"}
    again = make_app(home / "saves")
    from ui.testing import Input

    scene = open_lessons(again, Input(again, draw_every=0))
    assert len(scene.checks) == 1


def test_a_lesson_is_started_again_and_left(app, person):
    scene = open_lessons(app, person)
    person.press(lesson_button(scene, "classic/02_strike"))
    table = app.scene
    learner = Learner(table)
    learner.step()  # read on
    learner.step()  # the wrong move, then the strike
    assert table.run.index == 2 and table.game.pending.kind == "lower"
    person.key(pygame.K_z, pygame.KMOD_CTRL)  # no undo in a lesson: it says so and nothing changes
    assert table.run.index == 2 and table.game.pending.kind == "lower"
    learner.press("restart")
    fresh = app.scene
    assert fresh is not table and fresh.lesson.id == "classic/02_strike" and fresh.run.index == 0
    assert fresh.game.pending.kind == "main" and not fresh.session.history
    Learner(fresh).press("leave")
    assert type(app.scene).__name__ == "LessonsScene"
    person.key(pygame.K_ESCAPE)
    assert type(app.scene) is MenuScene


def test_the_lessons_menu_restarts_and_leaves(app, person):
    scene = open_lessons(app, person)
    person.press(lesson_button(scene, "heroes/03_hero"))
    table = app.scene
    learner = Learner(table)
    learner.step()
    learner.menu("resume")
    assert not table.ui.menu_open and app.scene is table
    items = [b.value for b in table.lesson_menu_buttons()]
    assert ("m", "save") not in items and ("m", "concede") not in items and ("lesson", "leave") in items
    person.key(pygame.K_ESCAPE)  # Esc opens the table's menu: the lesson's own
    assert table.ui.menu_open
    leave = next(b for b in table.lesson_menu_items() if b.value == ("lesson", "leave"))
    person.wait_until(lambda: table.armed(leave), 2.0)
    person.click(leave.rect.center)
    assert type(app.scene).__name__ == "LessonsScene"


def test_a_broken_lesson_is_named_and_the_lessons_still_work(tmp_path, app, person):
    for name in ("classic/01_board.toml", "heroes/01_coins.toml"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text((LESSONS / name).read_text(encoding="utf-8"), encoding="utf-8")
    broken = (LESSONS / "classic" / "02_strike.toml").read_text(encoding="utf-8")
    (tmp_path / "classic" / "02_strike.toml").write_text(broken.replace('do = "lower"', 'do = "keep"', 1),
                                                         encoding="utf-8")
    lessons_catalog.use_folder(tmp_path)
    scene = open_lessons(app, person)
    lines = scene.broken_lines()
    assert len(lines) == 1 and "02_strike.toml" in lines[0] and "step[2]" in lines[0], lines
    assert sorted(v for v in scene.buttons.values() if v.startswith("lesson:")) == \
        ["lesson:classic/01_board", "lesson:heroes/01_coins"]
    look(person)  # the screen draws with the broken file named on it
    person.press(lesson_button(scene, "classic/01_board"))
    Learner(app.scene).finish()
    assert app.scene.run.finished


def test_the_first_battle_against_easy_follows_the_path(app, person):
    scene = open_lessons(app, person)
    battle = next(b for b, v in scene.buttons.items() if v == "battle:classic")
    person.press(battle)
    table = app.scene
    assert type(table).__name__ == "ClassicTableScene"
    kinds = [c.kind for c in table.session.controllers]
    assert kinds == ["human", "easy"] and table.game.pending.kind == "main"
    table.autosave = False
    lessons_catalog.catalog()
    last = lessons_catalog.catalog().path("heroes")[-1].id
    app.show("lesson", lesson_id=last)
    learner = Learner(app.scene)
    learner.finish(mistakes=False)
    learner.press("battle")
    assert type(app.scene).__name__ == "TableScene"
    assert [c.kind for c in app.scene.session.controllers] == ["human", "easy"]
    app.scene.autosave = False


def test_the_lessons_fit_a_small_window(home):
    app = make_app(home / "saves", size=(800, 600))
    from tests.ui_support import outside, widgets
    from ui.testing import Input

    person = Input(app, draw_every=0)
    scene = open_lessons(app, person)
    assert not outside([w.rect for w in widgets(scene)], app.size)
    person.press(lesson_button(scene, "heroes/04_queue"))
    table = app.scene
    look(person)
    panel = table.lesson_panel()
    assert pygame.Rect(0, 0, *app.size).contains(panel)
    assert all(panel.contains(b.rect) for b in table.lesson_buttons)
    assert not cut_labels(table)


def test_the_lessons_path_is_drawn(app, person):
    scene = open_lessons(app, person)
    screen = look(person)
    assert screen.get_at(scene.back_b.rect.center)  # drawn without error at the window's size
    assert pathlib.Path(lessons_progress.progress().path).name == lessons_progress.FILE


# A lesson of every step of the classic setup a learner makes — the die roll's choice, recruiting, laying out, a
# swap, the 3rd row kept hidden, a companion seated (2022 «Подготовка к игре»; 2007 3.4–3.12): the table lights
# each one, and the mouse alone makes it, so a setup lesson needs no code of its own.
EVERY_SETUP_STEP = '''
ruleset = "classic"
cards = "builtin"
start = "roll"
dice = [6, 2]

[lesson]
title = {ru = "Вся подготовка", en = "The whole setup"}
goal = {ru = "Подготовиться к бою.", en = "Get ready for the battle."}
done = {ru = "Готово.", en = "Done."}

[p0]
deck = [{card = "fr_wolf", label = "wolf"}, {card = "nt_militia", label = "militia"},
        {card = "fr_firefly", label = "firefly"}]

[p1]
deck = [{card = "st_herd_boy", label = "boy"}]

[[step]]
do = "go_second"
[[step]]
do = "recruit card=$boy gold=0 silver=1"
[[step]]
do = "ready"
[[step]]
do = "recruit card=$wolf gold=0 silver=3"
[[step]]
do = "recruit card=$militia gold=0 silver=2"
[[step]]
do = "recruit card=$firefly gold=0 silver=2"
[[step]]
do = "ready"
[[step]]
do = "place card=$boy at=3,2"
[[step]]
do = "ready"
[[step]]
do = "place card=$wolf at=2,2"
[[step]]
do = "place card=$militia at=0,2"
[[step]]
do = "place card=$firefly at=2,1"
[[step]]
do = "swap card=$wolf other=$militia"
[[step]]
do = "ready"
[[step]]
do = "keep_hidden cards=$wolf"
[[step]]
do = "seat card=$firefly host=$militia"
expect = {turn = 1, hidden = {wolf = true}}
'''


def test_every_setup_step_is_lit_and_made_by_the_mouse(tmp_path, app, person):
    (tmp_path / "classic").mkdir()
    (tmp_path / "classic" / "01_setup.toml").write_text(EVERY_SETUP_STEP, encoding="utf-8")
    lessons_catalog.use_folder(tmp_path)
    scene = open_lessons(app, person)
    assert not scene.broken_lines()
    person.press(lesson_button(scene, "classic/01_setup"))
    table = app.scene
    learner = Learner(table)
    made = []
    while not table.run.finished:
        step = table.run.step
        if table.run.learners_turn():
            assert table.lesson_probe()["lights"], f"{step.where} {step.action}: the table lights what to do"
            made.append(step.action.split()[0])
        learner.step()
    assert {"go_second", "recruit", "ready", "place", "swap", "keep_hidden", "seat"} <= set(made)
    assert table.game.turn == 1 and table.lesson_probe()["finished"]
