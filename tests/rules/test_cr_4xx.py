"""CR part 4: the Queue and the order of triggered abilities."""

from __future__ import annotations

from tests.helpers import position

SPARE = ["t_soldier"] * 4


def creature(cid: str, ru: str, en: str, *abilities: dict, strike: int = 1, lives: int = 3, cost: int = 2) -> dict:
    return {"id": cid, "name": {"ru": ru, "en": en}, "type": "creature", "cost": cost, "strike": strike,
            "lives": lives, "abilities": list(abilities)}


def on(trigger: str, *effects: dict, may: bool = False) -> dict:
    return {"trigger": trigger, "may": may, "effects": list(effects)}


COIN = {"effect": "gain_coins", "count": 1}
PRAYER = {"effect": "gain_prayers", "count": 1}
WATCHER = creature("s_watcher", "Соглядатай", "Onlooker", on("enemy_spell", COIN, may=True))
MARTYR = creature("s_martyr", "Мученик", "Martyr", on("death", COIN))
PILGRIM = creature("s_pilgrim", "Паломник", "Pilgrim", on("death", PRAYER))
TENDER = creature("s_tender", "Неженка", "Tender One", on("wounded", COIN), lives=3)
VESPER = creature("s_vesper", "Вечерний звонарь", "Vesper Ringer", on("turn_end", PRAYER, may=True))
PURGE = {"id": "s_purge", "name": {"ru": "Чистка", "en": "Purge"}, "type": "spell", "cost": 1,
         "effects": [{"effect": "destroy", "target": {"choose": "creature"}},
                     {"effect": "damage", "amount": 1, "target": "enemy_hero"}]}
WIPE = {"id": "s_wipe", "name": {"ru": "Сметание", "en": "Sweep"}, "type": "spell", "cost": 1,
        "effects": [{"effect": "destroy", "target": {"all": "creature"}}]}
MOURNER = {"id": "s_mourner", "name": {"ru": "Плакальщица", "en": "Mourner"}, "type": "support", "subtype": "event",
           "cost": 1, "abilities": [on("ally_dies", {"effect": "draw", "count": 1})]}


def test_the_queue_holds_declared_abilities_first_in_first_out() -> None:
    # CR 401.1: the Queue is the sequence of declared abilities (spell abilities, triggers, activations);
    # CR 401.3: a declared trigger joins its end, and the first one in resolves first.
    pos = position(p0={"coins": 3, "hand": [{"card": "t_bolt", "name": "bolt"}]},
                   p1={"play": [{"card": "s_watcher", "name": "w"}, {"card": "t_soldier", "name": "s"}]},
                   cards=[WATCHER])
    pos.run("play card=$bolt targets=$s")
    assert [q.kind for q in pos.g.queue] == ["spell"] and pos.g.decider == 1
    tid = pos.g.waiting[0].tid
    events = pos.run(f"declare trigger={tid}")
    assert not pos.g.queue
    resolved = [e["kind"] for e in events if e["t"] == "resolved"]
    assert resolved == ["spell", "trigger"]
    assert pos.zone("s") == "grave" and pos.g.players[1].coins == 1


def test_triggers_set_off_while_resolving_join_the_current_queue() -> None:
    # CR 401.2: a trigger whose condition happens while an ability resolves is declared and resolved
    # within the current Queue; one set off outside the Queue (the fight) enters at the next point.
    pos = position(p0={"coins": 3, "hand": [{"card": "t_bolt", "name": "bolt"}],
                       "play": [{"card": "t_viper", "name": "v"}]},
                   p1={"play": [{"card": "s_martyr", "name": "m"}]}, cards=[MARTYR])
    events = pos.run("play card=$bolt targets=$m")
    assert pos.zone("m") == "grave" and pos.g.players[1].coins == 1
    assert [e["t"] for e in events].count("resolved") == 2 and pos.g.pending.kind == "main"
    events = pos.run("attack attacker=$v target=$p1hero")
    kinds = [e["t"] for e in events]
    assert kinds.index("strike") < kinds.index("trigger") and pos.g.cards[pos.id("p1hero")].poison == 1


def test_new_triggers_wait_until_the_resolving_ability_is_done() -> None:
    # CR 401.4: condition met, wait to be added, added, wait, resolve; CR 401.6: the ability that is
    # resolving must finish first — the death trigger comes after the spell's second part.
    pos = position(p0={"coins": 3, "hand": [{"card": "s_purge", "name": "purge"}]},
                   p1={"play": [{"card": "s_martyr", "name": "m"}]}, cards=[MARTYR, PURGE])
    events = pos.run("play card=$purge targets=$m")
    order = [(e["t"], e.get("card")) for e in events if e["t"] in ("death", "wound", "trigger", "coins")]
    assert order == [("death", pos.id("m")), ("wound", pos.id("p1hero")), ("trigger", None), ("coins", None)]


def test_a_trigger_resolves_wherever_its_source_went() -> None:
    # CR 401.5: once its condition is met the trigger resolves even if its source left play.
    pos = position(p0={"coins": 3, "hand": [{"card": "t_bolt", "name": "bolt"}]},
                   p1={"play": [{"card": "s_tender", "name": "t"}]}, cards=[TENDER])
    pos.run("play card=$bolt targets=$t")
    assert pos.zone("t") == "grave"
    assert pos.g.players[1].coins == 1  # «когда получает раны» still resolved from the graveyard


def test_passing_on_an_optional_trigger_loses_it_until_it_triggers_again() -> None:
    # CR 401.7: a player may pass on an optional trigger; it is lost until its condition happens again.
    # CR 401.8: with the Queue empty and both passed, the game moves to the next phase.
    pos = position(p0={"deck": SPARE, "play": [{"card": "s_vesper", "name": "v"}]}, p1={"deck": SPARE},
                   cards=[VESPER])
    pos.run("end")
    tid = pos.g.waiting[0].tid
    assert pos.can(f"decline trigger={tid}")
    pos.run(f"decline trigger={tid}")
    assert pos.g.players[0].prayers == 0 and not pos.g.waiting
    assert pos.g.active == 1 and pos.g.pending.kind == "main"  # the next phase came
    pos.run("end", "end")
    assert pos.g.pending.kind == "triggers"  # triggered again at the next end of p0's turn
    tid = pos.g.waiting[0].tid
    pos.run(f"declare trigger={tid}")
    assert pos.g.players[0].prayers == 1


def test_simultaneous_triggers_inactive_player_first_each_in_own_order() -> None:
    # CR 402.1: triggers set off at once all enter the Queue: first the inactive player's, in the order
    # that player chooses, then the active player's.
    pos = position(p0={"coins": 1, "hand": [{"card": "s_wipe", "name": "wipe"}],
                       "play": [{"card": "s_martyr", "name": "mine"}]},
                   p1={"play": [{"card": "s_martyr", "name": "a"}, {"card": "s_pilgrim", "name": "b"}]},
                   cards=[MARTYR, PILGRIM, WIPE])
    pos.run("play card=$wipe")
    assert pos.g.pending.kind == "triggers" and pos.g.decider == 1
    by_source = {t.source: t.tid for t in pos.g.waiting}
    assert pos.id("mine") in by_source  # the active player's trigger waits its turn
    events = pos.run(f"declare trigger={by_source[pos.id('b')]}")
    gains = [(e["t"], e["player"]) for e in events if e["t"] in ("coins", "prayers")]
    assert gains == [("prayers", 1), ("coins", 1), ("coins", 0)]


def test_a_trigger_set_off_twice_may_use_either_occasion() -> None:
    # CR 402.2: when the same once-per-turn trigger fires several times, the player declares it for
    # whichever of the occasions they like.
    pos = position(p0={"coins": 1, "deck": SPARE, "hand": [{"card": "s_wipe", "name": "wipe"}],
                       "play": [{"card": "s_mourner", "name": "mourner"}, {"card": "t_soldier", "name": "x"},
                                {"card": "t_knight", "name": "y"}]},
                   cards=[MOURNER, WIPE])
    pos.run("play card=$wipe")
    waiting = [t for t in pos.g.waiting if t.source == pos.id("mourner")]
    assert len(waiting) == 2 and {t.ctx["dead"] for t in waiting} == {pos.id("x"), pos.id("y")}
    assert all(pos.can(f"declare trigger={t.tid}") for t in waiting)
    later = next(t for t in waiting if t.ctx["dead"] == pos.id("y"))
    pos.run(f"declare trigger={later.tid}")
    assert len(pos.g.players[0].hand) == 1  # drawn once: the other occasion is spent (once per turn)
    assert pos.g.pending.kind == "main"
