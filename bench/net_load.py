"""How many games one server process holds: ROOMS rooms of random-move clients over loopback.

The server runs in a process of its own (``main.py serve``, on 127.0.0.1 only); this process opens two
connections per room, seats both players and plays: each seat, when a view arrives that asks it to decide,
waits THINK seconds (a person's pace) and sends a random legal action. A game that ends is followed by a new
one in a new room, so ROOMS games stay in progress. After the rooms are all playing, SECONDS seconds are
measured. Bounded: ROOMS rooms, ramp-up and measuring each capped in time; then both processes stop.

Prints ``name=value`` lines:
  net_games         the fewest games in progress at any second of the measured time (a pair whose game ended
                    is counted through the moment it takes to sit down to the next one)
  net_rtt_ms_p99    99th percentile, in ms, of the time from sending an action to reading the view it produced
  net_rtt_ms_p50    the median of the same
  net_actions_per_s actions the server applied per second, measured
  net_mb_per_room   the server's resident memory with the games running, less before them, per room (MB)
  net_view_kb       the mean size of a view message (KB: after the first, each is the change from the last)
  net_server_cores  the server's CPU time per second of the measured time (1.0: one core kept busy)
  net_server_ms_per_action  the server's CPU time per action applied (every message it handled, shared out)
  load              the machine's load average (1 min) at the end: other work on it slows everything

    .venv/bin/python bench/net_load.py [--rooms 500] [--seconds 60] [--think 1.0] [--game heroes|classic|both]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from net.protocol import PROTOCOL  # noqa: E402


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_s(pid: int) -> float:
    """The process's CPU time so far (user + system), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def sides(game: str) -> list[dict]:
    """The decks the rooms' players bring, round by round."""
    if game == "heroes":
        from net.heroes import content

        pool = content()
        return [{"game": {"ruleset": "heroes"}, "deck": {"hero": d.hero, "cards": d.card_list()}}
                for d in pool.decks.values()]
    from engine.content import load_classic_decks

    return [{"game": {"ruleset": "classic", "mode": "2022"}, "deck": {"cards": d.card_list()}}
            for d in load_classic_decks("builtin").values()]


class Stats:
    def __init__(self) -> None:
        self.rtt: list[float] = []
        self.actions = 0
        self.playing = 0
        self.view_bytes = 0
        self.views = 0
        self.errors: dict[str, int] = {}
        self.measuring = False
        self.ended = 0  # games played to their end (each followed by a new one)
        self.failed = 0  # pairs of clients that stopped on an error


async def seat(ws, me: int, stats: Stats, think: float, rng: random.Random, over: asyncio.Event) -> None:
    """One player: answer each view that asks it to decide, THINK seconds later, with a random legal action."""
    from net.patch import apply

    sent: tuple[int, float] | None = None
    pending: asyncio.Task | None = None
    state: dict = {}

    async def act(view: dict) -> None:
        nonlocal sent
        await asyncio.sleep(think)
        sent = (view["seq"], time.perf_counter())
        await ws.send(json.dumps({"t": "act", "action": rng.choice(view["legal"]), "seq": view["seq"]}))

    async for raw in ws:
        m = json.loads(raw)
        t = m.get("t")
        if t == "view":
            stats.view_bytes += len(raw)
            stats.views += 1
            state = apply(state, m["patch"]) if "patch" in m else m["state"]  # each view after the first: a patch
            if sent is not None and m["seq"] > sent[0]:
                if stats.measuring:
                    stats.rtt.append((time.perf_counter() - sent[1]) * 1000)
                    if m.get("by") == me:
                        stats.actions += 1
                sent = None
            if state.get("outcome"):
                over.set()
                return
            if m["legal"]:
                pending = asyncio.create_task(act(m))
        elif t == "error":
            stats.errors[m.get("code", "?")] = stats.errors.get(m.get("code", "?"), 0) + 1
    if pending is not None:
        pending.cancel()


async def room(url: str, index: int, offer: list[dict], stats: Stats, think: float, stop: asyncio.Event,
               up: asyncio.Event) -> None:
    """One game after another between the same two clients, until ``stop``: a game that ends is followed at
    once by a new one in a new room (the pair counts as playing throughout; a pair that fails no longer does)."""
    from websockets.asyncio.client import connect

    rng = random.Random(index)
    a = await connect(url, max_size=None, compression=None)
    b = await connect(url, max_size=None, compression=None)
    first = True
    try:
        while not stop.is_set():
            mine, theirs = offer[index % len(offer)], offer[(index + 1) % len(offer)]
            await a.send(json.dumps({"t": "create", "v": PROTOCOL, "game": mine["game"],
                                     "player": {"name": f"A{index}", "deck": mine["deck"]}}))
            code = json.loads(await a.recv())["room"]
            await b.send(json.dumps({"t": "join", "v": PROTOCOL, "room": code,
                                     "player": {"name": f"B{index}", "deck": theirs["deck"]}}))
            await b.recv()  # welcome
            over = asyncio.Event()
            if first:
                stats.playing += 1
                up.set()
                first = False
            tasks = [asyncio.create_task(seat(ws, i, stats, think, rng, over)) for i, ws in enumerate((a, b))]
            ender = asyncio.create_task(stop.wait())
            await asyncio.wait([asyncio.create_task(over.wait()), ender], return_when=asyncio.FIRST_COMPLETED)
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)  # their reads are over before ours begin
            if stop.is_set():
                break
            stats.ended += 1
            await a.send(json.dumps({"t": "leave"}))
            await b.send(json.dumps({"t": "leave"}))
            for ws in (a, b):  # read the answers to leave so the next room starts clean
                while json.loads(await ws.recv()).get("t") != "left":
                    pass
    except Exception:  # noqa: BLE001 - a pair that fails is counted out (and the figures say so)
        stats.failed += 1
    finally:
        if not first:
            stats.playing -= 1
        await a.close()
        await b.close()


async def run(url: str, args: argparse.Namespace, server_pid: int) -> dict[str, float]:
    games = ["heroes", "classic"] if args.game == "both" else [args.game]
    offers = {g: sides(g) for g in games}
    stats = Stats()
    stop = asyncio.Event()
    before = rss_mb(server_pid)
    ups = []
    tasks = []
    started = time.monotonic()
    for i in range(args.rooms):
        up = asyncio.Event()
        ups.append(up)
        tasks.append(asyncio.create_task(room(url, i, offers[games[i % len(games)]], stats, args.think, stop, up)))
        if i % 20 == 19:
            await asyncio.sleep(0.1)
    try:
        await asyncio.wait_for(asyncio.gather(*(u.wait() for u in ups)), args.ramp)
    except TimeoutError:
        pass
    ramp = time.monotonic() - started
    await asyncio.sleep(min(5.0, args.seconds / 4))  # every room past its first moves
    stats.measuring = True
    fewest = stats.playing
    t0 = time.monotonic()
    cpu0 = cpu_s(server_pid)
    while time.monotonic() - t0 < args.seconds:
        await asyncio.sleep(1.0)
        fewest = min(fewest, stats.playing)
    stats.measuring = False
    measured = time.monotonic() - t0
    cpu = cpu_s(server_pid) - cpu0
    during = rss_mb(server_pid)
    stop.set()
    await asyncio.wait(tasks, timeout=20)
    rtt = sorted(stats.rtt) or [float("nan")]
    return {
        "net_games": fewest,
        "net_rtt_ms_p99": round(rtt[min(len(rtt) - 1, int(len(rtt) * 0.99))], 1),
        "net_rtt_ms_p50": round(rtt[len(rtt) // 2], 1),
        "net_actions_per_s": round(stats.actions / measured, 1),
        "net_mb_per_room": round((during - before) / max(1, args.rooms), 3),
        "net_view_kb": round(stats.view_bytes / max(1, stats.views) / 1024, 1),
        "net_server_cores": round(cpu / measured, 2),  # the server's CPU time per second: how much of a core
        "net_server_ms_per_action": round(cpu * 1000 / max(1, stats.actions), 2),
        "net_ramp_s": round(ramp, 1),
        "net_errors": sum(stats.errors.values()),
        "net_games_ended": stats.ended,
        "net_pairs_failed": stats.failed,
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--rooms", type=int, default=500)
    p.add_argument("--seconds", type=float, default=60.0, help="measured time, after the rooms are up")
    p.add_argument("--think", type=float, default=1.0, help="seconds a player waits before answering a view")
    p.add_argument("--game", choices=("heroes", "classic", "both"), default="both")
    p.add_argument("--ramp", type=float, default=120.0, help="the longest the rooms may take to start")
    args = p.parse_args()
    # This one process plays every client (a real client is a process of its own with one game): its collector
    # walking a thousand clients' states would stall them all and be counted as the server's round trip.
    gc.set_threshold(200_000, 1000, 1000)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4 * args.rooms + 256)), hard))
    folder = Path(tempfile.mkdtemp(prefix="net-load-"))
    port_file = folder / "port"
    env = {**os.environ, "BERSERK_NET_DISCOVERY": "off"}
    server = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "serve", "--host", "127.0.0.1", "--port", "0",
                               "--port-file", str(port_file), "--keep", "60", "--saves", str(folder / "saves")],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=(folder / "server.log").open("wb"))
    try:
        deadline = time.monotonic() + 60
        while not port_file.exists():
            if server.poll() is not None or time.monotonic() > deadline:
                print((folder / "server.log").read_text()[-2000:], file=sys.stderr)
                return 1
            time.sleep(0.1)
        time.sleep(0.2)
        port = int(port_file.read_text())
        figures = asyncio.run(run(f"ws://127.0.0.1:{port}", args, server.pid))
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
    for k, v in figures.items():
        print(f"{k}={v}")
    print(f"load={os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
