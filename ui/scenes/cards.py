"""«Мои карты»: every card of the chosen game, built-in and the player's own, as a grid of faces with
search (name and text, ru and en), filters, sorting, the wheel, and a close look with the keywords'
reminders; from here the deck builder and the list of the player's files that were skipped.

The game's cards and faces come from its client's ``decks`` kit (ui/rulesets.py), so this scene imports
no game."""

from __future__ import annotations

import pygame
import pygame_gui

from ui.cardgrid import CardGrid, FilterBar, draw_zoom, zoom_face
from ui.deckdraft import Filters
from ui.fonts import TEXT
from ui.rulesets import find_client
from ui.scene import GuiScene
from ui.widgets.dropdown import DropDown

GAMES = ("heroes", "classic")


def skipped_count() -> int:
    """Every player's file, card or deck of both games that did not load."""
    return sum(len(find_client(g).decks.skipped()) for g in GAMES)


class CardsScene(GuiScene):
    """The card browser (scene ``cards``; ``game=`` "heroes" or "classic")."""

    def __init__(self, app, game: str | None = None) -> None:
        super().__init__(app)
        self.game = game or getattr(app, "last_cards_game", None) or getattr(app, "last_game", "heroes")
        if self.game not in GAMES:
            self.game = "heroes"
        self.filters = Filters(lang=app.tr.lang)
        self.zoom: str | None = None
        self.hover: str | None = None
        self.scroll = 0
        self.grid: CardGrid | None = None

    @property
    def kit(self):
        return find_client(self.game).decks

    def _game_labels(self) -> list[str]:
        return [self.tr("classic.game_heroes"), self.tr("classic.game_classic")]

    def build(self) -> None:
        w, h = self.app.size
        S, m = self.S, self.manager
        self.app.last_cards_game = self.game
        self.filters.lang = self.tr.lang
        labels = self._game_labels()
        self.game_menu = DropDown(labels, labels[GAMES.index(self.game)],
                                  pygame.Rect(S(16), S(62), S(250), S(38)), m)
        self.bar = FilterBar(self, self.kit, self.filters,
                             [[("search", S(330)), ("sort", S(170))],
                              [("element", S(180)), ("type", S(170)), ("cost", S(130)), ("keyword", S(250)),
                               ("rank", S(170))]],
                             S(276), S(62), S(8), S(38))
        top = self.bar.bottom + S(12)
        rect = pygame.Rect(S(16), top, w - S(40), h - top - S(90))
        self.grid = CardGrid(rect, self.kit.face_ratio, S(132), S(10), S(22))
        self.grid.scroll = self.scroll
        self.refilter()
        bw, bh, y = S(250), S(46), h - S(62)
        n = skipped_count()
        self.back_b = pygame_gui.elements.UIButton(pygame.Rect(S(16), y, S(170), bh), self.tr("decks.back"), m)
        self.build_b = pygame_gui.elements.UIButton(pygame.Rect(w - bw - S(16), y, bw, bh), self.tr("decks.builder"),
                                                    m, object_id="#primary")
        self.files_b = pygame_gui.elements.UIButton(
            pygame.Rect(w - 2 * bw - S(32), y, bw, bh),
            self.tr("decks.skipped", n=n) if n else self.tr("decks.skipped_none"), m)
        self.reload_b = pygame_gui.elements.UIButton(pygame.Rect(w - 2 * bw - S(48) - S(170), y, S(170), bh),
                                                     self.tr("cards.reload"), m)

    def refilter(self) -> None:
        self.grid.set_entries(self.filters.apply(self.kit.cards()))
        self.scroll = self.grid.scroll

    # ------------------------------------------------------------------ drawing
    def draw_back(self, surface) -> None:
        title = TEXT.get(self.tr("decks.browser_title"), self.S(32), (240, 200, 110), True)
        surface.blit(title, title.get_rect(midtop=(surface.get_width() // 2, self.S(12))))
        if self.grid is None:
            return
        t = TEXT.get(self.tr("decks.shown", n=len(self.grid.entries)), self.S(16), (160, 166, 178))
        surface.blit(t, t.get_rect(topright=(surface.get_width() - self.S(16), self.S(24))))
        self.grid.draw(surface, self.app, self.kit, self.S, hover=self.hover)
        hint = TEXT.get(self.tr("decks.hint_browser"), self.S(14), (160, 166, 178))
        surface.blit(hint, hint.get_rect(midtop=(self.grid.rect.centerx, self.grid.rect.bottom + self.S(4))))

    def draw(self, surface) -> None:
        super().draw(surface)
        if self.zoom is not None and self.grid is not None:
            area = surface.get_rect()
            draw_zoom(surface, area, zoom_face(self.app, self.kit, self.zoom, area),
                      self.kit.zoom_lines(self.zoom, self.tr), self.S)

    # ------------------------------------------------------------------ input
    def on_gui_event(self, event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.game_menu:
            game = GAMES[self._game_labels().index(event.text)] if event.text in self._game_labels() else self.game
            if game != self.game:
                self.game, self.filters, self.scroll, self.zoom = game, Filters(lang=self.tr.lang), 0, None
                self.enter()
            return
        if self.bar.changed(event):
            self.refilter()

    def on_button(self, element) -> None:
        if element is self.back_b:
            self.app.show("menu")
        elif element is self.build_b:
            self.app.show("deckbuilder", game=self.game)
        elif element is self.files_b:
            self.app.show("own_files")
        elif element is self.reload_b:
            for g in GAMES:
                find_client(g).decks.reload()
            self.enter()

    def handle_event(self, event) -> None:
        if self.zoom is not None:  # the close look: any click, Esc or key closes it
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
                self.zoom = None
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.bar.typing():
            self.app.show("menu")
            return
        if event.type == pygame.MOUSEWHEEL and self.grid is not None:
            pos = pygame.mouse.get_pos()
            if self.grid.rect.collidepoint(pos) and not self._menu_open():
                self.grid.wheel(event.y)
                self.scroll = self.grid.scroll
                return
        if event.type == pygame.MOUSEMOTION and self.grid is not None:
            card = self.grid.card_at(event.pos)
            self.hover = card.id if card is not None and not self._menu_open() else None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3) and self.grid is not None \
                and not self._menu_open():
            card = self.grid.card_at(event.pos)
            if card is not None:
                self.zoom = card.id
                super().handle_event(event)  # the manager still sees the click: a focused text box lets go
                return
        super().handle_event(event)

    def _menu_open(self) -> bool:
        """Is a drop-down's list open (its options lie over the grid and take the clicks)?"""
        menus = [self.game_menu, *self.bar.menus.values()]
        return any(mm.current_state is mm.menu_states["expanded"] for mm in menus)
