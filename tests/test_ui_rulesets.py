"""Each game's client by ruleset name (ui.rulesets): «Герои» and classic have one; a wrong name lists the games the client plays. The computer seat asks the game's own ruleset for
its bot."""

from __future__ import annotations

import pytest

from ui.controllers import make_controller
from ui.rulesets import CLIENTS, UnknownClient, client_of, find_client
from ui.session import quick_session


def test_heroes_has_a_client_with_what_the_shared_client_asks_for():
    client = find_client("heroes")
    assert client.ruleset == "heroes" and client.table_scene == "table"
    for method in ("game_from_dict", "content_of", "undo_hides", "describe", "player_name", "keywords",
                   "save_named"):
        assert callable(getattr(client, method)), method
    names = [name for name, _ in client.keywords("ru")]
    assert names == sorted(names) and len(names) > 10


def test_classic_has_a_client_with_what_the_shared_client_asks_for():
    """Classic's table is its own package, ui/classic/, found by the ruleset's name."""
    client = find_client("classic")
    assert client.ruleset == "classic" and client.table_scene == "classic_table"
    for method in ("game_from_dict", "content_of", "undo_hides", "describe", "player_name", "keywords",
                   "save_named", "table_scene_class", "replay_board", "eager_action", "end_summary"):
        assert callable(getattr(client, method)), method
    from ui.classic import content

    s = content.start_session(list(content.squads()[:2]), ("Аня", "Борис"), 3)
    assert client_of(s.game) is client
    move = next(a for a in s.game.legal_actions() if type(a).__name__ == "Move")
    before = s.game.state_hash()
    s.apply(move)
    assert s.undo_block() is None  # a move rolls nothing: it can be taken back
    s.undo()
    assert s.game.state_hash() == before


def test_an_unknown_game_names_the_known_ones():
    with pytest.raises(UnknownClient) as err:
        find_client("chess")
    assert "'chess'" in str(err.value) and all(name in str(err.value) for name in CLIENTS)


def test_a_session_finds_its_client_and_undo_rebuilds_through_it():
    s = quick_session(seed=3)
    assert client_of(s.game) is find_client("heroes")
    while s.game.pending.kind != "main" or not any(type(a).__name__ == "Play" for a in s.game.legal_actions()):
        s.apply(s.game.legal_actions()[-1])  # (the last choice: end the turn, keep the hand, no defender)
    before = s.game.state_hash()
    s.apply(next(a for a in s.game.legal_actions() if type(a).__name__ == "Play"))
    assert s.game.state_hash() != before
    assert s.undo_block() is None  # playing a card shows nothing hidden
    s.undo()
    assert s.game.state_hash() == before
    s.apply(s.game.legal_actions()[-1])  # ending the turn draws a card: that cannot be taken back
    assert s.undo_block() == "undo.hidden"


def test_a_computer_seat_gets_the_bot_of_the_game_it_sits_at():
    bot = make_controller("easy", 1, "heroes")
    assert not bot.is_human
    assert not make_controller("easy", 1, "classic").is_human  # classic's own bots
