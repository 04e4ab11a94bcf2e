"""A player's own classic card keeps its own picture through a save and a load at the table (docs/saves.md
«Pictures»): the save carries the card's ``art``, and its picture file is found beside the player's card of
the same id. Only raw keys go in: F5 saves, F9 loads; the board is then looked at."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from tests.ui_support import classic_table, look, own_classic_folder
from ui.classic import content
from ui.classic.content import SquadChoice
from ui.classic.scene import ClassicTableScene
from ui.classic.view import card_face


@pytest.fixture()
def own_card(home):
    """The player's classic folder with one card whose picture is a file beside it; read afresh (the content
    is cached per run) and forgotten after."""
    folder = own_classic_folder(home / "data" / "classic")
    content.reload()
    yield folder
    content.reload()


def matching(shot: pygame.Surface, face: pygame.Surface, rect: pygame.Rect) -> float:
    """The share of the face's opaque pixels the screen shows as they are, the face centred on ``rect``."""
    at = face.get_rect(center=rect.center)
    pts = [(x, y) for x in range(0, at.w, 2) for y in range(0, at.h, 2) if face.get_at((x, y))[3] == 255]
    return sum(shot.get_at((at.x + x, at.y + y))[:3] == face.get_at((x, y))[:3] for x, y in pts) / len(pts)


def face_with(game, cid: int, card, size: tuple[int, int], tr) -> pygame.Surface:
    """The face the board draws for ``cid`` had its card been ``card``."""
    # a clone, not copy.copy: a shallow copy of a game whose base class is compiled (mypyc) shares the game's
    # instance __dict__, so setting its cards would change the game on the screen
    shown = game.clone()
    shown.cards = {**game.cards, card.id: card}
    return card_face(shown, cid, size, tr)


def test_a_players_own_card_shows_its_picture_after_a_quick_save_and_load(own_card, app, person):
    assert content.classic_cards()["my_wyrm"].art == "pics/wyrm.svg", "the player's card is offered"
    squads = [SquadChoice("mine", {"ru": "Мой", "en": "Mine"}, ("my_wyrm", "c_guard")),
              SquadChoice("theirs", {"ru": "Их", "en": "Theirs"}, ("c_brute", "c_runner"))]
    session = content.start_session(squads, ("Аня", "Борис"), 3)
    table = classic_table(app, person, session)
    before = table.game
    wyrm = next(cid for cid, c in before.creatures.items() if c.card == "my_wyrm")
    # the face as the card is in the player's folder (its own picture), and with the neutral picture
    rect = table.view.L.card_rect(before.creatures[wyrm].at, table.look.viewer)
    mine = content.classic_cards()["my_wyrm"]
    own = face_with(before, wyrm, mine, rect.size, table.tr)
    neutral = face_with(before, wyrm, replace(mine, art="pics/gone.svg"), rect.size, table.tr)
    assert matching(look(person), own, rect) > 0.99, "before saving the board shows the card's own picture"
    assert matching(look(person), neutral, rect) < 0.8, "the two pictures are told apart"

    person.key(pygame.K_F5)
    assert (app.saves_dir / "quick.json").exists()
    person.key(pygame.K_F9)
    loaded = app.scene
    assert isinstance(loaded, ClassicTableScene) and loaded is not table
    if loaded.curtain_for is not None:
        person.click((app.size[0] // 2, app.size[1] // 2))
    assert loaded.game is not before and loaded.game.state_hash() == before.state_hash()
    assert loaded.look.viewer == table.look.viewer
    rect = loaded.view.L.card_rect(loaded.game.creatures[wyrm].at, loaded.look.viewer)
    shot = look(person)
    assert matching(shot, own, rect) > 0.99, "after the load the board shows the card's own picture"
