"""The classic setup at the table: who goes first, squad building by clicks on the deal, placement by
dragging squad cards face down onto the lit cells, the second player's 3rd-row cards kept hidden, and
symbiotes dragged onto a lit host. Every gesture becomes one engine action (``ui.classic.scene`` applies
it); what is lit comes from the engine's legal actions, and a refusal shows the engine's reason.
"""

from __future__ import annotations

import pygame

from engine.classic import actions as A
from engine.classic import recruit
from ui.classic.cardface import LEAST_W
from ui.classic.setup_look import DealCard, RecruitLayout, RecruitLook, draw_recruit, small_face, tray_rects
from ui.classic.view import GOLD
from ui.fonts import TEXT
from ui.widgets.button import Button

SETUP_KINDS = frozenset({"order", "recruit", "place", "hide", "seat", "before_recruit"})
RECRUIT_SCREEN = frozenset({"recruit", "before_recruit"})  # the deal's screen: recruiting, and before it (2007 3.4.1)
DRAG_PX = 6


class SetupPlay:
    """The setup's gestures and pictures for one ClassicTableScene (its state is only what is half-done:
    a press, a drag, a selection, the payment preference, the cards chosen to stay hidden)."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.pay = "silver"  # an ordinary card is paid silver first: gold is kept for elite cards and penalties
        self.keep: set[int] = set()
        self.split_of: dict[int, tuple[int, int]] = {}  # a deal card's payment the player chose by right-clicks
        self.press: tuple[tuple[int, int], int | None] | None = None
        self.drag: int | None = None
        self.selected: int | None = None
        self.rlook = RecruitLook()
        self.tray: list[tuple[int, pygame.Rect]] = []

    @property
    def game(self):
        return self.scene.game

    def reset(self) -> None:
        self.press = self.drag = self.selected = None

    # ------------------------------------------------------------------ what is shown
    def recruit_layout(self) -> RecruitLayout:
        L = self.scene.view.L
        return RecruitLayout(self.scene.app.size, L.prompt.bottom + L.sc(8), L.sc)

    def menu_rect(self, kind: str) -> pygame.Rect:
        L = self.scene.view.L
        if kind == "recruit":
            side = self.recruit_layout().side
            return pygame.Rect(side.x, side.bottom - L.sc(48), side.w, L.sc(48))
        return pygame.Rect(L.panel.x, L.panel.bottom - L.sc(48), L.panel.w, L.sc(48))

    def refresh(self, kind: str, who: str, labels: list) -> str:
        """Fill the look for a setup decision; returns the prompt and appends the prompt strip's buttons."""
        g, tr, look = self.game, self.scene.tr, self.scene.look
        legal = g.legal_actions()
        p = g.pending.player
        if kind == "order":
            labels += [(tr("csetup.go_first"), ("csetup", "first"), "primary"),
                       (tr("csetup.go_second"), ("csetup", "second"), "normal")]
            return g.prompt(tr.lang)
        if kind == "before_recruit":  # 2007 3.4.1: the deal shown, its «до набора отряда» cards lit
            self._recruit_look(p, legal)
            labels.append((tr("csetup.pass"), ("action", str(A.Pass())), "normal"))
            return tr("csetup.before_hint", name=who)
        if kind == "recruit":
            self._recruit_look(p, legal)
            labels.append((tr("csetup.pay_silver" if self.pay == "silver" else "csetup.pay_gold"), ("csetup", "pay"),
                           "normal"))
            if any(isinstance(a, A.Redeal) for a in legal):
                labels.append((tr("csetup.redeal", n=recruit.REDEAL_COST), ("csetup", "redeal"), "normal"))
            labels.append((tr("csetup.ready"), ("csetup", "ready"), "primary"))
            return tr("csetup.recruit_hint", name=who)
        if kind == "place":
            shown = self.drag if self.drag is not None else self.selected
            self._tray(p)
            if shown is None and self.tray:  # nothing in hand: the cells the next card may go to are lit
                shown = self.tray[0][0]
            look.moves = {tuple(a.at): "" for a in legal if isinstance(a, A.Place) and a.card == shown}
            if any(isinstance(a, A.Ready) for a in legal):
                labels.append((tr("csetup.ready"), ("csetup", "ready"), "primary"))
                return tr("csetup.place_ready", name=who)
            return tr("csetup.place_hint", name=who)
        if kind == "hide":
            eligible = max((a.cards for a in legal if isinstance(a, A.KeepHidden)), key=len, default=())
            self.keep &= set(eligible)
            look.strikes = set(eligible) - self.keep
            look.defenders = set(self.keep)
            look.own_lit = False  # all one's own: the lit ones in one colour
            labels.append((tr("csetup.ready"), ("csetup", "keep"), "primary"))
            return tr("csetup.hide_hint", name=who)
        if kind == "seat":
            pairs = [a for a in legal if isinstance(a, A.Seat)]
            shown = self.drag if self.drag is not None else self.selected
            look.strikes = {a.host for a in pairs if a.card == shown}
            look.own_lit = False
            look.defenders = {a.card for a in pairs} if shown is None else set()
            return tr("csetup.seat_hint", name=who)
        return g.prompt(tr.lang)

    def _recruit_look(self, p: int, legal) -> None:
        g = self.game
        rl = self.rlook
        rl.player, rl.edition = p, g.edition
        rl.gold, rl.silver = g.crystals[p]
        rl.squad = list(g.setup.squads[p]) if g.setup is not None else []
        squad_cards = [g.card_at(i) for i in rl.squad]
        elements = recruit.elements_of(squad_cards)
        rl.elements = sorted(elements)
        rl.flyers = recruit.flyer_spend(squad_cards)
        rl.before = g.pending.kind == "before_recruit"
        rl.usable = {a.card for a in legal if isinstance(a, A.Use)}
        deal = list(g.setup.deals[p]) if g.setup is not None else []
        slots = self._slots(p, deal)
        rl.deal = []
        for iid in deal:
            splits = [(a.gold, a.silver) for a in legal if isinstance(a, A.Recruit) and a.card == iid]
            split = self.split_of.get(iid) if self.split_of.get(iid) in splits else self._preferred(splits)
            card = g.card_at(iid)
            price = recruit.price(card, squad_cards)
            rl.deal.append(DealCard(iid, split, recruit.element_penalty(g.edition, elements, card), slots.index(iid),
                                    price if price != card.cost else None,
                                    self.scene.tr("csetup.before_card") if iid in rl.usable else ""))
        rl.taken = [(i, iid) for i, iid in enumerate(slots) if iid in rl.squad]

    def _slots(self, p: int, deal: list[int]) -> list[int]:
        """The deal as it was dealt (its last «deal» event): each card keeps its slot while others are taken,
        so the cards never slide under the pointer. Without that event, the deal as it is now."""
        dealt = next((ev.cards for _, ev in reversed(self.scene.session.log)
                      if ev.kind == "deal" and ev.player == p), None)
        return list(dealt) if dealt is not None and set(deal) <= set(dealt) else deal

    def _preferred(self, splits: list[tuple[int, int]]) -> tuple[int, int] | None:
        if not splits:
            return None
        return max(splits, key=(lambda s: s[1]) if self.pay == "silver" else (lambda s: s[0]))

    def _tray(self, p: int) -> None:
        g, L = self.game, self.scene.view.L
        unplaced = [i for i in (g.setup.squads[p] if g.setup is not None else []) if i not in g.creatures]
        top = L.panel.y + L.sc(34)
        room = self.menu_rect("place").y - L.sc(8) - top
        gap = L.sc(8)
        w0, h0 = w, h = L.card_rect((0, 0), 0).size
        while w - 4 >= LEAST_W:  # as large as the cell's cards, smaller when the squad would not fit the panel
            per = max(1, (L.panel.w + gap) // (w + gap))
            if -(-len(unplaced) // per) * (h + gap) - gap <= room:
                break
            w -= 4
            h = w * h0 // w0
        self.tray = list(zip(unplaced, tray_rects(L.panel, len(unplaced), (w, h), gap, top), strict=True))

    def buttons(self, kind: str) -> list[Button]:
        return [Button(self.menu_rect(kind), self.scene.tr("classic.menu"), ("menu",), "normal")]

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface, kind: str) -> None:
        sc, look, view = self.scene, self.scene.look, self.scene.view
        g, L, tr = self.game, view.L, sc.tr
        if kind in RECRUIT_SCREEN:
            surface.fill((22, 30, 28))
            draw_recruit(surface, g, self.rlook, self.recruit_layout(), tr, L.sc)
            view.draw_prompt(surface, look)
            for b in look.buttons:
                b.draw(surface, look.mouse)
            return
        view.draw(surface, g, look, panel=kind != "place")
        if kind == "place":
            t = TEXT.get(tr("csetup.tray", n=len(self.tray)), L.sc(17), GOLD, True)
            surface.blit(t, (L.panel.x, L.panel.y + L.sc(4)))
            for iid, rect in self.tray:
                if iid == self.drag:
                    continue
                surface.blit(small_face(g.card_at(iid), rect.size, g.pending.player, tr), rect)
                if iid == self.selected:
                    pygame.draw.rect(surface, GOLD, rect.inflate(L.sc(6), L.sc(6)), max(3, L.sc(4)),
                                     border_radius=L.sc(8))
            if self.drag is not None and self.drag not in g.creatures:
                # in hand it has the size it will have on its cell
                img = small_face(g.card_at(self.drag), L.card_rect((0, 0), 0).size, g.pending.player, tr)
                img.set_alpha(225)
                surface.blit(img, img.get_rect(center=look.mouse))

    # ------------------------------------------------------------------ input
    def _tray_at(self, pos) -> int | None:
        return next((iid for iid, r in self.tray if r.collidepoint(pos)), None)

    def _cell_card(self, pos) -> tuple[tuple[int, int] | None, int | None]:
        cell = self.scene.view.L.cell_at(pos, self.scene.look.viewer)
        return cell, (self.game.occupant(cell) if cell is not None else None)

    def down(self, pos, kind: str) -> None:
        if kind in RECRUIT_SCREEN:
            dc = self.deal_card_at(pos)
            self.press = (tuple(pos), None if dc is None else dc.iid)
        elif kind in ("place", "seat"):
            iid = self._tray_at(pos) if kind == "place" else None
            if iid is None:
                _, occ = self._cell_card(pos)
                mine = occ is not None and self.game.creatures[occ].owner == self.game.pending.player
                iid = occ if mine else None
            self.press = (tuple(pos), iid)
        else:
            self.press = (tuple(pos), None)

    def deal_card_at(self, pos) -> DealCard | None:
        """The deal's card under ``pos`` (None over a taken card's slot or beside the deal)."""
        return self.rlook.card_in(self.recruit_layout().card_at(pos, self.rlook.slots))

    def deal_rect(self, iid: int) -> pygame.Rect | None:
        """Where the deal's card ``iid`` is drawn, or None when it is not in the deal."""
        dc = next((d for d in self.rlook.deal if d.iid == iid), None)
        return None if dc is None else self.recruit_layout().card_rect(dc.slot)

    def next_split(self, pos) -> None:
        """A right-click on a deal card: its next way to pay (every split the engine allows, in turn)."""
        dc = self.deal_card_at(pos)
        if dc is None:
            return
        splits = sorted((a.gold, a.silver) for a in self.game.legal_actions()
                        if isinstance(a, A.Recruit) and a.card == dc.iid)
        if dc.split in splits and len(splits) > 1:
            self.split_of[dc.iid] = splits[(splits.index(dc.split) + 1) % len(splits)]
            self.scene.refresh()

    def motion(self, pos, kind: str) -> None:
        self.scene.look.mouse = pos
        if kind in RECRUIT_SCREEN:
            self.rlook.hover = self.recruit_layout().card_at(pos, self.rlook.slots)
            return
        if self.press is not None and self.drag is None and self.press[1] is not None and kind in ("place", "seat"):
            (x, y), iid = self.press
            if abs(pos[0] - x) + abs(pos[1] - y) > DRAG_PX:
                self.drag, self.selected = iid, None
                self.scene.refresh()

    def up(self, pos, kind: str) -> None:
        press, self.press = self.press, None
        if kind in RECRUIT_SCREEN:
            dc = self.deal_card_at(pos)
            if press is not None and press[1] is not None and dc is not None and dc.iid == press[1]:
                if kind == "recruit":
                    self.recruit_click(press[1])
                else:
                    self.before_click(press[1])
            return
        if self.drag is not None:
            iid, self.drag = self.drag, None
            cell, occ = self._cell_card(pos)
            if cell is None or not self.drop(kind, iid, cell, occ):
                self.scene.refresh()  # snaps back; a refusal's reason is in the prompt strip
            return
        if press is None:
            return
        cell, occ = self._cell_card(pos)
        if kind == "hide":
            if occ is not None and (occ in self.scene.look.strikes or occ in self.keep):
                self.keep ^= {occ}
            self.scene.refresh()
            return
        tray = self._tray_at(pos) if kind == "place" else None
        if tray is not None:
            self.selected = None if self.selected == tray else tray
        elif cell is not None and self.selected is not None and occ != self.selected:
            iid, self.selected = self.selected, None
            self.drop(kind, iid, cell, occ)
            return
        elif occ is not None and self.game.creatures[occ].owner == self.game.pending.player:
            self.selected = None if self.selected == occ else occ
        else:
            self.selected = None
        self.scene.refresh()

    def drop(self, kind: str, iid: int, cell, occ: int | None) -> bool:
        """``iid`` let go on ``cell`` (holding ``occ``): lay it out, move it, swap two, or seat a symbiote."""
        if occ == iid:
            return False
        if kind == "seat":
            return self.scene.do(A.Seat(card=iid, host=occ if occ is not None else -1))
        laid = iid in self.game.creatures
        if occ is not None and laid and self.game.creatures[occ].owner == self.game.pending.player:
            return self.scene.do(A.Swap(card=min(iid, occ), other=max(iid, occ)))  # the engine names the lower first
        return self.scene.do(A.Place(card=iid, at=tuple(cell)))

    def recruit_click(self, iid: int) -> bool:
        """Recruit a card of the deal with the preferred split; a card the engine refuses says why."""
        g = self.game
        dc = next((d for d in self.rlook.deal if d.iid == iid), None)
        if dc is None:
            return False
        if dc.split is not None:
            return self.scene.do(A.Recruit(card=iid, gold=dc.split[0], silver=dc.split[1]))
        card = g.card_at(iid)
        gold, silver = g.crystals[g.pending.player]
        price = recruit.price(card, [g.card_at(i) for i in g.setup.squads[g.pending.player]])
        s = 0 if card.elite else min(price, silver)
        return self.scene.do(A.Recruit(card=iid, gold=price - s, silver=s))  # refused: the reason is shown

    def before_click(self, iid: int) -> bool:
        """2007 3.4.1: apply the «до набора отряда» ability of a card of the deal; a card without one says why."""
        use = next((a for a in self.game.legal_actions() if isinstance(a, A.Use) and a.card == iid), None)
        return self.scene.do(use if use is not None else A.Use(card=iid, ability=0))

    def on_button(self, what: str) -> None:
        if what == "first":
            self.scene.do(A.GoFirst())
        elif what == "second":
            self.scene.do(A.GoSecond())
        elif what == "pay":
            self.pay = "gold" if self.pay == "silver" else "silver"
            self.split_of.clear()
            self.scene.refresh()
        elif what == "redeal":
            self.scene.do(A.Redeal())
        elif what == "ready":
            self.scene.do(A.Ready())
        elif what == "keep":
            keep, self.keep = tuple(sorted(self.keep)), set()
            self.scene.do(A.KeepHidden(cards=keep))

