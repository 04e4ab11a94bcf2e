"""The save file format: JSON bytes ↔ :class:`GameRecord`, with a schema check of every field.

Reading is strict (see :mod:`engine.core.strictjson`) and typed: every problem is a :class:`SaveError`.
Older versions are upgraded in memory through :data:`saves.migrate.STEPS`; the file is not touched.
The layout is described in docs/saves.md.
"""

from __future__ import annotations

import datetime as _dt
import json
import pathlib
import re
from typing import Any

from engine.core import strictjson
from saves import migrate
from saves.errors import SaveCorrupt, SaveTooLarge, SaveVersionTooNew
from saves.record import (
    CLASSIC_EDITIONS,
    COMPUTER_LEVELS,
    MAX_DECK,
    MAX_NAME,
    PLAYER_KINDS,
    RULESETS,
    GameRecord,
    PlayerSetup,
    Snapshot,
    unknown_ruleset,
)

FORMAT = "berserk-table-save"
VERSION = migrate.CURRENT
WRITTEN_BY = "Berserk Table 0.1.0"
MAX_BYTES = 20 * 1024 * 1024  # 20 MiB: far above any real save

MAX_LOG = 100_000
MAX_ACTION_CHARS = 400
MAX_CUSTOM_CARDS = 1000
_CARD_ID = re.compile(r"^[a-z0-9][a-z0-9_\-]{0,63}$")
_HEX64 = re.compile(r"^[0-9a-f]{64}$")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")

TOP_KEYS = {"format", "version", "written_by", "ruleset", "started_at", "saved_at", "pool_version", "setup",
            "custom_cards", "log", "undo_floor", "snapshot"}


# ====================================================================== writing
def to_document(record: GameRecord) -> dict[str, Any]:
    """The record as the JSON document of the current version (needs a snapshot)."""
    snap = record.snapshot
    if snap is None:
        raise ValueError("capture a snapshot before saving")
    return {
        "format": FORMAT, "version": VERSION, "written_by": WRITTEN_BY, "ruleset": record.ruleset,
        "started_at": record.started_at, "saved_at": record.saved_at, "pool_version": record.pool_version,
        "setup": _setup(record),
        "custom_cards": record.custom_cards,
        "log": list(record.log),
        "undo_floor": record.undo_floor,
        "snapshot": {"actions": snap.actions, "hash": snap.hash, "state": snap.state},
    }


def _setup(record: GameRecord) -> dict[str, Any]:
    players = [p.to_dict(record.ruleset, record.edition) for p in record.players]
    if record.ruleset == "classic" and record.edition:
        return {"seed": record.seed, "edition": record.edition, "players": players,
                **({"campaign": True} if record.campaign else {})}
    if record.ruleset == "classic" and record.layout:
        return {"seed": record.seed, "first": record.first, "players": players,
                "layout": [{**t, "at": None if t["at"] is None else list(t["at"])} for t in record.layout]}
    if record.ruleset == "classic":
        return {"seed": record.seed, "first": record.first, "players": players}
    return {"seed": record.seed, "check_decks": record.check_decks, "players": players}


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def encode(record: GameRecord) -> bytes:
    """UTF-8 JSON bytes of the record: one field a line and one log entry a line, so a person can read it.

    (json's ``indent`` would switch to its slow pure-Python encoder, hence the hand-made layout.)
    """
    lines = []
    for key, value in to_document(record).items():
        if key == "log":
            body = "[\n" + ",\n".join(_dumps(t) for t in value) + "\n]" if value else "[]"
        else:
            body = _dumps(value)
        lines.append(f"{_dumps(key)}: {body}")
    data = ("{\n" + ",\n".join(lines) + "\n}\n").encode("utf-8")
    if len(data) > MAX_BYTES:
        raise SaveTooLarge(None, "игра слишком большая для файла сохранения", "the game is too large for a save file")
    return data


# ====================================================================== reading
def decode(data: bytes, path: pathlib.Path | None = None) -> GameRecord:
    """Parse and check save bytes; raise a SaveError naming the file and the problem."""
    if len(data) > MAX_BYTES:
        raise SaveTooLarge(path, f"файл больше {MAX_BYTES // 2**20} МиБ", f"the file is over {MAX_BYTES // 2**20} MiB")
    if not data.strip():
        raise SaveCorrupt(path, "файл пуст", "the file is empty")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]  # a BOM some editors add
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveCorrupt(path, f"файл не в UTF-8 (байт {exc.start})", f"the file is not UTF-8 (byte {exc.start})") from None
    try:
        doc = strictjson.parse(text)
    except strictjson.JsonRejected as exc:
        raise SaveCorrupt(path, exc.ru, exc.en) from None
    return from_document(doc, path)


def from_document(doc: Any, path: pathlib.Path | None = None) -> GameRecord:
    """Check a parsed document field by field (upgrading older versions first) and build the record."""
    if not isinstance(doc, dict):
        raise SaveCorrupt(path, "это не файл сохранения (нет объекта верхнего уровня)",
                          "this is not a save file (no top-level object)")
    version = doc.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise SaveCorrupt(path, "это не файл сохранения (нет номера версии)", "this is not a save file (no version number)")
    if version > VERSION:
        raise SaveVersionTooNew(path, f"файл версии {version} записан более новой программой (эта понимает до {VERSION})",
                                f"version {version} was written by a newer Berserk Table (this one reads up to {VERSION})")
    migrated_from = None
    if version < VERSION:
        migrated_from = version
        doc = migrate.upgrade(doc, path)
    record = _record(_Check(path), doc)
    record.migrated_from = migrated_from
    return record


class _Check:
    """Field checks that raise SaveCorrupt naming the field."""

    def __init__(self, path: pathlib.Path | None) -> None:
        self.path = path

    def fail(self, fld: str, ru: str, en: str) -> SaveCorrupt:
        return SaveCorrupt(self.path, f"поле {fld}: {ru}", f"field {fld}: {en}")

    def obj(self, fld: str, value: Any, required: set[str], optional: set[str] = frozenset()) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(fld, "должно быть объектом", "must be an object")
        missing = sorted(required - value.keys())
        if missing:
            raise self.fail(f"{fld}.{missing[0]}" if fld else missing[0], "нет обязательного поля", "is missing")
        extra = sorted(value.keys() - required - optional)
        if extra:
            name = f"{fld}.{extra[0]}" if fld else extra[0]
            raise self.fail(name[:80], "неизвестное поле", "unknown field")
        return value

    def int(self, fld: str, value: Any, lo: int, hi: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(fld, "должно быть целым числом", "must be a whole number")
        if not lo <= value <= hi:
            raise self.fail(fld, f"должно быть от {lo} до {hi}", f"must be between {lo} and {hi}")
        return value

    def bool(self, fld: str, value: Any) -> bool:
        if not isinstance(value, bool):
            raise self.fail(fld, "должно быть true или false", "must be true or false")
        return value

    def str(self, fld: str, value: Any, max_len: int, pattern: re.Pattern[str] | None = None,
            empty: bool = True) -> str:
        if not isinstance(value, str):
            raise self.fail(fld, "должно быть текстом", "must be text")
        if len(value) > max_len:
            raise self.fail(fld, f"длиннее {max_len} знаков", f"is longer than {max_len} characters")
        if not empty and not value:
            raise self.fail(fld, "пусто", "is empty")
        if _CONTROL.search(value):
            raise self.fail(fld, "содержит управляющие символы", "contains control characters")
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise self.fail(fld, "содержит недопустимые символы", "contains invalid characters") from None
        if pattern is not None and value and not pattern.match(value):
            raise self.fail(fld, "недопустимое значение", "has an invalid value")
        return value

    def list(self, fld: str, value: Any, max_len: int) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(fld, "должно быть списком", "must be a list")
        if len(value) > max_len:
            raise self.fail(fld, f"больше {max_len} элементов", f"has more than {max_len} items")
        return value

    def time(self, fld: str, value: Any) -> str:
        text = self.str(fld, value, 40)
        if text:
            try:
                _dt.datetime.fromisoformat(text)
            except ValueError:
                raise self.fail(fld, "не дата и время ISO 8601", "is not an ISO 8601 date and time") from None
        return text


def _level(c: _Check, f: str, kind: str, p: dict[str, Any]) -> str:
    """A computer seat must name its level (one this format knows); a person's seat has none."""
    if kind != "computer":
        if "level" in p:
            raise c.fail(f"{f}.level", "уровень бывает только у компьютера", "only a computer seat has a level")
        return ""
    if "level" not in p:
        raise c.fail(f"{f}.level", "нет обязательного поля (уровень компьютера)", "is missing (the computer's level)")
    level = c.str(f"{f}.level", p["level"], 20)
    if level not in COMPUTER_LEVELS:
        known = ", ".join(COMPUTER_LEVELS)
        raise c.fail(f"{f}.level", f"неизвестный уровень компьютера «{level}» (известны: {known})",
                     f"unknown computer level '{level}' (known: {known})")
    return level


def _player(c: _Check, f: str, raw: Any, classic: bool, decks: bool = False) -> PlayerSetup:
    """One seat: «Герои» names a hero and a deck, classic a squad (card ids in deployment order) or, in a
    full game (``decks``), a deck."""
    cards = "squad" if classic and not decks else "deck"
    if classic:
        keys = {"name", "kind", "deck_id", "deck"} if decks else {"name", "kind", "squad"}
    else:
        keys = {"name", "kind", "hero", "deck_id", "deck"}
    p = c.obj(f, raw, keys, {"level"})
    kind = c.str(f"{f}.kind", p["kind"], 20)
    if kind not in PLAYER_KINDS:
        raise c.fail(f"{f}.kind", "должно быть human или computer", "must be human or computer")
    level = _level(c, f, kind, p)
    deck = c.list(f"{f}.{cards}", p[cards], MAX_DECK)
    return PlayerSetup(
        name=c.str(f"{f}.name", p["name"], MAX_NAME, empty=False), kind=kind, level=level,
        hero="" if classic else c.str(f"{f}.hero", p["hero"], 64, _CARD_ID, empty=False),
        deck_id="" if classic and not decks else c.str(f"{f}.deck_id", p["deck_id"], 64, _CARD_ID),
        deck=[c.str(f"{f}.{cards}[{j}]", cid, 64, _CARD_ID, empty=False) for j, cid in enumerate(deck)])


def _layout(c: _Check, raw: Any, players: list[PlayerSetup]) -> list[dict[str, Any]]:
    """Classic squads laid out on chosen cells: each entry's fields, then that it is the seats' squads."""
    from saves.kits import kit

    out = []
    for i, t in enumerate(c.list("setup.layout", raw, 2 * MAX_DECK)):
        f = f"setup.layout[{i}]"
        t = c.obj(f, t, {"player", "card", "at", "zone", "host"})
        at = t["at"]
        if at is not None:
            cell = c.list(f"{f}.at", at, 2)
            at = [c.int(f"{f}.at[{j}]", v, 0, 99) for j, v in enumerate(cell)]
        out.append({"player": c.int(f"{f}.player", t["player"], 0, 1),
                    "card": c.str(f"{f}.card", t["card"], 64, _CARD_ID, empty=False), "at": at,
                    "zone": c.str(f"{f}.zone", t["zone"], 8),
                    "host": None if t["host"] is None else c.int(f"{f}.host", t["host"], 1, i)})
    try:
        kit("classic").check_layout(out, players)
    except ValueError as exc:
        raise c.fail("setup.layout", f"расстановка не сходится с отрядами ({exc})",
                     f"the layout does not match the squads ({exc})") from None
    return out


def _record(c: _Check, doc: dict[str, Any]) -> GameRecord:
    c.obj("", doc, TOP_KEYS - {"written_by"}, {"written_by"})
    if doc["format"] != FORMAT:
        raise c.fail("format", f"должно быть «{FORMAT}»", f"must be '{FORMAT}'")
    if "written_by" in doc:
        c.str("written_by", doc["written_by"], 100)
    ruleset = c.str("ruleset", doc["ruleset"], 40)
    if ruleset not in RULESETS:
        raise unknown_ruleset(c.path, ruleset)
    pool_version = c.str("pool_version", doc["pool_version"], 64, _HEX64)

    classic = ruleset == "classic"
    full = classic and isinstance(doc["setup"], dict) and "edition" in doc["setup"]  # a classic game from decks
    setup = c.obj("setup", doc["setup"], {"seed", "edition" if full else "first" if classic else "check_decks",
                                          "players"}, {"layout"} if classic and not full else {"campaign"} if full else set())
    seed = c.int("setup.seed", setup["seed"], 0, (1 << 64) - 1)
    check_decks = True if classic else c.bool("setup.check_decks", setup["check_decks"])
    first = c.int("setup.first", setup["first"], 0, 1) if classic and not full else 0
    edition = c.str("setup.edition", setup["edition"], 8) if full else ""
    if full and edition not in CLASSIC_EDITIONS:
        raise c.fail("setup.edition", f"должно быть одно из: {', '.join(CLASSIC_EDITIONS)}",
                     f"must be one of {', '.join(CLASSIC_EDITIONS)}")
    campaign = c.bool("setup.campaign", setup["campaign"]) if "campaign" in setup else False
    raw_players = c.list("setup.players", setup["players"], 2)
    if len(raw_players) != 2:
        raise c.fail("setup.players", "нужно ровно два игрока", "must list exactly two players")
    players = [_player(c, f"setup.players[{i}]", raw, classic, full) for i, raw in enumerate(raw_players)]
    layout = _layout(c, setup["layout"], players) if "layout" in setup else []

    custom = c.list("custom_cards", doc["custom_cards"], MAX_CUSTOM_CARDS)
    for i, table in enumerate(custom):
        if not isinstance(table, dict):
            raise c.fail(f"custom_cards[{i}]", "должно быть объектом (таблица карты)", "must be an object (a card table)")
    log = c.list("log", doc["log"], MAX_LOG)
    for i, text in enumerate(log):
        c.str(f"log[{i}]", text, MAX_ACTION_CHARS, empty=False)
    undo_floor = c.int("undo_floor", doc["undo_floor"], 0, len(log))

    snap = c.obj("snapshot", doc["snapshot"], {"actions", "hash", "state"})
    actions = c.int("snapshot.actions", snap["actions"], 0, MAX_LOG)
    digest = c.str("snapshot.hash", snap["hash"], 64, _HEX64, empty=False)
    state = snap["state"]  # checked as a whole by its hash and by the replay; the list reads two fields
    if not isinstance(state, dict):
        raise c.fail("snapshot.state", "должно быть объектом", "must be an object")
    if "turn" in state:
        c.int("snapshot.state.turn", state["turn"], 0, 10**6)
    if state.get("outcome") is not None and not isinstance(state["outcome"], dict):
        raise c.fail("snapshot.state.outcome", "должно быть объектом или null", "must be an object or null")

    return GameRecord(ruleset=ruleset, seed=seed, players=players, custom_cards=custom, pool_version=pool_version,
                      log=log, check_decks=check_decks, undo_floor=undo_floor, first=first, edition=edition,
                      layout=layout, campaign=campaign,
                      started_at=c.time("started_at", doc["started_at"]), saved_at=c.time("saved_at", doc["saved_at"]),
                      snapshot=Snapshot(actions=actions, hash=digest, state=state))
