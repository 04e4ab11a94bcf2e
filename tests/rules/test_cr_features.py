"""CR rules that needed engine features of their own: the killer of a dying card, optional parts of an
ability, effects with a condition of existence, prevention order, delayed effects, keeping control,
endless chains, replacement choices, changing element and subtype, copied abilities, aura order."""

from __future__ import annotations

from tests.helpers import position


def creature(cid: str, ru: str, en: str, *abilities: dict, strike: int = 1, lives: int = 3, cost: int = 2,
             elements: tuple[str, ...] = (), subtype: str = "") -> dict:
    out = {"id": cid, "name": {"ru": ru, "en": en}, "type": "creature", "cost": cost, "strike": strike,
           "lives": lives, "elements": list(elements), "abilities": list(abilities)}
    if subtype:
        out["subtype"] = subtype
    return out


def spell(cid: str, ru: str, en: str, *effects: dict, cost: int = 1) -> dict:
    return {"id": cid, "name": {"ru": ru, "en": en}, "type": "spell", "cost": cost, "effects": list(effects)}


def support(cid: str, ru: str, en: str, subtype: str, *abilities: dict, cost: int = 1) -> dict:
    return {"id": cid, "name": {"ru": ru, "en": en}, "type": "support", "subtype": subtype, "cost": cost,
            "abilities": list(abilities)}


def deaths(events: list[dict]) -> list[dict]:
    return [e for e in events if e["t"] == "death"]


# ---------------------------------------------------------------------- 505.1.1: died from what
AVENGER = creature("f_avenger", "Мстительная тень", "Vengeful Shade",
                   {"trigger": "slain", "effects": [{"effect": "take_control", "target": "killer"}]},
                   strike=1, lives=1)


def test_a_death_remembers_the_creature_that_caused_it() -> None:
    # CR 505.1.1: a card «погибла от» whatever destroyed it or brought its lives to 0 — here the
    # enemy knight's strike. The death records it, and «Гибель от существа противника» takes the killer.
    pos = position(p0={"play": [{"card": "t_soldier", "name": "killer"}]},
                   p1={"play": [{"card": "f_avenger", "name": "shade"}]}, cards=[AVENGER])
    events = pos.run("attack attacker=$killer target=$shade")
    [death] = deaths(events)
    assert (death["card"], death["by"], death["kind"]) == (pos.id("shade"), pos.id("killer"), "strike")
    assert pos.zone("shade") == "grave"
    assert pos.card("killer").controller == 1 and pos.id("killer") in pos.g.players[1].play


def test_a_death_from_a_spell_or_a_rule_is_not_a_death_from_a_creature() -> None:
    # CR 505.1.1: killed by a spell it «погибла от заклинания» — not from an enemy creature, so the
    # «slain» trigger stays silent; a death with no source (lives lowered by a rule effect) names none.
    pos = position(p0={"coins": 2, "hand": [{"card": "t_bolt", "name": "bolt"}]},
                   p1={"play": [{"card": "f_avenger", "name": "shade"}, {"card": "t_soldier", "name": "s"}]},
                   cards=[AVENGER])
    events = pos.run("play card=$bolt targets=$shade")
    [death] = deaths(events)
    assert (death["by"], death["kind"]) == (pos.id("bolt"), "spell")
    assert not pos.g.waiting and not pos.g.queue
    assert pos.card("s").controller == 1
    mail = position(p0={"play": [{"card": "t_mail", "name": "mail"}, {"card": "t_soldier", "name": "s", "wounds": 3}]})
    assert mail.lives("s") == 1
    g = mail.g
    g._events = []
    g.move(mail.id("mail"), "hand")  # the +1 lives aura leaves: the soldier is at 0 by a rule effect
    g.check_state()
    assert mail.zone("s") == "grave"
    assert [(e["by"], e["kind"]) for e in g._events if e["t"] == "death"] == [(None, "rules")]


def test_slain_trigger_needs_the_killer_in_an_enemy_squad() -> None:
    # CR 505.1.1: your own creature killing it is no «существо противника».
    zapper = creature("f_zapper", "Искрящий", "Sparker", {"activate": {"tap": True}, "effects": [
        {"effect": "damage", "amount": 1, "target": {"choose": "creature", "side": "own"}}]})
    pos = position(p0={"play": [{"card": "f_zapper", "name": "z"}, {"card": "f_avenger", "name": "shade"}]},
                   cards=[AVENGER, zapper])
    events = pos.run("activate card=$z ability=0 targets=$shade")
    [death] = deaths(events)
    assert (death["by"], death["kind"]) == (pos.id("z"), "ability")
    assert pos.card("z").controller == 0 and not pos.g.queue
