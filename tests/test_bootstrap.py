"""The entry point starts and renders its first screen without a display."""

import os
import signal
import sys
from pathlib import Path

from tests.processes import run_unless_stuck

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOT_CPU_LIMIT = 120  # seconds of CPU (not wall time: CI's machine may be busy); the run takes about 10


def test_main_screenshot_writes_menu_png(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    code, out, err, _ = run_unless_stuck([sys.executable, str(ROOT / "main.py"), "--screenshot", str(tmp_path)],
                                         cwd=ROOT, env=env, cpu_limit=SCREENSHOT_CPU_LIMIT)
    xcpu = getattr(signal, "SIGXCPU", None)  # POSIX: the kernel's signal past the CPU limit
    assert xcpu is None or code != -xcpu, f"--screenshot used more than {SCREENSHOT_CPU_LIMIT} s of CPU"
    assert code == 0, out + err
    png = tmp_path / "menu.png"
    assert png.is_file()
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
