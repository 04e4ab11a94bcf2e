"""The command lines that read files: ``python -m engine.cards`` and ``python -m engine.scenario``.

They live with the loader because they read folders and files; ``engine/cards/__main__.py`` and
``engine/scenario/__main__.py`` only call them, so both commands behave exactly as before.
"""

from __future__ import annotations

import argparse
import pathlib
import sys

from engine.cards import show, stats_line
from engine.content.art import art_line
from engine.content.cards import check_folder, load_pool
from engine.content.classic import check_classic_folder, classic_show, classic_stats_line, load_classic_pool
from engine.content.scenarios import load_scenario
from engine.core.errors import CardDataError, clip
from engine.scenario import Refused, ScenarioError, dumps, play, state_json


def _t(lang: str, ru: str, en: str) -> str:
    return ru if lang == "ru" else en


def cards_main(argv: list[str] | None = None) -> int:
    if not sys.stdout.isatty() and hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(encoding="utf-8")  # Russian text through pipes on any platform
    parser = argparse.ArgumentParser(prog="python -m engine.cards",
                                     description="card tools of «Берсерк. Герои» and classic «Берсерк»")
    sub = parser.add_subparsers(dest="command", required=True)
    p_stats = sub.add_parser("stats", help="one line: heroes, cards, decks, registry coverage and pictures "
                                          "(art=cards with their own picture/all cards) of the built-in pool")
    p_show = sub.add_parser("show", help="a card's generated rules text in Russian and English")
    p_show.add_argument("id")
    p_show.add_argument("--cards", action="append", type=pathlib.Path, default=[],
                        help="also read player cards from this folder (repeatable)")
    p_check = sub.add_parser("check", help="validate a folder of player card and deck files")
    p_check.add_argument("folder", type=pathlib.Path)
    for p in (p_stats, p_show, p_check):
        p.add_argument("--ruleset", choices=("heroes", "classic"), default="heroes",
                       help="which game's cards (default heroes)")
    args = parser.parse_args(argv)

    try:
        if args.command in ("stats", "show") and args.ruleset == "classic":
            return _classic(args)
        if args.command == "stats":
            pool = load_pool()
            print(stats_line(pool) + " " + art_line((c.art, c.source) for c in pool.cards.values()))
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
        report = check_classic_folder(args.folder) if args.ruleset == "classic" else check_folder(args.folder)
    except CardDataError as exc:  # the built-in cards themselves are broken
        print(f"built-in card data: {exc}", file=sys.stderr)
        return 2
    for err in report.errors:
        print(err)
    for warn in report.warnings:
        print(f"warning: {warn}")
    print(f"checked {report.files} files: {report.cards} cards, {report.decks} decks, "
          f"{len(report.errors)} errors" + (f", {len(report.warnings)} warnings" if report.warnings else ""))
    return 2 if report.errors else 0


def _classic(args: argparse.Namespace) -> int:
    """``stats`` and ``show`` for classic «Берсерк»: the built-in classic pool (assets/classic), plus the
    folders given with ``--cards`` for ``show``; a player's broken card is listed on stderr."""
    pool = load_classic_pool(getattr(args, "cards", []))
    for err in pool.skipped:
        print(f"skipped: {err}", file=sys.stderr)
    if args.command == "stats":
        print(classic_stats_line(pool) + " " + art_line((c.art, c.source) for c in pool.cards.values()))
        return 0
    if args.id not in pool.cards:
        print(f"unknown classic card id {args.id!r}", file=sys.stderr)
        return 2
    print(classic_show(pool, args.id))
    return 0


def scenario_main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.scenario",
                                     description="Play a «Берсерк. Герои» scenario file and print the state as JSON.")
    parser.add_argument("file", help="a .toml or .json scenario (see docs/scenarios.md)")
    parser.add_argument("--lang", choices=("ru", "en"), default="ru", help="language of messages (default ru)")
    parser.add_argument("--log", action="store_true", help="add every action with its events to the output")
    args = parser.parse_args(argv)
    lang = args.lang
    try:
        scn = load_scenario(args.file)
        result = play(scn, lang=lang)
    except ScenarioError as exc:
        print(_t(lang, "Сценарий не годится: ", "Broken scenario: ") + exc.reason(lang), file=sys.stderr)
        return 2
    except Refused as exc:
        print(_t(lang, f"Действие {exc.step} «{exc.text}» отклонено: {exc.error.ru} [{exc.error.code}]",
                 f"Action {exc.step} `{exc.text}` refused: {exc.error.en} [{exc.error.code}]"), file=sys.stderr)
        return 2
    out = state_json(result.position, lang)
    out["expectations"] = {"checked": result.checked, "failed": list(result.failures)}
    if args.log:
        out["log"] = result.log
    print(dumps(out))
    if result.failures:
        print(_t(lang, f"Не сбылось ожиданий: {len(result.failures)}", f"{len(result.failures)} expectation(s) failed:"),
              file=sys.stderr)
        for line in result.failures:
            print("  " + clip(line), file=sys.stderr)
        return 1
    return 0


