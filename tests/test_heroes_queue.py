"""The Queue's items are typed records (engine/heroes/queue.py): a game stopped in the middle of
resolving an ability is written out, read back and goes on exactly as the original; a broken item in a
saved state is refused with the field it names."""

from __future__ import annotations

import pytest

from engine.core.hashing import stable_hash
from engine.heroes.game import HeroesGame
from engine.heroes.queue import QueueItem, WaitingTrigger
from tests.helpers import position, run

# CR 119.5: «можете X, при этом Y, Z» — the resolution stops to ask, with scratch values set.
GAMBLER = {"id": "q_gambler", "name": {"ru": "Игрок в кости", "en": "Dice Player"}, "type": "creature", "cost": 2,
           "strike": 1, "lives": 4, "abilities": [{"trigger": "enter", "effects": [
               {"effect": "damage", "amount": 2, "target": "self", "may": True},
               {"effect": "gain_coins", "count": 2, "then": True},
               {"effect": "draw", "count": 1}]}]}


def _asking():
    pos = position(p0={"coins": 2, "hand": [{"card": "q_gambler", "name": "g"}], "deck": ["t_soldier"]},
                   cards=[GAMBLER])
    pos.run("play card=$g")
    assert pos.g.pending.why == "may" and len(pos.g.queue) == 1
    return pos


def test_an_item_in_the_middle_of_resolving_is_a_typed_record_written_as_before() -> None:
    pos = _asking()
    item = pos.g.queue[0]
    assert isinstance(item, QueueItem)
    assert (item.kind, item.source, item.controller, item.step) == ("trigger", pos.id("g"), 0, 0)
    written = pos.g.to_dict()["queue"][0]
    # The scratch values appear only while they hold something: nothing was asked or done yet.
    assert set(written) == {"kind", "source", "controller", "effects", "targets", "x", "step", "ctx", "skip"}
    pos.run("choose cards=$g")  # yes: the first part is done, «при этом» follows, then the draw
    assert pos.wounds("g") == 2 and pos.g.players[0].coins == 2 + 2 and not pos.g.queue


@pytest.mark.parametrize("answer", ["choose cards=$g", "choose"])
def test_a_game_read_back_mid_resolution_goes_on_as_the_original(answer: str) -> None:
    pos = _asking()
    twin = HeroesGame.from_dict(pos.g.to_dict(), pool=pos.g.pool)
    assert twin.queue == pos.g.queue and twin.queue[0] is not pos.g.queue[0]
    assert stable_hash(twin.to_dict()) == stable_hash(pos.g.to_dict())
    events = pos.run(answer)
    assert run(twin, pos.expand(answer)) == events
    assert stable_hash(twin.to_dict()) == stable_hash(pos.g.to_dict())


def test_the_scratch_values_are_written_while_set() -> None:
    item = QueueItem("spell", 7, 1, [{"effect": "draw", "count": 1}], [], None, step=1, skip=[0])
    item.last_ok, item.asked, item.choice = False, 0, []
    out = item.to_dict()
    assert out["last_ok"] is False and out["asked"] == 0 and out["choice"] == []
    assert "broken" not in out and "repl" not in out and "whom" not in out
    assert QueueItem.from_dict(out) == item


@pytest.mark.parametrize(("broken", "says"), [
    ({"kind": "spell", "source": 1, "controller": 0, "effects": [], "targets": [], "wounds": 3}, "'wounds'"),
    ({"kind": "spell", "source": 1, "controller": 0, "effects": []}, "'targets'"),
    ({"kind": "curse", "source": 1, "controller": 0, "effects": [], "targets": []}, "'curse'"),
    (["spell"], "must be a table"),
])
def test_a_broken_item_in_a_state_is_refused_with_what_is_wrong(broken, says: str) -> None:
    pos = _asking()
    data = pos.g.to_dict()
    data["queue"] = [broken]
    with pytest.raises(ValueError, match=says):
        HeroesGame.from_dict(data, pool=pos.g.pool)


def test_a_waiting_trigger_is_a_typed_record_and_a_broken_one_is_refused() -> None:
    # CR 401.4: the Onlooker's trigger waits for its controller's declaration while the spell is in the Queue.
    watcher = {"id": "q_watcher", "name": {"ru": "Соглядатай", "en": "Onlooker"}, "type": "creature", "cost": 2,
               "strike": 1, "lives": 3,
               "abilities": [{"trigger": "enemy_spell", "may": True, "effects": [{"effect": "gain_coins", "count": 1}]}]}
    pos = position(p0={"coins": 3, "hand": [{"card": "t_bolt", "name": "bolt"}]},
                   p1={"play": [{"card": "q_watcher", "name": "w"}, {"card": "t_soldier", "name": "s"}]},
                   cards=[watcher])
    pos.run("play card=$bolt targets=$s")
    t = pos.g.waiting[0]
    assert isinstance(t, WaitingTrigger) and (t.source, t.controller, t.may) == (pos.id("w"), 1, True)
    data = pos.g.to_dict()
    twin = HeroesGame.from_dict(data, pool=pos.g.pool)
    assert twin.waiting == pos.g.waiting and stable_hash(twin.to_dict()) == stable_hash(data)
    data["waiting"][0]["colour"] = "red"
    with pytest.raises(ValueError, match="'colour'"):
        HeroesGame.from_dict(data, pool=pos.g.pool)
