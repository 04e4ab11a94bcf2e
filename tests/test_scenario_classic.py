"""Classic «Берсерк» scenario files (tests/scenarios/classic): each plays to every expectation held, the
command prints the classic state, and broken files exit 2 naming the field in ru and en."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

from engine.content import load_scenario
from engine.core.ruleset import find_ruleset
from engine.scenario import Refused, ScenarioError, parse_scenario, play, state_json

ROOT = pathlib.Path(__file__).resolve().parent.parent
CLASSIC = ROOT / "tests" / "scenarios" / "classic"
FILES = sorted(CLASSIC.glob("*.toml"))
BROKEN = sorted((CLASSIC / "errors").glob("*.toml"))
SETUP = sorted((CLASSIC / "setup").glob("*.toml"))

# what each broken file must say: the field (or the part of the file) and a fragment, in both languages
BROKEN_SAYS = {
    "bad_action_text": ("actions[0]", "unknown action 'fly'", "не удалось разобрать"),
    "bad_dice": ("dice", "from 1 to 6", "от 1 до 6"),
    "cell_off_board": ("creature[0].at", "row 0–5", "ряд 0–5"),
    "cell_taken": ("creature[1].at", "already taken by a", "уже занята"),
    "label_twice": ("creature[1].label", "used twice", "дважды"),
    "refused_action": ("Action 1", "[target]", "[target]"),
    "unknown_card": ("creature[0].card", "unknown card 'c_nothing'", "неизвестная карта"),
    "unknown_check": ("expect[0]", "unknown check 'health'", "неизвестная проверка"),
    "unknown_label": ("actions[0]", "no creature labelled 'nobody'", "нет существа с меткой"),
    "unknown_label_in_expect": ("expect[0].wounds.nobody", "no creature labelled 'nobody'", "нет существа"),
    "unknown_ruleset": ("ruleset", "got 'chess'", "указано 'chess'"),
    "wounds_reach_lives": ("creature[0].wounds", "0–1", "0–1"),
    "setup_first_at_roll": ("first", "the dice and the winner decide", "решают кубик и победитель"),
    "setup_unknown_deal_card": ("p0.deal[1].card", "unknown card 'c_nothing'", "неизвестная карта"),
}


def test_there_are_enough_classic_scenarios() -> None:
    assert len(FILES) >= 12
    for path in FILES:
        head = path.read_text(encoding="utf-8").splitlines()[0]
        assert head.startswith("# 20"), f"{path.name}: the first line cites the rule (2007 x.y / 2022 …)"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_classic_scenario_holds(path: pathlib.Path) -> None:
    scn = load_scenario(path)
    assert scn.ruleset == "classic"
    result = play(scn, lang="en")
    assert result.ok, "\n".join(result.failures)
    assert result.checked >= 2, "a scenario checks something"
    assert result.game.ruleset == "classic"


@pytest.mark.parametrize("path", SETUP, ids=lambda p: p.stem)
def test_each_setup_scenario_holds(path: pathlib.Path) -> None:
    # 2022 «Подготовка к игре» as data: a scenario that starts at the die roll, recruiting or placement
    result = play(load_scenario(path), lang="en")
    assert result.ok, "\n".join(result.failures)
    assert result.checked >= 5


def test_the_setup_scenarios_start_at_each_step_and_check_each_setup_rule() -> None:
    # Part of the setup's rules are checked by a refusal's code, the rest by the crystals and the cards dealt.
    starts, codes, checks = set(), set(), set()
    for path in SETUP:
        data = load_scenario(path)
        starts.add(data.position["start"])
        for e in data.expects:
            checks |= set(e.checks)
            codes |= {item.get("code", "") for item in e.checks.get("illegal", [])}
            codes |= {ev.get("t") for ev in e.checks.get("events", [])}
    assert starts == {"roll", "recruit", "place"}
    # the redeal's price (and when it is refused), elite cards only for gold, the flyers' 15, one terrain, unique
    # cards, a price the player cannot pay with the element penalty, the placement's tiers
    assert {"redeal", "no_gold", "elite", "flyers", "terrain", "unique", "price", "tier"} <= codes
    assert {"recruit", "squad_ready", "redeal"} <= codes  # the penalty and the 2007 bonus, the redeal's gold
    assert {"crystals", "deal", "squad", "first", "hidden"} <= checks


@pytest.mark.parametrize("path", FILES[:3], ids=lambda p: p.stem)
def test_a_changed_expectation_fails(path: pathlib.Path, tmp_path: pathlib.Path) -> None:
    # Each file's first expectation made wrong (a wrong turn number) is reported, so the checks are live.
    text = path.read_text(encoding="utf-8") + "\n[[expect]]\nturn = 99\n"
    bad = tmp_path / path.name
    bad.write_text(text, encoding="utf-8")
    result = play(load_scenario(bad), lang="en")
    assert not result.ok and any("turn" in f and "99" in f for f in result.failures)


def test_the_command_plays_a_classic_file_and_prints_its_state() -> None:
    path = CLASSIC / "defender.toml"
    out = subprocess.run([sys.executable, "-m", "engine.scenario", str(path), "--lang", "en", "--log"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["ruleset"] == "classic" and data["expectations"]["failed"] == []
    guard = next(c for c in data["creatures"] if c["label"] == "guard")
    assert guard["at"] == "3,3" and guard["wounds"] == 5 and guard["tapped"] is True
    assert [s["action"] for s in data["log"]] == ["strike attacker=1 target=2", "defend card=3"]
    assert any(e["t"] == "defender" for e in data["log"][1]["events"])


@pytest.mark.parametrize("path", BROKEN, ids=lambda p: p.stem)
def test_a_broken_classic_file_exits_2_naming_the_field(path: pathlib.Path) -> None:
    where, en, ru = BROKEN_SAYS[path.stem]
    for lang, fragment in (("en", en), ("ru", ru)):
        out = subprocess.run([sys.executable, "-m", "engine.scenario", str(path), "--lang", lang], cwd=ROOT,
                             capture_output=True, text=True, timeout=60)
        assert out.returncode == 2 and out.stdout == "", (lang, out.stderr)
        assert (where if lang == "en" else where.replace("Action", "Действие")) in out.stderr, (lang, out.stderr)
        assert fragment in out.stderr, (lang, out.stderr)
        assert "Traceback" not in out.stderr


def test_every_broken_file_is_described() -> None:
    assert {p.stem for p in BROKEN} == set(BROKEN_SAYS)


def test_a_refused_action_is_reported_with_its_code() -> None:
    with pytest.raises(Refused) as info:
        play(load_scenario(CLASSIC / "errors" / "refused_action.toml"))
    assert info.value.step == 1 and info.value.error.code == "target"


def test_the_runner_finds_the_game_by_its_ruleset() -> None:
    # No ruleset key: «Герои», as every file was before; classic through its own scenario module.
    assert find_ruleset("classic").scenarios is not None and find_ruleset("heroes").scenarios is not None
    with pytest.raises(ScenarioError) as info:
        parse_scenario({"ruleset": 3}, pools=lambda kind, ruleset="heroes": {})
    assert info.value.field == "ruleset" and "classic" in info.value.en and "heroes" in info.value.ru


def test_dice_given_in_the_position_come_first_then_the_seeded_ones() -> None:
    data = {"ruleset": "classic", "dice": [6, 1], "seed": 5, "actions": ["strike attacker=$a target=$b", "end",
                                                                         "strike attacker=$b target=$c"],
            "creature": [{"label": "a", "card": "c_guard", "at": "2,2"},
                         {"label": "b", "player": 1, "card": "c_guard", "at": "3,2"},
                         {"label": "c", "card": "c_guard", "at": "2,3"}]}
    from engine.content.scenarios import base_pool

    result = play(parse_scenario(data, pools=base_pool), lang="en")
    dice = [e["value"] for step in result.log for e in step["events"] if e["t"] == "die"]
    assert dice[:2] == [6, 1] and len(dice) == 4 and all(1 <= v <= 6 for v in dice)
    state = state_json(result.position, "en")
    assert state["turn"] == 2 and state["active"] == 1


def test_the_setup_example_in_the_docs_plays(tmp_path: pathlib.Path) -> None:
    text = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    section = text[text.index("### Starting in the setup"):]
    example = section[section.index("```toml") + len("```toml"):]
    path = tmp_path / "setup_example.toml"
    path.write_text(example[:example.index("```")], encoding="utf-8")
    result = play(load_scenario(path), lang="en")
    assert result.ok and result.checked >= 4, result.failures


def test_the_classic_example_in_the_docs_plays(tmp_path: pathlib.Path) -> None:
    text = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    section = text[text.index("## Classic"):]
    example = section[section.index("```toml") + len("```toml"):]
    example = example[:example.index("```")]
    path = tmp_path / "example.toml"
    path.write_text(example, encoding="utf-8")
    result = play(load_scenario(path), lang="en")
    assert result.ok and result.checked >= 8, result.failures
