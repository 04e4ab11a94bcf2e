"""The saves screen and ``python -m saves check`` agree on what is good, whatever a save carries.

A save whose time lies at the calendar's ends (``0001-01-01T00:00:00+23:59``, which is the year 0 in UTC)
is a good save with a strange label: the check passes it, the screen lists and opens it with an unknown
date. A save that reads but fails its full check is bad for both: the check says so, and the screen, which
lists files without replaying them, shows the row broken once opening it failed.
"""

from __future__ import annotations

import json
import time

import pytest

from engine.core.hashing import stable_hash
from saves import __main__ as check_cli
from saves.manager import SaveManager
from tests.test_saves_classic import classic_played
from tests.test_saves_common import played
from tests.test_ui_scene_saves import click_row, open_saves, select_row
from tests.ui_support import look
from ui import storage
from ui.heroes.scene import TableScene

ENDS = ("0001-01-01T00:00:00+23:59", "9999-12-31T23:59:59-23:59")


def dated(folder, name: str, saved_at: str, game: str = "heroes") -> str:
    """A good save (of «Герои» or classic) whose ``saved_at`` says ``saved_at``; its state hash."""
    record, g = played(5, 30) if game == "heroes" else classic_played(5, 30)
    path = SaveManager(folder).save(record, name, game=g)
    doc = json.loads(path.read_bytes())
    doc["saved_at"] = saved_at
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return g.state_hash()


def test_saves_at_the_calendar_ends_are_good_and_the_saves_screen_opens_them(app, person):
    hashes = {f"{game}-{k}": dated(app.saves_dir, f"{game}-{k}", when, game)
              for k, when in enumerate(ENDS) for game in ("heroes", "classic")}
    for name in hashes:
        code, line = check_cli.check(app.saves_dir / f"{name}.json", "en")
        assert code == check_cli.EXIT_OK, line
    saves = open_saves(app, person)
    look(person)  # every row drawn: this is where the screen used to die (OverflowError)
    assert sorted(i.name for i in saves.files) == sorted(hashes) and all(i.ok for i in saves.files)
    assert all(i.date is None for i in saves.files)
    assert all(saves._facts(i)[0].startswith("дата неизвестна") for i in saves.files)
    select_row(person, saves, "heroes-1")
    look(person)  # the detail pane too
    person.press(saves.open_b)
    assert isinstance(app.scene, TableScene) and app.scene.game.state_hash() == hashes["heroes-1"]


@pytest.fixture()
def zone(monkeypatch):
    """Set this process's local time zone (POSIX ``TZ``); the one before comes back after the test."""
    if not hasattr(time, "tzset"):
        pytest.skip("no time.tzset on this platform")

    def set_zone(tz: str) -> None:
        monkeypatch.setenv("TZ", tz)
        time.tzset()

    yield set_zone
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize(("tz", "today"), [("Etc/GMT+12", "27.11.2026 22:00"), ("Etc/GMT-14", "29.11.2026 00:00")])
def test_a_utc_time_at_the_ends_that_the_local_zone_pushes_out_shows_as_unknown(app, person, zone, tz, today):
    dated(app.saves_dir, "first", "0001-01-01T00:00:00+00:00")
    dated(app.saves_dir, "last", "9999-12-31T23:59:59+00:00")
    dated(app.saves_dir, "today", "2026-11-28T10:00:00+00:00")
    zone(tz)
    saves = open_saves(app, person)
    look(person)
    whens = {i.name: storage.when(i, app.tr) for i in saves.files}
    assert whens["today"] == today  # UTC−12 and UTC+14, the zones furthest from UTC
    # the year 1 a day back, or 9999 a day on, is no date a clock shows; the other end still is
    assert "дата неизвестна" in (whens["first"], whens["last"])
    assert [i.name for i in saves.files] == ["last", "today", "first"]  # newest first, by the moment in UTC


def test_a_save_that_reads_but_fails_its_replay_is_bad_for_both(app, person):
    record, g = played(6, 40)
    path = SaveManager(app.saves_dir).save(record, "tampered", game=g)
    doc = json.loads(path.read_bytes())
    state = doc["snapshot"]["state"]
    state["turn"] += 1
    doc["snapshot"]["hash"] = stable_hash(state)  # a careful editor: the hash fits, the replay will not
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    code, line = check_cli.check(path, "en")
    assert code == check_cli.EXIT_BAD, line
    saves = open_saves(app, person)
    assert saves.info.name == "tampered" and saves.info.ok  # read without a replay: it looks whole
    click_row(person, saves, 0)
    person.press(saves.open_b)
    assert app.scene is saves
    assert not saves.info.ok and saves.info.error.code in line  # the row now says what the check says
    assert not saves.open_b.is_enabled and not saves.replay_b.is_enabled
    look(person)
    saves.reload()
    assert not saves.files[0].ok  # and it stays so until the file changes
