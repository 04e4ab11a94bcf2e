"""A megabyte-long value in a file still gives the player one short line: card, scenario and save errors."""

from __future__ import annotations

import pathlib

from engine.content import load_pool, load_scenario
from engine.core.errors import MAX_REASON, CardDataError, clip, shown
from engine.scenario import ScenarioError, play
from saves.errors import SaveCorrupt

HUGE = "ж" * 1_000_000

CARD = """
[[card]]
id = "my_long"
name = {{ru = "Длинный", en = "Long"}}
type = "creature"
cost = 2
strike = "{value}"
lives = 3
"""


def test_clip_and_shown_keep_short_things_whole_and_cut_long_ones():
    assert clip("short") == "short"
    assert len(clip(HUGE)) == MAX_REASON and clip(HUGE).endswith("…")
    assert shown("a lot") == "'a lot'"
    assert len(shown(HUGE)) < 100 and "..." in shown(HUGE)
    assert len(shown(list(range(100_000)))) < 100
    deep: list = []
    for _ in range(10_000):
        deep = [deep]
    assert shown(deep).startswith("[[[")  # no RecursionError from a value nested deep


def test_a_megabyte_card_value_is_skipped_with_a_short_line(tmp_path: pathlib.Path):
    value = "a" * 1_000_000  # a megabyte, still within the card file's 1 MiB
    (tmp_path / "long.toml").write_text(CARD.format(value=value), encoding="utf-8")
    pool = load_pool([tmp_path])
    assert "my_long" not in pool.cards
    [err] = pool.skipped
    for lang in ("ru", "en"):
        line = err.reason(lang, file="long.toml")
        assert len(line) <= MAX_REASON + 100 and "strike" in line and "long.toml" in line
    assert len(str(err)) < MAX_REASON + len(str(tmp_path)) + 100


def test_a_megabyte_card_id_or_field_name_is_cut():
    err = CardDataError("x", ru="x", card=HUGE, field=HUGE)
    assert len(err.reason("ru")) < 250 and len(err.reason("en")) < 250


def test_a_megabyte_action_in_a_scenario_gives_a_short_reason(tmp_path: pathlib.Path):
    path = tmp_path / "long.toml"
    path.write_text(f'pool = "test"\nactions = ["attack attacker={HUGE}"]\n'
                    '[p0]\nhero = "t_hero_steppe"\n[p1]\nhero = "t_hero_dark"\n', encoding="utf-8")
    try:
        play(load_scenario(path))
    except ScenarioError as exc:
        assert len(exc.reason("ru")) <= MAX_REASON and len(exc.reason("en")) <= MAX_REASON
    else:
        raise AssertionError("a megabyte-long card reference must be refused")


def test_save_errors_are_cut_to_a_line():
    err = SaveCorrupt(pathlib.Path("x.json"), HUGE, HUGE)
    assert len(err.message("ru")) < MAX_REASON + 30 and len(err.message("en")) < MAX_REASON + 30
    assert err.message("en").startswith("Save file 'x.json': жжж")
