"""Parts of the client: translations, card faces, settings, saves, the screenshot flag."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from ui.i18n import Tr, table  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ("menu", "setup", "table", "drag", "prompt", "curtain", "zoom", "end", "save_as", "saves", "replay",
         "crowded", "crowded_4k", "classic_end", "classic_end_screen")


def test_ru_and_en_have_the_same_keys():
    assert set(table("ru")) == set(table("en"))


def test_every_literal_key_used_by_the_client_exists():
    used = set()
    for path in (ROOT / "ui").rglob("*.py"):
        used |= set(re.findall(r'tr\("([a-z_]+\.[a-z_0-9]+)"', path.read_text(encoding="utf-8")))
    missing = sorted(k for k in used if k not in table("ru"))
    assert not missing, missing


def test_placeholders_match_between_languages():
    for key, ru in table("ru").items():
        en = table("en")[key]
        assert set(re.findall(r"{(\w+)", ru)) == set(re.findall(r"{(\w+)", en)), key


def test_translation_formats_and_falls_back():
    assert Tr("ru")("curtain.title", name="Аня") == "Передайте ход: Аня"
    assert Tr("en")("curtain.title", name="Ann") == "Pass to: Ann"
    assert Tr("ru")("no.such.key") == "no.such.key"


def test_card_faces_have_the_exact_size_and_are_cached():
    import pygame

    from ui.heroes.cards import CardArt, card_size
    from ui.heroes.content import game_content

    pygame.display.init()
    pool, _ = game_content()
    art = CardArt("ru")
    cdef = next(c for c in pool.cards.values() if c.type == "creature")
    for h in (100, 158, 237, 600):
        size = card_size(h)
        surf = art.face(cdef, size)
        assert surf.get_size() == size
        assert art.face(cdef, size) is surf
    art.set_lang("en")
    assert len(art) == 0


def test_settings_round_trip_and_bad_files(tmp_path):
    from ui.settings import Settings

    path = tmp_path / "settings.json"
    s = Settings(window=(1920, 1080), fullscreen=True, anim_speed=2.0, lang="en", open_hands=True)
    s.save(path)
    assert Settings.load(path) == s
    path.write_text("{not json", encoding="utf-8")
    assert Settings.load(path) == Settings()
    path.write_text('{"window": "big", "lang": "xx", "anim_speed": "fast"}', encoding="utf-8")
    loaded = Settings.load(path)
    assert loaded.window == (1280, 720) and loaded.lang == "ru" and loaded.anim_speed == 1.0


def test_session_save_round_trip(tmp_path):
    """A game saved through saves.manager comes back as the same position with the same log."""
    import random

    from ui import storage
    from ui.scripted import advance
    from ui.session import quick_session

    s = quick_session(seed=4)
    advance(s, random.Random(4), lambda g: g.turn >= 4)
    path = storage.save(s, "round-trip", tmp_path)
    assert path is not None and path.is_file()
    back = storage.load(path, tmp_path)
    assert back.game.state_hash() == s.game.state_hash()
    assert back.log[-5:] == s.log[-5:]
    assert [i.path for i in storage.listing(tmp_path)] == [path]
    assert storage.latest(tmp_path).path == path


def test_undo_keeps_the_saved_record_in_step(tmp_path):
    import random

    from engine.heroes import actions as A
    from ui import storage
    from ui.scripted import advance
    from ui.session import quick_session

    s = quick_session(seed=2)
    advance(s, random.Random(2), lambda g: g.pending.kind == "main" and any(
        isinstance(a, A.Attack) and not g.defenders_for(a.attacker, a.target) for a in g.legal_actions()))
    before = s.game.state_hash()
    n = len(s.record.log)
    s.apply(next(a for a in s.game.legal_actions() if isinstance(a, A.Attack)
                 and not s.game.defenders_for(a.attacker, a.target)))
    assert s.undo_block() is None, "an attack with no defender to choose reveals nothing: it can be taken back"
    s.undo()
    assert s.game.state_hash() == before and len(s.record.log) == n
    back = storage.load(storage.save(s, "after-undo", tmp_path), tmp_path)
    assert back.game.state_hash() == before


def test_screenshot_flag_renders_every_screen(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", BERSERK_TABLE_HOME=str(tmp_path))
    out = tmp_path / "shots"
    result = subprocess.run([sys.executable, str(ROOT / "main.py"), "--screenshot", str(out)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stdout + result.stderr
    for name in SHOTS:
        data = (out / f"{name}.png").read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n", name
