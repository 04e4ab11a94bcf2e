"""Berserk Table: start the desktop client.  Usually started through `python3 run.py [args]`.

``main.py serve [--port N …]`` starts the game server for network play instead (net/server.py).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().replace("×", "x").split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, e.g. 1920x1080, not {text!r}") from None
    if not (640 <= w <= 7680 and 480 <= h <= 4320):
        raise argparse.ArgumentTypeError("the size must be between 640x480 and 7680x4320")
    return w, h


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="berserk-table",
        description="Berserk Table: a rules-enforcing client for «Берсерк. Герои» and classic «Берсерк».",
    )
    parser.add_argument(
        "--screenshot",
        metavar="DIR",
        type=Path,
        help="render the menu, new game, credits, table, drag, prompt, curtain, zoom, end, save prompt, saves and replay "
        "screens of a scripted game to DIR/*.png and exit (needs no display; its saves go to a temp folder)",
    )
    parser.add_argument("--demo", action="store_true",
                        help="demo mode: the computer (level Normal) plays itself with random ready decks, «Герои» "
                        "(open hands) and classic in turn, every move narrated, game after game; keys 1-4 or +/- "
                        "set the speed, any other key or a click returns to the main menu")
    parser.add_argument(
        "--saves-dir", metavar="DIR", type=Path, help="where save files live (default: the user data dir)"
    )
    parser.add_argument("--lang", choices=("ru", "en"), default=None,
                        help="interface language (default: from the settings, Russian at first)")
    parser.add_argument("--windowed", action="store_true", help="run in a window instead of full screen")
    parser.add_argument("--size", metavar="WxH", type=_size, help="window size, e.g. 1920x1080 (also for --screenshot)")
    parser.add_argument("--seed", type=int, metavar="N",
                        help="deal every new game started from the new-game screen from seed N: the same decks, "
                        "seats and moves then give the same game (to show or replay a deal; tests use it)")
    parser.add_argument("--frames", type=int, metavar="N", help=argparse.SUPPRESS)  # benchmarks: stop after N frames
    return parser.parse_args(argv)


def guard() -> None:
    """In a source checkout, remove compiled rules of older sources before anything imports the rules
    (tools/compile_rules.py; run.py builds them again). An installed package (`pip install .`, the
    `berserk-table` command) has no tools/ and runs its rules as plain Python; a PyInstaller build carries
    the build it was made with and no sources to compare it to: nothing to check in either."""
    if getattr(sys, "frozen", False):
        return
    try:
        from tools.compile_rules import guard as remove_stale
    except ImportError:
        return
    remove_stale()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["serve"]:
        guard()
        try:
            from net.serve import main as serve
        except ImportError as exc:
            print(f"Missing dependency ({exc}). Start the server with: python3 run.py serve", file=sys.stderr)
            return 1
        return serve(argv[1:])
    args = parse_args(argv)
    guard()  # compiled rules of older sources never run (run.py builds them again)
    try:
        from ui import app
    except ImportError as exc:
        print(f"Missing dependency ({exc}). Start the game with: python3 run.py", file=sys.stderr)
        return 1
    return app.run(args) or 0


if __name__ == "__main__":
    import multiprocessing

    # In a PyInstaller build the computer's worker process (ui/controllers.py, spawned) and multiprocessing's
    # helpers start this executable again: freeze_support runs them instead of the game. Elsewhere it does nothing.
    multiprocessing.freeze_support()
    sys.exit(main())
