"""Classic «Берсерк» games in save files: save → load → the same game, tampering refused, ``saves check``."""

from __future__ import annotations

import json
import pathlib
import random
import subprocess
import sys

import pytest

from engine.classic import ClassicGame
from saves import (
    GameRecord,
    PlayerSetup,
    Replay,
    SaveIllegal,
    SaveManager,
    SaveMismatch,
    SaveUnknownRuleset,
    decode,
    encode,
)
from saves.format import VERSION
from tests.classic_support import CARDS

ROOT = pathlib.Path(__file__).resolve().parent.parent
SQUAD_A = ["c_guard", "c_brute", "c_runner", "c_scout", "c_bog"]
SQUAD_B = ["c_sellsword", "c_bog", "c_runner", "c_scout", "c_post", "c_guard"]


def classic_played(seed: int, n: int) -> tuple[GameRecord, ClassicGame]:
    """A classic game of ``n`` random legal actions (fewer if it ends), recorded."""
    record, game = GameRecord.begin_classic(CARDS, [PlayerSetup("Анна", "human", "", SQUAD_A),
                                                    PlayerSetup("Борис", "human", "", SQUAD_B)], seed=seed, first=1)
    rng = random.Random(seed)
    for _ in range(n):
        if game.is_over:
            break
        record.play(game, rng.choice(game.legal_actions()))
    assert isinstance(game, ClassicGame)
    return record, game


@pytest.fixture(scope="module")
def played() -> tuple[GameRecord, ClassicGame]:
    record, game = classic_played(7, 60)
    record.capture(game)
    return record, game


def test_classic_document_layout(played):
    record, _ = played
    doc = json.loads(encode(record))
    assert doc["version"] == VERSION and doc["ruleset"] == "classic"
    assert doc["setup"] == {"seed": 7, "first": 1, "players": [{"name": "Анна", "kind": "human", "squad": SQUAD_A},
                                                              {"name": "Борис", "kind": "human", "squad": SQUAD_B}]}
    assert sorted(t["id"] for t in doc["custom_cards"]) == sorted(set(SQUAD_A + SQUAD_B))
    assert doc["log"] == record.log and any(t.startswith(("move ", "strike ")) for t in doc["log"])


def test_save_load_continues_the_same_game(played, tmp_path):
    record, game = played
    manager = SaveManager(tmp_path)
    path = manager.save(record, "классика", game=game)
    loaded = manager.load(path)
    back = loaded.game
    assert isinstance(back, ClassicGame) and loaded.record.ruleset == "classic"
    assert back.state_hash() == game.state_hash() and back.names == ["Анна", "Борис"]
    # the same continuation: the same choices and the same hash after each further random action
    original, rng = game.clone(), random.Random(99)
    for _ in range(40):
        assert [str(a) for a in back.legal_actions()] == [str(a) for a in original.legal_actions()]
        if original.is_over:
            break
        act = rng.choice(original.legal_actions())
        loaded.record.play(back, act)
        original.apply(act)
        assert back.state_hash() == original.state_hash()
    # and saving the continued game writes a save that loads again
    again = manager.load(manager.save(loaded.record, "классика", game=back))
    assert again.game.state_hash() == back.state_hash()


def test_tampered_classic_log_is_refused_with_the_reason(played):
    record, _ = played
    doc = json.loads(encode(record))
    i = next(k for k, t in enumerate(doc["log"]) if t.startswith("move "))
    doc["log"][i] = "strike attacker=1 target=1"  # a creature striking itself: never legal
    with pytest.raises(SaveIllegal) as err:
        decode(json.dumps(doc).encode(), pathlib.Path("c.json")).replay(path=pathlib.Path("c.json"))
    assert f"action #{i + 1}" in err.value.en and "c.json" in err.value.en and err.value.ru
    doc["log"][i] = "mulligan"  # a «Герои» action: not one of classic's
    with pytest.raises(SaveIllegal) as err:
        decode(json.dumps(doc).encode()).replay()
    assert "is not an action" in err.value.en


def test_classic_snapshot_must_match_the_replayed_game(played):
    record, _ = played
    doc = json.loads(encode(record))
    state = doc["snapshot"]["state"]
    state["quiet_turns"] += 1
    from engine.core.hashing import stable_hash

    doc["snapshot"]["hash"] = stable_hash(state)  # a consistent but false snapshot
    with pytest.raises(SaveMismatch):
        decode(json.dumps(doc).encode()).replay()


def test_saves_check_knows_a_classic_save(played, tmp_path):
    record, game = played
    path = SaveManager(tmp_path).save(record, "good", game=game)
    bad = tmp_path / "bad.json"
    doc = json.loads(path.read_bytes())
    doc["log"][0] = "strike attacker=1 target=1"
    bad.write_text(json.dumps(doc), encoding="utf-8")

    def check(file: pathlib.Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "saves", "check", str(file), "--lang", "en"], cwd=ROOT,
                              capture_output=True, text=True, timeout=120)

    good = check(path)
    assert good.returncode == 0, good.stdout + good.stderr
    assert good.stdout.startswith("OK good.json: classic, turn ") and "Анна (human, squad of 5)" in good.stdout
    broken = check(bad)
    assert broken.returncode == 2, broken.stdout + broken.stderr
    assert broken.stdout.startswith("BAD (illegal)") and "action #1" in broken.stdout


def test_unknown_ruleset_file_is_refused_and_left_alone(played, tmp_path):
    record, game = played
    manager = SaveManager(tmp_path)
    path = manager.save(record, "chess", game=game)
    data = path.read_bytes().replace(b'"ruleset": "classic"', b'"ruleset": "chess"', 1)
    path.write_bytes(data)
    with pytest.raises(SaveUnknownRuleset) as err:
        manager.load(path)
    assert "chess.json" in err.value.en and "classic, heroes" in err.value.en
    assert path.read_bytes() == data and not manager.list()[0].ok


def test_classic_replay_steps_back_and_forth(played):
    record, game = played
    replay = Replay(record, every=8)
    assert replay.goto(len(record.log)).game.state_hash() == game.state_hash()
    back = replay.goto(13).game.state_hash()
    assert replay.step_forward().index == 14 and replay.step_back().game.state_hash() == back


def test_the_client_opens_classic_saves_now_it_has_their_table(played, tmp_path):
    """The classic table exists, so "continue", loading and replaying take classic saves too."""
    from ui import storage

    record, game = played
    path = SaveManager(tmp_path).save(record, "classic", game=game)
    if not game.is_over:
        assert storage.latest(tmp_path).path == path  # "continue" opens it
    session = storage.load(path, tmp_path)
    assert session.game.ruleset == "classic" and session.game.state_hash() == game.state_hash()
    replay = storage.replay(path, tmp_path)
    assert len(replay) == len(record.log)


# ---------------------------------------------------------------- a full game from decks (the setup)
def classic_from_decks(seed: int, n: int, edition: str = "2022") -> tuple[GameRecord, ClassicGame]:
    """A full classic game (setup first) of ``n`` random legal actions, recorded."""
    from tests.classic_support import ALL_CARDS, DECKS

    seats = [PlayerSetup("Анна", "human", "", DECKS["mixed"].card_list(), deck_id="mixed"),
             PlayerSetup("Борис", "human", "", DECKS["plain"].card_list(), deck_id="plain")]
    record, game = GameRecord.begin_classic(ALL_CARDS, seats, seed=seed, edition=edition)
    rng = random.Random(seed)
    for _ in range(n):
        if game.is_over:
            break
        record.play(game, rng.choice(game.legal_actions()))
    assert isinstance(game, ClassicGame)
    return record, game


@pytest.mark.parametrize("edition", ["2022", "2007"])
def test_a_game_in_setup_saves_and_loads(edition, tmp_path):
    record, game = classic_from_decks(3, 25, edition)
    assert game.setup is not None and game.pending.kind in ("recruit", "place")  # still building squads
    manager = SaveManager(tmp_path)
    path = manager.save(record, "набор", game=game)
    doc = json.loads(path.read_bytes())
    assert doc["setup"]["edition"] == edition and "first" not in doc["setup"]
    assert doc["setup"]["players"][0]["deck_id"] == "mixed" and len(doc["setup"]["players"][0]["deck"]) == 30
    loaded = manager.load(path)
    back = loaded.game
    assert isinstance(back, ClassicGame) and back.state_hash() == game.state_hash() and back.edition == edition
    rng = random.Random(5)
    for _ in range(60):  # the same continuation, through the rest of the setup
        if game.is_over:
            break
        act = rng.choice(game.legal_actions())
        assert act in back.legal_actions()
        loaded.record.play(back, act)
        game.apply(act)
        assert back.state_hash() == game.state_hash()
    assert manager.load(manager.save(loaded.record, "набор", game=back)).game.state_hash() == back.state_hash()


def test_a_full_game_save_names_its_decks_in_check(tmp_path):
    record, game = classic_from_decks(4, 10)
    path = SaveManager(tmp_path).save(record, "decks", game=game)
    out = subprocess.run([sys.executable, "-m", "saves", "check", str(path), "--lang", "en"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Анна (human, deck of 30)" in out.stdout


def test_a_save_with_an_illegal_deck_is_refused(tmp_path):
    record, game = classic_from_decks(4, 3)
    record.capture(game)
    doc = json.loads(encode(record))
    doc["setup"]["players"][1]["deck"] = doc["setup"]["players"][1]["deck"][:20]  # 2022 «Колода»: 30 at least
    with pytest.raises(SaveIllegal) as err:
        decode(json.dumps(doc).encode()).replay()
    assert "30" in err.value.en and err.value.ru


def test_a_version_3_save_cannot_name_an_edition():
    from saves.migrate import STEPS

    with pytest.raises(ValueError):
        STEPS[3]({"version": 3, "setup": {"edition": "2022"}})
    assert STEPS[3]({"version": 3, "setup": {"seed": 1}})["version"] == 4


def test_the_first_battle_saves_its_layout_and_loads_exactly(tmp_path):
    """2022 «Первая партия»: the squads stand on the file's cells (a symbiote on its host, flyers and terrain
    in the additional zone); the save records that layout, and loading rebuilds the same game and goes on alike."""
    from engine.content import first_battle_game, load_first_battle
    from ui.classic import content

    s = content.start_session(list(content.squads()), ("Анна", "Борис"), 11)
    record, game = s.record, s.game
    reference = first_battle_game(load_first_battle(), content.classic_cards(), seed=11, names=("Анна", "Борис"))
    assert game.state_hash() == reference.state_hash(), "the table starts exactly the built-in first battle"
    rng = random.Random(4)
    for _ in range(30):
        if game.is_over:
            break
        record.play(game, rng.choice(game.legal_actions()))
    manager = SaveManager(tmp_path)
    path = manager.save(record, "первая партия", game=game)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["version"] == VERSION == 6 and len(doc["setup"]["layout"]) == len(reference.creatures)
    host = next(t for t in doc["setup"]["layout"] if t["host"] is not None)
    assert doc["setup"]["layout"][host["host"] - 1]["player"] == host["player"]
    loaded = manager.load(path)
    assert loaded.record.layout == record.layout
    assert loaded.game.state_hash() == game.state_hash()
    assert loaded.record.new_game().state_hash() == reference.state_hash()
    original, back = game.clone(), loaded.game
    for _ in range(20):
        if original.is_over:
            break
        act = rng.choice(original.legal_actions())
        original.apply(act)
        loaded.record.play(back, act)
        assert back.state_hash() == original.state_hash()


def test_a_layout_that_is_not_the_squads_is_refused_naming_the_field(tmp_path):
    from saves import SaveCorrupt
    from ui.classic import content

    s = content.start_session(list(content.squads()), ("Анна", "Борис"), 2)
    s.record.capture(s.game)
    doc = json.loads(encode(s.record))
    doc["setup"]["layout"][0]["card"] = doc["setup"]["layout"][1]["card"]
    with pytest.raises(SaveCorrupt) as err:
        decode(json.dumps(doc).encode())
    assert "setup.layout" in err.value.en and "setup.layout" in err.value.ru
    doc = json.loads(encode(s.record))
    doc["setup"]["layout"][3]["host"] = 9
    with pytest.raises(SaveCorrupt):
        decode(json.dumps(doc).encode())


def test_a_version_4_save_cannot_carry_a_layout():
    from saves.migrate import STEPS

    with pytest.raises(ValueError):
        STEPS[4]({"version": 4, "setup": {"layout": []}})
    assert STEPS[4]({"version": 4, "setup": {"seed": 1}})["version"] == 5
