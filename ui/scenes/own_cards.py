"""The player's files (reached from «Мои карты», the card browser): the own cards and decks that loaded,
where the folders are, and every card or deck file of either game that was skipped with its file, card,
field and reason.

A file may hold tens of thousands of broken cards (a card file may be 1 MiB): each file's problems are
summarised (its first few in full, the rest counted, with the command that lists them all), and the page
is laid out a page of lines at a time (pygame_gui's text box lays out everything it is given, in time that
grows with the square of its length), with buttons and PageUp/PageDown to turn the pages.
"""

from __future__ import annotations

import html
from pathlib import Path

import pygame
import pygame_gui

from ui.fonts import TEXT
from ui.rulesets import find_client
from ui.scene import GuiScene

PER_FILE = 5  # problems of one file shown in full; the rest are counted
PAGE_LINES = 50  # lines laid out at a time (about two screens)
MUTED = "#A0A6B2"


def _content():
    """The player's own cards and decks are «Герои» content (ui/heroes/content.py), found through its client."""
    return find_client("heroes").content


def _skipped() -> list[tuple[str, list]]:
    """(the check command's ruleset option, the errors) for each game: what was skipped, in load order."""
    return [("", list(_content().skipped())), (" --ruleset classic", list(find_client("classic").decks.skipped()))]


def by_file(errors: list) -> list[tuple[str, list]]:
    """The errors grouped by their file, in the order the files first appear (one pass over them)."""
    groups: dict[str, list] = {}
    for err in errors:
        groups.setdefault(err.file or "?", []).append(err)
    return list(groups.items())


def skipped_lines(tr) -> list[str]:
    """Plain lines, file by file: each file's first PER_FILE problems in the player's language (file by its
    name, card, field, reason), then how many more the file has and how to list them all."""
    lines = []
    for option, errors in _skipped():
        for file, errs in by_file(errors):
            name = Path(file).name if file != "?" else "?"
            lines += [err.reason(tr.lang, file=name) for err in errs[:PER_FILE]]
            if len(errs) > PER_FILE:
                folder = Path(file).parent if file != "?" else Path(".")
                lines.append(tr("cards.more", n=len(errs) - PER_FILE, name=name,
                                command=f'python -m engine.cards check "{folder}"{option}'))
    return lines


def page_lines(tr) -> list[str]:
    """Every line of the page as HTML (a line may wrap on screen): the folders, the own cards and decks, the
    skipped files summarised, the help."""
    from saves.paths import user_cards_dir, user_classic_dir, user_decks_dir

    e = html.escape
    _, decks = _content().game_content()
    classic = find_client("classic").decks
    own = [*_content().own_cards(), *(c for c in classic.cards() if c.own)]
    own_decks = [(d.deck.name, d.id) for d in decks if d.own] + [(d.name, d.id) for d in classic.own_decks()]
    bad = sum(len(errors) for _, errors in _skipped())
    lines = [e(tr("cards.where", cards=str(user_cards_dir()), decks=str(user_decks_dir()))), "",
             e(tr("cards.where_classic", folder=str(user_classic_dir()))), "",
             f"<b>{e(tr('cards.loaded', n=len(own)))}</b>"]
    lines += [f"{e(tr.name(c.name))} <font color='{MUTED}'>({e(c.id)})</font>" for c in own]
    lines += ["", f"<b>{e(tr('cards.decks', n=len(own_decks)))}</b>"]
    lines += [f"{e(tr.name(name))} <font color='{MUTED}'>({e(did)})</font>" for name, did in own_decks]
    lines.append("")
    if bad:
        lines.append(f"<b><font color='#FF8C78'>{e(tr('cards.skipped', n=bad))}</font></b>")
        lines += [e(line) for line in skipped_lines(tr)]
    else:
        lines.append(e(tr("cards.none_skipped")))
    lines += ["", f"<font color='{MUTED}'>{e(tr('cards.help'))}</font>"]
    return lines


def pages(lines: list[str]) -> list[str]:
    """The lines as pages of at most PAGE_LINES, each one HTML text (at least one page)."""
    return ["<br>".join(lines[i:i + PAGE_LINES]) for i in range(0, max(1, len(lines)), PAGE_LINES)]


def page_html(tr) -> str:
    """The whole page as one HTML text (every page's lines; for tests and tools, not laid out at once)."""
    return "<br>".join(page_lines(tr))


class OwnCardsScene(GuiScene):
    """«Мои файлы»: what of the player's own loaded, where it goes, what was skipped and why."""

    page = 0  # which page of lines is shown

    def build(self) -> None:
        w, h = self.app.size
        self.rect = pygame.Rect(int(w * 0.1), self.S(96), int(w * 0.8), h - self.S(96) - self.S(90))
        size = max(10, int(round(16 * self.s)))
        self.manager.preload_fonts([{"name": "noto_sans", "point_size": size, "style": "bold", "antialiased": "1"}])
        self.pages = pages(page_lines(self.tr))
        self.page = min(self.page, len(self.pages) - 1)
        self.box = pygame_gui.elements.UITextBox(self.pages[self.page], self.rect, self.manager)
        bw, bh = self.S(220), self.S(46)
        y = h - self.S(70)
        self.back_b = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - bw - self.S(10), y, bw, bh),
                                                   self.tr("common.back"), self.manager)
        self.reload_b = pygame_gui.elements.UIButton(pygame.Rect(w // 2 + self.S(10), y, bw, bh),
                                                     self.tr("cards.reload"), self.manager)
        pw = self.S(56)
        self.prev_b = pygame_gui.elements.UIButton(pygame.Rect(self.rect.right - 2 * pw - self.S(8), y, pw, bh), "‹",
                                                   self.manager)
        self.next_b = pygame_gui.elements.UIButton(pygame.Rect(self.rect.right - pw, y, pw, bh), "›", self.manager)
        self._sync()

    def _sync(self) -> None:
        more = len(self.pages) > 1
        for b, ok in ((self.prev_b, self.page > 0), (self.next_b, self.page < len(self.pages) - 1)):
            b.show() if more else b.hide()
            b.enable() if ok else b.disable()

    def turn(self, step: int) -> None:
        """Show the page ``step`` pages on (back when negative), if there is one."""
        page = max(0, min(len(self.pages) - 1, self.page + step))
        if page != self.page:
            self.page = page
            self.box.set_text(self.pages[page])
            self._sync()

    def draw_back(self, surface) -> None:
        title = TEXT.get(self.tr("cards.files_title"), self.S(34), (240, 200, 110), True)
        surface.blit(title, title.get_rect(midtop=(surface.get_width() // 2, self.S(28))))
        if len(self.pages) > 1:
            label = TEXT.get(self.tr("cards.page", n=self.page + 1, of=len(self.pages)), self.S(15), (160, 166, 178))
            surface.blit(label, label.get_rect(midright=(self.prev_b.relative_rect.x - self.S(12),
                                                         self.prev_b.relative_rect.centery)))

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
        elif element is self.prev_b:
            self.turn(-1)
        elif element is self.next_b:
            self.turn(1)

    def back(self) -> None:
        self.app.show("cards")

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.turn(1 if event.key == pygame.K_PAGEDOWN else -1)
            return
        super().handle_event(event)
