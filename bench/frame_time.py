"""Frame time of a full table at 1920×1080 (dummy video driver): input, update, draw and flip.

Prints frame_ms_median= and frame_ms_p99= (targets: 4 ms and 10 ms) for «Герои», and
classic_frame_ms_median= / classic_frame_ms_p99= for a full classic board (a full game from decks in
its battle: flyers in the additional zones, symbiotes, markers, tapped cards) with the same targets.
"""

from __future__ import annotations

import math
import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from ui.app import App  # noqa: E402
from ui.heroes.scene import TableScene  # noqa: E402
from ui.heroes.screenshots import rich_table  # noqa: E402
from ui.scripted import advance  # noqa: E402
from ui.session import quick_session  # noqa: E402
from ui.settings import Settings  # noqa: E402

FRAMES = int(os.environ.get("BENCH_FRAMES", "600"))


def full_table():
    for seed in range(1, 60):
        s = quick_session(seed=seed)
        if advance(s, random.Random(seed), lambda g: rich_table(g) and len(g.players[1].play) >= 4, limit=600):
            return s
    raise SystemExit("no seed gave a full table")


def full_classic_board():
    from ui.classic.screenshots import _board_worth_a_picture, _session

    for seed in range(1, 60):
        s = _session(seed)
        if advance(s, random.Random(seed), _board_worth_a_picture, limit=600):
            return s
    raise SystemExit("no seed gave a full classic board")


def measure(app) -> tuple[list[float], list[float]]:
    """Frame times (wall and CPU, ms, sorted) with the pointer sweeping over the screen."""
    times = []
    cpu = []
    w, h = app.size
    for i in range(FRAMES + 120):
        t0 = time.perf_counter()
        c0 = time.process_time()
        # the pointer sweeps over the table and the hand, so hover and lighting change as in play
        x = int(w * 0.35 + w * 0.3 * math.sin(i / 23))
        y = int(h * 0.55 + h * 0.35 * math.sin(i / 37))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)))
        app.frame(1 / 60)
        if i >= 120:  # the first frames render the card faces once; they are cached after
            times.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
    times.sort()
    cpu.sort()
    return times, cpu


def main() -> None:
    os.environ.setdefault("BERSERK_TABLE_HOME", str(Path("/tmp") / "berserk-bench"))
    app = App(size=(1920, 1080), settings=Settings(anim_speed=1.0), headless=True)
    scene = TableScene(app, full_table())
    scene.autosave = False
    app.switch(scene)
    if scene.ui.curtain:
        scene.lift_curtain()
    times, cpu = measure(app)
    print(f"frame_ms_median={statistics.median(times):.2f}")
    print(f"frame_ms_p99={times[int(len(times) * 0.99) - 1]:.2f}")
    # CPU time of this process alone: the same frames without what other programs on the machine took
    print(f"frame_cpu_ms_median={statistics.median(cpu):.2f}")
    print(f"frame_cpu_ms_p99={cpu[int(len(cpu) * 0.99) - 1]:.2f}")
    print(f"cards_cached={len(app.art)}")
    from ui.classic.scene import ClassicTableScene

    table = ClassicTableScene(app, full_classic_board())
    table.autosave = False
    app.switch(table)
    if table.curtain_for is not None:
        table.lift_curtain()
    times, cpu = measure(app)
    print(f"classic_frame_ms_median={statistics.median(times):.2f}")
    print(f"classic_frame_ms_p99={times[int(len(times) * 0.99) - 1]:.2f}")
    print(f"classic_frame_cpu_ms_median={statistics.median(cpu):.2f}")
    print(f"classic_frame_cpu_ms_p99={cpu[int(len(cpu) * 0.99) - 1]:.2f}")
    pygame.quit()


if __name__ == "__main__":
    main()
