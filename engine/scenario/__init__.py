"""Scenarios of any game: a position, actions in text form and expectations, in one TOML or JSON file.

``python -m engine.scenario FILE [--lang ru|en] [--log]`` plays the file and prints the state as
JSON (schema in docs/scenarios.md). Exit 0: played, every expectation held; 1: an expectation
failed (which, on stderr); 2: a broken file or a refused action (the reason on stderr).

The file names its game with ``ruleset = "heroes" | "classic"`` (no ``ruleset``: «Герои», as every
file was before classic had scenarios). This runner imports no ruleset: it finds the game's
scenario module with ``find_ruleset(name).scenarios`` (``parse``, ``play``, ``state_json``). Pure: a
scenario comes in as a dict and the base cards through a function; reading the file and the base
cards is the content loader's (:func:`engine.content.load_scenario`, :mod:`engine.content.cli`).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import Bilingual, CardDataError, IllegalAction, clip
from engine.core.events import event_dicts
from engine.core.registry import UnknownName
from engine.core.ruleset import find_ruleset, ruleset_names

DEFAULT_RULESET = "heroes"
# base card content by name: pools("builtin"|"test", ruleset=…) -> that ruleset's cards (never changed)
BasePools = Callable[..., Any]


class ScenarioError(Bilingual, ValueError):
    """A scenario file that cannot be played: bad schema, unknown card, unparsable action.

    ``field`` is the position field when the builder named one.
    """

    def __init__(self, en: str, *, ru: str, field: str = "") -> None:
        super().__init__(en)
        self.en = en
        self.ru = ru
        self.field = field

    @classmethod
    def from_data_error(cls, exc: CardDataError) -> ScenarioError:
        """A card, deck or position error as the scenario's own: the whole line in both languages."""
        return cls(exc.reason("en"), ru=exc.reason("ru"), field=exc.field)


class Refused(Exception):
    """An action of the scenario that the rules refused (exit code 2)."""

    def __init__(self, step: int, text: str, error: IllegalAction) -> None:
        text = clip(text)  # the action as written in the file: a player reads it in one line
        super().__init__(f"action {step} {text!r}: {error.en}")
        self.step = step
        self.text = text
        self.error = error


@dataclass
class Expect:
    """One ``[[expect]]`` table: checks made after action ``after`` (None: at the end)."""

    index: int
    after: int | None
    checks: dict[str, Any]
    note: str = ""


@dataclass
class Result:
    """What playing a scenario gave: the final position (``position.game`` is the game), the checks made
    and what failed, and each action with its events (``--log``)."""

    position: Any
    checked: int = 0
    failures: list[str] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)

    @property
    def game(self) -> Any:
        return self.position.game

    @property
    def ok(self) -> bool:
        return not self.failures


Check = Callable[[Result, Expect, int, list[dict[str, Any]], str], None]  # result, expect, step, events, lang


def run_actions(result: Result, actions: list[str], expects: list[Expect], *, parse: Callable[[str, str], Any],
                text: Callable[[Any], str], check: Check, lang: str) -> Result:
    """Apply the scenario's action texts in order (``parse(text, where)`` -> an action; ``text(action)`` its
    canonical form for the log), checking each expectation after its action; both games' runners use it.
    An action the rules refuse raises Refused."""
    by_step: dict[int | None, list[Expect]] = {}
    for e in expects:
        by_step.setdefault(e.after, []).append(e)
    for e in by_step.get(0, []):
        check(result, e, 0, [], lang)
    events: list[dict[str, Any]] = []
    for step, line in enumerate(actions, 1):
        action = parse(line, f"actions[{step - 1}]")
        try:
            events = event_dicts(result.game.apply(action))  # checked and logged as data
        except IllegalAction as exc:
            raise Refused(step, line, exc) from None
        result.log.append({"step": step, "action": text(action), "events": copy.deepcopy(events)})
        for e in by_step.get(step, []):
            check(result, e, step, events, lang)
    for e in by_step.get(None, []):
        check(result, e, len(actions), events, lang)
    return result


def ruleset_of(data: Any) -> str:
    """The game a scenario dict is written for (``ruleset``; «Герои» when absent). Raises ScenarioError."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario must be a table", ru="сценарий записывается таблицей")
    name = data.get("ruleset", DEFAULT_RULESET)
    known = ruleset_names()
    if not isinstance(name, str) or name not in known:
        shown = clip(repr(name))
        raise ScenarioError(f"ruleset must be one of {', '.join(known)}, got {shown}",
                            ru=f"ruleset: нужно одно из: {', '.join(known)}, а указано {shown}", field="ruleset")
    return name


def _runner(name: str) -> Any:
    try:
        runner = find_ruleset(name).scenarios
    except UnknownName as exc:
        known = ", ".join(exc.known)
        raise ScenarioError(f"ruleset must be one of {known}, got {name!r}",
                            ru=f"ruleset: нужно одно из: {known}, а указано {name!r}", field="ruleset") from None
    if runner is None:
        raise ScenarioError(f"the {name} ruleset has no scenarios", ru=f"у игры {name} нет сценариев",
                            field="ruleset")
    return runner


def parse_scenario(data: Any, file: str = "", *, pools: BasePools) -> Any:
    """Validate a scenario dict (from TOML or JSON) with its game's parser; ``pools`` gives the base
    cards it names (``pools(kind, ruleset=name)``). Raises ScenarioError."""
    return _runner(ruleset_of(data)).parse(data, file, pools=pools)


def play(scn: Any, lang: str = "en") -> Any:
    """Build the position, apply the actions and check the expectations (a Result with ``position``,
    ``checked``, ``failures`` and ``log``). Raises ScenarioError or Refused."""
    return _runner(scn.ruleset).play(scn, lang=lang)


def state_json(position: Any, lang: str = "ru", **options: Any) -> dict[str, Any]:
    """The position's state as the JSON the command prints (its game's schema, docs/scenarios.md);
    ``legal_cap=N`` lists at most N legal actions."""
    return _runner(position.game.ruleset).state_json(position, lang, **options)


def check_game(game: Any, checks: dict[str, Any], fail: Callable[[str, Any, Any], None]) -> int:
    """The expectations about the game as a whole, the same in every game's scenarios: ``decider`` (0, 1 or
    "none"), ``pending`` (the decision's kind), ``turn``, ``active``, ``over`` and ``outcome`` ({winner, reason},
    winner "none" for a draw). Each miss is passed to ``fail(what, expected, got)``; returns the checks made."""
    made = 0
    if "decider" in checks:
        made += 1
        want = None if checks["decider"] in ("none", None) else checks["decider"]
        if game.decider != want:
            fail("decider", checks["decider"], "none" if game.decider is None else game.decider)
    if "pending" in checks:
        made += 1
        got = None if game.pending is None else game.pending.kind
        if got != checks["pending"]:
            fail("pending", checks["pending"], got)
    for key in ("turn", "active"):
        if key in checks:
            made += 1
            if getattr(game, key) != checks[key]:
                fail(key, checks[key], getattr(game, key))
    if "over" in checks:
        made += 1
        if game.is_over != checks["over"]:
            fail("over", checks["over"], game.is_over)
    if "outcome" in checks:
        made += 1
        out = game.outcome
        if out is None:
            fail("outcome", checks["outcome"], None)
        else:
            for k, want in checks["outcome"].items():
                got = out.to_dict()[k]
                if k == "winner" and want in ("none", None):
                    want = None
                if got != want:
                    fail(f"outcome.{k}", checks["outcome"][k], "none" if got is None else got)
    return made


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, indent=2)
