"""Child processes in tests, bounded by the CPU time they use rather than by the wall clock.

The machine that runs the suite may be busy (CI's two cores, other work beside it): a child that needs a few
seconds of CPU can take minutes of wall time there, so a wall-clock timeout fails good code under load. A
child here is stopped only when it used more CPU than its bound, or when it used no CPU at all for
STUCK_AFTER seconds (blocked, not starved).

    from tests.processes import run_unless_stuck

    code, out, err, wall = run_unless_stuck([sys.executable, "main.py", "--screenshot", str(tmp)], cpu_limit=60)
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import time
from collections.abc import Mapping

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
STUCK_AFTER = 120  # seconds of wall time in which a child that still runs used no CPU at all: blocked, not starved
WALL_LIMIT = 900  # only where a child's CPU time cannot be read (no /proc)


def cpu_seconds(pid: int) -> float | None:
    """CPU time a running (or not yet reaped) process has used, from Linux's /proc; None elsewhere."""
    try:
        fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime
    except (OSError, IndexError, ValueError):
        return None


def _cpu_rlimit(seconds: int):
    """A preexec function that caps the child's CPU time (SIGXCPU past it); None where there is no such limit."""
    try:
        import resource
    except ImportError:
        return None

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 5))

    return limit


def run_unless_stuck(args: list[str], *, cwd: pathlib.Path = ROOT, env: Mapping[str, str] | None = None,
                     cpu_limit: int | None = None) -> tuple[int, str, str, float]:
    """Run a child to its end however starved of CPU it is: at nice 19 beside two busy loops a loader's
    2 s of CPU took up to 380 s of wall time. It is stopped once it has used no CPU for STUCK_AFTER
    seconds, or, where that cannot be read, after WALL_LIMIT; with ``cpu_limit`` the kernel also stops it
    (SIGXCPU, a negative exit code) past that many seconds of CPU. Returns the exit code, stdout, stderr
    and the wall time."""
    preexec = _cpu_rlimit(cpu_limit) if cpu_limit is not None and os.name == "posix" else None
    proc = subprocess.Popen(args, cwd=cwd, env=None if env is None else dict(env), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=preexec)
    start = progress_at = time.monotonic()
    last_cpu = None
    while True:
        try:
            out, err = proc.communicate(timeout=5)
            return proc.returncode, out, err, time.monotonic() - start
        except subprocess.TimeoutExpired:
            now, cpu = time.monotonic(), cpu_seconds(proc.pid)
            if cpu is not None and cpu != last_cpu:
                last_cpu, progress_at = cpu, now
            if now - progress_at > STUCK_AFTER if last_cpu is not None else now - start > WALL_LIMIT:
                proc.kill()
                out, err = proc.communicate()
                why = (f"used no CPU for {STUCK_AFTER} s (blocked, not starved)" if last_cpu is not None
                       else f"did not end in {WALL_LIMIT} s of wall time")
                pytest.fail(f"the child {why}; stopped after {now - start:.0f} s, {last_cpu} s of CPU, load "
                            f"{os.getloadavg()}\nstdout:\n{out[-3000:]}\nstderr:\n{err[-3000:]}")
