"""Between the games of a classic campaign (2007 part 8): the score, how the last game ended, what passes on
for each player — the next deal kept (retreated cards marked), what went back into the deck and to the
graveyard, the piles' sizes — and the loser's choice of two cards of his deck (2007 8.4), clicked on their
faces. A computer loser chooses by its bot (``next_game``, through its controller as any decision); the
person then reads what it took and goes to the table. When the campaign is over: its result, its replay,
a new game or the menu. Everything shown is read from the campaign (``results[-1]``, ``sides``); the choice
is the engine's ``next_game`` action.
"""

from __future__ import annotations

from collections import Counter

import pygame
import pygame_gui

from engine.classic import actions as A
from engine.classic.text import card_text
from engine.core.errors import IllegalAction
from ui import storage
from ui.classic.eventlog import campaign_result, card_names
from ui.classic.setup_look import small_face
from ui.classic.view import GOLD, INK, MUTED
from ui.classic.zoom import Hover, draw_zoom
from ui.fonts import TEXT, fit_text, wrap_lines
from ui.rulesets import find_client
from ui.scene import GuiScene
from ui.widgets.arming import Drawn

PICKED = (120, 220, 140)
RETREAT = (150, 200, 255)


class _Frame:
    """The window's size and scale, as the zoom's drawing asks them of a board's layout."""

    def __init__(self, size: tuple[int, int], scale) -> None:
        self.w, self.h = size
        self.sc = scale


class BetweenGamesScene(GuiScene):
    """The screen between two games of a campaign, and at its end."""

    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session
        self.picked: list[str] = []  # the card ids the person has chosen so far (one entry a copy)
        self.autosave = not app.headless
        self.error = ""
        self._faces: dict[tuple[str, int, int], pygame.Surface] = {}
        self.hover = Hover()  # resting the pointer on a deck card opens its whole text (ui/classic/zoom.py)

    @property
    def campaign(self):
        return self.session.campaign

    # ------------------------------------------------------------------ who does what now
    def chooser(self) -> int | None:
        """The person who chooses now (the loser of the last game, 2007 8.4), or None."""
        c = self.campaign
        ctrl = self.session.controller(c.decider) if c.between else None
        return c.decider if ctrl is not None and ctrl.is_human else None

    def room(self) -> int:
        """How many cards the loser takes (two, fewer when his deck or the deal's 15 leave less)."""
        return self.campaign.room

    def deck(self, p: int) -> list[tuple[str, int]]:
        """``p``'s deck between games: each card id with its copies, creatures first, the dearest first."""
        cards = self.campaign.cards
        counts = Counter(self.campaign.sides[p].deck)
        return sorted(counts.items(), key=lambda t: (cards[t[0]].type != "creature", -cards[t[0]].cost,
                                                     self.tr.name(cards[t[0]].name)))

    # ------------------------------------------------------------------ widgets
    def build(self) -> None:
        w, h = self.app.size
        c = self.campaign
        bw, bh, gap = self.S(250), self.S(48), self.S(16)
        y = h - self.S(76)
        self.begin_b = self.table_b = self.replay_b = self.again_b = None
        if c.is_over:
            labels = [("menu", "end.menu"), ("replay", "campaign.replay"), ("again", "end.again")]
        elif c.between:
            labels = [("menu", "campaign.menu")] + ([("begin", "campaign.begin")] if self.chooser() is not None else [])
        else:
            labels = [("menu", "campaign.menu"), ("table", "campaign.to_table")]
        x = (w - len(labels) * bw - (len(labels) - 1) * gap) // 2
        for name, key in labels:
            text = self.tr(key, n=c.number + 1 if c.between else c.number)  # the next game, or the one begun
            primary = name in ("begin", "table", "again")
            b = pygame_gui.elements.UIButton(pygame.Rect(x, y, bw, bh), text, self.manager,
                                             object_id="#primary" if primary else None)
            setattr(self, f"{name}_b", b)
            x += bw + gap
        self._sync()

    def _sync(self) -> None:
        if self.begin_b is not None:
            if len(self.picked) == self.room():
                self.begin_b.enable()
            else:
                self.begin_b.disable()

    def on_button(self, element) -> None:
        if element is self.menu_b:
            if self.autosave and not self.campaign.is_over:
                storage.autosave(self.session, self.app.saves_dir)
            self.app.show("menu")
        elif element is self.begin_b:
            self.begin()
        elif element is self.table_b:
            self.to_table()
        elif element is self.replay_b:
            self.watch()
        elif element is self.again_b:
            self.app.show("setup")

    def begin(self) -> bool:
        """The person's choice made: the next game begins at its table."""
        try:
            self.session.apply(A.NextGame(cards=tuple(sorted(self.picked))))
        except IllegalAction as exc:
            self.error = exc.reason(self.tr.lang)
            return False
        self.to_table()
        return True

    def to_table(self) -> None:
        self.app.show(find_client("classic").table_scene, session=self.session, loaded="")

    def watch(self) -> bool:
        """The whole campaign as a replay; Esc there comes back here."""
        from saves.errors import SaveError
        from saves.replay import Replay

        record = self.session.record
        try:
            replay = Replay(record.truncated(len(record.log)), storage.manager(self.app.saves_dir).base)
        except SaveError as exc:
            self.error = exc.message(self.tr.lang)
            return False
        self.app.show("replay", replay=replay, back=self)
        return True

    # ------------------------------------------------------------------ the computer's choice
    def update(self, dt: float) -> None:
        super().update(dt)
        self.hover.tick(dt, True)
        c = self.campaign
        if not c.between or self.chooser() is not None:
            return
        ctrl = self.session.controller(c.decider)
        action = ctrl.decide(c, self.session.seq) if ctrl is not None else None  # the token: this position
        if action is not None:
            self.session.apply(action)  # the loser's cards taken, the next game begun: the person reads what
            self.enter()  # it took, then goes to the table

    # ------------------------------------------------------------------ the cards to choose from
    def grid(self) -> list[tuple[str, pygame.Rect]]:
        """The chooser's deck cards laid out in the lower part of the screen (none when nobody clicks)."""
        p = self.chooser()
        if p is None or not self.room():
            return []
        w, h = self.app.size
        area = pygame.Rect(self.S(40), self.S(420), w - self.S(80), h - self.S(100) - self.S(420))
        cards = self.deck(p)
        gap = self.S(8)
        side = min(self.S(104), area.h)
        while side > self.S(40):
            per = max(1, (area.w + gap) // (side + gap))
            if -(-len(cards) // per) * (side + gap) - gap <= area.h:
                break
            side -= self.S(4)
        per = max(1, (area.w + gap) // (side + gap))
        return [(cid, pygame.Rect(area.x + (i % per) * (side + gap), area.y + (i // per) * (side + gap), side, side))
                for i, (cid, _) in enumerate(cards)]

    def drawn(self) -> list:
        return [Drawn(r, ("card", cid)) for cid, r in self.grid()]

    def toggle(self, cid: int | str) -> None:
        """A click on a deck card: one more copy of it while there is room, else none of it."""
        copies = dict(self.deck(self.chooser())).get(cid, 0) if self.chooser() is not None else 0
        if self.picked.count(cid) < copies and len(self.picked) < self.room():
            self.picked.append(cid)  # type: ignore[arg-type]
        else:
            self.picked = [x for x in self.picked if x != cid]
        self.error = ""
        self._sync()

    def handle_event(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover.moved(event.pos, next((cid for cid, r in self.grid() if r.collidepoint(event.pos)), None))
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.hover.pressed()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_button(self.menu_b)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.arming.point(event.pos)
            for d in self.drawn():
                if d.rect.collidepoint(event.pos):
                    if self.arming.takes(d):
                        self.toggle(d.value[1])
                    return
        super().handle_event(event)

    # ------------------------------------------------------------------ drawing
    def face(self, cid: str, side: int, owner: int) -> pygame.Surface:
        key = (cid, side, owner)
        if key not in self._faces:
            self._faces[key] = small_face(self.campaign.cards[cid], side, owner, self.tr)
        return self._faces[key]

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        zoomed = next((r for cid, r in self.grid() if cid == self.hover.card), None)
        if zoomed is not None:  # over everything: the card's whole text, each ability with its reminder
            cards = self.campaign.cards
            lines = card_text(cards[self.hover.card], self.tr.lang, reminders=True, cards=cards)
            blocks = [(lines[0], lines[1]), ("", lines[2])] + [("", line) for line in lines[3:]]
            draw_zoom(surface, _Frame(surface.get_size(), self.S), zoomed, blocks)

    def draw_back(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        c, tr, S = self.campaign, self.tr, self.S
        game = c.current
        res = c.results[-1] if c.results else None
        title = tr("campaign.title_over") if c.is_over else tr("campaign.title", n=res["number"] if res else c.number)
        t = TEXT.get(title, S(34), GOLD, True)
        surface.blit(t, t.get_rect(midtop=(w // 2, S(18))))
        score = tr("campaign.score", a=c.names[0], x=c.score[0], y=c.score[1], b=c.names[1])
        t = fit_text(score, S(28), w - S(80), INK, True)
        surface.blit(t, t.get_rect(midtop=(w // 2, S(62))))
        lines = []
        if c.is_over:
            winner = c.outcome.winner
            lines.append(tr("campaign.over_draw") if winner is None else tr("campaign.over_won", name=c.names[winner]))
        if res is not None:
            reason = tr(f"end.reason_{res['reason']}") if tr.has(f"end.reason_{res['reason']}") else res["reason"]
            lines.append(tr("campaign.last", n=res["number"], result=campaign_result(res["winner"], game, tr), why=reason))
        y = S(102)
        for i, line in enumerate(lines):
            t = fit_text(line, S(18), w - S(80), INK if i == 0 and c.is_over else MUTED, i == 0 and c.is_over)
            surface.blit(t, t.get_rect(midtop=(w // 2, y)))
            y += t.get_height() + S(2)
        top = max(S(136), y + S(8))
        bottom = S(374) if self.grid() else h - S(96)
        col_w = (w - S(120)) // 2
        for p in (0, 1):
            self._column(surface, p, pygame.Rect(S(40) + p * (col_w + S(40)), top, col_w, bottom - top), res)
        self._choice(surface)
        if self.error:
            t = TEXT.get(self.error, S(16), (255, 140, 120))
            surface.blit(t, t.get_rect(midbottom=(w // 2, h - S(84))))

    def _column(self, surface: pygame.Surface, p: int, box: pygame.Rect, res) -> None:
        """One player's side: name, piles, the kept deal as faces, what went to the deck and graveyard."""
        c, tr, S = self.campaign, self.tr, self.S
        pygame.draw.rect(surface, (30, 32, 40), box, border_radius=S(10))
        x, y, width = box.x + S(12), box.y + S(8), box.w - S(24)
        t = fit_text(c.names[p], S(20), width // 2, GOLD, True)
        surface.blit(t, (x, y))
        if res is None:
            return
        piles = fit_text(tr("campaign.piles", deck=res["deck"][p]), S(14), width - t.get_width() - S(12), MUTED)
        surface.blit(piles, piles.get_rect(bottomleft=(x + t.get_width() + S(12), y + t.get_height() - S(3))))
        y += t.get_height() + S(4)
        carried = res["carried"][p]
        chosen = res["chosen"] if res["winner"] is not None and res["winner"] != p else []
        kept = carried["kept"] + chosen  # the next deal's first cards: what passed on, then the loser's two
        t = fit_text(tr("campaign.kept_over" if c.is_over else "campaign.kept", n=len(kept)), S(15), width, INK, True)
        surface.blit(t, (x, y))
        y += t.get_height() + S(4)
        lines_h = 3 * (TEXT.get("Ag", S(14), INK).get_height() + S(2))
        room = box.bottom - S(8) - lines_h - y
        retreated = Counter(carried["retreated"])
        size, gap = min(S(104), max(S(36), room)), S(6)
        per = max(1, (width + gap) // (size + gap))
        while size > S(36) and -(-len(kept) // per) * (size + gap) - gap > room:
            size -= S(4)
            per = max(1, (width + gap) // (size + gap))
        for i, cid in enumerate(kept):
            r = pygame.Rect(x + (i % per) * (size + gap), y + (i // per) * (size + gap), size, size)
            if r.bottom > box.bottom - lines_h:
                break
            surface.blit(self.face(cid, size, p), r)
            note = None
            if i >= len(carried["kept"]):
                note = "campaign.from_deck"  # 2007 8.4: the loser's choice
            elif retreated[cid] > 0:  # 2007 8.2.1: it retreated (the rest were left in play)
                retreated[cid] -= 1
                note = "campaign.retreated"
            if note is not None:
                tag = fit_text(tr(note), max(10, size // 7), size - 4, PICKED if i >= len(carried["kept"]) else RETREAT,
                               True, 9)
                back = pygame.Rect(r.x, r.bottom - tag.get_height() - 2, r.w, tag.get_height() + 2)
                pygame.draw.rect(surface, (20, 30, 50), back)
                surface.blit(tag, tag.get_rect(midbottom=(r.centerx, r.bottom - 1)))
        y = box.bottom - S(8) - lines_h
        game = c.current
        notes = [tr("campaign.graveyard", n=len(res["graveyard"][p]), cards=card_names(game, res["graveyard"][p], tr))]
        if carried["to_deck"]:
            notes.append(tr("campaign.to_deck", cards=card_names(game, carried["to_deck"], tr)))
        if carried["to_graveyard"]:
            notes.append(tr("campaign.to_graveyard", cards=card_names(game, carried["to_graveyard"], tr)))
        if chosen:
            notes.append(tr("campaign.chose", cards=card_names(game, chosen, tr)))
        for i, note in enumerate(notes):
            for line in wrap_lines(note, S(14), width, 1):
                t = TEXT.get(line, S(14), MUTED if i == 0 else INK)
                surface.blit(t, (x, y))
                y += t.get_height() + S(2)

    def _choice(self, surface: pygame.Surface) -> None:
        """The loser's choice: the question, and his deck's cards with what is picked lit."""
        c, tr, S = self.campaign, self.tr, self.S
        w = surface.get_width()
        if not c.between:
            return
        p = c.decider
        if self.chooser() is None:
            text = tr("campaign.computer_choosing", name=c.names[p])
        elif self.room():
            text = tr("campaign.choose", name=c.names[p], n=self.room(), k=len(self.picked))
        else:
            text = tr("campaign.no_choice", name=c.names[p])
        t = fit_text(text, S(18), w - S(80), GOLD, True)
        surface.blit(t, t.get_rect(midtop=(w // 2, S(384) if self.grid() else surface.get_height() - S(130))))
        mouse = pygame.mouse.get_pos() if pygame.display.get_init() and pygame.display.get_surface() else (-1, -1)
        copies = dict(self.deck(p)) if self.chooser() is not None else {}
        for cid, r in self.grid():
            surface.blit(self.face(cid, r.w, p), r)
            n, k = copies.get(cid, 0), self.picked.count(cid)
            if n > 1 or k:  # how many copies the deck has, and how many are picked: a pill over the picture
                text = f"{k}/{n}" if k and n > 1 else f"×{n}" if n > 1 else "1/1"
                label = TEXT.get(text, max(10, r.w // 7), (20, 20, 24) if k else INK, True)
                pill = label.get_rect(midright=(r.right - 3, r.centery)).inflate(S(8), S(2))
                pygame.draw.rect(surface, PICKED if k else (30, 32, 40), pill, border_radius=pill.h // 2)
                surface.blit(label, label.get_rect(center=pill.center))
            if k:
                pygame.draw.rect(surface, PICKED, r.inflate(S(6), S(6)), max(2, S(3)), border_radius=S(8))
            elif r.collidepoint(mouse):
                pygame.draw.rect(surface, (200, 200, 210), r.inflate(S(4), S(4)), 1, border_radius=S(8))
