"""Card and deck definitions: parsed from plain data (TOML/JSON) and validated field by field.

Errors name the file, the card and the field (CardDataError). Parsing takes text or dicts;
reading folders is left to :mod:`engine.heroes.pool` so the rules never touch the disk. The records
themselves (:class:`CardDef`, :class:`DeckDef`, …) are in :mod:`engine.heroes.cardmodel` and exported here too.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any

from engine.core import stricttoml
from engine.core.art import art_problem
from engine.core.errors import CardDataError, shown
from engine.heroes import registry as R
from engine.heroes.cardmodel import KIND_TYPES, Activation, CardDef, DeckDef, Declaration, Slot, declarations

__all__ = ["CARD_FIELDS", "KIND_TYPES", "Activation", "CardDef", "Declaration", "DeckDef", "Slot", "declarations",
           "effects_with_paths", "parse_ability", "parse_card", "parse_deck", "parse_effect", "parse_filter",
           "parse_modes", "parse_target", "parse_toml"]

_ID = re.compile(r"^[a-z0-9][a-z0-9_\-]{0,63}$")


class _Ctx:
    def __init__(self, file: str, card: str = "") -> None:
        self.file = file
        self.card = card

    def fail(self, fld: str, en: str, ru: str) -> CardDataError:
        return CardDataError(en, ru=ru, file=self.file, card=self.card, field=fld)


def _text(ctx: _Ctx, fld: str, value: Any, required: bool = True) -> dict[str, str]:
    if value is None:
        if required:
            raise ctx.fail(fld, "is missing (a table with ru and en)", "не задано (нужна таблица с ru и en)")
        return {}
    if isinstance(value, str):
        raise ctx.fail(fld, "must have both ru and en, e.g. {ru = \"…\", en = \"…\"}",
                       "нужны оба языка, например {ru = \"…\", en = \"…\"}")
    if not isinstance(value, dict) or not all(isinstance(value.get(k), str) and value.get(k) for k in ("ru", "en")):
        raise ctx.fail(fld, "must be a table with non-empty text ru and en", "нужна таблица с непустыми ru и en")
    return {"ru": value["ru"], "en": value["en"]}


def _int(ctx: _Ctx, fld: str, value: Any, lo: int = 0, hi: int = 99) -> int:
    if value is None:
        raise ctx.fail(fld, f"is missing (a whole number from {lo} to {hi})",
                       f"не задано (нужно целое число от {lo} до {hi})")
    if isinstance(value, bool) or not isinstance(value, int):
        raise ctx.fail(fld, f"must be a whole number, got {shown(value)}", f"нужно целое число, а указано {shown(value)}")
    if not lo <= value <= hi:
        raise ctx.fail(fld, f"must be between {lo} and {hi}, got {value}",
                       f"нужно число от {lo} до {hi}, а указано {value}")
    return value


def _amount(ctx: _Ctx, fld: str, value: Any) -> int | str:
    if value == "X":
        return "X"
    return _int(ctx, fld, value, 0, 20)


def _bool(ctx: _Ctx, fld: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ctx.fail(fld, f"must be true or false, got {shown(value)}", f"нужно true или false, а указано {shown(value)}")
    return value


def _one_of(ctx: _Ctx, fld: str, raw: Any, allowed: Collection[str], unknown: tuple[str, str] | None = None) -> str:
    """One word from a fixed list; the error lists the words. ``unknown`` names what the word is
    (en, ru: «unknown keyword», «неизвестная особенность») for registry names."""
    if isinstance(raw, str) and raw in allowed:
        return raw
    names = ", ".join(allowed)
    if raw is None:
        raise ctx.fail(fld, f"is missing (one of {names})", f"не задано (нужно одно из: {names})")
    if unknown is not None:
        raise ctx.fail(fld, f"{unknown[0]} {shown(raw)} (known: {names})", f"{unknown[1]} {shown(raw)} (можно: {names})")
    raise ctx.fail(fld, f"must be one of {names}, got {shown(raw)}", f"нужно одно из: {names}, а указано {shown(raw)}")


_UNKNOWN_KEYWORD = ("unknown keyword", "неизвестная особенность")
# An effect parameter that is one word of a list: its Param.kind and the words.
_WORDS: dict[str, tuple[str, ...]] = {
    "player": R.PLAYERS, "keyword": tuple(R.KEYWORDS), "from": R.PROTECTION_FROM + R.IGNORE_WHAT,
    "until": R.UNTIL, "element": R.ELEMENTS, "element_mode": R.ELEMENT_MODES, "while": R.WHILE,
}
# A keyword's own word: «Защита от …» (from), «Игнорирует …» (what).
_KEYWORD_WORDS = {"from": R.PROTECTION_FROM, "what": R.IGNORE_WHAT}


def _keyword_params(ctx: _Ctx, fld: str, name: str, value: dict) -> dict[str, Any]:
    """What a keyword takes beside its name: a number (never 0, CR 512.2) or its word."""
    kind = R.KEYWORDS[name].value
    if kind == "int":
        return {"value": _int(ctx, f"{fld}.value", value.get("value"), 1, 20)}
    if kind in _KEYWORD_WORDS:
        return {kind: _one_of(ctx, f"{fld}.{kind}", value.get(kind), _KEYWORD_WORDS[kind])}
    return {}


def _check_keys(ctx: _Ctx, fld: str, data: dict, allowed: set[str]) -> None:
    extra = sorted(set(data) - allowed)
    if extra:
        names = ", ".join(sorted(allowed))
        raise ctx.fail(f"{fld}.{extra[0]}" if fld else extra[0], f"unknown field (allowed: {names})",
                       f"неизвестное поле (можно: {names})")


def parse_filter(ctx: _Ctx, fld: str, value: Any) -> dict[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ctx.fail(fld, "must be a table", "нужна таблица")
    out: dict[str, Any] = {}
    for key, raw in value.items():
        pf = f"{fld}.{key}"
        typ = R.FILTER_KEYS[_one_of(ctx, pf, key, R.FILTER_KEYS, ("unknown filter", "неизвестное условие отбора"))]
        if typ is int:
            out[key] = _int(ctx, pf, raw, 0, 20)
        elif typ is bool:
            out[key] = _bool(ctx, pf, raw)
        elif not isinstance(raw, str):
            raise ctx.fail(pf, "must be text", "нужен текст")
        elif key == "element":
            out[key] = _one_of(ctx, pf, raw, R.ELEMENTS + ("neutral",), ("unknown element", "неизвестная стихия"))
        elif key == "keyword":
            out[key] = _one_of(ctx, pf, raw, R.KEYWORDS, _UNKNOWN_KEYWORD)
        else:
            out[key] = raw
    return out


def parse_target(ctx: _Ctx, fld: str, value: Any) -> dict[str, Any]:
    if isinstance(value, str):
        if value not in R.SELF_TARGETS:
            names = ", ".join(R.SELF_TARGETS)
            raise ctx.fail(fld, f"unknown target {shown(value)} (known: {names} or a table)",
                           f"неизвестная цель {shown(value)} (можно: {names} или таблица)")
        return {"sel": value}
    if not isinstance(value, dict):
        raise ctx.fail(fld, "must be a target word or a table with choose/all",
                       "нужно слово цели или таблица с choose или all")
    _check_keys(ctx, fld, value, {"choose", "all", "side", "filter", "zone"})
    if ("choose" in value) == ("all" in value):
        raise ctx.fail(fld, "needs exactly one of choose = KIND or all = KIND",
                       "нужно что-то одно: choose = ВИД или all = ВИД")
    mode = "choose" if "choose" in value else "all"
    kind = _one_of(ctx, f"{fld}.{mode}", value[mode], R.TARGET_KINDS, ("unknown kind", "неизвестный вид карт"))
    zone = _one_of(ctx, f"{fld}.zone", value.get("zone", "play"), ("play", "grave"))
    # CR 118.6, 118.9: a graveyard nobody names is the ability controller's own; in play any card fits.
    side = _one_of(ctx, f"{fld}.side", value.get("side", "own" if zone == "grave" else "any"), R.SIDES,
                   ("unknown side", "неизвестная сторона"))
    out: dict[str, Any] = {mode: kind, "side": side, "zone": zone}
    flt = parse_filter(ctx, f"{fld}.filter", value.get("filter"))
    if flt:
        out["filter"] = flt
    return out


def parse_effect(ctx: _Ctx, fld: str, value: Any, known_cards: set[str] | None) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ctx.fail(fld, "an effect must be a table with effect = NAME", "эффект — это таблица с effect = ИМЯ")
    name = _one_of(ctx, f"{fld}.effect", value.get("effect"), R.EFFECTS, ("unknown effect", "неизвестный эффект"))
    spec = R.EFFECTS[name]
    _check_keys(ctx, fld, value, set(spec.params) | {"effect", "then", "may", "delay"})
    out: dict[str, Any] = {"effect": name}
    for pname, param in spec.params.items():
        pf = f"{fld}.{pname}"
        if pname not in value:
            if param.required and not (pname == "target" and value.get("delay")):
                # CR 520.1: a delayed effect naming no card goes to your hero.
                raise ctx.fail(pf, f"is required by effect {name}", f"обязательно для эффекта {name}")
            if param.default is not None:
                out[pname] = param.default
            continue
        raw = value[pname]
        if param.kind == "amount":
            out[pname] = _amount(ctx, pf, raw)
        elif param.kind == "int":
            out[pname] = _int(ctx, pf, raw, 0, 20)
        elif param.kind == "bool":
            out[pname] = _bool(ctx, pf, raw)
        elif param.kind == "target":
            out[pname] = parse_target(ctx, pf, raw)
        elif param.kind == "filter":
            out[pname] = parse_filter(ctx, pf, raw)
        elif param.kind in _WORDS:
            out[pname] = _one_of(ctx, pf, raw, _WORDS[param.kind])
        elif param.kind == "card":
            if not isinstance(raw, str) or (known_cards is not None and raw not in known_cards):
                raise ctx.fail(pf, f"unknown card {shown(raw)}", f"неизвестная карта {shown(raw)}")
            out[pname] = raw
    problem = spec.check(out)  # what the effect's class asks beyond its parameters' types
    if problem is not None:
        where, en, ru = problem
        raise ctx.fail(f"{fld}.{where}", en, ru)
    if value.get("then") is not None:
        # CR 119.4: «…, при этом …» — the next part happens only if this one did.
        out["then"] = _bool(ctx, f"{fld}.then", value["then"])
    if value.get("may") is not None and _bool(ctx, f"{fld}.may", value["may"]):
        # CR 119.5: «можете X, …» — the controller may pass this part over; the rest still happens.
        if name == "cancel":
            raise ctx.fail(f"{fld}.may", "a cancel cannot be optional; make the trigger may = true instead",
                           "отмена не бывает необязательной; поставьте may = true всей способности")
        out["may"] = True
    if value.get("delay") is not None:
        # CR 520.1: a delayed effect waits for its moment on the card it is for.
        out["delay"] = _one_of(ctx, f"{fld}.delay", value["delay"], R.DELAYS)
        if name in ("cancel", "vanguard_play"):
            raise ctx.fail(f"{fld}.delay", f"effect {name} cannot wait", f"эффект {name} нельзя отложить")
    return out


def _effects(ctx: _Ctx, fld: str, value: Any, known: set[str] | None) -> tuple[dict[str, Any], ...]:
    if not isinstance(value, list) or not value:
        raise ctx.fail(fld, "must be a non-empty list of effects", "нужен непустой список эффектов")
    return tuple(parse_effect(ctx, f"{fld}[{i}]", e, known) for i, e in enumerate(value))


def parse_modes(ctx: _Ctx, fld: str, value: Any, known: set[str] | None) -> dict[str, Any]:
    """CR 523: «выберите N раз из: …» — a chain of N parts, repeats allowed, in the player's order."""
    if not isinstance(value, dict):
        raise ctx.fail(fld, "must be a table {count = N, options = [[effects…], …]}",
                       "нужна таблица {count = N, options = [[эффекты…], …]}")
    _check_keys(ctx, fld, value, {"count", "options"})
    count = _int(ctx, f"{fld}.count", value.get("count"), 1, R.MAX_MODES)
    options = value.get("options")
    if not isinstance(options, list) or len(options) < 2:
        raise ctx.fail(f"{fld}.options", "needs at least two options, each a list of effects",
                       "нужно хотя бы два варианта, каждый — список эффектов")
    return {"count": count,
            "options": tuple(_effects(ctx, f"{fld}.options[{i}]", o, known) for i, o in enumerate(options))}


def _body(ctx: _Ctx, fld: str, value: dict, known: set[str] | None) -> dict[str, Any]:
    """An ability's effects, or its constructor modes. ``fld`` is the ability's path; a spell's own
    effects and modes sit in the card's table itself, so for a spell it is "" (errors then name
    ``effects[0]``/``modes``, as the author wrote them)."""
    pre = f"{fld}." if fld else ""
    if "modes" in value:
        if "effects" in value:
            raise ctx.fail(fld or "effects", "has both effects and modes; use one",
                           "заданы и effects, и modes; оставьте одно")
        return {"effects": (), "modes": parse_modes(ctx, f"{pre}modes", value["modes"], known)}
    return {"effects": _effects(ctx, f"{pre}effects", value.get("effects"), known), "modes": None}


def parse_ability(ctx: _Ctx, fld: str, value: Any, known: set[str] | None) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ctx.fail(fld, "an ability must be a table", "способность — это таблица")
    if "keyword" in value and "aura" not in value:
        _check_keys(ctx, fld, value, {"keyword", "value", "from", "what"})
        kw = _one_of(ctx, f"{fld}.keyword", value["keyword"], R.KEYWORDS, _UNKNOWN_KEYWORD)
        return {"kind": "keyword", "keyword": kw, **_keyword_params(ctx, fld, kw, value)}
    if "trigger" in value:
        _check_keys(ctx, fld, value, {"trigger", "effects", "modes", "may", "each_time", "pay_coins"})
        trig = _one_of(ctx, f"{fld}.trigger", value["trigger"], R.TRIGGERS,
                       ("unknown trigger", "неизвестное условие срабатывания"))
        body = _body(ctx, fld, value, known)
        if (value.get("may") or value.get("pay_coins")) and body["effects"] and body["effects"][0].get("may"):
            raise ctx.fail(f"{fld}.effects[0].may", "the first part of an optional or paid trigger cannot be "
                           "optional on its own (make the trigger may = true)",
                           "первая часть необязательной или платной способности не бывает необязательной "
                           "сама по себе (поставьте may = true всей способности)")
        cancels = [i for i, e in enumerate(body["effects"]) if e["effect"] == "cancel"]
        if cancels and (cancels != [0] or trig != "enemy_spell"):
            raise ctx.fail(f"{fld}.effects", "cancel must be the first effect of an enemy_spell trigger (CR 517)",
                           "cancel может быть только первым эффектом способности с trigger = enemy_spell "
                           "(правило 517)")
        return {"kind": "trigger", "on": trig, **body,
                "may": _bool(ctx, f"{fld}.may", value.get("may", False)),
                "each_time": _bool(ctx, f"{fld}.each_time", value.get("each_time", False)),
                "pay_coins": _int(ctx, f"{fld}.pay_coins", value.get("pay_coins", 0), 0, 10)}
    if "activate" in value:
        _check_keys(ctx, fld, value, {"activate", "effects", "modes", "times"})
        cost = value["activate"]
        if not isinstance(cost, dict):
            raise ctx.fail(f"{fld}.activate", "must be a table like {tap = true, coins = 2}",
                           "нужна таблица, например {tap = true, coins = 2}")
        _check_keys(ctx, f"{fld}.activate", cost, {"tap", "coins", "prayers", "wounds", "x"})
        norm = {"tap": _bool(ctx, f"{fld}.activate.tap", cost.get("tap", False)),
                "coins": _int(ctx, f"{fld}.activate.coins", cost.get("coins", 0), 0, 10),
                "prayers": _int(ctx, f"{fld}.activate.prayers", cost.get("prayers", 0), 0, 10),
                "wounds": _int(ctx, f"{fld}.activate.wounds", cost.get("wounds", 0), 0, 10),
                "x": _bool(ctx, f"{fld}.activate.x", cost.get("x", False))}
        return {"kind": "activate", "cost": norm, **_body(ctx, fld, value, known),
                "times": _int(ctx, f"{fld}.times", value.get("times", 1), 1, 5)}
    if "aura" in value:
        _check_keys(ctx, fld, value, {"aura", "amount", "keyword", "value", "from", "what", "affects"})
        aura = _one_of(ctx, f"{fld}.aura", value["aura"], R.AURAS, ("unknown aura", "неизвестная постоянная способность"))
        default: Any = {"all": "creature", "side": "own"}
        if aura in R.PRAYER_AURAS:
            default = "your_hero" if aura == "more_prayers" else "enemy_hero"
        affects = parse_target(ctx, f"{fld}.affects", value.get("affects", default))
        if "choose" in affects:
            raise ctx.fail(f"{fld}.affects", "a constant ability chooses no targets (CR 115.2): use all = KIND",
                           "постоянная способность не выбирает цели (правило 115.2): укажите all = ВИД")
        out: dict[str, Any] = {"kind": "aura", "aura": aura, "affects": affects}
        if aura in R.PRAYER_AURAS:
            # The gain of a player: named by their hero.
            allowed = ("your_hero", "enemy_hero", "each_hero") if aura == "more_prayers" else ("enemy_hero",)
            if affects.get("sel") not in allowed:
                names = ", ".join(allowed)
                raise ctx.fail(f"{fld}.affects", f"must be one of {names} (whose gain it replaces)",
                               f"нужно одно из: {names} (чьё получение молитв она меняет)")
            if aura == "steal_prayers":
                return out
        if aura == "grant":
            kw = _one_of(ctx, f"{fld}.keyword", value.get("keyword"), R.KEYWORDS, _UNKNOWN_KEYWORD)
            out.update(keyword=kw, **_keyword_params(ctx, fld, kw, value))
        else:
            # A prevention effect prevents at least one wound (CR 515.3); the others may also lower.
            lo = 1 if aura in ("prevent", "more_prayers") else -10
            out["amount"] = _int(ctx, f"{fld}.amount", value.get("amount"), lo, 10)
        return out
    raise ctx.fail(fld, "needs one of keyword, trigger, activate, aura",
                   "нужно одно из полей: keyword, trigger, activate, aura")


def effects_with_paths(card: CardDef) -> list[tuple[str, dict[str, Any]]]:
    """Every effect printed on a card with its field path as the card's file spells it: a spell's own
    ``effects[i]`` and ``modes.options[j][i]``, an ability's under ``abilities[n].`` (parsing keeps the
    file's order one to one, so the paths are the author's)."""
    out: list[tuple[str, dict[str, Any]]] = []
    bodies = [("", card.effects, card.modes)]
    bodies += [(f"abilities[{n}].", ab.get("effects", ()), ab.get("modes")) for n, ab in enumerate(card.abilities)]
    for prefix, effects, modes in bodies:
        out += [(f"{prefix}effects[{i}]", eff) for i, eff in enumerate(effects or ())]
        for j, option in enumerate((modes or {}).get("options", ())):
            out += [(f"{prefix}modes.options[{j}][{i}]", eff) for i, eff in enumerate(option)]
    return out


CARD_FIELDS = {"id", "name", "type", "subtype", "elements", "cost", "x_cost", "strike", "lives", "abilities",
               "effects", "modes", "flavor", "art"}
# «у заклинания нет удара»: card types and properties in the genitive, for the Russian reasons.
_GENITIVE = {"hero": "героя", "spell": "заклинания", "support": "карты поддержки", "strike": "удара",
             "lives": "жизней"}
_BAD_ID = ("must be lowercase latin letters, digits, _ or -, got {}",
           "нужны строчные латинские буквы, цифры, _ или -, а указано {}")


def parse_card(data: Any, file: str, known: set[str] | None = None) -> CardDef:
    """Validate one card table; raise CardDataError naming file, card and field."""
    ctx = _Ctx(file)
    if not isinstance(data, dict):
        raise ctx.fail("card", "must be a table", "нужна таблица")
    cid = data.get("id")
    if not isinstance(cid, str) or not _ID.match(cid):
        raise ctx.fail("id", _BAD_ID[0].format(shown(cid)), _BAD_ID[1].format(shown(cid)))
    ctx.card = cid
    _check_keys(ctx, "", data, CARD_FIELDS)  # the card's own fields: named as written
    name = _text(ctx, "name", data.get("name"))
    ctype = _one_of(ctx, "type", data.get("type"), R.CARD_TYPES)
    subtype = data.get("subtype", "")
    if not isinstance(subtype, str):
        raise ctx.fail("subtype", "must be text", "нужен текст")
    if ctype == "support" and subtype not in R.SUPPORT_SUBTYPES:
        names = ", ".join(R.SUPPORT_SUBTYPES)
        raise ctx.fail("subtype", f"a support needs one of {names} (CR 211.2)",
                       f"карте поддержки нужен подтип: {names} (правило 211.2)")
    elements = data.get("elements", [])
    if not isinstance(elements, list) or any(e not in R.ELEMENTS for e in elements) or len(set(elements)) != len(elements):
        names = ", ".join(R.ELEMENTS)
        raise ctx.fail("elements", f"must be a list of distinct {names} (empty = neutral)",
                       f"нужен список разных стихий из: {names} (пустой — нейтральная карта)")
    kwargs: dict[str, Any] = {}
    if ctype != "hero":
        kwargs["cost"] = _int(ctx, "cost", data.get("cost"), 0, 10)
        kwargs["x_cost"] = _bool(ctx, "x_cost", data.get("x_cost", False))
    elif "cost" in data:
        raise ctx.fail("cost", "a hero has no cost (CR 207.3)", "у героя нет стоимости (правило 207.3)")
    if ctype == "creature":
        kwargs["strike"] = _int(ctx, "strike", data.get("strike"), 0, 20)
        kwargs["lives"] = _int(ctx, "lives", data.get("lives"), 0, 30)
    elif ctype == "hero":
        kwargs["lives"] = _int(ctx, "lives", data.get("lives"), 1, 40)
    for f in ("strike", "lives"):
        if f in data and f not in kwargs:
            raise ctx.fail(f, f"a {ctype} has no {f} (CR 207)", f"у {_GENITIVE[ctype]} нет {_GENITIVE[f]} (правило 207)")
    abilities = data.get("abilities", [])
    if not isinstance(abilities, list):
        raise ctx.fail("abilities", "must be a list", "нужен список")
    parsed = tuple(parse_ability(ctx, f"abilities[{i}]", a, known) for i, a in enumerate(abilities))
    effects: tuple[dict[str, Any], ...] = ()
    modes = None
    if ctype == "spell":
        body = _body(ctx, "", data, known)  # errors name effects[i] / modes, as written
        effects, modes = body["effects"], body["modes"]
        if any(a["kind"] not in ("keyword",) for a in parsed):
            raise ctx.fail("abilities", "a spell's abilities go in effects (CR 117)",
                           "способности заклинания пишутся в effects (правило 117)")
        if any(e["effect"] == "cancel" for e in effects):
            raise ctx.fail("effects", "cancel belongs to an enemy_spell trigger (CR 517)",
                           "cancel бывает только в способности с trigger = enemy_spell (правило 517)")
        every = list(effects) + [e for o in (modes or {}).get("options", ()) for e in o]
        if any(e["effect"] == "copy_abilities" for e in every):
            raise ctx.fail("effects", "copy_abilities gives the abilities to the card it is on; a spell has none "
                           "in play (CR 111.5)",
                           "copy_abilities даёт способности своей карте, а заклинания нет в игре (правило 111.5)")
        if any(e.get("while") for e in every):
            raise ctx.fail("effects", "a spell is in the graveyard at once: its effects cannot last while it is "
                           "in play (while belongs to abilities, CR 120.6)",
                           "заклинание сразу уходит на кладбище, и его эффекты не могут длиться, пока оно "
                           "в игре (while — только для способностей, правило 120.6)")
    elif "effects" in data or "modes" in data:
        raise ctx.fail("effects", "only spells have effects; other cards use abilities",
                       "effects бывают только у заклинаний; у других карт — abilities")
    bad_art = art_problem(data.get("art", ""))  # the picture: checked here, found by engine.content.art
    if bad_art is not None:
        raise ctx.fail("art", *bad_art)
    if kwargs.get("x_cost") and ctype != "spell" and ctype != "creature":
        raise ctx.fail("x_cost", "only spells and creatures may cost X",
                       "стоимость X бывает только у заклинаний и существ")
    return CardDef(id=cid, name=name, type=ctype, subtype=subtype, elements=tuple(elements), abilities=parsed,
                   effects=effects, modes=modes, flavor=_text(ctx, "flavor", data.get("flavor"), required=False),
                   art=data.get("art", ""), source=file, **kwargs)


def parse_deck(data: Any, file: str) -> DeckDef:
    ctx = _Ctx(file)
    if not isinstance(data, dict):
        raise ctx.fail("deck", "must be a table", "нужна таблица")
    did = data.get("id")
    if not isinstance(did, str) or not _ID.match(did):
        raise ctx.fail("id", _BAD_ID[0].format(shown(did)), _BAD_ID[1].format(shown(did)))
    ctx.card = did
    _check_keys(ctx, "deck", data, {"id", "name", "hero", "cards", "plan"})
    hero = data.get("hero")
    if not isinstance(hero, str):
        raise ctx.fail("hero", "must be a hero card id", "нужен id карты героя")
    cards = data.get("cards")
    if not isinstance(cards, dict) or not cards:
        raise ctx.fail("cards", "must be a table card_id = count", "нужна таблица id_карты = количество")
    counts = {k: _int(ctx, f"cards.{k}", v, 1, 40) for k, v in cards.items()}
    return DeckDef(id=did, name=_text(ctx, "name", data.get("name")), hero=hero, cards=counts,
                   plan=_text(ctx, "plan", data.get("plan"), required=False), source=file)


def parse_toml(text: str, file: str) -> dict[str, Any]:
    """The tables of a card, deck or scenario file; CardDataError naming the file when the TOML is broken,
    nested too deep or holds a number past 64 bits (:mod:`engine.core.stricttoml`)."""
    try:
        return stricttoml.parse(text)
    except stricttoml.TomlRejected as exc:
        raise CardDataError(exc.en, ru=exc.ru, file=file) from None
