"""10,000 mutated save files of both games fed to the loader give only the typed error, never a crash, and
the save folder stays byte-for-byte unchanged after every load; ``python -m saves check`` and the saves
screen's listing agree on each, and the screen can show each one's date.

Mutations: bit flips, truncation, spliced bytes, deep nesting, 5,000-digit numbers, NaN and
Infinity, duplicate keys, wrong types (in the JSON and in the actions' fields), unknown card ids, actions
that are illegal at their point, missing and extra fields, other versions, broken hashes, bad strings,
times at the calendar's ends; on current «Герои» and classic files (a battle, and a full game's setup) and
version-0 files.
"""

from __future__ import annotations

import collections
import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from engine.core.hashing import stable_hash
from saves import SaveError, SaveManager, encode
from saves import __main__ as check_cli
from tests.test_saves_classic import classic_from_decks, classic_played
from tests.test_saves_common import folder_bytes, played, to_v0
from ui import storage
from ui.i18n import Tr

MUTANTS = 10_000
CHUNK = 1_000
PLACEHOLDER = "\u2063PLACEHOLDER\u2063"
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(64))

Path = tuple[Any, ...]


def _bases() -> list[tuple[bytes, dict[str, Any]]]:
    out = []
    for seed, n in ((21, 12), (22, 45)):
        record, game = played(seed, n)
        record.capture(game)
        data = encode(record)
        out.append((data, json.loads(data)))
    record, game = played(23, 20, deck_id="")
    record.capture(game)
    v0 = to_v0(record)
    out.append((json.dumps(v0, ensure_ascii=False).encode(), v0))
    for record, game in (classic_played(24, 40), classic_from_decks(25, 30)):
        record.capture(game)
        data = encode(record)
        out.append((data, json.loads(data)))
    return out


BASES = _bases()
ACTION_TEXTS = sorted({t for _, doc in BASES for t in doc.get("log", doc.get("actions", []))})


# ====================================================================== tree helpers
def paths(node: Any, prefix: Path = ()) -> list[Path]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out.extend(paths(v, (*prefix, k)))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out.extend(paths(v, (*prefix, i)))
    return out


def get(node: Any, path: Path) -> Any:
    for key in path:
        node = node[key]
    return node


def put(node: Any, path: Path, value: Any) -> None:
    get(node, path[:-1])[path[-1]] = value


_TYPED_PATHS: dict[int, list[tuple[Path, type]]] = {}


def typed_paths(doc: Any) -> list[tuple[Path, type]]:
    """Every node's path and type, computed once per base document (mutators never change the bases)."""
    if id(doc) not in _TYPED_PATHS:
        _TYPED_PATHS[id(doc)] = [(p, type(get(doc, p))) for p in paths(doc) if p]
    return _TYPED_PATHS[id(doc)]


_PICKS: dict[tuple[int, tuple[type, ...]], tuple[list[Path], list[Path]]] = {}


def pick_path(rng: random.Random, doc: Any, containers: tuple[type, ...] = (object,)) -> Path | None:
    """A random node of a base document; half the time outside the (large) snapshot state."""
    key = (id(doc), containers)
    if key not in _PICKS:
        every = [p for p, t in typed_paths(doc) if issubclass(t, containers)]
        _PICKS[key] = every, [p for p in every if p[:2] != ("snapshot", "state") and p[:1] != ("state",)]
    every, outside = _PICKS[key]
    pool = outside if outside and rng.random() < 0.5 else every
    return rng.choice(pool) if pool else None


def with_raw(doc: Any, path: Path, raw: str) -> bytes:
    """The document as text with the value at ``path`` replaced by raw JSON-ish text."""
    doc = json.loads(json.dumps(doc))
    if path:
        put(doc, path, PLACEHOLDER)
        text = json.dumps(doc, ensure_ascii=False).replace(json.dumps(PLACEHOLDER, ensure_ascii=False), raw, 1)
    else:
        text = raw
    return text.encode("utf-8", "surrogatepass")


def dumped(doc: Any) -> bytes:
    return json.dumps(doc, ensure_ascii=False).encode()


# ====================================================================== mutators
def bit_flips(rng, data, doc):
    b = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(b))
        b[i] ^= 1 << rng.randrange(8)
    return bytes(b)


def truncate(rng, data, doc):
    return data[:rng.randrange(len(data))]


def splice(rng, data, doc):
    i, j = sorted(rng.randrange(len(data)) for _ in range(2))
    choice = rng.randrange(3)
    if choice == 0:
        return data[:i] + data[j:]
    if choice == 1:
        return data[:i] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 8))) + data[i:]
    return data[:j] + data[i:j] + data[j:]


def deep_nesting(rng, data, doc):
    depth = rng.choice([49, 60, 200, 1_000, 5_000, 100_000 if rng.random() < 0.2 else 999])
    opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
    closers = closer * depth if rng.random() < 0.8 else ""
    return with_raw(doc, pick_path(rng, doc), opener * depth + "1" + closers)


def huge_number(rng, data, doc):
    raw = rng.choice(["9" * 5000, "-" + "1" * 5000, "1" + "0" * 30, "1e99999", "0." + "3" * 400, "-0"])
    return with_raw(doc, pick_path(rng, doc), raw)


def not_a_number(rng, data, doc):
    return with_raw(doc, pick_path(rng, doc), rng.choice(["NaN", "Infinity", "-Infinity", "nan", "undefined"]))


def duplicate_key(rng, data, doc):
    path = pick_path(rng, doc, (dict,)) or ()
    obj = get(doc, path)
    if not obj:
        return dumped(doc)
    key = rng.choice(sorted(obj))
    doc = json.loads(json.dumps(doc))
    target = get(doc, path)
    target["\u2063dup"] = PLACEHOLDER
    text = json.dumps(doc, ensure_ascii=False)
    return text.replace(f'"\u2063dup": "{PLACEHOLDER}"', f"{json.dumps(key)}: {json.dumps(obj[key])}", 1).encode()


def wrong_type(rng, data, doc):
    path = pick_path(rng, doc)
    doc = json.loads(json.dumps(doc))
    value = rng.choice([None, True, False, 0, -1, 1.5, 2**70, "", "x", "Ёж", [], {}, [1, "a"], {"a": 1}])
    if not path:
        return dumped(value)
    put(doc, path, value)
    return dumped(doc)


def unknown_card(rng, data, doc):
    card_paths = [p for p, t in typed_paths(doc) if t is str and (p[-1] in ("hero", "card", "id", "deck_id")
                                                                  or "deck" in p)]
    doc = json.loads(json.dumps(doc))
    if not card_paths:
        return dumped(doc)
    put(doc, rng.choice(card_paths), rng.choice(["zz_unknown", "t_knight", "hero_tamir", "t_hero_dark", "A-B"]))
    return dumped(doc)


def illegal_action(rng, data, doc):
    doc = json.loads(json.dumps(doc))
    log = doc["log"] if "log" in doc else doc["actions"]
    if not log:
        return dumped(doc)
    i = rng.randrange(len(log))
    kind = rng.randrange(6)
    if kind == 0:
        log[i] = rng.choice(ACTION_TEXTS)
    elif kind == 1:
        log[i] = rng.choice(["end", "attack attacker=1 target=2", "play card=3", "choose cards=1,2",
                             "mulligan cards=99", "order first=maybe", "declare trigger=1", "defend card=0",
                             "concede player=7", "offer_draw player=0", "accept_draw", "play card=-1 x=0",
                             "move card=3 to=2,4", "strike attacker=3 target=9", "use card=3 ability=0",
                             "place card=7 at=1,2", "swap card=7 other=9", "pass", "go_first"])
    elif kind == 2:
        j = rng.randrange(len(log))
        log[i], log[j] = log[j], log[i]
    elif kind == 3:
        del log[i]
    elif kind == 4:
        log.insert(i, log[i])
    else:
        log.append(rng.choice(ACTION_TEXTS))
    if "snapshot" in doc:
        doc["snapshot"]["actions"] = len(log)  # so the mutant gets past the cheap checks into the replay
        if "undo_floor" in doc:
            doc["undo_floor"] = min(doc["undo_floor"], len(log))
    return dumped(doc)


def mistyped_action(rng, data, doc):
    """An action of the log with a field's value of another type: 1.0, yes, a list, a word (the text form
    reads whole numbers, yes/no and lists of whole numbers only)."""
    doc = json.loads(json.dumps(doc))
    log = doc["log"] if "log" in doc else doc["actions"]
    fielded = [i for i, text in enumerate(log) if "=" in text]
    if not fielded:
        return dumped(doc)
    i = rng.choice(fielded)
    parts = log[i].split()
    k = rng.choice([j for j, part in enumerate(parts) if "=" in part])
    key = parts[k].split("=", 1)[0]
    parts[k] = f"{key}={rng.choice(['1.0', 'yes', 'no', 'True', '[1]', '(1,2)', 'a,b', '1e3', '0x1', '', '-', '1,'])}"
    log[i] = " ".join(parts)
    return dumped(doc)


DATES = ["0001-01-01T00:00:00+23:59", "9999-12-31T23:59:59-23:59", "0001-01-01T00:00:00", "9999-12-31T23:59:59",
         "0001-01-01T00:00:00+00:00", "9999-12-31T23:59:59.999999+00:00", "2024-02-30T10:00:00", "2024-13-01",
         "", "1970-01-01T00:00:00Z", "2024-06-01T12:00:00+25:00", "x" * 41, 0, 1.5e9, None, True, []]


def dates_at_the_limits(rng, data, doc):
    """The save's times (``started_at``, ``saved_at``; version 0: ``date``) at the calendar's ends, impossible,
    badly written or of another type."""
    doc = json.loads(json.dumps(doc))
    for key in [k for k in ("started_at", "saved_at", "date") if k in doc]:
        if rng.random() < 0.7:
            doc[key] = rng.choice(DATES)
    return dumped(doc)


def field_added_or_removed(rng, data, doc):
    path = pick_path(rng, doc, (dict,)) or ()
    doc = json.loads(json.dumps(doc))
    obj = get(doc, path)
    if obj and rng.random() < 0.6:
        del obj[rng.choice(sorted(obj))]
    else:
        obj[rng.choice(["extra", "__proto__", "", "ключ"])] = 1
    return dumped(doc)


def other_version(rng, data, doc):
    doc = json.loads(json.dumps(doc))
    doc["version"] = rng.choice([0, 1, 2, 99, -1, "1", 1.0, True, None, 2**63])
    return dumped(doc)


def broken_hash(rng, data, doc):
    doc = json.loads(json.dumps(doc))
    state_key, holder = (("state", doc["snapshot"]) if "snapshot" in doc else ("state", doc))
    hash_holder = doc["snapshot"] if "snapshot" in doc else doc
    state = holder[state_key]
    sub = rng.choice(paths(state)[1:])
    if sub and rng.random() < 0.7:
        value = get(state, sub)
        new = value + rng.choice([1, -1]) if isinstance(value, int) and not isinstance(value, bool) else None
        put(state, sub, new)
        hash_holder["hash"] = stable_hash(state)  # a careful editor: the hash fits, the replay will not
    else:
        hash_holder["hash"] = rng.choice(["0" * 64, "g" * 64, "", hash_holder["hash"][::-1]])
    return dumped(doc)


def bad_string(rng, data, doc):
    return with_raw(doc, pick_path(rng, doc), rng.choice(['"\\ud800"', '"a\\u0000b"', '"' + "я" * 5000 + '"',
                                                          '"\\x41"', '"\t"', '"unterminated', "'single'"]))


def swap_subtrees(rng, data, doc):
    a, b = pick_path(rng, doc), pick_path(rng, doc)
    doc = json.loads(json.dumps(doc))
    if not a or not b or a[:len(b)] == b or b[:len(a)] == a:
        return dumped(doc)
    va, vb = get(doc, a), get(doc, b)
    put(doc, a, vb)
    put(doc, b, va)
    return dumped(doc)


MUTATORS: list[Callable[[random.Random, bytes, Any], bytes]] = [
    bit_flips, truncate, splice, deep_nesting, huge_number, not_a_number, duplicate_key, wrong_type,
    unknown_card, illegal_action, mistyped_action, dates_at_the_limits, field_added_or_removed, other_version,
    broken_hash, bad_string, swap_subtrees,
]


def mutant(rng: random.Random, i: int) -> tuple[str, bytes]:
    data, doc = BASES[i % len(BASES)]
    mutator = MUTATORS[(i // len(BASES)) % len(MUTATORS)]
    out = mutator(rng, data, doc)
    if rng.random() < 0.1:  # now and then a second, byte-level mutation on top
        out = rng.choice([bit_flips, truncate, splice])(rng, out, doc) if out else out
    return mutator.__name__, out


@pytest.mark.parametrize("chunk", range(MUTANTS // CHUNK))
def test_mutated_files_give_only_typed_errors(chunk, tmp_path):
    manager = SaveManager(tmp_path)
    record, game = played(30, 15)
    good = manager.save(record, "good", game=game, thumbnail=PNG)
    manager.save(record, "good", game=game, thumbnail=PNG)  # leaves good.json.bak too
    target = tmp_path / "mutant.json"
    rng = random.Random(chunk)
    errors: collections.Counter[str] = collections.Counter()
    tr = {lang: Tr(lang) for lang in ("ru", "en")}
    for i in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        name, data = mutant(rng, i)
        target.write_bytes(data)
        before = folder_bytes(tmp_path)
        info = manager.info(target)
        for lang in tr:
            assert storage.when(info, tr[lang])  # the saves screen can show its date, whatever the file says
        code, line = check_cli.check(target, "en")  # the full load: what opening the save does too
        if code == check_cli.EXIT_OK:  # a harmless mutation (say, a flipped bit in a date): exactly the saved game
            assert info.ok, (name, i, info.error)  # and the screen calls it good as well
            loaded = manager.load(target)
            assert loaded.game.state_hash() == loaded.record.snapshot.hash
            errors["loaded"] += 1
        else:
            bad = re.fullmatch(r"BAD \((\w+)\) (.*)", line)
            assert bad, (name, i, line)
            code_name, message = bad.groups()
            assert code_name not in ("unexpected", "replay_failed"), (name, i, line)
            assert "mutant.json" in message, (name, i, line)
            errors[code_name] += 1
            assert info.ok or info.error.code == code_name  # what the screen calls broken, it does for that
            if errors[code_name] % 25 == 1:  # now and then opened from the screen's manager too
                with pytest.raises(SaveError) as failure:
                    manager.load(target)
                assert failure.value.code == code_name and failure.value.message("ru")
                assert not {x.path: x for x in manager.list()}[target].ok  # once opening failed, the screen says so
        assert folder_bytes(tmp_path) == before, (name, i)
    assert manager.load(good).game.state_hash() == game.state_hash()
    assert errors["loaded"] < CHUNK // 5, errors
    assert len(errors) >= 5, errors  # many kinds of failure were really reached
