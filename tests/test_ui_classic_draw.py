"""What the classic table draws stays reachable and in its place: a graveyard too long for the sheet goes in
pages that a visible «ещё N» button (or the wheel) turns, so every dead and exiled card can be seen, with the
markers of what it still carries there (incarnation tokens, a Вальхалла to come); the markers of a card in a
two-column additional zone lie on that card, never on its neighbour."""

from __future__ import annotations

import pygame
import pytest

from engine.classic import actions as A
from engine.classic.position import build_position
from tests.ui_support import a_ground, classic_table, look, make_app
from ui.classic import content, markers, piles
from ui.classic.cardface import face_layout, printed_rows
from ui.classic.scene import ClassicTableScene
from ui.classic.setup_look import small_face
from ui.classic.testing import Driver
from ui.classic.view import BoardView, Look
from ui.i18n import Tr
from ui.session import GameSession
from ui.testing import Input

SIZES = [(1280, 720), (1920, 1080), (800, 600)]


def a_flyer() -> str:
    return next(cid for cid, c in sorted(content.classic_cards().items()) if c.flyer and c.lives)


def graveyard_game(dead: tuple[int, int], exiled: int):
    """Player 0 with ``dead[0]`` cards in the graveyard and ``exiled`` in exile, player 1 with ``dead[1]``
    dead; one creature each still fights."""
    flyer = a_flyer()
    n0 = dead[0] + exiled
    creatures = [{"card": flyer, "zone": "extra"} for _ in range(n0)]
    creatures += [{"player": 1, "card": flyer, "zone": "extra"} for _ in range(dead[1])]
    creatures += [{"card": a_ground(), "at": "0,0"}, {"player": 1, "card": a_ground(), "at": "5,4"}]
    game = build_position(content.classic_cards(), {"creature": creatures}).game
    # the starting point: these fell (or were exiled) earlier in the game (ids in placement order, from 1)
    for cid in range(1, dead[0] + 1):
        game.kill(cid)
    for cid in range(dead[0] + 1, n0 + 1):
        game.exile(cid)
    for cid in range(n0 + 1, n0 + dead[1] + 1):
        game.kill(cid)
    assert (len(game.graveyard(0)), len(game.exiled(0)), len(game.graveyard(1))) == (dead[0], exiled, dead[1])
    return game


def open_piles(app, person, game) -> tuple[ClassicTableScene, Driver]:
    table = classic_table(app, person, GameSession(game=game))
    d = Driver(table)
    d.press(("piles",))
    assert table.browsing
    return table, d


def shown_faces(table, shot: pygame.Surface) -> dict[int, set[int]]:
    """Each player's cards whose faces are on the screen now (checked pixel by pixel against the face)."""
    g, L = table.game, table.view.L
    out: dict[int, set[int]] = {0: set(), 1: set()}
    shown = piles.piles(g, table.look.viewer, L, table.tr, table.pile_pages)
    rects = [r for p in shown for _, r in p.cards]
    for pile in shown:
        for cid, rect in pile.cards:
            assert pile.area.contains(rect) and shot.get_rect().contains(rect), (cid, rect, pile.area)
            assert sum(rect.colliderect(r) for r in rects) == 1, f"card {cid} lies over another"
            if pile.more is not None:
                assert not rect.colliderect(pile.more.rect), "a card under the page button"
            if cid in g.exiled(pile.player):  # drawn see-through: it is there, told apart from the sheet
                assert shot.get_at(rect.center)[:3] != (18, 20, 26)
            else:
                face = small_face(g.cards[g.creatures[cid].card], rect.size, g.creatures[cid].owner, table.tr)
                pts = [(x, y) for x in range(2, rect.w - 2, 3) for y in range(2, rect.h - 2, 3) if face.get_at((x, y))[3] == 255]
                same = sum(shot.get_at((rect.x + x, rect.y + y))[:3] == face.get_at((x, y))[:3] for x, y in pts)
                assert same >= len(pts) * 0.95, (cid, same, len(pts))
            out[pile.player].add(cid)
        if pile.more is not None:  # the pile says how many more there are, on a button drawn on the sheet
            left = pile.total - (pile.page + 1) * pile.per
            if left > 0:
                assert pile.more.label == table.tr("csetup.piles_more", n=left)
            assert shot.get_at(pile.more.rect.center)[:3] != (18, 20, 26)
        else:
            assert len(pile.cards) == pile.total, "cards left out with no sign of them"
    return out


@pytest.mark.parametrize("size", SIZES)
def test_every_card_of_a_long_graveyard_can_be_seen_page_by_page(home, size):
    app = make_app(home / "saves", size=size)
    person = Input(app, draw_every=0)
    game = graveyard_game((150, 9), exiled=4)
    table, _ = open_piles(app, person, game)
    want = {0: set(game.graveyard(0) + game.exiled(0)), 1: set(game.graveyard(1))}
    seen: dict[int, set[int]] = {0: set(), 1: set()}
    pages = 0
    while seen[0] != want[0]:
        for p, cids in shown_faces(table, look(person)).items():
            seen[p] |= cids
        pages += 1
        assert pages <= 10, "the pages never showed every card"
        button = next(p for p in piles.piles(game, 0, table.view.L, table.tr, table.pile_pages) if p.player == 0).more
        assert button is not None, "cards left out with no way to see them"
        person.click(button.rect.center)  # a page on; from the last, back to the first
        assert table.browsing, "the page button closed the sheet"
    assert seen == want
    assert pages > 1, "150 cards on one page: this test no longer checks the pages"
    assert table.pile_pages[0] == 0, "past the last page, back to the first"
    person.click(table.view.L.board.center)
    assert not table.browsing and not table.session.history, "a click beside the button closes, making no move"


def test_a_graveyard_that_fits_is_all_on_one_sheet_with_no_page_button(app, person):
    game = graveyard_game((16, 10), exiled=2)
    table, _ = open_piles(app, person, game)
    faces = shown_faces(table, look(person))
    assert faces == {0: set(game.graveyard(0) + game.exiled(0)), 1: set(game.graveyard(1))}
    assert all(p.more is None for p in piles.piles(game, 0, table.view.L, table.tr))


def test_the_wheel_over_a_pile_turns_its_pages(app, person):
    game = graveyard_game((100, 3), exiled=0)
    table, _ = open_piles(app, person, game)
    own = next(p for p in piles.piles(game, 0, table.view.L, table.tr) if p.player == 0)
    person.move(own.area.center)

    def wheel(dy: int) -> None:  # pygame sends a wheel turn both as the wheel and as buttons 4 and 5
        person.post(pygame.MOUSEBUTTONDOWN, pos=own.area.center, button=4 if dy > 0 else 5, touch=False)
        person.post(pygame.MOUSEBUTTONUP, pos=own.area.center, button=4 if dy > 0 else 5, touch=False)
        person.wheel(dy)

    first = set(shown_faces(table, look(person))[0])
    wheel(-1)
    assert table.browsing and table.pile_pages.get(0) == 1, "the wheel down turns the page on"
    second = set(shown_faces(table, look(person))[0])
    assert second and not second & first
    wheel(1)
    wheel(1)  # no page before the first
    assert table.browsing and table.pile_pages.get(0) == 0
    assert shown_faces(table, look(person))[0] == first
    assert table.pile_pages.get(1, 0) == 0, "the other pile stays where it was"


# ---------------------------------------------------------------------- what a dead card still carries
def graveyard_with_marks() -> GameSession:
    """Player 0's Костяной копейщик (Инкарнация 2), Седой рубака (Вальхалла), killed by an enemy card's attack,
    and a card that dies poisoned and with a chip have fallen in player 1's turn; player 1 ends it, and at the
    start of player 0's turn the engine gives the копейщик its first token and the рубака's Вальхалла goes off."""
    ground = a_ground()
    creatures = [{"card": "dk_skeleton", "at": "0,0"}, {"card": "st_old_warrior", "at": "0,1"},
                 {"card": ground, "at": "0,2", "poison": 2, "chips": 1}, {"card": ground, "at": "1,2"},
                 {"player": 1, "card": ground, "at": "5,4"}]
    game = build_position(content.classic_cards(), {"creature": creatures, "active": 1}).game
    game.kill(1)
    game.kill(2, killer=5)
    game.kill(3)
    session = GameSession(game=game)
    session.apply(A.EndTurn())
    for _ in range(20):  # the triggers of the turn's start on the stack: both players let them resolve
        if game.active == 0 and getattr(game.pending, "kind", None) == "main":
            break
        session.apply(next(a for a in game.legal_actions() if isinstance(a, A.Pass)))
    assert game.active == 0 and game.pending.kind == "main"
    assert game.graveyard(0) == [1, 2, 3] and game.creatures[1].tokens == 1 and game.creatures[2].slain
    return session


def sheet_with_marks(home, **app_options):
    """A table showing graveyard_with_marks(), its graveyards sheet opened by a click on its button."""
    app = make_app(home / "saves", **app_options)
    person = Input(app, draw_every=0)
    session = graveyard_with_marks()
    table = classic_table(app, person, session)
    Driver(table).press(("piles",))
    return person, session.game, table


@pytest.mark.parametrize("size", SIZES)
def test_a_dead_card_on_the_graveyards_sheet_shows_its_incarnation_tokens_and_a_valhalla_to_come(home, size):
    person, g, table = sheet_with_marks(home, size=size)
    assert table.browsing
    shot = look(person)
    cards = {cid: rect for p in piles.piles(g, table.look.viewer, table.view.L, table.tr) for cid, rect in p.cards}

    def inked(cid: int, colour: tuple) -> int:
        """Pixels of a marker's colour in the strip under the card's square on the sheet."""
        r = piles.mark_room(table.view.L, cards[cid], table.tr)
        return sum(shot.get_at((x, y))[:3] == colour for x in range(r.x, r.right) for y in range(r.y, r.bottom))

    assert inked(1, markers.TOKENS) > 20 and not inked(1, markers.VALHALLA), "the копейщик's token"
    assert inked(2, markers.VALHALLA) > 20 and not inked(2, markers.TOKENS), "the рубака's Вальхалла"
    marks = [markers.grave_marks(g, cid, table.tr) for cid in (1, 2)]
    assert marks[0] == [("И1/2", markers.TOKENS)] and marks[1][0][0] == "В"
    assert not inked(3, markers.TOKENS) and not inked(3, markers.VALHALLA)
    # poison and a chip count no more once the card is dead: its face is drawn bare
    rect, c = cards[3], g.creatures[3]
    assert c.poison and c.chips
    face = small_face(g.cards[c.card], rect.size, c.owner, table.tr)
    opaque = [(x, y) for x in range(rect.w) for y in range(rect.h) if face.get_at((x, y))[3] == 255]
    assert all(shot.get_at((rect.x + x, rect.y + y))[:3] == face.get_at((x, y))[:3] for x, y in opaque)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_resting_on_a_dead_card_on_the_sheet_opens_its_printed_text_and_its_markers_in_words(home, lang):
    """The sheet's small faces said nothing of a card's abilities, nor what «И1/2» and «В» mean: resting the
    pointer on a dead card opens the table's zoom beside it — its printed text with the reminders and, in
    words, what still counts in the graveyard; not the poison and chip it carried in play. A click on the
    card still closes the sheet."""
    person, g, table = sheet_with_marks(home, lang=lang)
    tr = table.tr
    cards = {cid: rect for p in piles.piles(g, table.look.viewer, table.view.L, tr) for cid, rect in p.cards}
    plain = look(person).copy()
    alive = table.view.rect_of(g, 4, table.look.viewer).center  # a card in play, under the sheet
    assert not any(r.collidepoint(alive) for r in cards.values())
    person.move(alive)
    person.wait(0.7)
    assert table.hover.card is None, "the board under the sheet is not zoomed"

    def rest_on(cid: int) -> tuple[str, pygame.Surface]:
        """The pointer rests on the card: the text the zoom holds, and the screen."""
        person.move(cards[cid].center)
        person.wait(0.7)
        shot = look(person)
        return " ".join(t for block in table.hover.blocks for t in block), shot

    for cid, words in ((1, tr("cmark.tokens_of", n=1, x=2) + " — " + tr("czoom.grave_tokens", n=1, x=2)),
                       (2, tr("cmark.valhalla") + " — " + tr("czoom.grave_valhalla"))):
        text, shot = rest_on(cid)
        card = g.cards[g.creatures[cid].card]
        assert tr.name(card.name) in text and words in text, (cid, text)
        for ab in card.abilities:
            assert ab.reminder(lang).strip() in text, (ab, text)
        beside = (cards[cid].right + 20, cards[cid].centery)
        assert shot.get_at(beside) != plain.get_at(beside), "the text is drawn beside the card"
    text, _ = rest_on(3)  # died poisoned, with a chip: in the graveyard that counts no more
    assert tr.name(g.cards[g.creatures[3].card].name) in text
    for stale in (tr("zoom.poison", n=2), tr("czoom.chips", n=1), tr("zoom.state"), tr("czoom.grave")):
        assert stale not in text, (stale, text)
    moves = len(table.session.history)
    person.click(cards[3].center)
    assert not table.browsing and len(table.session.history) == moves, "a click on a card still closes the sheet"


def test_the_page_button_turns_the_page_with_a_card_zoomed_and_the_next_pages_cards_zoom_too(app, person):
    game = graveyard_game((40, 3), exiled=4)
    table, _ = open_piles(app, person, game)

    def own():
        return next(p for p in piles.piles(game, 0, table.view.L, table.tr, table.pile_pages) if p.player == 0)

    assert own().pages == 2, "the pile is not on two pages: the test checks less than it says"
    first = own().cards[0]
    person.move(first[1].center)
    person.wait(0.7)
    look(person)
    assert table.hover.card == ("grave", first[0])
    person.click(own().more.rect.center)
    assert table.browsing and table.pile_pages[0] == 1, "the page turned under the zoom"
    cid, rect = own().cards[-1]  # on the next page, an exiled one
    assert cid in game.exiled(0)
    person.move(rect.center)
    person.wait(0.7)
    look(person)
    assert table.hover.card == ("grave", cid)
    text = " ".join(t for block in table.hover.blocks for t in block)
    assert table.tr("czoom.exiled_text") in text
    history = len(table.session.history)
    person.click(table.view.L.board.center)
    assert not table.browsing and len(table.session.history) == history


@pytest.mark.parametrize("size", SIZES)
def test_on_the_graveyards_sheet_a_dead_cards_markers_cover_nothing_and_cost_it_no_line(home, size):
    """The «И1/2» and «В» pills lay over the start of the card's name; then, on its picture, they took the place
    of a line of its numbers: a marked card showed its lives and strike where its neighbours showed its
    movement too. Now they sit in a strip under the card, and the card is drawn as
    any card of its kind is, every line there."""
    person, g, table = sheet_with_marks(home, size=size)
    shot = look(person)
    L, tr = table.view.L, table.tr
    cards = {cid: rect for p in piles.piles(g, table.look.viewer, L, tr) for cid, rect in p.cards}
    for cid, colour in ((1, markers.TOKENS), (2, markers.VALHALLA)):
        rect, c = cards[cid], g.creatures[cid]
        card = g.cards[c.card]
        face = small_face(card, rect.size, c.owner, tr)
        lay = face_layout(rect.size, tr.name(card.name), printed_rows(card))
        assert [row[:2] for row in lay.rows] == [("lives", str(card.lives)), ("moves", str(card.movement)),
                                                 ("strike", card.strike_text)], (cid, lay.rows)
        opaque = [(x, y) for x in range(rect.w) for y in range(rect.h) if face.get_at((x, y))[3] == 255]
        covered = [(x, y) for x, y in opaque if shot.get_at((rect.x + x, rect.y + y))[:3] != face.get_at((x, y))[:3]]
        assert not covered, (cid, len(covered), covered[:5])
        room = piles.mark_room(L, rect, table.tr)
        inked = sum(shot.get_at((x, y))[:3] == colour for x in range(room.x, room.right) for y in range(room.y, room.bottom))
        assert inked > 20, f"the marker of {cid} is not under its card"
    assert not any(piles.mark_room(L, a, table.tr).colliderect(b) for a in cards.values() for b in cards.values()), \
        "a card's strip of markers over a card"


def fresh_incarnation() -> GameSession:
    """Player 0's Костяной копейщик (Инкарнация 2) has just died, in player 0's own turn: no token yet (its
    first comes at the start of its owner's next turn)."""
    creatures = [{"card": "dk_skeleton", "at": "0,0"}, {"card": a_ground(), "at": "0,2"},
                 {"player": 1, "card": a_ground(), "at": "5,4"}]
    game = build_position(content.classic_cards(), {"creature": creatures}).game
    game.kill(1)
    assert game.graveyard(0) == [1] and game.creatures[1].tokens == 0
    return GameSession(game=game)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_dead_card_that_will_come_back_says_so_before_its_first_token(home, lang):
    """A card with Инкарнация showed no pill until its first token: that it will come back was nowhere on the
    sheet. Now it shows «И0/2» under it, and the zoom says it in words."""
    app = make_app(home / "saves", lang=lang)
    person = Input(app, draw_every=0)
    table = classic_table(app, person, fresh_incarnation())
    Driver(table).press(("piles",))
    g, tr = table.game, table.tr
    assert markers.grave_marks(g, 1, tr) == [("И0/2" if lang == "ru" else "T0/2", markers.TOKENS)]
    rect = next(r for p in piles.piles(g, 0, table.view.L, tr) for cid, r in p.cards if cid == 1)
    shot = look(person)
    room = piles.mark_room(table.view.L, rect, tr)
    assert sum(shot.get_at((x, y))[:3] == markers.TOKENS for x in range(room.x, room.right)
               for y in range(room.y, room.bottom)) > 20, "no pill under the card"
    person.move(rect.center)
    person.wait(0.7)
    look(person)  # the zoom's words are laid out as it is drawn
    text = " ".join(t for block in table.hover.blocks for t in block)
    assert tr("cmark.tokens_of", n=0, x=2) + " — " + tr("czoom.grave_incarnation", x=2) in text, text
    assert tr("czoom.grave_tokens", n=0, x=2) not in text


@pytest.mark.parametrize("size", SIZES)
def test_the_graveyards_sheets_small_faces_keep_every_name_readable_above_the_numbers(home, size):
    """At 800×600 the sheet's faces were 39–52 pixels: a name squeezed into the lives line, cut to three
    letters. On a sheet with a long pile and a short one (both face sizes), for every card of the pool in
    either language: the name is whole and ends above the numbers, and the faces are no narrower than a whole
    name needs."""
    from ui.classic.cardface import LEAST_W
    from ui.facetext import whole

    app = make_app(home / "saves", size=size)
    person = Input(app, draw_every=0)
    table, _ = open_piles(app, person, graveyard_game((150, 9), exiled=4))
    L = table.view.L
    sizes = {rect.size for p in piles.piles(table.game, 0, L, table.tr, table.pile_pages) for _, rect in p.cards}
    assert len(sizes) == 2 and min(w for w, _ in sizes) >= LEAST_W, sizes
    for lang in ("ru", "en"):
        tr = Tr(lang)
        for at in sizes:
            for card in content.classic_cards().values():
                lay = face_layout(at, tr.name(card.name), printed_rows(card))
                assert lay.name_bottom <= lay.rows_top and whole(tr.name(card.name), lay.lines), (at, card.id, lay)


# ---------------------------------------------------------------------- markers in the additional zone
def crowded_zone(n: int):
    """``n`` flyers of player 0 in the additional zone (past four, each lying over the foot of the one above), each
    with two or three markers."""
    flyer = a_flyer()
    creatures = [{"card": flyer, "zone": "extra", "chips": 1 + i % 2, "poison": 1 + i % 3, "blessed": i % 2 == 0,
                  "cursed": i % 4 == 1} for i in range(n)]
    creatures += [{"card": a_ground(), "at": "0,0"}, {"player": 1, "card": a_ground(), "at": "5,4"}]
    return build_position(content.classic_cards(), {"creature": creatures}).game


def unmarked(game):
    for c in game.creatures.values():
        c.chips = c.poison = c.extra_lives = c.tokens = 0
        c.blessed = c.cursed = c.lost = False
    return game


@pytest.mark.parametrize("size", SIZES)
def test_markers_in_a_crowded_zone_stay_on_their_own_card(size):
    """Seven cards in one zone (a squad's 15 crystals for flyers buy at most five; terrains join them): each lies
    over the foot of the one above, its name on view (a zone's cards in two columns were too narrow for a whole
    name); a card's markers stay on the part of it that shows."""
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((8, 8))
    view = BoardView(size, Tr("ru"))
    game = crowded_zone(7)
    placed = view.extra_markers(game, 0)
    rooms = {cid: room for cid, _, room in view.extra_rooms(game, 0)}
    assert len({rect.x for _, rect, _ in placed}) == 1, "the zone is in one column"
    zone = view.L.extra_zone(0, 0)
    border = view.L.zone_border()
    for (cid, rect, pills), nxt in zip(placed, [r for _, r, _ in placed[1:]] + [None], strict=True):
        assert pills, cid
        if nxt is not None:  # the name's band shows above the next card
            top = view.face_of(game, cid, rect.size, Look(viewer=0))[1]
            assert nxt.y - rect.y >= top, (cid, rect, nxt)
        for pill, _, _ in pills:
            assert zone.inflate(-2 * border, -2 * border).contains(pill), (cid, pill, zone)
            assert rooms[cid].contains(pill) and pill.colliderect(rect), (cid, pill, rect)
    # and on the screen: within each card's shown part only its own markers change what is drawn
    shot = pygame.Surface(view.size)
    view.draw(shot, game, Look(viewer=0))
    bare = pygame.Surface(view.size)
    view.draw(bare, unmarked(crowded_zone(7)), Look(viewer=0))
    for cid, rect, pills in placed:
        shows = rooms[cid].clip(rect)
        for x in range(shows.left, shows.right):
            for y in range(shows.top, shows.bottom):
                if shot.get_at((x, y)) != bare.get_at((x, y)):
                    assert any(p.collidepoint(x, y) for p in (q for q, _, _ in pills)), (cid, (x, y))


def test_markers_too_many_for_a_small_card_end_with_an_ellipsis_and_the_zoom_lists_them():
    from ui.classic.zoom import zoom_lines

    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((8, 8))
    tr = Tr("ru")
    view = BoardView((1280, 720), tr)
    game = crowded_zone(12)
    c = game.creatures[1]
    c.lost, c.tokens, c.extra_lives, c.cursed = True, 2, 1, True  # all seven at once
    cid, rect, pills = view.extra_markers(game, 0)[0]
    assert cid == 1 and len(pills) < 7 and pills[-1][1] == "…"
    room = view.L.marker_room(view.L.extra_zone(0, 0), rect)
    assert all(room.contains(p) for p, _, _ in pills)
    state = zoom_lines(game, cid, tr)[-1][1]
    for want in (tr("czoom.chips", n=c.chips), tr("zoom.poison", n=c.poison), tr("czoom.extra_lives", n=1),
                 tr("czoom.blessed"), tr("czoom.cursed"), tr("czoom.lost"), tr("czoom.tokens", n=2)):
        assert want in state, (want, state)
