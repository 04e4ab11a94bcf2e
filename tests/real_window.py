"""The client in a real X window for tests: an Xvfb screen, the client's process, a person at xdotool.

The person's input goes only through the X server (xdotool: pointer moves, button presses, keys);
where to click comes from the client's probe file (ui/probe.py, ``BERSERK_TABLE_PROBE``), which
names the scene, its widgets' rects and the table's cards. Every wait has a deadline and fails with
what was on the screen then; the screen, the client and the bots' processes are always ended.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ("Xvfb", "xdotool")
SCREEN = (1600, 900)  # larger than the window so the client opens it at the asked size, not shrunk


def need_tools() -> None:
    """Skip without Xvfb or xdotool, except under CI, where their absence is a failure (never a silent skip)."""
    missing = [t for t in TOOLS if shutil.which(t) is None]
    if not missing:
        return
    why = (f"{' and '.join(missing)} not installed: the real-window test needs them "
           "(apt-get install xvfb xdotool; .ci/run installs them)")
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"CI=true but {why}")
    pytest.skip(why)


class Screen:
    """An Xvfb display on a free number (Xvfb picks it and tells through -displayfd)."""

    def __init__(self, log: Path, size: tuple[int, int] = SCREEN) -> None:
        self.size = size
        read, write = os.pipe()
        self._log = open(log, "wb")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size[0]}x{size[1]}x24", "-nolisten", "tcp",
             "-noreset"],
            pass_fds=(write,), stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True)
        os.close(write)
        try:
            number = b""
            deadline = time.monotonic() + 20
            while not number.endswith(b"\n"):
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    self.stop()
                    pytest.fail(f"Xvfb did not start in 20 s (exit code {self.proc.poll()}): {log.read_text()[-500:]}")
                ready, _, _ = select.select([read], [], [], left)
                if ready:
                    chunk = os.read(read, 16)
                    if not chunk:
                        continue
                    number += chunk
        finally:
            os.close(read)
        self.display = f":{int(number)}"

    def stop(self) -> None:
        _end(self.proc)
        self._log.close()


def _end(proc: subprocess.Popen) -> None:
    """End a process and everything it started (its own session): politely, then for sure."""
    if proc.poll() is None:
        for sig, wait in ((signal.SIGTERM, 5), (signal.SIGKILL, 5)):
            try:
                os.killpg(proc.pid, sig)
            except ProcessLookupError:
                break
            try:
                proc.wait(wait)
                break
            except subprocess.TimeoutExpired:
                continue
    try:  # children left behind by a process that exited first (the bots' worker processes)
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


class Client:
    """``main.py`` in a window on ``screen``, its files under ``tmp``; reads the probe the client writes.
    ``program``: another way to start the game (a built executable), started in ``tmp``."""

    def __init__(self, screen: Screen, tmp: Path, budget: float, args: tuple[str, ...] = (),
                 extra: dict[str, str] | None = None, program: tuple[str, ...] = ()) -> None:
        self.screen = screen
        self.home = tmp / "home"
        self.saves = tmp / "saves"
        self.probe_path = tmp / "probe.json"
        self.shots = tmp / "shots"
        self.shots.mkdir(parents=True, exist_ok=True)
        self.out_path = tmp / "client.log"
        self.deadline = time.monotonic() + budget
        self.budget = budget
        self.last: dict = {}
        self.since = 0  # a wait after a gesture takes only probes that show it handled (settle)
        self.origin = (0, 0)
        self.window = ""
        self.nshot = 0
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}  # other tests set dummy drivers
        env.update(DISPLAY=screen.display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                   BERSERK_TABLE_HOME=str(self.home), BERSERK_TABLE_PROBE=str(self.probe_path))
        env.update(extra or {})  # e.g. where the window opens, when two clients share the screen
        self._out = open(self.out_path, "wb")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            [*(program or (sys.executable, str(ROOT / "main.py"))), "--windowed", "--size", "1280x720",
             "--saves-dir", str(self.saves), *args],
            cwd=tmp if program else ROOT, env=env, stdin=subprocess.DEVNULL, stdout=self._out, stderr=subprocess.STDOUT,
            start_new_session=True)

    def stop(self) -> None:
        _end(self.proc)
        self._out.close()

    # ------------------------------------------------------------------ the window
    def find_window(self) -> None:
        """The client's window and where it sits on the screen (pointer positions are the screen's)."""
        out = ""
        for _ in range(100):
            out = self.xdo("search", "--onlyvisible", "--pid", str(self.proc.pid), check=False).strip()
            if out:
                break
            time.sleep(0.1)
        if not out:
            self.fail("the client's window did not appear on the X screen")
        self.window = out.split()[0]
        geo = dict(line.split("=", 1) for line in self.xdo("getwindowgeometry", "--shell", self.window).split())
        self.origin = (int(geo["X"]), int(geo["Y"]))
        self.size = (int(geo["WIDTH"]), int(geo["HEIGHT"]))

    def xdo(self, *args: str, check: bool = True) -> str:
        env = dict(os.environ, DISPLAY=self.screen.display)
        try:
            r = subprocess.run(["xdotool", *args], env=env, capture_output=True, text=True, timeout=15)
        except subprocess.TimeoutExpired:
            r = None
        if r is None:
            self.fail(f"xdotool {' '.join(args)} hung for 15 s")
        if check and r.returncode != 0:
            self.fail(f"xdotool {' '.join(args)} failed: {r.stderr.strip()}")
        return r.stdout

    def shot(self, name: str) -> Path | None:
        """The window as the X server shows it, into shots/NN-name.png (Pillow reads the display)."""
        try:
            from PIL import ImageGrab

            x, y = self.origin
            w, h = getattr(self, "size", SCREEN)
            img = ImageGrab.grab(bbox=(x, y, x + w, y + h), xdisplay=self.screen.display)
        except Exception:  # a picture is a help for a person, never a reason to fail
            return None
        self.nshot += 1
        safe = "".join(ch if ch.isalnum() else "-" for ch in name).strip("-")
        path = self.shots / f"{self.nshot:02d}-{safe}.png"
        img.save(path)
        return path

    # ------------------------------------------------------------------ what the client shows
    def read(self) -> dict:
        try:
            data = json.loads(self.probe_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return self.last
        if "error" in data:
            self.fail(f"the client's probe broke:\n{data['error']}")
        self.last = data
        return data

    def wait(self, done, what: str, timeout: float = 15.0) -> dict:
        """Probes until ``done(probe)`` is true; fails naming ``what`` and the screen after ``timeout``."""
        end = min(time.monotonic() + timeout, self.deadline)
        while True:
            if self.proc.poll() is not None:
                self.fail(f"the client exited (code {self.proc.returncode}) while waiting for {what}")
            data = self.read()
            if data.get("seq", 0) > self.since and done(data):
                return data
            if time.monotonic() > end:
                over = f" (the test's whole budget of {self.budget:.0f} s is spent)" \
                    if time.monotonic() > self.deadline else ""
                self.fail(f"not seen in {timeout:.0f} s{over}: {what}")
            time.sleep(0.05)

    def mark(self) -> None:
        """Probes written before this moment say nothing about what follows (nor the next one: it may come from
        a frame under way now)."""
        self.since = self.read().get("seq", 0) + 1

    def settle(self) -> None:
        """A gesture has just been sent: from now on only probes that show it handled count.

        The probe written next may come from a frame that read its input just before the X server handed
        the gesture on (the client reads its queue once a frame, at the frame's start), so it can show the
        screen as it was before the gesture. The one after it is written ``ui.probe.EVERY`` frames later,
        and each of those frames read the queue after xdotool had ended (its events are with the client by
        then). Marking before the gesture instead let a wait return that stale probe: under load the test
        then clicked the last prompt's first button again, where the next prompt had another one, and went
        on alternating «use an instant» and «cancel» at a respond window until its deadline."""
        self.since = self._seq_now() + 1  # a wait takes probes numbered above ``since``

    def _seq_now(self) -> int:
        """The probe's number as the file says now (not the last one read: that may be older)."""
        for _ in range(20):
            try:
                return int(json.loads(self.probe_path.read_text(encoding="utf-8")).get("seq", 0))
            except (OSError, ValueError):
                time.sleep(0.01)  # being replaced this instant, or not written yet
        return int(self.last.get("seq", 0))

    def fail(self, message: str) -> None:
        shot = self.shot("failure")
        screen = summary(self.last)
        log = self.out_path.read_text(errors="replace")[-1500:] if self.out_path.exists() else ""
        pytest.fail(f"{message}\n  on screen: {screen}\n  screenshots: {shot.parent if shot else 'none'}"
                    f"\n  client output (tail):\n{log}", pytrace=False)


def summary(data: dict) -> str:
    """A line about a probe for failure messages."""
    if not data:
        return "nothing yet (the client never wrote its probe)"
    out = [f"scene={data.get('scene')}", f"lang={data.get('lang')}"]
    g = data.get("game")
    if g:
        out.append(f"turn={g['turn']} phase={g['phase']} decider={g['decider']} pending={g['pending']}")
    t = data.get("table")
    if t:
        out.append(f"prompt={t['prompt']!r} toast={t['toast']!r} buttons={[b['value'] for b in t['buttons']]}")
    for name, w in (data.get("widgets") or {}).items():
        if w.get("type") == "UIDropDownMenu":
            out.append(f"{name}={w.get('text')!r}{' (open)' if w.get('expanded') else ''}")
    return " ".join(out)


class Person:
    """A mouse and a keyboard on the X server; positions are the client's (the window's origin is added)."""

    def __init__(self, client: Client) -> None:
        self.c = client

    def _at(self, p) -> tuple[str, str]:
        return str(self.c.origin[0] + int(p[0])), str(self.c.origin[1] + int(p[1]))

    def move(self, p) -> None:
        # no --sync: it waits for a motion that never comes when the pointer is already there
        self.c.xdo("mousemove", *self._at(p))
        time.sleep(0.05)

    def click(self, p) -> None:
        self.move(p)
        time.sleep(0.1)  # the pointer rests a moment, as a hand does: pygame_gui sees it hover first
        # a button (a screen's, a table's, or a card that answers a question) that appeared under the pointer
        # takes no click for a moment (ui/widgets/arming.py): a person reads it first
        self.c.wait(lambda d: not d.get("arming"), "a button just shown under the pointer to take clicks", 5.0)
        self.c.xdo("mousedown", "1")
        time.sleep(0.05)
        self.c.xdo("mouseup", "1")
        self.c.settle()

    def drag(self, start, end, steps: int = 8) -> None:
        """Press at ``start``, move there in steps with the button held, let go at ``end``."""
        self.move(start)
        time.sleep(0.1)
        # a lit card that just came up under the pointer takes no press for a moment (ui/classic/answers.py)
        self.c.wait(lambda d: not d.get("arming"), "a card just lit under the pointer to take presses", 5.0)
        self.c.xdo("mousedown", "1")
        for i in range(1, steps + 1):
            self.move((start[0] + (end[0] - start[0]) * i / steps, start[1] + (end[1] - start[1]) * i / steps))
        time.sleep(0.15)
        self.c.xdo("mouseup", "1")
        self.c.settle()

    def _focus(self) -> None:
        """Keys go to the X input focus: with no window manager it stays where it was, so a screen with two
        clients gives it to this one first."""
        window = getattr(self.c, "window", "")
        if window:
            self.c.xdo("windowfocus", window, check=False)

    def key(self, *keys: str) -> None:
        self._focus()
        self.c.xdo("key", "--delay", "40", *keys)
        self.c.settle()

    def type(self, text: str) -> None:
        self._focus()
        self.c.xdo("type", "--delay", "40", text)
        self.c.settle()


def centre(rect) -> tuple[int, int]:
    return rect[0] + rect[2] // 2, rect[1] + rect[3] // 2
