"""«Герои» scenarios: a position, actions in text form and expectations, in one TOML or JSON file.

The runner of :mod:`engine.scenario` hands a file without ``ruleset`` (or with ``ruleset = "heroes"``)
here, through ``find_ruleset("heroes").scenarios``: :func:`parse`, :func:`play`, :func:`state_json`
(schema in docs/scenarios.md). Pure: a scenario comes in as a dict and the base card pools through a
function.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core.actions import Action, ActionSyntaxError, parse_action
from engine.core.errors import CardDataError, IllegalAction
from engine.heroes.game import HeroesGame
from engine.heroes.pool import CardPool
from engine.heroes.position import Position, RefError, build_position, effect_to_data
from engine.heroes.state import ZONES
from engine.scenario import Expect, Result, ScenarioError, check_game, run_actions

SCHEMA_VERSION = 1
LEGAL_CAP = 200
SCENARIO_KEYS = {"ruleset", "title", "description", "pool", "card", "actions", "expect"}
POOLS = ("builtin", "test")  # the base pools a scenario may name; the loader provides them
BasePools = Callable[[str], CardPool]  # a pool name from POOLS -> that pool (never changed by a scenario)

# Expectation keys: what each checks and the type of the expected value.
CARD_CHECKS: dict[str, type | tuple[type, ...]] = {
    "wounds": int, "zone": str, "tapped": bool, "poison": int, "stunned": bool, "hidden": bool,
    "strike": int, "lives_left": int, "controller": int, "keywords": list, "no_keywords": list,
}
PLAYER_CHECKS: dict[str, type | tuple[type, ...]] = {
    "coins": int, "open_coins": int, "temp_coins": int, "tapped_coins": int, "prayers": int,
    "failed_draws": int, "hand_size": int, "deck_size": int, "grave_size": int, "play_size": int,
    "hand": list, "grave": list, "deck": list,
}
GAME_CHECKS = {"decider", "pending", "turn", "active", "over", "outcome"}
LEGAL_CHECKS = {"legal_contains", "legal_excludes", "legal_count", "illegal", "events"}
EXPECT_KEYS = {"after", "note"} | set(CARD_CHECKS) | set(PLAYER_CHECKS) | GAME_CHECKS | LEGAL_CHECKS


def _t(lang: str, ru: str, en: str) -> str:
    return ru if lang == "ru" else en


# Expected value types, as the ru reasons name them.
_TYPE_RU: dict[Any, str] = {int: "целое число", str: "текст", bool: "true или false", list: "список"}


# ====================================================================== pools
def scenario_pool(kind: str, inline: list[dict[str, Any]], file: str = "", *, pools: BasePools) -> CardPool:
    """A fresh pool: the base pool plus the scenario's own ``[[card]]`` tables (same schema as assets/cards)."""
    if kind not in POOLS:
        raise ScenarioError(f"pool must be one of {', '.join(POOLS)}, got {kind!r}",
                            ru=f"pool: нужно одно из: {', '.join(POOLS)}, а указано {kind!r}")
    base = pools(kind)
    pool = CardPool(cards=dict(base.cards), decks=dict(base.decks))
    if inline:
        pool.add_card_data({"card": inline}, file or "<scenario>")
        pool.check_references()
    return pool


# ====================================================================== the file
@dataclass
class Scenario:
    """A parsed «Герои» scenario, ready to play."""

    ruleset = "heroes"

    pool: CardPool
    position: dict[str, Any]
    actions: list[str]
    expects: list[Expect]
    title: str = ""
    description: str = ""
    file: str = ""


def parse(data: dict[str, Any], file: str = "", *, pools: BasePools) -> Scenario:
    """Validate a scenario dict (from TOML or JSON); ``pools`` gives the base pool it names. Raises ScenarioError."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario must be a table", ru="сценарий записывается таблицей")
    position = {k: v for k, v in data.items() if k not in SCENARIO_KEYS}
    for name, table in position.items():
        stray = sorted(set(table) & SCENARIO_KEYS) if isinstance(table, dict) else []
        if stray:
            # TOML puts every key after a [table] header into that table: a common slip.
            raise ScenarioError(f"{stray[0]} landed inside [{name}]: in TOML, keys after a [table] header belong "
                                f"to it; write {stray[0]} above the first [table]",
                                ru=f"{stray[0]} попало внутрь [{name}]: в TOML всё, что написано после заголовка "
                                   f"[таблицы], относится к ней; перенесите {stray[0]} выше первой [таблицы]")
    for key in ("title", "description"):
        if not isinstance(data.get(key, ""), str):
            raise ScenarioError(f"{key} must be text", ru=f"{key}: нужен текст")
    inline = data.get("card", [])
    if not isinstance(inline, list):
        raise ScenarioError("card must be an array of tables: [[card]]",
                            ru="card записывается массивом таблиц: [[card]]")
    try:
        pool = scenario_pool(data.get("pool", "builtin"), inline, file, pools=pools)
    except CardDataError as exc:
        raise ScenarioError.from_data_error(exc) from None
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ScenarioError("actions must be a list of action texts, e.g. [\"attack attacker=$knight target=$p1hero\"]",
                            ru="actions — это список действий в текстовой записи, "
                               "например [\"attack attacker=$knight target=$p1hero\"]")
    raw = data.get("expect", [])
    if isinstance(raw, dict):
        raw = [raw]
    if not isinstance(raw, list):
        raise ScenarioError("expect must be an array of tables: [[expect]]",
                            ru="expect записывается массивом таблиц: [[expect]]")
    expects = [_parse_expect(i, e, len(actions)) for i, e in enumerate(raw)]
    return Scenario(pool=pool, position=position, actions=list(actions), expects=expects,
                    title=data.get("title", ""), description=data.get("description", ""), file=file)


def _type_ok(value: Any, want: type | tuple[type, ...]) -> bool:
    if isinstance(value, bool) and want is int:
        return False
    return isinstance(value, want)


def _is_player_or_none(value: Any) -> bool:
    return value is None or value == "none" or (not isinstance(value, bool) and value in (0, 1))


def _parse_expect(i: int, data: Any, n_actions: int) -> Expect:
    where = f"expect[{i}]"
    if not isinstance(data, dict):
        raise ScenarioError(f"{where} must be a table", ru=f"{where}: нужна таблица")
    extra = sorted(set(data) - EXPECT_KEYS)
    if extra:
        known = ", ".join(sorted(EXPECT_KEYS))
        raise ScenarioError(f"{where}.{extra[0]}: unknown check (known: {known})",
                            ru=f"{where}.{extra[0]}: неизвестная проверка (можно: {known})")
    after = data.get("after", "end")
    if after == "end":
        after = None
    elif isinstance(after, bool) or not isinstance(after, int) or not 0 <= after <= n_actions:
        raise ScenarioError(f"{where}.after must be \"end\" or a number from 0 to {n_actions} (the action count)",
                            ru=f"{where}.after: нужно \"end\" или число от 0 до {n_actions} "
                               f"(столько действий в сценарии)")
    for key, want in {**CARD_CHECKS, **PLAYER_CHECKS}.items():
        if key not in data:
            continue
        table = data[key]
        if not isinstance(table, dict) or not table:
            raise ScenarioError(f"{where}.{key} must be a table, e.g. {key}.knight = … or {key}.p0 = …",
                                ru=f"{where}.{key}: нужна таблица, например {key}.knight = … или {key}.p0 = …")
        for ref, value in table.items():
            if key in PLAYER_CHECKS and ref not in ("p0", "p1"):
                raise ScenarioError(f"{where}.{key}.{ref}: players are p0 and p1",
                                    ru=f"{where}.{key}.{ref}: игроков зовут p0 и p1")
            if not _type_ok(value, want):
                raise ScenarioError(f"{where}.{key}.{ref} must be a {getattr(want, '__name__', want)}, got {value!r}",
                                    ru=f"{where}.{key}.{ref}: нужно {_TYPE_RU.get(want, want)}, а указано {value!r}")
            if key == "zone" and value not in ZONES:
                raise ScenarioError(f"{where}.zone.{ref} must be one of {', '.join(ZONES)}",
                                    ru=f"{where}.zone.{ref}: нужно одно из: {', '.join(ZONES)}")
    for key in ("turn", "active", "legal_count"):
        if key in data and not _type_ok(data[key], int):
            raise ScenarioError(f"{where}.{key} must be a whole number", ru=f"{where}.{key}: нужно целое число")
    if "decider" in data and not _is_player_or_none(data["decider"]):
        raise ScenarioError(f"{where}.decider must be 0, 1 or \"none\"", ru=f"{where}.decider: нужно 0, 1 или \"none\"")
    if "pending" in data and not isinstance(data["pending"], str):
        raise ScenarioError(f"{where}.pending must be a decision kind such as \"main\" or \"defender\"",
                            ru=f"{where}.pending: нужен вид решения, например \"main\" или \"defender\"")
    if "over" in data and not isinstance(data["over"], bool):
        raise ScenarioError(f"{where}.over must be true or false", ru=f"{where}.over: нужно true или false")
    if "outcome" in data:
        out = data["outcome"]
        if not isinstance(out, dict) or set(out) - {"winner", "reason"}:
            raise ScenarioError(f"{where}.outcome must be a table with winner and/or reason",
                                ru=f"{where}.outcome: нужна таблица с winner и (или) reason")
        if "winner" in out and not _is_player_or_none(out["winner"]):
            raise ScenarioError(f"{where}.outcome.winner must be 0, 1 or \"none\" (a draw)",
                                ru=f"{where}.outcome.winner: нужно 0, 1 или \"none\" (ничья)")
    for key in ("legal_contains", "legal_excludes"):
        if key in data and (not isinstance(data[key], list) or not all(isinstance(a, str) for a in data[key])):
            raise ScenarioError(f"{where}.{key} must be a list of action texts",
                                ru=f"{where}.{key}: нужен список действий в текстовой записи")
    if "illegal" in data:
        items = data["illegal"] if isinstance(data["illegal"], list) else [data["illegal"]]
        for j, item in enumerate(items):
            ok = isinstance(item, str) or (isinstance(item, dict) and isinstance(item.get("action"), str)
                                           and set(item) <= {"action", "code"})
            if not ok:
                raise ScenarioError(f"{where}.illegal[{j}] must be an action text or {{action = \"…\", code = \"…\"}}",
                                    ru=f"{where}.illegal[{j}]: нужно действие в текстовой записи "
                                       f"или {{action = \"…\", code = \"…\"}}")
        data = {**data, "illegal": items}
    if "events" in data:
        if not isinstance(data["events"], list) or not all(isinstance(e, dict) for e in data["events"]):
            raise ScenarioError(f"{where}.events must be a list of tables like {{t = \"wound\", card = \"$knight\"}}",
                                ru=f"{where}.events: нужен список таблиц, например {{t = \"wound\", card = \"$knight\"}}")
        if n_actions == 0 or after == 0:
            raise ScenarioError(f"{where}.events needs an action before it",
                                ru=f"{where}.events: события проверяют после действия, а перед этой проверкой "
                                   "не было ни одного")
    note = data.get("note", "")
    if not isinstance(note, str):
        raise ScenarioError(f"{where}.note must be text", ru=f"{where}.note: нужен текст")
    checks = {k: v for k, v in data.items() if k not in ("after", "note")}
    return Expect(index=i, after=after, checks=checks, note=note)


# ====================================================================== playing
def build(scn: Scenario) -> Position:
    try:
        return build_position(scn.pool, scn.position)
    except CardDataError as exc:
        raise ScenarioError.from_data_error(exc) from None


def parse_step(pos: Position, text: str, where: str) -> Action:
    """An action text with ``$refs`` replaced by instance ids, parsed."""
    try:
        return parse_action(pos.expand(text))
    except RefError as exc:
        raise ScenarioError(f"{where}: {exc.en}", ru=f"{where}: {exc.ru}") from None
    except ActionSyntaxError as exc:
        # The parser's own reason is English only (engine/core/actions.py).
        raise ScenarioError(f"{where}: {exc}", ru=f"{where}: не удалось разобрать действие «{text}» ({exc})") from None


def play(scn: Scenario, lang: str = "en") -> Result:
    """Build the position, apply the actions and check the expectations.

    Raises ScenarioError for a broken file and Refused for an action the rules do not allow.
    """
    pos = build(scn)
    return run_actions(Result(position=pos), scn.actions, scn.expects, parse=lambda t, where: parse_step(pos, t, where),
                       text=str, check=lambda r, e, step, events, lang: _check(r, e, step=step, events=events, lang=lang),
                       lang=lang)


def _check(result: Result, e: Expect, step: int, events: list[dict[str, Any]], lang: str) -> None:
    pos = result.position
    g = pos.game
    head = _t(lang, f"ожидание {e.index} (после действия {step})", f"expect[{e.index}] (after action {step})")
    if e.note:
        head += f" «{e.note}»"

    def fail(what: str, want: Any, got: Any) -> None:
        result.failures.append(f"{head}: {what}: " + _t(lang, f"ждали {want!r}, вышло {got!r}",
                                                        f"expected {want!r}, got {got!r}"))

    for key in CARD_CHECKS:
        for ref, want in e.checks.get(key, {}).items():
            result.checked += 1
            try:
                cid = pos.id(ref)
            except RefError as exc:
                result.failures.append(f"{head}: {key}.{ref}: {exc.reason(lang)}")
                continue
            got = _card_value(g, cid, key)
            if key == "keywords":
                missing = sorted(set(want) - set(got))
                if missing:
                    fail(f"{key}.{ref}", want, got)
            elif key == "no_keywords":
                present = sorted(set(want) & set(got))
                if present:
                    fail(f"{key}.{ref}", _t(lang, f"ни одной из {want}", f"none of {want}"), got)
            elif got != want:
                fail(f"{key}.{ref}", want, got)
    for key in PLAYER_CHECKS:
        for ref, want in e.checks.get(key, {}).items():
            result.checked += 1
            pl = g.players[int(ref[1])]
            got = _player_value(g, pl, key)
            if key in ("hand", "grave"):
                want = sorted(want)  # a multiset; a deck's order is part of it (top first)
            if got != want:
                fail(f"{key}.{ref}", want, got)
    c = e.checks
    result.checked += check_game(g, c, fail)
    _check_legal(result, e, head, events, fail, lang)


def _check_legal(result: Result, e: Expect, head: str, events: list[dict[str, Any]], fail: Any,
                 lang: str = "en") -> None:
    pos = result.position
    g = pos.game
    c = e.checks
    where = f"expect[{e.index}]"
    if "legal_contains" in c or "legal_excludes" in c or "legal_count" in c:
        legal = set(g.legal_actions())
        for text in c.get("legal_contains", []):
            result.checked += 1
            if parse_step(pos, text, f"{where}.legal_contains") not in legal:
                fail("legal_contains", text, _t(lang, "нельзя", "not legal"))
        for text in c.get("legal_excludes", []):
            result.checked += 1
            if parse_step(pos, text, f"{where}.legal_excludes") in legal:
                fail("legal_excludes", text, _t(lang, "можно", "legal"))
        if "legal_count" in c:
            result.checked += 1
            if len(legal) != c["legal_count"]:
                fail("legal_count", c["legal_count"], len(legal))
    for item in c.get("illegal", []):
        result.checked += 1
        text = item if isinstance(item, str) else item["action"]
        code = None if isinstance(item, str) else item.get("code")
        action = parse_step(pos, text, f"{where}.illegal")
        trial = g.clone()
        try:
            trial.apply(action)
        except IllegalAction as exc:
            if code is not None and exc.code != code:
                fail(f"illegal {text!r} code", code, exc.code)
            continue
        fail(f"illegal {text!r}", _t(lang, "отказ", "refused"), _t(lang, "разрешено", "allowed"))
    for want in c.get("events", []):
        result.checked += 1
        try:
            resolved = {k: _resolve_value(pos, v) for k, v in want.items()}
        except RefError as exc:
            result.failures.append(f"{head}: events: {exc.reason(lang)}")
            continue
        if not any(all(ev.get(k) == v for k, v in resolved.items()) for ev in events):
            fail("events", want, [ev for ev in events if ev.get("t") == resolved.get("t")] or events)


def _resolve_value(pos: Position, value: Any) -> Any:
    if isinstance(value, str) and value.startswith("$"):
        return pos.id(value)
    if isinstance(value, list):
        return [_resolve_value(pos, v) for v in value]
    return value


def _card_value(g: HeroesGame, cid: int, key: str) -> Any:
    c = g.cards[cid]
    if key == "strike":
        return g.strike(cid)
    if key == "lives_left":
        return g.lives_left(cid)
    if key in ("keywords", "no_keywords"):
        return sorted(g.keywords(cid))
    return getattr(c, key)


def _player_value(g: HeroesGame, pl: Any, key: str) -> Any:
    if key.endswith("_size"):
        return len(getattr(pl, key[:-5]))
    if key in ("hand", "grave"):
        return sorted(g.cards[cid].card for cid in getattr(pl, key))
    if key == "deck":
        return [g.cards[cid].card for cid in pl.deck]
    return getattr(pl, key)


# ====================================================================== the JSON view
def state_json(pos: Position, lang: str = "ru", legal_cap: int = LEGAL_CAP) -> dict[str, Any]:
    """The documented JSON view of a game (docs/scenarios.md, «Output»): stable keys, ids as numbers."""
    g = pos.game
    labels = {cid: name for name, cid in pos.labels.items()}
    cards = []
    for cid in sorted(g.cards):
        c = g.cards[cid]
        d = g.cdef(cid)
        alive = d.type in ("creature", "hero")
        cards.append({
            "id": cid, "card": c.card, "label": labels.get(cid), "name_ru": d.name["ru"], "name_en": d.name["en"],
            "type": d.type, "owner": c.owner, "controller": c.controller, "zone": c.zone,
            "wounds": c.wounds, "lives_left": g.lives_left(cid) if alive else None,
            "max_lives": g.max_lives(cid) if alive else None,
            "strike": g.strike(cid) if d.type == "creature" else None,
            "tapped": c.tapped, "poison": c.poison, "stunned": c.stunned, "hidden": c.hidden,
            "fresh": c.zone == "play" and c.arrived == g.turn,
            "effects": [effect_to_data(e) for e in c.effects],
            "keywords": sorted(g.keywords(cid)),
            "used": dict(sorted(c.used.items())),
            "attached": list(c.attached), "host": c.host,
        })
    players = []
    for i, pl in enumerate(g.players):
        players.append({
            "index": i, "name": pl.name, "hero": pl.hero, "coins": pl.coins, "temp_coins": pl.temp_coins,
            "tapped_coins": pl.tapped_coins, "open_coins": pl.open_coins, "prayers": pl.prayers,
            "failed_draws": pl.failed_draws, "hand": list(pl.hand), "deck": list(pl.deck),
            "deck_size": len(pl.deck), "grave": list(pl.grave), "play": list(pl.play),
        })
    legal = [str(a) for a in g.legal_actions()]
    return {
        "schema": SCHEMA_VERSION,
        "turn": g.turn, "active": g.active, "first": g.first, "phase": g.phase,
        "decider": g.decider,
        "pending": None if g.pending is None else g.pending.to_dict(),
        "prompt": g.prompt(lang),
        "queue": [{"kind": q.kind, "source": q.source, "controller": q.controller} for q in g.queue],
        "waiting": [{"trigger": t.tid, "source": t.source, "controller": t.controller, "key": t.key,
                     "may": t.may} for t in g.waiting],
        "combat": copy.deepcopy(g.combat),
        "players": players,
        "cards": cards,
        "labels": dict(sorted(pos.labels.items())),
        "legal": {"count": len(legal), "actions": legal[:legal_cap], "truncated": len(legal) > legal_cap},
        "outcome": None if g.outcome is None else g.outcome.to_dict(),
    }
