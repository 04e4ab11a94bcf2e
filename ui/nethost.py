"""The game server a client starts when its player hosts a game: ``main.py serve`` as a child process.

One at a time: hosting again while it runs reuses it. It announces itself on the local network (unless
discovery is off) and writes the port it listens on to a file the client waits for; its output goes to a
log file, whose last lines are shown if it fails to start. It is stopped when the client quits, and its
folder (the port file and the log) goes with it.
"""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
START_WAIT = 30.0  # seconds the client waits for the server to listen
LISTEN_ENV = "BERSERK_NET_LISTEN"  # the address the hosted server listens on (default: every one; tests: loopback)


def server_command() -> list[str]:
    """How to start this program again: a PyInstaller build is its own executable; otherwise this Python
    runs main.py (a source checkout's, or the one `pip install` put beside the packages)."""
    if getattr(sys, "frozen", False):
        return [sys.executable]
    return [sys.executable, str(ROOT / "main.py")]


class HostedServer:
    """``main.py serve --port PORT`` started by this client (see the module's doc)."""

    def __init__(self, port: int, name: str = "", seed: int | None = None) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="berserk-host-"))
        self.port_file = self.folder / "port"
        self.log_path = self.folder / "server.log"
        self.asked_port = port
        self.port: int | None = None
        self.started = time.monotonic()
        listen = os.environ.get(LISTEN_ENV, "").strip() or "0.0.0.0"
        cmd = [*server_command(), "serve", "--host", listen, "--port", str(port),
               "--port-file", str(self.port_file)]
        if seed is not None:
            cmd += ["--seed", str(seed)]  # the client's --seed: the same deals each run
        from net.discovery import backend

        if backend() != "off":
            cmd += ["--announce", "--announce-name", name or ""]
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                         cwd=str(ROOT), env={**os.environ, "PYTHONUNBUFFERED": "1"})

    def poll(self) -> str:
        """"ready" (``port`` is set), "starting", or "failed"."""
        if self.port is not None and self.proc.poll() is None:
            return "ready"
        if self.proc.poll() is not None:
            return "failed"
        try:
            text = self.port_file.read_text(encoding="ascii").strip()
        except OSError:
            text = ""
        if text.isdigit():
            self.port = int(text)
            return "ready"
        return "failed" if time.monotonic() - self.started > START_WAIT else "starting"

    def why(self) -> str:
        """The last lines the server wrote (why it could not start)."""
        try:
            lines = self.log_path.read_text(encoding="utf-8", errors="replace").strip().splitlines()
        except OSError:
            return ""
        return lines[-1][:200] if lines else ""

    def stop(self) -> None:
        """End the server and remove its folder (a failure's last line, :meth:`why`, is read before this)."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                try:
                    self.proc.wait(5)  # a killed server lets go of its log before the folder goes
                except subprocess.TimeoutExpired:
                    pass
        shutil.rmtree(self.folder, ignore_errors=True)


_hosted: HostedServer | None = None


def host(port: int, name: str = "", seed: int | None = None) -> HostedServer:
    """The running hosted server if there is one (on any port), else a new one on ``port``."""
    global _hosted
    if _hosted is not None and _hosted.proc.poll() is None:
        return _hosted
    if _hosted is not None:
        _hosted.stop()  # one that ended: its folder goes
    _hosted = HostedServer(port, name, seed)
    return _hosted


def hosted() -> HostedServer | None:
    return _hosted


def stop() -> None:
    global _hosted
    if _hosted is not None:
        _hosted.stop()
        _hosted = None


atexit.register(stop)
