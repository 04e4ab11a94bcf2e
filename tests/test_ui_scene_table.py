"""The table's menu and keyboard, used like a person: Esc and the «Меню» button, each item of the menu,
F5/F9 quick save and load, F11, E, digits for the prompt's buttons. (Drags, clicks on cards, the
curtain and undo are in test_ui_table.py; saving under a name in test_ui_scene_save_as.py.)"""

from __future__ import annotations

import pygame
import pytest

from engine.heroes import actions as A
from tests.ui_support import button, main_turn, menu_button, table_at
from ui.heroes.scene import TableScene
from ui.heroes.testing import Driver
from ui.scenes.end import EndScene
from ui.scenes.help import HelpScene
from ui.scenes.menu import MenuScene


@pytest.fixture()
def table(app, person):
    scene = table_at(app, lambda g: main_turn(g) and g.turn >= 3, seed=4)
    person.frame(2)
    return scene


def folder_bytes(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())} if folder.is_dir() else {}


def menu_item(person, table, name: str) -> None:
    """Open the table's menu with its button (unless open) and click ``name`` in it."""
    if not table.ui.menu_open:
        person.click(button(table.ui.panel_buttons, ("menu",)).rect.center)
    assert table.ui.menu_open
    person.click(button(table.ui.menu_buttons, ("m", name)).rect.center)


def test_escape_and_the_menu_button_open_the_menu_and_resume_closes_it(app, person, table):
    person.key(pygame.K_ESCAPE)
    assert table.ui.menu_open and table.ui.menu_buttons
    person.key(pygame.K_ESCAPE)
    assert not table.ui.menu_open
    menu_item(person, table, "resume")
    assert not table.ui.menu_open and app.scene is table
    person.click(button(table.ui.panel_buttons, ("menu",)).rect.center)
    person.click((5, 5))  # a click beside the menu closes it too
    assert not table.ui.menu_open


def test_open_hands_from_the_menu_shows_both_hands_and_back(app, person, table):
    mine = table.ui.viewer
    assert table.ui.show_hands == {mine}
    menu_item(person, table, "open_hands")
    assert table.open_hands and table.ui.show_hands == {0, 1}
    menu_item(person, table, "open_hands")
    assert not table.open_hands and table.ui.show_hands == {mine}


def test_help_from_the_menu_and_back_to_the_same_game(app, person, table):
    before = table.game.state_hash()
    menu_item(person, table, "help")
    assert isinstance(app.scene, HelpScene)
    person.press(app.scene.back_b)
    assert app.scene is table and table.game.state_hash() == before


@pytest.mark.parametrize("answer", ["accept_draw", "decline_draw"])
def test_a_draw_offered_from_the_menu_is_answered_by_the_other_player(app, person, table, answer):
    me = table.ui.viewer
    menu_item(person, table, "offer_draw")
    assert table.ui.menu_open and table.ui.menu_ask and table.game.pending.kind != "draw_offer", "it asks first"
    person.wait(0.4)  # the answer appeared under the pointer: it takes a click a moment later (ui/widgets/arming.py)
    menu_item(person, table, "draw_yes")
    assert getattr(table.game.pending, "kind", None) == "draw_offer" and table.game.decider == 1 - me
    d = Driver(table)
    d.lift_curtain()  # hot seat: the other player takes the seat to answer
    assert table.ui.viewer == 1 - me
    d.press((answer,))
    said = app.tr("log.draw_accepted" if answer == "accept_draw" else "log.draw_declined",
                  name=table.game.players[1 - me].name)
    assert said in table.ui.log_lines, "the answer is said in the log, naming who gave it"
    if answer == "accept_draw":
        assert table.game.is_over and table.game.outcome is not None and table.game.outcome.winner is None
        person.wait(3.0)
        assert isinstance(app.scene, EndScene)
    else:
        assert not table.game.is_over and table.game.decider == me
        d.lift_curtain()
        assert table.ui.viewer == me
        person.key(pygame.K_ESCAPE)
        offer = button(table.ui.menu_buttons, ("m", "offer_draw"))
        assert not offer.enabled, "CR 603.2: a refused offer is not pressed again this turn: the item is greyed"
        person.click(offer.rect.center)
        assert table.game.decider == me and table.game.pending.kind != "draw_offer", "a greyed item offers nothing"


def test_concede_from_the_menu_ends_the_game_for_the_other_player(app, person, table):
    me = table.ui.viewer
    menu_item(person, table, "concede")
    assert not table.game.is_over, "conceding asks first"
    menu_item(person, table, "concede_yes")
    assert table.game.is_over and table.game.outcome.winner == 1 - me
    person.wait(3.0)
    assert isinstance(app.scene, EndScene)


def test_exit_from_the_menu_autosaves_and_continue_brings_the_game_back(app, person, table):
    table.autosave = True  # as in a real window (off for headless tests)
    expected = table.game.state_hash()
    menu_item(person, table, "exit")
    assert isinstance(app.scene, MenuScene)
    assert any(p.name.startswith("auto") for p in app.saves_dir.glob("*.json"))
    person.press(menu_button(app, "continue"))
    assert isinstance(app.scene, TableScene) and app.scene.game.state_hash() == expected


def test_f5_then_f9_restores_the_quick_saved_position(app, person, table):
    expected = table.game.state_hash()
    person.key(pygame.K_F5)
    assert (app.saves_dir / "quick.json").is_file() and (app.saves_dir / "quick.png").is_file()
    d = Driver(table)
    d.perform(next(a for a in table.game.legal_actions() if isinstance(a, A.EndTurn)))  # play on
    assert table.game.state_hash() != expected
    person.key(pygame.K_F9)  # even with the curtain up
    assert isinstance(app.scene, TableScene) and app.scene is not table
    assert app.scene.game.state_hash() == expected


def test_f9_without_or_with_a_broken_quick_slot_keeps_the_game_and_the_folder(app, person, table):
    person.key(pygame.K_F9)
    assert app.scene is table and table.ui.toast, "no quick save: the table stays and says so"
    app.saves_dir.mkdir(parents=True, exist_ok=True)
    (app.saves_dir / "quick.json").write_bytes(b'{"format": "berserk-table-save", "version": 1, "log": [')
    before = folder_bytes(app.saves_dir)
    person.key(pygame.K_F9)
    assert app.scene is table
    assert "quick.json" in table.ui.toast
    assert folder_bytes(app.saves_dir) == before


def test_e_ends_the_turn(app, person, table):
    me = table.game.decider
    person.key(pygame.K_e, unicode="e")
    assert isinstance(table.session.history[-1].action, A.EndTurn)
    assert table.session.history[-1].player == me


def test_tab_to_a_card_and_z_shows_it_large_until_escape(app, person, table):
    for _ in range(30):
        person.key(pygame.K_TAB)
        if table.ui.focus and table.ui.focus[0] == "card":
            break
    cid = table.ui.focus[1]
    person.key(pygame.K_z, unicode="z")
    assert table.ui.zoom == cid
    person.key(pygame.K_ESCAPE)
    assert table.ui.zoom is None and not table.ui.menu_open, "Esc closes the card before it opens the menu"


def test_digits_press_the_prompts_buttons(app, person):
    table = table_at(app, seed=6)
    person.frame(2)
    assert table.game.pending.kind == "order"
    first = table.ui.buttons[0].value
    person.key(pygame.K_1, unicode="1")
    assert table.session.history[-1].action == A.ChooseOrder(first=first[1])


def test_f11_at_the_table_lays_it_out_for_the_new_window(app, person, table):
    person.key(pygame.K_F11)
    assert app.fullscreen and app.scene is table
    assert table.view.size == app.size
    person.key(pygame.K_F11)
    assert not app.fullscreen and table.view.size == app.size
