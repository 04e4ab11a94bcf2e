"""Where the measured bot's lost games went wrong: a kept ``ai_strength.py --log`` run replayed round by round.

Every game ``ai_strength.py --log DIR`` keeps holds its actions, so each game the measured bot did not win is
rebuilt from its deal (``ai_strength.replay``) and read by the game's own win chance (the evaluation both
searching bots score their look-ahead with: «Герои» ``win_chance``, classic the same name in its ai package),
seen from the measured bot's seat, at the start of each of its own turns and as the game ended. Read at every
turn's start the chance swings with whose turn it is (each side's own turn, its cards played and its strikes,
raises its chance, by up to 0.5 in the «Герои» games read so), so a *round* (the bot's turn and its rival's
after it) compares like with like. For each such game it prints the game, its turns, the turn from whose start
the chance stayed below one half (the turn the game was lost by that reading), the round that lowered it most
with that round's actions (the measured bot's marked ``*``), and the chances round by round. Then the figures
over all of them::

    lost=<n>                  the games not won (a draw counts) that hold their actions
    skipped=<n>               those kept before records held their actions (not replayed)
    lost_turns_mean=<turns>   how long they lasted
    behind_from_mean=<turn>   the turn from whose start the chance stayed below one half, on average
    worst_drop_mean=<chance>  what the costliest round took, on average

A reading by one evaluation is a place to start looking, not a verdict: the evaluation is the bots' own, with
the same blind spots.

    .venv/bin/python bench/lost_games.py /work/runs/def-x [--show 5]
"""

from __future__ import annotations

import argparse
import pathlib
import sys
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import ai_strength  # noqa: E402
from gamelog import kept_lines  # noqa: E402

from engine.classic.ai.value import win_chance as classic_chance  # noqa: E402
from engine.core.ruleset import find_ruleset  # noqa: E402
from engine.heroes.ai.evaluate import win_chance as heroes_chance  # noqa: E402

CHANCE = {"heroes": heroes_chance, "classic": classic_chance}  # each game's evaluation, as its bots score positions


def read_log(path: pathlib.Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The measurement's key and its games from a log file (or the one ``*.jsonl`` of a folder), read only: a last
    line a running bench has not finished is left out, never cut off the file. A ValueError names the file and
    what is wrong."""
    if path.is_dir():
        found = sorted(path.glob("*.jsonl"))
        if len(found) != 1:
            raise ValueError(f"{path}: expected one *.jsonl log in the folder, found {len(found)}")
        path = found[0]
    if not path.is_file():
        raise ValueError(f"{path}: not a regular file")
    key: dict[str, Any] | None = None
    games = []
    for number, this, game in kept_lines(path, path.read_bytes()):
        if key is not None and this != key:
            raise ValueError(f"{path}, line {number}: a game of another measurement than line 1's")
        key = this
        games.append(game)
    if key is None:
        raise ValueError(f"{path}: no games kept")
    return key, games


def story(record: dict[str, Any], base_seed: int, value: Any) -> dict[str, Any]:
    """One game replayed, read round by round: the measured bot's win chance (``value(game, seat)``) at the start
    of each of its own turns and as the game ended. Read at every turn's start, the chance swings with whose turn
    it is (a side's own turn raises it), so a round (the bot's turn and its rival's after it, from one reading to
    the next) compares like with like. Says the turn from whose start the chance stayed below one half (None if it
    never did), the round that lowered it most (the turn it began with) and its actions, the measured bot's
    marked ``*``. A ValueError says which action of the game could not be replayed."""
    seat = record["index"] % 2
    game = ai_strength.replay(record, base_seed, steps=0)
    codec = find_ruleset(game.ruleset).codec
    chances: list[float] = []
    starts: list[int] = []
    rounds: list[list[str]] = []
    for number, text in enumerate(record["actions"], 1):
        if game.turn >= 1 and game.active == seat and (not starts or starts[-1] != game.turn):
            chances.append(value(game, seat))  # the start of one of its turns: a new round
            starts.append(game.turn)
            rounds.append([])
        mine = game.decider == seat
        try:
            game.apply(codec.parse(text))
        except Exception as exc:  # a log of other rules or a damaged one: say where, do not stop with a trace
            raise ValueError(f"game {record['index']}, action {number} ({text!r}): cannot be replayed ({exc})") from None
        if rounds:
            rounds[-1].append(("*" if mine else "") + text)
    chances.append(value(game, seat))  # as it ended
    behind = None
    for i in range(len(starts) - 1, -1, -1):
        if chances[i] >= 0.5:
            break
        behind = starts[i]
    drops = [chances[i] - chances[i + 1] for i in range(len(rounds))]
    worst = max(range(len(rounds)), key=lambda i: drops[i]) if rounds else None
    return {"index": record["index"], "turns": game.turn, "rounds": len(rounds), "chances": chances,
            "behind_from": behind, "worst_turn": None if worst is None else starts[worst],
            "worst_drop": 0.0 if worst is None else drops[worst],
            "worst_actions": [] if worst is None else rounds[worst]}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("log", type=pathlib.Path, help="a kept run's log file, or the folder --log wrote it in")
    ap.add_argument("--show", type=int, default=10, help="lost games to print a line for (the figures count all)")
    args = ap.parse_args(argv)
    try:
        key, games = read_log(args.log)
        if key.get("ruleset") not in CHANCE:
            raise ValueError(f"{args.log}: a log of no game this reads (ruleset {key.get('ruleset')!r})")
        ai_strength._setup(key["ruleset"], key.get("decks", "builtin"))
        lost = [g for g in sorted(games, key=lambda g: g["index"]) if g.get("score", 0) < 1]
        stories = [story(g, key.get("seed", 0), CHANCE[key["ruleset"]]) for g in lost if "actions" in g]
    except (OSError, ValueError) as exc:
        where = "" if str(args.log) in str(exc) else f"{args.log}: "
        sys.exit(f"lost_games: {where}{exc}")
    for s in stories[:args.show]:
        chances = " ".join(f"{c:.2f}" for c in s["chances"])
        print(f"game {s['index']}: {s['turns']} turns, behind from turn {s['behind_from']}, costliest round from "
              f"turn {s['worst_turn']} (-{s['worst_drop']:.2f}): {'; '.join(s['worst_actions'])}\n"
              f"  chances at its turns: {chances}")
    n = len(stories)
    print(f"lost={n}")
    print(f"skipped={len(lost) - n}")
    if n:
        behind = [s["behind_from"] for s in stories if s["behind_from"] is not None]
        print(f"lost_turns_mean={sum(s['turns'] for s in stories) / n:.1f}")
        print(f"behind_from_mean={sum(behind) / max(1, len(behind)):.1f}")
        print(f"worst_drop_mean={sum(s['worst_drop'] for s in stories) / n:.3f}")


if __name__ == "__main__":
    main()
