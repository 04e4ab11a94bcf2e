"""What the table shows besides the game: selection, drag, prompt, overlays (the scene owns it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ui.widgets.button import Button

Key = tuple[str, Any]


@dataclass
class Picker:
    """Cards to choose from, or to look through (a graveyard), in an overlay."""

    title: str
    cids: list[int]
    mode: str = "choose"  # "choose", "browse" or "target"
    min: int = 0
    max: int = 1
    selected: list[int] = field(default_factory=list)
    scroll: int = 0
    face_down: set[int] = field(default_factory=set)


@dataclass
class TableUI:
    """Interface state read by the view; changed only by the scene's input handling and update."""

    viewer: int = 0
    version: int = 0  # bumped on every refresh: the view's cached board layer is rebuilt
    lit: set[Key] = field(default_factory=set)
    ready: set[int] = field(default_factory=set)  # cards the viewer can use now (a ring shows it)
    dim: bool = False
    selected: Key | None = None
    toggled: list[int] = field(default_factory=list)  # mulligan / reveal picks, in click order
    drag: Key | None = None
    drag_pos: tuple[int, int] = (0, 0)
    drag_off: tuple[int, int] = (0, 0)
    prompt: str = ""
    who: int | None = None  # who decides the prompt (named in it)
    buttons: list[Button] = field(default_factory=list)
    focus: Key | None = None
    toast: str = ""
    toast_left: float = 0.0
    toast_kind: str = "refusal"  # "ok" (a confirmation: green, a check) or "refusal" (red, «!»)
    zoom: int | None = None
    curtain: str | None = None
    curtain_lines: list[str] = field(default_factory=list)
    picker: Picker | None = None
    picker_buttons: list[Button] = field(default_factory=list)
    mouse: tuple[int, int] = (0, 0)
    dice: dict[int, int] = field(default_factory=dict)
    end_turn_ok: bool = False
    undo_ok: bool = False
    show_hands: set[int] = field(default_factory=set)
    hover_hand: int | None = None
    panel_buttons: list[Button] = field(default_factory=list)
    status: list[str] = field(default_factory=list)
    queue_lines: list[str] = field(default_factory=list)
    log_lines: list[str] = field(default_factory=list)
    log_scroll: int = 0
    zoom_lines: list[tuple[str, str]] = field(default_factory=list)
    menu_open: bool = False
    menu_buttons: list[Button] = field(default_factory=list)
    menu_ask: str = ""  # a question the menu asks before a step that cannot be taken back (conceding)
    clock: float = 0.0  # seconds the table has run: drives the badge and pointer animations
    timed: bool = False  # a timed game: its clock takes the top left corner, the other hand moves right
    thinking: str = ""  # the computer's thinking badge, empty when none
    prompt_right: int | None = None  # the prompt's text ends here (room for the thinking badge)
    caption: str = ""  # the computer's last move in words (shown in the prompt strip while it decides)
    marks: list[int] = field(default_factory=list)  # cards of the computer's move about to be made
    arrow: tuple[int, int] | None = None  # from the acting card to its target
