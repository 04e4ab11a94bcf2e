"""bench/engine_speed.py with ``BERSERK_PLAIN_RULES=1`` measures this tree as plain Python from a copy without
its compiled files (which stay where they are), so the plain figure of the README is what its command prints
whether or not ``python3 run.py`` has compiled the rules."""

from __future__ import annotations

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench import engine_speed as S  # noqa: E402


def test_the_plain_copy_plays_both_games_without_compiled_files(tmp_path):
    before = sorted(p.name for p in (ROOT / "engine" / "classic").glob("*.so"))
    copy = S.copy_tree(tmp_path / "plain")
    assert not list(copy.rglob("*.so")) and not list(copy.rglob("*.pyd"))
    for script in (S.MEASURE, S.MEASURE_CLASSIC):
        got = S.measure(copy, 1, script)
        assert got["games"] == 1 and got["actions"] > 0
    assert S.measure(copy, 1, S.MEASURE)["compiled"] is False  # the «Герои» script says which rules ran
    assert sorted(p.name for p in (ROOT / "engine" / "classic").glob("*.so")) == before  # the build is left alone
