"""The computer opponents: they see only what their player may know, answer every kind of decision
legally, and make the obvious plays (spend coins, attack well, block a lethal strike)."""

from __future__ import annotations

import pathlib
import random
from collections import Counter

import pytest

from engine.ai import make_bot, observe
from engine.ai.easy import easy_action
from engine.ai.normal import NormalBot
from engine.ai.observe import HIDDEN, determinize, redeal
from engine.core.actions import parse_action
from engine.heroes import actions as A
from engine.heroes.game import HeroesGame
from engine.heroes.pool import load_pool
from tests.helpers import position

DATA = pathlib.Path(__file__).resolve().parent / "data"


@pytest.fixture(scope="module")
def pool():
    return load_pool([DATA], builtin=False)


def deck40(pool) -> list[str]:
    cards = sorted(c.id for c in pool.cards.values() if c.type != "hero" and not c.created)
    return (cards * 3)[:40]


def new_game(pool, seed: int) -> HeroesGame:
    deck = deck40(pool)
    return HeroesGame.new(pool, [("t_hero_steppe", deck), ("t_hero_dark", deck)], seed=seed, check_decks=False)


def advance(g: HeroesGame, until, rng: random.Random, limit: int = 400) -> None:
    for _ in range(limit):
        if until(g):
            return
        g.apply(easy_action(g, rng))
    raise AssertionError("the position was never reached")


def main_of(player: int, turn: int):
    return lambda g: (g.pending or {}).get("kind") == "main" and g.decider == player and g.turn >= turn


# ---------------------------------------------------------------------- information
def test_observation_masks_what_the_player_cannot_see(pool):
    g = new_game(pool, 3)
    advance(g, main_of(0, 5), random.Random(3))
    obs = observe(g, 0)
    cards = {c["id"]: c for c in obs.state["cards"]}
    for cid in g.players[1].hand + g.players[1].deck + g.players[0].deck:
        assert cards[cid]["card"] == HIDDEN
    for cid in g.players[0].hand + g.players[0].play + g.players[1].play + g.players[1].grave:
        assert cards[cid]["card"] == g.cards[cid].card
    assert obs.state["rng"] == "0" * 16  # the dice of the future are nobody's knowledge
    # What stays knowable is the contents of each owner's hidden cards, not which instance is which.
    hidden1 = sorted(g.cards[c].card for c in g.players[1].hand + g.players[1].deck)
    assert list(obs.unknown[1]) == hidden1
    assert obs.legal == tuple(g.legal_actions())


def test_changing_hidden_cards_changes_nothing_the_bot_sees(pool):
    g = new_game(pool, 5)
    advance(g, main_of(0, 5), random.Random(5))
    other = redeal(g, 0, random.Random(99))
    # The two games really differ: the opponent's hand and the deck orders are not the same.
    assert [other.cards[c].card for c in other.players[1].hand] != [g.cards[c].card for c in g.players[1].hand] \
        or other.players[0].deck != g.players[0].deck
    assert other.to_dict() != g.to_dict()
    obs_a, obs_b = observe(g, 0), observe(other, 0)
    assert obs_a == obs_b
    assert determinize(obs_a, random.Random(1)).to_dict() == determinize(obs_b, random.Random(1)).to_dict()
    for level, options in (("easy", {}), ("normal", {"budget": None, "max_iterations": 2})):
        a = make_bot(level, seed=11, **options).choose(obs_a)
        b = make_bot(level, seed=11, **options).choose(obs_b)
        assert a == b, level


def test_determinize_keeps_everything_known_and_deals_the_rest(pool):
    g = new_game(pool, 8)
    advance(g, main_of(1, 4), random.Random(8))
    obs = observe(g, 1)
    d = determinize(obs, random.Random(4))
    assert [d.cards[c].card for c in d.players[1].hand] == [g.cards[c].card for c in g.players[1].hand]
    for p in (0, 1):
        assert d.players[p].play == g.players[p].play
        assert d.players[p].grave == g.players[p].grave
        assert sorted(d.players[p].deck) == sorted(g.players[p].deck)
        hidden = d.players[p].deck + (d.players[0].hand if p == 0 else [])
        assert Counter(d.cards[c].card for c in hidden) == Counter(obs.unknown[p])
    assert d.legal_actions() == g.legal_actions()


# ---------------------------------------------------------------------- every decision
def test_easy_plays_whole_games_and_meets_every_kind_of_decision(pool):
    kinds: Counter[str] = Counter()
    for seed in range(3):
        g = new_game(pool, seed)
        bots = [make_bot("easy", seed=seed), make_bot("easy", seed=seed + 50)]
        for _ in range(3000):
            if g.is_over:
                break
            kinds[g.pending["kind"]] += 1
            obs = observe(g, g.decider)
            action = bots[g.decider].choose(obs)
            assert action in obs.legal
            g.apply(action)
        assert g.is_over
    assert {"order", "mulligan", "main", "defender", "triggers"} <= set(kinds)


def test_normal_answers_each_decision_legally(pool):
    g = new_game(pool, 2)
    bot = make_bot("normal", seed=1, budget=None, max_iterations=2)
    rng = random.Random(2)
    seen = set()
    for _ in range(60):
        if g.is_over:
            break
        if g.decider == 0:
            obs = observe(g, 0)
            action = bot.choose(obs)
            assert action in obs.legal
            seen.add(g.pending["kind"])
        else:
            action = easy_action(g, rng)
        g.apply(action)
    assert {"mulligan", "main"} <= seen


def test_both_levels_answer_a_draw_offer(pool):
    g = new_game(pool, 4)
    advance(g, main_of(0, 3), random.Random(4))
    g.apply(A.OfferDraw(player=0))
    obs = observe(g, 1)
    assert obs.pending["kind"] == "draw_offer"
    for level in ("easy", "normal"):
        assert make_bot(level, seed=1).choose(obs) in (A.AcceptDraw(), A.DeclineDraw())


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster")


def test_an_option_a_level_does_not_take_is_refused_by_name():
    with pytest.raises(ValueError, match="budget"):
        make_bot("easy", budget=0.5)
    with pytest.raises(TypeError, match="colour"):
        make_bot("normal", colour="red")


# ---------------------------------------------------------------------- good sense
def easy_choice(pos, player: int) -> str:
    return str(make_bot("easy", seed=0).choose(observe(pos.g, player)))


def test_easy_spends_its_coins():
    pos = position(p0={"coins": 5, "hand": ["t_knight", "t_soldier", "t_scout"], "deck": ["t_soldier"] * 3},
                   p1={"deck": ["t_soldier"] * 3}, turn=5)
    bot = make_bot("easy", seed=0)
    for _ in range(10):
        if pos.g.decider != 0 or pos.g.pending["kind"] != "main":
            break
        action = bot.choose(observe(pos.g, 0))
        if isinstance(action, A.EndTurn):
            break
        pos.g.apply(action)
    # Knight (4) + Scout (1) is the best use of 5 coins.
    assert pos.g.players[0].open_coins == 0
    assert sorted(pos.g.cards[c].card for c in pos.g.players[0].play) == ["t_knight", "t_scout"]


def test_easy_attacks_when_the_fight_is_good_and_holds_back_when_not():
    pos = position(p0={"play": [{"card": "t_knight", "name": "knight"}], "deck": ["t_soldier"] * 3},
                   p1={"play": [{"card": "t_soldier", "name": "guard"}], "deck": ["t_soldier"] * 3}, turn=5)
    # CR 7 Первый удар: the knight kills the soldier before it can strike back, so a block costs them.
    assert easy_choice(pos, 0).startswith("attack attacker=" + str(pos.id("knight")))
    pos = position(p0={"play": [{"card": "t_scout", "name": "scout"}], "deck": ["t_soldier"] * 3},
                   p1={"play": [{"card": "t_knight", "name": "knight"}], "deck": ["t_soldier"] * 3}, turn=5)
    assert easy_choice(pos, 0) == "end"  # any attack would lose the scout to the knight's block


@pytest.mark.parametrize(("wounds", "blocks"), [(0, False), (17, True)])
def test_easy_blocks_when_it_should(wounds, blocks):
    pos = position(p0={"play": [{"card": "t_berserker", "name": "berserker"}], "deck": ["t_soldier"] * 3},
                   p1={"hero": {"card": "t_hero_dark", "wounds": wounds},
                       "play": [{"card": "t_soldier", "name": "guard"}], "deck": ["t_soldier"] * 3}, turn=5)
    pos.run("attack attacker=$berserker target=$p1hero")
    assert pos.g.pending["kind"] == "defender"
    choice = easy_choice(pos, 1)
    # CR 509: a 4-strike at a hero with 3 lives left is lethal, so the soldier steps in; at 20 it does not.
    assert choice == (pos.expand("defend card=$guard") if blocks else "no_defense")


def test_easy_aims_a_damage_ability_at_the_enemy():
    pos = position(p0={"coins": 2, "deck": ["t_soldier"] * 3},
                   p1={"play": [{"card": "t_scout", "name": "scout"}], "deck": ["t_soldier"] * 3}, turn=5)
    # t_hero_steppe: 2 coins, tap: 1 damage to an enemy creature — the 1-life scout dies.
    assert parse_action(easy_choice(pos, 0)) == A.Activate(card=pos.id("p0hero"), ability=0,
                                                             targets=(pos.id("scout"),))


# ---------------------------------------------------------------------- time
def test_normal_stops_at_its_time_budget(pool):
    g = new_game(pool, 6)
    advance(g, main_of(0, 5), random.Random(6))
    ticks = iter(range(10**6))
    bot = NormalBot(seed=1, budget=0.05, max_iterations=1000, clock=lambda: next(ticks) * 0.01)
    action = bot.choose(observe(g, 0))
    assert action in g.legal_actions()
    assert 1 <= bot.last_stats.get("iterations", 1) < 1000


def test_the_classic_ruleset_shares_observation_and_rebuild():
    from tests.classic_support import position as classic_position

    g = classic_position((0, "c_guard", (2, 2)), (1, "c_brute", (3, 2)))
    obs = observe(g, g.decider)
    assert obs.ruleset == "classic" and obs.legal == tuple(g.legal_actions())
    rebuilt = determinize(obs, random.Random(1))
    assert rebuilt.legal_actions() == g.legal_actions()
    with pytest.raises(NotImplementedError):
        make_bot("easy").choose(obs)
