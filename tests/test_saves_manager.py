"""The saves folder: save/load, autosave rotation, quick slot, list, rename, delete, atomic writes, the CLI."""

from __future__ import annotations

import io
import json
import os
import pathlib
import random
import subprocess
import sys
from contextlib import redirect_stdout

import pytest

from saves import (
    SaveCorrupt,
    SaveExists,
    SaveManager,
    SaveMissing,
    SaveTooLarge,
    SaveVersionTooNew,
    SaveWriteError,
    encode,
    load,
)
from saves.__main__ import main as cli
from saves.atomic import backup_path
from saves.manager import KEEP_AUTOSAVES, safe_name
from tests.test_saves_common import folder_bytes, play, played

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 40
ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.fixture
def manager(tmp_path):
    return SaveManager(tmp_path / "saves")


@pytest.fixture(scope="module")
def game():
    return played(11, 30)


def test_save_and_load_continue_the_same_game(manager, game):
    record, g = game
    path = manager.save(record, "Ужин", game=g, thumbnail=PNG)
    assert path == manager.folder / "Ужин.json"
    loaded = manager.load(path)
    assert loaded.game.state_hash() == g.state_hash()
    assert loaded.game.pending == g.pending and loaded.game.legal_actions() == g.legal_actions()
    assert loaded.record.log == record.log
    assert manager.load("Ужин").game.state_hash() == g.state_hash()  # by name too
    assert (manager.folder / "Ужин.png").read_bytes() == PNG


def test_list_shows_what_the_saves_screen_needs(manager, game):
    record, g = game
    manager.save(record, "первая", game=g, thumbnail=PNG)
    (manager.folder / "broken.json").write_text("{not json")
    (manager.folder / "notes.txt").write_text("hello")
    infos = {i.name: i for i in manager.list()}
    assert set(infos) == {"первая", "broken"}
    good = infos["первая"]
    assert good.ok and good.kind == "manual" and good.ruleset == "heroes"
    assert good.players == (("Анна", "human", ""), ("Bot «Ёж»", "computer", "easy"))
    assert good.players[1].level == "easy" and good.players[0].kind == "human"
    assert good.turn == g.turn and good.actions == len(record.log) and good.has_thumbnail and not good.over
    assert good.date.tzinfo is not None
    assert isinstance(infos["broken"].error, SaveCorrupt) and not infos["broken"].has_thumbnail
    assert "broken.json" in infos["broken"].error.message("ru")


def test_an_unknown_computer_level_is_refused_and_nothing_is_overwritten(manager, game):
    record, g = game
    good = manager.save(record, "slot", game=g)
    doc = json.loads(good.read_bytes())
    doc["setup"]["players"][1]["level"] = "expert"
    edited = manager.folder / "edited.json"
    edited.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    before = folder_bytes(manager.folder)
    with pytest.raises(SaveCorrupt) as err:
        manager.load(edited)
    assert "edited.json" in err.value.en and "field setup.players[1].level" in err.value.en and "'expert'" in err.value.en
    assert "edited.json" in err.value.ru and "поле setup.players[1].level" in err.value.ru
    info = {i.name: i for i in manager.list()}["edited"]
    assert not info.ok and "setup.players[1].level" in info.error.en
    # a record that names a level the format does not know is never written over a good file
    bad = record.truncated(len(record.log))
    bad.players[1].level = "expert"
    with pytest.raises(SaveCorrupt) as err:
        manager.save(bad, "slot", game=g)
    assert "slot.json" in err.value.en and "setup.players[1].level" in err.value.en
    assert folder_bytes(manager.folder) == before
    assert manager.load(good).record.players[1].level == "easy"


def test_saving_again_keeps_the_previous_file_as_bak(manager):
    record, g = played(12, 10)
    path = manager.save(record, "slot", game=g)
    first = path.read_bytes()
    play(record, g, random.Random(1), 10)
    manager.save(record, "slot", game=g)
    assert backup_path(path).read_bytes() == first
    assert load(backup_path(path)).game.state_hash() != g.state_hash()
    assert manager.load(path).game.state_hash() == g.state_hash()
    assert manager.list()[0].has_backup


def test_saving_without_a_picture_drops_the_old_picture(manager, game):
    record, g = game
    path = manager.save(record, "slot", game=g, thumbnail=PNG)
    manager.save(record, "slot", game=g)
    assert not path.with_suffix(".png").exists()
    with pytest.raises(ValueError):
        manager.save(record, "slot", game=g, thumbnail=b"GIF89a")


def test_autosave_keeps_the_last_five(manager):
    record, g = played(13, 4)
    rng = random.Random(2)
    paths = []
    for _ in range(KEEP_AUTOSAVES + 3):
        play(record, g, rng, 3)
        paths.append(manager.autosave(record, game=g, thumbnail=PNG))
    autos = [i for i in manager.list() if i.kind == "auto"]
    assert len(autos) == KEEP_AUTOSAVES
    assert {i.path for i in autos} == set(paths[-KEEP_AUTOSAVES:])
    assert not any(p.exists() or p.with_suffix(".png").exists() for p in paths[:-KEEP_AUTOSAVES])
    assert manager.latest().path == paths[-1]


def test_quicksave_and_quickload(manager):
    with pytest.raises(SaveMissing):
        manager.quickload()
    record, g = played(14, 20)
    manager.quicksave(record, game=g)
    play(record, g, random.Random(3), 5)
    manager.quicksave(record, game=g)
    loaded = manager.quickload()
    assert loaded.game.state_hash() == g.state_hash()
    assert [i.kind for i in manager.list()] == ["quick"]


def test_manual_save_cannot_take_the_quick_or_auto_names():
    assert safe_name("quick") != "quick"
    assert safe_name("auto-20240101-000000-000000") != "auto-20240101-000000-000000"
    assert safe_name('a/b\\c:d*?"<>|') == "a_b_c_d______"
    assert safe_name("CON") == "_CON" and safe_name("...") == "_" and safe_name("Партия 1") == "Партия 1"


def test_latest_skips_finished_and_broken(manager):
    record, g = played(15, 10)
    manager.save(record, "going", game=g)
    record2, g2 = played(16, 5000, deck_size=4)
    assert g2.is_over
    manager.save(record2, "done", game=g2)
    (manager.folder / "zz.json").write_text("[]")
    assert manager.latest().name == "going"
    assert manager.latest(include_finished=True).name == "done"
    assert SaveManager(manager.folder / "none").latest() is None


def test_rename_and_delete(manager, game):
    record, g = game
    a = manager.save(record, "a", game=g, thumbnail=PNG)
    manager.save(record, "a", game=g, thumbnail=PNG)  # makes a.json.bak
    manager.save(record, "b", game=g)
    with pytest.raises(SaveExists):
        manager.rename(a, "b")
    new = manager.rename(a, "Новое имя")
    assert new.name == "Новое имя.json" and not a.exists()
    assert new.with_suffix(".png").exists() and backup_path(new).exists()
    assert manager.load(new).game.state_hash() == g.state_hash()
    manager.delete(new)
    assert sorted(folder_bytes(manager.folder)) == ["b.json"]
    with pytest.raises(SaveMissing):
        manager.delete(new)


def test_failed_loads_change_nothing(manager, game):
    record, g = game
    manager.save(record, "good", game=g, thumbnail=PNG)
    manager.save(record, "good", game=g, thumbnail=PNG)
    doc = json.loads(encode(record))
    doc["version"] = 99
    (manager.folder / "future.json").write_text(json.dumps(doc))
    (manager.folder / "trunc.json").write_bytes(encode(record)[:500])
    with open(manager.folder / "huge.json", "wb") as f:
        f.truncate(21 * 1024 * 1024)
    before = folder_bytes(manager.folder)
    for name, err in (("future", SaveVersionTooNew), ("trunc", SaveCorrupt), ("huge", SaveTooLarge),
                      ("missing", SaveMissing)):
        with pytest.raises(err):
            manager.load(name)
    with pytest.raises(SaveMissing):
        manager.load(manager.folder)  # a folder is not a save
    manager.list()
    assert folder_bytes(manager.folder) == before


# ====================================================================== atomic writes
def test_crash_between_write_and_rename_keeps_the_previous_save(manager, monkeypatch):
    record, g = played(17, 10)
    path = manager.save(record, "slot", game=g)
    before = folder_bytes(manager.folder)
    old_hash = g.state_hash()
    play(record, g, random.Random(4), 10)
    real_replace = os.replace

    def crash(src, dst, *a, **k):
        if pathlib.Path(dst) == path:
            raise OSError(5, "simulated crash before the rename")
        return real_replace(src, dst, *a, **k)

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(SaveWriteError) as err:
        manager.save(record, "slot", game=g)
    assert "slot.json" in err.value.en and "не тронут" in err.value.ru
    monkeypatch.setattr(os, "replace", real_replace)
    assert manager.load(path).game.state_hash() == old_hash
    after = folder_bytes(manager.folder)
    assert after["slot.json"] == before["slot.json"]
    assert not [n for n in after if n.endswith(".tmp")]  # the temp file is cleaned up


def test_any_failing_step_of_a_write_leaves_the_old_file(manager, monkeypatch):
    record, g = played(18, 10)
    path = manager.save(record, "slot", game=g)
    old = path.read_bytes()
    for target in ("replace", "fsync", "link"):
        real = getattr(os, target)

        def boom(*a, _target=target, **k):
            raise OSError(28, f"no space left ({_target})")

        monkeypatch.setattr(os, target, boom)
        try:
            manager.save(record, "slot", game=g)
        except SaveWriteError:
            pass
        monkeypatch.setattr(os, target, real)
        assert path.read_bytes() == old or load(path).game.state_hash() == g.state_hash()
        assert load(path).game.state_hash() == g.state_hash()  # always loadable, and always this game
        path.write_bytes(old)


def test_leftover_temp_file_from_a_real_crash_is_ignored(manager, game):
    record, g = game
    path = manager.save(record, "slot", game=g)
    (manager.folder / ".slot.json.123-abcd.tmp").write_bytes(encode(record)[:100])
    assert [i.name for i in manager.list()] == ["slot"]
    assert manager.load(path).game.state_hash() == g.state_hash()


def test_default_folder_is_the_user_data_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("BERSERK_TABLE_HOME", str(tmp_path))
    from saves.paths import saves_dir

    manager = SaveManager()
    assert manager.folder == saves_dir()
    assert tmp_path in manager.folder.parents and manager.folder.name == "saves"


# ====================================================================== the CLI
def run_cli(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        code = cli(["check", *args])
    return code, out.getvalue()


def test_cli_check_good_and_bad(tmp_path, game):
    record, g = game
    folder = tmp_path / "s"
    path = SaveManager(folder).save(record, "good", game=g)
    (folder / "bad.json").write_bytes(encode(record)[:-30])
    before = folder_bytes(folder)
    code, out = run_cli(str(path), "--lang", "en")
    assert code == 0 and out.count("\n") == 1 and out.startswith("OK good.json: heroes, turn")
    assert f"{len(record.log)} actions" in out and "Анна (human, t_hero_steppe)" in out
    assert "Bot «Ёж» (computer (easy), t_hero_dark)" in out
    code, out = run_cli(str(path), "--lang", "ru")
    assert code == 0 and "Анна (человек, t_hero_steppe) — Bot «Ёж» (компьютер (лёгкий), t_hero_dark)" in out
    code, out = run_cli(str(folder / "bad.json"), "--lang", "ru")
    assert code == 2 and out.startswith("BAD (corrupt) Сохранение «bad.json»")
    code, out = run_cli(str(folder / "nope.json"))
    assert code == 2 and "nope.json" in out
    code, out = run_cli(str(folder))
    assert code == 2
    assert folder_bytes(folder) == before


def test_cli_as_a_module(tmp_path, game):
    record, g = game
    path = SaveManager(tmp_path).save(record, "x", game=g)
    ok = subprocess.run([sys.executable, "-m", "saves", "check", str(path)], cwd=ROOT, capture_output=True,
                        text=True, env={**os.environ, "LANG": "C"})
    assert ok.returncode == 0 and ok.stdout.startswith("OK x.json")
    path.write_text('{"version": 1, "a": NaN}')
    bad = subprocess.run([sys.executable, "-m", "saves", "check", str(path)], cwd=ROOT, capture_output=True,
                         text=True, env={**os.environ, "LANG": "C"})
    assert bad.returncode == 2 and bad.stdout.startswith("BAD") and "NaN" in bad.stdout and not bad.stderr
