"""Drawing the table: heroes, rows of cards, markers, piles, coins, hands and the dice.

The view keeps sprites (where cards are drawn now) and caches; :meth:`TableView.draw` reads the
game and the interface state and never changes either.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from ui.fonts import TEXT
from ui.heroes.cards import CardArt
from ui.heroes.table.anim import Animator, Floater
from ui.heroes.table.intents import TABLE, Key
from ui.heroes.table.layout import Place, TableLayout, rotated_rect
from ui.heroes.table.marks import Marks, Token, card_marks, token_size
from ui.heroes.table.state import TableUI
from ui.i18n import Tr
from ui.motion import draw_banner, draw_fly, draw_ghost, draw_word, held_wounds, lunge_offset
from ui.textures import inset, textured, to_surface, vignette

FELT = (30, 52, 44)
FELT_DARK = (22, 38, 33)
PANEL = (24, 26, 32)
LIT = (255, 214, 90)
SELECT = (120, 200, 255)
READY = (110, 230, 120)  # a hand card that can be played now, a creature that can attack now
BOARD = ("play", "hero", "attached")
MARKERS = {
    "wound": (196, 40, 36),
    "poison": (70, 160, 60),
    "stun": (140, 80, 200),
    "life": (50, 110, 200),
    "effect": (200, 160, 50),
    "prayer": (70, 120, 220),
}


class TableView:
    """Everything on the table except the prompt, side panel and overlays (see overlays.py)."""

    def __init__(self, size: tuple[int, int], art: CardArt, tr: Tr, speed: float = 1.0) -> None:
        self.art = art
        self.tr = tr
        self.anim = Animator(speed)
        self.resize(size)
        self._coin: dict[tuple, pygame.Surface] = {}

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self._layer: pygame.Surface | None = None
        self._layer_key: tuple | None = None
        self.held: dict[int, int] = {}  # wounds per card the animation has not landed yet (ui/motion.py)
        self.L = TableLayout.compute(*size)
        self.bg = self._background()
        self.anim.sprites.clear()

    # ------------------------------------------------------------------ layout of cards
    def side_of(self, p: int, viewer: int) -> str:
        return "bottom" if p == viewer else "top"

    def sync(self, game, ui: TableUI) -> None:
        """Point every sprite at where its card belongs now."""
        L = self.L
        places: list[Place] = []
        spawn: dict[int, tuple[float, float]] = {}
        leave: dict[int, tuple[float, float]] = {}
        for p, pl in enumerate(game.players):
            side = self.side_of(p, ui.viewer)
            sr = L.sides[side]
            hero = game.cards[pl.hero]
            places.append(Place(pl.hero, sr.hero.center, sr.hero.size, -90.0 if hero.tapped else 0.0, zone="hero"))
            tapped = {cid: game.cards[cid].tapped for cid in pl.play}
            attached = {cid: list(game.cards[cid].attached) for cid in pl.play if game.cards[cid].attached}
            for pc in L.play_row(side, list(pl.play), tapped, attached):
                c = game.cards[pc.cid]
                if pc.zone == "play":
                    pc.face_up = not c.hidden or p in ui.show_hands or p == ui.viewer
                places.append(pc)
            face = p in ui.show_hands
            if side == "bottom":
                places += L.hand_fan(list(pl.hand), face, ui.hover_hand)
            else:
                places += L.top_hand_row(list(pl.hand), face, ui.timed)
            for cid in pl.hand:
                spawn[cid] = sr.deck.center
            for cid in pl.play:
                spawn[cid] = (L.table.centerx, L.h if side == "bottom" else 0)
            ghosts = self.ghosts()
            for cid in pl.grave[-6:]:
                if cid not in ghosts:
                    leave[cid] = sr.grave.center
            for cid in pl.deck[:6]:
                leave[cid] = sr.deck.center
        self.anim.set_places(places, spawn, leave)

    def events(self, game, events: list, ui: TableUI) -> None:
        """Effects for what just happened: the attacker's lunge, wounds flying to the card, a dead card
        fading to its graveyard, the turn's banner, numbers over cards, attack lines; and their sounds."""
        sp = self.anim.sprites
        m = self.anim.motion
        strikes = [ev for ev in events if ev.kind == "strike"]
        hit_at = 0.18 if strikes else 0.0  # wounds and deaths follow the blows
        for ev in strikes:
            a, b = sp.get(ev.attacker), sp.get(ev.target)
            if a and b:
                m.add("lunge", 0.5, card=ev.attacker, to=(b.x, b.y))
        if strikes:
            hurt = max((ev.amount for ev in events if ev.kind == "wound"), default=0)
            m.add("cue", 0.05, at=hit_at, sound="strike_heavy" if hurt >= 3 else "strike_light")
        dead_at = hit_at + 0.55
        lands = hit_at + 0.8 * 0.65  # when a flying wound reaches its card (ui/motion.py draw_fly)
        first = next((i for i, ev in enumerate(events) if ev.kind in ("strike", "wound", "prevented")), len(events))
        for i, ev in enumerate(events):
            if i >= first and ev.kind not in ("turn", "end_turn"):  # its line in the log waits for the blow
                m.hold(lands, ("event", ev))
        for ev in events:
            t = ev.kind
            cid = getattr(ev, "card", None)
            at = (sp[cid].x, sp[cid].y) if cid in sp else None
            if t == "wound" and at:
                src = sp.get(ev.source) if ev.source is not None and ev.source != cid else None
                start = (src.x, src.y) if src is not None else (at[0], at[1] - self.L.card[1])
                m.add("fly", 0.8, at=hit_at, text=f"-{ev.amount}", colour=(255, 90, 80), src=start, dst=at)
                m.hold(lands, ("wounds", cid, ev.amount))  # the lives change as the number lands
            elif t == "heal" and at:
                self.anim.add(Floater("text", f"+{ev.amount}", (120, 240, 120), at))
            elif t == "prevented" and at:  # what absorbed the blow, said over the card
                word = f"motion.word_{ev.why}"
                m.add("word", 1.3, at=hit_at, card=cid,
                      text=self.tr(word) if self.tr.has(word) else self.tr("marker.prevented"))
            elif t == "poison" and at:
                self.anim.add(Floater("text", self.tr("marker.poison_n", n=ev.amount), (140, 230, 100), at))
            elif t == "stun" and at:
                self.anim.add(Floater("text", self.tr("marker.stun"), (210, 160, 255), at))
            elif t == "death":
                c = game.cards.get(cid)
                if at and c is not None:
                    size = sp[cid].place.size
                    face = self.art.face(game.cdef(cid), size)
                    img = self.art.rotated(face, sp[cid].angle) if abs(sp[cid].angle) > 0.5 else face
                    grave = self.L.sides[self.side_of(c.owner, ui.viewer)].grave.center
                    # held still until the blows land, then fading on its way to the graveyard
                    m.add("ghost", dead_at + 0.7, hold=True, card=cid, image=img.copy(), src=at, dst=grave,
                          fade_from=dead_at / (dead_at + 0.7))
                m.add("cue", 0.05, at=dead_at, sound="death")
            elif t == "attack":
                a, b = sp.get(ev.attacker), sp.get(ev.target)
                if a and b:
                    self.anim.add(Floater("arrow", pos=(a.x, a.y), end=(b.x, b.y), colour=(255, 80, 60), life=1.0))
            elif t == "turn":
                name = game.players[ev.player].name if 0 <= ev.player < len(game.players) else ""
                m.add("banner", 1.3, sound="turn", text=self.tr("motion.turn", n=ev.turn, name=name))
            elif t == "play":
                m.add("cue", 0.05, sound="card")
            elif t == "tap" and strikes:
                m.add("still", hit_at + 0.35, card=cid)  # an attacker taps after its lunge, not during it
            elif t == "die":
                m.add("cue", 0.05, sound="dice")

    def ghosts(self) -> set[int]:
        """Cards whose ghost is on its way to the graveyard (their sprite is not slid there as well)."""
        return {e.data["card"] for e in self.anim.motion.effects if e.kind == "ghost"}

    # ------------------------------------------------------------------ hit tests
    def card_rect(self, cid: int) -> pygame.Rect | None:
        sp = self.anim.sprites.get(cid)
        if sp is None or sp.leaving:
            return None
        return rotated_rect(Place(cid, (sp.x, sp.y), sp.place.size, sp.angle))

    def hit(self, pos: tuple[int, int], game, ui: TableUI, exclude: int | None = None) -> Key | None:
        """The card, pile, coins or zone under the pointer (topmost first)."""
        order = sorted((sp for sp in self.anim.sprites.values() if not sp.leaving and sp.place.cid != exclude),
                       key=lambda sp: sp.place.z, reverse=True)
        for sp in order:
            r = rotated_rect(Place(sp.place.cid, (sp.x, sp.y), sp.place.size, sp.angle))
            if sp.place.zone == "hand" and not sp.place.face_up and self.L.top_hand.collidepoint(sp.place.center):
                continue  # the other player's closed hand: not a target
            if r.collidepoint(pos):
                return ("card", sp.place.cid)
        for p in range(len(game.players)):
            sr = self.L.sides[self.side_of(p, ui.viewer)]
            if sr.grave.collidepoint(pos):
                return ("grave", p)
            if sr.deck.collidepoint(pos):
                return ("deck", p)
            if sr.coins.collidepoint(pos):
                return ("coins", p)
        if self.L.sides["bottom"].play.collidepoint(pos) or self.L.sides["bottom"].band.collidepoint(pos):
            return TABLE
        return None

    def marks(self, game, cid: int) -> Marks:
        """Live numbers and tokens of a card on the table where they are drawn now (empty for others)."""
        sp = self.anim.sprites.get(cid)
        if sp is None or sp.leaving or sp.place.zone not in ("play", "hero") or cid not in game.cards:
            return Marks()
        return card_marks(game, cid, (sp.x, sp.y), sp.place.size, sp.angle, sp.place.face_up, self.tr,
                          self.held.get(cid, 0))

    def regions(self, game, cid: int) -> list[pygame.Rect]:
        """The parts of a card that no other card may cover: name strip, numbers, markers, the hidden tag."""
        out = self.marks(game, cid).regions()
        tag = self._hidden_tag_rect(game, cid)
        return out + [tag] if tag is not None else out

    def hand_card_at(self, pos: tuple[int, int], game, ui: TableUI) -> int | None:
        hand = set(game.players[ui.viewer].hand)
        best = None
        for sp in self.anim.sprites.values():
            if sp.place.cid in hand and sp.place.zone == "hand" and not sp.leaving:
                r = rotated_rect(Place(sp.place.cid, sp.place.center, sp.place.size, sp.place.angle))
                if r.collidepoint(pos) and (best is None or sp.place.z > best[0]):
                    best = (sp.place.z, sp.place.cid)
        return best[1] if best else None

    # ------------------------------------------------------------------ drawing
    def _background(self) -> pygame.Surface:
        """The table's cloth, the sunk zones (rows, piles, coins) and the side panel, generated for this
        window size (ui/textures.py: felt, grain and a vignette)."""
        L = self.L
        img = vignette(textured(L.w, L.h, FELT, 2, 60), 0.5)
        for side in ("top", "bottom"):
            sr = L.sides[side]
            zones = [(sr.play.inflate(L.sc(8), L.sc(6)), L.sc(10)), (sr.coins.inflate(L.sc(4), L.sc(4)), L.sc(6))]
            zones += [(r.inflate(L.sc(6), L.sc(6)), L.sc(6)) for r in (sr.deck, sr.grave)]
            for rect, radius in zones:
                inset(img, (rect.x, rect.y, rect.right, rect.bottom), radius, FELT_DARK)
        panel = L.panel
        img.paste(textured(panel.w, panel.h, PANEL, 4, 22), (panel.x, panel.y))
        bg = to_surface(img)
        pygame.draw.line(bg, (60, 64, 74), L.panel.topleft, L.panel.bottomleft, max(1, L.sc(2)))
        return bg

    def draw(self, surface: pygame.Surface, game, ui: TableUI, static=()) -> None:
        """The board layer (cached while nothing on it changes), then what moves: hands, animations."""
        dragged = ui.drag[1] if ui.drag and ui.drag[0] == "card" else None
        sprites = self.anim.sprites
        lunges = self._lunges()
        settled = frozenset(cid for cid, sp in sprites.items()
                            if sp.place.zone in BOARD and not sp.leaving and sp.settled and cid != dragged
                            and cid not in lunges)
        self.held = held_wounds(self.anim.motion)  # wounds not landed yet: the lives still show them undone
        key = (ui.version, ui.drag, ui.focus, ui.log_scroll, tuple(ui.toggled), ui.selected, settled, self.size,
               id(game), tuple(sorted(self.held.items())))
        if key != self._layer_key or self._layer is None:
            self._build_layer(game, ui, settled, static)
            self._layer_key = key
        surface.blit(self._layer, (0, 0))
        lit_cards = {k[1] for k in ui.lit if k[0] == "card"}
        for sp in sorted(sprites.values(), key=lambda sp: sp.place.z):
            cid = sp.place.cid
            if cid in settled or cid not in game.cards or (cid == dragged and sp.place.zone == "hand"):
                continue
            if cid in lunges:
                dx, dy = lunges[cid]
                sp = replace(sp, x=sp.x + dx, y=sp.y + dy)
            self._draw_card(surface, game, sp, ui, cid in lit_cards)
        for f in self.anim.floaters:
            self._draw_floater(surface, f)
        self._draw_motion(surface)
        if dragged is not None and dragged in game.cards:
            sp = sprites.get(dragged)
            size = sp.place.size if sp is not None else self.L.card
            img = self.art.face(game.cdef(dragged), size)
            x, y = ui.drag_pos
            surface.blit(img, (x - ui.drag_off[0], y - ui.drag_off[1]))
        elif ui.drag and ui.drag[0] == "coins":
            self._coin_token(surface, ui.drag_pos, False, False)

    def _lunges(self) -> dict[int, tuple[int, int]]:
        out = {}
        reach = self.L.card[1] * 0.6
        for e, p in self.anim.motion.running("lunge"):
            sp = self.anim.sprites.get(e.data["card"])
            if sp is not None:
                out[e.data["card"]] = lunge_offset((sp.x, sp.y), e.data["to"], p, reach)
        return out

    def _draw_motion(self, surface) -> None:
        m = self.anim.motion
        for e, p in m.running("ghost"):
            draw_ghost(surface, e.data["image"], e.data["src"], e.data["dst"], p, e.data["fade_from"])
        for e, p in m.running("fly"):
            draw_fly(surface, e.data["text"], e.data["colour"], e.data["src"], e.data["dst"], p, self.L.sc(34))
        for e, p in m.running("word"):
            sp = self.anim.sprites.get(e.data["card"])
            if sp is not None:
                draw_word(surface, e.data["text"], (190, 215, 255), (sp.x, sp.y - self.L.card[1] // 6), p,
                          self.L.sc(22))
        for e, p in m.running("banner"):
            draw_banner(surface, e.data["text"], p, self.L.table.center, self.L.sc(34))

    def _build_layer(self, game, ui: TableUI, settled: frozenset, static) -> None:
        if self._layer is None or self._layer.get_size() != self.size:
            self._layer = self.bg.copy()
        layer = self._layer
        layer.blit(self.bg, (0, 0))
        self._draw_piles(layer, game, ui)
        self._draw_coins(layer, game, ui)
        if TABLE in ui.lit:
            r = self.L.sides["bottom"].play.inflate(self.L.sc(10), self.L.sc(8))
            pygame.draw.rect(layer, LIT, r, max(2, self.L.sc(3)), border_radius=self.L.sc(10))
        lit_cards = {k[1] for k in ui.lit if k[0] == "card"}
        for sp in sorted((self.anim.sprites[c] for c in settled), key=lambda sp: sp.place.z):
            if sp.place.cid in game.cards:
                self._draw_card(layer, game, sp, ui, sp.place.cid in lit_cards)
        self._draw_dice(layer, game, ui)
        for fn in static:
            fn(layer)

    def _draw_card(self, surface, game, sp, ui: TableUI, lit: bool) -> None:
        cid = sp.place.cid
        c = game.cards[cid]
        cdef = game.cdef(cid)
        face_up = sp.place.face_up
        img = self.art.face(cdef, sp.place.size) if face_up else self.art.back(sp.place.size)
        L = self.L
        if cid in ui.ready and not ui.dim and not lit and ui.selected != ("card", cid):
            img = self.art.ringed(img, READY, max(2, L.sc(3)))
        if abs(sp.angle) > 0.5:
            img = self.art.rotated(img, sp.angle)
        if ui.dim and not lit and ui.selected != ("card", cid) and ui.drag != ("card", cid):
            img = self.art.dimmed(img)
        rect = img.get_rect(center=(int(sp.x), int(sp.y)))
        surface.blit(img, rect)
        if sp.leaving or sp.place.zone == "attached":
            return
        rect = rotated_rect(Place(cid, (sp.x, sp.y), sp.place.size, sp.angle))  # the card without its ring
        on_table = sp.place.zone in ("play", "hero")
        if on_table:
            marks = card_marks(game, cid, (sp.x, sp.y), sp.place.size, sp.angle, face_up, self.tr,
                               self.held.get(cid, 0))
            for b in marks.badges:
                self._badge(surface, b.center, b.r, b.colour, b.text, outline=b.outline)
            for t in marks.tokens:
                self._token(surface, t)
        if c.hidden and on_table:
            self._hidden_tag(surface, rect)
        if lit:
            pygame.draw.rect(surface, LIT, rect.inflate(L.sc(6), L.sc(6)), max(2, L.sc(3)), border_radius=L.sc(8))
        if ui.selected == ("card", cid) or cid in ui.toggled:
            pygame.draw.rect(surface, SELECT, rect.inflate(L.sc(8), L.sc(8)), max(2, L.sc(4)), border_radius=L.sc(8))
            if cid in ui.toggled and len(ui.toggled) > 1:
                n = TEXT.get(str(ui.toggled.index(cid) + 1), L.sc(18), (20, 20, 20), True)
                pygame.draw.circle(surface, SELECT, rect.topleft, L.sc(13))
                surface.blit(n, n.get_rect(center=rect.topleft))
        if ui.focus == ("card", cid):
            pygame.draw.rect(surface, (255, 255, 255), rect.inflate(L.sc(12), L.sc(12)), max(1, L.sc(2)),
                             border_radius=L.sc(8))

    def _hidden_tag_rect(self, game, cid: int) -> pygame.Rect | None:
        sp = self.anim.sprites.get(cid)
        c = game.cards.get(cid)
        if sp is None or c is None or not c.hidden or sp.leaving or sp.place.zone not in ("play", "hero"):
            return None
        return self._hidden_tag_box(rotated_rect(Place(cid, (sp.x, sp.y), sp.place.size, sp.angle)))[0]

    def _hidden_tag_box(self, rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Surface | None]:
        """The hidden tag: the word where it fits the card, else an eye with a bar (no text)."""
        L = self.L
        for size in range(max(11, L.sc(13)), 10, -1):
            tag = TEXT.get(self.tr("marker.hidden"), size, (240, 240, 255), True)
            box = tag.get_rect(center=rect.center).inflate(L.sc(8), L.sc(4))
            if box.w <= rect.w - 4:
                return box, tag
        d = max(14, min(rect.w - 6, L.sc(22)))
        return pygame.Rect(rect.centerx - d // 2, rect.centery - d // 2, d, d), None

    def _hidden_tag(self, surface, rect: pygame.Rect) -> None:
        L = self.L
        box, tag = self._hidden_tag_box(rect)
        pygame.draw.rect(surface, (40, 30, 70), box, border_radius=L.sc(5))
        if tag is not None:
            surface.blit(tag, tag.get_rect(center=box.center))
            return
        eye = box.inflate(-box.w // 5, -box.h // 2)
        pygame.draw.ellipse(surface, (240, 240, 255), eye, max(1, box.w // 12))
        pygame.draw.line(surface, (240, 240, 255), box.topright, box.bottomleft, max(1, box.w // 10))

    def _badge(self, surface, center, r, colour, text, fg=(255, 255, 255), outline=(15, 15, 15)) -> None:
        pygame.draw.circle(surface, colour, center, r)
        pygame.draw.circle(surface, outline, center, r, max(1, r // 6))
        t = TEXT.get(text, max(11, int(r * 1.25)), fg, True)
        surface.blit(t, t.get_rect(center=center))

    def _token(self, surface, t: Token) -> None:
        col = MARKERS[t.kind]
        x, y = t.center
        r = t.r
        if t.half > r:  # a longer text: a pill
            pygame.draw.rect(surface, col, t.rect, border_radius=r)
            pygame.draw.rect(surface, (15, 15, 15), t.rect, 1, border_radius=r)
        elif t.kind == "poison":  # a drop
            pygame.draw.polygon(surface, col, [(x, y - r * 1.0), (x + r * 0.8, y), (x - r * 0.8, y)])
            pygame.draw.circle(surface, col, (x, y + r * 0.15), int(r * 0.85))
        elif t.kind in ("stun", "prayer"):  # a diamond
            pygame.draw.polygon(surface, col, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)])
        elif t.kind in ("life", "effect"):
            pygame.draw.rect(surface, col, t.rect, border_radius=max(2, r // 3))
        else:
            pygame.draw.circle(surface, col, (x, y), r)
            pygame.draw.circle(surface, (15, 15, 15), (x, y), r, 1)
        text = TEXT.get(t.text, token_size(r, t.text), (255, 255, 255), True)
        surface.blit(text, text.get_rect(center=(x, y)))

    def _draw_piles(self, surface, game, ui: TableUI) -> None:
        L = self.L
        for p, pl in enumerate(game.players):
            sr = L.sides[self.side_of(p, ui.viewer)]
            if pl.deck:
                surface.blit(self.art.back(L.pile), sr.deck)
            if pl.grave:
                # the top card's name whole, its printed numbers left off (they count for nothing in the graveyard)
                surface.blit(self.art.face(game.cdef(pl.grave[-1]), L.pile, bare=True), sr.grave)
            lit = ("grave", p) in ui.lit
            if lit or ui.focus == ("grave", p):
                pygame.draw.rect(surface, LIT, sr.grave.inflate(L.sc(6), L.sc(6)), max(2, L.sc(3)))
            for rect, n, key in ((sr.deck, len(pl.deck), "pile.deck"), (sr.grave, len(pl.grave), "pile.grave")):
                # the pile's name over its count, in the pile's column (a long name is not cut to fit the card)
                word = TEXT.get(self.tr(key), max(11, L.sc(11)), (220, 220, 220), True)
                count = TEXT.get(str(n), max(12, L.sc(15)), (255, 255, 255), True)
                box = pygame.Rect(0, 0, max(word.get_width(), count.get_width()) + L.sc(8),
                                  word.get_height() + count.get_height())
                box.midbottom = (rect.centerx, rect.bottom - L.sc(2))
                pygame.draw.rect(surface, (10, 10, 14), box, border_radius=L.sc(4))
                surface.blit(word, word.get_rect(midtop=(box.centerx, box.y)))
                surface.blit(count, count.get_rect(midbottom=(box.centerx, box.bottom)))

    def _coin_token(self, surface, center, tapped: bool, temp: bool) -> None:
        r = self.L.coin_r
        key = (r, tapped, temp)
        img = self._coin.get(key)
        if img is None:
            img = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
            base = (190, 190, 200) if temp else (222, 180, 60)
            if tapped:
                base = tuple(int(v * 0.55) for v in base)
            c = (r + 1, r + 1)
            pygame.draw.circle(img, base, c, r)
            pygame.draw.circle(img, (60, 40, 10), c, r, max(1, r // 6))
            # the notch shows how the coin lies: upright when open, turned when tapped
            w = max(2, r // 3)
            bar = pygame.Rect(0, 0, w, int(r * 1.2)) if not tapped else pygame.Rect(0, 0, int(r * 1.2), w)
            bar.center = c
            pygame.draw.rect(img, (90, 60, 15), bar, border_radius=w // 2)
            self._coin[key] = img
        surface.blit(img, img.get_rect(center=(int(center[0]), int(center[1]))))

    def _draw_coins(self, surface, game, ui: TableUI) -> None:
        L = self.L
        for p, pl in enumerate(game.players):
            side = self.side_of(p, ui.viewer)
            total = pl.coins + pl.temp_coins
            spots = L.coin_spots(side, max(total, 0))
            dragging = ui.drag == ("coins", p)
            for i, pos in enumerate(spots[:12]):
                tapped = i >= total - pl.tapped_coins
                if dragging and not tapped and i == total - pl.tapped_coins - 1:
                    continue
                self._coin_token(surface, pos, tapped, i >= pl.coins)
            sr = L.sides[side]
            if ("coins", p) in ui.lit or ui.selected == ("coins", p) or ui.focus == ("coins", p):
                pygame.draw.rect(surface, LIT, sr.coins.inflate(L.sc(6), L.sc(6)), max(2, L.sc(2)),
                                 border_radius=L.sc(6))
            label = TEXT.get(f"{pl.open_coins}/{total}", L.sc(12), (250, 230, 170), True)
            surface.blit(label, label.get_rect(midbottom=(sr.coins.centerx, sr.coins.bottom)))
            if pl.prayers:  # prayer tokens: a blue diamond with the count
                cx, cy = sr.coins.centerx, sr.coins.bottom - L.sc(30)
                r = max(10, L.sc(12))
                self._token(surface, Token("prayer", (cx, cy), r, r, str(pl.prayers)))

    def _draw_dice(self, surface, game, ui: TableUI) -> None:
        if not ui.dice:
            return
        L = self.L
        size = L.sc(46)
        for p, value in ui.dice.items():
            sr = L.sides[self.side_of(p, ui.viewer)]
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (sr.play.x + L.sc(60), sr.play.centery)
            pygame.draw.rect(surface, (245, 242, 232), rect, border_radius=L.sc(8))
            pygame.draw.rect(surface, (30, 30, 30), rect, max(1, L.sc(2)), border_radius=L.sc(8))
            pips = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
                    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
                    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}.get(int(value), [(0, 0)])
            for dx, dy in pips:
                pygame.draw.circle(surface, (20, 20, 20), (rect.centerx + dx * size // 4, rect.centery + dy * size // 4),
                                   max(2, size // 11))
            name = TEXT.get(self.tr("die.label", name=game.players[p].name, value=value), L.sc(14), (240, 240, 240), True)
            surface.blit(name, name.get_rect(midleft=(rect.right + L.sc(10), rect.centery)))

    def _draw_floater(self, surface, f: Floater) -> None:
        k = f.age / f.life
        if f.kind == "arrow":
            pygame.draw.line(surface, f.colour, f.pos, f.end, max(2, self.L.sc(5)))
            pygame.draw.circle(surface, f.colour, (int(f.end[0]), int(f.end[1])), self.L.sc(10))
            return
        t = TEXT.get(f.text, self.L.sc(30), f.colour, True)
        surface.blit(t, t.get_rect(center=(int(f.pos[0]), int(f.pos[1] - k * self.L.sc(40)))))
