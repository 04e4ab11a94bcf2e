"""The new-game screen, clicked and typed at like a person: both players' names, decks and seats,
open hands, start and back. Each check is on the game that starts (or the screen that follows)."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_support import menu_button, options, replace_text, show, shown
from ui.controllers import COMPUTER_KINDS, BotController
from ui.heroes.scene import TableScene
from ui.scenes.menu import MenuScene
from ui.scenes.setup import SetupScene


@pytest.fixture()
def setup(app, person):
    """The setup screen, reached from the menu by a click on «Новая игра»."""
    show(app, MenuScene(app), person)
    person.press(menu_button(app, "new"))
    assert isinstance(app.scene, SetupScene)
    return app.scene


def start(person, setup) -> TableScene:
    person.press(setup.start_b)
    table = person.app.scene
    assert isinstance(table, TableScene), setup.error
    return table


def leave(app, table) -> None:
    """Back to a fresh setup screen (the computer, if any, stops thinking with its table)."""
    app.switch(SetupScene(app))
    assert not any(c.thinking for c in table.session.controllers)


def test_every_deck_of_each_player_is_the_deck_that_starts(app, person, setup):
    labels = options(setup.deck_menus[0])
    assert labels == options(setup.deck_menus[1]) and len(labels) == len(setup.decks) >= 2
    seen = [set(), set()]
    for k in range(len(labels)):
        setup = app.scene
        picks = (k, (k + 3) % len(labels))  # player 2 gets another deck, so every option is clicked by both
        for i, j in enumerate(picks):
            person.choose(setup.deck_menus[i], labels[j])
            assert shown(setup.deck_menus[i]) == labels[j]
        game = start(person, setup).game
        for i, j in enumerate(picks):
            deck = setup.decks[j]
            hero = game.cards[game.players[i].hero]
            assert hero.card == deck.deck.hero, f"player {i + 1} chose {labels[j]!r}"
            assert setup.tr.name(game.cdef(game.players[i].hero).name) in labels[j], "the option names its hero"
            assert app.scene.session.record.players[i].deck_id == deck.id
            seen[i].add(deck.id)
        leave(app, app.scene)
    assert seen[0] == seen[1] == {d.id for d in setup.decks}


def test_clicking_the_option_already_chosen_closes_the_list_and_keeps_it(app, person, setup):
    menu = setup.deck_menus[0]
    before = shown(menu)
    person.choose(menu, before)
    assert menu.current_state is menu.menu_states["closed"], "the list stayed open"
    assert shown(menu) == before
    person.choose(menu, options(menu)[-1])  # and it opens again
    assert shown(menu) == options(menu)[-1]


def test_each_seat_can_be_a_person_or_each_computer_level(app, person, setup):
    kinds = ["human", *COMPUTER_KINDS]
    for seat in (0, 1):
        labels = options(app.scene.kind_menus[seat])
        assert len(labels) == len(kinds)
        for text, kind in zip(labels, kinds, strict=True):
            setup = app.scene
            person.choose(setup.kind_menus[seat], text)
            table = start(person, setup)
            ctrl = table.session.controllers[seat]
            other = table.session.controllers[1 - seat]
            if kind == "human":
                assert ctrl.is_human
            else:
                assert isinstance(ctrl, BotController) and ctrl.kind == kind, text
                assert table.session.record.players[seat].kind == "computer"
            assert other.is_human, "the other seat stays a person"
            # the next new game offers the seats played last
            leave(app, table)
            assert shown(app.scene.kind_menus[seat]) == text
        person.choose(app.scene.kind_menus[seat], labels[0])


def test_seat_options_name_the_levels_in_the_players_language(app, person, setup):
    assert options(setup.kind_menus[0]) == ["Человек", "Компьютер (лёгкий)", "Компьютер (обычный)",
                                            "Компьютер (сложный)"]
    app.set_lang("en")
    show(app, SetupScene(app), person)
    assert options(app.scene.kind_menus[1]) == ["Human", "Computer (easy)", "Computer (normal)", "Computer (hard)"]


def test_a_classic_game_against_the_hard_computer_starts_with_classic_hard_thinking(app, person, setup):
    """Picked by a click like any level: the seat is the classic game's Hard bot, and the save says so."""
    from engine.classic.ai.hard import HardBot

    person.choose(setup.game_menu, app.tr("classic.game_classic"))
    setup = app.scene
    person.choose(setup.kind_menus[1], "Компьютер (сложный)")
    person.press(setup.start_b)
    table = app.scene
    assert table is not setup, setup.error
    ctrl = table.session.controllers[1]
    assert isinstance(ctrl, BotController) and ctrl.kind == "hard" and isinstance(ctrl.bot, HardBot)
    assert table.session.game.ruleset == "classic"
    assert (table.session.record.players[1].kind, table.session.record.players[1].level) == ("computer", "hard")
    assert table.session.controllers[0].is_human


def test_typed_names_are_the_players_names(app, person, setup):
    replace_text(person, setup.entries[0], "Аня")
    replace_text(person, setup.entries[1], "Boris 2")
    assert [e.get_text() for e in setup.entries] == ["Аня", "Boris 2"]
    game = start(person, setup).game
    assert [p.name for p in game.players] == ["Аня", "Boris 2"]


def test_an_empty_name_becomes_the_default_and_twins_are_told_apart(app, person, setup):
    replace_text(person, setup.entries[0], "Ёж")
    replace_text(person, setup.entries[1], "")
    assert setup.entries[1].get_text() == ""
    assert [p.name for p in start(person, setup).game.players] == ["Ёж", "Игрок 2"]
    leave(app, app.scene)
    setup = app.scene
    replace_text(person, setup.entries[0], "Ёж")
    replace_text(person, setup.entries[1], "Ёж")
    assert [p.name for p in start(person, setup).game.players] == ["Ёж", "Ёж 2"]


def test_open_hands_toggle_starts_a_game_with_both_hands_shown(app, person, setup):
    closed = setup.open_b.text
    person.press(setup.open_b)
    assert setup.open_b.text != closed, "the button says the hands are open now"
    table = start(person, setup)
    assert table.open_hands and table.ui.show_hands == {0, 1}
    leave(app, table)
    setup = app.scene
    assert setup.open_b.text != closed, "the next new game remembers it"
    person.press(setup.open_b)
    assert setup.open_b.text == closed
    table = start(person, setup)
    assert not table.open_hands and len(table.ui.show_hands) == 1


def test_a_new_game_starts_at_the_first_player_choice(app, person, setup):
    table = start(person, setup)
    assert table.game.pending.kind == "order"
    assert table.ui.dice, "the first-player die roll is shown as dice"


@pytest.mark.parametrize("how", ["button", "escape"])
def test_back_and_escape_return_to_the_menu(app, person, setup, how):
    if how == "button":
        person.press(setup.back_b)
    else:
        person.key(pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_the_seed_flag_deals_every_new_game_alike_and_without_it_deals_differ(home):
    """``main.py --seed N``: each game started from the new-game screen is dealt from N (a deal to show again)."""
    from main import parse_args
    from tests.ui_support import make_app
    from ui.testing import Input

    def two_deals(**flags) -> list[tuple[int, str]]:
        app = make_app(home / "saves", **flags)
        person = Input(app, draw_every=0)
        deals = []
        for _ in range(2):
            show(app, MenuScene(app), person)
            person.press(menu_button(app, "new"))
            table = start(person, app.scene)
            deals.append((table.game.seed, table.game.state_hash()))
            leave(app, table)
        return deals

    assert parse_args(["--seed", "7"]).seed == 7 and parse_args([]).seed is None
    seeded = two_deals(seed=7)
    assert seeded[0] == seeded[1] and seeded[0][0] == 7
    assert two_deals(seed=8)[0] != seeded[0]
    unseeded = two_deals()
    assert unseeded[0] != unseeded[1]


@pytest.mark.parametrize("game", ["heroes", "classic"])
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_computer_seat_with_the_default_name_is_called_computer_in_both_games(app, person, setup, game, lang):
    if lang == "en":
        app.set_lang("en")
        show(app, SetupScene(app), person)
    setup = app.scene
    if game == "classic":
        person.choose(setup.game_menu, app.tr("classic.game_classic"))
        setup = app.scene
    player2, computer = ("Игрок 2", "Компьютер") if lang == "ru" else ("Player 2", "Computer")
    assert setup.entries[1].get_text() == player2
    person.choose(setup.kind_menus[1], options(setup.kind_menus[1])[1])  # Компьютер (лёгкий)
    assert setup.entries[1].get_text() == computer, "the default name follows the seat"
    person.choose(setup.kind_menus[1], options(setup.kind_menus[1])[2])  # another level: still the computer
    assert setup.entries[1].get_text() == computer
    person.choose(setup.kind_menus[1], options(setup.kind_menus[1])[0])  # a person again
    assert setup.entries[1].get_text() == player2
    replace_text(person, setup.entries[1], "Вася")
    person.choose(setup.kind_menus[1], options(setup.kind_menus[1])[1])
    assert setup.entries[1].get_text() == "Вася", "a typed name is kept"
    replace_text(person, setup.entries[1], "")
    person.press(setup.start_b)
    table = app.scene
    assert table.session.humans == [0]
    assert list(table.game.names if game == "classic" else (p.name for p in table.game.players)) == [
        "Игрок 1" if lang == "ru" else "Player 1", computer], "an emptied name is the seat's default"
    leave(app, table)
    setup = app.scene  # the next new game seats the computer again, under its name
    assert shown(setup.kind_menus[1]) == options(setup.kind_menus[1])[1] and setup.entries[1].get_text() == computer


@pytest.mark.parametrize("game", ["heroes", "classic"])
def test_a_deck_text_cut_at_three_lines_ends_with_an_ellipsis(app, person, setup, game, monkeypatch):
    """The lines under each deck's drop-down (a classic deck lists its 30 cards) stop at three; when more would
    follow, the third ends with «…», so the list never reads as the whole deck."""
    from ui import fonts

    if game == "classic":
        person.choose(setup.game_menu, app.tr("classic.game_classic"))
    drawn: list[str] = []
    real_get = fonts.TEXT.get
    monkeypatch.setattr(fonts.TEXT, "get", lambda text, *a, **k: (drawn.append(text), real_get(text, *a, **k))[1])
    person.draw_every = 1  # this fixture's person draws nothing unless asked
    person.frame()
    scene = app.scene
    col_w = int(app.size[0] * 0.36)  # the scene's column
    if game == "classic":
        cards = scene.app_cards()
        c = scene.classic_decks[scene.classic_deck_index[0]] if scene._full() else scene.squads[scene.squad_index[0]]
        names = ", ".join(dict.fromkeys(scene.tr.name(cards[cid].name) for cid in c.cards))
        text = scene.tr("classic.squad_cards", n=len(c.cards), names=names)
    else:
        text = scene.tr.name(scene.decks[scene.deck_index[0]].deck.plan)
    whole = fonts.TEXT.wrap(text, scene.S(15), col_w)
    shown_lines = [t for t in dict.fromkeys(drawn)
                   if t in whole or (t.endswith("…") and text.find(t[:-1].rstrip(" ,")) >= 0)]
    assert shown_lines, f"the deck's text is drawn ({text[:40]}…)"
    if len(whole) > 3:
        assert len(shown_lines) == 3 and shown_lines[-1].endswith("…"), shown_lines
    else:
        assert shown_lines == whole


@pytest.mark.parametrize("game", ["heroes", "classic", "first_battle"])
def test_the_next_new_game_offers_the_decks_and_seats_of_the_last_one(app, person, setup, game):
    """It remembered the computer seat but put player 1 back on the first deck: it remembers both."""
    if game != "heroes":
        person.choose(setup.game_menu, app.tr("classic.game_classic"))
        setup = app.scene
        if game == "first_battle":
            while setup.classic_mode != "first":
                person.press(setup.open_b)
                setup = app.scene
    labels = options(setup.deck_menus[0])
    assert len(labels) >= 2
    picks = (len(labels) - 1, len(labels) - 2)  # not what a fresh screen shows (the first two, in order)
    for i, j in enumerate(picks):
        person.choose(setup.deck_menus[i], labels[j])
    person.choose(setup.kind_menus[1], options(setup.kind_menus[1])[1])  # the computer
    person.press(setup.start_b)
    assert app.scene is not setup, setup.error
    table = app.scene
    again = SetupScene(app)
    app.switch(again)
    assert not any(c.thinking for c in table.session.controllers)
    person.frame(1)
    assert [shown(again.deck_menus[i]) for i in (0, 1)] == [labels[j] for j in picks]
    assert shown(again.kind_menus[1]) == options(again.kind_menus[1])[1] and again.kinds[0] == "human"
