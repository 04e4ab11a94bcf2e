"""The classic card looked at closely: resting the pointer on a card the player may see opens its full text
beside it — type, numbers, each ability with its reminder, and its state now — as «Герои»'s zoom does. On
the graveyards sheet a dead card's zoom is its printed self and what still counts where it lies, its markers
in words. Drawing never changes the game or the scene."""

from __future__ import annotations

import pygame

from engine.classic.text import card_text
from ui.classic import markers, piles
from ui.classic.setup_play import SETUP_KINDS
from ui.fonts import MIN_PX, TEXT, ellipsis, fit_text

HOVER_ZOOM = 0.5  # seconds the pointer rests on a card before its text opens
REST = 4  # pixels the pointer may wander and still be resting
INK = (235, 235, 240)
MUTED = (170, 176, 188)
GOLD = (240, 200, 110)


class Hover:
    """Counts the pointer's rest on one card; ``card`` is the one zoomed, or None (``blocks``: its text)."""

    def __init__(self) -> None:
        self.at: tuple[int, int] | None = None
        self.over: int | None = None
        self.t = 0.0
        self.card: int | None = None
        self.key: tuple | None = None
        self.blocks: list[tuple[str, str]] = []

    def moved(self, pos, over: int | None) -> None:
        """The pointer moved to ``pos`` over card ``over``: a move beyond REST pixels starts the rest over."""
        if self.at is None or abs(pos[0] - self.at[0]) + abs(pos[1] - self.at[1]) > REST or over != self.over:
            self.at, self.over, self.t = tuple(pos), over, 0.0
            if over != self.card:
                self.card = None

    def tick(self, dt: float, allowed: bool) -> bool:
        """Count the rest; True when the zoomed card changed (the scene redraws it)."""
        before = self.card
        if not allowed:
            self.t, self.card = 0.0, None
        elif self.over is not None and self.card is None:
            self.t += dt
            if self.t >= HOVER_ZOOM:
                self.card = self.over
        return self.card != before

    def close(self) -> None:
        self.t, self.card = 0.0, None

    def pressed(self) -> None:
        """A button went down or up: nothing opens until the pointer moves and rests again (a card just
        dropped or clicked is not one being looked at)."""
        self.at, self.over, self.t, self.card = None, None, 0.0, None


def allowed(scene) -> bool:
    """Resting the pointer zooms only while the player is not busy: no drag, press, ability being aimed,
    menu, question or curtain; in the battle, over the deal while building a squad, and over the graveyards
    sheet (the cards on it, not the board under it)."""
    kind = getattr(scene.game.pending, "kind", None)
    idle = (scene.curtain_for is None and scene.press is None and not scene.menu_open and scene.undo_ask is None)
    if kind == "recruit":
        return idle and scene.setup.press is None
    if scene.browsing:
        return idle
    return idle and scene.dragging is None and scene.using is None and scene.way is None and kind not in SETUP_KINDS


def draw_for(scene, surface: pygame.Surface) -> None:
    """The zoomed card of ``scene`` beside it, if the pointer rests on one the viewer may read: a card in
    play (``card`` its id), a card of the deal (``("deal", instance id)``) or a dead or exiled card on the
    graveyards sheet (``("grave", its id)``)."""
    key, g, v = scene.hover.card, scene.game, scene.look.viewer
    if key is None or not allowed(scene) or scene.browsing != (isinstance(key, tuple) and key[0] == "grave"):
        return
    if scene.browsing:
        anchor = next((r for p in piles.piles(g, v, scene.view.L, scene.tr, scene.pile_pages)
                       for cid, r in p.cards if cid == key[1]), None)
        if anchor is None:  # its page was turned
            return
        lines, cid = grave_lines, key[1]
    elif isinstance(key, tuple):  # a card of the deal on the recruit screen
        anchor = scene.setup.deal_rect(key[1])
        if getattr(g.pending, "kind", None) != "recruit" or anchor is None:
            return
        lines, cid = deal_lines, key[1]
    else:
        if not may_see(g, key, v, scene.look.all_backs) or (anchor := scene.view.rect_of(g, key, v)) is None:
            return
        lines, cid = zoom_lines, key
    h = scene.hover
    stamp = (key, scene.session.seq, scene.tr.lang)
    if stamp != h.key:
        h.key, h.blocks = stamp, lines(g, cid, scene.tr)
    draw_zoom(surface, scene.view.L, anchor, h.blocks)


def deal_lines(game, iid: int, tr) -> list[tuple[str, str]]:
    """A card of the deal: its name and type, numbers, and each ability with its reminder."""
    lines = card_text(game.card_at(iid), tr.lang, reminders=True, cards=game.cards)
    return [(lines[0], lines[1]), ("", lines[2])] + [("", line) for line in lines[3:]]


def grave_lines(game, cid: int, tr) -> list[tuple[str, str]]:
    """A card on the graveyards sheet: its printed self (name and type, numbers, each ability with its
    reminder), then what counts where it lies — each of its markers (ui/classic/markers.py) in words, or that
    exile is for good. The wounds, poison and chips it had in play count no more and are not told."""
    c = game.creatures[cid]
    lines = card_text(game.cards[c.card], tr.lang, reminders=True, cards=game.cards)
    out = [(lines[0], lines[1]), ("", lines[2])] + [("", line) for line in lines[3:]]
    if c.zone == "exile":
        return out + [(tr("czoom.exiled"), tr("czoom.exiled_text"))]
    for i, (text, _, key, numbers) in enumerate(markers.grave_notes(game, cid)):
        out.append((tr("czoom.grave") if i == 0 else "", f"{text} — {tr(key, **numbers)}"))
    return out


def may_see(game, cid: int, viewer: int, all_backs: bool = False) -> bool:
    """A card's face is the viewer's to read: face up, or their own face-down card (not while every
    face-down card is shown as its back: a save's picture, the demo)."""
    c = game.creatures.get(cid)
    return c is not None and (cid not in getattr(game, "hidden", ()) or c.owner == viewer and not all_backs)


def zoom_lines(game, cid: int, tr) -> list[tuple[str, str]]:
    """(heading, text) blocks: the card's name and type, its numbers, each ability with its reminder, its state."""
    c = game.creatures[cid]
    card = game.cards[c.card]
    lines = card_text(card, tr.lang, reminders=True, cards=game.cards)
    out = [(lines[0], lines[1]), ("", lines[2])]
    out += [("", line) for line in lines[3:]]
    state = []
    lives = game.max_lives(cid) if hasattr(game, "max_lives") else card.lives
    if lives is not None and card.lives is not None:
        state.append(tr("zoom.lives", n=lives - c.wounds, max=lives))
    if c.wounds:
        state.append(tr("zoom.wounds", n=c.wounds))
    if c.poison:
        state.append(tr("zoom.poison", n=c.poison))
    if c.tapped:
        state.append(tr("zoom.tapped"))
    if cid in getattr(game, "hidden", ()):
        state.append(tr("zoom.hidden"))
    if c.chips:
        state.append(tr("czoom.chips", n=c.chips))
    if c.extra_lives:
        state.append(tr("czoom.extra_lives", n=c.extra_lives))
    if c.blessed:
        state.append(tr("czoom.blessed"))
    if c.cursed:
        state.append(tr("czoom.cursed"))
    if c.lost:
        state.append(tr("czoom.lost"))
    if c.tokens:
        state.append(tr("czoom.tokens", n=c.tokens))
    if c.retreating:
        state.append(tr("czoom.retreating"))
    if state:
        out.append((tr("zoom.state"), "; ".join(state) + "."))
    return out


def draw_zoom(surface: pygame.Surface, L, anchor: pygame.Rect, blocks: list[tuple[str, str]]) -> pygame.Rect:
    """The text beside ``anchor`` (right of it if it fits, else left), kept inside the window; its rect."""
    w = L.sc(360)
    pad = L.sc(12)
    body, head = L.sc(15), L.sc(17)
    rows: list[tuple[str, int, tuple, bool]] = []
    for i, (title, text) in enumerate(blocks):
        if i == 0:
            rows.append((title, head, GOLD, True))
            rows += [(part, body, MUTED, False) for part in TEXT.wrap(text, body, w - 2 * pad)]
            continue
        if title:
            rows.append((title, body, GOLD, True))
        rows += [(part, body, INK, False) for part in TEXT.wrap(text, body, w - 2 * pad)]
    lh = {size: TEXT.get("Ag", size, INK, bold).get_height() for _, size, _, bold in rows}
    h = 2 * pad + sum(lh[size] for _, size, _, _ in rows)
    h = min(h, L.h - 2 * L.sc(8))
    box = pygame.Rect(0, 0, w, h)
    box.left = anchor.right + L.sc(10)
    if box.right > L.w - L.sc(8):
        box.right = anchor.left - L.sc(10)
    box.top = anchor.top
    box.clamp_ip(pygame.Rect(L.sc(8), L.sc(8), L.w - 2 * L.sc(8), L.h - 2 * L.sc(8)))
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    shade.fill((18, 20, 26, 242))
    surface.blit(shade, box)
    pygame.draw.rect(surface, GOLD, box, max(1, L.sc(2)), border_radius=L.sc(8))
    y = box.y + pad
    for text, size, colour, bold in shown_rows(rows, lh, box.h - pad - pad // 2, w - 2 * pad):
        t = fit_text(text, size, w - 2 * pad, colour, bold, MIN_PX)
        surface.blit(t, (box.x + pad, y))
        y += lh[size]
    return box


def shown_rows(rows: list[tuple[str, int, tuple, bool]], lh: dict, height: int, width: int) -> list:
    """The zoom's rows that ``height`` pixels hold; when the window's height cuts the text, the last row
    shown ends with «…»."""
    out, y = [], 0
    for n, (text, size, colour, bold) in enumerate(rows):
        if y + lh[size] > height:
            break
        if n + 1 < len(rows) and y + lh[size] + lh[rows[n + 1][1]] > height:
            out.append((ellipsis(text, size, width, bold), size, colour, bold))
            break
        out.append((text, size, colour, bold))
        y += lh[size]
    return out
