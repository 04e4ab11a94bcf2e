"""Settings: window size, full screen, animation speed, sound volume and mute, language, open hands, tips.

What the player changes here is stored (and applied at once); nothing else is: command-line flags
and F11 last one run.
"""

from __future__ import annotations

import pygame
import pygame_gui

from ui.fonts import TEXT
from ui.scene import GuiScene
from ui.settings import ANIM_SPEEDS, VOLUMES, WINDOW_SIZES
from ui.widgets.dropdown import DropDown
from ui.window import desktop_size, sizes_that_fit

LANG_NAMES = {"ru": "Русский", "en": "English"}


class SettingsScene(GuiScene):
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
        fitting = sizes_that_fit(WINDOW_SIZES, None if self.app.headless else desktop_size()) or [WINDOW_SIZES[0]]
        sizes = [f"{a}×{b}" for a, b in fitting]
        cur = f"{self.app.window[0]}×{self.app.window[1]}"
        if cur not in sizes:
            sizes.append(cur)
        self.size_menu = DropDown(sizes, cur, pygame.Rect(x, y, cw, self.S(40)), self.manager)
        y += self.S(56)
        label(self.tr("settings.fullscreen"))
        self.full_b = pygame_gui.elements.UIButton(pygame.Rect(x, y, cw, self.S(40)), self._onoff(self.app.fullscreen),
                                                   self.manager)
        y += self.S(56)
        label(self.tr("settings.anim"))
        self.anim_names = [self.tr(f"settings.anim_{i}") for i in range(len(ANIM_SPEEDS))]
        idx = min(range(len(ANIM_SPEEDS)), key=lambda i: abs(ANIM_SPEEDS[i] - st.anim_speed))
        self.anim_menu = DropDown(self.anim_names, self.anim_names[idx],
                                  pygame.Rect(x, y, cw, self.S(40)), self.manager)
        y += self.S(56)
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
        y += self.S(56)
        label(self.tr("settings.lang"))
        self.lang_menu = DropDown(list(LANG_NAMES.values()), LANG_NAMES[self.app.lang],
                                  pygame.Rect(x, y, cw, self.S(40)), self.manager)
        y += self.S(56)
        label(self.tr("settings.open_hands"))
        self.open_b = pygame_gui.elements.UIButton(pygame.Rect(x, y, cw, self.S(40)), self._onoff(st.open_hands),
                                                   self.manager)
        y += self.S(56)
        label(self.tr("settings.tips"))
        self.tips_b = pygame_gui.elements.UIButton(pygame.Rect(x, y, cw, self.S(40)), self._onoff(st.tips),
                                                   self.manager)
        bw, bh = self.S(220), self.S(50)
        self.back_b = pygame_gui.elements.UIButton(pygame.Rect((w - bw) // 2, h - self.S(100), bw, bh),
                                                   self.tr("settings.done"), self.manager, object_id="#primary")

    def _mute_text(self) -> str:
        return self.tr("settings.muted" if self.app.settings.mute else "settings.sound_on")

    def _onoff(self, v: bool) -> str:
        return self.tr("settings.on" if v else "settings.off")

    def draw_back(self, surface) -> None:
        t = TEXT.get(self.tr("settings.title"), self.S(40), (240, 200, 110), True)
        surface.blit(t, t.get_rect(center=(surface.get_width() // 2, self.S(60))))
        hint = TEXT.get(self.tr("settings.where", path=str(_where())), self.S(13), (120, 126, 138))
        surface.blit(hint, hint.get_rect(midbottom=(surface.get_width() // 2, surface.get_height() - self.S(12))))

    def on_gui_event(self, event) -> None:
        st = self.app.settings
        if event.type != pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            return
        if event.ui_element is self.size_menu:
            try:
                a, b = (int(v) for v in event.text.split("×"))
            except ValueError:
                return
            st.window = self.app.window = (a, b)
            st.save()
            if not self.app.fullscreen:
                self.app.apply_window()
        elif event.ui_element is self.anim_menu and event.text in self.anim_names:
            st.anim_speed = ANIM_SPEEDS[self.anim_names.index(event.text)]
            st.save()
        elif event.ui_element is self.vol_menu and event.text in self.vol_names:
            st.volume = VOLUMES[self.vol_names.index(event.text)]
            st.mute = False  # choosing a loudness means to hear it
            st.save()
            self.mute_b.set_text(self._mute_text())
            self.app.sound.play("card")  # a sample at the new loudness
        elif event.ui_element is self.lang_menu:
            for code, name in LANG_NAMES.items():
                if name == event.text and code != self.app.lang:
                    self.app.set_lang(code)
                    st.lang = code
                    st.save()
                    self.enter()  # rebuild in the new language

    def on_button(self, element) -> None:
        st = self.app.settings
        if element is self.full_b:
            st.fullscreen = not self.app.fullscreen
            st.save()
            if self.app.headless:
                self.app.fullscreen = st.fullscreen
                self.full_b.set_text(self._onoff(st.fullscreen))
            else:
                self.app.toggle_fullscreen()
        elif element is self.open_b:
            st.open_hands = not st.open_hands
            st.save()
            self.open_b.set_text(self._onoff(st.open_hands))
        elif element is self.tips_b:
            st.tips = not st.tips
            st.save()
            self.tips_b.set_text(self._onoff(st.tips))
        elif element is self.mute_b:
            st.mute = not st.mute
            st.save()
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
