"""Berserk Table: start the desktop client.  Usually started through `python3 run.py [args]`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="berserk-table",
        description="Berserk Table: a rules-enforcing client for «Берсерк. Герои» and classic «Берсерк».",
    )
    parser.add_argument(
        "--screenshot",
        metavar="DIR",
        type=Path,
        help="render one frame of the menu to DIR/menu.png and exit (needs no display)",
    )
    parser.add_argument("--demo", action="store_true", help="start a demo game (AI against AI)")
    parser.add_argument(
        "--saves-dir", metavar="DIR", type=Path, help="where save files live (default: the user data dir)"
    )
    parser.add_argument("--lang", choices=("ru", "en"), default="ru", help="interface language (default: ru)")
    parser.add_argument("--windowed", action="store_true", help="run in a window instead of full screen")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        from ui import app
    except ImportError as exc:
        print(f"Missing dependency ({exc}). Start the game with: python3 run.py", file=sys.stderr)
        return 1
    return app.run(args) or 0


if __name__ == "__main__":
    sys.exit(main())
