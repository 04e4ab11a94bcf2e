"""Time from starting the client to its first frame on screen (dummy video driver).

Prints first_frame_s= (target: 1.5 s), measured from before the interpreter starts.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.setdefault("BERSERK_TABLE_HOME", tempfile.mkdtemp(prefix="berserk-startup-"))
    runs = []
    for _ in range(3):
        t0 = time.perf_counter()
        proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--windowed", "--frames", "1"],
                                cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("first_frame_s="):
                runs.append(time.perf_counter() - t0)
                break
        proc.wait(timeout=60)
    if not runs:
        raise SystemExit("the client never drew a frame")
    print(f"first_frame_s={min(runs):.3f}")


if __name__ == "__main__":
    main()
