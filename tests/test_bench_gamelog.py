"""A benchmark's games kept as they finish (bench/gamelog.py): taken up again where a run stopped, never mixed
with another measurement's, a line torn by a kill dropped, a broken file named."""

from __future__ import annotations

import json
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from gamelog import GameLog, code_digest  # noqa: E402

KEY = {"hero": "hard", "rival": "normal", "ruleset": "heroes", "code": "abc"}


def test_games_are_kept_and_read_back(tmp_path):
    path = tmp_path / "log.jsonl"
    log = GameLog(path, KEY)
    log.add({"index": 3, "score": 1.0})
    log.add({"index": 0, "score": 0.5})
    again = GameLog(path, KEY)
    assert again.games == {3: {"index": 3, "score": 1.0}, 0: {"index": 0, "score": 0.5}}


def test_another_measurement_is_refused_naming_what_differs(tmp_path):
    path = tmp_path / "log.jsonl"
    GameLog(path, KEY).add({"index": 0, "score": 1.0})
    with pytest.raises(ValueError, match=r"log.jsonl, line 1: a game of another measurement \(differs in code\)"):
        GameLog(path, {**KEY, "code": "def"})


def test_a_line_torn_by_a_kill_is_dropped_and_the_rest_kept(tmp_path):
    path = tmp_path / "log.jsonl"
    GameLog(path, KEY).add({"index": 0, "score": 1.0})
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps({"key": KEY, "game": {"index": 1}})[:20])
    log = GameLog(path, KEY)
    assert list(log.games) == [0]
    log.add({"index": 1, "score": 0.0})
    assert list(GameLog(path, KEY).games) == [0, 1]


def test_a_broken_file_or_a_folder_is_named(tmp_path):
    path = tmp_path / "log.jsonl"
    path.write_text("not json\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"log.jsonl, line 1: not a kept game"):
        GameLog(path, KEY)
    with pytest.raises(ValueError, match="not a regular file"):
        GameLog(tmp_path, KEY)


def test_a_file_that_is_no_log_is_named_and_never_cut(tmp_path):
    # bytes that are not UTF-8 (a picture given as the log, say), then a last line without its end: the file is
    # named with the line, and it is not trimmed as a torn log line would be
    path = tmp_path / "log.jsonl"
    data = b'{"key": {}, "game": {"index": 0}}\n\x89PNG\xff\xfe\n' + b"no end of line"
    path.write_bytes(data)
    with pytest.raises(ValueError, match=r"log.jsonl, line 2: not UTF-8 text"):
        GameLog(path, KEY)
    assert path.read_bytes() == data
    # a text file of other lines is left whole too
    path.write_bytes(b"notes\nmore notes")
    with pytest.raises(ValueError, match=r"log.jsonl, line 1: not a kept game"):
        GameLog(path, KEY)
    assert path.read_bytes() == b"notes\nmore notes"


def test_a_character_torn_by_a_kill_is_no_error(tmp_path):
    path = tmp_path / "log.jsonl"
    GameLog(path, KEY).add({"index": 0, "score": 1.0})
    with path.open("ab") as f:
        f.write('{"key": {"name": "Хельга'.encode()[:-1])  # the kill fell inside a two-byte letter
    assert list(GameLog(path, KEY).games) == [0]


def test_the_code_digest_follows_the_rules_and_cards_not_the_harness(tmp_path):
    (tmp_path / "engine").mkdir()
    (tmp_path / "bench").mkdir()
    (tmp_path / "engine" / "rules.py").write_text("A = 1\n", encoding="utf-8")
    first = code_digest(tmp_path)
    (tmp_path / "bench" / "ai_strength.py").write_text("# the harness\n", encoding="utf-8")
    assert code_digest(tmp_path) == first
    (tmp_path / "engine" / "rules.py").write_text("A = 2\n", encoding="utf-8")
    assert code_digest(tmp_path) != first


def test_a_compiled_module_counts_by_its_name_not_its_bytes(tmp_path):
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "rules.py").write_text("A = 1\n", encoding="utf-8")
    plain = code_digest(tmp_path)
    built = tmp_path / "engine" / "rules.cpython-311-x86_64-linux-gnu.so"
    built.write_bytes(b"one build")
    compiled = code_digest(tmp_path)
    built.write_bytes(b"another build of the same sources")
    assert code_digest(tmp_path) == compiled != plain


def test_a_game_s_digest_leaves_out_what_only_the_other_game_reads(tmp_path):
    """An edit of the classic rules keeps a «Герои» log going, and the other way round; shared code counts
    for both."""
    for folder in ("engine/core", "engine/heroes", "engine/classic"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "rules.py").write_text("A = 1\n", encoding="utf-8")
    heroes, classic, both = (code_digest(tmp_path, r) for r in ("heroes", "classic", None))
    (tmp_path / "engine" / "classic" / "rules.py").write_text("A = 2\n", encoding="utf-8")
    assert code_digest(tmp_path, "heroes") == heroes
    assert code_digest(tmp_path, "classic") != classic
    assert code_digest(tmp_path) != both
    (tmp_path / "engine" / "heroes" / "rules.py").write_text("A = 2\n", encoding="utf-8")
    assert code_digest(tmp_path, "heroes") != heroes
    classic = code_digest(tmp_path, "classic")
    (tmp_path / "engine" / "core" / "rules.py").write_text("A = 2\n", encoding="utf-8")
    assert code_digest(tmp_path, "classic") != classic
