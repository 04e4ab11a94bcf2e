"""Who makes a player's decisions: a person at this computer, or a program.

The table asks ``controller.decide(game, token)`` every frame while that player must decide. A human
answers None (the table waits for input). The computer opponent (:class:`BotController`) answers
None too while its bot thinks in a worker process, and the action once the thought is done: the
frame loop never waits for it. The bot gets a snapshot of what its player may know
(:func:`engine.ai.observe`, taken on the caller's thread), never the live game.

Why a process and not a thread: a thinking bot holds the interpreter lock, and every time drawing
lets go of it (pygame does so inside its calls) it waits for the bot's turn to end — the table fell
to a few frames a second while the computer thought, and the bot itself lost a third of its search
to the drawing. In its own process the bot has a core of its own. Where a process cannot be started,
the bot thinks on a thread as before.
"""

from __future__ import annotations

import itertools
import multiprocessing
import random
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from engine.ai import LEVELS, Bot, make_bot, observe
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


# ---------------------------------------------------------------- the bot process
_process: ProcessPoolExecutor | None = None
_process_failed = False  # it could not be started or died: bots think on the thread from then on
_uids = itertools.count(1)

# In the bot process: each controller's bot, kept between its decisions (its random generator goes
# on from one decision to the next, as it would in one process).
_bots: dict[int, Bot] = {}
_MAX_BOTS = 16  # bots of games long gone are dropped past this many


def _warm_up() -> None:
    """Nothing: submitted once so the process starts (and imports the engine) before it is needed."""


def _think(uid: int, level: str, seed: int, options: dict[str, Any], obs: Any) -> tuple[Action, dict[str, Any]]:
    """Runs in the bot process: the controller's bot chooses; its search figures come back too."""
    bot = _bots.get(uid)
    if bot is None:
        if len(_bots) >= _MAX_BOTS:
            _bots.clear()
        bot = _bots[uid] = make_bot(level, seed, **options)
    action = bot.choose(obs)
    return action, dict(getattr(bot, "last_stats", None) or {})


def bot_process() -> ProcessPoolExecutor | None:
    """The one process every bot thinks in (one, so two bots never compete for the machine's cores);
    None when no process can be had, and then the thread worker does the thinking."""
    global _process, _process_failed
    with _worker_lock:
        if _process is None and not _process_failed:
            try:
                # "spawn": a fresh interpreter, never a copy of one that has a window open.
                _process = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
                _process.submit(_warm_up)
            except (OSError, RuntimeError, NotImplementedError) as exc:
                _process_failed = True
                print(f"computer opponent: no worker process ({exc}); thinking on a thread", file=sys.stderr)
        return _process


def _process_broke() -> None:
    """The bot process died (or could not start): drop it and think on the thread from now on."""
    global _process, _process_failed
    with _worker_lock:
        _process_failed = True
        if _process is not None:
            _process.shutdown(wait=False, cancel_futures=True)
            _process = None


@dataclass
class _Job:
    key: Any
    future: Future
    remote: bool = False  # in the bot process: the result is (action, search figures)


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
        # A bot of our own making can be made again in the bot process; an injected one (and any
        # bot given its own executor, then or later) thinks where it is told.
        self._recipe = (level, seed, dict(options)) if bot is None else None
        self._uid = next(_uids)
        self._job: _Job | None = None
        self.errors: list[str] = []  # what went wrong in the bot (it then plays a legal fallback)
        self.last_stats: dict[str, Any] = {}  # the last decision's search figures (Normal: iterations…)
        if self._remote is not None:
            bot_process()  # start it now: the first decision should not wait for it

    @property
    def _remote(self) -> tuple[str, int, dict[str, Any]] | None:
        """How to make this bot again in the bot process, unless it is told where to think."""
        return self._recipe if self.executor is None else None

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
            self._job = self._submit(key, obs)
        job = self._job
        if not job.future.done():
            return None
        self._job = None
        legal = game.legal_actions()
        try:
            if job.remote:
                action, self.last_stats = job.future.result()
            else:
                action = job.future.result()
                self.last_stats = dict(getattr(self.bot, "last_stats", None) or {})
        except BrokenProcessPool as exc:
            # The process is gone (killed, or it could not start): think this one again on the thread.
            self._error(f"the bot process stopped ({exc}); thinking on a thread from now on")
            _process_broke()
            self._job = self._submit(key, observe(game, p))
            return None
        except Exception as exc:  # noqa: BLE001 - a bot bug must not end the player's game
            self._error(f"{type(exc).__name__}: {exc}")
            return legal[0] if legal else None
        if action not in legal and not offer_allowed(game, p, action):
            self._error(f"the bot chose {action}, which is not legal now")
            return legal[0] if legal else None
        return action

    def _submit(self, key: Any, obs: Any) -> _Job:
        process = bot_process() if self._remote is not None else None
        if process is not None:
            level, seed, options = self._remote  # type: ignore[misc]
            try:
                return _Job(key, process.submit(_think, self._uid, level, seed, options, obs), remote=True)
            except (BrokenProcessPool, RuntimeError) as exc:
                self._error(f"the bot process cannot take work ({exc}); thinking on a thread from now on")
                _process_broke()
        return _Job(key, (self.executor or bot_worker()).submit(self.bot.choose, obs))

    def _error(self, text: str) -> None:
        self.errors.append(text)
        print(f"computer opponent ({self.kind}): {text}", file=sys.stderr)


def offer_allowed(game: Any, p: int, action: Action) -> bool:
    """Is ``action`` a draw offer of ``p``'s the rules take now? A bot offers a draw in a stalled game
    (engine/classic/ai/stall.py); an offer is a meta action, open beside the decision, never among its legal
    actions. ``game``: a game, or a campaign (its game under way)."""
    g = game if hasattr(game, "can_offer_draw") else getattr(game, "current", None)
    return (action.name == "offer_draw" and getattr(action, "player", None) == p and g is not None
            and g.can_offer_draw(p))


def _bot_factory(level: str) -> Callable[..., Controller]:
    return lambda seed, ruleset="heroes": BotController(level, seed, ruleset=ruleset)


# kind -> factory(seed, ruleset=…): every level of the computer opponent, easiest first.
COMPUTER_KINDS: dict[str, Callable[..., Controller]] = {level: _bot_factory(level) for level in LEVELS}
DEFAULT_COMPUTER = "normal"


def make_controller(kind: str, seed: int = 0, ruleset: str = "heroes") -> Controller:
    """The controller of a seat: a person, the random test player, or the computer at level ``kind`` for
    the game ``ruleset`` (its bot comes from that ruleset, engine.ai.make_bot)."""
    if kind == "human":
        return HumanController()
    if kind == "random":
        return RandomController(seed)
    factory = COMPUTER_KINDS.get(kind)
    if factory is None:
        return HumanController()
    return factory(seed, ruleset=ruleset)


def computer_available() -> bool:
    return bool(COMPUTER_KINDS)
