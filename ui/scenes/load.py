"""The saves screen: every save with its picture, date, ruleset, players and turn; load, watch as a
replay, rename, delete (after asking). Broken files are listed with the reason and can be deleted.

A failed load changes nothing on disk (saves.manager never writes while reading).
"""

from __future__ import annotations

import pygame
import pygame_gui

from engine.ai import level_label
from saves.errors import SaveError
from ui import storage
from ui.fonts import TEXT
from ui.loading import open_replay, open_saved
from ui.scene import GuiScene
from ui.thumbs import load_thumb
from ui.widgets.arming import Drawn

GOLD = (240, 200, 110)
INK = (225, 228, 236)
MUTED = (160, 166, 178)
ERROR = (255, 140, 120)
ROW = (30, 32, 40)
ROW_SEL = (60, 66, 86)
FELT = (30, 52, 44)
DOUBLE_CLICK_S = 0.4  # in the scene's frame time, the clock arming keeps (ui/widgets/arming.py)


class LoadScene(GuiScene):
    """The saves screen (the menu's «Загрузить»)."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.files = storage.everything(app.saves_dir)
        self.sel = 0 if self.files else -1
        self.scroll = 0
        self.mode = "browse"  # "browse" | "rename" | "delete"
        self.error = ""
        self.notice = ""
        self.mouse = (0, 0)
        # the last click on a row: (its file, when in frame time), for double clicks
        self._click: tuple[object, float] = (None, float("-inf"))

    # ------------------------------------------------------------------ geometry
    def list_rect(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(self.S(30), self.S(96), int(w * 0.6), h - self.S(96) - self.S(86))

    def detail_rect(self) -> pygame.Rect:
        w, _ = self.app.size
        lr = self.list_rect()
        x = lr.right + self.S(20)
        return pygame.Rect(x, lr.y, w - x - self.S(30), lr.h)

    @property
    def row_h(self) -> int:
        return self.S(92)

    def visible_rows(self) -> int:
        return max(1, self.list_rect().h // self.row_h)

    def row_at(self, pos) -> int | None:
        lr = self.list_rect()
        if not lr.collidepoint(pos):
            return None
        i = self.scroll + (pos[1] - lr.y) // self.row_h
        return i if 0 <= i < len(self.files) else None

    def row(self, i: int) -> Drawn:
        """Row ``i`` as the screen draws it: its slot in the list (none while scrolled out of sight), and the
        file it stands for, wherever it is drawn (a list scrolled or shortened moves a row, it is the same)."""
        lr = self.list_rect()
        slot = pygame.Rect(lr.x, lr.y + (i - self.scroll) * self.row_h, lr.w, self.row_h)
        return Drawn(slot.clip(lr), ("save", self.files[i].path))

    def drawn(self) -> list[Drawn]:
        return [self.row(i) for i in range(len(self.files))]

    def takes_row(self, i: int) -> bool:
        """May a click that begins now on row ``i`` choose it? Not one the screen put under the pointer a moment
        ago (it opened where the menu's «Загрузить» was clicked, or came back from a replay)."""
        return self.arming.takes(self.row(i))

    @property
    def info(self):
        return self.files[self.sel] if 0 <= self.sel < len(self.files) else None

    # ------------------------------------------------------------------ widgets
    def build(self) -> None:
        w, h = self.app.size
        d = self.detail_rect()
        bw = (d.w - self.S(12)) // 2
        bh = self.S(44)
        y2 = d.bottom - bh
        y1 = y2 - bh - self.S(10)
        B = pygame_gui.elements.UIButton
        self.open_b = B(pygame.Rect(d.x, y1, bw, bh), self.tr("load.open"), self.manager, object_id="#primary")
        self.replay_b = B(pygame.Rect(d.x + bw + self.S(12), y1, bw, bh), self.tr("saves.replay"), self.manager)
        self.rename_b = B(pygame.Rect(d.x, y2, bw, bh), self.tr("saves.rename"), self.manager)
        self.delete_b = B(pygame.Rect(d.x + bw + self.S(12), y2, bw, bh), self.tr("saves.delete"), self.manager)
        self.yes_b = B(pygame.Rect(d.x, y2, bw, bh), self.tr("saves.ok"), self.manager, object_id="#primary")
        self.no_b = B(pygame.Rect(d.x + bw + self.S(12), y2, bw, bh), self.tr("saves.cancel"), self.manager)
        self.entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(d.x, y1, d.w, bh), self.manager)
        self.entry.set_text_length_limit(80)
        self.back_b = B(pygame.Rect(self.S(30), h - self.S(66), self.S(200), self.S(46)), self.tr("common.back"),
                        self.manager)
        self._sync()

    def _sync(self) -> None:
        """Show the buttons of the current mode; enable what the selected file allows."""
        browse = self.mode == "browse"
        for b in (self.open_b, self.replay_b, self.rename_b, self.delete_b):
            b.show() if browse else b.hide()
        for b in (self.yes_b, self.no_b):
            b.hide() if browse else b.show()
        self.entry.show() if self.mode == "rename" else self.entry.hide()
        info = self.info
        for b, ok in ((self.open_b, info is not None and info.ok), (self.replay_b, info is not None and info.ok),
                      (self.rename_b, info is not None), (self.delete_b, info is not None)):
            b.enable() if ok else b.disable()
        if self.mode == "delete":
            self.yes_b.set_text(self.tr("saves.delete_yes"))
        elif self.mode == "rename":
            self.yes_b.set_text(self.tr("saves.rename_ok"))

    def reload(self, keep=None) -> None:
        """Re-read the folder; keep the selection on ``keep`` (a path) when it is still there."""
        self.files = storage.everything(self.app.saves_dir)
        self._click = (None, float("-inf"))  # a click before the list changed is not half of a double click
        paths = [i.path for i in self.files]
        if keep in paths:
            self.sel = paths.index(keep)
        else:
            self.sel = min(max(self.sel, 0), len(self.files) - 1)
        self.scroll = max(0, min(self.scroll, len(self.files) - self.visible_rows()))
        self._sync()

    def select(self, i: int) -> None:
        if not self.files:
            return
        self.sel = max(0, min(i, len(self.files) - 1))
        if self.sel < self.scroll:
            self.scroll = self.sel
        elif self.sel >= self.scroll + self.visible_rows():
            self.scroll = self.sel - self.visible_rows() + 1
        self.error = ""
        self.mode = "browse"
        self._sync()

    # ------------------------------------------------------------------ actions
    def open(self) -> None:
        info = self.info
        if info is not None and info.ok:
            self._failed(info, open_saved(self.app, info.path))

    def replay(self) -> None:
        info = self.info
        if info is not None and info.ok:
            self._failed(info, open_replay(self.app, info.path, LoadScene(self.app), storage.title(info, self.tr)))

    def _failed(self, info, error: str | None) -> None:
        """A save that would not open says why, and its row is shown broken from now on (the list reads the
        files without replaying them; the full check found what reading did not)."""
        if error:
            self.reload(keep=info.path)
            self.error = "" if self.info is not None and not self.info.ok else error  # the row says it now

    def ask(self, mode: str) -> None:
        if self.info is None:
            return
        self.mode = mode
        self.error = ""
        if mode == "rename":
            self.entry.set_text(storage.title(self.info, self.tr))
            self.manager.set_focus_set(self.entry)
        self._sync()

    def confirm(self) -> None:
        info = self.info
        mode, self.mode = self.mode, "browse"
        if info is None:
            self._sync()
            return
        try:
            if mode == "delete":
                storage.delete(info.path, self.app.saves_dir)
                self.notice = self.tr("saves.deleted", name=storage.title(info, self.tr))
                self.reload()
            elif mode == "rename":
                new = storage.rename(info.path, self.entry.get_text(), self.app.saves_dir)
                self.notice = self.tr("saves.renamed", name=new.stem)
                self.reload(keep=new)
        except SaveError as exc:
            self.error = exc.message(self.tr.lang)
            self.mode = mode if mode == "rename" else "browse"
            self.reload(keep=info.path)

    def cancel(self) -> None:
        self.mode = "browse"
        self._sync()

    def on_button(self, element) -> None:
        if element is self.back_b:
            self.leave_to_menu()
        elif element is self.open_b:
            self.open()
        elif element is self.replay_b:
            self.replay()
        elif element is self.rename_b:
            self.ask("rename")
        elif element is self.delete_b:
            self.ask("delete")
        elif element is self.yes_b:
            self.confirm()
        elif element is self.no_b:
            self.cancel()

    def leave_to_menu(self) -> None:
        self.app.show("menu")

    def handle_event(self, event) -> None:
        t = event.type
        typing = self.mode == "rename" and self.entry.is_focused
        if t == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            if self.mode == "rename" and event.ui_element is self.entry:
                self.confirm()
            return
        if t == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.cancel() if self.mode != "browse" else self.leave_to_menu()
                return
            if not typing and self._key(event.key):
                return
        elif t == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif t == pygame.MOUSEWHEEL and self.list_rect().collidepoint(self.mouse):
            self.scroll = max(0, min(self.scroll - event.y, len(self.files) - self.visible_rows()))
            return
        elif t == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.mode == "browse":
            i = self.row_at(event.pos)
            if i is not None and not self.takes_row(i):
                return  # it appeared under the pointer a moment ago: neither a click nor half of a double click
            if i is not None:
                # frame time, as arming counts it: a slow machine's long frames or a test's quick ones time a
                # double click alike
                now = self.arming.now
                path = self.files[i].path
                again = self._click[0] == path and now - self._click[1] < DOUBLE_CLICK_S
                self._click = (path, now)
                self.select(i)
                if again:
                    self.open()
                return
        super().handle_event(event)

    def _key(self, key: int) -> bool:
        if self.mode == "delete":
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.confirm()
                return True
            return False
        if self.mode != "browse":
            return False
        moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible_rows(),
                 pygame.K_PAGEDOWN: self.visible_rows(), pygame.K_HOME: -len(self.files), pygame.K_END: len(self.files)}
        if key in moves:
            self.select(self.sel + moves[key])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.open()
        elif key == pygame.K_DELETE:
            self.ask("delete")
        elif key == pygame.K_F2:
            self.ask("rename")
        else:
            return False
        return True

    # ------------------------------------------------------------------ drawing
    def _when(self, info) -> str:
        return storage.when(info, self.tr)

    def _facts(self, info) -> list[str]:
        key = f"saves.ruleset_{info.ruleset}"
        ruleset = self.tr(key) if self.tr.has(key) else info.ruleset
        who = " — ".join(self._seat(seat) for seat in info.players)
        turn = self.tr("load.turn", n=info.turn) + (f" · {self.tr('saves.over')}" if info.over else "")
        return [f"{self._when(info)} · {ruleset}", who, turn]

    def _seat(self, seat) -> str:
        """«Аня» for a person, «Бот (компьютер, лёгкий)» for the computer at its saved level."""
        if seat.kind != "computer":
            return seat.name
        level = f", {level_label(seat.level, self.tr.lang).lower()}" if seat.level else ""
        return f"{seat.name} ({self.tr('saves.computer')}{level})"

    def _kind(self, info) -> str:
        return self.tr(f"saves.kind_{info.kind}") if info.kind in ("auto", "quick") else ""

    def draw_back(self, surface) -> None:
        w, h = surface.get_size()
        title = TEXT.get(self.tr("load.title"), self.S(34), GOLD, True)
        surface.blit(title, title.get_rect(midtop=(w // 2, self.S(26))))
        lr = self.list_rect()
        pygame.draw.rect(surface, (22, 24, 30), lr, border_radius=self.S(8))
        if not self.files:
            t = TEXT.get(self.tr("load.none"), self.S(20), MUTED)
            surface.blit(t, t.get_rect(center=lr.center))
        prev = surface.get_clip()
        surface.set_clip(lr)
        for n, info in enumerate(self.files[self.scroll:self.scroll + self.visible_rows() + 1]):
            self._draw_row(surface, self.scroll + n, info, lr)
        surface.set_clip(prev)
        if len(self.files) > self.visible_rows():
            k = self.visible_rows() / len(self.files)
            bar = pygame.Rect(lr.right - self.S(6), lr.y + int(lr.h * self.scroll / len(self.files)), self.S(4),
                              max(self.S(20), int(lr.h * k)))
            pygame.draw.rect(surface, (90, 96, 110), bar, border_radius=self.S(2))
        self._draw_detail(surface)
        if self.notice and not self.error:
            t = TEXT.get(self.notice, self.S(16), MUTED)
            surface.blit(t, t.get_rect(midleft=(self.S(250), h - self.S(43))))

    def _draw_row(self, surface, i: int, info, lr: pygame.Rect) -> None:
        S = self.S
        r = pygame.Rect(lr.x + S(6), lr.y + (i - self.scroll) * self.row_h + S(4), lr.w - S(16), self.row_h - S(8))
        pygame.draw.rect(surface, ROW_SEL if i == self.sel else ROW, r, border_radius=S(8))
        if not info.ok:
            pygame.draw.rect(surface, (150, 60, 50), r, max(1, S(2)), border_radius=S(8))
        box = pygame.Rect(r.x + S(6), r.y + S(6), int((r.h - S(12)) * 1.42), r.h - S(12))
        self._picture(surface, info, box)
        x = box.right + S(12)
        width = r.right - x - S(10)
        name = TEXT.get(storage.title(info, self.tr), S(17), INK, True)
        surface.blit(name, (x, r.y + S(6)), pygame.Rect(0, 0, width, name.get_height()))
        kind = self._kind(info)
        if kind:
            k = TEXT.get(kind, S(13), GOLD)
            surface.blit(k, k.get_rect(topright=(r.right - S(10), r.y + S(8))))
        y = r.y + S(8) + name.get_height()
        lines = self._facts(info)[:1] + [" · ".join(self._facts(info)[1:])] if info.ok else \
            [self._when(info), info.error.message(self.tr.lang)]
        for line, colour in zip(lines, (MUTED, INK) if info.ok else (MUTED, ERROR), strict=True):
            t = TEXT.get(line, S(14), colour)
            surface.blit(t, (x, y), pygame.Rect(0, 0, width, t.get_height()))
            y += t.get_height()

    def _picture(self, surface, info, box: pygame.Rect) -> None:
        pygame.draw.rect(surface, FELT if info.ok else (60, 36, 34), box, border_radius=self.S(4))
        img = load_thumb(info.thumbnail, box.size) if info.ok else None
        if img is not None:
            surface.blit(img, img.get_rect(center=box.center))
        else:
            t = TEXT.get("—" if info.ok else "!", self.S(22), MUTED if info.ok else ERROR, True)
            surface.blit(t, t.get_rect(center=box.center))

    def _draw_detail(self, surface) -> None:
        d = self.detail_rect()
        S = self.S
        info = self.info
        if info is None:
            return
        pic = pygame.Rect(d.x, d.y, d.w, min(int(d.w / 1.42), d.h // 2))
        self._picture(surface, info, pic)
        y = pic.bottom + S(10)
        bottom = self.open_b.relative_rect.y - S(8) if self.mode == "browse" else self.entry.relative_rect.y - S(8)
        lines: list[tuple[str, tuple, bool]] = [(storage.title(info, self.tr), INK, True)]
        if info.ok:
            lines += [(line, MUTED, False) for line in self._facts(info)]
            if self._kind(info):
                lines.append((self._kind(info), GOLD, False))
        else:
            lines.append((self._when(info), MUTED, False))
            lines.append((info.error.message(self.tr.lang), ERROR, False))
        if self.mode == "delete":
            lines.append((self.tr("saves.delete_ask", name=storage.title(info, self.tr)), GOLD, True))
        elif self.mode == "rename":
            lines.append((self.tr("saves.rename_ask"), GOLD, True))
        if self.error:
            lines.append((self.error, ERROR, False))
        for text, colour, bold in lines:
            for line in TEXT.wrap(text, S(15), d.w, bold):
                t = TEXT.get(line, S(15), colour, bold)
                if y + t.get_height() > bottom:
                    return
                surface.blit(t, (d.x, y))
                y += t.get_height()
            y += S(3)
