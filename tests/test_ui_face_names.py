"""No face on any screen cuts a card's name, and no «Герои» face cuts its rules text: every card of both pools
is drawn on every kind of face, at the size each screen gives it at 1280×720 and at 1920×1080, in Russian and
English, and the words drawn are read back (tests/face_capture.py). A name is whole — on one line or more,
every letter in order, no «…», nothing past the face's edge. A «Герои» rules text is whole, or (on a face too
small for it at 1280×720) whole sentences and clauses up to where the rest begins, then the line that says
the full text is a rest of the pointer away: never a sentence cut in the middle."""

from __future__ import annotations

import os
from types import SimpleNamespace

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from tests.face_capture import cut_name, drawn_by_pillow, drawn_on, letters, recording  # noqa: E402
from ui.i18n import Tr  # noqa: E402

SIZES = [(1280, 720), (1920, 1080)]


@pytest.fixture(autouse=True)
def display():
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((8, 8))


def grid_sizes(app, game: str) -> dict[str, tuple[int, int]]:
    """The faces of the card browser and the deck builder, and of the close look, as those screens lay them
    out in ``app``'s window."""
    from ui.cardgrid import zoom_face
    from ui.scenes.cards import CardsScene
    from ui.scenes.deckbuilder import DeckBuilderScene

    out = {}
    for kind, scene in (("browser", CardsScene(app, game)), ("deck builder", DeckBuilderScene(app, game))):
        app.switch(scene)
        out[kind] = (scene.grid.card_w, scene.grid.card_h)
        cid = scene.kit.cards()[0].id
        area = scene.grid.rect
        out[f"{kind}, close look"] = zoom_face(app, scene.kit, cid, area).get_size()
    return out


# ---------------------------------------------------------------------- classic
def classic_sizes(size) -> dict[str, set[tuple[int, int]]]:
    """Every classic face kind and the sizes it has in a window of ``size``."""
    from ui.classic.cardface import LEAST_W
    from ui.classic.setup_look import RecruitLayout
    from ui.classic.view import BoardView

    L = BoardView(size, Tr("ru")).L
    board = L.card_rect((0, 0), 0).size
    least = (LEAST_W, LEAST_W * board[1] // board[0])  # a long tray or pile: its cards no narrower
    return {"board": {board}, "host": {L.host_rect((0, 0), 0).size}, "symbiote": {L.symbiote_rect((0, 0), 0).size},
            "additional zone": {r.size for n in range(1, 10) for r in L.extra_slots(L.extra_top, n)},
            "deal": {RecruitLayout(size, L.prompt.bottom + L.sc(8), L.sc).card_rect(0).size},
            "placement tray": {board, least}, "graveyards sheet": {board, least}}


def shown(card):
    """``card`` as a fresh creature on the board, for the board's own face drawing."""
    return SimpleNamespace(cards={card.id: card}, creatures={1: SimpleNamespace(
        card=card.id, owner=0, wounds=0, moves=card.movement, tapped=False)})


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_no_classic_face_cuts_a_name(size, lang, monkeypatch, tmp_path):
    from tests.ui_support import make_app
    from ui.classic.content import classic_cards
    from ui.classic.setup_look import deal_face, small_face, taken_face
    from ui.classic.view import card_face

    tr = Tr(lang)
    app = make_app(tmp_path, size=size, lang=lang)
    kinds = classic_sizes(size)
    for kind, at in grid_sizes(app, "classic").items():
        kinds[kind] = {at}
    cards = classic_cards()
    assert len(cards) > 100
    families = {"board": ("board", "host", "symbiote", "additional zone"), "deal": ("deal",)}
    family = {kind: fam for fam, ks in families.items() for kind in ks}
    by_size: dict[tuple[str, tuple[int, int]], list[str]] = {}
    for kind, sizes in kinds.items():
        for at in sizes:
            by_size.setdefault((family.get(kind, "printed"), at), []).append(kind)
    faults: list[str] = []
    with recording(monkeypatch):
        for card in cards.values():
            name = tr.name(card.name)
            for (fam, at), names in sorted(by_size.items()):
                if fam == "board":
                    game = shown(card)
                    faces = [card_face(game, 1, at, tr), card_face(game, 1, at, tr, tapped=True),
                             card_face(game, 1, at, tr, tr("csetup.hidden"))]  # one's own face-down card
                elif fam == "deal":
                    faces = [deal_face(card, at, tr, (card.cost, 0), 1, 0, cards), taken_face(card, at, tr)]
                else:
                    faces = [small_face(card, at, 0, tr)]
                for face in faces:
                    why = cut_name(name, drawn_on(face), face.get_rect())
                    if why:
                        faults.append(f"{'/'.join(names)} {at}: {why}")
    assert not faults, f"{len(faults)} cut names, first: " + "\n".join(faults[:12])


# ---------------------------------------------------------------------- «Герои»
def heroes_sizes(size) -> dict[str, set[tuple[int, int]]]:
    """Every «Герои» face kind at the table and the sizes it has in a window of ``size``: cards in play (a row
    of up to four, and the smaller cards of a row of five to sixteen, in one row or two), the hand (and the
    picker, which shows hand-sized cards), each hero, the graveyard's top card and the close look."""
    from ui.heroes.table.layout import TableLayout
    from ui.heroes.table.overlays import zoom_geometry

    L = TableLayout.compute(*size)
    two_rows = {p.size for n in range(5, 17) for p in L.play_row("bottom", list(range(n)), {}, {})}
    anchor = pygame.Rect(L.sides["bottom"].play.topleft, L.card)
    return {"in play": {L.card}, "in play, two rows": two_rows, "hand": {L.hand_card}, "hero": {L.sides["bottom"].hero.size},
            "graveyard": {L.pile}, "close look": {zoom_geometry(L, anchor)[0].size, zoom_geometry(L, None)[0].size}}


def cut_text(cdef, words, drawn, lang: str) -> str | None:
    """Why a «Герои» face's rules text is cut (None when it is not): the drawn lines say the whole text; or,
    on a face too small for it, its first whole sentences and clauses, then the line saying where the rest is."""
    from ui.heroes import cardtext
    from ui.heroes.facewords import clauses

    text = cardtext.card_text(cdef, lang)
    if not text or words.parts.text is None:
        return None
    said = [t for t, _ in drawn.texts]
    if any("…" in t for t in said):
        return f"«…» on the face: {said}"
    body = letters("".join(words.text))
    if words.whole:
        want = letters(text)
        return None if want in letters("".join(said)) and body == want else f"not whole: {words.text}"
    if not words.more or letters(words.more) not in letters("".join(said)):
        return f"part of the text shown with no word of the rest: {words.text}"
    ends = {letters(" ".join(clauses(text)[:n])) for n in range(len(clauses(text)) + 1)}
    ends |= {letters(text[:i]) for i, ch in enumerate(text) if ch == "\n"}
    return None if body in ends else f"cut inside a sentence: {words.text}"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_no_heroes_face_cuts_a_name_or_its_rules_text(size, lang, monkeypatch, tmp_path):
    from tests.ui_support import make_app
    from ui.heroes.cards import render_face
    from ui.heroes.content import game_content
    from ui.heroes.facewords import face_words, name_of

    app = make_app(tmp_path, size=size, lang=lang)
    kinds = heroes_sizes(size)
    for kind, at in grid_sizes(app, "heroes").items():
        kinds[kind] = {at}
    by_size: dict[tuple[int, int], list[str]] = {}
    for kind, sizes in kinds.items():
        for at in sizes:
            by_size.setdefault((at, kind == "graveyard"), []).append(kind)  # the graveyard's top card: no disks
    pool, _ = game_content()
    assert len(pool.cards) > 200
    heroes_only = {"hero"}  # a hero is only ever on its square; the other cards never are
    both = {"browser", "deck builder", "browser, close look", "deck builder, close look", "close look"}
    faults: list[str] = []
    short = {at: 0 for at, _ in by_size}
    with recording(monkeypatch):
        for cdef in pool.cards.values():
            for (at, bare), names in sorted(by_size.items()):
                if not set(names) & both and (cdef.type == "hero") != bool(set(names) & heroes_only):
                    continue
                render_face(cdef, *at, lang, bare)
                (drawn,) = drawn_by_pillow()
                words = face_words(cdef, *at, lang, bare)
                bounds = pygame.Rect((0, 0), drawn.size)
                why = cut_name(name_of(cdef, lang), drawn, bounds) or cut_text(cdef, words, drawn, lang)
                if why:
                    faults.append(f"{'/'.join(names)} {at}: {why}")
                short[at] += not words.whole and words.parts.text is not None
    assert not faults, f"{len(faults)} cut words, first: " + "\n".join(faults[:12])
    if size == (1920, 1080):  # every text is whole there, but on the small cards of a crowded row and the pile
        small = kinds["in play, two rows"] | kinds["graveyard"]
        assert not any(n for at, n in short.items() if at not in small), short
