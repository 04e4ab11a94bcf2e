"""``python -m saves check FILE``: one line about a save; exit 0 if good, 2 if bad. Never writes.

The check is the full load: strict parsing, the schema, upgrades, and a replay of every action
through the rules with the state hash compared at the end.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import sys

EXIT_OK = 0
EXIT_BAD = 2


def _lang() -> str:
    env = os.environ.get("LC_ALL") or os.environ.get("LC_MESSAGES") or os.environ.get("LANG") or ""
    return "ru" if env.lower().startswith("ru") else "en"


def seat_label(kind: str, level: str, lang: str) -> str:
    """Who plays a seat, in words: «человек», «компьютер (лёгкий)» / "human", "computer (easy)"."""
    from engine.ai import level_label

    ru = lang == "ru"
    if kind != "computer":
        return "человек" if ru else "human"
    return f"{'компьютер' if ru else 'computer'} ({level_label(level, lang).lower()})"


def _side(record, seat, ru: bool) -> str:  # noqa: ANN001 - a GameRecord and its PlayerSetup
    """«Герои»: the hero; classic: the squad's size (a classic seat has no hero)."""
    if record.ruleset == "classic" and record.edition:
        return f"колода из {len(seat.deck)}" if ru else f"deck of {len(seat.deck)}"
    if record.ruleset == "classic":
        return f"отряд из {len(seat.deck)}" if ru else f"squad of {len(seat.deck)}"
    return seat.hero


def summary(loaded, lang: str) -> str:  # noqa: ANN001 - a LoadedSave
    record, game = loaded.record, loaded.game
    ru = lang == "ru"
    players = (" — " if ru else " vs ").join(f"{p.name} ({seat_label(p.kind, p.level, lang)}, {_side(record, p, ru)})"
                                             for p in record.players)
    if game.is_over:
        out = game.outcome
        winner = out.winner if out else None
        who = record.players[winner].name if winner in (0, 1) else ("ничья" if ru else "draw")
        state = (f"окончена: {who}" if ru else f"finished: {who}") + f" ({out.reason if out else None})"
    else:
        state = game.prompt(lang)
    note = ""
    if record.migrated_from is not None:
        note = f"; обновлено с версии {record.migrated_from}" if ru else f"; upgraded from version {record.migrated_from}"
    if ru:
        return (f"OK {loaded.path.name}: {record.ruleset}, ход {game.turn}, действий {len(record.log)}, {players}; "
                f"{state}; сохранено {record.saved_at or '?'}{note}")
    return (f"OK {loaded.path.name}: {record.ruleset}, turn {game.turn}, {len(record.log)} actions, {players}; "
            f"{state}; saved {record.saved_at or '?'}{note}")


def check(path: pathlib.Path, lang: str) -> tuple[int, str]:
    """The exit code and the line to print for one file."""
    from saves.errors import SaveError
    from saves.manager import load

    try:
        loaded = load(path)
    except SaveError as exc:
        return EXIT_BAD, f"BAD ({exc.code}) {exc.message(lang)}"
    return EXIT_OK, summary(loaded, lang)


def main(argv: list[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="replace")  # a Russian name must not crash a non-UTF-8 console
        except (AttributeError, ValueError):
            pass
    parser = argparse.ArgumentParser(prog="python -m saves", description="Berserk Table save files")
    sub = parser.add_subparsers(dest="command", required=True)
    chk = sub.add_parser("check", help="check a save file: exit 0 if good, 2 if bad; never writes")
    chk.add_argument("file", type=pathlib.Path)
    chk.add_argument("--lang", choices=("ru", "en"), default=None, help="message language (default: from LANG)")
    args = parser.parse_args(argv)
    lang = args.lang or _lang()
    try:
        code, line = check(args.file, lang)
    except RecursionError:
        code, line = EXIT_BAD, f"BAD (unexpected) {args.file.name}: too deeply nested"
    except Exception as exc:  # noqa: BLE001 - the checker reports, it never crashes
        code, line = EXIT_BAD, f"BAD (unexpected) {args.file.name}: {type(exc).__name__}: {exc}"
    print(line)
    return code


if __name__ == "__main__":
    sys.exit(main())
