"""Positions and scenarios as data (issue section 3): the builder, the runner, the CLI and tests/helpers."""

from __future__ import annotations

import json
import os
import pathlib
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.content import load_scenario, pool_for, scenario_from_data
from engine.core.errors import CardDataError
from engine.heroes.game import HeroesGame
from engine.heroes.position import RefError, build_position, export_position, zone_problems
from engine.scenario import (
    Refused,
    ScenarioError,
    play,
    state_json,
)
from tests.helpers import check_invariants, position, refused, run, scenario

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "scenarios"
PASSING = sorted([*SCENARIOS.glob("*.toml"), *SCENARIOS.glob("*.json")])
BROKEN = sorted((SCENARIOS / "errors").glob("*.toml"))
POOL = pool_for("test")


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "engine.scenario", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


# ====================================================================== example scenarios
def test_there_are_enough_examples():
    assert len(PASSING) >= 6
    assert BROKEN


@pytest.mark.parametrize("path", PASSING, ids=lambda p: p.name)
def test_example_scenario_passes(path):
    result = play(load_scenario(path))
    assert result.failures == []
    assert result.checked >= 3  # every example checks something that could fail
    check_invariants(result.game)


@pytest.mark.parametrize("path", BROKEN, ids=lambda p: p.name)
def test_broken_example_is_refused(path):
    with pytest.raises((ScenarioError, Refused)):
        play(load_scenario(path))


def test_first_turn_weakness_is_refused_with_its_reason():
    with pytest.raises(Refused) as info:
        play(load_scenario(SCENARIOS / "errors" / "first_turn_weakness.toml"))
    assert info.value.step == 1
    assert info.value.error.code == "weakness"  # CR 107.5


def test_armor_scenario_numbers():
    # CR 7 Броня X: 2 of the first strike prevented, the second strike's 2 wounds land.
    result = scenario("armor")
    assert result.position.card("shield").wounds == 2
    assert [e["amount"] for e in result.log[0]["events"] if e["t"] == "prevented"] == [2]


# ====================================================================== the command line
def test_cli_exit_0_prints_documented_json():
    proc = cli(str(SCENARIOS / "combat_defender.toml"))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    for key in ("schema", "turn", "active", "first", "phase", "decider", "pending", "prompt", "queue", "waiting",
                "combat", "players", "cards", "labels", "legal", "outcome", "expectations"):
        assert key in out, key
    assert out["expectations"]["failed"] == [] and out["expectations"]["checked"] > 0
    guard = next(c for c in out["cards"] if c["label"] == "guard")
    assert guard["zone"] == "grave" and guard["card"] == "t_soldier" and guard["name_ru"] == "Солдат"
    for key in ("id", "owner", "controller", "wounds", "lives_left", "strike", "tapped", "poison", "stunned",
                "hidden", "effects"):
        assert key in guard
    p1 = out["players"][1]
    assert p1["grave"] == [guard["id"]] and p1["deck_size"] == 2 and p1["open_coins"] == 4
    assert out["legal"]["count"] == len(out["legal"]["actions"]) and "end" in out["legal"]["actions"]
    assert proc.stdout == json.dumps(out, ensure_ascii=False, sort_keys=True, indent=2) + "\n"  # stable form


def test_cli_exit_1_names_the_failed_expectation(tmp_path):
    text = (SCENARIOS / "spell_target.toml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("open_coins.p0 = 1", "open_coins.p0 = 2"), encoding="utf-8")
    proc = cli(str(bad), "--lang", "en")
    assert proc.returncode == 1
    assert "open_coins.p0" in proc.stderr and "expected 2, got 1" in proc.stderr
    assert json.loads(proc.stdout)["expectations"]["failed"]


def test_cli_exit_2_on_refused_action_in_both_languages():
    path = str(SCENARIOS / "errors" / "first_turn_weakness.toml")
    ru = cli(path)
    assert ru.returncode == 2 and ru.stdout == ""
    assert "Слабость первого хода" in ru.stderr
    en = cli(path, "--lang", "en")
    assert en.returncode == 2 and "First-turn weakness" in en.stderr


def test_cli_exit_2_on_broken_file(tmp_path):
    proc = cli(str(SCENARIOS / "errors" / "dead_creature.toml"), "--lang", "en")
    assert proc.returncode == 2 and "p0.play[0].wounds" in proc.stderr
    bad = tmp_path / "bad.toml"
    bad.write_text("pool = \"test\"\n[p0]\nhero = \"t_hero_steppe\"\n[p1]\nhero = \"nobody\"\n", encoding="utf-8")
    proc = cli(str(bad), "--lang", "en")
    assert proc.returncode == 2 and "p1.hero" in proc.stderr and "nobody" in proc.stderr
    proc = cli(str(tmp_path / "missing.toml"))
    assert proc.returncode == 2


def test_cli_log_lists_every_action():
    proc = cli(str(SCENARIOS / "first_strike.toml"), "--log")
    assert proc.returncode == 0, proc.stderr
    log = json.loads(proc.stdout)["log"]
    assert [entry["step"] for entry in log] == [1, 2, 3, 4]
    assert log[0]["action"].startswith("attack attacker=")


# ====================================================================== scenario file rules
def scn(**extra):
    data = {"pool": "test", "p0": {"hero": "t_hero_steppe", "play": [{"card": "t_soldier", "name": "s"}]},
            "p1": {"hero": "t_hero_dark"}}
    data.update(extra)
    return scenario_from_data(data)


def test_actions_inside_a_player_table_get_a_hint():
    data = {"pool": "test", "p0": {"hero": "t_hero_steppe"}, "p1": {"hero": "t_hero_dark", "actions": ["end"]}}
    with pytest.raises(ScenarioError, match="above the first"):
        scenario_from_data(data)


@pytest.mark.parametrize("expect, fragment", [
    ({"wounds": {"s": "two"}}, "wounds.s"),
    ({"coins": {"p2": 1}}, "players are p0 and p1"),
    ({"zone": {"s": "moon"}}, "zone.s"),
    ({"after": 5}, "after"),
    ({"colour": 1}, "unknown check"),
    ({"decider": 2}, "decider"),
    ({"illegal": [{"act": "end"}]}, "illegal"),
])
def test_bad_expectations_are_broken_files(expect, fragment):
    with pytest.raises(ScenarioError, match="expect"):
        scn(expect=[expect])
    with pytest.raises(ScenarioError) as info:
        scn(expect=[expect])
    assert fragment in str(info.value)


def test_unknown_reference_in_an_action_is_a_broken_file():
    with pytest.raises(ScenarioError, match="nobody"):
        play(scn(actions=["attack attacker=$nobody target=$p1hero"]))
    with pytest.raises(ScenarioError, match="unknown part"):
        play(scn(actions=["attack attacker=$s victim=$p1hero"]))


def test_failed_checks_are_all_reported():
    result = play(scn(actions=["attack attacker=$s target=$p1hero"],
                      expect=[{"wounds": {"p1hero": 3}, "tapped": {"s": False}, "turn": 1,
                               "illegal": ["end"], "legal_contains": ["end"]}]))
    assert len(result.failures) == 3
    text = "\n".join(result.failures)
    assert "wounds.p1hero" in text and "tapped.s" in text and "illegal 'end'" in text


def test_illegal_expectation_checks_the_code():
    attack = "attack attacker=$s target=$p1hero"
    s = scn(expect=[{"illegal": [{"action": attack, "code": "tapped"}]}])
    s.position["p0"]["play"][0]["tapped"] = True
    assert play(s).failures == []
    s = scn(expect=[{"illegal": [{"action": attack, "code": "weakness"}]}])
    s.position["p0"]["play"][0]["tapped"] = True
    failures = play(s).failures
    assert len(failures) == 1 and "code" in failures[0] and "'tapped'" in failures[0]
    failures = play(scn(expect=[{"illegal": attack}])).failures  # an open soldier may attack
    assert len(failures) == 1 and "allowed" in failures[0]


def test_inline_cards_use_the_card_schema():
    card = {"id": "s_ox", "name": {"ru": "Вол", "en": "Ox"}, "type": "creature", "cost": 1, "strike": 1,
            "lives": 9}
    s = scn(card=[card], actions=[], expect=[{"lives_left": {"ox": 9}}])
    s.position["p1"]["play"] = [{"card": "s_ox", "name": "ox"}]
    assert play(s).failures == []
    with pytest.raises(ScenarioError, match="s_bad"):
        scn(card=[{"id": "s_bad", "name": {"ru": "x", "en": "x"}, "type": "creature", "cost": 1}])
    with pytest.raises(ScenarioError, match="already used"):
        scn(card=[dict(card, id="t_soldier")])


def test_events_expectation_resolves_refs():
    ok = play(scn(actions=["end"], expect=[{"events": [{"t": "turn", "player": 1}]}]))
    assert ok.failures == []
    bad = play(scn(actions=["end"], expect=[{"events": [{"t": "wound", "card": "$s"}]}]))
    assert bad.failures


def test_state_json_caps_legal_actions():
    pos = build_position(POOL, {"p0": {"hero": "t_hero_steppe", "coins": 10,
                                       "hand": ["t_drain"] * 3, "play": ["t_soldier"] * 3},
                                "p1": {"hero": "t_hero_dark", "play": ["t_soldier"] * 3}})
    out = state_json(pos, "en", legal_cap=5)
    assert out["legal"]["count"] > 5 and len(out["legal"]["actions"]) == 5 and out["legal"]["truncated"]


# ====================================================================== the position builder
FULL = {
    "seed": 7, "active": 1, "turn": 8,
    "p0": {"name": "Аня", "hero": {"card": "t_hero_steppe", "wounds": 3, "tapped": True, "name": "anya"},
           "coins": 5, "tapped_coins": 2, "temp_coins": 1, "prayers": 2, "failed_draws": 1,
           "hand": ["t_bolt", {"card": "t_daze", "name": "daze"}],
           "deck": ["t_knight", "t_soldier", "t_scout"],
           "grave": ["t_viper", {"card": "t_phoenix", "name": "bird", "used": {"kw:incarnation": 1}}],
           "play": [
               {"card": "t_knight", "name": "knight", "wounds": 1, "tapped": True, "poison": 2,
                "effects": [{"keyword": "armor", "value": 2, "until": "turn"}, {"strike": 1, "until": "game"},
                            {"keyword": "protection", "from": "spells", "until": "next_turn", "by": 1}]},
               {"card": "t_golem", "name": "golem", "attached": [{"card": "module_attack", "name": "mod"}]},
               {"card": "t_lurker", "name": "lurker", "hidden": True},
               {"card": "t_blade"},
           ]},
    "p1": {"hero": "t_hero_dark", "coins": 4,
           "play": [{"card": "t_soldier", "name": "fresh", "fresh": True, "stunned": True},
                    {"card": "t_scout", "owner": 0, "name": "stolen", "attacked": True,
                     "effects": [{"silence": True}, {"raw": {"k": "strike", "amount": 2, "until": "turn", "by": 0}}]}],
           "deck": ["t_bolt"]},
}


def test_full_position_is_built_as_written():
    pos = build_position(POOL, FULL)
    g = pos.game
    assert (g.turn, g.active, g.first, g.seed, g.decider) == (8, 1, 0, 7, 1)
    p0, p1 = g.players
    assert p0.name == "Аня" and p1.name == "Игрок 2"
    assert (p0.coins, p0.tapped_coins, p0.temp_coins, p0.open_coins, p0.prayers, p0.failed_draws) == (5, 2, 1, 4, 2, 1)
    assert [g.cards[c].card for c in p0.deck] == ["t_knight", "t_soldier", "t_scout"]  # top first
    hero = g.cards[pos.id("anya")]
    assert hero.id == pos.id("p0hero") == 1 and hero.wounds == 3 and hero.tapped
    knight = pos.card("knight")
    assert (knight.wounds, knight.tapped, knight.poison) == (1, True, 2)
    assert g.kw_value(knight.id, "armor") == 2 and g.strike(knight.id) == 3 + 1 + 1  # + the blade's aura
    assert "spells" in g.protections(knight.id)
    mod = pos.card("mod")
    assert mod.zone == "attached" and mod.host == pos.id("golem") and pos.card("golem").attached == [mod.id]
    assert g.strike(pos.id("golem")) == 2 + 2 + 1
    assert pos.card("lurker").hidden
    assert pos.card("bird").zone == "grave" and pos.card("bird").used == {"kw:incarnation": 1}
    fresh = pos.card("fresh")
    assert fresh.stunned and fresh.tapped and fresh.arrived == g.turn  # stunned implies tapped
    stolen = pos.card("stolen")
    assert (stolen.owner, stolen.controller, stolen.used) == (0, 1, {"attack": 1})
    assert g.strike(stolen.id) == 1 + 2 and g.silenced(stolen.id) and not g.kw(stolen.id, "attack_exp")
    assert zone_problems(g) == []
    check_invariants(g)


def test_first_turn_weakness_and_attack_marker_shape_legal_actions():
    pos = build_position(POOL, FULL)
    legal = {str(a) for a in pos.game.legal_actions()}
    assert not any(t.startswith("attack") for t in legal)  # fresh, tapped and already attacked
    assert "end" in legal


def test_ids_are_assigned_in_documented_order():
    pos = build_position(POOL, FULL)
    g = pos.game
    order = [g.cards[i].card for i in sorted(g.cards)]
    assert order[:2] == ["t_hero_steppe", "t_hero_dark"]
    assert order[2:5] == ["t_knight", "t_golem", "module_attack"]  # p0 play, each card then its modules
    assert order[-3:] == ["t_soldier", "t_scout", "t_bolt"]  # p1 play, then p1 deck


def test_export_position_round_trips_a_built_position():
    pos = build_position(POOL, FULL)
    again = build_position(POOL, export_position(pos.game, pos.labels))
    assert again.game.to_dict() == pos.game.to_dict()
    assert again.labels == pos.labels


def test_defaults_for_turn_and_first():
    base = {"p0": {"hero": "t_hero_steppe"}, "p1": {"hero": "t_hero_dark"}}
    g = build_position(POOL, base).game
    assert (g.active, g.first, g.turn, g.phase, g.pending.to_dict()) == (0, 0, 1, "main", {"kind": "main", "player": 0})
    g = build_position(POOL, {**base, "active": 1}).game
    assert (g.first, g.turn) == (0, 2)
    g = build_position(POOL, {**base, "active": 1, "turn": 5}).game
    assert g.first == 1  # odd turns belong to the first player (CR 301.4)
    with pytest.raises(CardDataError, match="turn"):
        build_position(POOL, {**base, "active": 1, "turn": 5, "first": 0})


@pytest.mark.parametrize("patch, field", [
    ({"p0": {"hero": "t_soldier"}}, "p0.hero"),
    ({"p0": {"hero": "t_hero_steppe", "play": ["t_bolt"]}}, "p0.play[0].card"),
    ({"p0": {"hero": "t_hero_steppe", "hand": ["t_hero_dark"]}}, "p0.hand[0]"),
    ({"p0": {"hero": "t_hero_steppe", "play": [{"card": "t_soldier", "wound": 1}]}}, "p0.play[0].wound"),
    ({"p0": {"hero": "t_hero_steppe", "play": [{"card": "t_soldier", "wounds": 3}]}}, "p0.play[0].wounds"),
    ({"p0": {"hero": {"card": "t_hero_steppe", "wounds": 20}}}, "p0.hero.wounds"),
    ({"p0": {"hero": "t_hero_steppe", "coins": 2, "tapped_coins": 3}}, "p0.tapped_coins"),
    ({"p0": {"hero": "t_hero_steppe", "failed_draws": 3}}, "p0.failed_draws"),
    ({"p0": {"hero": "t_hero_steppe", "play": [{"card": "t_knight", "effects": [{"keyword": "armor"}]}]}},
     "p0.play[0].effects[0].value"),
    ({"p0": {"hero": "t_hero_steppe", "play": [{"card": "t_knight", "effects": [{"keyword": "wings"}]}]}},
     "p0.play[0].effects[0].keyword"),
    ({"p0": {"hero": "t_hero_steppe", "play": [{"card": "t_knight", "effects": [{"strike": 1, "until": "ever"}]}]}},
     "p0.play[0].effects[0].until"),
    ({"p0": {"hero": "t_hero_steppe", "play": [{"card": "t_knight", "attached": ["module_attack"]}]}},
     "p0.play[0].attached[0]"),
    ({"p0": {"hero": "t_hero_steppe", "play": [{"card": "t_blade", "hidden": True}]}}, "p0.play[0].hidden"),
    ({"p0": {"hero": "t_hero_steppe", "play": [{"card": "t_soldier", "name": "x"}, {"card": "t_soldier", "name": "x"}]}},
     "p0.play[1].name"),
    ({"p1": None}, "p1.hero"),
    ({"phase": "end"}, "phase"),
    ({"pending": {"kind": "defender", "attacker": "p0hero", "target": "p1hero"}}, "pending"),
])
def test_position_errors_name_the_field(patch, field):
    data = {"p0": {"hero": "t_hero_steppe"}, "p1": {"hero": "t_hero_dark"}}
    data.update(patch)
    if data["p1"] is None:
        del data["p1"]
    with pytest.raises(CardDataError) as info:
        build_position(POOL, data)
    assert info.value.field.startswith(field), (info.value.field, str(info.value))


def test_pending_defender_equals_declaring_the_attack():
    base = {"p0": {"hero": "t_hero_steppe", "play": [{"card": "t_soldier", "name": "a"}]},
            "p1": {"hero": "t_hero_dark", "play": [{"card": "t_wall", "name": "w"}]}}
    built = build_position(POOL, {**base, "pending": {"kind": "defender", "attacker": "$a", "target": "p1hero"}})
    played = build_position(POOL, base)
    run(played.game, f"attack attacker={played.id('a')} target={played.id('p1hero')}")
    assert built.game.to_dict() == played.game.to_dict()
    assert built.game.pending.kind == "defender" and built.game.decider == 1
    with pytest.raises(CardDataError, match="nobody can defend"):
        build_position(POOL, {**base, "p1": {"hero": "t_hero_dark"},
                              "pending": {"kind": "defender", "attacker": "a", "target": "p1hero"}})



def test_pending_mulligan_stands_where_a_dealt_game_stands():
    # CR 301.7: a position can start at the mulligan step; it is the same decision as in a game just dealt
    # (CR 301.6) and leads to the same first turn.
    deck = ["t_soldier", "t_knight", "t_scout", "t_archer", "t_raider", "t_monk", "t_wall", "t_ghost"]
    dealt = HeroesGame.new(POOL, [("t_hero_steppe", list(deck)), ("t_hero_dark", list(reversed(deck)))], seed=3,
                           check_decks=False)
    run(dealt, "order first=no")
    cards = dealt.cards

    def side(p: int) -> dict:
        pl = dealt.players[p]
        return {"hero": cards[pl.hero].card, "hand": [cards[c].card for c in pl.hand],
                "deck": [cards[c].card for c in pl.deck]}

    built = build_position(POOL, {"first": dealt.first, "pending": {"kind": "mulligan"}, "p0": side(0), "p1": side(1)})
    g = built.game
    assert (g.turn, g.active, g.first, g.phase, g.pending) == (0, 0, dealt.first, "setup", dealt.pending)
    assert [str(a).split()[0] for a in g.legal_actions()] == ["mulligan"] * 65  # 4 cards: 1 + 4 + 12 + 24 + 24
    for game in (dealt, g):
        first = game.players[game.first]
        run(game, f"mulligan cards={first.hand[1]},{first.hand[0]}", "mulligan")

    def after(game: HeroesGame) -> list:
        return [game.turn, game.active, game.pending, [p.coins for p in game.players],
                [[game.cards[c].card for c in p.hand + p.deck] for p in game.players]]

    assert after(g) == after(dealt)
    check_invariants(g)

# ====================================================================== references
def test_references_by_label_card_id_name_and_side():
    pos = build_position(POOL, {
        "p0": {"hero": "t_hero_steppe", "play": [{"card": "t_soldier", "name": "mine"}], "deck": ["t_soldier"]},
        "p1": {"hero": "t_hero_dark", "play": ["t_soldier", "t_knight"], "hand": ["t_knight"]}})
    g = pos.game
    assert pos.id("$mine") == pos.id("mine")
    assert pos.id("t_soldier", player=1) == g.players[1].play[0]
    assert pos.id("t_soldier@p1") == g.players[1].play[0]
    assert pos.id("t_knight") == g.players[1].play[0 + 1]  # in play beats in hand
    assert pos.id("t_knight", zone="hand") == g.players[1].hand[0]
    assert pos.id("Рыцарь") == pos.id("knight") == pos.id("t_knight")  # printed names, ru or en
    assert pos.expand("attack attacker=$mine target=$Рыцарь") == f"attack attacker={pos.id('mine')} target={pos.id('knight')}"
    assert pos.id("t_soldier", player=0) == pos.id("mine")  # play beats the deck copy
    with pytest.raises(RefError, match="ambiguous"):
        pos.id("t_soldier")
    with pytest.raises(RefError):
        pos.id("t_bolt")
    assert pos.expand("play card=$p0hero targets=$mine,$t_knight") == (
        f"play card=1 targets={pos.id('mine')},{pos.id('t_knight')}")


def test_references_follow_the_game_as_it_changes():
    pos = position(p0={"coins": 5, "hand": [{"card": "t_golem", "name": "golem"}]})
    pos.run("play card=$golem")
    # CR 518.6: the golem's «Найм» created a module; its id was given during play, the ref still finds it.
    assert pos.card("module_attack").zone == "play"


# ====================================================================== tests/helpers
def test_helpers_position_run_and_refused():
    pos = position(p0={"coins": 3, "play": [{"card": "t_knight", "name": "knight"}]}, p1={"play": ["t_soldier"]})
    assert pos.can("attack attacker=$knight target=$t_soldier")
    pos.run("attack attacker=$knight target=$t_soldier")
    assert pos.zone("t_soldier") == "grave" and pos.wounds("knight") == 0
    assert pos.refused("attack attacker=$knight target=$p1hero").code == "attacked"  # CR 107.2
    assert "end" in pos.legal()
    pos.check()
    g = pos.game
    exc = refused(g, f"attack attacker={pos.id('knight')} target=2")
    assert exc.ru and exc.en
    run(g, "end")
    assert g.active == 1


def test_helpers_inline_cards_and_default_heroes():
    ox = {"id": "s_ox", "name": {"ru": "Вол", "en": "Ox"}, "type": "creature", "cost": 1, "strike": 5, "lives": 9}
    pos = position(p1={"play": [{"card": "s_ox", "name": "ox"}]}, cards=[ox])
    assert pos.strike("ox") == 5 and pos.lives("ox") == 9
    assert pos.game.cards[pos.id("p1hero")].card == "t_hero_dark"
    assert "s_ox" not in POOL.cards  # inline cards never leak into other pools


# ====================================================================== property: any sane position works
CREATURES = sorted(c.id for c in POOL.cards.values() if c.type == "creature" and not c.keyword("module"))
OTHERS = sorted(c.id for c in POOL.cards.values() if c.type in ("spell", "support") or c.id in CREATURES)


@st.composite
def positions(draw):
    def side():
        play = []
        for cid in draw(st.lists(st.sampled_from(CREATURES), max_size=4)):
            lives = POOL.cards[cid].lives
            play.append({"card": cid, "wounds": draw(st.integers(0, max(0, lives - 1))),
                         "tapped": draw(st.booleans()), "poison": draw(st.integers(0, 2)),
                         "fresh": draw(st.booleans())})
        coins = draw(st.integers(0, 10))
        return {"coins": coins, "tapped_coins": draw(st.integers(0, coins)), "play": play,
                "hand": draw(st.lists(st.sampled_from(OTHERS), max_size=4)),
                "deck": draw(st.lists(st.sampled_from(OTHERS), max_size=6)),
                "grave": draw(st.lists(st.sampled_from(OTHERS), max_size=3))}
    data = {"p0": {"hero": "t_hero_steppe", **side()}, "p1": {"hero": "t_hero_dark", **side()},
            "active": draw(st.integers(0, 1)), "seed": draw(st.integers(0, 1000))}
    return data


@settings(max_examples=60, deadline=None)
@given(positions(), st.integers(0, 10**6))
def test_random_positions_build_and_play_cleanly(data, seed):
    pos = build_position(POOL, data)
    g = pos.game
    check_invariants(g)
    n_cards = len(g.cards)
    rng = random.Random(seed)
    for _ in range(25):
        if g.is_over:
            break
        legal = g.legal_actions()
        assert legal, "the decider must have a legal action"
        g.apply(rng.choice(legal))
        assert zone_problems(g) == []
        assert len(g.cards) >= n_cards
    data2 = g.to_dict()
    assert HeroesGame.from_dict(data2, pool=POOL).to_dict() == data2


def _canonical(g: HeroesGame) -> dict:
    """A view of a state that does not depend on instance ids."""
    def card(cid):
        c = g.cards[cid]
        if c.zone == "grave":
            return (c.card, c.owner, c.zone, sorted(c.used.items()), [sorted(e.items()) for e in c.effects])
        if c.zone not in ("play", "attached"):
            return (c.card, c.owner, c.zone)  # markers never survive into hand or deck (CR 203.4, 204.4)
        return (c.card, c.owner, c.controller, c.zone, c.tapped, c.wounds, c.life_mod, c.poison, c.stunned,
                c.hidden, c.arrived == g.turn, c.wounded_turn == g.turn, c.armor_used, sorted(c.used.items()),
                [sorted(e.items()) for e in c.effects], [card(a) for a in c.attached])
    players = []
    for pl in g.players:
        players.append((pl.name, pl.coins, pl.temp_coins, pl.tapped_coins, pl.prayers, pl.failed_draws,
                        card(pl.hero), [card(c) for c in pl.play], [card(c) for c in pl.hand],
                        [card(c) for c in pl.deck], [card(c) for c in pl.grave]))
    return {"turn": g.turn, "active": g.active, "first": g.first, "rng": g.rng.state, "players": players}


@pytest.mark.parametrize("seed", range(12))
def test_export_position_of_a_played_game(seed):
    rng = random.Random(seed)
    cards = sorted(c.id for c in POOL.cards.values() if c.type != "hero" and not c.created)
    decks = [("t_hero_steppe", [rng.choice(cards) for _ in range(20)]),
             ("t_hero_dark", [rng.choice(cards) for _ in range(20)])]
    g = HeroesGame.new(POOL, decks, seed=seed, check_decks=False)
    exported = 0
    for _ in range(300):
        if g.is_over:
            break
        if g.pending and g.pending.kind == "main" and not (g.queue or g.waiting or g.combat) and g.turn > 2:
            again = build_position(POOL, export_position(g)).game
            assert _canonical(again) == _canonical(g)
            assert len(again.legal_actions()) == len(g.legal_actions())
            exported += 1
        g.apply(rng.choice(g.legal_actions()))
    assert exported
