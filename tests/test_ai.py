"""The computer opponents: they see only what their player may know, answer every kind of decision
legally, and make the obvious plays (spend coins, attack well, block a lethal strike)."""

from __future__ import annotations

import pathlib
import random
from collections import Counter

import pytest

from engine.ai import make_bot, observe
from engine.ai.observe import HIDDEN, determinize
from engine.content import load_pool
from engine.core.actions import parse_action
from engine.heroes import actions as A
from engine.heroes.ai import evaluate as V
from engine.heroes.ai.easy import easy_action, losing_deck_race, loss_weight
from engine.heroes.ai.hard import HORIZON, MULLIGAN_HORIZON
from engine.heroes.ai.normal import NormalBot
from engine.heroes.ai.observe import redeal
from engine.heroes.game import HeroesGame
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
    return lambda g: getattr(g.pending, "kind", None) == "main" and g.decider == player and g.turn >= turn


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
    for level, options in (("easy", {}), ("normal", {"budget": None, "max_iterations": 2}),
                           ("hard", {"budget": None, "max_iterations": 3})):
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
            kinds[g.pending.kind] += 1
            obs = observe(g, g.decider)
            action = bots[g.decider].choose(obs)
            assert action in obs.legal
            g.apply(action)
        assert g.is_over
    assert {"order", "mulligan", "main", "defender", "triggers"} <= set(kinds)


def seat_0_decisions(g: HeroesGame, bot, rng: random.Random, actions: int = 60):
    """The bot plays seat 0 against Easy for ``actions`` actions (or to the end): yields the kind of each of its
    decisions after checking its answer is legal, then applies the answer."""
    for _ in range(actions):
        if g.is_over:
            return
        if g.decider == 0:
            obs = observe(g, 0)
            action = bot.choose(obs)
            assert action in obs.legal
            yield g.pending.kind
        else:
            action = easy_action(g, rng)
        g.apply(action)


def test_normal_answers_each_decision_legally(pool):
    bot = make_bot("normal", seed=1, budget=None, max_iterations=2)
    seen = set(seat_0_decisions(new_game(pool, 2), bot, random.Random(2)))
    assert {"mulligan", "main"} <= seen


def test_hard_searches_every_decision_it_meets_and_answers_legally(pool):
    """Hard looks ahead at the Queue, the mulligan and the main phase alike (its tree grows below them)."""
    bot = make_bot("hard", seed=1, budget=None, max_iterations=3, root_width=4)
    searched = set()
    grown = 0
    for kind in seat_0_decisions(new_game(pool, 2), bot, random.Random(2)):
        if bot.last_stats.get("iterations"):
            searched.add(kind)
            grown += bot.last_stats["nodes"] > bot.last_stats["candidates"]
    assert {"mulligan", "main"} <= searched, searched
    assert grown >= 3


def test_hard_stops_at_its_time_budget(pool):
    g = new_game(pool, 6)
    advance(g, main_of(0, 5), random.Random(6))
    ticks = iter(range(10**6))
    bot = make_bot("hard", seed=1, budget=0.05, hard_limit=0.1, clock=lambda: next(ticks) * 0.01)
    assert bot.choose(observe(g, 0)) in g.legal_actions()
    assert 1 <= bot.last_stats["iterations"] <= 3


def test_hard_runs_its_min_rounds_past_the_budget_up_to_the_hard_limit(pool):
    """``min_rounds`` (a tuning option: how many rounds may run past the soft deadline) is honoured up to the
    hard limit, which still ends the search."""
    g = new_game(pool, 6)
    advance(g, main_of(0, 5), random.Random(6))
    ticks = iter(range(10**7))
    bot = make_bot("hard", seed=1, budget=0.0001, hard_limit=1000.0, min_rounds=6,
                   clock=lambda: next(ticks) * 0.00001)
    assert bot.choose(observe(g, 0)) in g.legal_actions()
    assert bot.last_stats["iterations"] == 6
    ticks = iter(range(10**7))
    capped = make_bot("hard", seed=1, budget=0.0001, hard_limit=0.0002, min_rounds=6,
                      clock=lambda: next(ticks) * 0.00001)
    assert capped.choose(observe(g, 0)) in g.legal_actions()
    assert capped.last_stats["iterations"] < 6
    queue = new_game(pool, 6)  # the Queue, judged by whole games, honours it too
    advance(queue, lambda g: getattr(g.pending, "kind", None) == "order", random.Random(6))
    ticks = iter(range(10**7))
    whole = make_bot("hard", seed=1, budget=0.0001, hard_limit=1000.0, min_rounds=6,
                     clock=lambda: next(ticks) * 0.00001)
    assert whole.choose(observe(queue, queue.decider)) in queue.legal_actions()
    assert whole.last_stats["iterations"] == 6


def test_hard_judges_the_queue_by_whole_games():
    """Going first wins about 70 % of Easy's games with the ready decks, which only a whole game shows: a
    two-turn look-ahead judged going second the better on this deal. Every look-ahead of the Queue runs to
    the game's end, so each candidate's mean is an average of results (wins 1, draws 1/2)."""
    ready = load_pool([DATA])
    decks = sorted(ready.decks.values(), key=lambda d: d.id)
    a, b = [(a, b) for a in decks for b in decks if a.id < b.id][2]  # bench/ai_strength.py's deal 2
    g = HeroesGame.new(ready, [(a.hero, a.card_list()), (b.hero, b.card_list())], seed=2, check_decks=False)
    advance(g, lambda g: getattr(g.pending, "kind", None) == "order", random.Random(2))
    bot = make_bot("hard", seed=2, budget=None, max_iterations=8)
    assert bot.choose(observe(g, g.decider)) == A.ChooseOrder(first=True)
    rounds = bot.last_stats["iterations"]
    assert rounds == 8
    assert all(abs(m * rounds * 2 - round(m * rounds * 2)) < 1e-9 for m in bot.last_stats["means"])


def scored_turns(bot) -> list[int]:
    """The turns at which ``bot``'s look-ahead games are scored from now on (each at its horizon, or its end)."""
    turns: list[int] = []
    value = bot.tree.value
    bot.tree.value = lambda game, p: turns.append(game.turn) or value(game, p)
    return turns


def test_hard_looks_further_ahead_at_the_mulligan(pool):
    """The mulligan's look-ahead games run ``mulligan_horizon`` turns (four would hold only one of the second
    player's own turns), every other decision's ``horizon``; by default further than the other decisions'."""
    g = new_game(pool, 3)
    advance(g, lambda g: getattr(g.pending, "kind", None) == "mulligan", random.Random(3))
    main = new_game(pool, 3)
    advance(main, main_of(0, 5), random.Random(3))
    assert MULLIGAN_HORIZON > HORIZON
    for options, ahead in (({"mulligan_horizon": 4}, 4), ({"mulligan_horizon": 10}, 10), ({}, MULLIGAN_HORIZON)):
        bot = make_bot("hard", seed=3, budget=None, max_iterations=3, **options)
        turns = scored_turns(bot)
        bot.choose(observe(g, g.decider))
        assert bot.last_stats["iterations"] == 3
        assert max(turns) == g.turn + ahead
        turns.clear()
        bot.choose(observe(main, 0))
        assert max(turns) == main.turn + HORIZON


def test_both_levels_answer_a_draw_offer(pool):
    g = new_game(pool, 4)
    advance(g, main_of(0, 3), random.Random(4))
    g.apply(A.OfferDraw(player=0))
    obs = observe(g, 1)
    assert obs.pending["kind"] == "draw_offer"
    for level in ("easy", "normal", "hard"):
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
        if pos.g.decider != 0 or pos.g.pending.kind != "main":
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
    assert pos.g.pending.kind == "defender"
    choice = easy_choice(pos, 1)
    # CR 509: a 4-strike at a hero with 3 lives left is lethal, so the soldier steps in; at 20 it does not.
    assert choice == (pos.expand("defend card=$guard") if blocks else "no_defense")


def test_easy_aims_a_damage_ability_at_the_enemy():
    pos = position(p0={"coins": 2, "deck": ["t_soldier"] * 3},
                   p1={"play": [{"card": "t_scout", "name": "scout"}], "deck": ["t_soldier"] * 3}, turn=5)
    # t_hero_steppe: 2 coins, tap: 1 damage to an enemy creature — the 1-life scout dies.
    assert parse_action(easy_choice(pos, 0)) == A.Activate(card=pos.id("p0hero"), ability=0,
                                                             targets=(pos.id("scout"),))


# ---------------------------------------------------------------------- poison (CR 7 Отравление)
# Spells of one coin each, so only what they do decides between them.
SPELLS = [
    {"id": "x_venom", "name": {"ru": "Яд", "en": "Venom"}, "type": "spell", "cost": 1,
     "effects": [{"effect": "poison", "amount": 1, "target": {"choose": "creature", "side": "enemy"}}]},
    {"id": "x_sting", "name": {"ru": "Жало", "en": "Sting"}, "type": "spell", "cost": 1,
     "effects": [{"effect": "damage", "amount": 1, "target": {"choose": "creature", "side": "enemy"}}]},
    {"id": "x_purge", "name": {"ru": "Очищение", "en": "Purge"}, "type": "spell", "cost": 1,
     "effects": [{"effect": "cleanse", "target": {"choose": "character", "side": "own"}}]},
    {"id": "x_newt", "name": {"ru": "Тритон", "en": "Newt"}, "type": "creature", "cost": 2, "strike": 1, "lives": 2},
    {"id": "x_guard", "name": {"ru": "Страж", "en": "Guard"}, "type": "creature", "cost": 3, "strike": 1, "lives": 4},
]
DECK = ["t_soldier"] * 10


def effect(name: str, amount: int = 1) -> tuple[dict, ...]:
    eff = {"effect": name, "target": {"choose": "character", "side": "any"}}
    if name != "cleanse":
        eff["amount"] = amount
    return (eff,)


def test_poison_is_worth_the_wounds_it_will_deal():
    pos = position(p0={"play": [{"card": "t_soldier", "name": "mine", "poison": 1}], "deck": DECK},
                   p1={"play": [{"card": "t_soldier", "name": "soldier"}, {"card": "t_scout", "name": "scout"},
                                {"card": "t_ghost", "name": "ghost"}, {"card": "t_soldier", "name": "sick", "poison": 2}],
                       "deck": DECK}, turn=5)
    g = V.View(pos.g)

    def value(name: str, ref: str, amount: int = 1) -> float:
        return V.effects_value(g, 0, effect(name, amount), (pos.id(ref),), None)

    # A 1-life card dies of its first tick: worth the same as killing it now.
    assert value("poison", "scout") == pytest.approx(value("damage", "scout"))
    # Poison 1 on a 3-life soldier wounds it at the start of each of its turns: far more than one
    # wound, less than killing it now (it still acts until the third tick).
    assert value("damage", "soldier") * 3 < value("poison", "soldier") < value("damage", "soldier", 3)
    assert value("poison", "soldier", 3) == pytest.approx(value("damage", "soldier", 3))  # lethal at once
    assert value("poison", "ghost") == 0.0  # Немёртвый: poison wounds are prevented
    # The new poison replaces the old one: poison 1 on a card with poison 2 helps its controller.
    assert value("poison", "sick") < 0 < value("add_poison", "sick")
    assert value("add_poison", "soldier") == 0.0  # Усилить отравление needs a poisoned card
    # The bot's own card: a stronger poison on it is a loss, cleansing it a gain worth more than a wound.
    assert value("poison", "mine") == 0.0  # it already has exactly this poison
    assert value("poison", "mine", 2) < 0
    assert value("cleanse", "mine") > value("damage", "soldier") > 0
    assert value("cleanse", "sick") < 0 == value("cleanse", "soldier")  # an enemy's poison is best left alone


def test_poison_on_a_hero_counts_every_turn_and_never_as_a_sure_win():
    pos = position(p0={"deck": DECK}, p1={"hero": {"card": "t_hero_dark", "wounds": 0}, "deck": DECK}, turn=5)
    g = V.View(pos.g)
    hero = pos.id("p1hero")
    one = V.effects_value(g, 0, effect("poison"), (hero,), None)
    assert one > 3 * V.effects_value(g, 0, effect("damage"), (hero,), None)
    assert V.effects_value(g, 1, effect("poison"), (hero,), None) == pytest.approx(-one)  # own hero: a loss
    pos = position(p0={"deck": DECK}, p1={"hero": {"card": "t_hero_dark", "wounds": 19}, "deck": DECK}, turn=5)
    g = V.View(pos.g)
    lethal = V.effects_value(g, 0, effect("poison"), (pos.id("p1hero"),), None)
    # One life left: the tick at the start of its turn kills, unless it is cleansed first.
    assert one < lethal < V.WIN


def test_easy_poisons_rather_than_deal_one_wound():
    pos = position(p0={"coins": 1, "hand": ["x_venom", "x_sting"], "deck": DECK},
                   p1={"play": [{"card": "t_soldier", "name": "soldier"}], "deck": DECK}, turn=5, cards=SPELLS)
    # Poison 1 kills the 3-life soldier over three of its turns; the sting's one wound is worth less than the card.
    assert easy_choice(pos, 0) == pos.expand("play card=$x_venom targets=$soldier")


def test_easy_cleanses_its_poisoned_creature():
    def purge_choice(poison: int) -> str:
        mine = {"card": "t_soldier", "name": "mine", "poison": poison, "tapped": True}
        pos = position(p0={"coins": 1, "hand": ["x_purge"], "play": [mine], "deck": DECK}, p1={"deck": DECK},
                       turn=5, cards=SPELLS)
        return pos.expand("play card=$x_purge targets=$mine"), easy_choice(pos, 0)

    cleanse, choice = purge_choice(1)
    assert choice == cleanse  # one poison would wound it every turn: worth more than the card
    cleanse, choice = purge_choice(0)
    assert choice == "end"  # nothing to cleanse: the card is kept


@pytest.mark.parametrize(("attacker", "attacks"), [("t_viper", True), ("x_newt", False)])
def test_easy_counts_a_poison_bite_in_a_fight(attacker, attacks):
    # Viper and Newt are both 1/2; the Viper's «при ударе» poisons what it strikes. A 1/4 guard
    # blocks either for a trade slightly in its favour, unless the poison keeps wounding it.
    pos = position(p0={"play": [{"card": attacker, "name": "biter"}], "deck": DECK},
                   p1={"play": [{"card": "x_guard", "name": "guard"}], "deck": DECK}, turn=5, cards=SPELLS)
    choice = easy_choice(pos, 0)
    assert choice.startswith(pos.expand("attack attacker=$biter")) == attacks, choice


# ---------------------------------------------------------------------- stalls
def stall(deck0: int, deck1: int, mine: int = 3, theirs: int = 3):
    return position(p0={"play": [{"card": "t_soldier", "name": f"a{i}"} for i in range(mine)], "deck": ["t_soldier"] * deck0},
                    p1={"play": [{"card": "t_soldier", "name": f"b{i}"} for i in range(theirs)],
                        "deck": ["t_soldier"] * deck1}, turn=21)


@pytest.mark.parametrize(("deck0", "deck1", "attacks"), [
    (10, 10, False),  # an even table: every attack meets an equal blocker
    (8, 10, False),   # behind in the deck race, but far from its end
    (2, 10, True),    # CR 304.2: the third failed draw loses, and it comes first for Easy: waiting loses
    (0, 1, True),
    (3, 3, False),    # equal decks: the opponent's turn comes first, so the opponent runs out first
])
def test_easy_attacks_into_a_stall_when_its_deck_runs_out_first(deck0, deck1, attacks):
    pos = stall(deck0, deck1)
    assert losing_deck_race(V.View(pos.g), 0) == attacks
    choice = easy_choice(pos, 0)
    if attacks:
        assert choice.startswith("attack attacker=") and choice.endswith(pos.expand("target=$p1hero")), choice
    else:
        assert choice == "end"


def test_easy_trades_when_clearly_ahead_on_board():
    pos = stall(10, 10, mine=3, theirs=2)
    assert loss_weight(V.View(pos.g), 0) == pytest.approx(2 / 3)
    # Three soldiers against two: a blocked soldier only trades wounds evenly, and even trades leave Easy
    # further ahead, so its own wounds count for two thirds.
    assert easy_choice(pos, 0).startswith("attack attacker=")
    pos = stall(10, 10, mine=4, theirs=3)
    assert loss_weight(V.View(pos.g), 0) == 1.0  # not clearly ahead: it waits
    assert easy_choice(pos, 0) == "end"


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


def test_bots_come_from_each_games_ruleset() -> None:
    # The bot interface imports no ruleset: «Герои» and classic each register Easy and Normal.
    from engine.ai import bot_levels

    assert bot_levels("heroes") == ("easy", "normal", "hard") == bot_levels("classic")
    assert make_bot("easy", 3, ruleset="heroes").level == "easy"
    assert make_bot("normal", 3, ruleset="classic").level == "normal"
    assert make_bot("hard", 3, ruleset="classic").level == make_bot("hard", 3).level == "hard"
    with pytest.raises(ValueError, match=r"unknown bot level 'expert' for 'classic' \(known: easy, normal, hard\)"):
        make_bot("expert", ruleset="classic")
    with pytest.raises(ValueError, match=r"unknown bot level 'expert' for 'heroes' \(known: easy, normal, hard\)"):
        make_bot("expert")
    with pytest.raises(ValueError, match="takes no options"):
        make_bot("easy", budget=1.0)


def test_a_game_without_hidden_cards_is_observed_whole_but_the_dice() -> None:
    # classic registers no observe: the observation is the state with the dice unknown, and a game
    # rebuilt from it is the same position.
    from engine.content.cards import load_classic_cards
    from engine.core.ruleset import find_ruleset

    g = find_ruleset("classic").new_game(load_classic_cards("test"), [["c_guard", "c_brute"], ["c_scout"]], seed=4)
    obs = observe(g, 0)
    assert obs.ruleset == "classic" and obs.deciding and set(obs.legal) == set(g.legal_actions())
    again = determinize(obs, random.Random(2))
    assert {c.id: c.at for c in again.creatures.values()} == {c.id: c.at for c in g.creatures.values()}
    assert again.rng.state != g.rng.state or g.rng.state == 0
