"""The deck builder (scene ``deckbuilder``): the card grid with the browser's filters on the left, the deck
on the right — start empty, from a ready deck (a copy) or from one of the player's decks; a click adds a
card, a right click or the row's «−» takes one away; legality checked live with the game's own reasons;
the cost curve and the elements; save, rename (the name field, then save) and delete with a confirmation. The
deck list names each card's cost in a coin and its copies after it («×3»), and scrolls (the wheel, its scroll
bar); leaving, or starting over from another deck, with changes not saved asks first.

The game's cards, checks and files come from its client's ``decks`` kit (ui/rulesets.py)."""

from __future__ import annotations

import pygame
import pygame_gui

from ui.cardgrid import (
    BAD,
    ELEMENT_COLOURS,
    GOLD,
    GOOD,
    INK,
    MUTED,
    CardGrid,
    FilterBar,
    draw_zoom,
    zoom_face,
)
from ui.deckdraft import COST_BUCKETS, DeckDraft, Filters, cost_curve, deck_id, element_counts
from ui.deckfiles import DeckFileError
from ui.decklist import DeckList
from ui.fonts import MIN_PX, TEXT, fit_text
from ui.rulesets import find_client
from ui.scene import GuiScene
from ui.widgets.dropdown import DropDown

GAMES = ("heroes", "classic")
HOVER_ZOOM = 0.5  # seconds the pointer rests on a card before the close look opens (as at the table)
ADD_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
REMOVE_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)


class DeckBuilderScene(GuiScene):
    """Build a deck of ``game``; ``deck`` (a DeckDraft) to start from, else an empty one."""

    def __init__(self, app, game: str | None = None, deck: DeckDraft | None = None) -> None:
        super().__init__(app)
        self.game = game if game in GAMES else getattr(app, "last_cards_game", "heroes")
        self.draft = deck.copy() if deck is not None else DeckDraft()
        self.start_key = "empty" if deck is None else ("own:" if deck.own else "ready:") + deck.id
        self.filters = Filters(lang=app.tr.lang)
        self.scroll = 0
        # the deck's rows, their order and copies read from the draft as it is now (ui/decklist.py)
        self.deck_list = DeckList(lambda: (self._deck_rows(), self.draft.counts, self._entries()), self.S, app.tr)
        self.message = ("", INK)
        self.confirming = False
        # changes not saved, and the player asked to leave or start over: where to then — ("back",), ("game",
        # name) or ("start", key, deck) — while the question is on
        self.leaving: tuple | None = None
        self.hover: str | None = None
        self.hover_t = 0.0
        self.zoom: str | None = None
        self.grid: CardGrid | None = None
        self.name_entry = None
        self.clean = self._state()  # the deck as last saved or started from

    @property
    def kit(self):
        return find_client(self.game).decks

    # ------------------------------------------------------------------ the form
    def _starts(self) -> list[tuple[str, str, DeckDraft | None]]:
        """(key, label, deck) of each deck to start from: empty, the ready ones (as copies), the player's."""
        tr = self.tr
        out: list[tuple[str, str, DeckDraft | None]] = [("empty", tr("decks.start_empty"), None)]
        out += [("ready:" + d.id, tr("decks.start_ready", name=tr.name(d.name)), d) for d in self.kit.ready_decks()]
        out += [("own:" + d.id, tr("decks.start_own", name=tr.name(d.name)), d) for d in self.kit.own_decks()]
        return out

    def build(self) -> None:
        w, h = self.app.size
        S, m = self.S, self.manager
        self.app.last_cards_game = self.game
        self.filters.lang = self.tr.lang
        left_w = S(784)
        self.bar = FilterBar(self, self.kit, self.filters,
                             [[("search", S(330)), ("sort", S(150)), ("cost", S(140))],
                              [("element", S(190)), ("type", S(180)), ("keyword", S(220)), ("rank", S(160))]],
                             S(16), S(56), S(8), S(36))
        top = self.bar.bottom + S(10)
        self.grid = CardGrid(pygame.Rect(S(16), top, left_w, h - top - S(30)), self.kit.face_ratio, S(118), S(10),
                             S(24))
        self.grid.scroll = self.scroll
        self.grid.set_entries(self.filters.apply(self.kit.cards()))
        px = S(16) + left_w + S(22)
        self.panel = pygame.Rect(px, S(10), w - px - S(12), h - S(20))
        pw = self.panel.w - S(20)
        x = px + S(10)
        labels = [self.tr("classic.game_heroes"), self.tr("classic.game_classic")]
        self.game_menu = DropDown(labels, labels[GAMES.index(self.game)],
                                  pygame.Rect(x, S(18), pw, S(36)), m)
        starts = self._starts()
        now = next((label for key, label, _ in starts if key == self.start_key), starts[0][1])
        self.start_menu = DropDown([label for _, label, _ in starts], now,
                                   pygame.Rect(x, S(60), pw, S(36)), m)
        typed = self._typed_name()  # what the field held before the screen was built again (the draft's at first)
        self.name_entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x, S(102), pw, S(36)), m,
                                                              placeholder_text=self.tr("decks.name"))
        self.name_entry.set_text_length_limit(40)
        self.name_entry.set_text(typed)
        bh, y = S(44), h - S(62)
        bw = (pw - S(16)) // 3
        self.yes_b = self.no_b = self.keep_b = self.drop_b = self.stay_b = None
        if self.confirming:
            self.yes_b = pygame_gui.elements.UIButton(pygame.Rect(x, y, (pw - S(8)) // 2, bh),
                                                      self.tr("decks.confirm_yes"), m, object_id="#primary")
            self.no_b = pygame_gui.elements.UIButton(pygame.Rect(x + (pw + S(8)) // 2, y, (pw - S(8)) // 2, bh),
                                                     self.tr("decks.confirm_no"), m)
            self.save_b = self.delete_b = self.back_b = None
            for el in (self.game_menu, self.start_menu, self.name_entry):
                el.disable()
        elif self.leaving is not None:  # save the changes, drop them, or stay
            self.keep_b = pygame_gui.elements.UIButton(pygame.Rect(x, y, bw, bh), self.tr("decks.unsaved_save"), m,
                                                       object_id="#primary")
            self.drop_b = pygame_gui.elements.UIButton(pygame.Rect(x + bw + S(8), y, bw, bh),
                                                       self.tr("decks.unsaved_drop"), m)
            self.stay_b = pygame_gui.elements.UIButton(pygame.Rect(x + 2 * (bw + S(8)), y, bw, bh),
                                                       self.tr("decks.unsaved_stay"), m)
            self.save_b = self.delete_b = self.back_b = None
            for el in (self.game_menu, self.start_menu):
                el.disable()
        else:
            self.save_b = pygame_gui.elements.UIButton(pygame.Rect(x, y, bw, bh), self.tr("decks.save"), m,
                                                       object_id="#primary")
            self.delete_b = pygame_gui.elements.UIButton(pygame.Rect(x + bw + S(8), y, bw, bh),
                                                         self.tr("decks.delete"), m)
            self.back_b = pygame_gui.elements.UIButton(pygame.Rect(x + 2 * (bw + S(8)), y, bw, bh),
                                                       self.tr("decks.back"), m)
            if not (self.draft.own and self.draft.editable):
                self.delete_b.disable()
        self.deck_list.place(pygame.Rect(x, S(186), pw, S(244)), self.tr)  # ten rows, their titles above
        self.chart_rect = pygame.Rect(x, S(438), pw, S(100))

    # ------------------------------------------------------------------ what is shown
    def problems(self) -> list[str]:
        return self.kit.problems(self.draft, self.tr.lang)

    def _entries(self) -> dict:
        return {c.id: c for c in self.kit.cards()}

    def _deck_rows(self) -> list[str]:
        cards = self._entries()

        def key(cid: str):
            c = cards.get(cid)
            return (-1 if c is None or c.cost is None else c.cost, self.tr.name(c.name) if c else cid)

        return sorted(self.draft.counts, key=key)

    def draw_back(self, surface) -> None:
        S = self.S
        title = TEXT.get(self.tr("decks.builder_title"), S(28), GOLD, True)
        surface.blit(title, (S(16), S(12)))
        if self.grid is None:
            return
        t = TEXT.get(self.tr("decks.shown", n=len(self.grid.entries)), S(15), MUTED)
        surface.blit(t, t.get_rect(topright=(self.grid.rect.right, S(22))))
        self.grid.draw(surface, self.app, self.kit, S, counts=self.draft.counts, hover=self.hover,
                       hero=self.draft.hero)
        hint = fit_text(self.tr("decks.hint_builder"), S(14), self.grid.rect.w, MUTED, False, MIN_PX)
        surface.blit(hint, hint.get_rect(midtop=(self.grid.rect.centerx, self.grid.rect.bottom + S(6))))
        pygame.draw.rect(surface, (30, 32, 40), self.panel, border_radius=S(10))
        self._draw_summary(surface)
        self.deck_list.draw(surface)
        self._draw_charts(surface)
        self._draw_verdict(surface)

    def _draw_summary(self, surface) -> None:
        S, tr = self.S, self.tr
        x, y = self.list_rect.x, S(144)
        parts = [tr("decks.size", n=self.draft.size)]
        if self.kit.has_hero:
            hero = self.kit.hero_name(self.draft, tr)
            parts.insert(0, tr("decks.hero", name=hero) if hero else tr("decks.hero_none"))
        t = fit_text(" · ".join(parts), S(16), self.list_rect.w, GOLD if self.draft.hero or not self.kit.has_hero
                     else BAD, True, MIN_PX)
        surface.blit(t, (x, y))

    def list_rows(self) -> list[tuple[str, pygame.Rect, pygame.Rect, pygame.Rect]]:
        """(card, its row, «−», «+») of each deck row in view (ui/decklist.py)."""
        return self.deck_list.rows()

    @property
    def list_rect(self) -> pygame.Rect:
        return self.deck_list.rect

    def _draw_charts(self, surface) -> None:
        S, tr = self.S, self.tr
        r = self.chart_rect
        cards = self._entries()
        small = max(MIN_PX, S(13))
        half = r.w // 2 - S(6)
        t = TEXT.get(tr("decks.curve"), small, MUTED, True)
        surface.blit(t, (r.x, r.y))
        curve = cost_curve(self.draft, cards)
        top = r.y + t.get_height() + S(2)
        base = r.bottom - TEXT.get("0", small, MUTED).get_height()
        bar_w = half // len(COST_BUCKETS)
        peak = max(curve) or 1
        for i, n in enumerate(curve):
            bx = r.x + i * bar_w
            bh = (base - top - S(12)) * n // peak
            if n:
                pygame.draw.rect(surface, GOLD, (bx + S(2), base - bh, bar_w - S(4), bh), border_radius=S(2))
                v = TEXT.get(str(n), small, INK)
                surface.blit(v, v.get_rect(midbottom=(bx + bar_w // 2, base - bh)))
            lab = TEXT.get(COST_BUCKETS[i], small, MUTED)
            surface.blit(lab, lab.get_rect(midtop=(bx + bar_w // 2, base)))
        ex = r.x + half + S(12)
        t = TEXT.get(tr("decks.elements"), small, MUTED, True)
        surface.blit(t, (ex, r.y))
        els = element_counts(self.draft, cards)
        names = dict(self.kit.elements(tr.lang))
        y = r.y + t.get_height() + S(2)
        total = max(els.values(), default=0) or 1
        line_h = TEXT.get("Ag", small, INK).get_height()
        for el, n in sorted(els.items(), key=lambda p: -p[1]):
            if y + line_h > r.bottom:
                break
            lab = fit_text(f"{names.get(el, el)} {n}", small, S(110), INK, False, MIN_PX)
            surface.blit(lab, (ex, y))
            room = r.right - ex - S(116)
            pygame.draw.rect(surface, ELEMENT_COLOURS.get(el, (196, 184, 160)),
                             (ex + S(114), y + line_h // 4, max(S(3), room * n // total), line_h // 2))
            y += line_h

    def _draw_verdict(self, surface) -> None:
        S, tr = self.S, self.tr
        x, y = self.list_rect.x, self.chart_rect.bottom + S(8)
        bottom = self.app.size[1] - S(70)
        width = self.list_rect.w
        text, colour = self.message
        lines: list[tuple[str, tuple, bool]] = []
        if self.confirming:
            lines.append((tr("decks.confirm_delete", name=tr.name(self.draft.name), file=self._file_name()), BAD, True))
        elif self.leaving is not None:
            name = self._typed_name()
            lines.append((tr("decks.unsaved", name=name) if name else tr("decks.unsaved_new"), GOLD, True))
        else:
            problems = self.problems()
            if problems:
                lines.append((tr("decks.illegal"), BAD, True))
                lines += [("• " + p, BAD, False) for p in problems]
            else:
                lines.append((tr("decks.legal"), GOOD, True))
            if self.draft.own and not self.draft.editable:
                lines.append((tr("decks.readonly"), MUTED, False))
            if text:
                lines.insert(0, (text, colour, True))
        size = max(MIN_PX, S(14))
        for line, col, bold in lines:
            for part in TEXT.wrap(line, size, width, bold):
                t = TEXT.get(part, size, col, bold)
                if y + t.get_height() > bottom:
                    return
                surface.blit(t, (x, y))
                y += t.get_height()

    def _file_name(self) -> str:
        from pathlib import Path

        return Path(self.draft.path).name if self.draft.path else ""

    def draw(self, surface) -> None:
        super().draw(surface)
        if self.zoom is not None and self.grid is not None and self.hover == self.zoom:
            rect = next((r for e, r in self.grid.visible() if e.id == self.zoom), None)
            side = "right" if rect is None or rect.centerx < surface.get_width() // 2 else "left"
            area = surface.get_rect().inflate(-self.S(24), -self.S(24))
            draw_zoom(surface, area, zoom_face(self.app, self.kit, self.zoom, area, tall=360),
                      self.kit.zoom_lines(self.zoom, self.tr), self.S, dim=False, text_w=340, side=side)

    # ------------------------------------------------------------------ input
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.hover is None:
            self.hover_t, self.zoom = 0.0, None
            return
        self.hover_t += dt
        if self.hover_t >= HOVER_ZOOM:
            self.zoom = self.hover

    # ------------------------------------------------------------------ changes not saved
    def _typed_name(self) -> str:
        """The deck's name as the field shows it (the draft's before the field is built)."""
        if self.name_entry is not None:
            return self.name_entry.get_text().strip()
        return self.tr.name(self.draft.name).strip() if any(self.draft.name.values()) else ""

    def _state(self) -> tuple:
        return self.draft.hero, tuple(sorted(self.draft.counts.items())), self._typed_name()

    def unsaved(self) -> bool:
        """Has the deck changed since it was started from, or last saved?"""
        return self._state() != self.clean

    def leave_to(self, where: tuple) -> None:
        """Back to the card browser (``("back",)``), to the other game (``("game", name)``) or start over from
        another deck (``("start", key, deck)``): at once, or after asking when there are changes not saved."""
        if self.unsaved():
            self.leaving = where
            self.enter()  # the question's buttons; the drop-downs show the deck still being built
            return
        self._go(where)

    def _go(self, where: tuple) -> None:
        self.leaving = None
        if where[0] == "back":
            self.app.show("cards", game=self.game)
        elif where[0] == "game":
            self.game, self.draft, self.start_key = where[1], DeckDraft(), "empty"
            self.filters, self.scroll, self.deck_list.scroll, self.message = Filters(lang=self.tr.lang), 0, 0, ("", INK)
            self._fresh()
        else:
            self.start_from(where[1], where[2])

    def _fresh(self) -> None:
        """The deck on show is a new starting point (started from, saved, deleted): its name in the field, and
        nothing unsaved."""
        self.name_entry = None
        self.enter()
        self.clean = self._state()

    def _answer_leaving(self, element) -> None:
        """Save the changes and go on, go on without them, or stay with the deck."""
        where, self.leaving = self.leaving, None
        if element is self.keep_b:
            if self.save():
                self._go(where)
            else:  # not written (no name, no hero, a full disk): the deck stays on screen with the reason
                self.enter()
        elif element is self.drop_b:
            self._go(where)
        else:
            self.enter()

    def _menu_open(self) -> bool:
        menus = [self.game_menu, self.start_menu, *self.bar.menus.values()]
        return any(mm.current_state is mm.menu_states["expanded"] for mm in menus)

    def _typing(self) -> bool:
        return self.bar.typing() or self.name_entry.is_focused

    def on_gui_event(self, event) -> None:
        if self.bar.changed(event):
            self.grid.set_entries(self.filters.apply(self.kit.cards()))
            self.scroll = self.grid.scroll
            return
        if event.type != pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            return
        if event.ui_element is self.game_menu:
            labels = [self.tr("classic.game_heroes"), self.tr("classic.game_classic")]
            game = GAMES[labels.index(event.text)] if event.text in labels else self.game
            if game != self.game:
                self.leave_to(("game", game))
        elif event.ui_element is self.start_menu:
            for key, label, deck in self._starts():
                if label == event.text:
                    self.leave_to(("start", key, deck))
                    break

    def start_from(self, key: str, deck: DeckDraft | None) -> None:
        """The deck to build on: empty, a copy of a ready one, or the player's own to change."""
        self.start_key = key
        if deck is None:
            self.draft = DeckDraft()
        elif deck.own:
            self.draft = deck.copy()
        else:
            copy = deck.copy()
            copy.id, copy.own, copy.path, copy.editable = "", False, "", True
            copy.name = {lang: self.tr("decks.copy_of", name=deck.name.get(lang, "")) for lang in ("ru", "en")}
            self.draft = copy
        self.deck_list.scroll, self.message = 0, ("", INK)
        self._fresh()

    def on_button(self, element) -> None:
        if element is not None and element in (self.keep_b, self.drop_b, self.stay_b):
            self._answer_leaving(element)
        elif element is self.back_b:
            self.leave_to(("back",))
        elif element is self.save_b:
            self.save()
        elif element is self.delete_b and self.draft.own and self.draft.editable:
            self.confirming = True
            self.enter()
        elif element is self.yes_b:
            self.delete()
        elif element is self.no_b:
            self.confirming = False
            self.enter()

    def save(self) -> bool:
        """Write the deck to the player's folder (a new deck gets an id from its name); the name field renames."""
        name = self.name_entry.get_text().strip()
        if not name:
            self.message = (self.tr("decks.need_name"), BAD)
            return False
        draft = self.draft.copy()
        if name != self.tr.name(draft.name):
            draft.name = {"ru": name, "en": name}
        if not (draft.own and draft.editable):
            draft.id = deck_id(name, self.kit.taken_ids())
            draft.own, draft.path = False, ""
        try:
            saved = self.kit.save(draft)
        except DeckFileError as exc:
            self.message = (exc.text(self.tr.lang), BAD)
            return False
        self.draft = saved
        self.start_key = "own:" + saved.id
        self.message = (self.tr("decks.saved", name=self.tr.name(saved.name), file=self._file_name()), GOOD)
        self._fresh()
        return True

    def delete(self) -> None:
        name = self.tr.name(self.draft.name)
        self.confirming = False
        try:
            self.kit.delete(self.draft)
        except DeckFileError as exc:
            self.message = (exc.text(self.tr.lang), BAD)
            self.enter()
        else:
            self.draft, self.start_key = DeckDraft(), "empty"
            self.message = (self.tr("decks.deleted", name=name), GOOD)
            self._fresh()

    def _card_click(self, pos, button: int) -> bool:
        card = self.grid.card_at(pos) if self.grid is not None else None
        if card is None:
            return False
        if card.hero:
            if button == 1:
                self.draft.hero = card.id
        elif card.deckable:
            self.draft.add(card.id, 1 if button == 1 else -1)
        return True

    def _row_click(self, pos) -> bool:
        for cid, _, minus, plus in self.list_rows():
            if minus.collidepoint(pos):
                self.draft.add(cid, -1)
                return True
            if plus.collidepoint(pos):
                self.draft.add(cid, 1)
                return True
        return False

    def handle_event(self, event) -> None:
        busy = self.confirming or self.leaving is not None or self._menu_open()
        if event.type == pygame.KEYDOWN and not self._typing():
            if event.key == pygame.K_ESCAPE:
                if self.confirming or self.leaving is not None:  # Esc answers «no»: the deck stays as it is
                    self.confirming, self.leaving = False, None
                    self.enter()
                else:
                    self.leave_to(("back",))
                return
            if self.hover is not None and not busy and event.key in ADD_KEYS + REMOVE_KEYS:
                card = next((c for c in self.grid.entries if c.id == self.hover), None)
                if card is not None and card.deckable:
                    self.draft.add(card.id, 1 if event.key in ADD_KEYS else -1)
                return
        if event.type == pygame.MOUSEMOTION and self.grid is not None:
            card = None if busy else self.grid.card_at(event.pos)
            key = card.id if card is not None else None
            if key != self.hover:
                self.hover, self.hover_t, self.zoom = key, 0.0, None
        if event.type == pygame.MOUSEWHEEL and not busy:
            pos = pygame.mouse.get_pos()
            if self.grid is not None and self.grid.rect.collidepoint(pos):
                self.grid.wheel(event.y)
                self.scroll = self.grid.scroll
                return
            if self.list_rect.collidepoint(pos):
                self.deck_list.wheel(event.y)
                return
        if event.type == pygame.MOUSEMOTION:
            self.deck_list.drag(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.deck_list.release()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not busy and self.deck_list.press(event.pos):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) and not busy:
            if self._card_click(event.pos, event.button) or event.button == 1 and self._row_click(event.pos):
                super().handle_event(event)  # the manager still sees the click: a focused text box lets go
                return
        super().handle_event(event)
