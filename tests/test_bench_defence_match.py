"""bench/defence_match.py: every defence with a choice of a Normal-against-Normal game is asked of each way, and
the figures it prints are shares of those defences."""

from __future__ import annotations

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
import ai_strength as S  # noqa: E402
import defence_match as D  # noqa: E402


def test_each_defence_is_matched_by_every_way_and_timed(monkeypatch, capsys):
    S._setup("heroes")
    monkeypatch.setattr(D, "MAX_STEPS", 60)  # the first few turns hold defences enough
    rows = D.one_game((300_000, 0.005, 0.01))
    assert len(rows) >= 3
    for row in rows:
        assert set(D.WAYS) <= set(row) and all(isinstance(row[w], bool) for w in D.WAYS)
        assert row["ahead_1_s"] > 0 and row["ahead_2_s"] > 0
    monkeypatch.setattr(sys, "argv", ["defence_match.py", "--games", "1", "--budget", "0.005", "--real", "0.01"])
    D.main()
    lines = dict(line.split("=") for line in capsys.readouterr().out.split())
    assert int(lines["defences"]) >= 3
    assert all(0.0 <= float(lines[f"match_{w}"]) <= 1.0 for w in D.WAYS)
    assert float(lines["ahead_2_ms_p95"]) > 0
