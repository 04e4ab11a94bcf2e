"""What the classic table draws, looked at in pictures: deal cards whose text is cut end with «…» (the
zoom has it whole), a face-down card's tag has a band of its own (that no face cuts a name is
tests/test_ui_face_names.py), the additional zones' cards and markers sit inside the zone's border, every marker's
letters are in the font, and the demo shows face-down cards as their backs."""

from __future__ import annotations

import os
import random
from dataclasses import replace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from engine.classic.position import build_position  # noqa: E402
from engine.classic.text import card_text  # noqa: E402
from tests.ui_support import look, show  # noqa: E402
from ui.classic import content  # noqa: E402
from ui.classic.setup_look import RecruitLayout, deal_text  # noqa: E402
from ui.classic.view import MIN_PX, SIDE, TEXT, BoardView, Look, card_back  # noqa: E402
from ui.classic.zoom import may_see  # noqa: E402
from ui.facetext import whole  # noqa: E402
from ui.i18n import Tr  # noqa: E402

SIZES = [(1280, 720), (1920, 1080)]


@pytest.fixture(scope="module", autouse=True)
def _display():
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((8, 8))


def classic_cards() -> dict:
    return content.classic_cards()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_deal_card_text_that_does_not_fit_ends_with_an_ellipsis(size, lang):
    tr = Tr(lang)
    cards = classic_cards()
    lay = RecruitLayout(size, 72, lambda n: max(1, round(n * min(size[0] / 1280, size[1] / 720))))
    card_size = lay.card_rect(0).size
    cut = 0
    for card in cards.values():
        shown = deal_text(card, card_size, tr, cards)
        whole = deal_text(card, (card_size[0], 100_000), tr, cards)  # as tall as the whole text needs
        small = max(MIN_PX, card_size[0] // 13)
        for line, _, width in shown:
            assert TEXT.get(line, small).get_width() <= width, (card.id, line)
        if len(shown) == len(whole):
            assert [t for t, _, _ in shown] == [t for t, _, _ in whole], card.id
            continue
        cut += 1
        assert shown, card.id
        assert [t for t, _, _ in shown[:-1]] == [t for t, _, _ in whole[:len(shown) - 1]], card.id
        last = shown[-1][0]
        assert last.endswith("…"), (card.id, last)
        assert whole[len(shown) - 1][0].startswith(last[:-1].rstrip()), (card.id, last)
    assert cut, "no card's text is cut at this size: the test checks nothing"


def test_the_zoom_of_a_deal_card_has_the_whole_text_the_face_cut():
    from ui.classic.zoom import deal_lines

    tr = Tr("ru")
    s = content.start_full_session(content.decks()[1:3], ("Аня", "Борис"), 5)
    g = s.game
    lay = RecruitLayout((1280, 720), 72, lambda n: n)
    for card in g.cards.values():
        shown = deal_text(card, lay.card_rect(0).size, tr, g.cards)
        if shown and shown[-1][0].endswith("…"):
            break
    else:
        pytest.skip("no cut card in this pool")
    zoomed = " ".join(text for _, text in deal_lines_for(card, tr, g.cards, deal_lines))
    for line in card_text(card, "ru", cards=g.cards)[1:]:
        assert line in zoomed


def deal_lines_for(card, tr, cards, deal_lines):
    class _G:  # the deal's zoom reads the card of an instance
        pass

    g = _G()
    g.card_at = lambda iid: card
    g.cards = cards
    return deal_lines(g, 0, tr)


def position_game(creatures):
    return build_position(classic_cards(), {"creature": creatures}).game


def screen_of(view, game, viewer=0, all_backs=False) -> pygame.Surface:
    surface = pygame.Surface(view.size)
    view.draw(surface, game, Look(viewer=viewer, all_backs=all_backs))
    return surface


def a_flyer() -> str:
    return next(cid for cid, c in sorted(classic_cards().items()) if c.flyer and c.lives)


def a_ground() -> str:
    return next(cid for cid, c in sorted(classic_cards().items())
                if c.type == "creature" and not c.flyer and not c.symbiote and c.lives and len(c.name["ru"]) > 16)


@pytest.mark.parametrize("size", SIZES)
def test_the_additional_zones_cards_and_markers_sit_inside_the_zones_border(size):
    flyer = a_flyer()
    game = position_game([
        {"card": flyer, "zone": "extra", "poison": 2, "cursed": True, "chips": 1, "tapped": True},
        {"card": flyer, "zone": "extra", "blessed": True},
        {"player": 1, "card": flyer, "zone": "extra", "poison": 1, "extra_lives": 1},
        {"card": a_ground(), "at": "0,0"}])
    view = BoardView(size, Tr("ru"))
    L = view.L
    shot = screen_of(view, game)
    border = L.zone_border()
    seen = 0
    for cid, rect, pills in view.extra_markers(game, 0):
        c = game.creatures[cid]
        zone = L.extra_zone(c.owner, 0)
        inside = zone.inflate(-2 * border, -2 * border)
        assert inside.contains(rect), (rect, zone)
        for pill, _, _ in pills:
            seen += 1
            assert inside.contains(pill), (pill, zone)
            # and on the screen: the zone's border keeps its colour where the marker is drawn
            for x in range(zone.x, zone.x + border):
                for y in range(pill.top, pill.bottom):
                    assert tuple(shot.get_at((x, y)))[:3] == SIDE[c.owner], (x, y)
    assert seen >= 5


def test_every_markers_letters_are_in_the_font():
    """A letter the font lacks is drawn as an empty box (the lost-abilities marker was «∅»)."""
    from ui.fonts import font

    flyer = a_flyer()
    game = position_game([{"card": flyer, "zone": "extra", "poison": 1, "cursed": True, "chips": 1,
                           "blessed": True, "extra_lives": 1}])
    c = game.creatures[next(iter(game.creatures))]
    c.lost, c.tokens = True, 1  # every marker at once (no position key makes these two)
    view = BoardView((1280, 720), Tr("ru"))
    texts = [text for _, text, _ in view.marker_pills(c, pygame.Rect(100, 100, 90, 90), margin=True)]
    assert len(texts) == 7
    f = font(max(MIN_PX, view.L.sc(12)), True)
    missing = f.metrics("\U0010fffd")[0]  # the box drawn for a letter the font does not have
    for ch in set("".join(texts)):
        assert f.metrics(ch)[0] != missing, ch


def test_a_face_down_cards_tag_has_its_band_between_name_and_numbers():
    """One's own face-down card on the board: the «скрыта» band sits under the whole name and above the
    numbers (it covered the second line of a two-line name), for every card."""
    from ui.classic.view import face_layout

    tr = Tr("ru")
    ids = sorted(cid for cid, c in classic_cards().items() if c.type == "creature")
    game = position_game([{"card": cid, "at": f"{i % 3},{i // 3 % 5}", "hidden": True}
                          for i, cid in enumerate(ids[:15])])
    game.creatures = {i: replace(next(iter(game.creatures.values())), id=i, card=cid) for i, cid in enumerate(ids)}
    two = 0
    for cid, size in ((cid, size) for size in SIZES for cid in game.creatures):
        side = BoardView(size, tr).L.card_rect((0, 0), 0).size
        fl = face_layout(game, cid, side, tr, tr("csetup.hidden"))
        assert fl.tag is not None
        assert fl.name_bottom <= fl.tag.top and fl.tag.bottom <= fl.rows_top, (ids[cid], fl)
        if len(fl.lines) == 2:
            two += 1
            assert whole(tr.name(classic_cards()[ids[cid]].name), fl.lines)
        plain = face_layout(game, cid, side, tr)
        assert plain.tag is None and plain.name_bottom <= plain.rows_top
    assert two, "no two-line name beside a tag: the test checks less than it says"


def test_may_see_keeps_a_face_down_card_face_down_when_every_card_is_a_back():
    game = position_game([{"card": a_ground(), "at": "0,0", "hidden": True}])
    cid = next(iter(game.creatures))
    assert may_see(game, cid, 0) and not may_see(game, cid, 1)
    assert not may_see(game, cid, 0, all_backs=True)


def test_the_demo_shows_face_down_cards_as_backs_to_the_club(app, person):
    """Computer against computer: the watchers are spectators, and a face-down card is its back for them,
    the placing computer's own cards included (they were drawn face up with a «скрыта» tag)."""
    from ui.controllers import InlineExecutor
    from ui.scenes.demo import DemoScene

    demo = DemoScene(app, ruleset="classic", rng=random.Random(4), level="easy", executor=InlineExecutor())
    show(app, demo, person)

    def placing_with_both_hidden() -> bool:
        g = demo.game
        owners = {g.creatures[i].owner for i in g.hidden}
        return getattr(g.pending, "kind", None) == "place" and owners == {0, 1}

    person.wait_until(placing_with_both_hidden, seconds=60, what="the second computer's placement")
    shot = look(person).copy()
    g, view = demo.game, demo.view
    own = [cid for cid in g.hidden if g.creatures[cid].owner == demo.look.viewer]
    assert own, "the placing computer's own face-down cards are on the board"
    for cid in sorted(g.hidden):
        rect = view.rect_of(g, cid, demo.look.viewer)
        back = card_back(rect.size, g.creatures[cid].owner, g.creatures[cid].tapped)
        expected = view.ground(shot.get_size()).copy()  # the back over the ground, as the board draws it
        expected.blit(back, back.get_rect(center=rect.center))
        inner = pygame.Rect(0, 0, rect.w // 2, rect.h // 2)
        inner.center = rect.center
        points = [(x, y) for x in range(inner.left, inner.right, 3) for y in range(inner.top, inner.bottom, 3)]
        same = sum(max(abs(a - b) for a, b in zip(shot.get_at(p)[:3], expected.get_at(p)[:3], strict=True)) <= 3
                   for p in points)
        assert same >= len(points) * 0.95, (cid, same, len(points), rect)


def test_a_zoom_taller_than_the_window_ends_its_last_line_with_an_ellipsis():
    from ui.classic.zoom import shown_rows

    rows = [(f"строка {i} с текстом", 15, (1, 1, 1), False) for i in range(40)]
    lh = {15: 20}
    shown = shown_rows(rows, lh, 200, 300)
    assert len(shown) == 10 and shown[-1][0].endswith("…") and shown[-1][0].startswith("строка 9")
    assert [r[0] for r in shown[:-1]] == [r[0] for r in rows[:9]]
    whole = shown_rows(rows[:5], lh, 200, 300)
    assert whole == rows[:5], "a zoom that fits is drawn as it is"

