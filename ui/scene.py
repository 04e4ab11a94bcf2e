"""Scenes: enter / handle_event / update / draw; draw never changes state."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from ui.fonts import MIN_PX, font_path
from ui.widgets.arming import Arming, element_key

if TYPE_CHECKING:
    from ui.app import App

THEME = Path(__file__).resolve().parents[1] / "assets" / "ui" / "theme.json"
BG = (18, 20, 26)
WIDGET_CLASSES = ("label", "text_entry_line", "text_box", "drop_down_menu", "selection_list", "button",
                  "horizontal_slider", "tool_tip", "window", "panel")
_theme_base: dict[str, Any] | None = None


class Scene:
    """One screen of the client."""

    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def tr(self):
        return self.app.tr

    def enter(self) -> None:
        """Build what the screen needs; called when it becomes current and after a resize."""

    def leave(self) -> None:
        """Called when another scene takes over."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Render the current state; must not change it."""

    def resize(self, size: tuple[int, int]) -> None:
        self.enter()


def scaled_theme(s: float) -> dict[str, Any]:
    """The theme with every font size scaled to the window and our Noto fonts registered."""
    global _theme_base
    if _theme_base is None:
        _theme_base = json.loads(THEME.read_text(encoding="utf-8"))
    theme = copy.deepcopy(_theme_base)
    for block in theme.values():
        f = block.get("font")
        if f and "size" in f:
            f["size"] = str(max(MIN_PX, int(round(int(f["size"]) * s))))
            f["regular_path"] = font_path(False)
            f["bold_path"] = font_path(True)
        misc = block.get("misc")
        if misc and "shape_corner_radius" in misc:
            misc["shape_corner_radius"] = str(max(2, int(int(misc["shape_corner_radius"]) * s)))
    # a block with no font of its own gets pygame_gui's built-in 14 px one, not our scaled default
    for cls in WIDGET_CLASSES:
        block = theme.setdefault(cls, {})
        if "font" not in block:
            block["font"] = dict(theme["defaults"]["font"])
    # pygame_gui's list rows stay 20 px whatever the font: tall enough for a line of text at any size
    text_px = int(theme["defaults"]["font"]["size"])
    row = str(max(24, int(text_px * 1.9)))
    for cls in ("drop_down_menu", "selection_list"):
        theme.setdefault(cls, {}).setdefault("misc", {})["list_item_height"] = row
    theme["drop_down_menu"]["misc"]["open_button_width"] = str(max(20, int(28 * s)))
    return theme


class GuiScene(Scene):
    """A scene whose widgets are pygame_gui elements, rebuilt at each window size.

    Its own buttons are armed (ui/widgets/arming.py): one that a screen or a panel puts where the pointer
    already is takes no click for a moment, so the second half of a double click on the last screen's button
    does not press it. So is what the screen draws itself and takes clicks on (:meth:`drawn`).
    """

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.manager = None
        self.arming = Arming(element_key)

    @property
    def s(self) -> float:
        w, h = self.app.size
        return min(w / 1280, h / 720)

    def S(self, v: float) -> int:
        return int(round(v * self.s))

    def enter(self) -> None:
        import pygame_gui

        self.manager = pygame_gui.UIManager(self.app.size, scaled_theme(self.s), enable_live_theme_updates=False)
        self.build()
        self.arming.point(self.app.pointer)  # the pointer rests where the click that brought this screen was

    def _buttons(self) -> list:
        """The screen's own buttons on show, and its closed drop-downs (a click on one opens its list); not the
        insides of an open drop-down or a list: those open and scroll under a pointer that is using them."""
        import pygame_gui

        sprites = self.manager.get_sprite_group().sprites()
        return [e for e in sprites
                if isinstance(e, pygame_gui.elements.UIButton) and e.visible and e.alive() and e.parent_element is None] \
            + [e for e in sprites if _closed_drop_down(e)]

    def drawn(self) -> list:
        """What the screen draws itself (not pygame_gui) that takes clicks, as ``Drawn`` (ui/widgets/arming.py):
        armed with its buttons; the screen asks :meth:`Arming.takes` before a click on one counts."""
        return []

    def _button_under(self, pos):
        """The topmost pygame_gui button a press at ``pos`` goes to, or None."""
        import pygame_gui

        group = self.manager.get_sprite_group()
        for layer in sorted(group.layers(), reverse=True):
            for e in reversed(group.get_sprites_from_layer(layer)):
                if isinstance(e, pygame_gui.elements.UIButton) and e.visible and e.hover_point(*pos):
                    return e
        return None

    def armed(self, element) -> bool:
        """Does ``element`` take a click now (not one of the screen's buttons that just appeared under the
        pointer)? Any other widget does."""
        import pygame_gui

        if isinstance(element, pygame_gui.elements.UIButton) and _closed_drop_down(element.parent_element):
            element = element.parent_element  # the box of a closed drop-down: its list opens on a click
        if _closed_drop_down(element):
            return self.arming.takes(element)
        if not isinstance(element, pygame_gui.elements.UIButton) or element.parent_element is not None \
                or not element.is_enabled:
            return True
        return self.arming.takes(element)

    def build(self) -> None:
        """Create the widgets (self.manager is fresh)."""

    def on_button(self, element) -> None:
        """A pygame_gui button was pressed."""

    def on_gui_event(self, event: pygame.event.Event) -> None:
        """Other pygame_gui events (drop-down changes, text entry…)."""

    def handle_event(self, event: pygame.event.Event) -> None:
        import pygame_gui

        if self.manager is None:
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.arming.point(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            under = self._button_under(event.pos)
            if under is not None and not self.armed(under):
                return  # it just appeared under the pointer: the click was meant for what was there before
        # Every other event goes to the manager first, pygame_gui's own included: a drop-down opens
        # and picks on the UI_BUTTON_PRESSED of its inner buttons, so swallowing those kept every
        # drop-down shut.
        manager = self.manager
        manager.process_events(event)
        if manager is not self.manager:  # pragma: no cover - a widget rebuilt the scene mid-event
            return
        if event.type == pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION:
            _close_drop_down(event.ui_element)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.on_button(event.ui_element)
        elif event.type in (pygame_gui.UI_DROP_DOWN_MENU_CHANGED, pygame_gui.UI_TEXT_ENTRY_CHANGED,
                            pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
                            pygame_gui.UI_TEXT_BOX_LINK_CLICKED):
            self.on_gui_event(event)

    def update(self, dt: float) -> None:
        if self.manager is not None:
            self.manager.update(min(dt, 0.1))
            self.arming.tick(dt, self._buttons() + self.drawn())

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BG)
        self.draw_back(surface)
        if self.manager is not None:
            self.manager.draw_ui(surface)

    def draw_back(self, surface: pygame.Surface) -> None:
        """Anything under the widgets."""


def _closed_drop_down(element) -> bool:
    """Is ``element`` a drop-down on show, closed and taking clicks (a click on its box opens its list)?"""
    import pygame_gui

    return (isinstance(element, pygame_gui.elements.UIDropDownMenu) and element.visible and element.alive()
            and element.is_enabled and element.current_state is element.menu_states["closed"])


def _close_drop_down(options_list) -> None:
    """A click on the option a drop-down already shows "drops" it in pygame_gui's list, which then
    stayed open as if the click had missed: close the list, keeping the option."""
    import pygame_gui

    menu = getattr(options_list, "parent_element", None)
    if isinstance(menu, pygame_gui.elements.UIDropDownMenu) and menu.current_state is menu.menu_states["expanded"]:
        menu.current_state.should_transition = True
