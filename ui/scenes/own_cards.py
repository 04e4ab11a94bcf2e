"""The player's files (reached from «Мои карты», the card browser): the own cards and decks that loaded,
where the folders are, and every card or deck file of either game that was skipped with its file, card,
field and reason."""

from __future__ import annotations

import html
from pathlib import Path

import pygame
import pygame_gui

from ui.fonts import TEXT
from ui.rulesets import find_client
from ui.scene import GuiScene


def _content():
    """The player's own cards and decks are «Герои» content (ui/heroes/content.py), found through its client."""
    return find_client("heroes").content


def skipped_lines(tr) -> list[str]:
    """One plain line per skipped card or deck of both games in the player's language: file (its name),
    card, field, reason."""
    errors = [*_content().skipped(), *find_client("classic").decks.skipped()]
    return [err.reason(tr.lang, file=Path(err.file).name if err.file else "?") for err in errors]


def page_html(tr) -> str:
    from saves.paths import user_cards_dir, user_classic_dir, user_decks_dir

    e = html.escape
    pool, decks = _content().game_content()
    classic = find_client("classic").decks
    own = [*_content().own_cards(), *(c for c in classic.cards() if c.own)]
    own_decks = [(d.deck.name, d.id) for d in decks if d.own] + [(d.name, d.id) for d in classic.own_decks()]
    bad = skipped_lines(tr)
    parts = [e(tr("cards.where", cards=str(user_cards_dir()), decks=str(user_decks_dir()))),
             e(tr("cards.where_classic", folder=str(user_classic_dir())))]
    parts.append(f"<b>{e(tr('cards.loaded', n=len(own)))}</b>")
    if own:
        parts.append("<br>".join(f"{e(tr.name(c.name))} <font color='#A0A6B2'>({e(c.id)})</font>" for c in own))
    parts.append(f"<b>{e(tr('cards.decks', n=len(own_decks)))}</b>")
    if own_decks:
        parts.append("<br>".join(f"{e(tr.name(name))} <font color='#A0A6B2'>({e(did)})</font>" for name, did in own_decks))
    if bad:
        parts.append(f"<b><font color='#FF8C78'>{e(tr('cards.skipped', n=len(bad)))}</font></b>")
        parts.append("<br>".join(e(line) for line in bad))
    else:
        parts.append(e(tr("cards.none_skipped")))
    parts.append(f"<font color='#A0A6B2'>{e(tr('cards.help'))}</font>")
    return "<br><br>".join(parts)


class OwnCardsScene(GuiScene):
    def build(self) -> None:
        w, h = self.app.size
        rect = pygame.Rect(int(w * 0.1), self.S(96), int(w * 0.8), h - self.S(96) - self.S(90))
        size = max(10, int(round(16 * self.s)))
        self.manager.preload_fonts([{"name": "noto_sans", "point_size": size, "style": "bold", "antialiased": "1"}])
        self.box = pygame_gui.elements.UITextBox(page_html(self.tr), rect, self.manager)
        bw, bh = self.S(220), self.S(46)
        self.back_b = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - bw - self.S(10), h - self.S(70), bw, bh),
                                                   self.tr("common.back"), self.manager)
        self.reload_b = pygame_gui.elements.UIButton(pygame.Rect(w // 2 + self.S(10), h - self.S(70), bw, bh),
                                                     self.tr("cards.reload"), self.manager)

    def draw_back(self, surface) -> None:
        title = TEXT.get(self.tr("cards.files_title"), self.S(34), (240, 200, 110), True)
        surface.blit(title, title.get_rect(midtop=(surface.get_width() // 2, self.S(28))))

    def reload(self) -> None:
        """Read the folders again (after the player edited a file)."""
        for game in ("heroes", "classic"):
            find_client(game).decks.reload()
        self.enter()

    def on_button(self, element) -> None:
        if element is self.back_b:
            self.back()
        elif element is self.reload_b:
            self.reload()

    def back(self) -> None:
        self.app.show("cards")

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        super().handle_event(event)
