"""The save format: strict JSON, the schema check, versions and the upgrade chain, custom cards."""

from __future__ import annotations

import json
import pathlib

import pytest

from engine.core import strictjson
from engine.core.hashing import stable_hash
from engine.heroes.pool import CardPool
from saves import (
    GameRecord,
    SaveCorrupt,
    SaveError,
    SaveIllegal,
    SaveMismatch,
    SaveTooLarge,
    SaveUnknownRuleset,
    SaveVersionTooNew,
    decode,
    encode,
)
from saves.format import MAX_BYTES, VERSION
from saves.heroes import builtin_pool, pool_version
from saves.migrate import CURRENT, upgrade
from saves.record import COMPUTER_LEVELS
from tests.test_saves_common import POOL, played, to_v0, to_v1, to_v2

PATH = pathlib.Path("/nowhere/partie.json")


def doc_of(record: GameRecord) -> dict:
    return json.loads(encode(record))


def text(doc: dict) -> bytes:
    return json.dumps(doc, ensure_ascii=False).encode()


@pytest.fixture(scope="module")
def game():
    record, g = played(3, 40)
    record.capture(g)
    return record, g


# ====================================================================== strict JSON
@pytest.mark.parametrize("bad", [
    '{"a": NaN}', '{"a": Infinity}', '{"a": -Infinity}', '{"a": 1e999}',
    '{"a": 1, "a": 2}', '{"a": ' + "1" * 5000 + "}", '{"a": ' + "1" * 25 + "}",
    "[" * 100 + "]" * 100, '{"a": ' + "[" * 100000, '{"a": "x\u0001"}', "", "{", '{"a": 1} x',
])
def test_strict_json_refuses(bad):
    with pytest.raises(strictjson.JsonRejected) as err:
        strictjson.parse(bad)
    assert err.value.ru and err.value.en


def test_strict_json_accepts_brackets_and_quotes_inside_strings():
    value = {"t": '[[[[{{{{ \\" "' * 40, "n": [1, -2, 3.5, 18446744073709551615], "ok": [True, None]}
    assert strictjson.parse(json.dumps(value)) == value


def test_depth_limit_is_exact():
    value = strictjson.parse("[" * strictjson.MAX_DEPTH + "]" * strictjson.MAX_DEPTH)
    depth = 0
    while isinstance(value, list):
        depth += 1
        value = value[0] if value else None
    assert depth == strictjson.MAX_DEPTH  # read in full, not just accepted
    with pytest.raises(strictjson.JsonRejected):
        strictjson.parse("[" * (strictjson.MAX_DEPTH + 1) + "]" * (strictjson.MAX_DEPTH + 1))


def test_absurd_numbers_of_arrays_or_values_are_refused_before_parsing():
    """Millions of tiny lists in a 20 MiB file would take gigabytes once parsed (tests/test_saves_hostile.py)."""
    n = strictjson.MAX_CONTAINERS
    assert len(strictjson.parse("[" + "[]," * (n - 2) + "[]]")) == n - 1
    with pytest.raises(strictjson.JsonRejected, match="arrays and objects"):
        strictjson.parse("[" + "{}," * n + "{}]")
    with pytest.raises(strictjson.JsonRejected, match="values"):
        strictjson.parse("[" + "0," * strictjson.MAX_VALUES + "0]")
    with pytest.raises(strictjson.JsonRejected, match="values"):
        strictjson.parse("{" + ",".join(f'"{i:x}":1' for i in range(strictjson.MAX_VALUES // 2 + 1)) + "}")
    inside = ["[{,:" * (strictjson.MAX_VALUES // 2)]  # inside a string they are letters, not values
    assert strictjson.parse(json.dumps(inside)) == inside


# ====================================================================== round trip of the format
def test_encode_decode_round_trip(game):
    record, g = game
    back = decode(encode(record), PATH)
    assert back.log == record.log
    assert back.players == record.players
    assert [(p.kind, p.level) for p in back.players] == [("human", ""), ("computer", "easy")]
    assert back.seed == record.seed and back.check_decks is False
    assert back.custom_cards == record.custom_cards
    assert back.snapshot.hash == g.state_hash()
    assert back.replay().state_hash() == g.state_hash()
    assert encode(back) == encode(record)


def test_file_is_readable_one_log_entry_per_line(game):
    record, _ = game
    lines = encode(record).decode().splitlines()
    for entry in record.log:
        assert json.dumps(entry, ensure_ascii=False) in {line.rstrip(",") for line in lines}


def test_custom_cards_travel_inside_the_save(game):
    record, g = game
    ids = {c["id"] for c in record.custom_cards}
    used = {cid for p in record.players for cid in (p.hero, *p.deck)}
    builtin = builtin_pool()
    assert ids and ids <= set(POOL.cards) and not ids & set(builtin.cards)
    assert {cid for cid in used if cid not in builtin.cards} <= ids
    # rebuilt with only the shipped cards plus what the file carries: the same game
    assert decode(encode(record)).replay(builtin).state_hash() == g.state_hash()


def test_custom_card_may_not_replace_a_builtin_one(game):
    record, _ = game
    doc = doc_of(record)
    bid = next(iter(builtin_pool().cards))
    doc["custom_cards"][0]["id"] = bid
    with pytest.raises(SaveIllegal) as err:
        decode(text(doc), PATH).replay(path=PATH)
    assert "partie.json" in err.value.en and bid in err.value.en


def test_invalid_custom_card_is_illegal(game):
    record, _ = game
    doc = doc_of(record)
    doc["custom_cards"][0]["strike"] = "много"
    with pytest.raises(SaveIllegal):
        decode(text(doc), PATH).replay(path=PATH)


# ====================================================================== schema
@pytest.mark.parametrize("edit,field", [
    (lambda d: d.pop("log"), "log"),
    (lambda d: d.__setitem__("surprise", 1), "surprise"),
    (lambda d: d["setup"].__setitem__("seed", -1), "setup.seed"),
    (lambda d: d["setup"].__setitem__("seed", 1 << 64), "setup.seed"),
    (lambda d: d["setup"].__setitem__("seed", "7"), "setup.seed"),
    (lambda d: d["setup"].__setitem__("check_decks", 1), "setup.check_decks"),
    (lambda d: d["setup"]["players"].pop(), "setup.players"),
    (lambda d: d["setup"]["players"][0].__setitem__("kind", "robot"), "setup.players[0].kind"),
    (lambda d: d["setup"]["players"][1].__setitem__("level", "expert"), "setup.players[1].level"),
    (lambda d: d["setup"]["players"][1].__setitem__("level", ""), "setup.players[1].level"),
    (lambda d: d["setup"]["players"][1].__setitem__("level", 2), "setup.players[1].level"),
    (lambda d: d["setup"]["players"][1].pop("level"), "setup.players[1].level"),
    (lambda d: d["setup"]["players"][0].__setitem__("level", "easy"), "setup.players[0].level"),
    (lambda d: d["setup"]["players"][1].__setitem__("kind", "human"), "setup.players[1].level"),
    (lambda d: d["setup"]["players"][1].__setitem__("name", ""), "setup.players[1].name"),
    (lambda d: d["setup"]["players"][1].__setitem__("name", "x" * 65), "setup.players[1].name"),
    (lambda d: d["setup"]["players"][0]["deck"].__setitem__(0, 5), "setup.players[0].deck[0]"),
    (lambda d: d["setup"]["players"][0]["deck"].__setitem__(0, "../../etc"), "setup.players[0].deck[0]"),
    (lambda d: d["log"].__setitem__(2, ["end"]), "log[2]"),
    (lambda d: d["log"].__setitem__(2, "end\nend"), "log[2]"),
    (lambda d: d.__setitem__("undo_floor", 10**6), "undo_floor"),
    (lambda d: d["snapshot"].__setitem__("hash", "x"), "snapshot.hash"),
    (lambda d: d["snapshot"].__setitem__("state", []), "snapshot.state"),
    (lambda d: d["snapshot"]["state"].__setitem__("turn", "3"), "snapshot.state.turn"),
    (lambda d: d.__setitem__("saved_at", "yesterday"), "saved_at"),
    (lambda d: d.__setitem__("format", "other"), "format"),
    (lambda d: d.__setitem__("ruleset", "chess"), "ruleset"),
    (lambda d: d["custom_cards"].__setitem__(0, "card"), "custom_cards[0]"),
])
def test_schema_names_the_bad_field(game, edit, field):
    record, _ = game
    doc = doc_of(record)
    edit(doc)
    with pytest.raises(SaveCorrupt) as err:
        decode(text(doc), PATH)
    assert f"field {field}" in err.value.en and f"поле {field}" in err.value.ru
    assert "partie.json" in err.value.en and "partie.json" in err.value.ru


def test_unknown_computer_level_is_refused_in_both_languages(game):
    record, _ = game
    doc = doc_of(record)
    doc["setup"]["players"][1]["level"] = "grandmaster"
    with pytest.raises(SaveCorrupt) as err:
        decode(text(doc), PATH)
    assert err.value.en == ("Save file 'partie.json': field setup.players[1].level: "
                            "unknown computer level 'grandmaster' (known: easy, normal, hard)")
    assert err.value.ru == ("Сохранение «partie.json»: поле setup.players[1].level: "
                            "неизвестный уровень компьютера «grandmaster» (известны: easy, normal, hard)")


def test_only_a_computer_seat_has_a_level(game):
    record, _ = game
    raw = doc_of(record)
    assert "level" not in raw["setup"]["players"][0] and raw["setup"]["players"][1]["level"] == "easy"
    doc = doc_of(record)
    doc["setup"]["players"][0]["level"] = "normal"
    with pytest.raises(SaveCorrupt) as err:
        decode(text(doc), PATH)
    assert "only a computer seat has a level" in err.value.en and "только у компьютера" in err.value.ru


def test_every_bot_level_can_be_saved():
    # a new bot level must be added to the save format (and documented, with a version bump) first
    from engine.ai import LEVELS

    assert set(LEVELS) <= set(COMPUTER_LEVELS)


def test_not_an_object_and_no_version():
    for raw in (b"[1, 2]", b'"save"', b'{"format": "berserk-table-save"}', b'{"version": true}'):
        with pytest.raises(SaveCorrupt):
            decode(raw, PATH)


def test_empty_binary_and_oversized():
    with pytest.raises(SaveCorrupt):
        decode(b"  \n", PATH)
    with pytest.raises(SaveCorrupt):
        decode(b"\xff\xfe{}", PATH)
    with pytest.raises(SaveTooLarge):
        decode(b" " * (MAX_BYTES + 1), PATH)


def test_bom_is_tolerated(game):
    record, _ = game
    assert decode(b"\xef\xbb\xbf" + encode(record), PATH).log == record.log


def test_lone_surrogate_is_refused(game):
    record, _ = game
    raw = encode(record).replace("Анна".encode(), b"\\ud800")
    with pytest.raises(SaveCorrupt):
        decode(raw, PATH)


# ====================================================================== snapshot and log checks
def test_edited_snapshot_is_caught_by_its_hash(game):
    record, _ = game
    doc = doc_of(record)
    doc["snapshot"]["state"]["players"][0]["coins"] += 5
    with pytest.raises(SaveCorrupt) as err:
        decode(text(doc), PATH).replay(path=PATH)
    assert "checksum" in err.value.en


def test_edited_snapshot_with_new_hash_is_caught_by_the_replay(game):
    record, _ = game
    doc = doc_of(record)
    doc["snapshot"]["state"]["players"][0]["coins"] += 5
    doc["snapshot"]["hash"] = stable_hash(doc["snapshot"]["state"])
    with pytest.raises(SaveMismatch):
        decode(text(doc), PATH).replay(path=PATH)


def test_illegal_action_is_named(game):
    record, _ = game
    doc = doc_of(record)
    doc["log"][5] = "attack attacker=999 target=1"
    with pytest.raises(SaveIllegal) as err:
        decode(text(doc), PATH).replay(path=PATH)
    assert "#6" in err.value.en and "№6" in err.value.ru


def test_not_an_action_is_named(game):
    record, _ = game
    doc = doc_of(record)
    doc["log"][7] = "fly to=moon"
    with pytest.raises(SaveIllegal) as err:
        decode(text(doc), PATH).replay(path=PATH)
    assert "#8" in err.value.en


def test_unknown_card_in_deck(game):
    record, _ = game
    doc = doc_of(record)
    doc["setup"]["players"][0]["deck"][0] = "no_such_card"
    with pytest.raises(SaveIllegal) as err:
        decode(text(doc), PATH).replay(path=PATH)
    assert "no_such_card" in err.value.en


def test_hero_must_be_a_hero(game):
    record, _ = game
    doc = doc_of(record)
    doc["setup"]["players"][1]["hero"] = doc["setup"]["players"][1]["deck"][0]
    with pytest.raises(SaveIllegal):
        decode(text(doc), PATH).replay(path=PATH)


def test_snapshot_must_follow_the_log(game):
    record, _ = game
    doc = doc_of(record)
    doc["log"].pop()
    with pytest.raises(SaveCorrupt):
        decode(text(doc), PATH).replay(path=PATH)


def test_other_card_version_is_mentioned(game):
    record, _ = game
    doc = doc_of(record)
    doc["log"][5] = "attack attacker=999 target=1"
    doc["pool_version"] = "0" * 64
    with pytest.raises(SaveIllegal) as err:
        decode(text(doc), PATH).replay(path=PATH)
    assert "different version of the cards" in err.value.en and "другой версией карт" in err.value.ru


def test_pool_version_depends_on_builtin_cards_only():
    base = builtin_pool()
    assert pool_version(POOL) == pool_version(base)
    fewer = CardPool(cards=dict(list(base.cards.items())[1:]), raw=dict(base.raw))
    assert pool_version(fewer) != pool_version(base)


# ====================================================================== versions
def test_future_version_is_refused(game):
    record, _ = game
    doc = doc_of(record)
    doc["version"] = VERSION + 1
    doc["something_new"] = {"x": 1}
    with pytest.raises(SaveVersionTooNew) as err:
        decode(text(doc), PATH)
    assert str(VERSION + 1) in err.value.en and "partie.json" in err.value.ru


def test_version_0_is_upgraded_and_replays():
    record, g = played(4, 40, deck_id="")  # version 0 had no deck ids
    record.capture(g)
    back = decode(text(to_v0(record)), PATH)
    assert back.migrated_from == 0
    assert [(p.name, p.hero, p.deck) for p in back.players] == [(p.name, p.hero, p.deck) for p in record.players]
    # version 0 knew only "a computer", which version 1 loaded at Normal
    assert [(p.kind, p.level) for p in back.players] == [("human", ""), ("computer", "normal")]
    assert back.undo_floor == len(record.log) and not back.can_undo
    assert back.replay(path=PATH).state_hash() == g.state_hash()
    # saving it again writes the current version
    assert json.loads(encode(back))["version"] == VERSION


def test_version_1_is_upgraded_with_the_computer_at_normal(game):
    record, g = game
    assert CURRENT == VERSION == 6
    back = decode(text(to_v1(record)), PATH)
    assert back.migrated_from == 1
    # a version-1 save did not say how strong the computer was; it was always loaded as Normal
    assert [(p.kind, p.level) for p in back.players] == [("human", ""), ("computer", "normal")]
    assert [(p.name, p.hero, p.deck_id, p.deck) for p in back.players] == \
        [(p.name, p.hero, p.deck_id, p.deck) for p in record.players]
    assert back.log == record.log and back.undo_floor == record.undo_floor and back.started_at == record.started_at
    assert back.replay(path=PATH).state_hash() == g.state_hash()
    again = json.loads(encode(back))
    assert again["version"] == VERSION
    assert [p.get("level") for p in again["setup"]["players"]] == [None, "normal"]


def test_version_1_step_leaves_human_seats_alone_and_refuses_a_level(game):
    record, _ = game
    doc = to_v1(record)
    doc["setup"]["players"][1]["kind"] = "human"
    assert [p.level for p in decode(text(doc), PATH).players] == ["", ""]
    doc = to_v1(record)
    doc["setup"]["players"][1]["level"] = "easy"  # no version-1 file had one: this was edited
    with pytest.raises(SaveCorrupt) as err:
        decode(text(doc), PATH)
    assert "version 1" in err.value.en and "partie.json" in err.value.en
    doc = to_v1(record)
    doc["setup"]["players"] = "two"
    with pytest.raises(SaveCorrupt):
        decode(text(doc), PATH)


def test_version_2_is_upgraded_to_heroes_and_replays(game):
    record, g = game
    back = decode(text(to_v2(record)), PATH)
    assert back.migrated_from == 2 and back.ruleset == "heroes"
    assert [(p.kind, p.level, p.hero, p.deck) for p in back.players] == \
        [(p.kind, p.level, p.hero, p.deck) for p in record.players]
    assert back.replay(path=PATH).state_hash() == g.state_hash()
    assert json.loads(encode(back))["version"] == VERSION


def test_version_2_knew_only_heroes(game):
    record, _ = game
    doc = to_v2(record)
    doc["ruleset"] = "classic"  # no version-2 client could write this: the file was edited
    with pytest.raises(SaveCorrupt) as err:
        decode(text(doc), PATH)
    assert "version 2" in err.value.en and "partie.json" in err.value.en


def test_unknown_ruleset_is_refused_naming_the_known_ones(game):
    record, _ = game
    doc = doc_of(record)
    doc["ruleset"] = "chess"
    with pytest.raises(SaveUnknownRuleset) as err:
        decode(text(doc), PATH)
    for msg in (err.value.en, err.value.ru):
        assert "partie.json" in msg and "chess" in msg and "heroes" in msg and "classic" in msg
    assert isinstance(err.value, SaveError)


def test_broken_version_0_is_corrupt(game):
    record, _ = game
    doc = to_v0(record)
    del doc["actions"]
    with pytest.raises(SaveCorrupt) as err:
        decode(text(doc), PATH)
    assert "version 0" in err.value.en
    doc = to_v0(record)
    doc["players"][0]["human"] = "yes"
    with pytest.raises(SaveCorrupt):
        decode(text(doc), PATH)


def test_negative_version_has_no_upgrade():
    with pytest.raises(SaveCorrupt):
        decode(b'{"version": -1}', PATH)


def test_upgrade_chain_runs_every_step_in_order():
    steps = {0: lambda d: {**d, "version": 1, "trail": d["trail"] + "a"},
             1: lambda d: {**d, "version": 2, "trail": d["trail"] + "b"},
             2: lambda d: {**d, "version": 3, "trail": d["trail"] + "c"}}
    assert upgrade({"version": 0, "trail": ""}, steps=steps, target=3)["trail"] == "abc"
    assert upgrade({"version": 2, "trail": ""}, steps=steps, target=3)["trail"] == "c"
    with pytest.raises(SaveCorrupt):
        upgrade({"version": 0, "trail": ""}, steps={1: steps[1]}, target=2)


def test_every_error_is_a_save_error_with_both_languages():
    err = SaveVersionTooNew(PATH, "новее", "newer")
    assert isinstance(err, SaveError)
    assert err.message("ru").startswith("Сохранение «partie.json»") and err.message("en").startswith("Save file")
