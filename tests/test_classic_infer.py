"""Hard's guess at the opponent's squad while classic squads are built and laid out (engine/classic/ai/infer.py):
it guesses only from what its player saw (the squad's size, the cells it fills), every guess fits that, the
games it deals are ones its player could be in, and its guesses are nearer the real squad than a uniform deal."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.ai import make_bot
from engine.ai.observe import observe
from engine.classic.ai import setupplay
from engine.classic.ai.easy import easy_action
from engine.classic.ai.infer import SquadGuess, evidence, guesses
from engine.classic.ai.observe import determinize, redeal
from engine.classic.game import ClassicGame
from engine.content import load_classic_cards, load_classic_decks

CARDS = load_classic_cards("builtin")
DECKS = load_classic_decks("builtin")


def _start(seed: int) -> ClassicGame:
    names = sorted(DECKS)
    a, b = names[seed % len(names)], names[(seed // len(names) + 1) % len(names)]
    return ClassicGame.start(CARDS, [DECKS[a], DECKS[b]], seed=seed)


def _until(g: ClassicGame, stop) -> ClassicGame:
    """Both sides set up by Normal's rules until ``stop(g)`` holds."""
    while not stop(g):
        g.apply(easy_action(g, setup=setupplay.NORMAL))
    return g


def _second_recruits(g: ClassicGame) -> bool:
    return g.pending.kind == "recruit" and g.pending.player != g.first


def _second_places(g: ClassicGame) -> bool:
    return g.pending.kind == "place" and g.pending.player != g.first


def _first_places(g: ClassicGame) -> bool:
    return g.pending.kind == "place" and g.pending.player == g.first


def test_nothing_is_guessed_before_the_opponent_has_built_his_squad_nor_once_the_battle_begins() -> None:
    g = _start(3)
    obs = observe(g, g.decider)
    assert evidence(obs) is None
    _until(g, lambda g: g.pending.kind == "recruit")
    assert evidence(observe(g, g.decider)) is None  # the first player recruits: the second has no squad yet
    _until(g, lambda g: g.setup is None)
    assert evidence(observe(g, g.decider)) is None
    # with nothing to guess from, the dealer is the uniform re-deal, draw for draw
    guess = SquadGuess(tries=5)
    assert guess.determinize(obs, random.Random(1)).to_dict() == determinize(obs, random.Random(1)).to_dict()
    assert guess.stats["guessed"] == 0


@pytest.mark.parametrize("at", [_second_recruits, _first_places, _second_places])
def test_every_guess_fits_what_the_opponent_was_seen_to_do_and_deals_a_game_its_player_could_be_in(at) -> None:
    g = _until(_start(5), at)
    p = g.decider
    obs = observe(g, p)
    seen = evidence(obs)
    assert seen is not None
    opp, squad, laid = seen
    assert opp == 1 - p and squad == tuple(g.setup.squads[opp])
    assert bool(laid) == (at is _second_places)  # the first player laid out before the second
    kept = guesses(obs, seen, random.Random(2), tries=60)
    assert kept, "no guess fits a squad built by the very rules the guess follows"
    his = Counter(obs.unknown[opp])
    for squad_cards in kept:
        assert len(squad_cards) == len(squad) and not Counter(squad_cards) - his
    guess = SquadGuess(tries=60)
    for seed in range(5):
        dealt = guess.determinize(obs, random.Random(seed))
        assert observe(dealt, p) == obs  # nothing its player sees differs in the dealt game
        assert tuple(dealt.instances[i][1] for i in squad) in guess.kept
    assert guess.stats == {"guessed": 60, "kept": len(guess.kept), "dealt": 5, "uniform": 0}


def test_the_guesses_are_nearer_the_real_squad_than_uniform_deals() -> None:
    """Over several deals the guessed squads share more cards with the real one (built by Normal's rules)
    than the cards a uniform deal puts in its place: the evidence is read, not just fitted."""
    guessed = uniform = 0.0
    for seed in range(6):
        g = _until(_start(seed), _second_recruits)
        obs = observe(g, g.decider)
        seen = evidence(obs)
        assert seen is not None
        real = Counter(g.instances[i][1] for i in seen[1])
        kept = guesses(obs, seen, random.Random(seed), tries=80)
        assert kept
        guessed += sum(sum((Counter(k) & real).values()) for k in kept) / len(kept)
        rng = random.Random(seed)
        deals = [determinize(obs, rng) for _ in range(40)]
        uniform += sum(sum((Counter(d.instances[i][1] for i in seen[1]) & real).values()) for d in deals) / 40
    assert guessed > uniform + 6, (guessed, uniform)  # about 1.6 cards a squad more in these deals


def test_a_fixed_card_must_be_one_its_owner_keeps_hidden() -> None:
    g = _until(_start(5), _second_recruits)
    obs = observe(g, g.decider)
    opp = 1 - g.decider
    squad = g.setup.squads[opp]
    foreign = next(c for c in CARDS if c not in obs.unknown[opp])
    with pytest.raises(ValueError, match=f"instance {squad[0]} cannot be '{foreign}'"):
        determinize(obs, random.Random(0), fixed={squad[0]: foreign})
    dealt = determinize(obs, random.Random(0), fixed={squad[0]: obs.unknown[opp][0]})
    assert dealt.instances[squad[0]][1] == obs.unknown[opp][0]


def test_hard_refuses_an_unknown_guess_and_deals_uniformly_when_told() -> None:
    with pytest.raises(ValueError, match="unknown guess 'oracle'"):
        make_bot("hard", 0, ruleset="classic", guess="oracle")
    g = _until(_start(5), _second_recruits)
    obs = observe(g, g.decider)
    uniform = make_bot("hard", 1, ruleset="classic", guess="uniform", budget=None, max_iterations=2)
    assert uniform.choose(obs) in obs.legal
    assert uniform.search.rules.guess is None
    guessing = make_bot("hard", 1, ruleset="classic", budget=None, max_iterations=2)
    assert guessing.choose(obs) in obs.legal
    assert guessing.search.rules.guess.stats["dealt"] >= 1


@pytest.mark.parametrize("at", [_second_recruits, _second_places])
def test_what_its_player_cannot_see_changes_no_guess(at) -> None:
    """The opponent's deck, squad and face-down cards swapped around (``redeal``): the same guesses, the same
    dealt games, and Hard's same choice, where guesses are kept (a squad built by Normal's rules)."""
    g = _until(_start(7), at)
    p = g.decider
    other = redeal(g, p, random.Random(3))
    assert [other.instances[i][1] for i in other.setup.squads[1 - p]] != [g.instances[i][1]
                                                                         for i in g.setup.squads[1 - p]]
    one, two = SquadGuess(tries=40), SquadGuess(tries=40)
    a, b = observe(g, p), observe(other, p)
    assert one.determinize(a, random.Random(4)).to_dict() == two.determinize(b, random.Random(4)).to_dict()
    assert one.kept and one.kept == two.kept
    bots = [make_bot("hard", 2, ruleset="classic", budget=None, max_iterations=2) for _ in range(2)]
    assert bots[0].choose(a) == bots[1].choose(b)
