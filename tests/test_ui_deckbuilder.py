"""The deck builder as a player uses it, by raw mouse and keyboard only: a legal deck of each game built from
empty (search typed, filters picked, cards clicked, a key and the deck list's buttons), saved to the
player's folder, a game started with it, and the deck found again after a restart; an illegal deck is
refused by the new-game screen with the engine's reason (CR «Правила составления колоды»; classic 2022
«Колода»: 30–50 cards, 3 copies); deleting asks first."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tests.ui_support import make_app, menu_button, options, replace_text, show
from ui.classic import content as classic_content
from ui.heroes import content as heroes_content
from ui.scenes.cards import CardsScene
from ui.scenes.deckbuilder import DeckBuilderScene
from ui.scenes.menu import MenuScene
from ui.scenes.setup import SetupScene
from ui.testing import Input


def forget_folders() -> None:
    """What a new process starts with: nothing read yet (the content is cached per run)."""
    heroes_content.game_content.cache_clear()
    classic_content.reload()


@pytest.fixture()
def fresh(home):
    forget_folders()
    yield home
    forget_folders()  # later tests get the plain pools back


@pytest.fixture()
def builder(fresh, app, person):
    """The deck builder reached from the menu: «Мои карты», then «Собрать колоду»."""
    show(app, MenuScene(app), person)
    person.press(menu_button(app, "cards"))
    assert isinstance(app.scene, CardsScene)
    person.press(app.scene.build_b)
    assert isinstance(app.scene, DeckBuilderScene)
    return app.scene


def click_card(person: Input, scene, cid: str, button: int = 1) -> None:
    """Click a card where the grid draws it, scrolling the grid with the wheel until it is wholly in view."""
    grid = scene.grid
    for _ in range(80):
        rect = next((r for e, r in grid.visible() if e.id == cid), None)
        if rect is not None and grid.rect.contains(rect):
            person.click(rect.center, button=button)
            return
        index = next(i for i, e in enumerate(grid.entries) if e.id == cid)
        person.move(grid.rect.center)
        person.wheel(-1 if grid.card_rect(index).y > grid.rect.y else 1)
    raise AssertionError(f"{cid} never came into view")


def deck_row(person: Input, scene, cid: str):
    """The deck list's row of ``cid`` ((«−», «+») where drawn), scrolling the list with the wheel to it."""
    for _ in range(40):
        row = next((r for r in scene.list_rows() if r[0] == cid), None)
        if row is not None:
            return row[2], row[3]
        person.move(scene.list_rect.center)
        person.wheel(-1)
    raise AssertionError(f"{cid} is not in the deck list")


def pick(person: Input, scene, facet: str, label: str) -> None:
    person.choose(scene.bar.menus[facet], label)


def test_a_legal_heroes_deck_from_empty_is_saved_played_and_found_after_a_restart(fresh, app, person, builder):
    kit = builder.kit
    assert builder.draft.size == 0 and builder.problems(), "an empty deck is not legal"
    # the hero, found by typing part of its name into the search box
    person.press(builder.bar.search)
    person.type("Тамир")
    heroes = [e for e in builder.grid.entries if e.hero]
    assert [e.id for e in heroes] == ["hero_tamir"], [e.id for e in builder.grid.entries]
    click_card(person, builder, "hero_tamir")
    assert builder.draft.hero == "hero_tamir" and builder.draft.size == 0
    replace_text(person, builder.bar.search, "")
    # Steppe creatures only (CR: cards share an element with the hero, or are neutral)
    pick(person, builder, "element", "Степи")
    pick(person, builder, "type", "Существо")
    shown = [e for e in builder.grid.entries if e.deckable]
    assert shown and all("steppe" in e.elements and e.type == "creature" for e in shown)
    chosen = [e.id for e in shown[:14]]
    for cid in chosen[:13]:
        for _ in range(3):
            click_card(person, builder, cid)
    # one more by the key: the pointer rests on the card and «+» adds it
    click_card(person, builder, chosen[13], button=3)  # a right click on a card not in the deck takes nothing
    assert chosen[13] not in builder.draft.counts
    rect = next(r for e, r in builder.grid.visible() if e.id == chosen[13])
    person.move(rect.center)
    person.key(pygame.K_PLUS)
    assert builder.draft.counts[chosen[13]] == 1 and builder.draft.size == 40
    # too many copies: the engine's own reason shows live, and «−» in the deck list takes one back
    click_card(person, builder, chosen[0])
    assert any(f"{chosen[0]}: 4" in p for p in builder.problems()), builder.problems()
    person.click(deck_row(person, builder, chosen[0])[0].center)
    click_card(person, builder, chosen[1], button=3)
    click_card(person, builder, chosen[13])
    assert builder.draft.counts[chosen[0]] == 3 and builder.draft.size == 40
    assert builder.problems() == [] == kit.problems(builder.draft, "en")
    replace_text(person, builder.name_entry, "Моя степь")
    person.press(builder.save_b)
    assert builder.draft.own, builder.message
    path = Path(builder.draft.path)
    assert path.parent == fresh / "data" / "decks" and path.name == "my_moya_step.toml"
    # the file loads back through the same loader as any own deck, with the same cards
    own = [d for d in kit.own_decks() if d.id == "my_moya_step"]
    assert own and own[0].counts == builder.draft.counts and own[0].hero == "hero_tamir"
    # a game with it: the new-game screen offers it beside the ready decks
    person.press(builder.back_b)
    person.press(app.scene.back_b)
    person.press(menu_button(app, "new"))
    setup = app.scene
    assert isinstance(setup, SetupScene)
    mine = next(o for o in options(setup.deck_menus[0]) if o.startswith("Моя степь"))
    person.choose(setup.deck_menus[0], mine)
    person.press(setup.start_b)
    table = app.scene
    assert table.__class__.__name__ == "TableScene", setup.error
    hands = [c.card for c in table.game.cards.values() if c.owner == 0]
    assert "hero_tamir" in hands and set(hands) - {"hero_tamir"} <= set(builder.draft.counts)
    # a restart: a new app on the same folders finds the deck in the builder's list
    forget_folders()
    again = make_app(fresh / "saves")
    person2 = Input(again, draw_every=0)
    show(again, MenuScene(again), person2)
    person2.press(menu_button(again, "cards"))
    person2.press(again.scene.build_b)
    b2 = again.scene
    label = next(o for o in options(b2.start_menu) if "Моя степь" in o)
    person2.choose(b2.start_menu, label)
    assert b2.draft.own and b2.draft.counts == own[0].counts and b2.name_entry.get_text() == "Моя степь"


def test_a_legal_classic_deck_from_empty_is_saved_played_and_found_after_a_restart(fresh, app, person, builder):
    person.choose(builder.game_menu, "Берсерк (классика)")
    b = app.scene
    assert b.game == "classic" and b.draft.size == 0
    pick(person, b, "element", "Степи")
    pick(person, b, "rank", "Рядовые")
    shown = [e.id for e in b.grid.entries]
    assert len(shown) >= 10
    for cid in shown[:10]:
        for _ in range(3):
            click_card(person, b, cid)
    assert b.draft.size == 30 and b.problems() == []
    replace_text(person, b.name_entry, "Степная орда")
    person.press(b.save_b)
    path = Path(b.draft.path)
    assert path.parent == fresh / "data" / "classic" / "decks", b.message
    assert b.draft.id in classic_content.classic_pool().decks, "the classic loader took the saved deck"
    person.press(b.back_b)
    person.press(app.scene.back_b)
    person.press(menu_button(app, "new"))
    setup = app.scene
    person.choose(setup.game_menu, "Берсерк (классика)")
    setup = app.scene
    mine = next(o for o in options(setup.deck_menus[0]) if o.startswith("Степная орда"))
    person.choose(setup.deck_menus[0], mine)
    person.press(setup.start_b)
    table = app.scene
    assert table.__class__.__name__ == "ClassicTableScene", setup.error
    assert sorted(table.session.record.players[0].deck) == sorted(c for c, n in b.draft.counts.items()
                                                                  for _ in range(n))
    forget_folders()
    again = make_app(fresh / "saves")
    p2 = Input(again, draw_every=0)
    show(again, MenuScene(again), p2)
    p2.press(menu_button(again, "cards"))
    p2.choose(again.scene.game_menu, "Берсерк (классика)")
    p2.press(again.scene.build_b)
    b2 = again.scene
    assert b2.game == "classic"
    p2.choose(b2.start_menu, next(o for o in options(b2.start_menu) if "Степная орда" in o))
    assert b2.draft.counts == b.draft.counts


@pytest.mark.parametrize(("game", "why"), [("heroes", "в колоде 3 карт, нужно 40 или больше"),
                                           ("classic", "в колоде 3 карт, а должно быть от 30 до 50")])
def test_an_illegal_deck_is_saved_but_cannot_start_a_game_and_says_why(fresh, app, person, builder, game, why):
    if game == "classic":
        person.choose(builder.game_menu, "Берсерк (классика)")
    b = app.scene
    if game == "heroes":
        person.press(b.bar.search)
        person.type("Тамир")
        click_card(person, b, "hero_tamir")
        replace_text(person, b.bar.search, "")
    pick(person, b, "element", "Степи")
    cid = next(e.id for e in b.grid.entries if e.deckable and not e.hero)
    for _ in range(3):
        click_card(person, b, cid)
    assert why in b.problems()
    replace_text(person, b.name_entry, "Недоделка")
    person.press(b.save_b)
    assert b.draft.own, b.message
    person.press(b.back_b)
    person.press(app.scene.back_b)
    person.press(menu_button(app, "new"))
    setup = app.scene
    if game == "classic":
        person.choose(setup.game_menu, "Берсерк (классика)")
        setup = app.scene
    person.choose(setup.deck_menus[0], next(o for o in options(setup.deck_menus[0]) if o.startswith("Недоделка")))
    person.press(setup.start_b)
    assert app.scene is setup, "an illegal deck starts no game"
    assert why in setup.error and "Недоделка" in setup.error


def test_delete_asks_first_and_leaves_nothing_behind(fresh, app, person, builder):
    b = builder
    person.choose(b.start_menu, next(o for o in options(b.start_menu) if o.startswith("Готовая")))
    assert b.draft.size >= 40 and not b.draft.own and not b.delete_b.is_enabled, "a ready deck is only copied"
    replace_text(person, b.name_entry, "На удаление")
    person.press(b.save_b)
    path = Path(b.draft.path)
    assert path.is_file()
    person.press(b.delete_b)
    assert b.confirming and b.save_b is None
    person.press(b.no_b)
    assert path.is_file() and not b.confirming
    person.press(b.delete_b)
    person.press(b.yes_b)
    assert not path.exists() and not b.draft.own and b.draft.size == 0
    assert not any("На удаление" in o for o in options(b.start_menu))
    assert not list(path.parent.iterdir()), "no temp or backup file left"


def test_a_rename_rewrites_the_same_file(fresh, app, person, builder):
    b = builder
    person.choose(b.start_menu, next(o for o in options(b.start_menu) if o.startswith("Готовая")))
    replace_text(person, b.name_entry, "Первое имя")
    person.press(b.save_b)
    first = Path(b.draft.path)
    replace_text(person, b.name_entry, "Второе имя")
    person.press(b.save_b)
    assert Path(b.draft.path) == first and [p.name for p in first.parent.iterdir()] == [first.name]
    assert 'name = {ru = "Второе имя", en = "Второе имя"}' in first.read_text(encoding="utf-8")


def test_a_refused_file_puts_the_old_one_back(fresh, tmp_path):
    """Nothing half-written stays on disk: a deck the loader refuses is taken back out, the old file kept."""
    from engine.core.errors import CardDataError
    from ui.deckfiles import DeckFileError, write_deck_file

    path = tmp_path / "d.toml"
    path.write_text("old", encoding="utf-8")

    def refuse(p):
        raise CardDataError("bad", ru="плохо", file=str(p), field="cards")

    with pytest.raises(DeckFileError) as err:
        write_deck_file(path, "new", refuse)
    assert "плохо" in err.value.text("ru") and path.read_text(encoding="utf-8") == "old"
    with pytest.raises(DeckFileError):
        write_deck_file(tmp_path / "fresh.toml", "new", refuse)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.toml"]


# ---------------------------------------------------------------------- the deck list, leaving with changes
def test_the_deck_list_shows_the_cost_in_a_coin_apart_from_the_copies(fresh, app, person, builder):
    """«1 Белка-вестница ×3» read as a count: the cost is a coin of its own under «цена», the copies «×3»."""
    from tests.test_ui_english import drawn_texts
    from tests.ui_support import look
    from ui.cardgrid import GOLD

    b = builder
    person.choose(b.start_menu, next(o for o in options(b.start_menu) if o.startswith("Готовая")))
    cards = {c.id: c for c in b.kit.cards()}
    with drawn_texts() as seen:
        shot = look(person)
    rows = b.list_rows()
    assert rows
    names = [b.tr.name(cards[cid].name) for cid, *_ in rows]
    for cid, row, _, _ in rows:
        c = cards[cid]
        assert f"{c.cost} {b.tr.name(c.name)}" not in seen, "no cost in front of the name"
        assert b.tr.name(c.name) in seen and f"×{b.draft.counts[cid]}" in seen
        ring = [shot.get_at((x, row.centery))[:3] for x in range(b.list_rect.x + 14, b.list_rect.x + 42)]
        assert sum(all(abs(p[i] - GOLD[i]) < 30 for i in range(3)) for p in ring) >= 2, f"{c.id}'s coin"
    assert app.tr("decks.col_cost") in seen and app.tr("decks.col_copies") in seen
    assert len(names) == len(set(names))


def test_the_deck_list_shows_ten_rows_and_scrolls_by_its_bar(fresh, app, person, builder):
    """Eight rows showed of ten, and nothing said there were more: ten fit now, and more bring a scroll bar whose
    thumb drags and whose track turns a page."""
    b = builder
    person.choose(b.game_menu, "Берсерк (классика)")
    b = app.scene
    person.choose(b.start_menu, next(o for o in options(b.start_menu) if o.startswith("Готовая")))
    assert b.deck_list.rows_fit() >= 10
    rows = b._deck_rows()
    assert len(rows) > b.deck_list.rows_fit(), "a classic ready deck has more cards than rows"
    track, thumb = b.deck_list.scroll_bar()
    assert [r[0] for r in b.list_rows()] == rows[:b.deck_list.rows_fit()]
    person.drag(thumb.center, (thumb.centerx, track.bottom + 40))  # the thumb dragged to the bottom
    assert [r[0] for r in b.list_rows()][-1] == rows[-1], "the last card came into view"
    track, thumb = b.deck_list.scroll_bar()
    assert thumb.bottom >= track.bottom - 2
    person.click((track.centerx, track.y + 3))  # the track above the thumb: a page up
    assert b.deck_list.scroll == max(0, len(rows) - 2 * b.deck_list.rows_fit())
    # from empty: ten different cards all show, with no bar; the eleventh brings it
    person.choose(b.start_menu, options(b.start_menu)[0])
    assert b.leaving is None and b.draft.size == 0
    picked = [e.id for e in b.grid.entries if e.deckable][:11]
    for cid in picked[:10]:
        click_card(person, b, cid)
    assert len(b.list_rows()) == 10 and b.deck_list.scroll_bar() is None
    click_card(person, b, picked[10])
    assert len(b.list_rows()) == 10 and b.deck_list.scroll_bar() is not None


@pytest.mark.parametrize("how", ["button", "escape"])
def test_leaving_with_changes_not_saved_asks_first(fresh, app, person, builder, how):
    b = builder
    click_card(person, b, next(e.id for e in b.grid.entries if e.deckable))
    assert b.unsaved()

    def leave():
        if how == "button":
            person.press(b.back_b)
        else:
            person.click((app.size[0] // 2, 8))  # off the name field (Esc there is the field's), then Esc
            person.key(pygame.K_ESCAPE)

    leave()
    assert app.scene is b and b.leaving == ("back",), "not gone: asked first"
    assert b.back_b is None and b.keep_b is not None
    person.press(b.stay_b)
    assert app.scene is b and b.leaving is None and b.draft.size == 1, "«Отмена» keeps the deck"
    leave()
    person.press(b.drop_b)
    assert isinstance(app.scene, CardsScene), "«Не сохранять» leaves"
    assert not list((fresh / "data" / "decks").glob("*.toml")) if (fresh / "data" / "decks").exists() else True
    # once more, and this time the changes are saved on the way out
    person.press(app.scene.build_b)
    b = app.scene
    click_card(person, b, next(e.id for e in b.grid.entries if e.deckable))
    replace_text(person, b.name_entry, "На выходе")
    leave()
    person.press(b.keep_b)  # a «Герои» deck is written with its hero: none yet, so it stays and says so
    assert app.scene is b and b.message[0] == "колоде нужен герой" and b.unsaved()
    click_card(person, b, next(e.id for e in b.grid.entries if e.hero))
    leave()
    assert b.leaving == ("back",), b.message
    person.press(b.keep_b)
    assert isinstance(app.scene, CardsScene), b.message
    saved = list((fresh / "data" / "decks").glob("*.toml"))
    assert len(saved) == 1 and "На выходе" in saved[0].read_text(encoding="utf-8")


def test_starting_over_from_another_deck_asks_first_too(fresh, app, person, builder):
    b = builder
    click_card(person, b, next(e.id for e in b.grid.entries if e.deckable))
    ready = next(o for o in options(b.start_menu) if o.startswith("Готовая"))
    person.choose(b.start_menu, ready)
    assert b.leaving is not None and b.draft.size == 1, "the deck being built is still there"
    person.press(b.drop_b)
    assert b.draft.size >= 30 and not b.unsaved(), "then the ready deck's copy, nothing changed yet"
    person.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, CardsScene), "an untouched copy leaves without a question"
