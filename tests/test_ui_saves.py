"""Saves from the client that are not one screen's: autosaves with pictures made while playing, a
computer level this build lacks, save pictures that are not ours. (Each screen's own tests, the saves
screen's and the save prompt's among them, are in tests/test_ui_scene_*.py.)"""

from __future__ import annotations

import random

import pygame

from tests.ui_support import main_turn, table_at
from ui import storage
from ui.controllers import COMPUTER_KINDS, BotController
from ui.heroes.testing import Driver
from ui.scripted import advance, eager_action
from ui.session import quick_session

PNG = b"\x89PNG\r\n\x1a\n"


def folder_bytes(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())} if folder.is_dir() else {}


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


def test_autosave_at_the_start_of_each_turn_keeps_five_with_pictures(app):
    """Seven turns played at the table with the mouse; each new turn autosaves with a picture."""
    table = table_at(app, lambda g: g.turn >= 1 and main_turn(g), seed=9)
    table.autosave = True  # as in a real window (off for headless tests)
    d = Driver(table, random.Random(9))
    rng = random.Random(9)
    turns = 0
    while turns < 7 and not table.game.is_over:
        before = table.game.turn
        d.perform(eager_action(table.game, rng))
        turns += table.game.turn != before
    autos = sorted(p.name for p in app.saves_dir.glob("auto-*.json"))
    assert len(autos) == 5
    for name in autos:
        assert (app.saves_dir / name.replace(".json", ".png")).read_bytes()[:8] == PNG
    newest = storage.latest(app.saves_dir)
    assert newest is not None and newest.kind == "auto"
    assert storage.load(newest.path, app.saves_dir).game.state_hash() == table.game.state_hash()


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
