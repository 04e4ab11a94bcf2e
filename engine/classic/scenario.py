"""Classic «Берсерк» scenarios: a battlefield written as data, actions in classic's text form, expectations.

A file with ``ruleset = "classic"`` comes here through ``find_ruleset("classic").scenarios``
(docs/scenarios.md, «Classic»). The position is built by :func:`engine.classic.position.build_position`;
``$label`` in an action or an expectation stands for the creature of that label. Pure: the base cards
come through ``pools(kind, ruleset="classic")``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.classic.actions import CODEC
from engine.classic.board import Cell
from engine.classic.cards import ClassicCard, parse_cards
from engine.classic.game import ClassicGame
from engine.classic.position import POSITION_KEYS, ClassicPosition, build_position, cell_text, parse_cell
from engine.classic.setupposition import SETUP_KEYS, build_setup_position
from engine.core.actions import Action, ActionSyntaxError
from engine.core.errors import CardDataError, IllegalAction
from engine.scenario import BasePools, Expect, Result, ScenarioError, check_game, run_actions

SCENARIO_KEYS = {"ruleset", "title", "description", "cards", "card", "actions", "expect"}
LEGAL_CAP = 200

# expectation keys: per creature (a table label -> value), about the game, about legal actions
CREATURE_CHECKS: dict[str, type | tuple[type, ...]] = {
    "wounds": int, "lives_left": int, "tapped": bool, "moves": int, "at": (str, list), "on_board": bool,
    "zone": str, "chips": int, "poison": int, "extra_lives": int, "blessed": bool, "cursed": bool, "lost": bool,
    "hidden": bool, "stunned": bool,
}
GAME_CHECKS: dict[str, Any] = {"decider": (int, str), "pending": str, "turn": int, "active": int, "over": bool,
                               "outcome": dict, "graveyard": dict, "stack": int, "first": int,
                               # the setup: crystals {p0 = [gold, silver]}, the cards of each deal and squad
                               # ({p0 = ["$a", …]} or a count), the deck's size, effects on cells {"2,3" = "trap"}
                               "crystals": dict, "deal": dict, "squad": dict, "deck_count": dict, "cells": dict}
LEGAL_CHECKS = {"legal_contains", "legal_excludes", "legal_count", "illegal", "events"}
EXPECT_KEYS = {"after", "note"} | set(CREATURE_CHECKS) | set(GAME_CHECKS) | LEGAL_CHECKS
_TYPE_RU = {int: "целое число", str: "текст", bool: "true или false", list: "список", dict: "таблица"}


def _t(lang: str, ru: str, en: str) -> str:
    return ru if lang == "ru" else en


@dataclass
class Scenario:
    """A parsed classic scenario, ready to play."""

    cards: dict[str, ClassicCard]
    position: dict[str, Any]
    actions: list[str]
    expects: list[Expect]
    title: str = ""
    description: str = ""
    file: str = ""
    ruleset = "classic"


# ====================================================================== parsing
def parse(data: dict[str, Any], file: str = "", *, pools: BasePools) -> Scenario:
    """Validate a classic scenario dict; ``pools("test"|"none", ruleset="classic")`` gives the base cards."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario must be a table", ru="сценарий записывается таблицей")
    keys = SETUP_KEYS if "start" in data else POSITION_KEYS
    unknown = sorted(set(data) - SCENARIO_KEYS - keys)
    if unknown:
        raise ScenarioError(f"unknown key {unknown[0]!r} (a classic scenario has: "
                            f"{', '.join(sorted(SCENARIO_KEYS | keys))})",
                            ru=f"неизвестный ключ {unknown[0]!r} (в сценарии классики бывают: "
                               f"{', '.join(sorted(SCENARIO_KEYS | keys))})", field=unknown[0])
    for key in ("title", "description"):
        if not isinstance(data.get(key, ""), str):
            raise ScenarioError(f"{key} must be text", ru=f"{key}: нужен текст", field=key)
    kind = data.get("cards", "test")
    inline = data.get("card", [])
    if not isinstance(inline, list):
        raise ScenarioError("card must be an array of tables: [[card]]",
                            ru="card записывается массивом таблиц: [[card]]", field="card")
    try:
        if not isinstance(kind, str):
            raise CardDataError("cards must be the name of a card set, e.g. \"test\"",
                                ru="cards: нужно имя набора карт, например \"test\"", field="cards")
        cards = dict(pools(kind, ruleset="classic"))
        cards.update(parse_cards({"card": inline}, file or "<scenario>"))
    except CardDataError as exc:
        raise ScenarioError.from_data_error(exc) from None
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ScenarioError("actions must be a list of action texts, e.g. [\"strike attacker=$brute target=$guard\"]",
                            ru="actions — это список действий в текстовой записи, "
                               "например [\"strike attacker=$brute target=$guard\"]", field="actions")
    raw = data.get("expect", [])
    if isinstance(raw, dict):
        raw = [raw]
    if not isinstance(raw, list):
        raise ScenarioError("expect must be an array of tables: [[expect]]",
                            ru="expect записывается массивом таблиц: [[expect]]", field="expect")
    expects = [_parse_expect(i, e, len(actions)) for i, e in enumerate(raw)]
    position = {k: v for k, v in data.items() if k in keys}
    return Scenario(cards=cards, position=position, actions=list(actions), expects=expects,
                    title=data.get("title", ""), description=data.get("description", ""), file=file)


def _type_ok(value: Any, want: type | tuple[type, ...]) -> bool:
    if isinstance(value, bool) and want is not bool and (not isinstance(want, tuple) or bool not in want):
        return False
    return isinstance(value, want)


def _type_names(want: type | tuple[type, ...], lang: str) -> str:
    kinds = want if isinstance(want, tuple) else (want,)
    return " / ".join(_TYPE_RU[k] if lang == "ru" else k.__name__ for k in kinds)


def _parse_expect(i: int, data: Any, n_actions: int) -> Expect:
    where = f"expect[{i}]"
    if not isinstance(data, dict):
        raise ScenarioError(f"{where} must be a table", ru=f"{where}: нужна таблица", field=where)
    unknown = sorted(set(data) - EXPECT_KEYS)
    if unknown:
        raise ScenarioError(f"{where}: unknown check {unknown[0]!r} (known: {', '.join(sorted(EXPECT_KEYS))})",
                            ru=f"{where}: неизвестная проверка {unknown[0]!r} "
                               f"(известные: {', '.join(sorted(EXPECT_KEYS))})", field=f"{where}.{unknown[0]}")
    after = data.get("after")
    if after is not None and (isinstance(after, bool) or not isinstance(after, int) or not 0 <= after <= n_actions):
        raise ScenarioError(f"{where}.after must be a number from 0 to {n_actions} (the actions done before the check)",
                            ru=f"{where}.after: нужно число от 0 до {n_actions} (сколько действий сделано к проверке)",
                            field=f"{where}.after")
    checks: dict[str, Any] = {}
    for key, want in CREATURE_CHECKS.items():
        if key not in data:
            continue
        table = data[key]
        if not isinstance(table, dict) or not table:
            raise ScenarioError(f"{where}.{key} must be a table of creature labels, e.g. {key}.guard = …",
                                ru=f"{where}.{key}: нужна таблица по меткам существ, например {key}.guard = …",
                                field=f"{where}.{key}")
        for label, value in table.items():
            if not _type_ok(value, want):
                raise ScenarioError(f"{where}.{key}.{label} must be {_type_names(want, 'en')}",
                                    ru=f"{where}.{key}.{label}: нужно {_type_names(want, 'ru')}",
                                    field=f"{where}.{key}.{label}")
        checks[key] = dict(table)
    for key, want in GAME_CHECKS.items():
        if key in data:
            if not _type_ok(data[key], want):
                raise ScenarioError(f"{where}.{key} must be {_type_names(want, 'en')}",
                                    ru=f"{where}.{key}: нужно {_type_names(want, 'ru')}", field=f"{where}.{key}")
            checks[key] = data[key]
    if "outcome" in checks:
        out = checks["outcome"]
        if not set(out) <= {"winner", "reason"} or ("winner" in out and out["winner"] not in (0, 1, "none")):
            raise ScenarioError(f"{where}.outcome must be a table with winner (0, 1 or \"none\") and/or reason",
                                ru=f"{where}.outcome: нужна таблица с winner (0, 1 или \"none\") и (или) reason",
                                field=f"{where}.outcome")
    for key in ("legal_contains", "legal_excludes"):
        if key in data:
            if not isinstance(data[key], list) or not all(isinstance(a, str) for a in data[key]):
                raise ScenarioError(f"{where}.{key} must be a list of action texts",
                                    ru=f"{where}.{key}: нужен список действий в текстовой записи", field=f"{where}.{key}")
            checks[key] = list(data[key])
    if "legal_count" in data:
        if isinstance(data["legal_count"], bool) or not isinstance(data["legal_count"], int):
            raise ScenarioError(f"{where}.legal_count must be a whole number", ru=f"{where}.legal_count: нужно целое число",
                                field=f"{where}.legal_count")
        checks["legal_count"] = data["legal_count"]
    if "illegal" in data:
        items = data["illegal"]
        if not isinstance(items, list) or not all(isinstance(x, dict) and isinstance(x.get("action"), str)
                                                  and isinstance(x.get("code", ""), str) and set(x) <= {"action", "code"}
                                                  for x in items):
            raise ScenarioError(f"{where}.illegal must be a list of tables like {{action = \"move card=$a to=2,2\", "
                                f"code = \"tapped\"}}",
                                ru=f"{where}.illegal: нужен список таблиц, например {{action = \"move card=$a to=2,2\", "
                                   f"code = \"tapped\"}}", field=f"{where}.illegal")
        checks["illegal"] = [dict(x) for x in items]
    if "events" in data:
        if not isinstance(data["events"], list) or not all(isinstance(e, dict) and isinstance(e.get("t"), str)
                                                           for e in data["events"]):
            raise ScenarioError(f"{where}.events must be a list of tables like {{t = \"strike\", card = \"$brute\"}}",
                                ru=f"{where}.events: нужен список таблиц, например {{t = \"strike\", card = \"$brute\"}}",
                                field=f"{where}.events")
        if after == 0:
            raise ScenarioError(f"{where}.events needs an action before it",
                                ru=f"{where}.events: события проверяют после действия", field=f"{where}.events")
        checks["events"] = [dict(e) for e in data["events"]]
    note = data.get("note", "")
    if not isinstance(note, str):
        raise ScenarioError(f"{where}.note must be text", ru=f"{where}.note: нужен текст", field=f"{where}.note")
    return Expect(index=i, after=after, checks=checks, note=note)


# ====================================================================== playing
def parse_step(pos: ClassicPosition, text: str, where: str) -> Action:
    """An action text with ``$labels`` replaced by creature ids, parsed by classic's codec."""
    try:
        return CODEC.parse(pos.expand(text, where))
    except CardDataError as exc:  # an unknown $label
        raise ScenarioError.from_data_error(exc) from None
    except ActionSyntaxError as exc:
        raise ScenarioError(f"{where}: {exc}", ru=f"{where}: не удалось разобрать действие «{text}» ({exc})",
                            field=where) from None


def build(scn: Scenario) -> ClassicPosition:
    """The scenario's position, before any of its actions (ScenarioError naming the field)."""
    try:
        if "start" in scn.position:
            return build_setup_position(scn.cards, scn.position)  # the die roll, recruiting or placement
        return build_position(scn.cards, scn.position)
    except CardDataError as exc:
        raise ScenarioError.from_data_error(exc) from None


def play(scn: Scenario, lang: str = "en") -> Result:
    """Build the position, apply the actions and check the expectations (ScenarioError, Refused)."""
    pos = build(scn)
    return run_actions(Result(position=pos), scn.actions, scn.expects, parse=lambda t, where: parse_step(pos, t, where),
                       text=CODEC.text, check=_check, lang=lang)


def _where(cell: Cell | None, zone: str = "grave") -> str:
    if cell is not None:
        return cell_text(cell)
    return {"extra": "extra", "exile": "exile"}.get(zone, "graveyard")


def _creature_value(g: ClassicGame, cid: int, key: str) -> Any:
    c = g.creatures[cid]
    if key == "lives_left":
        return g.lives_left(cid)
    if key == "at":
        return _where(c.at, c.zone)
    if key == "on_board":
        return g.in_play(cid)
    if key == "hidden":
        return cid in g.hidden
    return getattr(c, key)


def _want_cell(value: Any) -> Any:
    """An expected ``at``: "graveyard", "r,c" or [r, c] -> the form _creature_value gives."""
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return cell_text((value[0], value[1]))
    return value.replace(" ", "") if isinstance(value, str) else value


def _check(result: Result, e: Expect, step: int, events: list[dict[str, Any]], lang: str) -> None:
    try:
        _check_all(result, e, step, events, lang)
    except CardDataError as exc:  # an expectation naming an unknown label
        raise ScenarioError.from_data_error(exc) from None


def _check_all(result: Result, e: Expect, step: int, events: list[dict[str, Any]], lang: str) -> None:
    pos, g = result.position, result.game
    head = _t(lang, f"ожидание {e.index} (после действия {step})", f"expect[{e.index}] (after action {step})")
    if e.note:
        head += f" «{e.note}»"

    def fail(what: str, want: Any, got: Any) -> None:
        result.failures.append(_t(lang, f"{head}: {what}: ожидалось {want!r}, а вышло {got!r}",
                                  f"{head}: {what}: expected {want!r}, got {got!r}"))

    c = e.checks
    for key in CREATURE_CHECKS:
        for label, want in c.get(key, {}).items():
            cid = pos.creature(label, f"expect[{e.index}].{key}.{label}")
            result.checked += 1
            if key == "at":
                want = _want_cell(want)
            if cid not in g.creatures:  # a card of a deck, a deal or a squad not laid out: only its zone
                got = g.zone_of(cid) if key == "zone" else _t(lang, f"нет на поле ({g.zone_of(cid)})",
                                                               f"not on the battlefield ({g.zone_of(cid)})")
            else:
                got = _creature_value(g, cid, key)
            if got != want:
                fail(f"{key}.{label}", want, got)
    result.checked += check_game(g, c, fail)
    result.checked += _check_setup(pos, e, c, fail)
    if "stack" in c:
        result.checked += 1
        if len(g.stack) != c["stack"]:
            fail("stack", c["stack"], len(g.stack))
    if "graveyard" in c:
        for side, labels in c["graveyard"].items():
            result.checked += 1
            p = {"p0": 0, "p1": 1}.get(side)
            if p is None or not isinstance(labels, list):
                raise ScenarioError(f"expect[{e.index}].graveyard: keys are p0 and p1, values lists of labels",
                                    ru=f"expect[{e.index}].graveyard: ключи p0 и p1, значения — списки меток",
                                    field=f"expect[{e.index}].graveyard")
            want_ids = [pos.creature(str(x).lstrip("$"), f"expect[{e.index}].graveyard.{side}") for x in labels]
            if sorted(g.graveyard(p)) != sorted(want_ids):
                fail(f"graveyard.{side}", labels, [pos.label_of(x) for x in g.graveyard(p)])
    _check_legal(result, e, events, fail, lang)


def _check_setup(pos: ClassicPosition, e: Expect, c: dict[str, Any], fail: Any) -> int:
    """The setup's expectations: ``first``, ``crystals``, ``deal``, ``squad``, ``deck_count`` and ``cells``."""
    g, made = pos.game, 0
    if "first" in c:
        made += 1
        if g.first != c["first"]:
            fail("first", c["first"], g.first)
    for key in ("crystals", "deal", "squad", "deck_count"):
        for side, want in c.get(key, {}).items():
            made += 1
            p = {"p0": 0, "p1": 1}.get(side)
            if p is None:
                raise ScenarioError(f"expect[{e.index}].{key}: keys are p0 and p1",
                                    ru=f"expect[{e.index}].{key}: ключи p0 и p1", field=f"expect[{e.index}].{key}")
            if key == "crystals":
                got: Any = list(g.crystals[p])
            elif key == "deck_count":
                got = len(g.decks[p])
            else:
                ids = [] if g.setup is None else (g.setup.deals if key == "deal" else g.setup.squads)[p]
                if isinstance(want, int) and not isinstance(want, bool):
                    got = len(ids)
                else:
                    if not isinstance(want, list):
                        raise ScenarioError(f"expect[{e.index}].{key}.{side}: a list of labels or a count",
                                            ru=f"expect[{e.index}].{key}.{side}: список меток или число",
                                            field=f"expect[{e.index}].{key}.{side}")
                    got = sorted(pos.label_of(i) for i in ids)
                    want = sorted(str(x).lstrip("$") for x in want)
            if got != want:
                fail(f"{key}.{side}", want, got)
    for text, want in c.get("cells", {}).items():
        made += 1
        cell = parse_cell(text, f"expect[{e.index}].cells")
        got = sorted(m.kind for m in g.cell_marks if m.cell == cell)
        want_list = sorted(want) if isinstance(want, list) else ([] if want in ("", "none") else [want])
        if got != want_list:
            fail(f"cells.{text}", want, got)
    return made


def _check_legal(result: Result, e: Expect, events: list[dict[str, Any]], fail: Any, lang: str) -> None:
    pos, g, c = result.position, result.game, e.checks
    legal = [CODEC.text(a) for a in g.legal_actions()]
    for key, present in (("legal_contains", True), ("legal_excludes", False)):
        for text in c.get(key, []):
            result.checked += 1
            action = CODEC.text(parse_step(pos, text, f"expect[{e.index}].{key}"))
            if (action in legal) != present:
                fail(key, text, _t(lang, "есть среди законных" if not present else "нет среди законных",
                                   "is legal" if not present else "is not legal"))
    if "legal_count" in c:
        result.checked += 1
        if len(legal) != c["legal_count"]:
            fail("legal_count", c["legal_count"], len(legal))
    for item in c.get("illegal", []):
        result.checked += 1
        action = parse_step(pos, item["action"], f"expect[{e.index}].illegal")
        before = g.state_hash()
        try:
            g.clone().apply(action)
        except IllegalAction as exc:
            if item.get("code") and exc.code != item["code"]:
                fail(f"illegal {item['action']!r}", item["code"], exc.code)
        else:
            fail(f"illegal {item['action']!r}", item.get("code") or "refused", "accepted")
        assert g.state_hash() == before  # the check played on a clone
    for want in c.get("events", []):
        result.checked += 1
        resolved = {k: pos.value_of(v, f"expect[{e.index}].events") for k, v in want.items()}
        if not any(all(ev.get(k) == v for k, v in resolved.items()) for ev in events):
            fail("events", want, [ev for ev in events if ev.get("t") == resolved.get("t")] or events)


# ====================================================================== output
def state_json(pos: ClassicPosition, lang: str = "ru", legal_cap: int = LEGAL_CAP) -> dict[str, Any]:
    """The position's state as JSON (docs/scenarios.md, «Classic»): creatures by label, the decision, legal actions."""
    g = pos.game
    legal = [CODEC.text(a) for a in g.legal_actions()]
    creatures = []
    for cid in sorted(g.creatures):
        cr = g.creatures[cid]
        creatures.append({"label": pos.label_of(cid), "id": cid, "card": cr.card, "owner": cr.owner,
                          "at": _where(cr.at, cr.zone), "wounds": cr.wounds, "lives_left": g.lives_left(cid),
                          "tapped": cr.tapped, "moves": cr.moves, "chips": cr.chips, "poison": cr.poison})
    return {
        "schema": 1, "ruleset": "classic", "turn": g.turn, "active": g.active, "first": g.first,
        "decider": g.decider, "pending": None if g.pending is None else g.pending.kind,
        "over": g.is_over, "outcome": None if g.outcome is None else g.outcome.to_dict(),
        "prompt": g.prompt(lang), "creatures": creatures,
        "graveyards": [[pos.label_of(x) for x in g.graveyard(p)] for p in (0, 1)],
        "stack": [{**i.to_dict(), "source": pos.label_of(i.source)} for i in g.stack],
        "legal": {"count": len(legal), "actions": legal[:legal_cap], "truncated": len(legal) > legal_cap},
    }
