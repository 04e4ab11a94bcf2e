"""A save at a random point of 500 random games loads to the same state hash, and
the loaded game continues exactly like the original for the same further actions.

Points fall anywhere: the order choice, a mulligan, a pending defender, triggers waiting to be
declared, a choice in the middle of the Queue, a draw offer, a finished game.
"""

from __future__ import annotations

import os
import random

import pytest

from engine.core.actions import parse_action
from engine.core.errors import IllegalAction
from engine.heroes import actions as A
from saves import SaveIllegal, SaveManager, load
from tests.test_saves_common import new_game, play, random_step

GAMES = 500
CHUNK = 50
CONTINUE = 12


def round_trip(seed: int, manager: SaveManager) -> str:
    rng = random.Random(seed)
    record, game = new_game(seed, deck_size=rng.choice([8, 12, 20]))
    play(record, game, rng, rng.randint(0, 80), meta=0.01)
    if rng.random() < 0.5:  # half the time, go on to a decision in the middle of something
        for _ in range(30):
            if game.is_over or game.pending.kind != "main":
                break
            play(record, game, rng, 1)
    kind = game.pending.kind if game.pending is not None else "over"
    path = manager.save(record, f"g{seed}", game=game)
    loaded = load(path)
    twin = loaded.game
    assert twin.state_hash() == game.state_hash()
    assert twin.pending == game.pending and twin.queue == game.queue and twin.rng.state == game.rng.state
    assert twin.legal_actions() == game.legal_actions()
    assert loaded.record.log == record.log
    # the same further actions give the same events and the same positions
    for _ in range(CONTINUE):
        if game.is_over:
            break
        action = random_step(game, rng, meta=0.02)
        assert parse_action(str(action)) == action
        assert game.apply(action) == twin.apply(action)
        assert twin.state_hash() == game.state_hash()
        loaded.record.log.append(str(action))
    assert twin.is_over == game.is_over and twin.outcome == game.outcome
    return kind


@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_round_trip_at_random_points(chunk, tmp_path, monkeypatch):
    monkeypatch.setattr(os, "fsync", lambda fd: None)  # durability has its own tests; here only the bytes matter
    manager = SaveManager(tmp_path)
    kinds = [round_trip(seed, manager) for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK)]
    assert len(set(kinds)) >= 4, kinds  # the points really are varied


def test_a_reloaded_game_saves_and_reloads_again(tmp_path):
    manager = SaveManager(tmp_path)
    record, game = new_game(7)
    rng = random.Random(7)
    play(record, game, rng, 25)
    loaded = manager.load(manager.save(record, "one", game=game))
    play(loaded.record, loaded.game, rng, 25)
    again = manager.load(manager.save(loaded.record, "two", game=loaded.game))
    assert again.game.state_hash() == loaded.game.state_hash()
    assert again.record.log[:len(record.log)] == record.log
    assert again.record.started_at == record.started_at


def test_the_computer_level_survives_save_and_load(tmp_path):
    manager = SaveManager(tmp_path)
    record, game = new_game(8)
    assert [p.level for p in record.players] == ["", "easy"]
    play(record, game, random.Random(8), 10)
    loaded = manager.load(manager.save(record, "лёгкий", game=game))
    assert [(p.kind, p.level) for p in loaded.record.players] == [("human", ""), ("computer", "easy")]
    assert loaded.record.migrated_from is None
    # an autosave of the loaded game still knows the level
    again = manager.load(manager.autosave(loaded.record, game=loaded.game))
    assert again.record.players == record.players


def test_a_draw_offer_loop_cannot_grow_a_save(tmp_path):
    # CR 603.2: an offer and a refusal, again and again, once made the log (and the save) grow without end
    # until the game could not be saved. Each player offers at most once a turn: a further offer is
    # refused and not logged, the game saves and loads mid-turn with the offer remembered, and a file
    # whose log repeats the offer is refused on load.
    manager = SaveManager(tmp_path)
    record, game = new_game(9)
    play(record, game, random.Random(9), 30)
    p = game.decider
    record.play(game, A.OfferDraw(player=p))
    record.play(game, A.DeclineDraw())
    logged = len(record.log)
    for _ in range(3):
        with pytest.raises(IllegalAction) as err:
            record.play(game, A.OfferDraw(player=p))
        assert err.value.code == "offer_again"
    assert len(record.log) == logged
    loaded = manager.load(manager.save(record, "offers", game=game))
    assert loaded.game.state_hash() == game.state_hash()
    assert not loaded.game.can_offer_draw(p) and loaded.game.can_offer_draw(1 - p)
    record.log += ["offer_draw player=" + str(p), "decline_draw"]
    record.capture(game)  # a snapshot that matches its own hash, so only the replay can object
    with pytest.raises(SaveIllegal, match="already offered a draw this turn"):
        manager.load(manager.save(record, "looped"))
