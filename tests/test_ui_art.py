"""Card pictures on the faces: a shipped picture is drawn at exactly the size asked for, in the
card's element colours over a generated background; a player's own PNG is drawn in its own colours; an
unreadable picture falls back to the neutral one; faces of both games show the picture."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from PIL import Image

from engine.content import load_classic_pool, load_pool
from ui.art import panel
from ui.heroes.cards import ELEMENT_COLOURS, render_face
from ui.heroes.faceparts import face_parts

DARK = ELEMENT_COLOURS["darkness"]
FOREST = ELEMENT_COLOURS["forest"]


def _mean(img: Image.Image) -> tuple[float, float, float]:
    from PIL import ImageStat

    return tuple(ImageStat.Stat(img.convert("RGB")).mean)  # type: ignore[return-value]


@pytest.mark.parametrize("size", [(24, 18), (110, 36), (226, 100), (600, 420)])
def test_a_shipped_picture_is_drawn_at_exactly_the_size_asked(size):
    img = panel("skeleton", "", size[0], size[1], (DARK,))
    assert img.size == size and img.mode == "RGBA"
    assert panel("skeleton", "", size[0], size[1], (DARK,)) is img  # kept: drawn once per size


def test_the_picture_is_drawn_in_the_element_colours_and_stands_out():
    dark, forest = panel("bear-head", "", 200, 120, (DARK,)), panel("bear-head", "", 200, 120, (FOREST,))
    r, g, b = _mean(forest)
    assert g > r and g > b  # the forest's green
    r, g, b = _mean(dark)
    assert b > g  # the darkness's violet
    middle = dark.crop((80, 40, 120, 80))
    edge = dark.crop((0, 0, 20, 20))
    assert sum(_mean(middle)) > sum(_mean(edge)) + 60  # the pale picture over the dark rim


def test_a_players_png_is_drawn_in_its_own_colours(tmp_path):
    Image.new("RGB", (50, 30), (220, 30, 30)).save(tmp_path / "red.png")
    card_file = str(tmp_path / "mine.toml")
    r, g, b = _mean(panel("red.png", card_file, 90, 60, (FOREST,)))
    assert r > 200 and g < 60 and b < 60


def test_a_broken_or_missing_picture_falls_back_to_the_neutral_one(tmp_path):
    (tmp_path / "broken.png").write_bytes(b"not a png at all")
    card_file = str(tmp_path / "mine.toml")
    neutral = panel("", card_file, 90, 60, (FOREST,)).tobytes()
    assert panel("broken.png", card_file, 90, 60, (FOREST,)).tobytes() == neutral
    assert panel("missing.png", card_file, 90, 60, (FOREST,)).tobytes() == neutral
    assert panel("no-such-picture", card_file, 90, 60, (FOREST,)).tobytes() == neutral
    assert panel("skeleton", card_file, 90, 60, (FOREST,)).tobytes() != neutral


@pytest.mark.parametrize("size", [(86, 120), (120, 168), (300, 420)])
def test_a_heroes_face_shows_the_cards_picture_in_its_art_box(size):
    card = load_pool().cards["forest_mother_bear"]
    assert card.art == "bear-head"
    plain = dataclasses.replace(card, art="")
    x0, y0, x1, y1 = face_parts(card.type, *size).art
    box = (x0 + 4, y0 + 4, x1 - 4, y1 - 4)
    with_art, without = render_face(card, *size, "ru").crop(box), render_face(plain, *size, "ru").crop(box)
    assert with_art.tobytes() != without.tobytes()


def test_a_classic_face_shows_the_cards_picture(monkeypatch):
    from ui.classic import faces

    cards = load_classic_pool().cards
    bear, stag = cards["fr_bear"], cards["fr_stag"]
    surfs = []
    for card in (bear, stag):
        s = pygame.Surface((90, 90), pygame.SRCALPHA)
        faces.pictured(s, card, (44, 72, 118), 6, 7)
        surfs.append(pygame.image.tobytes(s, "RGBA"))
    assert surfs[0] != surfs[1]
    # a card rebuilt from a save has no art: the built-in card of its id lends its picture
    assert faces.art_of(dataclasses.replace(bear, art="", source="saved state")) == (bear.art, bear.source)


def test_the_classic_back_is_the_same_in_every_language_and_rings_the_owner():
    from ui.classic.view import card_back

    a, b = card_back(80, 0), card_back(80, 1)
    assert a.get_size() == (80, 80) and pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")
    assert pygame.image.tobytes(card_back(80, 0), "RGBA") == pygame.image.tobytes(a, "RGBA")
