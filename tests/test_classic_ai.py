"""The classic bots (engine/classic/ai: Easy's rules of thumb, Normal's search over determinized games):
every decision answered with a legal action, whole games bot against bot in both editions, choices that
do not depend on what the player cannot see (2022 «Вскрытие карт»), and Easy clearly stronger than random
play. A few positions check single rules of thumb (the hit table, defenders, lowering)."""

from __future__ import annotations

import random

import pytest
from classic_support import ALL_CARDS, DECKS, classic_invariants, position
from test_classic_random import random_action

from engine.ai import bot_levels, make_bot
from engine.ai.observe import observe
from engine.classic import actions as A
from engine.classic import pending as P
from engine.classic.ai import setupplay
from engine.classic.ai.easy import easy_action
from engine.classic.ai.normal import MIN_ROUNDS, ROUNDS
from engine.classic.ai.observe import redeal
from engine.classic.ai.value import Judge, card_worth
from engine.classic.game import ClassicGame

KINDS = {"order", "recruit", "place", "hide", "seat", "main", "respond", "defender", "lower"}


def _start(seed: int, edition: str = "2022") -> ClassicGame:
    decks = [DECKS[k] for k in sorted(DECKS)]
    rng = random.Random(seed)
    return ClassicGame.start(ALL_CARDS, [rng.choice(decks), rng.choice(decks)], seed=seed, edition=edition)


def _positions(n: int, steps: int = 400):
    """Games of random play stopped at random moments (both editions)."""
    for seed in range(n):
        rng = random.Random(1000 + seed)
        g = _start(seed, "2007" if seed % 3 == 0 else "2022")
        for _ in range(rng.randint(0, steps)):
            if g.is_over:
                break
            g.apply(random_action(g, rng))
        yield g, rng


# each level small and deterministic (no clock): the same observation must give the same choice
SMALL = {"easy": {}, "normal": {"budget": None, "max_iterations": 1, "candidates": 3, "horizon": 1},
         "hard": {"budget": None, "max_iterations": 1, "root_width": 3, "width": 2, "horizon": 1}}


def _normal(seed: int = 0):
    # small and deterministic: the tests check legality and determinism, not strength
    return make_bot("normal", seed, ruleset="classic", budget=None, max_iterations=1, candidates=3, horizon=1)


def test_classic_registers_easy_normal_and_hard() -> None:
    assert bot_levels("classic") == ("easy", "normal", "hard")
    with pytest.raises(ValueError):
        make_bot("easy", ruleset="classic", budget=1)


def test_easy_answers_every_decision_kind_with_a_legal_action() -> None:
    """Easy decides along random games; every kind of decision of the setup and the battle comes up."""
    seen: set[str] = set()
    bot = make_bot("easy", 1, ruleset="classic")
    for g, rng in _positions(24, steps=0):
        for _ in range(400):
            if g.is_over:
                break
            obs = observe(g, g.decider)
            action = bot.choose(obs)
            assert action in g.legal_actions(), (g.pending, action)
            seen.add(g.pending.kind)
            # half the time the bot's move, half random play, so the games wander into every situation
            g.apply(action if rng.random() < 0.5 else random_action(g, rng))
    assert KINDS <= seen, KINDS - seen


def test_both_bots_answer_a_draw_offer() -> None:
    g = _start(3)
    while g.pending.kind != "main":
        g.apply(easy_action(g))
    g.apply(A.OfferDraw(player=g.active))
    assert g.pending.kind == "draw_offer"
    for bot in (make_bot("easy", 0, ruleset="classic"), _normal(), make_bot("hard", 0, ruleset="classic")):
        assert bot.choose(observe(g, g.decider)) in (A.AcceptDraw(), A.DeclineDraw())


def test_normal_answers_with_a_legal_action_over_random_positions() -> None:
    bot = _normal(5)
    for g, _ in _positions(30):
        if g.is_over:
            continue
        obs = observe(g, g.decider)
        assert bot.choose(obs) in obs.legal


def test_hard_searches_every_decision_of_setup_and_battle_with_a_legal_answer() -> None:
    """Hard looks ahead at the setup's decisions (recruiting, placement) as at the battle's, and answers each
    with a legal action; its tree of own decisions grows below the candidates."""
    bot = make_bot("hard", 5, ruleset="classic", **{**SMALL["hard"], "max_iterations": 2})
    searched: set[str] = set()
    grown = 0
    for g, _ in _positions(24, steps=250):
        if g.is_over:
            continue
        obs = observe(g, g.decider)
        assert bot.choose(obs) in obs.legal
        if bot.last_stats.get("iterations"):
            searched.add(g.pending.kind)
            grown += bot.last_stats.get("nodes", 0) > bot.last_stats["candidates"]  # recruiting: whole squads
    assert {"recruit", "place", "main"} <= searched, searched
    assert grown >= 3


def test_hard_with_setup_rules_sets_up_as_normal_does_and_searches_the_battle() -> None:
    """``setup="rules"``: every setup decision is Normal's (its setup rules, no look-ahead), the battle's are
    searched; an unknown setup is refused by name."""
    bot = make_bot("hard", 5, ruleset="classic", setup="rules", **{**SMALL["hard"], "max_iterations": 2})
    normal = _normal()
    setup_seen, battle_searched = set(), 0
    for g, _ in _positions(24, steps=250):
        if g.is_over:
            continue
        obs = observe(g, g.decider)
        choice = bot.choose(obs)
        assert choice in obs.legal
        if g.pending.kind in {"order", "recruit", "place", "hide", "seat"}:
            assert choice == normal.choose(obs) and not bot.last_stats.get("iterations"), g.pending.kind
            setup_seen.add(g.pending.kind)
        battle_searched += bool(bot.last_stats.get("iterations"))
    assert {"recruit", "place"} <= setup_seen and battle_searched >= 3
    with pytest.raises(ValueError, match="unknown setup 'guess'"):
        make_bot("hard", 0, ruleset="classic", setup="guess")


def test_hard_stops_at_its_cpu_budget_and_its_wall_cap() -> None:
    g = _start(21)
    while g.pending.kind != "main" or g.turn < 2:
        g.apply(easy_action(g))
    obs = observe(g, g.decider)
    cpu = iter(range(10**6))
    spent = make_bot("hard", 4, ruleset="classic", budget=30.0, clock=lambda: float(next(cpu)), wall_clock=lambda: 0.0)
    assert spent.choose(obs) in obs.legal
    assert 3 <= spent.last_stats["iterations"] <= 4  # the paired test's three rounds run past the budget
    walls = iter(range(10**6))
    capped = make_bot("hard", 4, ruleset="classic", budget=1.0, wall_limit=3.0, clock=lambda: 0.0,
                      wall_clock=lambda: float(next(walls)))
    assert capped.choose(obs) in obs.legal
    assert capped.last_stats["iterations"] <= 1


@pytest.mark.parametrize("edition", ["2022", "2007"])
def test_easy_against_easy_plays_whole_games(edition: str) -> None:
    for seed in range(6):
        g = _start(seed, edition)
        bots = [make_bot("easy", seed, ruleset="classic"), make_bot("easy", seed + 100, ruleset="classic")]
        steps = 0
        while not g.is_over and steps < 3000:
            g.apply(bots[g.decider].choose(observe(g, g.decider)))
            steps += 1
            if steps % 20 == 0:
                classic_invariants(g)
        assert g.is_over and g.outcome is not None, f"seed {seed}: no end after {steps} actions"


@pytest.mark.parametrize("edition", ["2022", "2007"])
def test_normal_against_easy_plays_a_whole_game(edition: str) -> None:
    g = _start(11, edition)
    bots = [_normal(1), make_bot("easy", 2, ruleset="classic")]
    steps = 0
    while not g.is_over and steps < 3000:
        obs = observe(g, g.decider)
        action = bots[g.decider].choose(obs)
        assert action in obs.legal
        g.apply(action)
        steps += 1
    assert g.is_over


def test_what_the_player_cannot_see_changes_neither_the_input_nor_the_choice() -> None:
    """The opponent's face-down cards, deal and squad and both decks re-dealt (``redeal``): the observation is
    the same, so are Easy's, Normal's and Hard's choices; and Easy's rules, run on the full game itself, never read
    what was re-dealt."""
    checked = 0
    for g, rng in _positions(50, steps=150):
        if g.is_over:
            continue
        p = g.decider
        other = redeal(g, p, rng)
        a, b = observe(g, p), observe(other, p)
        assert a == b
        for level, options in SMALL.items():
            one = make_bot(level, 9, ruleset="classic", **options)
            two = make_bot(level, 9, ruleset="classic", **options)
            assert one.choose(a) == two.choose(b), level
        assert easy_action(g) == easy_action(other)
        checked += 1
    assert checked >= 35


def test_easy_beats_random_play_clearly() -> None:
    wins = 0
    games = 8
    for i in range(games):
        seat = i % 2
        g = _start(200 + i // 2)
        rng = random.Random(i)
        bot = make_bot("easy", i, ruleset="classic")
        steps = 0
        while not g.is_over and steps < 5000:
            p = g.decider
            g.apply(bot.choose(observe(g, p)) if p == seat else random_action(g, rng))
            steps += 1
        wins += g.outcome is not None and g.outcome.winner == seat
    assert wins >= games - 1


# ---------------------------------------------------------------------- single rules of thumb
def test_easy_strikes_a_tapped_enemy_next_to_it() -> None:
    """2007 4.9: a tapped card does not fight back; one die always lands a blow."""
    g = position((0, "c_brute", (2, 2)), (1, "c_scout", (3, 2), {"tapped": True}), (1, "c_guard", (5, 0)))
    assert easy_action(g) == A.Strike(attacker=1, target=2)


def test_easy_does_not_throw_a_weak_creature_at_a_strong_open_one() -> None:
    g = position((0, "c_scout", (2, 2)), (0, "c_guard", (0, 0)), (1, "c_brute", (3, 2)))
    assert not isinstance(easy_action(g), A.Strike)


def test_the_expected_fight_favours_the_stronger_creature() -> None:
    g = position((0, "c_brute", (2, 2)), (1, "c_scout", (3, 2)))
    j = Judge(g, 0)
    assert j.fight(1, 2) > 0 > Judge(g, 1).fight(2, 1)


def test_easy_moves_a_fighter_toward_the_enemy_when_nothing_is_in_reach() -> None:
    g = position((0, "c_guard", (1, 2)), (1, "c_brute", (4, 2)))
    action = easy_action(g)
    assert isinstance(action, A.Move) and action.to[0] == 2


def test_easy_defends_a_weak_target_with_a_sturdy_defender() -> None:
    g = position((0, "c_brute", (2, 2)), (1, "c_scout", (3, 2)), (1, "c_guard", (3, 3)), active=0)
    g.apply(A.Strike(attacker=1, target=2))
    assert g.pending.kind == "defender"
    assert easy_action(g) == A.Defend(card=3)


def test_easy_lowers_the_row_when_the_row_above_suits_it() -> None:
    """2007 4.5: attacker 4 ahead may take A3 (medium, no answer) instead of A4 (strong, a weak answer): a
    scout that would die to the answer takes the row above."""
    g = position((0, "c_scout", (2, 2)), (1, "c_runner", (3, 2)))
    g.pending = P.LowerResult(player=0, attacker=1, reflector=2, defender=None, row="A4", rolls=(5, 1))
    assert easy_action(g, [A.Lower(), A.Keep()]) == A.Lower()


def test_normal_without_a_budget_is_deterministic_and_a_clock_bounds_it() -> None:
    g = _start(21)
    while g.pending.kind != "main" or g.turn < 2:
        g.apply(easy_action(g))
    obs = observe(g, g.decider)
    one = make_bot("normal", 4, ruleset="classic", budget=None, max_iterations=3, candidates=4)
    two = make_bot("normal", 4, ruleset="classic", budget=None, max_iterations=3, candidates=4)
    assert one.choose(obs) == two.choose(obs) and one.last_stats == two.last_stats
    assert one.last_stats["iterations"] == 3
    ticks = iter(range(10**6))
    fake = lambda: float(next(ticks))  # noqa: E731
    timed = make_bot("normal", 4, ruleset="classic", budget=5.0, clock=fake, wall_clock=fake)
    assert timed.choose(obs) in obs.legal
    assert timed.last_stats["iterations"] <= 2  # the fake clocks pass the budget within the first rounds
    # The budget is CPU time: a stalled CPU clock (a machine busy with other work) is stopped by the wall cap.
    walls = iter(range(10**6))
    capped = make_bot("normal", 4, ruleset="classic", budget=0.5, wall_limit=3.0, clock=lambda: 0.0,
                      wall_clock=lambda: float(next(walls)))
    assert capped.choose(obs) in obs.legal
    assert capped.last_stats["iterations"] <= 2
    # ... and a stalled wall clock leaves the CPU budget to end the search after MIN_ROUNDS rounds
    cpu = iter(range(10**6))
    spent = make_bot("normal", 4, ruleset="classic", budget=3.0, clock=lambda: float(next(cpu)), wall_clock=lambda: 0.0)
    assert spent.choose(obs) in obs.legal
    assert spent.last_stats["iterations"] == MIN_ROUNDS
    # with time to spare (clocks that never move) a default decision stops at its round cap
    still = make_bot("normal", 4, ruleset="classic", clock=lambda: 0.0, wall_clock=lambda: 0.0)
    assert still.choose(obs) in obs.legal
    assert still.last_stats["iterations"] == ROUNDS


def test_normal_keeps_a_light_fighter_out_of_reach_where_easy_walks_it_in() -> None:
    """Easy walks its runner (3 lives) toward the two enemy brutes, to a cell they reach next turn and strike
    first (2-3-5 against 3 lives, 2007 4.2–4.3); Normal's look-ahead sees the blows coming and keeps it out of
    reach. Every Normal seed must agree, and its figures must show why: waiting scores higher than the walk."""
    def board() -> ClassicGame:
        return position((0, "c_runner", (1, 2)), (0, "c_guard", (0, 0)), (1, "c_brute", (4, 2)),
                        (1, "c_brute", (4, 3)), (1, "c_guard", (5, 4)))

    walk = easy_action(board())
    assert isinstance(walk, A.Move) and walk.card == 1 and abs(walk.to[0] - 4) <= 2  # into the brute's reach
    for seed in range(3):
        bot = make_bot("normal", seed, ruleset="classic", budget=None, max_iterations=40)
        choice = bot.choose(observe(board(), 0))
        assert not (isinstance(choice, A.Move) and choice.card == 1 and abs(choice.to[0] - 4) <= 2), choice
        means = bot.last_stats["means"]
        assert max(means) > means[0]  # the look-ahead, not a tie, overrode Easy's first choice


# ---------------------------------------------------------------------- setting up: Easy's rules and Normal's
def _at(kind: str, seed: int = 0) -> ClassicGame:
    """A game of the test decks advanced by Easy on both sides to the first decision of ``kind``."""
    g = _start(seed)
    while g.pending.kind != kind:
        g.apply(easy_action(g))
    return g


def test_easy_goes_first_and_normal_second_when_the_die_lets_them_choose() -> None:
    """2022 «Определение очерёдности хода»: the roll's winner chooses. The second player gets two crystals
    more and may keep his 3rd row hidden, and the first spends his first turn walking up into the first
    blows; Normal takes that, Easy keeps its first rule of thumb."""
    g = _at("order")
    assert easy_action(g) == A.GoFirst()
    assert easy_action(g, setup=setupplay.NORMAL) == A.GoSecond()
    assert make_bot("easy", 0, ruleset="classic").choose(observe(g, g.decider)) == A.GoFirst()
    # the benchmark's Easy with Normal's setup (bench/ai_strength.py --only setup)
    with_style = make_bot("easy", 0, ruleset="classic", setup=setupplay.NORMAL)
    assert with_style.choose(observe(g, g.decider)) == A.GoSecond()
    assert _normal().choose(observe(g, g.decider)) == A.GoSecond()


def test_normal_recruits_its_strongest_card_first_where_easy_takes_the_best_per_crystal() -> None:
    """Normal's recruiting ranks the cards it may take by their worth, Easy's by worth per crystal (the
    element penalty counted in the price); both take elites first, as only gold buys them."""
    for seed in range(6):
        g = _at("recruit", seed)
        legal = g.legal_actions()
        taken = [a for a in legal if isinstance(a, A.Recruit)]
        if any(g.card_at(a.card).elite for a in taken):
            continue
        easy, normal = easy_action(g, legal), easy_action(g, legal, setup=setupplay.NORMAL)
        assert isinstance(easy, A.Recruit) and isinstance(normal, A.Recruit)
        top = max(card_worth(g.card_at(a.card)) for a in taken)
        assert card_worth(g.card_at(normal.card)) == top
        if card_worth(g.card_at(easy.card)) < top:
            return  # the two rules differ on this deal, as they should
    pytest.fail("no deal where worth and worth per crystal pick different cards")


def test_normal_puts_a_middling_fighter_in_front_where_easy_keeps_it_back() -> None:
    """front_score: Normal wants more of its melee cards in the first row; a card that fights, but only
    a little, is where the two styles part."""
    middling = [c for c in ALL_CARDS.values()
                if c.type == "creature" and setupplay.front_score(c) < 0 < setupplay.front_score(
                    c, setupplay.NORMAL.front_shift)]
    assert middling
    assert all(setupplay.front_score(c, setupplay.NORMAL.front_shift) >= setupplay.front_score(c)
               for c in ALL_CARDS.values())
