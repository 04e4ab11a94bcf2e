"""Rules text generated from a card's structured abilities, in Russian and English.

The text is built from the same data the engine runs, so a card says exactly what it does:
keywords first, then each ability on its own line, then a spell's effects. Russian grammar lives in
:mod:`.grammar`, one phrase per effect in :mod:`.effects`, keyword labels in :mod:`.keywords`.
"""

from __future__ import annotations

from typing import Any

from engine.heroes import registry as R
from engine.heroes.carddef import CardDef, effects_with_paths
from engine.heroes.text.effects import (
    Ctx,
    ability_body,
    ability_clauses,
    clauses,
    modes_clause,
    signed,
    wounds_en,
)
from engine.heroes.text.grammar import cap, count_en, count_ru, noun_phrase, plural_ru, self_np, target_np
from engine.heroes.text.keywords import aura_granted, granted, keyword_acc_ru, keyword_label, reminder

__all__ = ["TAP", "ability_text", "all_effects", "card_text", "keyword_label", "reminders", "spell_text",
           "type_line"]

TAP = "[T]"  # the tap symbol; the client draws it

TYPE_NAMES = {"hero": ("Герой", "Hero"), "creature": ("Существо", "Creature"),
              "spell": ("Заклинание", "Spell"), "support": ("Поддержка", "Support")}
# Creature subtypes on type lines; others are shown as written.
SUBTYPE_NAMES = {"mechanism": ("механизм", "Mechanism"), "elemental": ("элементаль", "Elemental")}


def all_effects(card: CardDef) -> list[dict[str, Any]]:
    """Every effect printed on a card: a spell's effects, abilities and constructor options."""
    return [eff for _, eff in effects_with_paths(card)]


def _mentioned_keywords(card: CardDef) -> list[dict[str, Any]]:
    """Keyword entries on the card: its own first, then those it grants to others."""
    out = [ab for ab in card.abilities if ab["kind"] == "keyword"]
    for ab in card.abilities:
        if ab["kind"] == "aura" and ab["aura"] == "grant":
            out.append(aura_granted(ab))
    out.extend(granted(eff) for eff in all_effects(card) if eff["effect"] == "grant")
    return out


def reminders(card: CardDef, lang: str = "ru") -> list[tuple[str, str]]:
    """(label, reminder text) for each keyword the card has or grants, without repeats."""
    out: list[tuple[str, str]] = []
    for ab in _mentioned_keywords(card):
        item = (keyword_label(ab, lang), reminder(ab, lang))
        if item not in out:
            out.append(item)
    return out


def type_line(card: CardDef, lang: str = "ru") -> str:
    """«Существо — механизм · Горы», "Support — Weapon", «Герой · Степи/Леса»."""
    i = 0 if lang == "ru" else 1
    line = TYPE_NAMES[card.type][i]
    sub = card.subtype
    if sub:
        if card.type == "support" and sub in R.SUPPORT_NAMES:
            name = R.SUPPORT_NAMES[sub][i]
        else:
            name = SUBTYPE_NAMES.get(sub, (sub, sub))[i]
        line += f" — {name.lower() if i == 0 else name}"
    if card.elements:
        line += " · " + "/".join(R.ELEMENT_NAMES[e][i] for e in card.elements)
    return line


_EACH_TIME = {  # trigger -> (ru, en) with {self} for the card itself
    "enter": ("Каждый раз, когда {self} входит в игру", "Each time {self} enters play"),
    "death": ("Каждый раз, когда {self} гибнет", "Each time {self} dies"),
    "turn_start": ("Каждый раз в начале вашего хода", "At the start of each of your turns"),
    "turn_end": ("Каждый раз в конце вашего хода", "At the end of each of your turns"),
    "strike": ("Каждый раз, когда {self} наносит удар", "Each time {self} strikes"),
    "defend": ("Каждый раз, когда {self} защищает", "Each time {self} defends"),
    "ally_dies": ("Каждый раз, когда гибнет другое ваше существо", "Each time another creature of yours dies"),
    "enemy_dies": ("Каждый раз, когда гибнет существо противника", "Each time an enemy creature dies"),
    "wounded": ("Каждый раз, когда {self} получает раны", "Each time {self} is wounded"),
    "spell_cast": ("Каждый раз, когда вы разыгрываете заклинание", "Each time you play a spell"),
    "enemy_spell": ("Каждый раз, когда противник разыгрывает заклинание", "Each time your opponent plays a spell"),
    "slain": ("Каждый раз, когда {self} гибнет от существа противника", "Each time an enemy creature slays {self}"),
}


def _cancel_filter(ab: dict[str, Any]) -> dict[str, Any] | None:
    effects = ab.get("effects") or ()
    if ab["on"] == "enemy_spell" and effects and effects[0]["effect"] == "cancel":
        return effects[0].get("filter") or None
    return None


def _trigger_label(ab: dict[str, Any], ctx: Ctx, lang: str) -> str:
    trig = R.TRIGGERS[ab["on"]]
    ru = lang == "ru"
    spells = _cancel_filter(ab)
    if spells:
        # «Когда противник разыгрывает заклинание стоимостью 3 или меньше: …отменить это заклинание»
        np = noun_phrase("spell", "indef", flt=spells)
        head = ("Каждый раз, когда" if ab.get("each_time") else "Когда") if ru else \
            ("Each time" if ab.get("each_time") else "When")
        return f"{head} противник разыгрывает {np.ru['acc']}" if ru else f"{head} your opponent plays {np.en}"
    if not ab.get("each_time"):
        return trig.ru if ru else trig.en
    if ab["on"] not in _EACH_TIME:
        return f"{trig.ru} (каждый раз)" if ru else f"{trig.en} (each time)"
    me = self_np(ctx.card_type)
    return _EACH_TIME[ab["on"]][0 if ru else 1].replace("{self}", me.ru["nom"] if ru else me.en)


def _cost(cost: dict[str, Any], lang: str) -> str:
    ru = lang == "ru"
    parts = [TAP] if cost.get("tap") else []
    coins = cost.get("coins", 0)
    if cost.get("x"):
        amount = f"{coins}+X" if coins else "X"
        parts.append(f"{amount} {'монет' if ru else 'coins'}")
    elif coins:
        parts.append(f"{coins} {plural_ru(coins, 'монета', 'монеты', 'монет')}" if ru
                     else count_en(coins, "coin", "coins", False))
    if cost.get("prayers"):
        n = cost["prayers"]
        parts.append(f"{n} {plural_ru(n, 'жетон молитвы', 'жетона молитвы', 'жетонов молитвы')}" if ru
                     else count_en(n, "prayer token", "prayer tokens", False))
    if cost.get("wounds"):
        n = cost["wounds"]
        parts.append(f"раниться на {n}" if ru else f"take {wounds_en(n)}")
    if not parts:
        return "Без оплаты" if ru else "Free"
    return ", ".join(parts)


def ability_text(ab: dict[str, Any], card: CardDef, lang: str = "ru", *, pool: Any = None) -> str:
    """One non-keyword ability as a sentence (a keyword gives its label)."""
    ctx = Ctx(card.type, pool)
    ru = lang == "ru"
    kind = ab["kind"]
    if kind == "keyword":
        return keyword_label(ab, lang)
    if kind == "trigger":
        ctx.cancel_in_label = _cancel_filter(ab) is not None
        body = ability_body(ability_clauses(ab, ctx), lang, ab.get("may", False), ab.get("pay_coins", 0))
        return f"{_trigger_label(ab, ctx, lang)}: {body}."
    if kind == "activate":
        text = f"{_cost(ab['cost'], lang)}: {ability_body(ability_clauses(ab, ctx), lang)}."
        times = ab.get("times", 1)
        if times > 1:
            text += f" Не более {times} раз за ход." if ru else f" At most {times} times per turn."
        return text
    if kind == "aura":
        return _aura_text(ab, ctx, lang)
    raise ValueError(f"unknown ability kind {kind!r}")


_PRAYER_WHO = {  # whose gain a prayer replacement waits for: (ru if-clause, ru subject after, en, en subject)
    "your_hero": ("вы должны получить", "получите", "you would gain", "you gain"),
    "enemy_hero": ("противник должен получить", "он получает", "the opponent would gain", "they gain"),
    "each_hero": ("игрок должен получить", "он получает", "a player would gain", "they gain"),
}


def _prayer_text(ab: dict[str, Any], lang: str) -> str:
    """CR 516: a replacement effect on gaining prayer tokens."""
    if_ru, then_ru, if_en, then_en = _PRAYER_WHO[ab["affects"]["sel"]]
    if ab["aura"] == "steal_prayers":
        return (f"Если {if_ru} жетоны молитвы, вместо этого их получаете вы." if lang == "ru"
                else f"If {if_en} prayer tokens, you gain them instead.")
    n = ab["amount"]
    if lang == "ru":
        return f"Если {if_ru} жетоны молитвы, вместо этого {then_ru} на {n} больше."
    return f"If {if_en} prayer tokens, {then_en} {n} more instead."


def _aura_text(ab: dict[str, Any], ctx: Ctx, lang: str) -> str:
    if ab["aura"] in R.PRAYER_AURAS:
        return _prayer_text(ab, lang)
    t = target_np(ab["affects"], ctx.card_type, aura=True)
    aura = ab["aura"]
    kw = aura_granted(ab) if aura == "grant" else {}
    if lang == "ru":
        pl = t.plural
        subj = t.ru["nom"]
        gets = "получают" if pl else "получает"
        if aura == "strike":
            rest = f"{gets} {signed(ab['amount'])} к удару"
        elif aura == "lives":
            rest = f"{gets} {signed(ab['amount'])} к жизням"
        elif aura == "cost":
            n = ab["amount"]
            verb = "стоят" if pl else "стоит"
            coins = count_ru(abs(n), "монету", "монеты", "монет", False)
            rest = f"{verb} на {coins} {'меньше' if n < 0 else 'больше'}" if n else f"{verb} столько же"
        elif aura == "prevent":
            n = ab["amount"]
            first = "первую рану" if n == 1 else f"первые {n} {plural_ru(n, 'рану', 'раны', 'ран')}"
            rest = f"каждый ход не {'получают' if pl else 'получает'} {first}"
        else:
            rest = f"{gets} {keyword_acc_ru(kw)}"
        return cap(f"{subj} {rest}.")
    subj = t.en
    pl = t.group
    s = "" if pl else "s"
    if aura == "strike":
        rest = f"get{s} {signed(ab['amount'])} strike"
    elif aura == "lives":
        rest = f"get{s} {signed(ab['amount'])} {'life' if abs(ab['amount']) == 1 else 'lives'}"
    elif aura == "cost":
        n = ab["amount"]
        rest = f"cost{s} {abs(n)} {'less' if n < 0 else 'more'}" if n else f"cost{s} the same"
    elif aura == "prevent":
        n = ab["amount"]
        first = "the first wound" if n == 1 else f"the first {n} wounds"
        rest = f"ignore{s} {first} dealt to {'them' if pl else 'it'} each turn"
    else:
        rest = f"{'have' if pl else 'has'} {keyword_label(kw, 'en')}"
    return cap(f"{subj} {rest}.")


def spell_text(effects: Any, lang: str = "ru", *, modes: dict[str, Any] | None = None,
               card_type: str = "spell", pool: Any = None) -> str:
    """A spell's effects as sentences in order; «при этом» joins a part to the previous one."""
    sentences: list[str] = []
    ctx = Ctx(card_type, pool)
    parts = [(False, modes_clause(modes, ctx))] if modes else clauses(effects, ctx)
    for then, c in parts:
        s = c.imp if lang == "ru" else c.en
        if then and sentences:
            sentences[-1] += (", при этом " if lang == "ru" else ", and if you do, ") + s
        else:
            sentences.append(cap(s))
    return " ".join(s + "." for s in sentences)


def card_text(card: CardDef, lang: str = "ru", *, pool: Any = None) -> str:
    """The full rules text: keywords first, then each ability on its own line, then a spell's effects.

    ``pool`` (a CardPool or a mapping of card ids to cards) names the cards it creates.
    """
    lines = []
    labels = [keyword_label(ab, lang) for ab in card.abilities if ab["kind"] == "keyword"]
    if labels:
        lines.append(" ".join(label + "." for label in labels))
    for ab in card.abilities:
        if ab["kind"] != "keyword":
            lines.append(ability_text(ab, card, lang, pool=pool))
    modes = getattr(card, "modes", None)
    if card.effects or modes:
        lines.append(spell_text(card.effects, lang, modes=modes, card_type=card.type, pool=pool))
    return "\n".join(line for line in lines if line)
