"""Balance run over the ready decks of «Берсерк. Герои», played by the computer opponent.

Plays N games for every pair of ready decks (assets/decks), both seats played by the Easy bot
(``--player random`` for uniformly random legal actions, never Concede or OfferDraw), then writes
docs/balance.md — per deck, per pair and per card — and prints ``name=value`` lines.

    python bench/balance.py                  # 200 games per pair, Easy bot, 2 worker processes
    python bench/balance.py --games 20 --no-write
    python bench/balance.py --player random

The Easy bot spends its coins, attacks where the trade is good and blocks when it pays, so its
numbers say far more than random play; it is still no expert (see the note in docs/balance.md).
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import pathlib
import random
import sys
import time
from collections import Counter
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.content import load_pool  # noqa: E402
from engine.heroes import actions as A  # noqa: E402
from engine.heroes.game import HeroesGame  # noqa: E402
from engine.heroes.pool import CardPool  # noqa: E402

MAX_ACTIONS = 50_000  # a game longer than this is reported as unfinished, never silently cut
META = (A.Concede, A.OfferDraw)
PLAYERS = ("easy", "random")
OUTLIER = (0.35, 0.65)  # deck win rates outside this band are called out
MIN_CARD_GAMES = 100  # a card played in fewer games is left out of the card table

_POOL: CardPool | None = None


def _pool() -> CardPool:
    global _POOL
    if _POOL is None:
        _POOL = load_pool()
    return _POOL


def play_game(pool: CardPool, deck_a: str, deck_b: str, seed: int, player: str = "easy") -> dict[str, Any]:
    """One game; deck_a is player 0, both seats played by ``player``. Returns a small result record
    with the cards each seat played (by card id, once per game)."""
    da, db = pool.decks[deck_a], pool.decks[deck_b]
    rng = random.Random(seed)
    g = HeroesGame.new(pool, [(da.hero, da.card_list()), (db.hero, db.card_list())], seed=seed,
                       deck_ids=(deck_a, deck_b))
    bots = None
    if player != "random":
        from engine.ai import make_bot, observe

        bots = [make_bot(player, seed=seed * 2 + i) for i in (0, 1)]
    played: tuple[set[str], set[str]] = (set(), set())
    actions = 0
    while not g.is_over:
        p = g.decider
        assert p is not None
        if bots is None:
            action = rng.choice([a for a in g.legal_actions() if not isinstance(a, META)])
        else:
            action = bots[p].choose(observe(g, p))
        if isinstance(action, A.Play):
            played[p].add(g.cards[action.card].card)
        g.apply(action)
        actions += 1
        if actions >= MAX_ACTIONS:
            break
    out = g.outcome.to_dict() if g.outcome else {"winner": None, "reason": "unfinished"}
    return {"a": deck_a, "b": deck_b, "seed": seed, "winner": out["winner"], "reason": out["reason"],
            "first": g.first, "turns": g.turn, "actions": actions, "played": [sorted(x) for x in played]}


def play_random_game(pool: CardPool, deck_a: str, deck_b: str, seed: int) -> dict[str, Any]:
    """One game of uniformly random legal actions (the engine's stress run)."""
    return play_game(pool, deck_a, deck_b, seed, "random")


def _job(args: tuple[Any, ...]) -> dict[str, Any]:
    deck_a, deck_b, seed = args[:3]
    player = args[3] if len(args) > 3 else "random"
    try:
        return play_game(_pool(), deck_a, deck_b, seed, player)
    except Exception as exc:  # reported, and the run fails at the end
        return {"a": deck_a, "b": deck_b, "seed": seed, "error": f"{type(exc).__name__}: {exc}"}


def jobs(deck_ids: list[str], games: int, base_seed: int, player: str = "random") -> list[tuple[str, str, int, str]]:
    """Every unordered pair of different decks; seats alternate so each deck sits first half the time."""
    out = []
    for i, (x, y) in enumerate(itertools.combinations(deck_ids, 2)):
        for n in range(games):
            a, b = (x, y) if n % 2 == 0 else (y, x)
            out.append((a, b, base_seed + i * 100_003 + n, player))
    return out


def summarize(results: list[dict[str, Any]], pool: CardPool) -> dict[str, Any]:
    played = [r for r in results if "error" not in r]
    errors = [r for r in results if "error" in r]
    decided = [r for r in played if r["winner"] is not None]
    first_wins = sum(1 for r in decided if r["winner"] == r["first"])
    deck_games: Counter[str] = Counter()
    deck_wins: Counter[str] = Counter()
    pair_wins: Counter[tuple[str, str]] = Counter()
    pair_games: Counter[tuple[str, str]] = Counter()
    card_games: Counter[str] = Counter()
    card_wins: Counter[str] = Counter()
    for r in played:
        for seat, cards in enumerate(r.get("played", ())):
            for card in cards:
                card_games[card] += 1
                card_wins[card] += r["winner"] == seat
        for seat, d in ((0, r["a"]), (1, r["b"])):
            deck_games[d] += 1
            other = r["b"] if seat == 0 else r["a"]
            pair_games[(d, other)] += 1
            if r["winner"] == seat:
                deck_wins[d] += 1
                pair_wins[(d, other)] += 1
    return {
        "games": len(results), "played": len(played), "errors": errors, "decided": len(decided),
        "first_wins": first_wins, "deck_games": deck_games, "deck_wins": deck_wins,
        "pair_wins": pair_wins, "pair_games": pair_games, "card_games": card_games, "card_wins": card_wins,
        "reasons": Counter(r["reason"] for r in played),
        "turns": sum(r["turns"] for r in played) / max(1, len(played)),
        "actions": sum(r["actions"] for r in played) / max(1, len(played)),
        "unfinished": sum(1 for r in played if r["reason"] == "unfinished"),
    }


def _pct(n: int, d: int) -> str:
    return f"{100.0 * n / d:.1f}%" if d else "—"


READ_FIRST = {
    "easy": [
        "**Read this first.** Both seats are played by the computer opponent at its Easy level",
        "(`engine/heroes/ai/easy.py`): it keeps a cheap opening hand, spends its coins on the best set of cards",
        "and abilities it can afford, attacks where the fight looks good even against the best block, blocks",
        "when the hit would hurt more than the blocker is worth, and aims its spells by a rough value of each",
        "effect (a poison counts as the wounds it will deal over the next turns). It trades more freely when",
        "clearly ahead on board and throws everything at the enemy hero when its deck will run out first.",
        "It does not look ahead and plays every deck the same way, so a deck whose plan needs",
        "patience or combinations (holding a card back, setting up a module, saving prayers) looks weaker",
        "here than in good hands. Treat a spread of a few points as noise; look at outliers.",
    ],
    "random": [
        "**Read this first.** Both players here choose uniformly at random among all legal actions",
        "(never conceding or offering a draw). Random players mulligan at random, attack into bad trades,",
        "spend removal on their own creatures and end turns with coins unspent. So these numbers show that",
        "every deck plays to the end without an error, and they flag gross outliers (a card or deck that",
        "wins even when played badly), but they decide little about real balance between thinking players.",
    ],
}


def write_markdown(s: dict[str, Any], pool: CardPool, games: int, seconds: float, path: pathlib.Path,
                   player: str = "random") -> None:
    decks = sorted(s["deck_games"])
    who = "the Easy bot" if player == "easy" else "random play" if player == "random" else f"the {player} bot"
    lines = [
        f"# Balance of the ready decks ({who})",
        "",
        f"Written by `bench/balance.py{'' if player == 'easy' else ' --player ' + player}` — do not edit by hand;"
        " run it again.",
        "",
        *READ_FIRST.get(player, READ_FIRST["easy"]),
        "Cost-for-stats sanity lives in the cost model of `docs/cards.md`, checked by `tests/test_card_pool.py`.",
        "",
        "## Run",
        "",
        f"- players: {who}",
        f"- games per pair of decks: {games} (seats alternate; the die decides who chooses to go first)",
        f"- games played: {s['played']} of {s['games']}; errors: {len(s['errors'])}; "
        f"unfinished after {MAX_ACTIONS} actions: {s['unfinished']}",
        f"- average length: {s['turns']:.1f} turns, {s['actions']:.0f} actions; wall time {seconds:.0f} s",
        "- how games ended: " + ", ".join(f"{k} {v} ({_pct(v, s['played'])})" for k, v in sorted(s["reasons"].items())),
        "",
        "## First player",
        "",
        f"The player who took the first turn won **{_pct(s['first_wins'], s['decided'])}** of "
        f"{s['decided']} decided games.",
        "",
        "## Win rate per deck",
        "",
        "| deck | hero | plan | games | win rate |",
        "| --- | --- | --- | ---: | ---: |",
    ]
    for d in sorted(decks, key=lambda d: -s["deck_wins"][d] / max(1, s["deck_games"][d])):
        dd = pool.decks[d]
        hero = pool.cards[dd.hero].name["en"]
        plan = dd.plan.get("en", "").split(":")[0]
        lines.append(f"| {dd.name['en']} (`{d}`) | {hero} | {plan} | {s['deck_games'][d]} | "
                     f"{_pct(s['deck_wins'][d], s['deck_games'][d])} |")
    rate = {d: s["deck_wins"][d] / max(1, s["deck_games"][d]) for d in decks}
    outliers = [d for d in sorted(decks, key=lambda d: rate[d]) if not OUTLIER[0] <= rate[d] <= OUTLIER[1]]
    if outliers:
        lines += ["", f"**Outliers** (outside {OUTLIER[0]:.0%}–{OUTLIER[1]:.0%}): "
                  + ", ".join(f"`{d}` {rate[d]:.1%}" for d in outliers)
                  + ". An outlier is the deck or the way these players play it; watch a game of it"
                  " (`python main.py --demo` or a game against the computer) before changing cards."]
    if player == "random":
        lines += [
            "",
            "How to read the spread: random players favour decks whose value comes by itself — a hero",
            "ability that makes a body or heals every turn, big sturdy creatures, constant auras. Decks",
            "that need aim look worse than they are: aggro must send its attacks at the hero (random",
            "players trade with creatures instead), and the darkness deck pays with its own hero's lives",
            "(Морен's draw, Кровавый договор, Жажда) whether or not the trade is worth it.",
        ]
    lines += ["", "## Pairs", "", "Row deck's win rate against the column deck.", "",
              "| | " + " | ".join(f"`{d}`" for d in decks) + " |",
              "| --- |" + " ---: |" * len(decks)]
    for r in decks:
        cells = []
        for c in decks:
            cells.append("—" if r == c else _pct(s["pair_wins"][(r, c)], s["pair_games"][(r, c)]))
        lines.append(f"| `{r}` | " + " | ".join(cells) + " |")
    cards = [c for c in s["card_games"] if s["card_games"][c] >= MIN_CARD_GAMES and c in pool.cards]
    if cards:
        rate = {c: s["card_wins"][c] / s["card_games"][c] for c in cards}
        lines += ["", "## Cards", "",
                  "How often the side that played a card (at least once in the game) won, for cards played in",
                  f"{MIN_CARD_GAMES} games or more. A card far above its deck's rate may be too strong; one far",
                  "below may be too weak — or simply the card a losing side plays in despair.", "",
                  "| card | cost | games played | win rate of its side |", "| --- | ---: | ---: | ---: |"]
        for c in sorted(cards, key=lambda c: (-rate[c], c)):
            d = pool.cards[c]
            lines.append(f"| {d.name['en']} (`{c}`) | {d.cost} | {s['card_games'][c]} | "
                         f"{_pct(s['card_wins'][c], s['card_games'][c])} |")
    if s["errors"]:
        lines += ["", "## Errors", ""]
        lines += [f"- `{e['a']}` vs `{e['b']}` seed {e['seed']}: {e['error']}" for e in s["errors"][:50]]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per pair of decks (default 200)")
    ap.add_argument("--seed", type=int, default=1, help="base seed")
    ap.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--decks", nargs="*", help="deck ids (default: every ready deck)")
    ap.add_argument("--out", type=pathlib.Path, default=ROOT / "docs" / "balance.md")
    ap.add_argument("--no-write", action="store_true", help="print figures only")
    ap.add_argument("--player", choices=PLAYERS, default="easy", help="who plays both seats (default: the Easy bot)")
    args = ap.parse_args(argv)

    pool = _pool()
    deck_ids = sorted(args.decks or pool.decks)
    work = jobs(deck_ids, args.games, args.seed, args.player)
    start = time.perf_counter()
    if args.workers > 1:
        with multiprocessing.Pool(args.workers) as mp:
            results = mp.map(_job, work, chunksize=8)
    else:
        results = [_job(j) for j in work]
    seconds = time.perf_counter() - start
    s = summarize(results, pool)
    if not args.no_write:
        write_markdown(s, pool, args.games, seconds, args.out, args.player)
    print(f"games={s['games']}")
    print(f"errors={len(s['errors'])}")
    print(f"unfinished={s['unfinished']}")
    print(f"first_player_win_rate={s['first_wins'] / max(1, s['decided']):.3f}")
    for d in deck_ids:
        print(f"win_rate.{d}={s['deck_wins'][d] / max(1, s['deck_games'][d]):.3f}")
    print(f"avg_turns={s['turns']:.1f}")
    print(f"seconds={seconds:.1f}")
    for e in s["errors"][:5]:
        print(f"# error {e['a']} vs {e['b']} seed {e['seed']}: {e['error']}", file=sys.stderr)
    return 1 if s["errors"] or s["unfinished"] else 0


if __name__ == "__main__":
    sys.exit(main())
