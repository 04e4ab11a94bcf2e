"""Players' own cards and decks in the client: broken files are listed (file, card, field) and the
game still starts with everything else; own decks are offered in a new game and saved with their cards."""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from ui import content, storage  # noqa: E402
from ui.app import App  # noqa: E402
from ui.i18n import Tr  # noqa: E402
from ui.settings import Settings  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

MINE = """
[[card]]
id = "my_good_guard"
name = {ru = "Мой страж", en = "My guard"}
type = "creature"
elements = ["steppe"]
cost = 2
strike = 1
lives = 3

[[card]]
id = "my_broken"
name = {ru = "Сломанный", en = "Broken"}
type = "creature"
elements = ["steppe"]
cost = 2
strike = "a lot"
lives = 3
"""


@pytest.fixture()
def home(tmp_path, monkeypatch):
    """A user data folder with one good card, one broken card, a file that is not TOML and two decks."""
    monkeypatch.setenv("BERSERK_TABLE_HOME", str(tmp_path))
    cards = tmp_path / "data" / "cards"
    decks = tmp_path / "data" / "decks"
    cards.mkdir(parents=True)
    decks.mkdir(parents=True)
    (cards / "mine.toml").write_text(MINE, encoding="utf-8")
    (cards / "bad.toml").write_text("[[card]\nid = ", encoding="utf-8")
    deck = (ROOT / "assets" / "decks" / "steppe_raid.toml").read_text(encoding="utf-8")
    deck = deck.replace('id = "steppe_raid"', 'id = "my_raid"').replace("Набег Тамира", "Мой набег")
    deck = deck.replace("steppe_courier = 3", "steppe_courier = 2\nmy_good_guard = 1")
    (decks / "my_raid.toml").write_text(deck, encoding="utf-8")
    (decks / "broken_deck.toml").write_text("[deck]\nid = 7\n", encoding="utf-8")
    content.game_content.cache_clear()
    yield tmp_path
    content.game_content.cache_clear()  # later tests get the plain pool back


@pytest.fixture()
def app(home):
    return App(argparse.Namespace(saves_dir=home / "saves"), size=(1280, 720), settings=Settings(anim_speed=0.0),
               headless=True)


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


def test_menu_shows_the_skipped_cards_and_opens_my_cards(app):
    from ui.scenes.menu import MenuScene
    from ui.scenes.own_cards import OwnCardsScene

    menu = MenuScene(app)
    app.switch(menu)
    assert menu.skipped == 3
    button = next(b for b, n in menu.buttons.items() if n == "cards")
    assert "3" in button.text
    menu.draw(app.screen)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.scene.update(0.05)
        app.scene.handle_event(pygame.event.Event(kind, pos=button.rect.center, button=1))
        for ev in pygame.event.get():
            app.scene.handle_event(ev)
    assert isinstance(app.scene, OwnCardsScene)
    app.scene.update(0.05)
    app.scene.draw(app.screen)
    app.scene.reload()  # reading the folders again gives the same answer
    assert len(content.skipped()) == 3


def test_the_game_starts_with_an_own_deck_and_saves_its_cards(app):
    from ui.scenes.setup import SetupScene
    from ui.scenes.table import TableScene

    setup = SetupScene(app)
    app.switch(setup)
    mine = next(i for i, d in enumerate(setup.decks) if d.id == "my_raid")
    setup.deck_index = [mine, 0]
    assert setup.start(seed=5), setup.error
    table = app.scene
    assert isinstance(table, TableScene)
    game = table.game
    assert any(c.card == "my_good_guard" and c.owner == 0 for c in game.cards.values())
    assert "my_good_guard" in [c["id"] for c in table.session.record.custom_cards]
    path = storage.save(table.session, "с моей картой", app.saves_dir)
    assert path is not None
    assert storage.load(path, app.saves_dir).game.state_hash() == game.state_hash()
