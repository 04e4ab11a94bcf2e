"""The saves screen, clicked and typed at like a person: rows (a click selects, a double click
opens), open, replay, rename (typing), delete after asking, broken files, the wheel and the keys.
Each check is on the folder, the game that opens, or what the screen shows."""

from __future__ import annotations

import random

import pygame
import pytest

from tests.ui_support import look, menu_button, replace_text, show
from ui import storage
from ui.controllers import BotController
from ui.heroes.scene import TableScene
from ui.scenes.load import DOUBLE_CLICK_S, LoadScene
from ui.scenes.menu import MenuScene
from ui.scenes.replay import ReplayScene
from ui.scripted import advance
from ui.session import quick_session


def folder_bytes(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())} if folder.is_dir() else {}


def save_games(app, names, seed: int = 7, turn: int = 3) -> dict[str, str]:
    """One saved game per name (each a turn further on); their positions' hashes by name."""
    s = quick_session(seed=seed)
    rng = random.Random(seed)
    hashes = {}
    for k, name in enumerate(names):
        assert advance(s, rng, lambda g, t=turn + k: g.turn >= t)
        storage.save(s, name, app.saves_dir)
        hashes[name] = s.game.state_hash()
    return hashes


def open_saves(app, person) -> LoadScene:
    """From the menu, a click on «Загрузить»."""
    show(app, MenuScene(app), person)
    person.press(menu_button(app, "load"))
    assert isinstance(app.scene, LoadScene)
    return app.scene


def row_point(scene: LoadScene, i: int) -> tuple[int, int]:
    lr = scene.list_rect()
    return lr.centerx, lr.y + (i - scene.scroll) * scene.row_h + scene.row_h // 2


def click_row(person, scene: LoadScene, i: int) -> None:
    """Click row ``i``; one the screen just put under the pointer is waited for, as a person's eyes do (a row that
    appeared there takes no click for a moment: ui/widgets/arming.py)."""
    person.wait_until(lambda: scene.takes_row(i), 2.0, what=f"row {i}")
    person.click(row_point(scene, i))


def select_row(person, scene: LoadScene, name: str) -> None:
    """Scroll the list with the wheel until the row shows, then click it (unless it is selected already)."""
    i = next(i for i, info in enumerate(scene.files) if info.name == name)
    if scene.info is not None and scene.info.name == name:
        return
    person.move(scene.list_rect().center)
    for _ in range(len(scene.files)):
        if scene.scroll <= i < scene.scroll + scene.visible_rows():
            break
        person.wheel(1 if i < scene.scroll else -1)
    click_row(person, scene, i)
    assert scene.info.name == name


def test_a_click_on_a_row_selects_it_and_open_loads_that_game(app, person):
    hashes = save_games(app, ["первая", "вторая", "третья"])
    saves = open_saves(app, person)
    select_row(person, saves, "вторая")
    look(person)
    person.press(saves.open_b)
    assert isinstance(app.scene, TableScene)
    assert app.scene.game.state_hash() == hashes["вторая"]


@pytest.fixture()
def slow_machine(monkeypatch):
    """A machine so slow that the wall clock leaps a second whenever it is read: the screen must time a double
    click by its frames, as arming does (ui/widgets/arming.py), not by the wall clock."""
    ticks = iter(range(0, 10**9, 1000))
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: next(ticks))


@pytest.fixture()
def quick_hands(monkeypatch):
    """A wall clock that stands still: only the frames between two clicks say how far apart they are."""
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: 1000)


def test_a_double_click_on_a_row_opens_it(app, person, slow_machine):
    hashes = save_games(app, ["первая", "вторая"])
    saves = open_saves(app, person)
    i = next(i for i, info in enumerate(saves.files) if info.name == "первая")
    click_row(person, saves, i)
    person.click(row_point(saves, i))  # a few frames later, well inside DOUBLE_CLICK_S of frame time
    assert isinstance(app.scene, TableScene)
    assert app.scene.game.state_hash() == hashes["первая"]


def test_two_clicks_further_apart_than_a_double_click_only_select(app, person, quick_hands):
    save_games(app, ["первая", "вторая"])
    saves = open_saves(app, person)
    i = next(i for i, info in enumerate(saves.files) if info.name == "первая")
    click_row(person, saves, i)
    person.wait(DOUBLE_CLICK_S + 0.1)  # frames pass; the wall clock (frozen) says no time did
    person.click(row_point(saves, i))
    assert app.scene is saves and saves.info.name == "первая"
    person.click(row_point(saves, i))  # this one and the last are a double click
    assert isinstance(app.scene, TableScene)


def test_enter_opens_the_selected_row_and_arrows_move_the_selection(app, person):
    hashes = save_games(app, ["a", "b", "c"])
    saves = open_saves(app, person)
    assert saves.sel == 0
    person.key(pygame.K_DOWN)
    person.key(pygame.K_DOWN)
    person.key(pygame.K_UP)
    assert saves.sel == 1
    name = saves.info.name
    person.key(pygame.K_RETURN)
    assert isinstance(app.scene, TableScene) and app.scene.game.state_hash() == hashes[name]


def test_the_wheel_and_the_keys_scroll_a_long_list(app, person):
    names = [f"партия {k}" for k in range(9)]
    save_games(app, names, turn=2)
    saves = open_saves(app, person)
    rows = saves.visible_rows()
    assert len(saves.files) > rows, "the list is longer than the screen"
    person.move(saves.list_rect().center)
    person.wheel(-2)
    assert saves.scroll == 2
    person.wheel(-20)
    assert saves.scroll == len(saves.files) - rows, "it stops at the last row"
    last = saves.files[-1].name
    select_row(person, saves, last)
    person.wheel(20)
    assert saves.scroll == 0
    person.key(pygame.K_HOME)
    assert saves.sel == 0 and saves.scroll == 0
    person.key(pygame.K_PAGEDOWN)
    assert saves.sel == rows and saves.scroll == 1
    person.key(pygame.K_END)
    assert saves.sel == len(saves.files) - 1 and saves.scroll == len(saves.files) - rows
    person.key(pygame.K_PAGEUP)
    assert saves.sel == len(saves.files) - 1 - rows


def test_rename_by_typing_a_new_name(app, person):
    s = quick_session(seed=7)
    advance(s, random.Random(7), lambda g: g.turn >= 3)
    storage.save(s, "первая", app.saves_dir)
    storage.save(s, "первая", app.saves_dir)  # an overwrite leaves a .bak, which follows the save
    storage.save(s, "вторая", app.saves_dir)
    saves = open_saves(app, person)
    select_row(person, saves, "первая")
    person.press(saves.rename_b)
    assert saves.entry.visible and saves.entry.get_text() == "первая"
    replace_text(person, saves.entry, "переименованная")
    person.key(pygame.K_RETURN)
    names = set(folder_bytes(app.saves_dir))
    assert {"переименованная.json", "переименованная.json.bak"} <= names
    assert not any(n.startswith("первая") for n in names)
    assert saves.info.name == "переименованная" and saves.mode == "browse"

    # F2 renames too, and the OK button confirms; a taken name is refused and changes nothing
    before = folder_bytes(app.saves_dir)
    person.key(pygame.K_F2)
    assert saves.mode == "rename"
    replace_text(person, saves.entry, "вторая")
    person.press(saves.yes_b)
    assert saves.error and saves.mode == "rename" and folder_bytes(app.saves_dir) == before
    person.key(pygame.K_ESCAPE)
    assert saves.mode == "browse" and app.scene is saves and not saves.entry.visible
    person.press(saves.rename_b)
    person.press(saves.no_b)  # «Отмена»
    assert saves.mode == "browse" and folder_bytes(app.saves_dir) == before


def test_delete_asks_first(app, person):
    save_games(app, ["первая", "вторая", "третья"])
    saves = open_saves(app, person)
    select_row(person, saves, "вторая")
    before = folder_bytes(app.saves_dir)
    person.press(saves.delete_b)
    assert saves.mode == "delete" and saves.yes_b.visible and folder_bytes(app.saves_dir) == before
    person.press(saves.no_b)
    assert saves.mode == "browse" and folder_bytes(app.saves_dir) == before
    person.press(saves.delete_b)
    person.press(saves.yes_b)
    assert set(folder_bytes(app.saves_dir)) == {"первая.json", "третья.json"}
    # the Delete key asks as well, and Enter says yes
    select_row(person, saves, "третья")
    person.key(pygame.K_DELETE)
    assert saves.mode == "delete"
    person.key(pygame.K_RETURN)
    assert set(folder_bytes(app.saves_dir)) == {"первая.json"}
    assert [i.name for i in saves.files] == ["первая"]


def test_a_click_after_the_list_changed_is_not_a_double_click(app, person, quick_hands):
    save_games(app, ["первая", "вторая", "третья"])
    saves = open_saves(app, person)
    top = saves.files[0].name
    click_row(person, saves, 0)
    person.press(saves.delete_b)
    person.press(saves.yes_b)
    assert top not in [i.name for i in saves.files]
    click_row(person, saves, 0)  # another save now sits in that row: this selects it
    assert app.scene is saves and saves.sel == 0


def test_broken_saves_are_listed_with_their_reason_and_never_touched(app, person):
    from saves.format import VERSION, encode
    from saves.manager import read_record

    s = quick_session(seed=8)
    advance(s, random.Random(8), lambda g: g.turn >= 3)
    good = storage.save(s, "good", app.saves_dir)
    data = good.read_bytes()
    folder = app.saves_dir
    (folder / "truncated.json").write_bytes(data[: len(data) // 2])
    (folder / "garbage.json").write_bytes(b"\x00\xff not a save")
    future = data.replace(f'"version": {VERSION}'.encode(), b'"version": 99', 1)
    assert future != data
    (folder / "future.json").write_bytes(future)
    (folder / "huge.json").write_bytes(b" " * (21 * 2**20))
    # hand-edited into an illegal game: the log and the snapshot agree, but the rules refuse the action
    rec = read_record(good)
    rec.log[-1] = "attack attacker=9999 target=9998"  # the snapshot still matches its own hash
    (folder / "edited.json").write_bytes(encode(rec))
    before = folder_bytes(folder)

    saves = open_saves(app, person)
    by_name = {i.name: i for i in saves.files}
    for name in ("truncated", "garbage", "future", "huge"):
        assert not by_name[name].ok and by_name[name].error.ru.startswith(f"Сохранение «{name}.json»")
    look(person)
    select_row(person, saves, "truncated")
    assert not saves.open_b.is_enabled and not saves.replay_b.is_enabled and saves.delete_b.is_enabled
    person.click(saves.open_b.rect.center)
    person.key(pygame.K_RETURN)  # opening a broken file does nothing
    assert app.scene is saves

    # «edited» reads as a save but fails on replay: the screen stays, and the row is broken from now on, with why
    select_row(person, saves, "edited")
    person.press(saves.open_b)
    assert app.scene is saves and not saves.info.ok and "edited.json" in saves.info.error.ru
    assert not saves.open_b.is_enabled and not saves.replay_b.is_enabled
    look(person)
    assert folder_bytes(folder) == before, "a failed load changed the folder"


def test_replay_opens_the_viewer_and_escape_comes_back(app, person):
    save_games(app, ["партия"])
    saves = open_saves(app, person)
    person.press(saves.replay_b)
    assert isinstance(app.scene, ReplayScene) and app.scene.index == 0
    person.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, LoadScene)


def test_a_game_against_the_computer_is_listed_with_its_level_and_comes_back_so(app, person):
    s = quick_session(seed=4, kinds=("human", "easy"), names=("Аня", "Ёжик"))
    advance(s, random.Random(4), lambda g: g.turn >= 2)
    storage.save(s, "с лёгким", app.saves_dir)
    saves = open_saves(app, person)
    assert saves._facts(saves.info)[1] == "Аня — Ёжик (компьютер, лёгкий)"
    app.set_lang("en")
    assert LoadScene(app)._facts(saves.info)[1] == "Аня — Ёжик (computer, easy)"
    app.set_lang("ru")
    person.press(saves.open_b)
    table = app.scene
    assert isinstance(table, TableScene), saves.error
    seats = table.session.controllers
    assert seats[0].is_human
    assert isinstance(seats[1], BotController) and seats[1].kind == "easy" and seats[1].bot.level == "easy"
    assert table.session.record.log == s.record.log
    app.switch(MenuScene(app))  # the computer stops thinking with its table


@pytest.mark.parametrize("how", ["button", "escape"])
def test_back_and_escape_return_to_the_menu(app, person, how):
    save_games(app, ["x"])
    saves = open_saves(app, person)
    if how == "button":
        person.press(saves.back_b)
    else:
        person.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
