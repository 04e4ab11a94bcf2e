"""How strong and how quick the computer opponents are.

Plays ``--games`` games of Easy against uniform random play and of Normal against Easy, seats
alternated (each deal is played twice, the bots swapping seats and decks), and prints::

    easy_vs_random=<Easy's score>      target >= 0.95 at --games 200
    normal_vs_easy=<Normal's score>    target >= 0.70 at --games 200
    decision_ms_p95=<ms>               Normal's 95th-percentile wall time per real decision, target <= 1000
    decision_cpu_ms_p95=<ms>           the same in CPU time (classic Normal's budget is CPU time)
    normal_rounds_per_decision=<n>     Normal's search rounds (re-dealt look-aheads) per real decision
    hard_vs_normal=<Hard's score>      (``--only hard``) target >= 0.70 at --games 200; with it
                                       decision_ms_p95 and decision_cpu_ms_p95 are Hard's (target <= 2000)
    hard_rounds_per_decision=<n>       Hard's search iterations (re-dealt games walked down its tree) per decision
    rival_decision_ms_p95=<ms>         the rival bot's wall time per real decision (with its CPU mean and rounds):
                                       a rival whose budget a busy machine cut short would flatter the measured bot
    <match>_choosing=<score>           the measured bot's score over the games in which the die let it choose who
    <match>_not_choosing=<score>       goes first, and over those its rival chose (a «Герои» first player wins
                                       most games: the second half is where a stronger bot shows)
    setup_vs_easy=<score>              (classic, ``--only setup``) Easy's battle play with Normal's setup rules
                                       (go second, strongest cards first, more fighters in front) against Easy

A score counts a win as 1 and a draw as 1/2. "Real" decisions are those with more than one legal
action. ``decision_cpu_ms_p95`` is the same figure in CPU time, which is what the wall time would be
on an otherwise idle core. Uses the ready decks when there are at least two, else the test pool.

``--ruleset classic`` measures classic «Берсерк»'s bots the same way, over every ordered pair of the ready
decks (assets/classic/decks.toml; ``--decks test``: the rule-test decks of tests/classic_data, far apart in
strength), each game from the die roll and squad building to the end; every fourth deal plays the 2007
edition. Both games of a deal have the same decks on the same seats and the same dice seed, the bots
swapping seats, so the deck's and the die's luck cancels between them. Random play there never rearranges
a laid-out card forever: it lays each card once, then says ``ready``.

What a measurement costs: a «Герои» game of Hard (1.2 s a decision) against Normal (0.5 s) takes about two
minutes of CPU (Hard decided 78 times a game on average over 40 games; a long game takes twice that), so
200 games take seven to eight hours of one core. ``--log DIR`` keeps each finished game in
DIR (bench/gamelog.py), and the same command run again plays only the games DIR lacks and prints the figures
over all of them: a measurement can span sittings; games of other settings or other code are refused. Each kept
game holds its actions, so :func:`replay` rebuilds it at any step (a lost game, to see where it went wrong).
``--hard NAME=VALUE`` sets Hard's options (``evaluation=fitted``, ``prior=False``, ``explore=0.5``, «Герои»'s ``reply=0`` (its opponent's defences left to Easy), ``answers=4`` (its own later attacks in the tree answered by Normal too), ``foresee=all`` (its
opponent's next decision foreseen after every candidate, not only his defence), ``defence=ahead`` (every defence
of its look-ahead chosen by one look-ahead game a candidate),
classic's ``setup=rules``, ``max_iterations=30 budget=None``…); with ``--iterations`` Normal too is bounded by
rounds, not time, which gives tuning runs that a loaded machine does not change.
"""

from __future__ import annotations

import argparse
import ast
import json
import multiprocessing
import pathlib
import random
import sys
import time
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from gamelog import GameLog, code_digest  # noqa: E402

from engine.ai import make_bot, observe  # noqa: E402
from engine.classic import actions as CA  # noqa: E402
from engine.classic.ai import setupplay  # noqa: E402
from engine.classic.game import ClassicGame  # noqa: E402
from engine.content import load_classic_cards, load_classic_decks, load_pool  # noqa: E402
from engine.core.ruleset import find_ruleset  # noqa: E402
from engine.heroes.game import HeroesGame  # noqa: E402
from engine.heroes.pool import CardPool  # noqa: E402
from engine.sim import random_action  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]
MAX_STEPS = 4000  # a game this long is scored as a draw

_POOL: CardPool | None = None
_PAIRS: list[tuple[tuple[str, list[str]], tuple[str, list[str]]]] = []
_RULESET = "heroes"
_CLASSIC: dict[str, Any] = {}


def deck_pairs(pool: CardPool) -> list[tuple[tuple[str, list[str]], tuple[str, list[str]]]]:
    decks = sorted(pool.decks.values(), key=lambda d: d.id)
    if len(decks) >= 2:
        return [((a.hero, a.card_list()), (b.hero, b.card_list())) for a in decks for b in decks if a.id < b.id]
    cards = sorted(c.id for c in pool.cards.values() if c.type != "hero" and not c.created)
    deck = (cards * 3)[:40]
    return [(("t_hero_steppe", deck), ("t_hero_dark", deck))]


def _setup(ruleset: str = "heroes", deck_set: str = "builtin") -> None:
    global _POOL, _PAIRS, _RULESET
    _RULESET = ruleset
    if ruleset == "classic":
        decks = load_classic_decks(deck_set)
        _CLASSIC["cards"] = load_classic_cards(deck_set)
        _CLASSIC["decks"] = decks
        _CLASSIC["pairs"] = [(a, b) for a in sorted(decks) for b in sorted(decks)]
        return
    _POOL = load_pool([ROOT / "tests" / "data"])
    _PAIRS = deck_pairs(_POOL)


def classic_game(deal: int) -> ClassicGame:
    """Deal ``deal`` of the classic run: a pair of decks, the 2007 edition every fourth deal. The fourth
    shifts by one each time round the pairs, so that with 64 pairs (4 | 64) no pair always plays the same
    edition."""
    n = len(_CLASSIC["pairs"])
    a, b = _CLASSIC["pairs"][deal % n]
    return ClassicGame.start(_CLASSIC["cards"], [_CLASSIC["decks"][a], _CLASSIC["decks"][b]], seed=deal,
                             edition="2007" if (deal + deal // n) % 4 == 3 else "2022")


def new_game(deal: int) -> Any:
    """The game of deal ``deal`` of the run's game (both games of a deal start alike, the bots swapping seats)."""
    if _RULESET == "classic":
        return classic_game(deal)
    assert _POOL is not None
    a, b = _PAIRS[deal % len(_PAIRS)]
    return HeroesGame.new(_POOL, [a, b], seed=deal, check_decks=False)


def chooser(game: Any) -> int | None:
    """The seat that chooses who goes first (the die's winner, before any decision; «Герои» CR 301.4, classic
    2022 «Определение очерёдности хода»), or None when the game starts past that choice."""
    pend = game.pending
    return game.decider if pend is not None and pend.kind == "order" else None


def chose(game: dict[str, Any], base_seed: int) -> bool:
    """Whether the measured bot chose the Queue in a kept game (kept before games said it: from its deal)."""
    if "chose" in game:
        return bool(game["chose"])
    return chooser(new_game(base_seed + game["index"] // 2)) == game["index"] % 2


def classic_random_action(game: ClassicGame, rng: random.Random) -> Any:
    """Uniform random play, except that a laid-out card is not moved about forever (each card once)."""
    legal = game.legal_actions()
    if game.pending is not None and game.pending.kind == "place":
        legal = [a for a in legal if isinstance(a, CA.Ready)] or [
            a for a in legal if isinstance(a, CA.Place) and a.card not in game.creatures]
    return rng.choice(legal)


def play_one(task: tuple[str, str | None, int, float, int, int, dict[str, Any]]) -> dict[str, Any]:
    """One game: ``hero`` (the measured level) against ``rival`` (a level or None = random). ``budget`` and
    ``iterations`` bound Normal (the measured one, or Hard's rival); ``hard`` holds Hard's own options."""
    hero, rival, index, budget, iterations, base_seed, hard = task
    deal = base_seed + index // 2
    seat = index % 2  # the measured bot's seat; the decks stay with the seats
    game = new_game(deal)
    choosing = chooser(game) == seat  # the die gave the measured bot the choice of going first or second
    pick = classic_random_action if _RULESET == "classic" else random_action
    options: dict[str, Any] = {}
    normal: dict[str, Any] = {}
    if iterations:
        normal = {"budget": None, "max_iterations": iterations}
    elif budget > 0:
        normal = {"budget": budget}  # else the bot's own default budget
    if hero == "easy_setup":  # Easy's battle play with Normal's setup rules (classic)
        hero, options = "easy", {"setup": setupplay.NORMAL}
    elif hero == "normal":
        options = normal
    elif hero == "hard":
        options = hard
    bots: list[Any] = [None, None]
    bots[seat] = make_bot(hero, seed=deal * 2 + 1, ruleset=_RULESET, **options)
    if rival is not None:
        bots[1 - seat] = make_bot(rival, seed=deal * 2 + 2, ruleset=_RULESET, **(normal if rival == "normal" else {}))
    rng = random.Random(deal)
    wall: list[float] = []
    cpu: list[float] = []
    rounds: list[int] = []  # Normal's search rounds (re-dealt look-aheads) per decision
    # the rival's too: a rival starved by a busy machine (its budget capped in wall time) would flatter the bot
    rival: dict[str, list[Any]] = {"wall": [], "cpu": [], "rounds": []}
    steps = 0
    moves: list[str] = []  # the game's actions as text, kept with it: replay() rebuilds it at any step
    while not game.is_over and steps < MAX_STEPS:
        p = game.decider
        bot = bots[p]
        if bot is None:
            action = pick(game, rng)
        else:
            t0, c0 = time.perf_counter(), time.process_time()
            obs = observe(game, p)
            action = bot.choose(obs)
            if len(obs.legal) > 1:
                stats = getattr(bot, "last_stats", None)
                mine = p == seat
                (wall if mine else rival["wall"]).append(time.perf_counter() - t0)
                (cpu if mine else rival["cpu"]).append(time.process_time() - c0)
                if stats and "iterations" in stats:
                    (rounds if mine else rival["rounds"]).append(stats["iterations"])
        game.apply(action)
        moves.append(action.to_text())
        steps += 1
    out = game.outcome.to_dict() if game.outcome else {"winner": None, "reason": "too_long"}
    score = 0.5 if out["winner"] is None else float(out["winner"] == seat)
    mirror = _RULESET == "classic" and len(set(_CLASSIC["pairs"][deal % len(_CLASSIC["pairs"])])) == 1
    record = {"index": index, "score": score, "wall": wall, "cpu": cpu, "steps": steps, "reason": out["reason"],
              "mirror": mirror, "rounds": rounds, "chose": choosing, "actions": moves}
    if rival["wall"]:
        record.update({"rival_" + k: v for k, v in rival.items()})
    return record


def replay(record: dict[str, Any], base_seed: int = 0, steps: int | None = None) -> Any:
    """A kept game rebuilt from its deal (run()'s ``base_seed``) and its actions: after the first ``steps`` of
    them (None: all, so a game cut as too long stands as it was cut, and a finished one as it ended). A ValueError
    for a record kept without its actions (games kept before records held them, unless cut as too long)."""
    if "actions" not in record:
        raise ValueError(f"game {record.get('index')} was kept without its actions: it cannot be replayed")
    game = new_game(base_seed + record["index"] // 2)
    codec = find_ruleset(game.ruleset).codec
    for text in record["actions"][:steps]:
        game.apply(codec.parse(text))
    return game


def play_balance(deal: int) -> dict[str, Any]:
    """One classic game of Easy against Easy on deal ``deal``: who went first, the decks, who won."""
    game = classic_game(deal)
    a, b = _CLASSIC["pairs"][deal % len(_CLASSIC["pairs"])]
    bots = [make_bot("easy", seed=deal * 2 + 1, ruleset="classic"), make_bot("easy", seed=deal * 2 + 2,
                                                                               ruleset="classic")]
    steps = 0
    while not game.is_over and steps < MAX_STEPS:
        game.apply(bots[game.decider].choose(observe(game, game.decider)))
        steps += 1
    winner = game.outcome.winner if game.outcome else None
    return {"decks": (a, b), "first": game.first, "winner": winner, "turns": game.turn, "steps": steps}


def balance(games: int, jobs: int, deck_set: str = "builtin") -> None:
    """Classic balance with Easy on both seats over every ordered pair of the ``deck_set`` decks (``games``
    deals): the first player's score, each deck's score and each pair's, as ``name=value`` lines."""
    if jobs <= 1:
        _setup("classic", deck_set)
        res = [play_balance(d) for d in range(games)]
    else:
        with multiprocessing.get_context("fork").Pool(jobs, initializer=_setup,
                                                      initargs=("classic", deck_set)) as pool:
            res = list(pool.imap_unordered(play_balance, range(games), chunksize=1))

    def score(win: bool, draw: bool) -> float:
        return 0.5 if draw else float(win)

    print(f"first_player={sum(score(r['winner'] == r['first'], r['winner'] is None) for r in res) / len(res):.3f}")
    decks: dict[str, list[float]] = {}
    pairs: dict[tuple[str, str], list[float]] = {}
    for r in res:
        for seat, deck in enumerate(r["decks"]):
            decks.setdefault(deck, []).append(score(r["winner"] == seat, r["winner"] is None))
        a, b = r["decks"]
        if a != b:
            pairs.setdefault((a, b), []).append(score(r["winner"] == 0, r["winner"] is None))
            pairs.setdefault((b, a), []).append(score(r["winner"] == 1, r["winner"] is None))
    for deck, s in sorted(decks.items()):
        print(f"deck_{deck}={sum(s) / len(s):.3f} (games {len(s)})")
    for (a, b), s in sorted(pairs.items()):
        print(f"pair_{a}_vs_{b}={sum(s) / len(s):.3f} (games {len(s)})")
    print(f"turns_mean={sum(r['turns'] for r in res) / len(res):.1f}")
    print(f"draws={sum(1 for r in res if r['winner'] is None)}")


def run(hero: str, rival: str | None, games: int, budget: float, iterations: int, jobs: int,
        seed: int, progress: bool = False, start: int = 0, ruleset: str = "heroes",
        deck_set: str = "builtin", hard: dict[str, Any] | None = None,
        log: pathlib.Path | None = None, queue: str = "both") -> list[dict[str, Any]]:
    """``games`` games (``start``..``games``-1) of ``hero`` against ``rival``; with ``log`` (a folder), each kept
    there as it finishes, and the games the folder already holds of this very measurement not played again.
    ``queue``: "both" plays every game; "theirs" only those whose Queue the rival chooses, "ours" only those
    the measured bot chooses (a tuning run on the half that decides). A game is the same whichever half it was
    played in, so the halves and the whole share one log: a half kept first, the rest is played later."""
    budget = budget if not iterations else 0.0
    kept: GameLog | None = None
    if log is not None:
        log.mkdir(parents=True, exist_ok=True)
        log = log / f"{ruleset}-{hero}_vs_{rival or 'random'}.jsonl"
        key = {"hero": hero, "rival": rival, "ruleset": ruleset, "decks": deck_set, "budget": budget,
               "iterations": iterations, "seed": seed, "hard": hard or {}, "code": code_digest(ROOT, ruleset)}
        try:
            kept = GameLog(log, key)
        except (OSError, ValueError) as exc:
            sys.exit(f"--log: {exc}")
    done = kept.games if kept is not None else {}
    _setup(ruleset, deck_set)  # here too: the deals are read for --queue and for games kept without "chose"
    wanted = range(start, games)
    if queue != "both":
        wanted = [i for i in wanted if (chooser(new_game(seed + i // 2)) == i % 2) == (queue == "ours")]
    results = [done[i] for i in wanted if i in done]
    tasks = [(hero, rival, i, budget, iterations, seed, hard or {}) for i in wanted if i not in done]
    if results and progress:
        print(f"  {len(results)} games kept in {log}; {len(tasks)} to play", file=sys.stderr, flush=True)

    def note(r: dict[str, Any]) -> None:
        if kept is not None:
            kept.add(r)
        results.append(r)
        if progress:
            score = sum(x["score"] for x in results) / len(results)
            print(f"  {hero} vs {rival or 'random'}: {len(results)}/{len(wanted)} games, score {score:.3f}"
                  f" (last: {r['score']}, {r['steps']} steps, {r['reason']}, bot cpu {sum(r['cpu']):.0f} s)",
                  file=sys.stderr, flush=True)

    if jobs <= 1:
        for t in tasks:
            note(play_one(t))
        return results
    with multiprocessing.get_context("fork").Pool(jobs, initializer=_setup, initargs=(ruleset, deck_set)) as pool:
        for r in pool.imap_unordered(play_one, tasks, chunksize=1):
            note(r)
    return results


def hard_options(ap: argparse.ArgumentParser, pairs: list[str]) -> dict[str, Any]:
    """``--hard NAME=VALUE`` options as keyword arguments (a Python literal, else a string)."""
    out: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name.isidentifier():
            ap.error(f"--hard wants NAME=VALUE, not {pair!r}")
        try:
            out[name] = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            out[name] = text
    return out


def timings(res: list[dict[str, Any]], bot: str, with_max: bool, rounds_format: str) -> None:
    """The measured bot's decision times (wall and CPU), decisions, search rounds a decision and the draws."""
    wall = [t for r in res for t in r["wall"]]
    cpu = [t for r in res for t in r["cpu"]]
    print(f"decision_ms_p95={p95(wall) * 1000:.0f}")
    print(f"decision_cpu_ms_p95={p95(cpu) * 1000:.0f}")
    print(f"decision_ms_mean={sum(wall) / max(len(wall), 1) * 1000:.0f}")
    if with_max:
        print(f"decision_ms_max={max(wall, default=0.0) * 1000:.0f}")
    print(f"{bot}_decisions={len(wall)}")
    rounds = [n for r in res for n in r["rounds"]]
    if rounds:
        print(f"{bot}_rounds_per_decision={sum(rounds) / len(rounds):{rounds_format}}")
    print(f"draws={sum(1 for r in res if r['score'] == 0.5)}")
    kept = [r for r in res if "rival_wall" in r]  # games logged before the rival's times were kept have none
    if kept:
        rival_wall = [t for r in kept for t in r["rival_wall"]]
        rival_cpu = [t for r in kept for t in r["rival_cpu"]]
        print(f"rival_decision_ms_p95={p95(rival_wall) * 1000:.0f} (games {len(kept)})")
        print(f"rival_decision_cpu_ms_mean={sum(rival_cpu) / max(len(rival_cpu), 1) * 1000:.0f}")
        rival_rounds = [n for r in kept for n in r["rival_rounds"]]
        if rival_rounds:
            print(f"rival_rounds_per_decision={sum(rival_rounds) / len(rival_rounds):{rounds_format}}")


def by_queue(res: list[dict[str, Any]], name: str, seed: int) -> None:
    """The score split by who chose the Queue: ``name_choosing`` over the games the measured bot chose who
    goes first, ``name_not_choosing`` over those its rival chose (going first is worth much in «Герои»)."""
    for suffix, want in (("choosing", True), ("not_choosing", False)):
        part = [r["score"] for r in res if chose(r, seed) == want]
        if part:
            print(f"{name}_{suffix}={sum(part) / len(part):.3f} (games {len(part)})")


def p95(values: list[float]) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(0.95 * len(values)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--budget", type=float, default=0.0,
                    help="Normal's seconds per decision (0: the bot's default; «Герои»: 0.5 s of wall time; "
                         "classic: 12 look-ahead rounds within 0.5 s of the thinking thread's CPU time and 0.9 s of wall time)")
    ap.add_argument("--jobs", type=int, default=1, help="games in parallel (timings suffer on a busy machine)")
    ap.add_argument("--iterations", type=int, default=0,
                    help="cap Normal by deals per decision instead of time (0: the time budget counts)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--ruleset", choices=("heroes", "classic"), default="heroes",
                    help="which game's bots to measure (classic: over the classic test decks)")
    ap.add_argument("--progress", action="store_true", help="report each finished game on stderr")
    ap.add_argument("--decks", choices=("test", "builtin"), default="builtin",
                    help="classic: the built-in ready decks (default, what players play) or the test decks")
    ap.add_argument("--only", choices=("easy", "normal", "hard", "balance", "setup"),
                    help="run one of the two matches; hard: Hard against Normal (at Normal's default budget); balance (classic): Easy against Easy over the deck pairs; "
                         "setup (classic): Easy with Normal's setup rules against Easy")
    ap.add_argument("--start", type=int, default=0,
                    help="play games start..games-1 only (a run split over machines or sittings)")
    ap.add_argument("--json", type=pathlib.Path, help="also write every game's result (score, timings) here")
    ap.add_argument("--log", type=pathlib.Path, metavar="DIR",
                    help="keep each finished game in DIR (one file a match); run again with the same DIR to play "
                         "only the games missing and print the figures over all (a run over several sittings)")
    ap.add_argument("--queue", choices=("both", "theirs", "ours"), default="both",
                    help="--only hard: play only the games whose Queue (who goes first) the rival chooses (theirs) "
                         "or Hard chooses (ours): a tuning run on one half; the figures say which")
    ap.add_argument("--hard", action="append", default=[], metavar="NAME=VALUE",
                    help="an option of Hard's (``--only hard``; repeatable), e.g. max_iterations=30 budget=None "
                         "evaluation=normal prior=False explore=0.5 width=4 root_width=8 horizon=2 opponent=3; with "
                         "--iterations or --budget Normal is bounded likewise: a tuning run at a fraction of the time")
    args = ap.parse_args()
    start = time.perf_counter()
    dump: dict[str, Any] = {}
    if args.queue != "both" and args.only != "hard":
        ap.error("--queue is for --only hard")
    if args.only == "balance":
        if args.ruleset != "classic":
            ap.error("--only balance is for --ruleset classic (bench/balance.py covers «Герои»)")
        balance(args.games, args.jobs, args.decks)
        print(f"games={args.games}")
        print(f"bench_s={time.perf_counter() - start:.0f}")
        return
    if args.only == "setup":
        if args.ruleset != "classic":
            ap.error("--only setup is for --ruleset classic")
        res = run("easy_setup", "easy", args.games, args.budget, args.iterations, args.jobs, args.seed,
                  args.progress, args.start, args.ruleset, args.decks, log=args.log)
        dump["setup_vs_easy"] = res
        print(f"setup_vs_easy={sum(r['score'] for r in res) / len(res):.3f}")
        print(f"draws={sum(1 for r in res if r['score'] == 0.5)}")
    elif args.only not in ("normal", "hard"):
        res = run("easy", None, args.games, args.budget, args.iterations, args.jobs, args.seed,
                  args.progress, args.start, args.ruleset, args.decks, log=args.log)
        dump["easy_vs_random"] = res
        print(f"easy_vs_random={sum(r['score'] for r in res) / len(res):.3f}")
    elif args.only == "hard":
        res = run("hard", "normal", args.games, args.budget, args.iterations, args.jobs, args.seed, args.progress,
                  args.start, args.ruleset, args.decks, hard_options(ap, args.hard), log=args.log, queue=args.queue)
        dump["hard_vs_normal"] = res
        name = "hard_vs_normal" if args.queue == "both" else f"hard_vs_normal_{args.queue}_queue"
        print(f"{name}={sum(r['score'] for r in res) / len(res):.3f}")
        by_queue(res, name, args.seed)
        timings(res, "hard", True, ".1f")
    if args.only not in ("easy", "setup", "hard"):
        res = run("normal", "easy", args.games, args.budget, args.iterations, args.jobs, args.seed,
                  args.progress, args.start, args.ruleset, args.decks, log=args.log)
        dump["normal_vs_easy"] = res
        print(f"normal_vs_easy={sum(r['score'] for r in res) / len(res):.3f}")
        by_queue(res, "normal_vs_easy", args.seed)
        if args.ruleset == "classic":
            # the classic test decks are far apart (docs/balance.md): one deck against another is mostly won
            # by the deck, so the games of a deck against itself say more about the players
            for name, part in (("mirror", [r for r in res if r["mirror"]]), ("cross", [r for r in res if not r["mirror"]])):
                if part:
                    print(f"normal_vs_easy_{name}={sum(r['score'] for r in part) / len(part):.3f} (games {len(part)})")
        # normal_rounds_per_decision: how far Normal looks within its budget, what a faster engine buys
        timings(res, "normal", False, ".2f")
    if args.json:
        args.json.write_text(json.dumps(dump), encoding="utf-8")
    if args.ruleset != "heroes":
        print(f"ruleset={args.ruleset}")
    print(f"games={len(res)}")
    print(f"bench_s={time.perf_counter() - start:.0f}")


if __name__ == "__main__":
    main()
