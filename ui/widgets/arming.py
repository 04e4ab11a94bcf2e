"""A button that appears under the pointer takes no click for a moment.

A quick second click (a double click, an impatient one) must not land on the button the first click made
appear in the same spot — the next prompt's answer, an instant, a «yes». A button that appears, or changes
what it means, where the pointer already is becomes clickable ``ARM_S`` after the frame it was first drawn;
one that appears elsewhere, or that the pointer moves onto, takes a click at once. Time is the scene's own
(the ``dt`` of its frames), so a test drives it with frames and never sleeps.

Who uses it: both tables' own buttons, their cards and cells that answer a question (ui/heroes/table/answers.py,
ui/classic/answers.py), every pygame_gui screen's buttons (ui/scene.py's GuiScene), the rows the saves screen
draws itself, and the replay's buttons and log rows. What a scene draws itself and takes clicks on, other than a
:class:`~ui.widgets.button.Button`, is noted as a :class:`Drawn`. A scene shown next starts from where the app
last saw the pointer (``App.pointer``): the click that brought it is there.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass

import pygame

ARM_S = 0.3  # seconds from a button's first frame on screen before it takes a click that began on it
_ARMED = float("-inf")


def button_key(button, epoch: Hashable = 0) -> tuple:
    """What a button means where it is: its answer, words, place, whether it is on, and the decision it
    belongs to (``epoch``: the same «Пропустить» for the next question is a new button)."""
    return (button.value, button.label, tuple(button.rect), button.enabled, epoch)


def element_key(element, epoch: Hashable = 0) -> tuple:
    """What a pygame_gui button is where it is: that widget (a screen or panel built anew is new), its place and
    whether it is on. Its words are left out: a switch that says «Вкл» after a click is the same switch."""
    return (element, tuple(element.rect), bool(element.is_enabled), epoch)


@dataclass(frozen=True)
class Drawn:
    """Something a scene draws itself that a click chooses — a card that answers a question, a saves row: where
    it is drawn now, and what it means (``value``). It is the same one from frame to frame while its meaning
    is, wherever it is drawn (a card sliding into place, a list scrolled)."""

    rect: pygame.Rect
    value: Hashable


class Arming:
    """The scene's buttons as last seen, each with the time from which it takes a click. ``key`` says when a
    button is the same one from frame to frame (the tables' own buttons by default, pygame_gui's with
    :func:`element_key`); a :class:`Drawn` is the same while its ``value`` is."""

    def __init__(self, key: Callable[..., tuple] = button_key) -> None:
        self.now = 0.0
        self.pointer: tuple[int, int] | None = None  # where the mouse was last seen (its events' positions)
        self._since: dict[tuple, float | None] = {}  # None: noted under the pointer, not yet a whole frame drawn
        self._key = key

    def _of(self, item, epoch: Hashable) -> tuple:
        return ("drawn", item.value, epoch) if isinstance(item, Drawn) else self._key(item, epoch)

    def point(self, pos) -> None:
        """The pointer is at ``pos`` (None: not known, as before any mouse event)."""
        self.pointer = None if pos is None else (int(pos[0]), int(pos[1]))

    def tick(self, dt: float, buttons: Iterable, epoch: Hashable = 0) -> None:
        """One frame: time goes on, and the buttons now on screen are noted (after the frame's events)."""
        self.now += dt
        old, new = self._since, {}
        for b in buttons:
            k = self._of(b, epoch)
            if k in old:
                t = old[k]
                new[k] = self.now if t is None else t  # drawn last frame: its time starts now
            elif self.pointer is not None and b.rect.collidepoint(self.pointer):
                new[k] = None
            else:
                new[k] = _ARMED
        self._since = new

    def takes(self, button, epoch: Hashable = 0) -> bool:
        """May a click that begins now on ``button`` press it? Not one that appeared since the last frame."""
        t = self._since.get(self._of(button, epoch))
        if t is None:  # new since the last frame (so where the pointer is), or not yet a whole frame drawn
            return False
        return self.now - t >= ARM_S

    def settling(self) -> bool:
        """Is some button still waiting to take clicks (it appeared under the pointer a moment ago)?"""
        return any(t is None or self.now - t < ARM_S for t in self._since.values())
