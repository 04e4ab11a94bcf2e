"""A timed game's save: the limit in the setup, the clock's time used, the time-out in the log (docs/saves.md,
«A timed game»; docs/timed.md)."""

from __future__ import annotations

import json
import pathlib
import random

import pytest
from classic_support import CARDS

from engine.classic import actions as CA
from engine.core.timing import TimeLimit, TimeOut
from saves import GameRecord, SaveCorrupt, SaveIllegal, SaveMismatch, decode, encode
from saves.migrate import STEPS
from saves.record import PlayerSetup
from tests.test_saves_common import POOL, play, random_players

PATH = pathlib.Path("/nowhere/timed.json")
LIMIT = TimeLimit(seconds=1200, extra_turns=2)


def timed_heroes(n: int = 30):
    record, game = GameRecord.begin(POOL, random_players(random.Random(5), 12), seed=5, check_decks=False,
                                    time_limit=LIMIT)
    play(record, game, random.Random(5), n)
    record.play(game, TimeOut(elapsed=1203))  # CR 603.1 (3): the game goes on for the extra turns
    play(record, game, random.Random(6), 6)
    record.clock_ms = 1_203_456
    record.capture(game)
    return record, game


def test_a_timed_heroes_save_keeps_the_limit_the_clock_and_the_time_out():
    record, game = timed_heroes()
    doc = json.loads(encode(record))
    assert doc["setup"]["time_limit"] == {"seconds": 1200, "extra_turns": 2}
    assert doc["clock"] == {"used_ms": 1_203_456}
    assert "time_out elapsed=1203" in doc["log"]
    back = decode(encode(record), PATH)
    assert back.time_limit == LIMIT and back.clock_ms == 1_203_456
    again = back.replay(path=PATH)
    assert again.state_hash() == game.state_hash() and again.timed_out == game.timed_out is not None


def test_a_timed_classic_save_replays_to_the_technical_victory():
    players = [PlayerSetup("Анна", "human", "", ["c_guard", "c_runner"]), PlayerSetup("Борис", "human", "", ["c_brute"])]
    record, game = GameRecord.begin_classic(CARDS, players, seed=2, time_limit=TimeLimit(seconds=600))
    assert game.time_limit == TimeLimit(seconds=600)
    record.play(game, CA.EndTurn())
    record.play(game, TimeOut(elapsed=600))
    assert game.outcome.reason == "time_squad" and game.outcome.winner == 0  # 2007 7.3: 5 + 3 against 7
    record.capture(game)
    back = decode(encode(record), PATH)
    assert back.replay(path=PATH).state_hash() == game.state_hash()


def test_an_untimed_save_has_neither_field():
    record, game = GameRecord.begin(POOL, random_players(random.Random(1), 12), seed=1, check_decks=False)
    record.capture(game)
    doc = json.loads(encode(record))
    assert "clock" not in doc and "time_limit" not in doc["setup"]
    assert decode(encode(record), PATH).time_limit is None


def _doc():
    record, _ = timed_heroes(10)
    return json.loads(encode(record))


def _decode(doc) -> GameRecord:
    return decode(json.dumps(doc, ensure_ascii=False).encode(), PATH)


@pytest.mark.parametrize(("change", "field"), [
    (lambda d: d.pop("clock"), "field clock"),
    (lambda d: d["setup"].pop("time_limit"), "field clock"),
    (lambda d: d["clock"].update(used_ms=-1), "field clock.used_ms"),
    (lambda d: d["clock"].update(spare=1), "field clock.spare"),
    (lambda d: d["setup"]["time_limit"].update(seconds=5), "field setup.time_limit.seconds"),
    (lambda d: d["setup"]["time_limit"].update(extra_turns=99), "field setup.time_limit.extra_turns"),
    (lambda d: d["setup"].update(time_limit=1800), "field setup.time_limit"),
])
def test_a_bad_limit_or_clock_is_refused_naming_the_field(change, field):
    doc = _doc()
    change(doc)
    with pytest.raises(SaveCorrupt) as err:
        _decode(doc)
    assert field in err.value.message("en") and err.value.message("ru")


def test_an_edited_limit_is_refused_on_load():
    doc = _doc()
    doc["setup"]["time_limit"]["seconds"] = 3600  # the log's time-out read 20:03: not out by an hour's limit
    with pytest.raises(SaveIllegal) as err:
        _decode(doc).replay(path=PATH)
    assert "time_out elapsed=1203" in err.value.message("en") and "1:00:00" in err.value.message("ru")
    doc["setup"]["time_limit"]["seconds"] = 600  # the time-out stands, but the position is no longer the snapshot's
    with pytest.raises(SaveMismatch):
        _decode(doc).replay(path=PATH)


def test_version_5_knew_no_timed_game():
    doc = _doc()
    old = {**doc, "version": 5}
    with pytest.raises(ValueError):
        STEPS[5](old)
    plain = {k: v for k, v in old.items() if k != "clock"}
    plain["setup"] = {k: v for k, v in doc["setup"].items() if k != "time_limit"}
    assert STEPS[5](plain)["version"] == 6
