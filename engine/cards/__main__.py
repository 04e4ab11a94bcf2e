"""``python -m engine.cards stats | show ID [--cards DIR] | check DIR``."""

from __future__ import annotations

import argparse
import pathlib
import sys

from engine.cards import check_folder, show, stats_line
from engine.core.errors import CardDataError
from engine.heroes.pool import load_pool


def main(argv: list[str] | None = None) -> int:
    if not sys.stdout.isatty() and hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(encoding="utf-8")  # Russian text through pipes on any platform
    parser = argparse.ArgumentParser(prog="python -m engine.cards", description="Berserk Heroes card tools")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("stats", help="one line: heroes, cards, decks, registry coverage of the built-in pool")
    p_show = sub.add_parser("show", help="a card's generated rules text in Russian and English")
    p_show.add_argument("id")
    p_show.add_argument("--cards", action="append", type=pathlib.Path, default=[],
                        help="also read player cards from this folder (repeatable)")
    p_check = sub.add_parser("check", help="validate a folder of player card files")
    p_check.add_argument("folder", type=pathlib.Path)
    args = parser.parse_args(argv)

    try:
        if args.command == "stats":
            print(stats_line(load_pool()))
            return 0
        if args.command == "show":
            pool = load_pool(args.cards)
            if args.id not in pool.cards:
                print(f"unknown card id {args.id!r}", file=sys.stderr)
                return 2
            print(show(pool, args.id))
            return 0
        if not args.folder.is_dir():
            print(f"not a folder: {args.folder}", file=sys.stderr)
            return 2
        report = check_folder(args.folder)
    except CardDataError as exc:  # the built-in cards themselves are broken
        print(f"built-in card data: {exc}", file=sys.stderr)
        return 2
    for err in report.errors:
        print(err)
    print(f"checked {report.files} files: {report.cards} cards, {report.decks} decks, "
          f"{len(report.errors)} errors")
    return 2 if report.errors else 0


if __name__ == "__main__":
    sys.exit(main())
