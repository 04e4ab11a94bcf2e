"""The shared tree search (engine/ai/ismcts.py) on a toy game small enough to know the right answer.

The searching player (0) may take a risky move or a safe one. After the risky move the opponent (1) has a
reply that ruins it, which the rollout policy (always the first legal action, as Easy plays its favourite)
never plays; after the safe one nothing the opponent does matters. A search that lets the policy play the
opponent takes the risky move; one that also searches the opponent's replies sees the punishment."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.ai.ismcts import TreeSearch
from engine.ai.search import Limits

RISKY, SAFE, PASS, PUNISH = "risky", "safe", "pass", "punish"
VALUES = {(RISKY, PASS): 0.9, (RISKY, PUNISH): 0.1, (SAFE, PASS): 0.6, (SAFE, PUNISH): 0.6}


@dataclass
class Toy:
    moves: list[str] = field(default_factory=list)

    @property
    def turn(self) -> int:
        return 1

    @property
    def is_over(self) -> bool:
        return len(self.moves) == 2

    @property
    def decider(self) -> int | None:
        return None if self.is_over else len(self.moves)

    def legal_actions(self) -> list[str]:
        return [] if self.is_over else ([RISKY, SAFE] if not self.moves else [PASS, PUNISH])

    def apply(self, action: str) -> list:
        assert action in self.legal_actions()
        self.moves.append(action)
        return []


class ToyRules:
    seeded_rollouts = False

    def determinize(self, obs, rng):
        return Toy(list(obs.moves))

    def snapshot(self, game):
        return list(game.moves)

    def restore(self, snapshot, like):
        return Toy(list(snapshot))

    def policy(self, game, rng, player):
        return game.legal_actions()[0]  # the opponent's favourite is to let it be

    def value(self, game, player):
        v = VALUES[tuple(game.moves)] if game.is_over else 0.5
        return v if player == 0 else 1.0 - v

    def candidates(self, game, player, width, rng):
        return game.legal_actions()[:width]


@dataclass
class Obs:
    player: int = 0
    moves: list[str] = field(default_factory=list)


def choice(opponent: int, replies: dict[str, str] | None = None) -> str:
    search = TreeSearch(ToyRules(), random.Random(1), max_iterations=20, horizon=5, max_steps=10, prior=False,
                        opponent=opponent)
    obs = Obs()
    limits = Limits(None, None, lambda: 0.0, lambda: 0.0)
    action, _ = search.run(obs, ToyRules().determinize(obs, None), [RISKY, SAFE], limits, replies)
    return action


def test_the_policy_playing_the_opponent_misses_the_punishing_reply():
    assert choice(opponent=0) == RISKY


def test_searching_the_opponents_replies_finds_the_punishment():
    assert choice(opponent=1) == SAFE


def test_a_foreseen_reply_is_played_before_the_policy_takes_over():
    # the caller foresees the punishment (as Hard foresees a defence by asking Normal): the risky move loses
    assert choice(opponent=0, replies={RISKY: PUNISH}) == SAFE
    # a foreseen reply that is not the opponent's to make, or not legal there, changes nothing
    assert choice(opponent=0, replies={RISKY: SAFE}) == RISKY
    assert choice(opponent=0, replies={SAFE: PUNISH}) == RISKY
