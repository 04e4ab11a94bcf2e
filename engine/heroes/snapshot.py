"""A game's position as plain data (the inverse of :mod:`position`), and a check of its bookkeeping.

``export_position`` writes what ``build_position`` reads (schema in ``docs/scenarios.md``);
``zone_problems`` lists broken zone lists, for the scenario tool and the tests.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.heroes.game import HeroesGame


def effect_to_data(eff: dict[str, Any]) -> dict[str, Any]:
    """The engine's effect record in the position schema (the inverse of :func:`effect_from_data`)."""
    if set(eff) - {"k", "kw", "value", "from", "until", "by", "amount"}:
        return {"raw": dict(eff)}  # a record this schema has no words for (a condition, a copy…)
    out: dict[str, Any] = {"until": eff.get("until", "turn")}
    if "by" in eff:
        out["by"] = eff["by"]
    if eff["k"] == "kw":
        out["keyword"] = eff["kw"]
        for key in ("value", "from"):
            if key in eff:
                out[key] = eff[key]
    elif eff["k"] == "strike":
        out["strike"] = eff["amount"]
    elif eff["k"] == "set_strike":
        out["set_strike"] = eff["value"]
    elif eff["k"] == "silence":
        out["silence"] = True
    else:
        return {"raw": dict(eff)}
    return out


def zone_problems(g: HeroesGame, lang: str = "en") -> list[str]:
    """Broken bookkeeping: a card missing from its zone list, listed twice, or a module astray."""
    return [ru if lang == "ru" else en for en, ru in zone_problem_pairs(g)]


def zone_problem_pairs(g: HeroesGame) -> list[tuple[str, str]]:
    """:func:`zone_problems` as (en, ru) pairs."""
    problems: list[tuple[str, str]] = []
    seen: dict[int, str] = {}
    for i, pl in enumerate(g.players):
        lists = {"deck": pl.deck, "hand": pl.hand, "grave": pl.grave, "play": pl.play}
        for zone, lst in lists.items():
            for cid in lst:
                if cid in seen:
                    problems.append((f"card {cid} is listed in {seen[cid]} and in p{i}.{zone}",
                                     f"карта {cid} записана и в {seen[cid]}, и в p{i}.{zone}"))
                seen[cid] = f"p{i}.{zone}"
                c = g.cards.get(cid)
                if c is None:
                    problems.append((f"p{i}.{zone} lists unknown card {cid}",
                                     f"в p{i}.{zone} записана карта {cid}, которой нет в игре"))
                    continue
                if c.zone != zone:
                    problems.append((f"card {cid} is listed in p{i}.{zone} but its zone is {c.zone}",
                                     f"карта {cid} записана в p{i}.{zone}, но лежит в зоне {c.zone}"))
                whose = c.controller if zone == "play" else c.owner
                if whose != i:
                    problems.append((f"card {cid} is in p{i}.{zone} but belongs to player {whose}",
                                     f"карта {cid} лежит в p{i}.{zone}, но принадлежит игроку {whose}"))
        if g.cards.get(pl.hero) is None or g.cards[pl.hero].zone != "play":
            problems.append((f"the hero of p{i} is not in play", f"герой p{i} не в игре"))
        elif pl.hero in seen:
            problems.append((f"the hero {pl.hero} is also listed in {seen[pl.hero]}",
                             f"герой {pl.hero} записан ещё и в {seen[pl.hero]}"))
        else:
            seen[pl.hero] = f"p{i}.hero"
    for c in g.cards.values():
        if c.zone == "attached":
            host = g.cards.get(c.host) if c.host is not None else None
            if host is None or c.id not in host.attached or host.zone != "play":
                problems.append((f"module {c.id} is attached to no card in play",
                                 f"модуль {c.id} не присоединён ни к одной карте в игре"))
        elif c.zone in ("deck", "hand", "grave", "play") and c.id not in seen:
            problems.append((f"card {c.id} is in {c.zone} but in no player's list",
                             f"карта {c.id} в зоне {c.zone}, но её нет ни в одном списке игроков"))
        for part in c.attached:
            if g.cards.get(part) is None or g.cards[part].host != c.id:
                problems.append((f"card {c.id} lists module {part} that is not attached to it",
                                 f"у карты {c.id} в модулях записана карта {part}, но она к ней не присоединена"))
    return problems


def export_position(g: HeroesGame, labels: dict[str, int] | None = None) -> dict[str, Any]:
    """The position of a game in the main phase with an empty Queue, as data for :func:`build_position`.

    Instance ids are not kept (the builder assigns new ones); labels are.
    """
    if g.pending is None or g.pending.kind != "main" or g.queue or g.waiting or g.combat:
        raise ValueError("only a main-phase position with an empty Queue can be exported")
    names = {cid: name for name, cid in (labels or {}).items() if name not in ("p0hero", "p1hero")}

    def markers(cid: int, hero: bool) -> dict[str, Any] | str:
        c = g.cards[cid]
        out: dict[str, Any] = {"card": c.card}
        if cid in names:
            out["name"] = names[cid]
        for key, value, default in (("wounds", c.wounds, 0), ("extra_lives", c.life_mod, 0),
                                    ("tapped", c.tapped, False), ("poison", c.poison, 0),
                                    ("stunned", c.stunned, False), ("armor_used", c.armor_used, 0)):
            if value != default:
                out[key] = value
        used = dict(c.used)
        if used.pop("attack", 0):
            out["attacked"] = True
        if used.pop("defend", 0):
            out["defended"] = True
        if used:
            out["used"] = used
        if c.wounded_turn == g.turn:
            out["wounded_this_turn"] = True
        if c.effects:
            out["effects"] = [effect_to_data(e) for e in c.effects]
        if not hero:
            if c.owner != c.controller:
                out["owner"] = c.owner
            if c.hidden:
                out["hidden"] = True
            if c.arrived == g.turn:
                out["fresh"] = True
            if c.attached:
                out["attached"] = [simple(a, with_owner=g.cards[a].owner != c.owner) for a in c.attached]
        return out if len(out) > 1 else c.card

    def simple(cid: int, with_owner: bool = False) -> dict[str, Any] | str:
        c = g.cards[cid]
        out: dict[str, Any] = {"card": c.card}
        if cid in names:
            out["name"] = names[cid]
        if with_owner:
            out["owner"] = c.owner
        return out if len(out) > 1 else c.card

    def grave(cid: int) -> dict[str, Any] | str:
        c = g.cards[cid]
        out = simple(cid)
        if not (c.used or c.effects):
            return out
        out = dict(out) if isinstance(out, dict) else {"card": out}
        if c.used:
            out["used"] = dict(c.used)
        if c.effects:
            out["effects"] = [effect_to_data(e) for e in c.effects]
        return out

    # The generator's whole state is one integer, so it travels as the seed.
    data: dict[str, Any] = {"seed": g.rng.state, "active": g.active, "turn": g.turn, "first": g.first}
    for p, pl in enumerate(g.players):
        pd: dict[str, Any] = {"name": pl.name, "hero": markers(pl.hero, hero=True)}
        for key, value in (("coins", pl.coins), ("temp_coins", pl.temp_coins), ("tapped_coins", pl.tapped_coins),
                           ("prayers", pl.prayers), ("failed_draws", pl.failed_draws)):
            if value:
                pd[key] = value
        pd["play"] = [markers(cid, hero=False) for cid in pl.play]
        pd["hand"] = [simple(cid) for cid in pl.hand]
        pd["deck"] = [simple(cid) for cid in pl.deck]
        pd["grave"] = [grave(cid) for cid in pl.grave]
        data[f"p{p}"] = pd
    return data
