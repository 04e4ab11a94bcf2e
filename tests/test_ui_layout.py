"""The table holds any board: 0–30 cards a side at 1280×720 and 1920×1080, every card on the screen,
no card over another card's name strip, numbers (cost, strike, lives) or marker tokens, a tapped hero
whole, the other player's hand in view; text on the table is never under 11 px.

Boards are engine positions (tests/helpers.position) drawn by the real TableView without animation.
A card's protected regions come from :meth:`TableView.regions`, which reads the same spots the view
draws badges and tokens on (ui/heroes/table/marks.py, from the face layout in ui/cards.py).
"""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from tests.helpers import position  # noqa: E402
from ui.heroes.cards import MIN_TEXT, CardArt  # noqa: E402
from ui.heroes.faceparts import face_parts  # noqa: E402
from ui.heroes.table.marks import box_to_screen  # noqa: E402
from ui.heroes.table.state import TableUI  # noqa: E402
from ui.heroes.table.view import BOARD, TableView  # noqa: E402
from ui.i18n import Tr  # noqa: E402

SIZES = [(1280, 720), (1920, 1080)]
HEROES = ("hero_ilga", "hero_helga")


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def _pool_cards():
    from engine.content import base_pool

    pool = base_pool("builtin")
    cards = sorted((c for c in pool.cards.values() if not c.created and c.type != "hero"), key=lambda c: c.id)
    creatures = [c for c in cards if c.type == "creature" and not c.keyword("module") and c.subtype != "mechanism"]
    supports = [c for c in cards if c.type == "support"]
    mechanism = next(c.id for c in cards if c.subtype == "mechanism")
    module = next(c.id for c in pool.cards.values() if c.type == "creature" and c.keyword("module"))
    spells = [c.id for c in cards if c.type == "spell"]
    return creatures, supports, mechanism, module, spells


CREATURES, SUPPORTS, MECHANISM, MODULE, SPELLS = _pool_cards()


def side(n: int, p: int, tapped: str, hand: int) -> dict:
    """A player with ``n`` cards in play; ``tapped``: "none", "some" (every third) or "all"."""
    play: list = []
    for i in range(n):
        if i % 7 == 6:
            play.append({"card": SUPPORTS[(i + p) % len(SUPPORTS)].id, "tapped": tapped == "all"})
            continue
        c = CREATURES[(i * 5 + p * 13) % len(CREATURES)]
        entry: dict = {"card": c.id, "tapped": tapped == "all" or (tapped == "some" and i % 3 == 1)}
        if i % 4 == 2 and c.lives > 1:
            entry["wounds"] = 1
        if i % 5 == 3:
            entry["poison"] = 2
        if i % 6 == 5:
            entry["effects"] = [{"strike": 1}, {"keyword": "armor", "value": 1}]
        if i % 10 == 8:
            entry["stunned"] = True
        if i % 11 == 4:
            entry["hidden"] = True
        if i % 13 == 9:
            entry["extra_lives"] = 2
        play.append(entry)
    if n > 3:
        play[3] = {"card": MECHANISM, "attached": [MODULE], "tapped": tapped == "all"}
    return {"hero": {"card": HEROES[p], "tapped": p == 0 or tapped == "all", "wounds": 3, "poison": 1},
            "coins": 5, "play": play, "hand": SPELLS[p * 10:p * 10 + hand], "deck": [SPELLS[0]] * 5}


def board(n0: int, n1: int, tapped: str = "some", hand: tuple[int, int] = (8, 6)):
    return position(side(n0, 0, tapped, hand[0]), side(n1, 1, tapped, hand[1]), pool="builtin").g


def drawn(game, size, open_hands: bool = True, viewer: int = 0) -> tuple[TableView, TableUI]:
    view = TableView(size, CardArt("ru"), Tr("ru"), speed=0.0)
    ui = TableUI(viewer=viewer, show_hands={0, 1} if open_hands else {viewer})
    view.sync(game, ui)
    return view, ui


def in_draw_order(view: TableView):
    """(sprite, rect) as TableView.draw paints them: the board layer by z, then hands by z."""
    sprites = list(view.anim.sprites.values())
    board_ = sorted((sp for sp in sprites if sp.place.zone in BOARD), key=lambda sp: sp.place.z)
    rest = sorted((sp for sp in sprites if sp.place.zone not in BOARD), key=lambda sp: sp.place.z)
    return [(sp, view.card_rect(sp.place.cid)) for sp in board_ + rest]


def check(view: TableView, game, size) -> None:
    screen = pygame.Rect(0, 0, *size)
    items = in_draw_order(view)
    assert len(items) == len(view.anim.sprites)
    for i, (sp, rect) in enumerate(items):
        cid = sp.place.cid
        assert screen.contains(rect), (cid, sp.place.zone, rect, size)
        regions = view.regions(game, cid)
        if sp.place.zone in ("play", "hero") and sp.place.face_up:
            assert regions, f"card {cid} on the table shows no name or numbers"
        for reg in regions:  # badges and tokens stay on their own card, never spill on a neighbour
            assert rect.inflate(2, 2).contains(reg), (cid, reg, rect)
        for above, r2 in items[i + 1:]:
            for reg in regions:
                assert not r2.colliderect(reg), \
                    f"{above.place.zone} card {above.place.cid} covers {reg} of {sp.place.zone} card {cid}"


BOARDS = [(0, 0), (1, 1), (3, 2), (6, 6), (9, 4), (12, 12), (16, 16), (20, 3), (25, 25), (30, 30), (30, 0), (0, 30)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("n0,n1", BOARDS)
def test_boards_of_any_size_fit_without_covering(size, n0, n1):
    game = board(n0, n1)
    view, _ = drawn(game, size)
    check(view, game, size)
    for p in (0, 1):
        assert {sp.place.cid for sp in view.anim.sprites.values() if sp.place.zone == "play"} >= \
            set(game.players[p].play), "every card in play is drawn"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("tapped", ["none", "all"])
def test_thirty_cards_all_upright_or_all_tapped(size, tapped):
    game = board(30, 30, tapped)
    view, _ = drawn(game, size)
    check(view, game, size)


@pytest.mark.parametrize("size", SIZES)
def test_a_tapped_hero_is_whole_and_uncovered(size):
    game = board(30, 30, "all")
    view, _ = drawn(game, size)
    screen = pygame.Rect(0, 0, *size)
    for pl in game.players:
        assert game.cards[pl.hero].tapped
        rect = view.card_rect(pl.hero)
        assert view.anim.sprites[pl.hero].place.angle == -90.0, "drawn turned (a square face: turned in place)"
        assert screen.contains(rect)
        others = [view.card_rect(c) for c in view.anim.sprites if c != pl.hero]
        assert not any(rect.colliderect(o) for o in others)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("open_hands", [True, False])
def test_the_other_hand_is_in_view(size, open_hands):
    game = board(12, 12, hand=(7, 9))
    view, _ = drawn(game, size, open_hands)
    screen = pygame.Rect(0, 0, *size)
    top = [view.anim.sprites[c] for c in game.players[1].hand]
    rects = [view.card_rect(c) for c in game.players[1].hand]
    band = view.L.sides["top"].band
    for sp, rect in zip(top, rects, strict=True):
        assert sp.place.face_up == open_hands
        assert screen.contains(rect) and not rect.colliderect(band), rect
    for a, b in zip(rects, rects[1:], strict=False):
        assert not a.colliderect(b), "nine cards side by side, none over another"
    if open_hands:  # the names can be hovered for the zoom: the hit test finds each card
        for cid in game.players[1].hand:
            sp = view.anim.sprites[cid]
            name = box_to_screen((sp.x, sp.y), sp.place.size, sp.angle, face_parts("spell", *sp.place.size).name)
            assert view.hit(name.center, game, TableUI(viewer=0, show_hands={0, 1})) == ("card", cid)


@pytest.mark.parametrize("size", SIZES)
def test_hit_test_finds_each_card_by_its_name(size):
    """The hit test agrees with the drawing: the middle of each name strip is that card."""
    game = board(25, 25)
    view, ui = drawn(game, size)
    for pl in game.players:
        for cid in [pl.hero, *pl.play]:
            name = view.marks(game, cid).name
            assert name is not None
            assert view.hit(name.center, game, ui) == ("card", cid)


def test_faces_keep_numbers_off_the_text_and_name():
    """The text box ends above the strike and lives disks (a hero's lives badge covered its text)."""
    for kind in ("hero", "creature", "spell", "support"):
        for h in range(52, 700, 3):
            w = round(h / 1.4)
            P = face_parts(kind, w, h)
            disks = [pygame.Rect(x - r, y - r, 2 * r, 2 * r) for x, y, r in (d for d in (P.cost, P.strike, P.lives) if d)]
            boxes = [pygame.Rect(b[0], b[1], b[2] - b[0], b[3] - b[1]) for b in (P.text, P.type_line) if b]
            name = pygame.Rect(P.name[0], P.name[1], P.name[2] - P.name[0], P.name[3] - P.name[1])
            for d in disks:
                assert not any(d.colliderect(b) for b in boxes), (kind, h, d)
                assert not d.colliderect(name), (kind, h, d)
            if kind == "hero" and h >= 150:
                assert P.text is not None, "a hero card big enough keeps its rules text"


def test_the_card_back_has_no_letters():
    from ui.heroes.cards import render_back

    ru, en = CardArt("ru").back((120, 168)), CardArt("en").back((120, 168))
    assert pygame.image.tobytes(ru, "RGBA") == pygame.image.tobytes(en, "RGBA")
    assert render_back(120, 168).tobytes() == render_back(120, 168).tobytes()


def test_no_text_under_eleven_pixels_at_1280x720(monkeypatch):
    """Faces and everything the view writes on a crowded table at 1280×720: 11 px or more."""
    import ui.heroes.cards as cards_mod
    from ui.fonts import TEXT

    sizes: list[tuple[str, int]] = []
    real_pil = cards_mod.pil_font

    def pil(size, bold=False):
        sizes.append(("face", size))
        return real_pil(size, bold)

    real_get = TEXT.get

    def get(text, size, colour=(230, 230, 230), bold=False):
        sizes.append((text, int(size)))
        return real_get(text, size, colour, bold)

    monkeypatch.setattr(cards_mod, "pil_font", pil)
    monkeypatch.setattr(TEXT, "get", get)
    game = board(25, 25)
    view, ui = drawn(game, (1280, 720))
    surface = pygame.Surface((1280, 720))
    for sp in view.anim.sprites.values():  # faces at 2× are drawn with doubled sizes
        sizes.clear()
        w, h = sp.place.size
        view.art.face(game.cdef(sp.place.cid), (w, h))
        ss = 2 if w >= 200 else 1
        small = [s for _, s in sizes if s < MIN_TEXT * ss]
        assert not small, (game.cdef(sp.place.cid).id, (w, h), small)
    sizes.clear()
    view.draw(surface, game, ui)
    small = [(t, s) for t, s in sizes if t != "face" and s < MIN_TEXT]
    assert not small, small
    assert any(t != "face" for t, _ in sizes), "the view wrote something"


def test_a_big_board_row_uses_more_rows_of_smaller_cards():
    game = board(3, 25)
    view, _ = drawn(game, (1280, 720))
    few = {view.anim.sprites[c].place.size for c in game.players[0].play}
    many = {view.anim.sprites[c].place.size for c in game.players[1].play}
    assert few == {view.L.card}, "three cards get the full size"
    (small,) = many
    assert small[1] < view.L.card[1]
    ys = {round(view.anim.sprites[c].place.center[1]) for c in game.players[1].play}
    assert len(ys) >= 2, "in more than one row"



def test_cards_that_can_be_used_now_are_ringed(tmp_path, monkeypatch):
    """Hand cards with a legal play and creatures with a legal attack get a ring; the rest do not."""
    from engine.heroes import actions as A
    from ui.app import App
    from ui.heroes.scene import TableScene
    from ui.heroes.table.view import READY
    from ui.session import GameSession
    from ui.settings import Settings

    monkeypatch.setenv("BERSERK_TABLE_HOME", str(tmp_path))
    cheap = next(c.id for c in CREATURES if c.cost == 1 and not c.x_cost)
    dear = next(c.id for c in CREATURES if c.cost >= 6)
    pos = position({"hero": HEROES[0], "coins": 2, "hand": [cheap, dear],
                    "play": [{"card": CREATURES[0].id, "name": "fresh_one"}, {"card": CREATURES[1].id, "tapped": True}]},
                   {"hero": HEROES[1], "play": [CREATURES[2].id]}, pool="builtin")
    g = pos.g
    ready, spent = g.players[0].play
    legal = g.legal_actions()
    expected = {a.card for a in legal if isinstance(a, A.Play)} | {a.attacker for a in legal if isinstance(a, A.Attack)}
    assert ready in expected and spent not in expected and g.players[0].hand[1] not in expected
    app = App(size=(1280, 720), settings=Settings(anim_speed=0.0), headless=True)
    scene = TableScene(app, GameSession(game=g))
    scene.autosave = False
    app.switch(scene)
    assert scene.ui.ready == expected
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    for cid in (ready, spent):
        r = scene.view.card_rect(cid)
        above = surface.get_at((r.centerx, r.top - 1))[:3]
        assert (above == READY) == (cid in expected), (cid, above)
    scene.do(A.EndTurn())
    assert scene.ui.ready == set(), "nothing is ringed while the other player decides"
