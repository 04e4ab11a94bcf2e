"""Players' own cards and decks in the client: broken files are listed (file, card, field) and the
game still starts with everything else. (The «Мои карты» screen and an own deck chosen for a new game are
in tests/test_ui_scene_own_cards.py.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.ui_support import own_folders
from ui.heroes import content
from ui.i18n import Tr


@pytest.fixture()
def home(tmp_path, monkeypatch):
    """A user data folder with one good card, one broken card, a file that is not TOML and two decks."""
    monkeypatch.setenv("BERSERK_TABLE_HOME", str(tmp_path))
    own_folders(tmp_path)
    content.game_content.cache_clear()
    yield tmp_path
    content.game_content.cache_clear()  # later tests get the plain pool back


def test_broken_files_are_skipped_with_file_card_and_field(home):
    pool, decks = content.game_content()
    assert "my_good_guard" in pool.cards, "the good card of the same file still loads"
    assert "my_broken" not in pool.cards
    errors = content.skipped()
    broken = next(e for e in errors if e.card == "my_broken")
    assert Path(broken.file).name == "mine.toml" and broken.field == "strike"
    assert any(Path(e.file).name == "bad.toml" for e in errors)
    assert any(Path(e.file).name == "broken_deck.toml" for e in errors)
    assert len(errors) == 3
    assert [c.id for c in content.own_cards()] == ["my_good_guard"]
    own = [d for d in decks if d.own]
    assert [d.id for d in own] == ["my_raid"]


def test_my_cards_page_lists_what_was_skipped_in_both_languages(home):
    from ui.scenes.own_cards import page_html, skipped_lines

    for lang, word in (("ru", "поле strike"), ("en", "field strike")):
        tr = Tr(lang)
        lines = skipped_lines(tr)
        assert any("mine.toml" in line and "my_broken" in line and word in line for line in lines), lines
        page = page_html(tr)
        assert "bad.toml" in page and "broken_deck.toml" in page and "my_good_guard" in page


def test_skipped_files_are_explained_in_the_players_language(home):
    from ui.scenes.own_cards import skipped_lines

    ru, en = skipped_lines(Tr("ru")), skipped_lines(Tr("en"))
    assert len(ru) == len(en) == 3
    # Each line: the file's name (not the whole path), card and field, then the reason in that language.
    assert "файл mine.toml, карта my_broken, поле strike: нужно целое число, а указано 'a lot'" in ru, ru
    assert "file mine.toml, card my_broken, field strike: must be a whole number, got 'a lot'" in en, en
    bad_ru = next(line for line in ru if "bad.toml" in line)
    bad_en = next(line for line in en if "bad.toml" in line)
    assert bad_ru.startswith("файл bad.toml: ошибка в записи TOML: ")
    assert bad_en.startswith("file bad.toml: not valid TOML: ")
    assert bad_ru.split("TOML: ", 1)[1] == bad_en.split("TOML: ", 1)[1]  # the parser's own words, as they are
    assert any(line.startswith("файл broken_deck.toml, поле id: нужны строчные латинские буквы") for line in ru), ru
    assert str(home) not in "".join(ru + en)  # the folder is named once, at the top of the page
    for line in ru:
        assert re.search("[а-яё]", line.split(": ", 1)[1]), line
    for line in en:
        assert not re.search("[А-Яа-яЁё]", line), line
