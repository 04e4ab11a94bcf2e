"""A player's own cards keep their pictures through save → load, in both games (saves/pictures.py): a
shipped picture travels with the card's table, a picture file is found beside the player's own card of
the same id, and never relative to the current directory."""

from __future__ import annotations

import pathlib
import shutil

import pytest

from engine.content import load_classic_pool, load_pool
from engine.content.art import ICONS, find_picture
from saves import GameRecord, PlayerSetup, SaveManager
from tests.ui_support import OWN_CARDS, OWN_CLASSIC_WYRM, own_classic_folder

CLASSIC_CARDS = OWN_CLASSIC_WYRM + """
[[card]]
id = "my_hawk"
name = {ru = "Мой ястреб", en = "My hawk"}
cost = 3
lives = 3
movement = 1
strike = "1-2-3"
element = "steppe"
art = "anvil"
"""
SQUAD = ["my_wyrm", "my_hawk", "c_guard"]


@pytest.fixture()
def home(tmp_path, monkeypatch) -> pathlib.Path:
    """The player's data folder with own classic cards (one picture file beside them, one shipped picture),
    and a working directory holding a file of the same name, which must never be taken."""
    monkeypatch.setenv("BERSERK_TABLE_HOME", str(tmp_path / "home"))
    folder = own_classic_folder(tmp_path / "home" / "data" / "classic", CLASSIC_CARDS)
    cwd = tmp_path / "cwd"
    (cwd / "pics").mkdir(parents=True)
    shutil.copy(ICONS / "anvil.svg", cwd / "pics" / "wyrm.svg")
    shutil.copy(ICONS / "anvil.svg", cwd / "pics" / "w.svg")
    monkeypatch.chdir(cwd)
    return folder


def classic_saved(folder: pathlib.Path, tmp_path: pathlib.Path):
    from tests.classic_support import CARDS

    cards = {**CARDS, **load_classic_pool([folder], builtin=False).cards}
    assert cards["my_wyrm"].art == "pics/wyrm.svg" and not find_picture("pics/wyrm.svg", cards["my_wyrm"].source).fallback
    record, game = GameRecord.begin_classic(cards, [PlayerSetup("Анна", "human", "", SQUAD),
                                                    PlayerSetup("Борис", "human", "", ["c_brute", "c_runner"])], seed=4)
    manager = SaveManager(tmp_path / "saves")
    return manager, manager.save(record, "мои карты", game=game)


def test_a_classic_save_keeps_the_players_own_pictures(home, tmp_path):
    manager, path = classic_saved(home, tmp_path)
    cards = manager.load(path).game.cards
    wyrm, hawk = cards["my_wyrm"], cards["my_hawk"]
    assert (wyrm.art, hawk.art) == ("pics/wyrm.svg", "anvil"), "the save carries each card's picture"
    pic = find_picture(wyrm.art, wyrm.source)
    assert not pic.fallback and pic.path == (home / "pics" / "wyrm.svg").resolve()
    assert not find_picture(hawk.art, hawk.source).fallback


def test_the_classic_table_draws_the_players_picture_after_a_load(home, tmp_path):
    """The client's load (ui/storage.py) and the faces' choice of picture (ui/classic/faces.py)."""
    from ui import storage
    from ui.art import picture
    from ui.classic.faces import art_of

    _, path = classic_saved(home, tmp_path)
    game = storage.load(path, tmp_path / "saves").game
    pic = picture(*art_of(game.cards["my_wyrm"]))
    assert pic.kind == "svg" and not pic.fallback and pic.path == (home / "pics" / "wyrm.svg").resolve()


def test_a_classic_save_keeps_a_shipped_picture_when_the_players_file_is_gone(home, tmp_path):
    """The card's table in the save names its picture: the player's folder is not needed for a shipped one,
    and a picture file nobody has any more shows the neutral picture (not one from the current directory)."""
    manager, path = classic_saved(home, tmp_path)
    (home / "mine.toml").unlink()
    cards = manager.load(path).game.cards
    assert cards["my_hawk"].art == "anvil" and not find_picture("anvil", cards["my_hawk"].source).fallback
    wyrm = cards["my_wyrm"]
    assert wyrm.art == "pics/wyrm.svg" and wyrm.source == "" and find_picture(wyrm.art, wyrm.source).fallback


def test_a_classic_save_takes_no_picture_the_player_has_changed(home, tmp_path):
    manager, path = classic_saved(home, tmp_path)
    (home / "mine.toml").write_text(CLASSIC_CARDS.replace("pics/wyrm.svg", "pics/other.svg"), encoding="utf-8")
    wyrm = manager.load(path).game.cards["my_wyrm"]
    assert wyrm.source == "" and find_picture(wyrm.art, wyrm.source).fallback


def test_classic_undo_keeps_the_cards_pictures(home, tmp_path):
    """Undo rebuilds the game from its data, whose card tables leave the picture out (ui/session.py)."""
    from ui.classic.client import CLIENT

    manager, path = classic_saved(home, tmp_path)
    game = manager.load(path).game
    back = CLIENT.game_from_dict(game.to_dict(), CLIENT.content_of(game))
    assert back.state_hash() == game.state_hash()
    assert (back.cards["my_wyrm"].art, back.cards["my_wyrm"].source) == (game.cards["my_wyrm"].art,
                                                                         game.cards["my_wyrm"].source)
    assert back.cards["my_wyrm"].art == "pics/wyrm.svg"


def test_a_heroes_save_keeps_the_players_own_picture_file(home, tmp_path):
    cards = home.parent / "cards"
    (cards / "pics").mkdir(parents=True)
    shutil.copy(ICONS / "anvil.svg", cards / "pics" / "w.svg")
    (cards / "mine.toml").write_text(OWN_CARDS.replace("lives = 3\n", 'lives = 3\nart = "pics/w.svg"\n', 1),
                                     encoding="utf-8")
    pool = load_pool([cards])
    deck = next(iter(pool.decks.values()))
    seat = list(deck.card_list())[:-1] + ["my_good_guard"]
    record, game = GameRecord.begin(pool, [PlayerSetup("Анна", "human", deck.hero, seat, deck_id=deck.id),
                                                  PlayerSetup("Борис", "human", deck.hero, seat, deck_id=deck.id)],
                                           seed=2, check_decks=False)
    assert [t.get("art") for t in record.custom_cards] == ["pics/w.svg"]
    path = SaveManager(tmp_path / "saves", base=pool).save(record, "свои", game=game)
    guard = SaveManager(tmp_path / "saves", base=pool).load(path).game.pool.cards["my_good_guard"]
    pic = find_picture(guard.art, guard.source)
    assert not pic.fallback and pic.path == (cards / "pics" / "w.svg").resolve()
    # opened without the player's cards (another machine): the neutral picture, never ./pics/w.svg
    alone = SaveManager(tmp_path / "saves").load(path).game.pool.cards["my_good_guard"]
    assert alone.art == "pics/w.svg" and alone.source == "" and find_picture(alone.art, alone.source).fallback
