"""bench/lost_games.py replays the games a kept bench run lost and says, by the bots' own win chance, from which
turn each was behind for good and which round (the bot's turn and its rival's) cost most; it reads a log
without changing it, also one a running bench is writing, and names the file and the line of a log it cannot
read."""

from __future__ import annotations

import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
import ai_strength as S  # noqa: E402
import lost_games as L  # noqa: E402
from gamelog import GameLog  # noqa: E402

KEY = {"hero": "easy", "rival": "easy", "ruleset": "heroes", "decks": "builtin", "budget": 0.0, "iterations": 0,
       "seed": 0, "hard": {}, "code": "test"}


def kept_games(tmp_path, indices):
    """A log of Easy against Easy on the bench's deals, as ``ai_strength.py --log`` keeps it, and its records."""
    S._setup("heroes")
    log = GameLog(tmp_path / "heroes-easy_vs_easy.jsonl", KEY)
    records = [S.play_one(("easy", "easy", i, 0.0, 0, 0, {})) for i in indices]
    for r in records:
        log.add(r)
    return log.path, records


def test_each_lost_game_is_read_turn_by_turn_and_the_figures_count_them_all(tmp_path, capsys):
    path, records = kept_games(tmp_path, range(4))
    lost = [r for r in records if r["score"] < 1]
    assert lost and len(lost) < 4  # both sides of a deal are played: some won, some lost
    L.main([str(tmp_path), "--show", "1"])
    out = capsys.readouterr().out.splitlines()
    figures = dict(line.split("=", 1) for line in out if "=" in line and not line.startswith(("game", " ")))
    assert figures["lost"] == str(len(lost)) and figures["skipped"] == "0"
    assert sum(line.startswith("game ") for line in out) == 1  # --show 1
    first = L.story(lost[0], 0, L.CHANCE["heroes"])
    assert out[0].startswith(f"game {lost[0]['index']}: {first['turns']} turns")
    assert first["chances"][-1] < 0.5 and first["behind_from"] is not None  # it ended lost, so behind at the end
    assert all(0.0 <= c <= 1.0 for c in first["chances"]) and len(first["chances"]) == first["rounds"] + 1
    # read at the start of each of the bot's own turns: every round begins with its actions, marked
    game = S.replay(lost[0], steps=0)
    seat, codec = lost[0]["index"] % 2, L.find_ruleset("heroes").codec
    own = set()
    for text in lost[0]["actions"]:
        if game.turn >= 1 and game.active == seat:
            own.add(game.turn)
        game.apply(codec.parse(text))
    assert len(own) == first["rounds"] and first["worst_turn"] in own
    assert first["worst_actions"][0].startswith("*")
    # the costliest round is the one that lowered the chance most
    drops = [a - b for a, b in zip(first["chances"][:-1], first["chances"][1:], strict=True)]
    assert first["worst_drop"] == max(drops) > 0
    assert float(figures["lost_turns_mean"]) == pytest.approx(
        sum(L.story(r, 0, L.CHANCE["heroes"])["turns"] for r in lost) / len(lost), abs=0.05)


def test_a_log_is_read_without_changing_it_and_a_broken_one_is_named(tmp_path, capsys):
    path, records = kept_games(tmp_path, [0])
    torn = path.read_bytes() + b'{"key": {"hero"'  # a running bench halfway through its next line
    path.write_bytes(torn)
    key, games = L.read_log(path)
    assert key == KEY and [g["index"] for g in games] == [0]
    assert path.read_bytes() == torn  # left as it is: the bench writing it finishes the line
    other = tmp_path / "other.jsonl"
    other.write_text(path.read_text().splitlines()[0] + "\n" + path.read_text().splitlines()[0].replace(
        '"seed":0', '"seed":5') + "\n")
    with pytest.raises(ValueError, match=r"other.jsonl, line 2: a game of another measurement"):
        L.read_log(other)
    (tmp_path / "bad.jsonl").write_text("not json\n")
    with pytest.raises(ValueError, match=r"bad.jsonl, line 1: not a kept game"):
        L.read_log(tmp_path / "bad.jsonl")
    (tmp_path / "deep.jsonl").write_text("[" * 100_000 + "]" * 100_000 + "\n")
    with pytest.raises(ValueError, match=r"deep.jsonl, line 1: not a kept game"):
        L.read_log(tmp_path / "deep.jsonl")
    (tmp_path / "bin.jsonl").write_bytes(b"\xff\xfe\x00\n")
    with pytest.raises(ValueError, match=r"bin.jsonl, line 1: not UTF-8 text"):
        L.read_log(tmp_path / "bin.jsonl")
    with pytest.raises(ValueError, match="expected one \\*.jsonl log in the folder, found 5"):
        L.read_log(tmp_path)
    with pytest.raises(SystemExit, match="lost_games: .*empty.jsonl: no games kept"):
        (tmp_path / "empty.jsonl").write_text("")
        L.main([str(tmp_path / "empty.jsonl")])
    # a game kept before records held their actions is counted, not replayed
    old = tmp_path / "old"
    old.mkdir()
    GameLog(old / "heroes-easy_vs_easy.jsonl", KEY).add(
        {k: v for k, v in records[0].items() if k != "actions"} | {"score": 0.0})
    L.main([str(old)])
    assert "lost=0\nskipped=1\n" in capsys.readouterr().out
    # a game whose actions these rules cannot replay is named, with the action, not a trace
    broken = tmp_path / "broken"
    broken.mkdir()
    GameLog(broken / "heroes-easy_vs_easy.jsonl", KEY).add(
        dict(records[0], score=0.0, actions=[*records[0]["actions"][:3], "fly away"]))
    with pytest.raises(SystemExit, match=r"broken: game 0, action 4 \('fly away'\): cannot be replayed"):
        L.main([str(broken)])
