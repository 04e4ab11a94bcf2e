"""«Мои карты», the card browser, by raw input: search by name and text in ru and en, the filters, sorting,
the wheel, the close look with the keywords' reminders, both games; and the deck files the builder writes
(escaped names, ids from names)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tests.test_ui_deckbuilder import forget_folders
from tests.ui_support import look, menu_button, replace_text, show
from ui.deckdraft import DeckDraft, Filters, deck_id
from ui.scenes.cards import CardsScene
from ui.scenes.menu import MenuScene


@pytest.fixture()
def browser(home, app, person):
    forget_folders()
    show(app, MenuScene(app), person)
    person.press(menu_button(app, "cards"))
    assert isinstance(app.scene, CardsScene)
    yield app.scene
    forget_folders()


def ids(scene) -> list[str]:
    return [e.id for e in scene.grid.entries]


def test_search_finds_names_and_rules_text_in_both_languages(app, person, browser):
    everything = len(browser.grid.entries)
    assert everything > 100
    person.press(browser.bar.search)
    person.type("Tamir")
    assert ids(browser) == ["hero_tamir"]
    replace_text(person, browser.bar.search, "рывок")  # a keyword in the rules text, not in the name
    found = ids(browser)
    assert found and all("рывок" in e.search for e in browser.grid.entries)
    assert len(found) < everything
    replace_text(person, browser.bar.search, "haste")
    assert set(ids(browser)) == set(found), "the same cards by their English text"
    replace_text(person, browser.bar.search, "")
    assert len(browser.grid.entries) == everything


def test_filters_and_sorting_narrow_and_order_the_grid(app, person, browser):
    person.choose(browser.bar.menus["element"], "Горы")
    assert browser.grid.entries and all("mountains" in e.elements for e in browser.grid.entries)
    costs = [e.cost for e in browser.grid.entries if e.cost is not None]
    assert costs == sorted(costs), "sorted by cost first"
    person.choose(browser.bar.menus["cost"], "Цена 3")
    assert browser.grid.entries and all(e.cost == 3 for e in browser.grid.entries)
    person.choose(browser.bar.menus["type"], "Заклинание")
    assert all(e.type == "spell" for e in browser.grid.entries)
    person.choose(browser.bar.menus["type"], "Все типы")
    person.choose(browser.bar.menus["cost"], "Любая цена")
    person.choose(browser.bar.menus["sort"], "По имени")
    names = [e.name["ru"].lower() for e in browser.grid.entries]
    assert names == sorted(names)
    person.choose(browser.bar.menus["keyword"], "Броня")
    assert browser.grid.entries and all("armor" in e.keywords for e in browser.grid.entries)


def test_the_wheel_scrolls_and_a_click_opens_the_close_look_with_reminders(app, person, browser):
    grid = browser.grid
    person.move(grid.rect.center)
    person.wheel(-1)
    person.wheel(-1)
    assert grid.scroll > 0
    person.wheel(5)
    assert grid.scroll == 0
    person.choose(browser.bar.menus["keyword"], "Броня")
    card, rect = grid.visible()[0]
    person.click(rect.center)
    assert browser.zoom == card.id
    lines = browser.kit.zoom_lines(card.id, app.tr)
    assert any(head.startswith("Броня") and body for head, body in lines), lines  # the keyword's reminder
    look(person)
    person.key(pygame.K_ESCAPE)
    assert browser.zoom is None and app.scene is browser, "Esc closes the close look first"
    person.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_the_classic_cards_have_their_own_filters(app, person, browser):
    person.choose(browser.game_menu, "Берсерк (классика)")
    scene = app.scene
    assert scene.game == "classic" and "rank" in scene.bar.menus
    person.choose(scene.bar.menus["rank"], "Элитные")
    assert scene.grid.entries and all(e.elite for e in scene.grid.entries)
    person.choose(scene.bar.menus["rank"], "Уникальные")
    assert all(e.unique for e in scene.grid.entries)
    person.choose(scene.bar.menus["rank"], "Все карты")
    person.press(scene.bar.search)
    everything = len(scene.kit.cards())
    person.type("horde")
    assert scene.grid.entries and all("horde" in e.search for e in scene.grid.entries)
    assert len(scene.grid.entries) < everything
    card, rect = scene.grid.visible()[0]
    person.right_click(rect.center)
    assert scene.zoom == card.id
    look(person)


def test_deck_ids_are_made_from_names_and_never_taken_twice():
    assert deck_id("Моя степь", []) == "my_moya_step"
    assert deck_id("Моя степь", ["my_moya_step"]) == "my_moya_step_2"
    assert deck_id("???", []) == "my_deck"


def test_a_name_with_quotes_and_backslashes_reads_back(home):
    """The file is TOML as docs/cards.md writes it: a name is escaped, and the loader reads it back."""
    from engine.content import read_card_file
    from engine.heroes.carddef import parse_deck
    from ui.heroes.decks import DECKS

    forget_folders()
    draft = DeckDraft(id="my_q", name={"ru": 'Сказ "о" \\ ветре', "en": "Tale\tof"}, hero="hero_tamir",
                      counts={"steppe_courier": 2})
    saved = DECKS.save(draft)
    deck = parse_deck(read_card_file(Path(saved.path)).get("deck"), saved.path)
    assert deck.name == draft.name and deck.cards == {"steppe_courier": 2}
    forget_folders()


def test_filters_keep_a_card_that_matches_every_facet():
    f = Filters(text="", element="steppe", cost="7+")
    from ui.deckdraft import CardEntry

    big = CardEntry(id="a", name={"ru": "А"}, elements=("steppe",), type="creature", cost=8)
    small = CardEntry(id="b", name={"ru": "Б"}, elements=("steppe",), type="creature", cost=2)
    hero = CardEntry(id="h", name={"ru": "Г"}, elements=("steppe",), type="hero", cost=None)
    assert f.apply([small, big, hero]) == [big]


def test_the_builder_shows_the_engines_own_reasons(home):
    """Classic 2022 «Орда»: five copies with the horde, three without; «Герои»: the hero's elements (CR
    «Правила составления колоды») — the words are the engine's, in ru and en."""
    from ui.classic.decks import DECKS as classic
    from ui.heroes.decks import DECKS as heroes

    forget_folders()
    from ui.classic import content

    pool = content.classic_pool().cards
    horde = next(c for c in pool.values() if c.horde)
    plain = next(c for c in pool.values() if not c.horde)
    draft = DeckDraft(counts={horde.id: 5, plain.id: 3})
    assert not any("копий" in p for p in classic.problems(draft, "ru"))
    draft.counts[horde.id] = 6
    assert any("«Ордой» — пять" in p for p in classic.problems(draft, "ru"))
    assert any("five with the horde" in p for p in classic.problems(draft, "en"))
    foreign = next(c for c in heroes.cards() if c.deckable and c.elements == ("darkness",))
    draft = DeckDraft(hero="hero_tamir", counts={foreign.id: 1})
    assert f"{foreign.id}: чужая стихия" in heroes.problems(draft, "ru")
    assert f"{foreign.id}: element not allowed for this hero" in heroes.problems(draft, "en")
    assert heroes.problems(DeckDraft(counts={foreign.id: 1}), "ru") == ["выберите героя: щёлкните карту героя"]
    forget_folders()


def test_a_deck_the_loader_would_skip_is_not_left_on_disk(home):
    """Saved means loaded back by the same loader: an id a ready deck already has is refused with the
    loader's reason, and no file stays behind."""
    from ui.deckfiles import DeckFileError
    from ui.heroes.decks import DECKS

    forget_folders()
    ready = DECKS.ready_decks()[0]
    with pytest.raises(DeckFileError) as err:
        DECKS.save(DeckDraft(id=ready.id, name={"ru": "Двойник", "en": "Twin"}, hero=ready.hero,
                             counts=dict(ready.counts)))
    assert "колода с таким id уже есть" in err.value.text("ru")
    folder = home / "data" / "decks"
    assert not folder.exists() or not list(folder.iterdir())
    assert not any(d.id == ready.id for d in DECKS.own_decks())
    forget_folders()
