"""Saves from the client: Ctrl+S with a name, F5/F9, the saves screen (load, rename, delete, broken files),
autosaves with pictures, and the replay viewer. Headless, with synthetic input events."""

from __future__ import annotations

import argparse
import os
import random

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from engine.heroes import actions as A  # noqa: E402
from saves.format import VERSION, encode  # noqa: E402
from saves.manager import read_record  # noqa: E402
from saves.replay import Replay  # noqa: E402
from ui import storage  # noqa: E402
from ui.app import App  # noqa: E402
from ui.controllers import COMPUTER_KINDS, BotController  # noqa: E402
from ui.scenes.load import LoadScene  # noqa: E402
from ui.scenes.setup import quick_session  # noqa: E402
from ui.scenes.table import TableScene  # noqa: E402
from ui.scripted import advance  # noqa: E402
from ui.settings import Settings  # noqa: E402

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture()
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("BERSERK_TABLE_HOME", str(tmp_path / "home"))
    a = App(argparse.Namespace(saves_dir=tmp_path / "saves"), size=(1280, 720),
            settings=Settings(anim_speed=2.0), headless=True)
    yield a


def folder_bytes(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())} if folder.is_dir() else {}


def pump(app) -> None:
    """Hand the scene what pygame_gui posted in answer (button presses, text changes…)."""
    app.scene.update(0.05)
    for ev in pygame.event.get():
        if ev.type not in (pygame.QUIT, pygame.VIDEORESIZE, pygame.WINDOWRESIZED):
            app.scene.handle_event(ev)


def key(app, k, mod=0, unicode="") -> None:
    app.scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))
    pump(app)


def click(app, pos) -> None:
    pump(app)
    app.scene.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.scene.handle_event(pygame.event.Event(kind, pos=pos, button=1))
        pump(app)


def type_text(app, text: str) -> None:
    for ch in text:
        app.scene.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        pump(app)


def table_at(app, seed: int = 3, turn: int = 4) -> TableScene:
    s = quick_session(seed=seed)
    advance(s, random.Random(seed), lambda g: g.turn >= turn and g.pending["kind"] == "main")
    scene = TableScene(app, s)
    scene.autosave = False
    app.switch(scene)
    return scene


def row_center(scene: LoadScene, name: str) -> tuple[int, int]:
    i = next(i for i, info in enumerate(scene.files) if info.name == name)
    scene.select(i)  # scrolls the row into view
    scene._click = (-1, 0)  # a fresh click, not the second half of a double click
    lr = scene.list_rect()
    return lr.centerx, lr.y + (i - scene.scroll) * scene.row_h + scene.row_h // 2


def test_ctrl_s_saves_under_a_typed_name_and_the_saves_screen_loads_it(app):
    from ui.scenes.save_as import SaveAsScene

    table = table_at(app)
    expected = table.game.state_hash()
    turn = table.game.turn
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert isinstance(app.scene, SaveAsScene)
    app.scene.entry.set_text("")
    app.scene.name = ""
    type_text(app, "Ужин у Ани")
    assert app.scene.name == "Ужин у Ани"
    key(app, pygame.K_RETURN)
    assert app.scene is table, app.scene.__dict__.get("error")
    path = app.saves_dir / "Ужин у Ани.json"
    assert path.is_file()
    assert (app.saves_dir / "Ужин у Ани.png").read_bytes()[:8] == PNG, "the save has a picture of the table"
    assert "Ужин у Ани" in table.ui.toast

    table.do(next(a for a in table.game.legal_actions() if isinstance(a, A.EndTurn)))  # the game goes on
    saves = LoadScene(app)
    app.switch(saves)
    info = next(i for i in saves.files if i.name == "Ужин у Ани")
    assert info.ok and info.has_thumbnail and info.turn == turn
    click(app, row_center(saves, "Ужин у Ани"))
    click(app, saves.open_b.rect.center)
    assert isinstance(app.scene, TableScene) and app.scene is not table
    assert app.scene.game.state_hash() == expected


def test_f5_then_f9_restores_the_quick_saved_position(app):
    table = table_at(app, seed=5)
    expected = table.game.state_hash()
    key(app, pygame.K_F5)
    assert (app.saves_dir / "quick.json").is_file() and (app.saves_dir / "quick.png").is_file()
    for _ in range(6):  # play on
        table.do(random.Random(1).choice(table.game.legal_actions()))
    assert table.game.state_hash() != expected
    key(app, pygame.K_F9)
    assert isinstance(app.scene, TableScene) and app.scene is not table
    assert app.scene.game.state_hash() == expected


def test_f9_without_or_with_a_broken_quick_slot_keeps_the_game_and_the_folder(app):
    table = table_at(app, seed=6)
    key(app, pygame.K_F9)
    assert app.scene is table and table.ui.toast, "no quick save: the table stays and says so"
    app.saves_dir.mkdir(parents=True, exist_ok=True)
    (app.saves_dir / "quick.json").write_bytes(b'{"format": "berserk-table-save", "version": 1, "log": [')
    before = folder_bytes(app.saves_dir)
    key(app, pygame.K_F9)
    assert app.scene is table
    assert "quick.json" in table.ui.toast
    assert folder_bytes(app.saves_dir) == before


def test_a_game_against_the_easy_computer_comes_back_easy(app):
    s = quick_session(seed=4, kinds=("human", "easy"), names=("Аня", "Ёжик"))
    assert [(p.kind, p.level) for p in s.record.players] == [("human", ""), ("computer", "easy")]
    assert s.controllers[1].kind == "easy"
    advance(s, random.Random(4), lambda g: g.turn >= 2)
    storage.save(s, "с лёгким", app.saves_dir)
    saves = LoadScene(app)
    app.switch(saves)
    saves.select(next(i for i, info in enumerate(saves.files) if info.name == "с лёгким"))
    assert saves._facts(saves.info)[1] == "Аня — Ёжик (компьютер, лёгкий)"
    app.set_lang("en")
    assert saves._facts(saves.info)[1] == "Аня — Ёжик (computer, easy)"
    app.set_lang("ru")
    saves.open()  # no frames after it: the bot is not asked to think here
    table = app.scene
    assert isinstance(table, TableScene), saves.error
    seats = table.session.controllers
    assert seats[0].is_human
    assert isinstance(seats[1], BotController) and seats[1].kind == "easy" and seats[1].bot.level == "easy"
    assert table.game.state_hash() == s.game.state_hash()
    table.leave()


def test_a_level_this_client_lacks_falls_back_to_the_default(app, monkeypatch, caplog):
    s = quick_session(seed=5, kinds=("easy", "human"))
    advance(s, random.Random(5), lambda g: g.turn >= 2)
    path = storage.save(s, "старый бот", app.saves_dir)
    before = folder_bytes(app.saves_dir)
    # say, a build without the Easy bot (a new dict: the shared one keeps its order for other tests)
    monkeypatch.setattr("ui.controllers.COMPUTER_KINDS", {k: f for k, f in COMPUTER_KINDS.items() if k != "easy"})
    with caplog.at_level("WARNING", logger="ui.session"):
        loaded = storage.load(path, app.saves_dir)
    assert isinstance(loaded.controllers[0], BotController) and loaded.controllers[0].kind == "normal"
    assert loaded.controllers[1].is_human
    assert "'easy'" in caplog.text and "'normal'" in caplog.text
    assert loaded.record.players[0].level == "easy", "the save still says Easy"
    assert folder_bytes(app.saves_dir) == before


def test_rename_and_delete_with_confirmation(app):
    s = quick_session(seed=7)
    advance(s, random.Random(7), lambda g: g.turn >= 3)
    storage.save(s, "первая", app.saves_dir)
    storage.save(s, "первая", app.saves_dir)  # an overwrite leaves a .bak, which follows the save
    storage.save(s, "вторая", app.saves_dir)
    saves = LoadScene(app)
    app.switch(saves)
    click(app, row_center(saves, "первая"))
    click(app, saves.rename_b.rect.center)
    assert saves.mode == "rename" and saves.entry.visible
    saves.entry.set_text("")
    type_text(app, "переименованная")
    key(app, pygame.K_RETURN)
    names = set(folder_bytes(app.saves_dir))
    assert {"переименованная.json", "переименованная.json.bak"} <= names
    assert not any(n.startswith("первая") for n in names)
    assert saves.info.name == "переименованная"

    # renaming onto a taken name is refused and changes nothing
    before = folder_bytes(app.saves_dir)
    click(app, saves.rename_b.rect.center)
    saves.entry.set_text("вторая")
    key(app, pygame.K_RETURN)
    assert saves.error and folder_bytes(app.saves_dir) == before
    key(app, pygame.K_ESCAPE)
    assert saves.mode == "browse" and app.scene is saves

    # delete asks first: «no» keeps the file, «yes» removes it with its backup
    click(app, row_center(saves, "переименованная"))
    click(app, saves.delete_b.rect.center)
    assert saves.mode == "delete" and folder_bytes(app.saves_dir) == before
    click(app, saves.no_b.rect.center)
    assert saves.mode == "browse" and folder_bytes(app.saves_dir) == before
    key(app, pygame.K_DELETE)
    assert saves.mode == "delete"
    click(app, saves.yes_b.rect.center)
    names = set(folder_bytes(app.saves_dir))
    assert names == {"вторая.json"}, names
    assert [i.name for i in saves.files] == ["вторая"]


def test_broken_saves_are_listed_with_their_reason_and_never_touched(app):
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

    saves = LoadScene(app)
    app.switch(saves)
    by_name = {i.name: i for i in saves.files}
    for name in ("truncated", "garbage", "future", "huge"):
        assert not by_name[name].ok and by_name[name].error.ru.startswith(f"Сохранение «{name}.json»")
    saves.draw(app.screen)
    click(app, row_center(saves, "truncated"))
    assert not saves.open_b.is_enabled and saves.delete_b.is_enabled
    key(app, pygame.K_RETURN)  # opening a broken file does nothing
    assert app.scene is saves

    # «edited» reads as a save but fails on replay: the screen says why and stays
    click(app, row_center(saves, "edited"))
    click(app, saves.open_b.rect.center)
    assert app.scene is saves and "edited.json" in saves.error
    click(app, saves.replay_b.rect.center)
    assert app.scene is saves and saves.error
    saves.draw(app.screen)
    assert folder_bytes(folder) == before, "a failed load changed the folder"


def test_autosave_at_the_start_of_each_turn_keeps_five_with_pictures(app):
    table = table_at(app, seed=9, turn=1)
    table.autosave = True
    rng = random.Random(9)
    turns = 0
    while turns < 7 and not table.game.is_over:
        before = table.game.turn
        from ui.scripted import eager_action

        table.do(eager_action(table.game, rng))
        turns += table.game.turn != before
    autos = sorted(p.name for p in app.saves_dir.glob("auto-*.json"))
    assert len(autos) == 5
    for name in autos:
        assert (app.saves_dir / name.replace(".json", ".png")).read_bytes()[:8] == PNG
    newest = storage.latest(app.saves_dir)
    assert newest is not None and newest.kind == "auto"
    assert storage.load(newest.path, app.saves_dir).game.state_hash() == table.game.state_hash()


def test_replay_scene_steps_through_the_log(app):
    from ui.scenes.replay import ReplayScene

    s = quick_session(seed=10)
    advance(s, random.Random(10), lambda g: len(s.record.log) >= 40)
    path = storage.save(s, "партия", app.saves_dir)
    saves = LoadScene(app)
    app.switch(saves)
    click(app, row_center(saves, "партия"))
    click(app, saves.replay_b.rect.center)
    scene = app.scene
    assert isinstance(scene, ReplayScene)
    oracle = Replay(read_record(path), storage.manager(app.saves_dir).base)
    n = len(oracle)
    assert len(scene.lines) == n + 1 and scene.index == 0

    def check(i: int) -> None:
        assert scene.index == i
        assert scene.game.state_hash() == oracle.goto(i).game.state_hash()
        assert scene.lines[i] in scene.ui.prompt, "the current entry is named in the strip"
        scene.draw(app.screen)

    check(0)
    for i in range(1, 6):
        key(app, pygame.K_RIGHT)
        check(i)
    key(app, pygame.K_LEFT)
    check(4)
    key(app, pygame.K_END)
    check(n)
    assert scene.game.state_hash() == s.game.state_hash()
    key(app, pygame.K_RIGHT)
    check(n)
    key(app, pygame.K_PAGEUP)
    check(n - 10)
    key(app, pygame.K_HOME)
    check(0)
    fwd = next(b for b in scene.ui.panel_buttons if b.value == ("fwd",))
    click(app, fwd.rect.center)
    check(1)
    # a click on a log line jumps there
    r = scene.list_rect()
    y = r.y + scene.view.L.sc(6) + (7 - scene.scroll) * scene.line_h() + scene.line_h() // 2
    click(app, (r.centerx, y))
    check(7)
    # playing on its own reaches the end
    key(app, pygame.K_SPACE)
    for _ in range(n * 3):
        scene.update(0.5)
    check(n)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, LoadScene)


def test_end_screen_offers_the_replay(app):
    from ui.scenes.end import EndScene
    from ui.scenes.replay import ReplayScene

    s = quick_session(seed=3)
    advance(s, random.Random(3), lambda g: g.is_over, limit=3000)
    end = EndScene(app, s)
    app.switch(end)
    click(app, end.replay_b.rect.center)
    assert isinstance(app.scene, ReplayScene)
    key(app, pygame.K_END)
    assert app.scene.game.state_hash() == s.game.state_hash()
    assert app.scene.game.is_over
    key(app, pygame.K_ESCAPE)
    assert app.scene is end


def test_pictures_that_are_not_ours_are_not_shown(tmp_path):
    """A save's picture comes from a shared folder: damaged or giant ones are skipped, never decoded."""
    import io
    import struct
    import zlib

    from ui.thumbs import load_thumb

    pygame.display.init()
    good = tmp_path / "good.png"
    img = pygame.Surface((256, 180))
    img.fill((30, 52, 44))
    buf = io.BytesIO()
    pygame.image.save(img, buf, "x.png")
    good.write_bytes(buf.getvalue())
    surf = load_thumb(good, (128, 128))
    assert surf is not None and surf.get_width() <= 128 and surf.get_height() <= 128
    giant = tmp_path / "giant.png"
    ihdr = struct.pack(">II5B", 100_000, 100_000, 8, 2, 0, 0, 0)
    giant.write_bytes(PNG + struct.pack(">I", 13) + b"IHDR" + ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr)))
    assert load_thumb(giant, (128, 128)) is None
    damaged = tmp_path / "damaged.png"
    damaged.write_bytes(buf.getvalue()[:60])
    assert load_thumb(damaged, (128, 128)) is None
    assert load_thumb(tmp_path / "missing.png", (128, 128)) is None
