"""The classic battlefield drawn: the 5×6 grid seen from one player (their half at the bottom), the cards
with name, lives, movement and strike, tapped cards turned 90°, lit cells and targets, the dice, the
prompt strip and the panel. Drawing never changes the game or the scene.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from engine.classic.board import COLS, ROWS
from ui.classic import cardface, markers
from ui.classic.cardface import GOLD, INK, SIDE, WOUNDED, FaceLayout, Row, draw_face
from ui.classic.cellmarks import draw_marks
from ui.classic.eventlog import COLS as COL_NAMES
from ui.classic.eventlog import card_name
from ui.classic.faces import back_image
from ui.fonts import MIN_PX, TEXT, fit_text
from ui.textures import cell_tiles, field_backdrop, zone_tile
from ui.widgets.button import Button

BG = (22, 30, 28)
GRID = (52, 66, 60)
GRID_LINE = (70, 88, 80)
MUTED = (160, 166, 178)
REFUSAL = (255, 150, 130)  # a toast that says why not
OK = (150, 230, 170)  # a toast that says it worked, green as at the «Герои» table
MOVE_LIT = (90, 170, 110)
STRIKE_LIT = (230, 90, 70)
OWN_LIT = (190, 130, 255)  # one's own card a strike may hit (2007 4.15): lit, but not as an enemy is
READY_LIT = (110, 210, 130)  # one's own creature that can still act this turn (from the legal actions)
DEFEND_LIT = (240, 200, 110)
PIPS = {1: [(0.5, 0.5)], 2: [(0.27, 0.27), (0.73, 0.73)], 3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
        4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
        5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
        6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)]}


class Layout:
    """Where everything goes at one window size (1280×720 is scale 1)."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.w, self.h = w, h = size
        self.s = min(w / 1280, h / 720)
        m = self.sc(8)
        self.prompt = pygame.Rect(m, m, w - 2 * m, self.sc(56))
        label = self.sc(22)
        top = self.prompt.bottom + m
        self.cell_h = max(20, (h - top - label - m) // ROWS)
        self.cell_w = int(self.cell_h * 1.25)
        self.board = pygame.Rect(m + label, top, self.cell_w * COLS, self.cell_h * ROWS)
        # each player's additional zone (flyers, terrain) in a column beside the grid, by that player's half
        self.extra_w = self.sc(124)  # its cards as wide as a name needs (ui/facetext.py)
        ex = self.board.right + self.sc(10)
        half = self.board.h // 2
        self.extra_top = pygame.Rect(ex, self.board.y, self.extra_w, half - self.sc(4))
        self.extra_bottom = pygame.Rect(ex, self.board.y + half + self.sc(4), self.extra_w, half - self.sc(4))
        px = ex + self.extra_w + self.sc(14)
        self.panel = pygame.Rect(px, top, w - px - m, h - top - m)
        p = self.panel
        bh = self.sc(48)
        self.end_turn = pygame.Rect(p.x, p.bottom - bh, p.w * 3 // 5 - self.sc(4), bh)
        self.menu = pygame.Rect(self.end_turn.right + self.sc(8), p.bottom - bh, p.right - self.end_turn.right - self.sc(8), bh)
        self.status = pygame.Rect(p.x, p.y, p.w, self.sc(96))
        # a timed game's clock: the top right corner, beside the panel's first line (and the setup's headings)
        self.clock = pygame.Rect(w - m - self.sc(150), top, self.sc(150), self.sc(30))
        self.dice = pygame.Rect(p.x, self.status.bottom + self.sc(6), p.w, self.sc(132))
        # graveyards and exile, and undo beside them
        self.piles = pygame.Rect(p.x, self.end_turn.y - self.sc(44), p.w * 3 // 5 - self.sc(4), self.sc(38))
        self.undo = pygame.Rect(self.piles.right + self.sc(8), self.piles.y, p.right - self.piles.right - self.sc(8),
                                self.piles.h)
        self.log = pygame.Rect(p.x, self.dice.bottom + self.sc(8), p.w, self.piles.y - self.sc(8) - self.dice.bottom - self.sc(8))

    def sc(self, n: float) -> int:
        return max(1, int(round(n * self.s)))

    def cell_rect(self, cell, viewer: int) -> pygame.Rect:
        """The screen rect of a board cell as ``viewer`` sees it (their own half at the bottom)."""
        r, c = cell
        sr, scol = (ROWS - 1 - r, c) if viewer == 0 else (r, COLS - 1 - c)
        return pygame.Rect(self.board.x + scol * self.cell_w, self.board.y + sr * self.cell_h, self.cell_w, self.cell_h)

    def cell_at(self, pos, viewer: int):
        """The board cell under a screen point, or None."""
        if not self.board.collidepoint(pos):
            return None
        scol = (pos[0] - self.board.x) // self.cell_w
        sr = (pos[1] - self.board.y) // self.cell_h
        return (ROWS - 1 - sr, scol) if viewer == 0 else (sr, COLS - 1 - scol)

    def extra_zone(self, owner: int, viewer: int) -> pygame.Rect:
        """The additional zone of ``owner``: beside the viewer's own half for their cards, else the other's."""
        return self.extra_bottom if owner == viewer else self.extra_top

    def extra_slots(self, zone: pygame.Rect, n: int) -> list[pygame.Rect]:
        """Places for ``n`` cards in a zone under its title, in one column as wide as the zone (a name stays
        whole on a card as wide as a cell's), shaped like the board's cards, shorter when many share the
        zone; past the shortest a card may be, each lies over the foot of the one above, its name showing,
        with a strip at their left for the markers as the grid's cells have (:meth:`BoardView.marker_pills`)."""
        gap, inner = self.extra_gap(), self.extra_inner(zone)
        if n <= 0:
            return []
        full = self.card_rect((0, 0), 0)
        h = min(full.h * inner.w // full.w, full.h, (inner.h - (n - 1) * gap) // n)
        h = max(h, self.extra_least())
        step = h + gap if n * h + (n - 1) * gap <= inner.h else max(1, (inner.h - h) // max(1, n - 1))
        return [pygame.Rect(inner.x, inner.y + i * step, inner.w, h) for i in range(n)]

    def extra_least(self) -> int:
        """The least height of a card in an additional zone: a name on two lines of the smallest type and a
        line of numbers."""
        return 2 * (TEXT.get("Ag", MIN_PX, INK, True).get_height() - 2) + TEXT.get("Ag", MIN_PX, INK, True).get_height() \
            + self.sc(10)

    def extra_gap(self) -> int:
        return self.sc(6)

    def extra_inner(self, zone: pygame.Rect) -> pygame.Rect:
        """Where a zone's cards go: under its title, right of the markers' strip, inside its border."""
        title, left = self.sc(20), self.zone_floor(zone) + self.sc(14)
        return pygame.Rect(left, zone.y + title, zone.right - self.zone_border() - self.sc(2) - left,
                           zone.h - title - self.zone_border() - self.sc(2))

    def marker_room(self, zone: pygame.Rect, slot: pygame.Rect, below: int | None = None) -> pygame.Rect:
        """Where the markers of the card in ``slot`` of a zone may go: its own place and the strip at its left,
        down to ``below`` (where the next card, lying over its foot in a crowded zone, begins)."""
        left = self.zone_floor(zone)
        bottom = slot.bottom if below is None else min(slot.bottom, below)
        return pygame.Rect(left, slot.y, slot.right - left, bottom - slot.y)

    def zone_border(self) -> int:
        return max(1, self.sc(2))

    def zone_floor(self, zone: pygame.Rect) -> int:
        """The leftmost x of a zone's cards and markers: inside its border."""
        return zone.x + self.zone_border() + self.sc(1)

    def card_rect(self, cell, viewer: int) -> pygame.Rect:
        """A card's face on its cell: the whole cell but a thin margin (a tapped card turns inside it)."""
        return self.cell_rect(cell, viewer).inflate(-self.sc(6), -self.sc(6))

    def symbiote_h(self) -> int:
        """The height of a seated symbiote's strip at the foot of its host's cell: its name on up to two lines
        of the smallest type, its lives beside it."""
        return max(self.cell_h * 2 // 5, 2 * (TEXT.get("Ag", MIN_PX, INK, True).get_height() - 2) + self.sc(8))

    def host_rect(self, cell, viewer: int) -> pygame.Rect:
        """A host's face: its cell above its symbiote's strip (2007 1.5.2г: they share the cell)."""
        r = self.card_rect(cell, viewer)
        r.h -= self.symbiote_h() + self.sc(2)
        return r

    def symbiote_rect(self, cell, viewer: int) -> pygame.Rect:
        """A seated symbiote's strip at the foot of its host's cell."""
        r = self.card_rect(cell, viewer)
        return pygame.Rect(r.x, r.bottom - self.symbiote_h(), r.w, self.symbiote_h())


@dataclass
class Look:
    """What the scene wants shown this frame (the scene fills it; the view only reads it)."""

    viewer: int = 0
    prompt: str = ""
    toast: str = ""
    toast_ok: bool = False  # the toast says something worked (saved, loaded): green, not a refusal's salmon
    moves: dict = field(default_factory=dict)      # cell -> movement cost (lit cells)
    strikes: set = field(default_factory=set)      # creature ids lit as strike targets
    own_lit: bool = True  # the viewer's own targets in OWN_LIT (not in the setup, where the lit cards are all one's own)
    ready: set = field(default_factory=set)        # the viewer's creatures that can still act this turn
    done: bool = False  # nothing of the viewer's can act: «Конец хода» says so and stands out
    defenders: set = field(default_factory=set)    # creature ids lit as defenders
    selected: int | None = None
    dragging: int | None = None
    mouse: tuple[int, int] = (0, 0)
    arrow: tuple[int, int] | None = None           # (attacker, target) of a strike waiting for a defender
    buttons: list[Button] = field(default_factory=list)
    status: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    dice: list[tuple[str, int, str, str]] = field(default_factory=list)  # the last exchange: (who, roll, sum, mods)
    dice_row: str = ""
    stack: list[str] = field(default_factory=list)  # the stack in words, top first (shown while it holds anything)
    curtain: str | None = None
    all_backs: bool = False  # every face-down card as its back (a save's picture, seen by anyone)
    curtain_lines: list[str] = field(default_factory=list)
    menu_buttons: list[Button] = field(default_factory=list)  # the table's menu, drawn over everything
    menu_ask: str = ""
    poses: dict = field(default_factory=dict)  # card -> its pose this frame while it moves (ui/classic/anim.py)
    timed: bool = False  # a timed game: its clock takes the panel's top right corner (ui/timeclock.py)
    held_wounds: dict = field(default_factory=dict)  # card -> wounds the animation has not landed yet (ui/motion.py)


def movement_numbers(game, cid: int) -> str:
    """A creature's movement as its face shows it. In its owner's turn, what is left of it this turn
    («1/2»). Otherwise the movement it will have when that turn comes (2022 «Движение»: it comes back at
    the owner's turn start), one number: before the second player's first turn, or while the opponent acts,
    what is left from a turn is meaningless and «0/2» would read as spent."""
    c = game.creatures[cid]
    total = game.movement(cid) if hasattr(game, "movement") else game.cards[c.card].movement
    if owners_turn(game, c.owner):
        return f"{c.moves}/{total}"
    return str(total)


def owners_turn(game, player: int) -> bool:
    """Whether ``player``'s turn of the battle is under way (not the setup, not the «в начале боя» moment
    before the first turn, when nobody's movement has been given yet)."""
    return getattr(game, "setup", None) is None and not getattr(game, "opening", False) \
        and getattr(game, "active", None) == player


def board_rows(game, cid: int, wounds: int | None = None) -> list[Row]:
    """A creature's numbers as they are now: lives left of its lives (extra lives counted; ``wounds``: as many
    as the animation has landed, by default the card's), movement (:func:`movement_numbers`), strike."""
    c = game.creatures[cid]
    d = game.cards[c.card]
    wounds = c.wounds if wounds is None else wounds
    lives = game.max_lives(cid) if hasattr(game, "max_lives") else d.lives  # extra lives, where the engine has them
    rows: list[Row] = []
    if lives is not None and d.lives is not None:  # a terrain or an artifact has no lives to show
        rows.append(("lives", f"{lives - wounds}/{lives}", WOUNDED if wounds else INK))
    if d.type == "creature" and not d.symbiote and not d.flyer or d.movement:  # a flyer flies: no steps
        rows.append(("moves", movement_numbers(game, cid), INK))
    if d.strike_text:
        rows.append(("strike", d.strike_text, GOLD))
    return rows


def _size(size: int | tuple[int, int]) -> tuple[int, int]:
    return (size, size) if isinstance(size, int) else (int(size[0]), int(size[1]))


def face_layout(game, cid: int, size: int | tuple[int, int], tr, tag: str = "", wounds: int | None = None) -> FaceLayout:
    """Where a creature's name and numbers go on its face (ui/classic/cardface.py)."""
    return cardface.face_layout(_size(size), card_name(game, cid, tr), board_rows(game, cid, wounds), tag)


def card_face(game, cid: int, size: int | tuple[int, int], tr, tag: str = "", tapped: bool | None = None,
              wounds: int | None = None) -> pygame.Surface:
    """A creature's card as it is now: its picture in a frame of the owner's colour, element stripe, name,
    lives left, movement and strike (:func:`board_rows`); ``tag`` (a face-down card its owner sees) on a band
    of its own between the name and the numbers; turned a quarter when tapped, its words upright; ``wounds``
    as in :func:`board_rows`."""
    c = game.creatures[cid]
    if tapped is None:
        tapped = bool(getattr(c, "tapped", False))
    return draw_face(game.cards[c.card], _size(size), c.owner, card_name(game, cid, tr), board_rows(game, cid, wounds),
                     tag, tapped)


def card_back(size: int | tuple[int, int], owner: int, tapped: bool = False) -> pygame.Surface:
    """A face-down card as its opponent sees it: classic's back (leather, crossed axes) ringed in the
    owner's colour (ui/classic/faces.py), turned a quarter when tapped."""
    if not tapped:
        return back_image(_size(size), SIDE[owner])
    return draw_face(None, _size(size), owner, "", [], tapped=True, back=True)


def draw_die(surface: pygame.Surface, rect: pygame.Rect, value: int) -> None:
    pygame.draw.rect(surface, (240, 236, 226), rect, border_radius=max(3, rect.w // 6))
    pygame.draw.rect(surface, (60, 60, 66), rect, 2, border_radius=max(3, rect.w // 6))
    for fx, fy in PIPS.get(value, []):
        pygame.draw.circle(surface, (30, 30, 36), (rect.x + int(rect.w * fx), rect.y + int(rect.h * fy)),
                           max(2, rect.w // 11))


class BoardView:
    """Draws a classic game at one window size."""

    def __init__(self, size: tuple[int, int], tr) -> None:
        self.tr = tr
        self.resize(size)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = tuple(size)
        self.L = Layout(self.size)
        self.faces: dict[tuple, pygame.Surface] = {}  # drawn card faces by card, size and state

    # ------------------------------------------------------------------ the board
    def draw(self, surface: pygame.Surface, game, look: Look, panel: bool = True) -> None:
        L, tr = self.L, self.tr
        if look.curtain is not None:
            self.draw_curtain(surface, look)
            return
        self.draw_grid(surface, game, look)
        if getattr(game, "cell_marks", None):
            draw_marks(surface, L, game, look.viewer, tr, SIDE, INK)
        self.draw_cards(surface, game, look)
        if look.arrow is not None:
            self.draw_arrow(surface, game, look)
        self.draw_prompt(surface, look)
        if panel:
            self.draw_panel(surface, look)
        for b in look.buttons:
            b.draw(surface, look.mouse, focused=look.done and b.value == ("end",))
        if look.dragging is not None and look.dragging in game.creatures:
            img = card_face(game, look.dragging, L.card_rect((0, 0), look.viewer).size, tr, tapped=False)
            img.set_alpha(225)
            surface.blit(img, img.get_rect(center=look.mouse))

    def ground(self, size: tuple[int, int]) -> pygame.Surface:
        """The textured ground and the battlefield's stone cells, lighter on the viewer's own half (always the
        bottom one), made once per window size (ui/textures.py): a frame blits it whole."""
        key = ("__ground__", tuple(size))
        img = self.faces.get(key)
        if img is None:
            L = self.L
            img = field_backdrop(*size).copy()
            pygame.draw.rect(img, (30, 40, 36), L.board.inflate(L.sc(6), L.sc(6)), border_radius=L.sc(6))
            for zone in (L.extra_top, L.extra_bottom):  # the additional zones: sunk leather
                img.blit(zone_tile(zone.w, zone.h, L.sc(6)), zone)
            for sr in range(ROWS):
                for sc in range(COLS):
                    cell = pygame.Rect(L.board.x + sc * L.cell_w, L.board.y + sr * L.cell_h, L.cell_w,
                                       L.cell_h).inflate(-2, -2)
                    img.blit(cell_tiles(cell.w, cell.h, sr >= ROWS // 2)[(sr * 7 + sc * 3) % 4], cell)
            self.faces[key] = img
        return img

    def draw_grid(self, surface: pygame.Surface, game, look: Look) -> None:
        L = self.L
        surface.blit(self.ground(surface.get_size()), (0, 0))
        for r in range(ROWS):
            for c in range(COLS):
                rect = L.cell_rect((r, c), look.viewer)
                cost = look.moves.get((r, c))
                if cost is not None:
                    lit = pygame.Surface(rect.inflate(-4, -4).size, pygame.SRCALPHA)
                    lit.fill((*MOVE_LIT, 110))
                    surface.blit(lit, rect.inflate(-4, -4))
                    pygame.draw.rect(surface, MOVE_LIT, rect.inflate(-4, -4), max(2, L.sc(3)), border_radius=L.sc(4))
                    if cost != "":
                        t = TEXT.get(str(cost), L.sc(18), INK, True)
                        surface.blit(t, t.get_rect(center=rect.center))
        # the edges' names: rows 1–6 up the left side, columns A–E along the bottom
        for r in range(ROWS):
            rect = L.cell_rect((r, 0), look.viewer)
            t = TEXT.get(str(r + 1), L.sc(14), MUTED, True)
            surface.blit(t, t.get_rect(midright=(L.board.x - L.sc(6), rect.centery)))
        for c in range(COLS):
            rect = L.cell_rect((0 if look.viewer == 0 else ROWS - 1, c), look.viewer)
            t = TEXT.get(COL_NAMES[c], L.sc(14), MUTED, True)
            surface.blit(t, t.get_rect(midtop=(rect.centerx, L.board.bottom + L.sc(4))))

    def extra_cards(self, game, viewer: int) -> list[tuple[int, pygame.Rect]]:
        """Every card in an additional zone with the square it is drawn in (for drawing and for clicks)."""
        out = []
        for owner in (0, 1):
            ids = sorted(cid for cid, c in game.creatures.items() if c.owner == owner and c.zone == "extra")
            out += list(zip(ids, self.L.extra_slots(self.L.extra_zone(owner, viewer), len(ids)), strict=True))
        return out

    def symbiote_cards(self, game, viewer: int) -> list[tuple[int, pygame.Rect]]:
        """Seated symbiotes (2007 1.5.2г: on their host's cell) as strips at the foot of the cell."""
        out = []
        for sid, host in sorted(getattr(game, "hosts", {}).items()):
            h = game.creatures.get(host)
            if h is None or h.at is None or sid not in game.creatures:
                continue
            out.append((sid, self.L.symbiote_rect(h.at, viewer)))
        return out

    def draw_extra(self, surface: pygame.Surface, game, look: Look) -> None:
        L = self.L
        for owner in (0, 1):
            zone = L.extra_zone(owner, look.viewer)
            pygame.draw.rect(surface, SIDE[owner], zone, L.zone_border(), border_radius=L.sc(6))
            t = fit_text(self.tr("csetup.extra_short"), L.sc(13), zone.w - L.sc(8), MUTED, True, MIN_PX)
            surface.blit(t, t.get_rect(midtop=(zone.centerx, zone.y + L.sc(3))))
        for cid, rect, room in self.extra_rooms(game, look.viewer):
            if cid != look.dragging:
                self.draw_card(surface, game, cid, rect, look, margin=False, room=room)

    def extra_rooms(self, game, viewer: int) -> list[tuple[int, pygame.Rect, pygame.Rect]]:
        """(card, its place, where its markers go) for every card of the additional zones, top to bottom."""
        L, out = self.L, []
        cards = self.extra_cards(game, viewer)
        for i, (cid, rect) in enumerate(cards):
            nxt = cards[i + 1][1] if i + 1 < len(cards) else None
            below = nxt.y if nxt is not None and nxt.x == rect.x and nxt.y < rect.bottom else None
            out.append((cid, rect, L.marker_room(L.extra_zone(game.creatures[cid].owner, viewer), rect, below)))
        return out

    def extra_markers(self, game, viewer: int) -> list[tuple[int, pygame.Rect, list[tuple[pygame.Rect, str, tuple]]]]:
        """(card, its place, its markers as drawn) for every card of the additional zones."""
        return [(cid, rect, self.marker_pills(game.creatures[cid], rect, False, room))
                for cid, rect, room in self.extra_rooms(game, viewer)]

    def draw_markers(self, surface: pygame.Surface, c, rect: pygame.Rect, margin: bool,
                     room: pygame.Rect | None = None, top: int | None = None) -> None:
        """Chips, poison, extra lives, blessing, curse, lost abilities and tokens as small badges down the
        card's left side, under its name (ui/classic/markers.py)."""
        markers.draw(surface, self.L, c, rect, margin, self.tr, room, top)

    def marker_pills(self, c, rect: pygame.Rect, margin: bool,
                     room: pygame.Rect | None = None) -> list[tuple[pygame.Rect, str, tuple]]:
        """Each marker of creature ``c`` drawn at ``rect``: (its pill, its text, the pill's colour)."""
        return markers.pills(self.L, c, rect, margin, self.tr, room)

    def draw_card(self, surface: pygame.Surface, game, cid: int, rect: pygame.Rect, look: Look, margin: bool,
                  room: pygame.Rect | None = None) -> None:
        c = game.creatures[cid]
        pose = look.poses.get(cid)
        turning = pose is not None and pose.turning(c.tapped)
        img, words_top = self.face_of(game, cid, rect.size, look, tapped=False if turning else None)
        if pose is not None:  # lunging, sliding or turning (ui/classic/anim.py)
            img, rect = pose.apply(img, rect, c.tapped)
        surface.blit(img, img.get_rect(center=rect.center))
        self._ring_and_marks(surface, game, cid, rect, look, margin, room, words_top)

    def face_of(self, game, cid: int, size: tuple[int, int], look: Look,
                tapped: bool | None = None) -> tuple[pygame.Surface, int]:
        """A card's face as ``look``'s viewer sees it (its back when face down and not theirs), and how far
        down its name's band reaches (the markers start below it); kept while nothing on it changes."""
        c = game.creatures[cid]
        hidden = cid in getattr(game, "hidden", ())
        back = hidden and (c.owner != look.viewer or look.all_backs)
        turned = c.tapped if tapped is None else tapped
        lives = game.max_lives(cid) if hasattr(game, "max_lives") else 0
        wounds = c.wounds - look.held_wounds.get(cid, 0)  # the lives change as the animation lands the blow
        key = (cid, c.card, tuple(size), back, hidden, turned, wounds, movement_numbers(game, cid), lives,
               self.tr.lang)
        hit = self.faces.get(key)
        if hit is None:
            if back:  # the opponent's face-down card: only its back
                hit = (card_back(size, c.owner, turned), 0)
            else:  # one's own face-down card: its face, marked as unseen by the opponent
                tag = self.tr("csetup.hidden") if hidden else ""
                hit = (card_face(game, cid, size, self.tr, tag, turned, wounds),
                       face_layout(game, cid, size, self.tr, tag, wounds).name_bottom)
            if len(self.faces) > 600:  # faces of states long gone: start again (the ground stays)
                self.faces = {k: v for k, v in self.faces.items() if k[0] == "__ground__"}
            self.faces[key] = hit
        return hit

    def _ring_and_marks(self, surface: pygame.Surface, game, cid: int, rect: pygame.Rect, look: Look,
                        margin: bool, room: pygame.Rect | None = None, words_top: int = 0) -> None:
        L = self.L
        c = game.creatures[cid]
        ring = None
        if cid in look.strikes:
            ring = OWN_LIT if c.owner == look.viewer and look.own_lit else STRIKE_LIT
        elif cid in look.defenders:
            ring = DEFEND_LIT
        elif cid == look.selected:
            ring = GOLD
        elif cid in look.ready:
            ring = READY_LIT
        if ring is not None:  # in the cell's margin round the face, covering none of it
            width = max(2, L.sc(3))
            pygame.draw.rect(surface, ring, rect.inflate(2 * width, 2 * width), width, border_radius=L.sc(8))
        self.draw_markers(surface, c, rect, margin, room, rect.y + words_top)

    def draw_cards(self, surface: pygame.Surface, game, look: Look) -> None:
        L = self.L
        hosting = set(getattr(game, "hosts", {}).values())
        for cid, c in sorted(game.creatures.items(), key=lambda kv: (kv[0] in look.poses, kv[0])):  # moving ones on top
            if c.at is None or cid == look.dragging:
                continue
            rect = L.host_rect(c.at, look.viewer) if cid in hosting else L.card_rect(c.at, look.viewer)
            self.draw_card(surface, game, cid, rect, look, margin=False)
        for sid, rect in self.symbiote_cards(game, look.viewer):
            if sid != look.dragging:
                self.draw_card(surface, game, sid, rect, look, margin=False)
        self.draw_extra(surface, game, look)

    def rect_of(self, game, cid: int, viewer: int) -> pygame.Rect | None:
        """Where a card in play is drawn: its cell's card square, its place in an additional zone, or its
        small card on a host."""
        c = game.creatures.get(cid)
        if c is None:
            return None
        if c.at is not None:
            if cid in getattr(game, "hosts", {}).values():
                return self.L.host_rect(c.at, viewer)
            return self.L.card_rect(c.at, viewer)
        return next((r for i, r in self.symbiote_cards(game, viewer) + self.extra_cards(game, viewer) if i == cid), None)

    def draw_arrow(self, surface: pygame.Surface, game, look: Look) -> None:
        ra, rt = (self.rect_of(game, x, look.viewer) for x in look.arrow)
        if ra is None or rt is None:
            return
        start = pygame.Vector2(ra.center)
        end = pygame.Vector2(rt.center)
        if start == end:
            return
        d = (end - start).normalize()
        gap = self.L.sc(2)  # from the attacker's edge to the target's: the cards' name stripes stay clear
        start = start + d * (_to_edge(ra, d) + gap)
        end = end - d * (_to_edge(rt, d) + gap)
        shortest = self.L.sc(18 + 8)  # the head and a bit of shaft
        if (end - start).dot(d) < shortest:  # cards a narrow gap apart: the shaft starts on the attacker
            start = end - d * shortest
        tip = end - d * self.L.sc(18)
        pygame.draw.line(surface, STRIKE_LIT, start, tip, max(3, self.L.sc(5)))
        n = pygame.Vector2(-d.y, d.x) * self.L.sc(12)
        pygame.draw.polygon(surface, STRIKE_LIT, [end, tip + n, tip - n])

    # ------------------------------------------------------------------ words
    def draw_prompt(self, surface: pygame.Surface, look: Look) -> None:
        L = self.L
        pygame.draw.rect(surface, (30, 26, 20), L.prompt, border_radius=L.sc(8))
        pygame.draw.rect(surface, (120, 96, 52), L.prompt, 2, border_radius=L.sc(8))
        right = min((b.rect.x for b in look.buttons if L.prompt.contains(b.rect)), default=L.prompt.right)
        width = right - L.prompt.x - L.sc(24)
        text = look.toast or look.prompt
        colour = (OK if look.toast_ok else REFUSAL) if look.toast else GOLD
        lines = TEXT.wrap(text, L.sc(17), width, True)
        if len(lines) > 2:
            lines = TEXT.wrap(text, L.sc(14), width, True)
        lines = lines[:2]
        size = L.sc(17) if len(TEXT.wrap(text, L.sc(17), width, True)) <= 2 else L.sc(14)
        y = L.prompt.centery - len(lines) * TEXT.get("Ag", size, colour, True).get_height() // 2
        for line in lines:
            t = fit_text(line, size, width, colour, True, MIN_PX)
            surface.blit(t, (L.prompt.x + L.sc(12), y))
            y += t.get_height()

    def draw_panel(self, surface: pygame.Surface, look: Look) -> None:
        L = self.L
        y = L.status.y
        for i, line in enumerate(look.status):
            width = L.clock.x - L.sc(8) - L.status.x if i == 0 and look.timed else L.status.w  # the clock beside it
            t = fit_text(line, L.sc(18) if i == 0 else L.sc(15), width, GOLD if i == 0 else INK, i == 0, MIN_PX)
            surface.blit(t, (L.status.x, y))
            y += t.get_height() + L.sc(2)
        self.draw_dice(surface, look)
        pygame.draw.rect(surface, (30, 32, 38), L.log, border_radius=L.sc(8))
        size = L.sc(14)
        lh = TEXT.get("Ag", size, INK).get_height()
        rows: list[str] = []
        for line in look.log:
            rows.extend(TEXT.wrap(line, size, L.log.w - L.sc(16)))
        fit = max(1, (L.log.h - L.sc(12)) // lh)
        y = L.log.y + L.sc(6)
        shown = rows[-fit:]
        for i, line in enumerate(shown):
            t = TEXT.get(line, size, INK if i == len(shown) - 1 else MUTED)
            surface.blit(t, (L.log.x + L.sc(8), y))
            y += lh

    def draw_dice(self, surface: pygame.Surface, look: Look) -> None:
        L = self.L
        box = L.dice
        pygame.draw.rect(surface, (34, 30, 24), box, border_radius=L.sc(8))
        if look.stack:  # while the stack holds anything it takes the dice's place
            pygame.draw.rect(surface, (70, 56, 30), box, max(2, L.sc(2)), border_radius=L.sc(8))
            title = TEXT.get(self.tr("csetup.stack"), L.sc(15), GOLD, True)
            surface.blit(title, (box.x + L.sc(10), box.y + L.sc(6)))
            y = box.y + L.sc(8) + title.get_height()
            for i, line in enumerate(look.stack):
                t = fit_text(line, L.sc(14), box.w - L.sc(20), INK if i == 0 else MUTED, i == 0, MIN_PX)
                if y + t.get_height() > box.bottom - L.sc(4):
                    break
                surface.blit(t, (box.x + L.sc(10), y))
                y += t.get_height()
            return
        title = TEXT.get(self.tr("classic.dice"), L.sc(15), MUTED, True)
        surface.blit(title, (box.x + L.sc(10), box.y + L.sc(6)))
        if not look.dice:
            t = TEXT.get(self.tr("classic.dice_none"), L.sc(14), MUTED)
            surface.blit(t, t.get_rect(center=box.center))
            return
        side = L.sc(52)
        x = box.x + L.sc(12)
        y = box.y + L.sc(30)
        for who, value, words, named in look.dice[:2]:  # each die: who rolled it, its sum, its modifiers named
            draw_die(surface, pygame.Rect(x, y, side, side), value)
            room = box.w // 2 - side - L.sc(24)
            lines = [fit_text(who, L.sc(13), room, INK, False, MIN_PX), fit_text(words, L.sc(14), room, GOLD, True, MIN_PX)]
            if named:
                lines.append(fit_text(named, L.sc(12), room, MUTED, False, MIN_PX))
            ty = y + side // 2 - sum(t.get_height() for t in lines) // 2
            for t in lines:
                surface.blit(t, (x + side + L.sc(6), ty))
                ty += t.get_height()
            x += box.w // 2
        row = fit_text(look.dice_row, L.sc(15), box.w - L.sc(20), GOLD, True, MIN_PX)
        surface.blit(row, (box.x + L.sc(10), box.bottom - row.get_height() - L.sc(8)))

    def draw_curtain(self, surface: pygame.Surface, look: Look) -> None:
        L, tr = self.L, self.tr
        surface.fill((14, 12, 18))
        title = fit_text(tr("curtain.title", name=look.curtain), L.sc(44), L.w - L.sc(80), GOLD, True, MIN_PX)
        surface.blit(title, title.get_rect(center=(L.w // 2, L.h // 2 - L.sc(60))))
        sub = TEXT.get(tr("curtain.click"), L.sc(20), INK)
        surface.blit(sub, sub.get_rect(center=(L.w // 2, L.h // 2)))
        y = L.h // 2 + L.sc(50)
        if look.curtain_lines:
            head = TEXT.get(tr("curtain.since"), L.sc(16), MUTED, True)
            surface.blit(head, head.get_rect(midtop=(L.w // 2, y)))
            y += head.get_height() + L.sc(6)
        for line in look.curtain_lines[-8:]:
            t = fit_text(line, L.sc(16), L.w - L.sc(100), MUTED, False, MIN_PX)
            surface.blit(t, t.get_rect(midtop=(L.w // 2, y)))
            y += t.get_height()


def _to_edge(r: pygame.Rect, d: pygame.Vector2) -> float:
    """How far from the centre of ``r`` a ray in the unit direction ``d`` leaves it."""
    return min(r.w / 2 / abs(d.x) if d.x else float("inf"), r.h / 2 / abs(d.y) if d.y else float("inf"))
