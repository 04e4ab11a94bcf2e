"""Position and scenario file errors in Russian and English: every reason has our own ru text and names the field."""

from __future__ import annotations

import ast
import os
import pathlib
import re
import subprocess
import sys

import pytest

from engine.content import load_scenario, pool_for, scenario_from_data
from engine.core.errors import CardDataError
from engine.heroes.position import RefError, build_position, zone_problems
from engine.scenario import ScenarioError, play

ROOT = pathlib.Path(__file__).resolve().parent.parent
POOL = pool_for("test")
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
HERO0, HERO1 = {"hero": "t_hero_steppe"}, {"hero": "t_hero_dark"}


def p0(**extra):
    return {"p0": {**HERO0, **extra}, "p1": dict(HERO1)}


def in_play(**card):
    return p0(play=[card])


def effect(eff):
    return in_play(card="t_knight", effects=[eff])


# A broken position per reason: the data and the field the error must name.
BROKEN = [
    ({**p0(), "phase": "end"}, "phase"),                                             # unknown field
    ({**p0(), "seed": "seven"}, "seed"),                                             # not a whole number
    ({**p0(), "active": 2}, "active"),                                               # out of range
    (in_play(card="t_soldier", tapped="yes"), "p0.play[0].tapped"),                  # not true/false
    (p0(hand="t_bolt"), "p0.hand"),                                                  # not a list
    (effect("armor"), "p0.play[0].effects[0]"),                                      # effect not a table
    (effect({"strike": 1, "silence": True}), "p0.play[0].effects[0]"),               # two kinds
    (effect({"raw": {"k": "strike"}, "until": "turn"}), "p0.play[0].effects[0].raw"),
    (effect({"strike": 1, "until": "ever"}), "p0.play[0].effects[0].until"),
    (effect({"strike": 1, "value": 2}), "p0.play[0].effects[0]"),
    (effect({"silence": False}), "p0.play[0].effects[0]"),
    (effect({"set_strike": 0, "value": 1}), "p0.play[0].effects[0]"),
    (effect({"keyword": "wings"}), "p0.play[0].effects[0].keyword"),
    (effect({"keyword": "armor"}), "p0.play[0].effects[0].value"),                   # missing number
    (effect({"keyword": "haste", "value": 1}), "p0.play[0].effects[0].value"),
    (effect({"keyword": "protection"}), "p0.play[0].effects[0].from"),
    (effect({"keyword": "haste", "from": "spells"}), "p0.play[0].effects[0].from"),
    (in_play(card=7), "p0.play[0].card"),
    (in_play(card="t_nobody"), "p0.play[0].card"),
    (in_play(card="t_bolt"), "p0.play[0].card"),                                     # a spell in play
    (p0(hand=["t_hero_dark"]), "p0.hand[0]"),                                        # a hero in hand
    (in_play(card="t_soldier", name="my knight"), "p0.play[0].name"),                # a space in a label
    (p0(play=[{"card": "t_soldier", "name": "x"}, {"card": "t_scout", "name": "x"}]), "p0.play[1].name"),
    (in_play(card="t_soldier", used=3), "p0.play[0].used"),
    (in_play(card="t_blade", wounds=1), "p0.play[0].wounds"),                        # a support
    (in_play(card="t_blade", hidden=True), "p0.play[0].hidden"),
    (in_play(card="t_knight", attached=["module_attack"]), "p0.play[0].attached[0]"),  # not a mechanism
    (in_play(card="t_golem", attached=["t_soldier"]), "p0.play[0].attached[0]"),     # not a module
    (in_play(card="t_soldier", wounds=3), "p0.play[0].wounds"),                      # CR 503: dead
    ({"p0": dict(HERO0), "p1": {"hero": "t_hero_dark", "name": ""}}, "p1.name"),
    ({"p0": dict(HERO0)}, "p1.hero"),
    ({**p0(), "active": 1, "turn": 4, "first": 1}, "turn"),                          # CR 301.4
    ({**p0(), "pending": "defender"}, "pending"),
    ({**p0(), "pending": {"kind": "attack"}}, "pending.kind"),
    ({**p0(), "pending": {"kind": "defender", "attacker": "ghost", "target": "p1hero"}}, "pending"),
    ({**p0(), "pending": {"kind": "defender", "attacker": "p0hero", "target": "p1hero"}}, "pending"),
    # CR 301.7: the mulligan comes before the first turn, with the deal in hand and nothing else yet.
    ({**p0(), "pending": {"kind": "mulligan", "player": 1}}, "pending.player"),
    ({**p0(), "pending": {"kind": "mulligan"}, "turn": 1}, "turn"),
    ({**p0(), "pending": {"kind": "mulligan"}, "active": 1}, "active"),
    ({**p0(play=["t_soldier"]), "pending": {"kind": "mulligan"}}, "p0.play"),
    ({**p0(grave=["t_soldier"]), "pending": {"kind": "mulligan"}}, "p0.grave"),
    ({**p0(coins=1), "pending": {"kind": "mulligan"}}, "p0.coins"),
    ({**p0(hero={"card": "t_hero_steppe", "wounds": 1}), "pending": {"kind": "mulligan"}}, "p0.hero.wounds"),
    ({**p0(hand=["t_soldier"], deck=["t_soldier"]), "pending": {"kind": "mulligan"}}, "p0.hand"),  # CR 301.6
    ({**p0(hand=["t_soldier"] * 5), "pending": {"kind": "mulligan"}}, "p0.hand"),
]


def _built_error(data) -> CardDataError:
    with pytest.raises(CardDataError) as info:
        build_position(POOL, data)
    return info.value


@pytest.mark.parametrize("data, field", BROKEN, ids=[f for _, f in BROKEN])
def test_position_error_is_in_both_languages_and_names_the_field(data, field):
    exc = _built_error(data)
    assert exc.field.startswith(field), (exc.field, exc.en)
    assert exc.ru != exc.en
    assert CYRILLIC.search(exc.ru), exc.ru
    # The en text is English; a rule's Russian name may follow a CR number.
    assert not CYRILLIC.search(re.sub(r"\(CR [^)]*\)", "", exc.en)), exc.en
    assert f"поле {exc.field}: " in exc.reason("ru")
    assert f"field {exc.field}: " in exc.reason("en")
    assert str(exc) == exc.reason("en")


def test_every_position_reason_is_written_twice_in_the_source():
    # A new _fail(fld, en) with the English text standing in for Russian would slip past the table above.
    source = (ROOT / "engine" / "heroes" / "position.py").read_text(encoding="utf-8")
    calls = [n for n in ast.walk(ast.parse(source))
             if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "_fail"]
    assert len(calls) >= 35
    for call in calls:
        assert len(call.args) == 3, f"line {call.lineno}: _fail(field, en, ru)"
        assert ast.dump(call.args[1]) != ast.dump(call.args[2]), f"line {call.lineno}: ru is the en text"


def test_every_scenario_error_has_a_russian_text_in_the_source():
    files = [*(ROOT / "engine" / "scenario").glob("*.py"), *(ROOT / "engine" / "content").glob("*.py"),
             ROOT / "engine" / "heroes" / "scenario.py", ROOT / "engine" / "classic" / "scenario.py"]
    calls = [n for path in files for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "ScenarioError"]
    assert len(calls) >= 20
    for call in calls:
        ru = [k.value for k in call.keywords if k.arg == "ru"]
        assert ru, f"line {call.lineno}: ScenarioError without ru"
        assert ast.dump(ru[0]) != ast.dump(call.args[0]), f"line {call.lineno}: ru is the en text"


def test_turn_conflict_names_the_player_whose_turn_it_is():
    # CR 301.4: odd turns are the first player's. Player 1 went first, so turn 4 is player 0's.
    exc = _built_error({**p0(), "active": 1, "turn": 4, "first": 1})
    assert "turn 4 belongs to player 0" in exc.en
    assert "ход 4 — ход игрока 0" in exc.ru


def test_reference_errors_are_in_both_languages():
    pos = build_position(POOL, {"p0": {**HERO0, "play": ["t_soldier", "t_soldier"]}, "p1": dict(HERO1)})
    with pytest.raises(RefError) as info:
        pos.id("t_soldier")
    assert "ambiguous" in str(info.value) and "нескольким картам" in info.value.reason("ru")
    with pytest.raises(RefError) as info:
        pos.id("t_bolt", player=1, zone="hand")
    assert info.value.reason("en") == "no card 't_bolt' of player 1 in hand"
    assert "нет карты 't_bolt' у игрока 1 в руке" in info.value.reason("ru")
    with pytest.raises(RefError) as info:
        pos.id("t_soldier@p1", player=0)
    assert "contradicts" in info.value.en and CYRILLIC.search(info.value.ru)


def test_zone_problems_speak_both_languages():
    pos = build_position(POOL, {"p0": {**HERO0, "hand": ["t_bolt"]}, "p1": dict(HERO1)})
    g = pos.game
    g.players[1].hand.append(g.players[0].hand[0])  # one card listed twice, in the wrong player's hand
    en, ru = zone_problems(g), zone_problems(g, "ru")
    assert len(en) == len(ru) >= 2
    assert any("listed in p0.hand and in p1.hand" in line for line in en)
    assert any("записана и в p0.hand, и в p1.hand" in line for line in ru)


def test_scenario_errors_keep_both_languages():
    with pytest.raises(ScenarioError) as info:
        scenario_from_data({"pool": "test", "p0": HERO0, "p1": HERO1, "expect": [{"colour": 1}]})
    assert "unknown check" in str(info.value) and "неизвестная проверка" in info.value.reason("ru")
    # A position error keeps its field and both texts through the scenario runner.
    with pytest.raises(ScenarioError) as info:
        play(scenario_from_data({"pool": "test", **in_play(card="t_soldier", wounds=3)}))
    err = info.value
    assert err.field == "p0.play[0].wounds"
    assert err.reason("en").startswith("field p0.play[0].wounds: ") and "dead" in err.reason("en")
    assert err.reason("ru").startswith("поле p0.play[0].wounds: ") and "погибла" in err.reason("ru")


def test_inline_card_and_toml_errors_keep_their_russian_text(tmp_path):
    with pytest.raises(ScenarioError) as info:
        scenario_from_data({"pool": "test", "p0": HERO0, "p1": HERO1,
                        "card": [{"id": "s_bad", "name": {"ru": "x", "en": "x"}, "type": "creature", "cost": 1}]})
    assert "s_bad" in info.value.reason("ru") and info.value.reason("ru") != info.value.reason("en")
    bad = tmp_path / "bad.toml"
    bad.write_text("pool = \"test\"\n[p0\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario(bad)
    assert "TOML" in info.value.reason("ru") and CYRILLIC.search(info.value.reason("ru"))


# ====================================================================== the command line
def cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "engine.scenario", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


def test_cli_prints_the_broken_file_reason_in_russian_by_default_and_english_on_request(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("pool = \"test\"\n[p0]\nhero = \"t_hero_steppe\"\nplay = [\"t_bolt\"]\n"
                   "[p1]\nhero = \"t_hero_dark\"\n", encoding="utf-8")
    ru = cli(str(bad))
    assert ru.returncode == 2 and ru.stdout == ""
    assert "Сценарий не годится: поле p0.play[0].card: t_bolt — заклинание" in ru.stderr
    assert "field" not in ru.stderr and "spell" not in ru.stderr
    en = cli(str(bad), "--lang", "en")
    assert en.returncode == 2 and en.stdout == ""
    assert "Broken scenario: field p0.play[0].card: t_bolt is a spell" in en.stderr
    assert not CYRILLIC.search(en.stderr)
    assert cli(str(bad), "--lang", "ru").stderr == ru.stderr


def test_cli_scenario_schema_errors_follow_the_language(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("pool = \"test\"\n[p0]\nhero = \"t_hero_steppe\"\n[p1]\nhero = \"t_hero_dark\"\n"
                   "[[expect]]\nafter = 3\n", encoding="utf-8")
    ru, en = cli(str(bad)), cli(str(bad), "--lang", "en")
    assert ru.returncode == en.returncode == 2
    assert "expect[0].after: нужно \"end\" или число от 0 до 0" in ru.stderr
    assert "expect[0].after must be \"end\" or a number from 0 to 0" in en.stderr
