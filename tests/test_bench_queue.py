"""bench/ai_strength.py splits a match by who chose the Queue (going first is worth much in «Герои»), and
``--queue theirs|ours`` plays one half only: the games are picked by the die of each deal, before any bot
decides; a game is the same whichever half it was played in, so a kept half is taken up by a run of all."""

from __future__ import annotations

import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench import ai_strength as S  # noqa: E402


def fake_game(task):
    """A game's record without playing it: won exactly when the measured bot's seat is 0."""
    _, _, index, *_ = task
    return {"index": index, "score": float(index % 2 == 0), "wall": [], "cpu": [], "steps": 0, "reason": "hero",
            "mirror": False, "rounds": []}


@pytest.mark.parametrize("ruleset", ["heroes", "classic"])
def test_each_half_holds_the_games_whose_queue_that_side_chose(monkeypatch, ruleset):
    monkeypatch.setattr(S, "play_one", fake_game)
    theirs = {r["index"] for r in S.run("hard", "normal", 24, 0.0, 0, 1, 0, ruleset=ruleset, queue="theirs")}
    ours = {r["index"] for r in S.run("hard", "normal", 24, 0.0, 0, 1, 0, ruleset=ruleset, queue="ours")}
    assert theirs | ours == set(range(24)) and not theirs & ours
    for index in range(24):
        game = S.new_game(index // 2)
        assert game.pending.kind == "order"  # nobody has decided anything yet
        assert (game.decider == index % 2) == (index in ours)
    # both games of a deal start alike, so the same seat chooses: one game in each half
    assert {i // 2 for i in ours} == {i // 2 for i in theirs} == set(range(12))


def test_the_figures_say_each_half_and_a_kept_half_is_taken_up_by_a_run_of_all(monkeypatch, tmp_path, capsys):
    played: list[int] = []

    def counted(task):
        played.append(task[2])
        return fake_game(task)

    monkeypatch.setattr(S, "play_one", counted)
    res = S.run("hard", "normal", 8, 0.0, 0, 1, 0, log=tmp_path, queue="theirs")
    S.by_queue(res, "hard_vs_normal_theirs_queue", 0)
    out = capsys.readouterr().out.splitlines()
    assert out == [f"hard_vs_normal_theirs_queue_not_choosing={sum(r['score'] for r in res) / 4:.3f} (games 4)"]
    theirs = sorted(played)
    played.clear()
    every = S.run("hard", "normal", 8, 0.0, 0, 1, 0, log=tmp_path)
    assert sorted(r["index"] for r in every) == list(range(8))
    assert sorted(played + theirs) == list(range(8)) and not set(played) & set(theirs)  # only the rest is played
    # a kept game from before games said who chose is placed by its deal, also when the games ran in workers
    old = dict(res[0])
    assert S.chose(old, 0) is False and S.chose({"index": old["index"] ^ 1}, 0) is True
    monkeypatch.setattr(S, "_POOL", None)
    assert {r["index"] for r in S.run("hard", "normal", 8, 0.0, 0, 2, 0, log=tmp_path)} == set(range(8))
    S.by_queue(every, "hard_vs_normal", 0)
    assert capsys.readouterr().out.count("(games 4)") == 2


@pytest.mark.parametrize("ruleset", ["heroes", "classic"])
def test_a_game_cut_as_too_long_is_kept_with_its_moves_to_replay(monkeypatch, ruleset):
    """A game the bench had to cut is a case to look into (the rules' draws did not end it: docs/ai.md, «A classic
    game no rule ends»), so its record holds the actions that rebuild it as it stood."""
    S._setup(ruleset)
    played = []
    dealt = S.new_game
    monkeypatch.setattr(S, "new_game", lambda deal: played.append(dealt(deal)) or played[-1])
    monkeypatch.setattr(S, "MAX_STEPS", 20)
    record = S.play_one(("easy", None, 3, 0.0, 0, 0, {}))
    assert record["reason"] == "too_long" and record["score"] == 0.5
    assert len(record["actions"]) == record["steps"] == 20
    game = S.replay(record)
    assert not game.is_over and game.to_dict() == played[0].to_dict()


@pytest.mark.parametrize("ruleset", ["heroes", "classic"])
def test_a_finished_game_is_kept_with_its_moves_to_replay_at_any_step(ruleset):
    """A lost game is a case to look into too (where did the measured bot go wrong?): every kept game holds its
    actions, and replay rebuilds it as it ended or as it stood after any number of them."""
    S._setup(ruleset)
    record = S.play_one(("easy", "easy", 3, 0.0, 0, 0, {}))
    assert record["reason"] != "too_long" and len(record["actions"]) == record["steps"] > 10
    game = S.replay(record)
    assert game.is_over and float(game.outcome.winner == 1) == record["score"]  # index 3: the measured bot's seat 1
    early = S.replay(record, steps=10)
    assert not early.is_over and early.to_dict() == S.replay(dict(record, actions=record["actions"][:10])).to_dict()
    with pytest.raises(ValueError, match="game 3 was kept without its actions"):
        S.replay({k: v for k, v in record.items() if k != "actions"})


def test_the_rival_s_decision_times_are_printed_from_the_games_that_kept_them(capsys):
    # a rival starved by a busy machine would flatter the measured bot, so its times are kept and shown; games
    # logged before they were kept have none and are left out of those figures, not counted as zero
    old = {"index": 0, "score": 1.0, "wall": [0.5], "cpu": [0.5], "steps": 9, "reason": "hero", "mirror": False,
           "rounds": [10], "chose": True}
    new = dict(old, index=1, rival_wall=[0.2, 0.4], rival_cpu=[0.1, 0.3], rival_rounds=[6, 8])
    S.timings([old, new], "hard", True, ".1f")
    out = dict(line.split("=", 1) for line in capsys.readouterr().out.splitlines())
    assert out["rival_decision_ms_p95"] == "400 (games 1)"  # the bench's p95 of two times is the larger
    assert out["rival_decision_cpu_ms_mean"] == "200" and out["rival_rounds_per_decision"] == "7.0"
    S.timings([old], "hard", True, ".1f")
    assert "rival_" not in capsys.readouterr().out
