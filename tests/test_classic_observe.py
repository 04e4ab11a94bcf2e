"""What a classic player may know (engine/classic/ai/observe.py): the opponent's face-down cards, deal and
squad and both decks are masked; changing them changes neither the observation nor the legal actions;
a determinized game is consistent with the observation (2022 «Вскрытие карт»)."""

from __future__ import annotations

import random

from classic_support import ALL_CARDS, DECKS
from test_classic_random import random_action

from engine.ai.observe import HIDDEN, determinize, observe
from engine.classic.ai.observe import redeal
from engine.classic.game import ClassicGame


def _games(n: int):
    for seed in range(n):
        rng = random.Random(seed)
        g = ClassicGame.start(ALL_CARDS, [DECKS["mixed"], DECKS["abilities"]], seed=seed)
        for _ in range(rng.randint(0, 300)):
            if g.is_over:
                break
            g.apply(random_action(g, rng))
        yield g, rng


def test_what_one_cannot_see_changes_nothing_one_sees() -> None:
    for g, rng in _games(25):
        for player in (0, 1):
            other = redeal(g, player, rng)
            a, b = observe(g, player), observe(other, player)
            assert a.state == b.state and a.legal == b.legal and a.unknown == b.unknown


def test_the_opponents_face_down_cards_and_decks_are_masked() -> None:
    for g, _ in _games(25):
        for player in (0, 1):
            obs = observe(g, player)
            cards = {c["id"]: c["card"] for c in obs.state["creatures"]}
            for iid in g.hidden:
                mine = g.creatures[iid].owner == player
                assert (cards[iid] == HIDDEN) != mine
            for d in g.decks:
                assert all(row[2] == HIDDEN for row in obs.state["instances"] if row[0] in d)
            assert obs.state["rng"] == "0" * 16


def test_a_determinized_game_agrees_with_the_observation() -> None:
    for g, rng in _games(15):
        if g.is_over:
            continue
        player = g.decider
        obs = observe(g, player)
        full = determinize(obs, rng)
        again = observe(full, player)
        assert again.state["creatures"] == obs.state["creatures"] and again.unknown == obs.unknown
        assert full.legal_actions() == g.legal_actions()
