"""Watching a saved or finished game (Replay), and the GameRecord API the UI builds on."""

from __future__ import annotations

import json
import random

import pytest

from engine.heroes import actions as A
from saves import GameRecord, PlayerSetup, Replay, SaveIllegal, SaveManager, decode, encode
from saves.heroes import is_builtin
from tests.test_saves_common import POOL, new_game, play, played


@pytest.fixture(scope="module")
def finished():
    record, game = played(41, 5000, deck_size=6)
    assert game.is_over
    record.capture(game)
    hashes = []
    g = record.new_game()
    hashes.append(g.state_hash())
    for _, act in record.actions():
        g.apply(act)
        hashes.append(g.state_hash())
    return record, game, hashes


def test_replay_steps_forward_and_back_through_the_log(finished):
    record, game, hashes = finished
    replay = Replay(record, every=8)
    assert len(replay) == len(record.log) and replay.at_start and replay.index == 0
    assert replay.frame().entry is None and replay.step_back().index == 0
    for i in range(1, len(record.log) + 1):
        frame = replay.step_forward()
        assert frame.index == i and frame.entry == record.log[i - 1]
        assert frame.game.state_hash() == hashes[i]
        assert frame.events  # what the step did, for the animation
    assert replay.at_end and replay.step_forward().index == len(record.log)
    assert replay.game.is_over and replay.game.state_hash() == game.state_hash()
    for i in range(len(record.log) - 1, -1, -1):
        frame = replay.step_back()
        assert frame.index == i and frame.game.state_hash() == hashes[i]
        assert frame.entry == (record.log[i - 1] if i else None)


def test_replay_goto_anywhere(finished):
    record, _, hashes = finished
    replay = Replay(record, every=5)
    rng = random.Random(5)
    for _ in range(60):
        i = rng.randrange(-3, len(record.log) + 4)
        frame = replay.goto(i)
        j = max(0, min(i, len(record.log)))
        assert frame.index == j == replay.index and frame.game.state_hash() == hashes[j]


def test_replay_of_a_game_in_progress_and_of_a_loaded_file(tmp_path):
    record, game = played(42, 30)
    path = SaveManager(tmp_path).save(record, "x", game=game)
    loaded = SaveManager(tmp_path).load(path)
    replay = Replay(loaded.record, path=path)
    assert replay.goto(len(replay)).game.state_hash() == game.state_hash()
    assert replay.goto(0).game.pending.kind == "order" and replay.setup_events


def test_replay_refuses_a_tampered_log(finished):
    record, _, _ = finished
    doc = json.loads(encode(record))
    doc["log"][3] = "attack attacker=9999 target=1"
    with pytest.raises(SaveIllegal):
        Replay(decode(json.dumps(doc).encode()))


# ====================================================================== GameRecord for the UI
def test_record_follows_the_game_and_truncates_for_undo():
    record, game = new_game(43)
    rng = random.Random(43)
    play(record, game, rng, 20)
    assert len(record.log) == 20 and record.can_undo
    back = record.truncated(15)
    assert back.log == record.log[:15] and back.snapshot is None
    g15 = back.replay()
    assert g15.state_hash() == record.truncated(15).replay().state_hash()
    with pytest.raises(ValueError):
        record.truncated(21)
    record.undo_floor = 20  # e.g. a hidden card was revealed: no taking back from here
    assert not record.can_undo and record.truncated(10).undo_floor == 10


def test_illegal_action_is_not_logged():
    record, game = new_game(44)
    with pytest.raises(ValueError):
        record.play(game, A.EndTurn())
    assert record.log == []


def test_begin_checks_the_setup():
    deck = ["t_soldier"] * 10
    ok = [PlayerSetup("a", "human", "t_hero_steppe", deck), PlayerSetup("b", "computer", "t_hero_dark", deck)]
    with pytest.raises(ValueError):
        GameRecord.begin(POOL, [ok[0], PlayerSetup("b", "robot", "t_hero_dark", deck)], seed=1, check_decks=False)
    with pytest.raises(ValueError):
        GameRecord.begin(POOL, ok[:1], seed=1)
    with pytest.raises(ValueError):  # a level the save format does not know
        GameRecord.begin(POOL, [ok[0], PlayerSetup("b", "computer", "t_hero_dark", deck, level="expert")], seed=1,
                         check_decks=False)
    with pytest.raises(ValueError):  # a person has no level
        GameRecord.begin(POOL, [PlayerSetup("a", "human", "t_hero_steppe", deck, level="easy"), ok[1]], seed=1,
                         check_decks=False)
    with pytest.raises(ValueError):
        GameRecord.begin(POOL, ok, seed=-1, check_decks=False)
    with pytest.raises(ValueError):
        GameRecord.begin(POOL, ok, seed=1, check_decks=True)  # 10 cards is not a legal deck
    record, game = GameRecord.begin(POOL, ok, seed=1, check_decks=False)
    assert [c["id"] for c in record.custom_cards] == ["t_hero_dark", "t_hero_steppe", "t_soldier"]
    assert game.players[0].name == "a" and record.started_at
    assert [p.level for p in record.players] == ["", "normal"]  # a computer seat without a level is Normal


def test_cards_created_by_abilities_travel_too():
    def created_by(card):
        effects = [*card.effects, *(e for ab in card.abilities for e in ab.get("effects", ()))]
        return {e["card"] for e in effects if e["effect"] == "create"}

    creator = next(c for c in POOL.cards.values() if created_by(c) and c.type != "hero")
    deck = [creator.id] * 3
    record, _ = GameRecord.begin(POOL, [PlayerSetup("a", "human", "t_hero_steppe", deck),
                                        PlayerSetup("b", "human", "t_hero_dark", deck)], seed=2, check_decks=False)
    ids = {c["id"] for c in record.custom_cards}
    for made in created_by(creator):
        assert made in ids or is_builtin(POOL, made)
    assert all(not is_builtin(POOL, cid) for cid in ids)
