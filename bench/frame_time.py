"""Frame time of a full table at 1920×1080 (dummy video driver): input, update, draw and flip.

Prints frame_ms_median= and frame_ms_p99= (targets: 4 ms and 10 ms) for «Герои», and
classic_frame_ms_median= / classic_frame_ms_p99= for a full classic board (a full game from decks in
its battle: flyers in the additional zones, symbiotes, markers, tapped cards) with the same targets.
The anim_ and classic_anim_ figures are the same tables with animations running all the time: every
2.5 s a fight's effects start (classic: the dice rolling, then the table's row; a lunge, wounds flying,
a dead card's ghost, a card turning, the turn's banner), fed from events made up for the picture only.
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


def measure(app, feed=None) -> tuple[list[float], list[float]]:
    """Frame times (wall and CPU, ms, sorted) with the pointer sweeping over the screen; ``feed()``, when
    given, starts a fight's effects every 2.5 s (they last about as long: one fight after another)."""
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
        if feed is not None and i % 150 == 0:
            feed()
        app.frame(1 / 60)
        if i >= 120:  # the first frames render the card faces once; they are cached after
            times.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
    times.sort()
    cpu.sort()
    return times, cpu


def heroes_effects(scene):
    """A fight's events for the «Герои» table (nothing in the game changes: the view only draws them)."""
    from engine.heroes import events as E

    g = scene.game
    mine, theirs = g.players[0].play or [g.players[0].hero], g.players[1].play or [g.players[1].hero]
    att, target, dead = mine[0], theirs[0], theirs[-1]
    events = [E.Struck(attacker=att, target=target), E.Wounded(card=target, amount=2, source=att, cause="strike"),
              E.Wounded(card=att, amount=1, source=target, cause="strike"), E.Died(card=dead, by=att, cause="wounds"),
              E.TurnBegan(player=g.active, turn=g.turn)]
    return lambda: scene.view.events(g, events, scene.ui)


def classic_effects(table):
    """A fight's events for the classic table, dice and all (the log is made up too: the game is untouched)."""
    from engine.classic import events as E

    g = table.game
    a = [c for c in g.on_board(0) if g.creatures[c].at is not None]
    b = [c for c in g.on_board(1) if g.creatures[c].at is not None]
    att, target, dead = a[0], b[0], b[-1]
    events = [E.DieRolled(player=0, value=5, card=att), E.DieRolled(player=1, value=2, card=target),
              E.HitRolled(table="A3", rolls=[6, 3], attacker="medium", reflector=None),
              E.Struck(card=att, target=target, blow="medium", wounds=2),
              E.Wounded(card=target, amount=2, source=att, cause="strike"), E.Tapped(card=att),
              E.Untapped(card=a[-1]), E.CreatureDied(card=dead, at=list(g.creatures[dead].at), owner=1),
              E.TurnBegan(player=g.active, turn=g.turn)]
    log = [(g.turn, ev) for ev in events]
    from ui.classic import anim

    def feed():
        before = anim.places(g, table.view, table.look.viewer)
        table.motion.feed(events, g, table.view, table.look.viewer, before, log, table.tr)

    return feed


def report(prefix: str, times: list[float], cpu: list[float]) -> None:
    print(f"{prefix}frame_ms_median={statistics.median(times):.2f}")
    print(f"{prefix}frame_ms_p99={times[int(len(times) * 0.99) - 1]:.2f}")
    # CPU time of this process alone: the same frames without what other programs on the machine took
    print(f"{prefix}frame_cpu_ms_median={statistics.median(cpu):.2f}")
    print(f"{prefix}frame_cpu_ms_p99={cpu[int(len(cpu) * 0.99) - 1]:.2f}")


def main() -> None:
    os.environ.setdefault("BERSERK_TABLE_HOME", str(Path("/tmp") / "berserk-bench"))
    app = App(size=(1920, 1080), settings=Settings(anim_speed=1.0), headless=True)
    scene = TableScene(app, full_table())
    scene.autosave = False
    app.switch(scene)
    if scene.ui.curtain:
        scene.lift_curtain()
    from ui.sound import NAMES, wav_bytes

    for name in NAMES:  # made while the menu shows in a windowed app (SoundBoard.warm), before any table
        wav_bytes(name)
    report("", *measure(app))
    print(f"cards_cached={len(app.art)}")
    report("anim_", *measure(app, heroes_effects(scene)))
    from ui.classic.scene import ClassicTableScene

    table = ClassicTableScene(app, full_classic_board())
    table.autosave = False
    app.switch(table)
    if table.curtain_for is not None:
        table.lift_curtain()
    report("classic_", *measure(app))
    report("classic_anim_", *measure(app, classic_effects(table)))
    pygame.quit()


if __name__ == "__main__":
    main()
