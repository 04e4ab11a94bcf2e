"""Who makes a player's decisions: a person at this computer, or a program.

The table asks ``controller.decide(game, token)`` every frame while that player must decide. A human
answers None (the table waits for input). The computer opponent (:class:`BotController`) answers
None too while its bot thinks on a worker thread, and the action once the thought is done: the
frame loop never waits for it. The bot gets a snapshot of what its player may know
(:func:`engine.ai.observe`, taken on the caller's thread), never the live game.
"""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from engine.ai import LEVEL_NAMES, LEVELS, Bot, make_bot, observe
from engine.core.actions import Action


class Controller:
    """The seam between a player seat and whoever fills it."""

    kind = "human"
    is_human = True

    def decide(self, game, token: Any = None) -> Action | None:
        """The action to take now, or None when the table must wait (for a person, or a thought)."""
        return None

    def agree_undo(self, game) -> bool | None:
        """Whether this player allows the other to take back an action (None: ask the person)."""
        return None

    @property
    def thinking(self) -> bool:
        """A decision is being worked out off the render thread."""
        return False

    def cancel(self) -> None:
        """Forget a decision in progress: the game it was for has changed or is gone."""


class HumanController(Controller):
    """A person at this computer (hot-seat)."""


class RandomController(Controller):
    """Plays a random legal action at once: a test tool, not an opponent worth playing."""

    kind = "random"
    is_human = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, game, token: Any = None) -> Action | None:
        legal = game.legal_actions()
        return self.rng.choice(legal) if legal else None

    def agree_undo(self, game) -> bool | None:
        return True


class InlineExecutor(Executor):
    """Runs each job at once on the caller's thread (tests and tools that want no threads)."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        f: Future = Future()
        try:
            f.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # noqa: BLE001 - handed to whoever reads the future
            f.set_exception(exc)
        return f


_worker: ThreadPoolExecutor | None = None
_worker_lock = threading.Lock()


def bot_worker() -> ThreadPoolExecutor:
    """The one thread every bot thinks on: two bots never compete for the machine's two cores,
    and a job dropped before it started is never run."""
    global _worker
    with _worker_lock:
        if _worker is None:
            _worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        return _worker


@dataclass
class _Job:
    key: Any
    future: Future


class BotController(Controller):
    """The computer opponent of one level: an :mod:`engine.ai` bot that thinks off the render thread.

    ``decide`` starts a thought on an observation of the game and returns None; later calls poll it.
    A result is used only for the position it was asked about (``token``, or the state hash
    without one): after an undo, a load or any other change the old thought is dropped.
    """

    is_human = False

    def __init__(self, level: str = "normal", seed: int = 0, *, bot: Bot | None = None,
                 executor: Executor | None = None, **options: Any) -> None:
        self.kind = level
        self.bot = bot if bot is not None else make_bot(level, seed, **options)
        self.executor = executor
        self._job: _Job | None = None
        self.errors: list[str] = []  # what went wrong in the bot (it then plays a legal fallback)

    @property
    def thinking(self) -> bool:
        return self._job is not None and not self._job.future.done()

    def cancel(self) -> None:
        if self._job is not None:
            self._job.future.cancel()  # a job not started yet never runs; a running one is ignored
            self._job = None

    def agree_undo(self, game) -> bool | None:
        return True  # the computer lets a person take back their last action

    def decide(self, game, token: Any = None) -> Action | None:
        p = game.decider
        if p is None or game.is_over:
            self.cancel()
            return None
        key = (id(game), token) if token is not None else game.state_hash()
        if self._job is not None and self._job.key != key:
            self.cancel()
        if self._job is None:
            obs = observe(game, p)  # here, on the caller's thread: the worker never touches the live game
            executor = self.executor or bot_worker()
            self._job = _Job(key, executor.submit(self.bot.choose, obs))
        job = self._job
        if not job.future.done():
            return None
        self._job = None
        legal = game.legal_actions()
        try:
            action = job.future.result()
        except Exception as exc:  # noqa: BLE001 - a bot bug must not end the player's game
            self._error(f"{type(exc).__name__}: {exc}")
            return legal[0] if legal else None
        if action not in legal:
            self._error(f"the bot chose {action}, which is not legal now")
            return legal[0] if legal else None
        return action

    def _error(self, text: str) -> None:
        self.errors.append(text)
        print(f"computer opponent ({self.kind}): {text}", file=sys.stderr)


def level_label(level: str, lang: str) -> str:
    """The level's name in the player's language, as the bot package names it."""
    ru, en = LEVEL_NAMES.get(level, (level, level))
    return ru if lang == "ru" else en


def _bot_factory(level: str) -> Callable[[int], Controller]:
    return lambda seed: BotController(level, seed)


# kind -> factory(seed): every level of the computer opponent, easiest first.
COMPUTER_KINDS: dict[str, Callable[[int], Controller]] = {level: _bot_factory(level) for level in LEVELS}
DEFAULT_COMPUTER = "normal"


def make_controller(kind: str, seed: int = 0) -> Controller:
    if kind == "human":
        return HumanController()
    if kind == "random":
        return RandomController(seed)
    factory = COMPUTER_KINDS.get(kind)
    if factory is None:
        return HumanController()
    return factory(seed)


def computer_available() -> bool:
    return bool(COMPUTER_KINDS)
