"""The real-window driver (tests/real_window.py) against a stand-in client, with no X server: a wait after a
gesture returns only a picture of the screen with that gesture handled.

Why: a driver that marks its waits before a click can read next a picture from the frame that read its
input just before the button came up: a test then clicks the old prompt's first button again, where the
new prompt has «use an instant», then «cancel» from the next stale picture, and so on without end. The stand-in here
keeps that order of a real client: each frame reads its queue first and writes the probe last, and the frame
under way when xdotool lets the button go has already read its queue.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.real_window import Client, Person

EVERY = 6  # ui.probe.EVERY: frames between two writes of the probe


ENDS = ("mouseup", "key", "type")  # the xdotool command that ends each gesture


class _Running:
    returncode = None

    def poll(self) -> None:
        return None


class StandIn(Client):
    """A client in name only: its frames run while the test reads the probe, and xdotool fills its queue."""

    def __init__(self, tmp: Path) -> None:  # no screen, no process
        self.probe_path = tmp / "probe.json"
        self.out_path = tmp / "client.log"
        self.shots = tmp / "shots"
        self.deadline = float("inf")
        self.budget = 10.0
        self.last: dict = {}
        self.since = 0
        self.origin = (0, 0)
        self.proc = _Running()
        self.queue: list[str] = []  # what xdotool sent and no frame has read yet
        self.handled = 0  # gestures the client has read to their end
        self.frames = 0
        self.seq = 0
        self._write()

    def _write(self) -> None:
        self.seq += 1
        self.probe_path.write_text(json.dumps({"seq": self.seq, "frame": self.frames, "handled": self.handled}))

    def _frame(self) -> None:
        """The frame under way ends (writing the probe every EVERY frames); the next one reads its queue."""
        self.frames += 1
        if self.frames % EVERY == 0:
            self._write()
        self.handled += sum(cmd in ENDS for cmd in self.queue)
        self.queue.clear()

    def xdo(self, *args: str, check: bool = True) -> str:
        for _ in range(EVERY // 2):  # the client goes on while xdotool starts (and while the pointer rests)
            self._frame()
        if args[0] in ENDS:  # the worst moment: the frame under way, which writes the probe, read its queue
            while self.frames % EVERY != EVERY - 1:
                self._frame()
        self.queue.append(args[0])
        return ""

    def read(self) -> dict:
        self._frame()  # the client goes on while the test looks
        return super().read()

    def fail(self, message: str) -> None:
        raise AssertionError(message)


def test_a_picture_read_after_a_click_shows_the_click_handled(tmp_path):
    c = StandIn(tmp_path)
    p = Person(c)
    for n in range(1, 4):
        p.click((100, 100))
        d = c.wait(lambda d: True, "the next picture of the screen")
        assert d["handled"] == n, f"the picture after click {n} shows {d['handled']} gestures handled: {d}"


def test_a_picture_read_after_a_drag_a_key_or_text_shows_it_handled(tmp_path):
    c = StandIn(tmp_path)
    p = Person(c)
    p.drag((10, 10), (200, 10), steps=2)
    assert c.wait(lambda d: True, "the picture after a drag")["handled"] == 1
    p.key("Escape")
    assert c.wait(lambda d: True, "the picture after a key")["handled"] == 2
    p.type("Аня")
    assert c.wait(lambda d: True, "the picture after typing")["handled"] == 3
