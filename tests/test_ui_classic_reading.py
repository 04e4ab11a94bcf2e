"""Reading the classic board at a glance: the faces fill their cells and show their pictures; a tapped card is
turned a quarter with its name and numbers upright; one's creatures that can still act this turn are framed
(from the engine's legal actions) and «Конец хода» says when nothing is left; a striker lights what it may
hit, enemies in red and one's own cards in another colour; and every marker under a dead card on the
graveyards sheet says what it is. Only raw mouse and keys go in."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from engine.classic import actions as A
from engine.classic.position import build_position
from tests.face_capture import cut_name, drawn_on, recording
from tests.test_ui_classic_draw import sheet_with_marks
from tests.ui_support import classic_table, look
from ui.classic import content, piles
from ui.classic.cardface import GOLD, turned_frame
from ui.classic.testing import Driver
from ui.classic.view import OWN_LIT, READY_LIT, STRIKE_LIT, BoardView, Look, card_face, face_layout
from ui.fonts import MIN_PX
from ui.i18n import Tr
from ui.session import GameSession

SIZES = [(1280, 720), (1920, 1080)]


def ground(n: int = 0, movement: int | None = None) -> str:
    """A plain ground creature of the pool (no abilities; movement 1 or more, or ``movement``), the ``n``-th by id."""
    return [cid for cid, c in sorted(content.classic_cards().items()) if c.type == "creature" and not c.flyer
            and not c.symbiote and c.movement >= 1 and c.lives and not c.abilities
            and movement in (None, c.movement)][n]


def session_of(creatures: list[dict]) -> GameSession:
    game = build_position(content.classic_cards(), {"creature": creatures}).game
    assert game.active == 0 and getattr(game.pending, "kind", None) == "main"
    return GameSession(game=game)


def ring_pixels(shot: pygame.Surface, rect: pygame.Rect, colour, L) -> int:
    """Pixels of ``colour`` in the frame just outside a card's face."""
    outer = rect.inflate(L.sc(4), L.sc(4))
    return sum(shot.get_at((x, y))[:3] == colour for x in range(outer.left, outer.right)
               for y in (outer.top, outer.top + 1, outer.bottom - 1, outer.bottom - 2))


@pytest.fixture(autouse=True)
def display():
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((8, 8))


@pytest.mark.parametrize("size", SIZES)
def test_a_face_fills_its_cell_and_its_picture_shows(size):
    """A face used about two thirds of its cell, square in a wide cell, and bands of words hid its picture:
    now it fills the cell but a thin margin, and most of it is the picture."""
    view = BoardView(size, Tr("ru"))
    L = view.L
    cell, rect = L.cell_rect((0, 0), 0), L.card_rect((0, 0), 0)
    assert rect.w * rect.h >= 0.85 * cell.w * cell.h, (rect, cell)
    session = session_of([{"card": ground(), "at": "0,0"}, {"player": 1, "card": ground(1), "at": "5,4"}])
    g = session.game
    card = g.cards[g.creatures[1].card]
    a = card_face(g, 1, rect.size, view.tr)
    g.cards = {**g.cards, card.id: replace(card, art="pics/nothing-like-it.svg", element="darkness")}
    b = card_face(g, 1, rect.size, view.tr)
    differ = sum(a.get_at((x, y)) != b.get_at((x, y)) for x in range(rect.w) for y in range(rect.h))
    assert differ >= 0.5 * rect.w * rect.h, f"the picture shows on {differ / (rect.w * rect.h):.0%} of the face"


@pytest.mark.parametrize("size", SIZES)
def test_a_tapped_card_is_turned_and_its_name_and_numbers_stay_upright(size, monkeypatch):
    """A tapped card turned its whole face, so its name, lives, movement and strike read sideways: its frame
    and picture turn now, and its words are drawn upright on their bands, in a readable size."""
    session = session_of([{"card": ground(), "at": "0,0", "tapped": True}, {"player": 1, "card": ground(1), "at": "5,4"}])
    g, tr = session.game, Tr("ru")
    view = BoardView(size, tr)
    rect = view.L.card_rect((0, 0), 0)
    frame = turned_frame(rect.size)
    assert rect.w > rect.h and frame.h > frame.w and rect.contains(frame.move(rect.topleft)), "turned a quarter"
    fl = face_layout(g, 1, rect.size, tr)
    assert fl.num_px >= MIN_PX and fl.size >= MIN_PX and {kind for kind, _, _ in fl.rows} == {"lives", "moves", "strike"}
    with recording(monkeypatch):
        face = card_face(g, 1, rect.size, tr)
        drawn = drawn_on(face)
    # the words are blitted upright onto the face itself (a face turned whole has none of them left upright)
    assert not cut_name(tr.name(g.cards[g.creatures[1].card].name), drawn, face.get_rect())
    texts = [t for t, _ in drawn.texts]
    for _, number, _ in fl.rows:
        assert number in texts, (number, texts)
    # and the board draws that face
    shot = pygame.Surface(view.size)
    view.draw(shot, g, Look(viewer=0))
    face = card_face(g, 1, rect.size, tr)
    at = face.get_rect(center=rect.center)
    opaque = [(x, y) for x in range(0, at.w, 2) for y in range(0, at.h, 2) if face.get_at((x, y))[3] == 255]
    assert sum(shot.get_at((at.x + x, at.y + y))[:3] == face.get_at((x, y))[:3] for x, y in opaque) >= 0.97 * len(opaque)


def test_the_creatures_that_can_still_act_are_framed_and_end_turn_says_when_none_can(app, person):
    """«Герои» glows its playable cards; classic gave no sign of who can still act. One's own creatures with a
    legal action now have a green frame; one that stepped and has nothing left loses it; with nothing left at
    all the prompt and «Конец хода» say so, and the button stands out. A strike it may still make at a card of
    its own (2007 4.15) is no sign that something is left to do."""
    walker, other = ground(movement=1), ground(1)
    session = session_of([{"card": walker, "at": "0,0"}, {"card": other, "at": "0,2", "tapped": True},
                          {"player": 1, "card": other, "at": "5,2"}])
    table = classic_table(app, person, session)
    g, tr, L = table.game, table.tr, table.view.L
    acting = {a.card for a in g.legal_actions() if isinstance(a, A.Move | A.Use | A.Chip | A.Aim | A.Retreat)} | \
        {a.attacker for a in g.legal_actions() if isinstance(a, A.Strike)}
    assert acting == {1}, "the tapped one has nothing to do: the case to show"
    shot = look(person)
    assert ring_pixels(shot, L.card_rect((0, 0), 0), READY_LIT, L) > 20, "the creature that can act is framed"
    assert not ring_pixels(shot, L.card_rect((0, 2), 0), READY_LIT, L), "the tapped one is not"
    assert not ring_pixels(shot, L.card_rect((5, 2), 0), READY_LIT, L), "nor the enemy"
    assert tr("classic.prompt_ready") in table.look.prompt
    end = next(b for b in table.look.buttons if b.value == ("end",))
    assert end.label == tr("classic.end_turn")
    # it steps next to its own tapped neighbour: it could strike that one, and nothing else is left
    Driver(table).perform(A.Move(card=1, to=(0, 1)), way="drag")
    legal = g.legal_actions()
    assert not any(isinstance(a, A.Move | A.Use | A.Chip | A.Aim | A.Retreat) for a in legal)
    assert {a.target for a in legal if isinstance(a, A.Strike)} == {2}, "only a strike at its own card is left"
    shot = look(person)
    here = L.card_rect(g.creatures[1].at, 0)
    assert not ring_pixels(shot, here, READY_LIT, L), "nothing left to do: no frame"
    assert table.look.prompt.startswith(tr("classic.prompt_done", name=g.names[0]))
    end = next(b for b in table.look.buttons if b.value == ("end",))
    assert end.label == tr("classic.end_turn_done")
    edge = (end.rect.centerx, end.rect.top)
    assert shot.get_at(edge)[:3] == (255, 220, 120), "the button stands out"
    person.key(pygame.K_e)
    assert g.active == 1, "and it ends the turn"


@pytest.mark.parametrize("size", SIZES)
def test_a_striker_lights_enemies_red_and_its_own_neighbours_in_another_colour(home, size):
    """Picking a striker lit its own neighbours in the same red as the enemies: now the cards it may strike
    are lit as the engine lists them, the enemy in red, one's own (2007 4.15: it may) in violet, said in the
    prompt; a card it may not strike is not lit."""
    from tests.ui_support import make_app
    from ui.testing import Input

    app = make_app(home / "saves", size=size)
    person = Input(app, draw_every=0)
    session = session_of([{"card": ground(), "at": "2,2"}, {"card": ground(1), "at": "2,3"},
                          {"player": 1, "card": ground(), "at": "3,2"}, {"player": 1, "card": ground(1), "at": "5,4"}])
    table = classic_table(app, person, session)
    g, tr, L = table.game, table.tr, table.view.L
    person.click(L.card_rect((2, 2), 0).center)
    assert table.selected == 1
    targets = {a.target for a in g.legal_actions() if isinstance(a, A.Strike) and a.attacker == 1}
    assert targets == {2, 3} and table.look.strikes == targets
    shot = look(person)
    assert ring_pixels(shot, L.card_rect((3, 2), 0), STRIKE_LIT, L) > 20, "the enemy in red"
    assert ring_pixels(shot, L.card_rect((2, 3), 0), OWN_LIT, L) > 20, "one's own card in violet"
    assert not ring_pixels(shot, L.card_rect((2, 3), 0), STRIKE_LIT, L), "not in the enemies' red"
    far = L.card_rect((5, 4), 0)
    assert not any(ring_pixels(shot, far, c, L) for c in (STRIKE_LIT, OWN_LIT, GOLD)), "out of reach: not lit"
    assert tr("classic.prompt_own_targets") in table.look.prompt


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_marker_under_a_dead_card_says_what_it_is(home, lang):
    """A lone «В» under a card on the graveyards sheet read as a stray letter: the sheet has a legend line for
    the markers its cards carry, and resting the pointer on a marker opens its card's zoom, the marker in
    words."""
    person, g, table = sheet_with_marks(home, lang=lang)
    tr, L = table.tr, table.view.L
    shot = look(person)
    entries = piles.legend(g)
    assert {key for _, _, key in entries} == {"czoom.legend_tokens", "czoom.legend_valhalla"}
    area = piles.sheet(L)
    hint = area.bottom - L.sc(6) - 2 * piles.legend_h(L)
    strip = pygame.Rect(area.x, hint, area.w, 2 * piles.legend_h(L))
    for _, colour, _ in entries:  # each marker's pill is drawn on the legend line
        assert any(shot.get_at((x, y))[:3] == colour for x in range(strip.left, strip.right, 1)
                   for y in range(strip.top, strip.bottom)), colour
    cards = {cid: rect for p in piles.piles(g, table.look.viewer, L, tr) for cid, rect in p.cards}
    person.move(piles.mark_room(L, cards[2]).center)  # the «В» pill under the рубака
    person.wait(0.7)
    look(person)
    assert table.hover.card == ("grave", 2)
    text = " ".join(t for block in table.hover.blocks for t in block)
    assert tr("czoom.grave_valhalla") in text
