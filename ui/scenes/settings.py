"""Settings: window size, full screen, animation speed, sound volume and mute, language, open hands, tips.

What the player changes here is stored (and applied at once); nothing else is: command-line flags
and F11 last one run.
"""

from __future__ import annotations

import pygame
import pygame_gui

from ui.fonts import MIN_PX, TEXT
from ui.scene import GuiScene
from ui.settings import ANIM_SPEEDS, VOLUMES, WINDOW_SIZES
from ui.widgets.dropdown import DropDown
from ui.window import desktop_size, sizes_that_fit

LANG_NAMES = {"ru": "Русский", "en": "English"}


class SettingsScene(GuiScene):
    unsaved = ""  # why the last change could not be stored (shown under the settings), "" when it was

    def build(self) -> None:
        w, h = self.app.size
        st = self.app.settings
        cw = self.S(420)
        x = (w - cw) // 2
        lx = x - self.S(300)
        y = self.S(140)
        self.rows = []

        def label(text: str) -> None:
            pygame_gui.elements.UILabel(pygame.Rect(lx, y, self.S(290), self.S(40)), text, self.manager)

        label(self.tr("settings.window"))
        self.sizes = self._size_options()
        cur = self._current_size()
        self.size_menu = DropDown(list(self.sizes), cur, pygame.Rect(x, y, cw, self.S(40)), self.manager)
        y += self.S(50)
        label(self.tr("settings.fullscreen"))
        self.full_b = pygame_gui.elements.UIButton(pygame.Rect(x, y, cw, self.S(40)), self._onoff(self.app.fullscreen),
                                                   self.manager)
        y += self.S(50)
        label(self.tr("settings.anim"))
        self.anim_names = [self.tr(f"settings.anim_{i}") for i in range(len(ANIM_SPEEDS))]
        idx = min(range(len(ANIM_SPEEDS)), key=lambda i: abs(ANIM_SPEEDS[i] - st.anim_speed))
        self.anim_menu = DropDown(self.anim_names, self.anim_names[idx],
                                  pygame.Rect(x, y, cw, self.S(40)), self.manager)
        y += self.S(50)
        label(self.tr("settings.volume"))
        # the loudness and, beside it, mute: muting keeps the chosen loudness for when the sound comes back
        mw = self.S(150)
        self.vol_names = [f"{round(v * 100)} %" for v in VOLUMES]
        vi = min(range(len(VOLUMES)), key=lambda i: abs(VOLUMES[i] - st.volume))
        self.vol_menu = DropDown(self.vol_names, self.vol_names[vi],
                                 pygame.Rect(x, y, cw - mw - self.S(8), self.S(40)),
                                 self.manager)
        self.mute_b = pygame_gui.elements.UIButton(pygame.Rect(x + cw - mw, y, mw, self.S(40)), self._mute_text(),
                                                   self.manager)
        y += self.S(50)
        label(self.tr("settings.lang"))
        self.lang_menu = DropDown(list(LANG_NAMES.values()), LANG_NAMES[self.app.lang],
                                  pygame.Rect(x, y, cw, self.S(40)), self.manager)
        y += self.S(50)
        label(self.tr("settings.open_hands"))
        self.open_b = pygame_gui.elements.UIButton(pygame.Rect(x, y, cw, self.S(40)), self._onoff(st.open_hands),
                                                   self.manager)
        y += self.S(50)
        label(self.tr("settings.tips"))
        self.tips_b = pygame_gui.elements.UIButton(pygame.Rect(x, y, cw, self.S(40)), self._onoff(st.tips),
                                                   self.manager)
        self.note_y = y + self.S(48)  # why the window is not the size asked, under the form
        bw, bh = self.S(220), self.S(50)
        self.back_b = pygame_gui.elements.UIButton(pygame.Rect((w - bw) // 2, h - self.S(100), bw, bh),
                                                   self.tr("settings.done"), self.manager, object_id="#primary")

    def _store(self) -> None:
        """Keep the settings on disk; when the disk refuses (full, read-only) the screen says so."""
        why = self.app.settings.save()
        self.unsaved = "" if why is None else self.tr("settings.not_saved", reason=why)

    def _desktop(self) -> tuple[int, int] | None:
        return None if self.app.headless else desktop_size()

    def _size_options(self) -> dict[str, tuple[tuple[int, int], bool]]:
        """Each size on offer by its label: (the size, whether it is the whole screen). The windows that fit the
        display with their frame, and the display's own size as full screen (a window that large does not fit)."""
        desk = self._desktop()
        out = {f"{a}×{b}": ((a, b), False) for a, b in sizes_that_fit(WINDOW_SIZES, desk)}
        if desk is not None:
            out[self.tr("settings.size_full", size=f"{desk[0]}×{desk[1]}")] = ((desk[0], desk[1]), True)
        now = tuple(self.app.window)
        if self._current_size(out) not in out:  # a size of its own (the hand on the window's corner, a shrunk one)
            out[f"{now[0]}×{now[1]}"] = (now, False)  # type: ignore[assignment]
        return out

    def _current_size(self, options: dict | None = None) -> str:
        """The option the window is at now: full screen at the display's size, else the window's own size."""
        options = self.sizes if options is None else options
        now = tuple(self.app.window)
        for label, (size, full) in options.items():
            if (full and self.app.fullscreen) or (not full and not self.app.fullscreen and size == now):
                return label
        return f"{now[0]}×{now[1]}"

    def size_note(self) -> str:
        """Why the window is not the size stored (it did not fit the display), or nothing."""
        st, desk = self.app.settings, self._desktop()
        asked, got = tuple(st.window), tuple(self.app.window)
        if self.app.fullscreen or desk is None or asked == got:
            return ""
        full = next(label for label, (_, whole) in self.sizes.items() if whole)  # the display's own size
        return self.tr("settings.shrunk", asked=f"{asked[0]}×{asked[1]}", got=f"{got[0]}×{got[1]}",
                       screen=f"{desk[0]}×{desk[1]}", full=full)

    def _mute_text(self) -> str:
        return self.tr("settings.muted" if self.app.settings.mute else "settings.sound_on")

    def _onoff(self, v: bool) -> str:
        return self.tr("settings.on" if v else "settings.off")

    def draw_back(self, surface) -> None:
        t = TEXT.get(self.tr("settings.title"), self.S(40), (240, 200, 110), True)
        surface.blit(t, t.get_rect(center=(surface.get_width() // 2, self.S(60))))
        note = self.size_note()
        if note:
            size = max(MIN_PX, self.S(15))
            for i, line in enumerate(TEXT.wrap(note, size, self.S(760))[:3]):
                n = TEXT.get(line, size, (240, 190, 120))
                surface.blit(n, n.get_rect(midtop=(surface.get_width() // 2, self.note_y + i * n.get_height())))
        hint = TEXT.get(self.tr("settings.where", path=str(_where())), self.S(13), (120, 126, 138))
        surface.blit(hint, hint.get_rect(midbottom=(surface.get_width() // 2, surface.get_height() - self.S(12))))
        if self.unsaved:
            warn = TEXT.get(self.unsaved, self.S(15), (255, 140, 120))
            surface.blit(warn, warn.get_rect(midbottom=(surface.get_width() // 2, surface.get_height() - self.S(108))))

    def on_gui_event(self, event) -> None:
        st = self.app.settings
        if event.type != pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            return
        if event.ui_element is self.size_menu:
            chosen = self.sizes.get(event.text)
            if chosen is None:
                return
            (a, b), full = chosen
            # the display's own size is the whole screen; any other size a window (leaving full screen)
            st.window = self.app.window = (a, b)
            st.fullscreen = self.app.fullscreen = full
            self._store()
            self.app.apply_window()  # the screen is built again at the size it really opened at
        elif event.ui_element is self.anim_menu and event.text in self.anim_names:
            st.anim_speed = ANIM_SPEEDS[self.anim_names.index(event.text)]
            self._store()
        elif event.ui_element is self.vol_menu and event.text in self.vol_names:
            st.volume = VOLUMES[self.vol_names.index(event.text)]
            st.mute = False  # choosing a loudness means to hear it
            self._store()
            self.mute_b.set_text(self._mute_text())
            self.app.sound.play("card")  # a sample at the new loudness
        elif event.ui_element is self.lang_menu:
            for code, name in LANG_NAMES.items():
                if name == event.text and code != self.app.lang:
                    self.app.set_lang(code)
                    st.lang = code
                    self._store()
                    self.enter()  # rebuild in the new language

    def on_button(self, element) -> None:
        st = self.app.settings
        if element is self.full_b:
            st.fullscreen = not self.app.fullscreen
            self._store()
            if self.app.headless:
                self.app.fullscreen = st.fullscreen
                self.full_b.set_text(self._onoff(st.fullscreen))
            else:
                self.app.toggle_fullscreen()
        elif element is self.open_b:
            st.open_hands = not st.open_hands
            self._store()
            self.open_b.set_text(self._onoff(st.open_hands))
        elif element is self.tips_b:
            st.tips = not st.tips
            self._store()
            self.tips_b.set_text(self._onoff(st.tips))
        elif element is self.mute_b:
            st.mute = not st.mute
            self._store()
            self.mute_b.set_text(self._mute_text())
            if not st.mute:
                self.app.sound.play("card")
        elif element is self.back_b:
            self.back()

    def back(self) -> None:
        self.app.show("menu")

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        super().handle_event(event)


def _where():
    from ui.settings import config_dir

    return config_dir() / "settings.json"
