"""The app's drop-down menu: pygame_gui's, with its opened list as wide as its box.

pygame_gui 0.6 lays the opened list under the option's text only, leaving out the ▼ button's width, so
the list looked narrower than the box it dropped from and long options were cut sooner than in the box.
"""

from __future__ import annotations

import pygame_gui
from pygame_gui.elements.ui_drop_down_menu import UIExpandedDropDownState


class _FullWidthList(UIExpandedDropDownState):
    """The opened state, its list widened to the whole box (the ▼ button's column included)."""

    def start(self, should_rebuild: bool = True) -> None:
        super().start(should_rebuild)
        self._widen()

    def update_dimensions(self) -> None:
        super().update_dimensions()
        self._widen()

    def _widen(self) -> None:
        options = self.options_selection_list
        if options is None:
            return
        box = self.drop_down_menu_ui.relative_rect
        if options.relative_rect.width != box.width:
            scrolled = options.scroll_bar.start_percentage if options.scroll_bar is not None else None
            options.set_dimensions((box.width, self.options_list_height))
            if scrolled is not None and options.scroll_bar is not None:  # the chosen option stays in sight
                options.scroll_bar.set_scroll_from_start_percentage(scrolled)
                options.update(0.0)


class DropDown(pygame_gui.elements.UIDropDownMenu):
    """``UIDropDownMenu`` (same arguments) whose opened list is as wide as the closed box."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        old = self.menu_states["expanded"]
        self.menu_states["expanded"] = _FullWidthList(
            self, old.options_list, old.selected_option, old.base_position_rect, old.close_button_width,
            old.expand_direction, old.ui_manager, old.ui_container, old.object_ids, old.element_ids,
            old.expand_on_option_click)
