"""The rule systems the built-in classic pool brings beyond the battle's core: the steps before the battle (2007
3.4.1, 6.2.2, 6.2.4), the decision before a turn (6.3.1), effects on cells (1.10), «х» properties (1.6.1) and the
directions of the 2022 glossary — what a scenario file cannot say: the state kept mid-step, what each player may
know, refusals that change nothing, and how the computer decides them."""

from __future__ import annotations

import pathlib
import random

import pytest

from engine.classic import actions as A
from engine.classic import board, recruit
from engine.classic.ai.easy import EasyBot, easy_action
from engine.classic.ai.normal import NormalBot
from engine.classic.ai.observe import determinize, observe
from engine.classic.game import ClassicGame
from engine.classic.position import build_position
from engine.classic.setupposition import build_setup_position
from engine.content import load_scenario
from engine.content.classic import load_classic_pool
from engine.core.errors import IllegalAction
from engine.core.rng import Rng

KEYWORDS = pathlib.Path(__file__).resolve().parent / "scenarios" / "classic" / "keywords"
POOL = load_classic_pool()


def at_scenario(name: str, steps: int = 0) -> tuple[ClassicGame, dict[str, int]]:
    """The game of the scenario ``name`` after its first ``steps`` actions, and its labels."""
    scn = load_scenario(KEYWORDS / f"{name}.toml")
    pos = (build_setup_position if "start" in scn.position else build_position)(scn.cards, scn.position)
    for text in scn.actions[:steps]:
        pos.game.apply(A.CODEC.parse(pos.expand(text, "test")))
    return pos.game, pos.labels


def test_left_and_right_are_seen_from_the_cards_controller() -> None:
    # 2022 glossary «Напротив», «Сзади», «Слева/справа»: the first player sits at row 0 with column 0 at his left;
    # the second across the table, so his left is the first player's right and his «напротив» a row lower
    assert board.toward((2, 2), 0, "front") == (3, 2) and board.toward((2, 2), 0, "behind") == (1, 2)
    assert board.toward((2, 2), 0, "left") == (2, 1) and board.toward((2, 2), 0, "right") == (2, 3)
    assert board.toward((3, 2), 1, "front") == (2, 2) and board.toward((3, 2), 1, "behind") == (4, 2)
    assert board.toward((3, 2), 1, "left") == (3, 3) and board.toward((3, 2), 1, "right") == (3, 1)
    assert board.toward((0, 0), 0, "left") is None and board.toward((5, 4), 1, "behind") is None


def test_a_computed_strike_is_a_property_kept_when_the_card_loses_its_abilities() -> None:
    # 2007 1.6.1: «х: …» is a property, not an ability; 2022 «Теряет особенности» takes abilities only
    g, lab = at_scenario("computed")
    cutter = lab["cutter"]
    assert g.strike_of(cutter) == (3, 4, 4)
    g.set_mark(cutter, "lost", 1)
    assert g.abilities(cutter) == () and g.strike_of(cutter) == (3, 4, 4)
    g.creatures[cutter].wounds = 0
    assert g.strike_of(cutter) == (1, 2, 2)


def test_a_squad_holds_at_most_fifteen_cards() -> None:
    # 2007 3.8: a squad is laid out one card a cell on a half of fifteen; «Разведка» can make a deal larger
    militia = POOL.cards["nt_militia"]
    assert recruit.why_not(militia, [militia] * 14, "2022", 24, 22) is None
    assert recruit.why_not(militia, [militia] * 15, "2022", 24, 22)[0] == "full"


@pytest.mark.parametrize("name, steps", [("before_recruit", 1), ("after_placement", 1), ("vanguard", 1),
                                         ("stay_closed", 1), ("cell_mire", 1)])
def test_a_game_saved_mid_step_goes_on_exactly(name: str, steps: int) -> None:
    g, _ = at_scenario(name, steps)
    g.rng = Rng.from_json(g.rng.to_json())  # the scenario's scripted dice are not part of a saved game
    copy = ClassicGame.from_dict(g.to_dict())
    assert copy.to_dict() == g.to_dict()
    rng = random.Random(5)
    for _ in range(40):
        if g.is_over:
            break
        action = rng.choice(g.legal_actions())
        assert copy.legal_actions() == g.legal_actions()
        g.apply(action)
        copy.apply(action)
        assert copy.state_hash() == g.state_hash()


def test_a_card_shown_before_recruiting_is_known_to_the_opponent_and_no_other() -> None:
    # 2007 3.4.1: applying «до набора отряда» shows the card; the rest of the deal stays the owner's secret
    g, lab = at_scenario("before_recruit", 1)
    seen = {row[0]: row[2] for row in g.visible_to(1)["instances"]}
    assert seen[lab["path"]] == "st_pathfinder" and seen[lab["toll"]] is None and seen[lab["d1"]] is None
    obs = observe(g, 1)
    rebuilt = determinize(obs, random.Random(1), g.cards)
    assert rebuilt.card_at(lab["path"]).id == "st_pathfinder"


def test_refused_actions_before_the_battle_change_nothing() -> None:
    for name, steps, bad, code in (("before_recruit", 0, A.Use(card=99, ability=0), "before_recruit"),
                                   ("before_recruit", 0, A.Recruit(card=1, gold=0, silver=3), "wrong_decision"),
                                   ("vanguard", 1, A.Strike(attacker=2, target=3), "vanguard"),
                                   ("vanguard", 1, A.Use(card=1, ability=0), "wrong_decision"),
                                   ("stay_closed", 1, A.StayClosed(cards=(3,)), "stay_closed"),
                                   ("stay_closed", 1, A.StayClosed(cards=(2, 1)), "stay_closed"),
                                   ("after_placement", 1, A.Use(card=1, ability=0, target=3), "after_place")):
        g, _ = at_scenario(name, steps)
        before = g.state_hash()
        with pytest.raises(IllegalAction) as info:
            g.apply(bad)
        assert info.value.code == code, (name, bad, info.value.code)
        assert g.state_hash() == before


def test_easy_applies_what_it_has_before_recruiting_and_then_passes() -> None:
    g, lab = at_scenario("before_recruit")
    assert easy_action(g) == A.Use(card=lab["path"], ability=0)
    g.apply(A.Use(card=lab["path"], ability=0))
    assert easy_action(g) == A.Use(card=lab["tithe"], ability=0) or easy_action(g) == A.Use(card=lab["cscout"],
                                                                                               ability=0)


def test_easy_strikes_in_the_vanguard_when_it_pays_and_not_otherwise() -> None:
    g, lab = at_scenario("vanguard", 1)
    assert easy_action(g) == A.Strike(attacker=lab["pike"], target=lab["m1"]) or \
        easy_action(g) == A.Strike(attacker=lab["pike"], target=lab["skirm"])
    # a weak striker against a giant keeps its card: it passes
    weak = build_setup_position(POOL.cards, {
        "start": "place", "first": 0, "placing": 1,
        "p0": {"squad": [{"card": "st_skirmisher", "label": "s", "at": "2,2"}]},
        "p1": {"squad": [{"card": "mn_frost_giant", "label": "giant", "at": "3,2"}]}})
    weak.game.apply(A.Ready())
    assert weak.game.pending.kind == "vanguard" and easy_action(weak.game) == A.Pass()
    bot = NormalBot(seed=1, budget=None, max_iterations=3)
    from engine.ai.observe import observe as observe_any

    assert bot.choose(observe_any(weak.game, 0)) in weak.game.legal_actions()


def test_easy_keeps_a_wounded_troll_closed_out_of_reach_and_opens_it_near_enemies() -> None:
    g, lab = at_scenario("stay_closed", 1)
    assert g.pending.kind == "prepare"
    assert lab["troll"] in easy_action(g).cards  # wounded 3, the enemy two rows and more away: it rests
    near, _ = at_scenario("stay_closed", 0)
    foe = lab["foe"]
    near.creatures[foe].at = (2, 2)  # an enemy right in front of it
    near.apply(A.EndTurn())
    assert lab["troll"] not in easy_action(near).cards


def test_easy_plays_whole_games_of_the_ready_decks_through_every_step() -> None:
    # the ready decks hold the new cards: over a few deals every decision before the battle comes up
    decks = [d for _, d in sorted(POOL.decks.items())]
    kinds: set[str] = set()
    from engine.ai.observe import observe as observe_any

    for seed in (2, 6, 7):  # deals of the ready decks that bring each of those steps (found by playing)
        g = ClassicGame.start(POOL.cards, [decks[seed % 8], decks[(seed * 3 + 1) % 8]], seed=seed)
        bots = [EasyBot(seed), EasyBot(seed + 1)]
        for _ in range(1500):
            if g.is_over:
                break
            kinds.add(g.pending.kind)
            g.apply(bots[g.decider].choose(observe_any(g, g.decider)))
        assert g.is_over
    assert {"before_recruit", "after_place", "vanguard", "prepare"} <= kinds, kinds
