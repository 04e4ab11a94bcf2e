"""A card, deck or settings file of the player's that is a link out of its folder is not followed, as a card's
picture is not: it is listed as skipped with the reason and nothing of it loads. A link to another file
inside the folder is read as that file."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys

import pytest

from engine.content import check_folder, load_pool
from engine.content.classic import check_classic_folder, load_classic_pool
from tests.test_files_cards import GOOD
from tests.ui_support import OWN_CLASSIC_WYRM
from ui.i18n import Tr
from ui.settings import Settings

ROOT = pathlib.Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="symbolic links")


def linked_out(folder: pathlib.Path, elsewhere: pathlib.Path, name: str, text: str) -> pathlib.Path:
    """``folder/name``: a link to a file of ``text`` in ``elsewhere`` (outside the folder)."""
    elsewhere.mkdir(parents=True, exist_ok=True)
    folder.mkdir(parents=True, exist_ok=True)
    target = elsewhere / name
    target.write_text(text, encoding="utf-8")
    (folder / name).symlink_to(target)
    return folder / name


def test_a_card_file_linked_out_of_the_folder_is_skipped_and_one_linked_inside_is_read(tmp_path):
    cards = tmp_path / "cards"
    linked_out(cards, tmp_path / "elsewhere", "outside.toml", GOOD)
    (cards / "kept").mkdir()
    (cards / "kept" / "real.txt").write_text(GOOD.replace("my_fine_guard", "my_inside"), encoding="utf-8")
    (cards / "inside.toml").symlink_to(pathlib.Path("kept") / "real.txt")  # relative, within the folder
    pool = load_pool([cards])
    assert "my_fine_guard" not in pool.cards and "my_inside" in pool.cards
    [err] = pool.skipped
    assert pathlib.Path(err.file).name == "outside.toml"
    assert err.reason("en", file="outside.toml") == "file outside.toml: a link that leads out of the folder 'cards', not followed"
    assert err.reason("ru", file="outside.toml") == "файл outside.toml: это ссылка за пределы папки «cards» — не открывается"
    report = check_folder(cards)
    assert [pathlib.Path(e.file).name for e in report.errors] == ["outside.toml"]


def test_a_link_through_a_linked_folder_or_a_dangling_link_out_is_skipped_too(tmp_path):
    cards = tmp_path / "cards"
    linked_out(cards, tmp_path / "elsewhere", "a.toml", GOOD)
    (cards / "b.toml").symlink_to(tmp_path / "nowhere.toml")  # leads out, to nothing
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "c.toml").write_text(GOOD.replace("my_fine_guard", "my_c"), encoding="utf-8")
    (cards / "sub").symlink_to(tmp_path / "other", target_is_directory=True)  # a linked folder: not entered
    pool = load_pool([cards])
    assert "my_fine_guard" not in pool.cards and "my_c" not in pool.cards
    assert sorted(pathlib.Path(e.file).name for e in pool.skipped) == ["a.toml", "b.toml"]
    assert all("leads out" in e.reason("en") for e in pool.skipped)


def test_a_deck_file_linked_out_of_the_decks_folder_is_skipped(tmp_path, monkeypatch):
    from ui.heroes import content

    monkeypatch.setenv("BERSERK_TABLE_HOME", str(tmp_path))
    deck = (ROOT / "assets" / "decks" / "steppe_raid.toml").read_text(encoding="utf-8")
    deck = deck.replace('id = "steppe_raid"', 'id = "my_linked_raid"')
    linked_out(tmp_path / "data" / "decks", tmp_path / "elsewhere", "raid.toml", deck)
    content.game_content.cache_clear()
    try:
        _, decks = content.game_content()
        assert "my_linked_raid" not in [d.id for d in decks]
        [err] = [e for e in content.skipped() if pathlib.Path(e.file).name == "raid.toml"]
        assert "leads out of the folder 'decks'" in err.reason("en")
        from ui.scenes.own_cards import skipped_lines

        assert "файл raid.toml: это ссылка за пределы папки «decks» — не открывается" in skipped_lines(Tr("ru"))
    finally:
        content.game_content.cache_clear()


def test_a_classic_card_or_deck_file_linked_out_is_skipped_and_the_check_says_so(tmp_path):
    classic = tmp_path / "classic"
    linked_out(classic, tmp_path / "elsewhere", "wyrm.toml", OWN_CLASSIC_WYRM.replace('art = "pics/wyrm.svg"\n', ""))
    pool = load_classic_pool([classic])
    assert "my_wyrm" not in pool.cards
    assert [pathlib.Path(e.file).name for e in pool.skipped] == ["wyrm.toml"]
    assert check_classic_folder(classic).errors[0].reason("en", file="wyrm.toml") == \
        "file wyrm.toml: a link that leads out of the folder 'classic', not followed"
    out = subprocess.run([sys.executable, "-m", "engine.cards", "check", str(classic), "--ruleset", "classic"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "wyrm.toml: a link that leads out of the folder 'classic', not followed" in out.stdout


def test_a_settings_file_linked_out_of_its_folder_is_not_read_nor_written_through(tmp_path):
    config = tmp_path / "config"
    theirs = linked_out(config, tmp_path / "elsewhere", "settings.json", json.dumps({"lang": "en", "volume": 0.25}))
    outside = tmp_path / "elsewhere" / "settings.json"
    s = Settings.load(theirs)
    assert s.lang == "ru" and s.volume == Settings.volume  # the defaults
    assert s.notice is not None and s.notice.code == "outside"
    assert s.notice.reason("en") == "a link that leads out of the folder 'config', not followed"
    assert s.save(theirs) is None
    assert not theirs.is_symlink() and json.loads(theirs.read_text(encoding="utf-8"))["lang"] == "ru"
    assert json.loads(outside.read_text(encoding="utf-8")) == {"lang": "en", "volume": 0.25}  # never written to
