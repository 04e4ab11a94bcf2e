"""Timed games: the limit a game records, and the declaration that its time is out.

The engine keeps no clock. A timed game records its limit (:class:`TimeLimit`, part of the game's state from
its creation); whoever runs the game — the client at one PC, a server when the players sit apart — counts the
time the game has been played and, once that reaches the limit, applies :class:`TimeOut` with the reading of
its clock in whole seconds. The engine checks that reading against the recorded limit, then applies what the
rules say: classic 2007 7.3–7.4 (the costlier squad wins, equal costs draw), «Герои» CR 603.1 (3) (the turn in
progress ends, each player takes ``extra_turns`` more turns, then a draw if nobody has won).

Why the reading travels in the action: the action's text (``time_out elapsed=1800``) is what the log, saves
and replays keep, so a replay applies the same reading and reaches the same game without any clock; no other
action carries a time, so untimed games, their saves and their hashes are what they were. A runner that
lies about its clock is not the engine's to catch: across a network the server runs the clock and applies
this action itself, and never takes it from a player (:data:`RUNNER_ACTIONS`). docs/timed.md says more.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.actions import Action
from engine.core.errors import IllegalAction

MIN_SECONDS = 60
MAX_SECONDS = 24 * 3600
MAX_EXTRA_TURNS = 9
DEFAULT_EXTRA_TURNS = 3  # «Герои»: CR 603.1 (3) names extra turns but not how many (docs/timed.md)


@dataclass(frozen=True, slots=True)
class TimeLimit:
    """A timed game's limit: ``seconds`` of play, and («Герои» only) the extra turns each player takes after
    it (CR 603.1 (3)); classic has none (2007 7.3)."""

    seconds: int
    extra_turns: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.seconds, bool) or not isinstance(self.seconds, int) \
                or not MIN_SECONDS <= self.seconds <= MAX_SECONDS:
            raise ValueError(f"a time limit is {MIN_SECONDS}-{MAX_SECONDS} whole seconds, not {self.seconds!r}")
        if isinstance(self.extra_turns, bool) or not isinstance(self.extra_turns, int) \
                or not 0 <= self.extra_turns <= MAX_EXTRA_TURNS:
            raise ValueError(f"extra turns are 0-{MAX_EXTRA_TURNS}, not {self.extra_turns!r}")

    def to_dict(self) -> dict[str, Any]:
        return {"seconds": self.seconds, "extra_turns": self.extra_turns}

    @classmethod
    def from_dict(cls, data: Any) -> TimeLimit:
        """The limit written by :meth:`to_dict`; ValueError for anything else."""
        if not isinstance(data, dict) or set(data) != {"seconds", "extra_turns"}:
            raise ValueError("a time limit is {seconds, extra_turns}")
        return cls(seconds=data["seconds"], extra_turns=data["extra_turns"])


@dataclass(frozen=True, kw_only=True)
class TimeOut(Action):
    """The game's time is out by the clock of whoever runs it, which read ``elapsed`` whole seconds
    (classic 2007 7.3–7.4; «Герои» CR 603.1 (3)). Each ruleset registers it in its own codec as ``time_out``."""

    elapsed: int


# Actions that only the runner of a game declares, never a player: a server refuses them from a seat.
RUNNER_ACTIONS: tuple[type[Action], ...] = (TimeOut,)


def clock_text(seconds: float) -> str:
    """``m:ss`` (``h:mm:ss`` from an hour): a reading of the clock for messages and the table."""
    whole = max(0, int(seconds))
    h, rest = divmod(whole, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def time_out_refusal(limit: TimeLimit | None, action: TimeOut, already: bool) -> IllegalAction | None:
    """Why ``action`` may not be applied to a game with ``limit`` (``already``: its time ran out before), or
    None when it may. A finished game refuses it before this is asked (the core's apply flow)."""
    if limit is None:
        return IllegalAction("untimed", "В этой игре нет ограничения времени.", "This game has no time limit.")
    if already:
        return IllegalAction("timed_out", "Время этой игры уже вышло.", "This game's time is already out.")
    elapsed = action.elapsed
    if isinstance(elapsed, bool) or not isinstance(elapsed, int) or elapsed < 0:
        return IllegalAction("elapsed", "Показание часов должно быть целым числом секунд, не меньше нуля.",
                             "The clock's reading must be a whole number of seconds, zero or more.")
    if elapsed < limit.seconds:
        played, total = clock_text(elapsed), clock_text(limit.seconds)
        return IllegalAction("time_left", f"Время ещё не вышло: сыграно {played} из {total}.",
                             f"The time is not out yet: {played} of {total} played.")
    return None
