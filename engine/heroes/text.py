"""Rules text generated from a card's structured abilities, in Russian and English.

The text is built from the same data the engine runs, so a card says exactly what it does.
Russian needs cases and agreement, so noun phrases are built from a small declension table
(nouns with their six forms, adjectives declined by ending) instead of patched strings.
Abilities read in the infinitive («Найм: ранить на 1 …»), spells address the player
(«Раньте на 3 …»); English is imperative throughout.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.heroes import registry as R
from engine.heroes.carddef import CardDef

CASES = ("nom", "gen", "dat", "acc", "ins")
TAP = "[T]"  # the tap symbol; the client draws it

TYPE_NAMES = {"hero": ("Герой", "Hero"), "creature": ("Существо", "Creature"),
              "spell": ("Заклинание", "Spell"), "support": ("Поддержка", "Support")}


# ====================================================================== declension
@dataclass(frozen=True)
class _Noun:
    gender: str  # m, f, n
    animate: bool
    sg: tuple[str, ...]  # forms in CASES order
    pl: tuple[str, ...]
    en: str
    en_pl: str
    mass: bool = False  # no plural of its own («всё оружие»): agrees as singular


def _noun(gender: str, animate: bool, sg: str, pl: str, en: str, en_pl: str, mass: bool = False) -> _Noun:
    return _Noun(gender, animate, tuple(sg.split()), tuple(pl.split()), en, en_pl, mass)


NOUNS = {
    "creature": _noun("n", True, "существо существа существу существо существом",
                      "существа существ существам существ существами", "creature", "creatures"),
    "character": _noun("m", True, "персонаж персонажа персонажу персонажа персонажем",
                       "персонажи персонажей персонажам персонажей персонажами", "character", "characters"),
    "hero": _noun("m", True, "герой героя герою героя героем", "герои героев героям героев героями",
                  "hero", "heroes"),
    "support": _noun("f", False, "поддержка поддержки поддержке поддержку поддержкой",
                     "поддержки поддержек поддержкам поддержки поддержками", "support", "supports"),
    "card": _noun("f", False, "карта карты карте карту картой", "карты карт картам карты картами", "card", "cards"),
    "spell": _noun("n", False, "заклинание заклинания заклинанию заклинание заклинанием",
                   "заклинания заклинаний заклинаниям заклинания заклинаниями", "spell", "spells"),
}
# Subtypes a filter may name; the subtype noun replaces the kind noun («выбранный механизм»).
SUBTYPE_NOUNS = {
    "mechanism": _noun("m", False, "механизм механизма механизму механизм механизмом",
                       "механизмы механизмов механизмам механизмы механизмами", "mechanism", "mechanisms"),
    "elemental": _noun("m", True, "элементаль элементаля элементалю элементаля элементалем",
                       "элементали элементалей элементалям элементалей элементалями", "elemental", "elementals"),
    "weapon": _noun("n", False, "оружие оружия оружию оружие оружием", "оружие оружия оружию оружие оружием",
                    "weapon", "weapons", mass=True),
    "armor": _noun("f", False, "броня брони броне броню бронёй", "брони броней броням брони бронями",
                   "armour", "armours"),
    "amulet": _noun("m", False, "амулет амулета амулету амулет амулетом",
                    "амулеты амулетов амулетам амулеты амулетами", "amulet", "amulets"),
    "terrain": _noun("f", False, "местность местности местности местность местностью",
                     "местности местностей местностям местности местностями", "terrain", "terrains"),
    "event": _noun("n", False, "событие события событию событие событием",
                   "события событий событиям события событиями", "event", "events"),
}
# Creature subtypes on type lines; others are shown as written.
SUBTYPE_NAMES = {"mechanism": ("механизм", "Mechanism"), "elemental": ("элементаль", "Elemental")}

_PRONOUNS = {  # forms in CASES order, "-" where the accusative follows animacy
    "ваш": {"m": "ваш вашего вашему - вашим", "n": "ваше вашего вашему ваше вашим",
            "f": "ваша вашей вашей вашу вашей", "pl": "ваши ваших вашим - вашими"},
    "этот": {"m": "этот этого этому - этим", "n": "это этого этому это этим",
             "f": "эта этой этой эту этой", "pl": "эти этих этим - этими"},
    "весь": {"m": "весь всего всему - всем", "n": "всё всего всему всё всем",
             "f": "вся всей всей всю всей", "pl": "все всех всем - всеми"},
}
_ADJ_ENDINGS = {"m": ("", "ого", "ому", "-", "ым"), "n": ("ое", "ого", "ому", "ое", "ым"),
                "f": ("ая", "ой", "ой", "ую", "ой"), "pl": ("ые", "ых", "ым", "-", "ыми")}


def _adj(word: str, g: str, case: str, animate: bool) -> str:
    """Decline an adjective or pronoun given in the masculine nominative (g: m, n, f or pl)."""
    i = CASES.index(case)
    table = _PRONOUNS.get(word)
    form = table[g].split()[i] if table else _ADJ_ENDINGS[g][i]
    if form == "-":  # the accusative of m and pl: genitive if animate, else nominative
        return _adj(word, g, "gen" if animate else "nom", animate)
    if table:
        return form
    if g == "m" and case == "nom":
        return word
    stem = word[:-2]
    if stem[-1] in "гкхжшчщ":  # spelling rule: и, not ы, after these
        form = form.replace("ы", "и")
    return stem + form


def _plural_ru(n: int | str, one: str, few: str, many: str) -> str:
    if n == "X":
        return many
    k = abs(int(n))
    if k % 10 == 1 and k % 100 != 11:
        return one
    if 2 <= k % 10 <= 4 and not 12 <= k % 100 <= 14:
        return few
    return many


def _count_ru(n: int | str, one: str, few: str, many: str, omit_one: bool = True) -> str:
    """«карту», «2 карты», «5 карт», «X карт» (accusative after a numeral)."""
    word = _plural_ru(n, one, few, many)
    return word if omit_one and n == 1 else f"{n} {word}"


def _count_en(n: int | str, sing: str, plural: str, omit_one: bool = True) -> str:
    if n == 1:
        return f"{'an' if sing[0] in 'aeiou' else 'a'} {sing}" if omit_one else f"1 {sing}"
    return f"{n} {plural}"


def _s(phrase: str) -> str:
    """The preposition «с», which becomes «со» before «вс…», «мн…» and с/з/ш/ж + consonant."""
    low = phrase.lower()
    vowels = "аеёиоуыэюя"
    if low.startswith(("вс", "мн")) or (len(low) > 1 and low[0] in "сзшжщ" and low[1] not in vowels):
        return "со " + phrase
    return "с " + phrase


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


# ====================================================================== noun phrases
@dataclass(frozen=True)
class _NP:
    """A noun phrase in every Russian case, its number and its English form."""

    ru: dict[str, str]
    plural: bool
    en: str


_FLAG_WORDS = {  # filter key -> (ru if true, ru if false, en if true, en if false)
    "wounded": ("раненый", "нераненый", "wounded", "unwounded"),
    "tapped": ("закрытый", "открытый", "tapped", "untapped"),
    "poisoned": ("отравленный", "неотравленный", "poisoned", "unpoisoned"),
}
ELEMENT_ADJ = {"steppe": ("степной", "Steppe"), "mountains": ("горный", "Mountain"), "forest": ("лесной", "Forest"),
               "swamp": ("болотный", "Swamp"), "darkness": ("тёмный", "Darkness"), "neutral": ("нейтральный", "neutral")}
_GRAVE = {"own": ("с вашего кладбища", "from your graveyard"),
          "enemy": ("с кладбища противника", "from the opponent's graveyard"),
          "any": ("с любого кладбища", "from any graveyard")}


def _phrase(pre: list[str], noun: _Noun, plural: bool, post: list[str]) -> dict[str, str]:
    g = "pl" if plural else noun.gender
    forms = noun.pl if plural else noun.sg
    out = {}
    for i, case in enumerate(CASES):
        words = [_adj(w, g, case, noun.animate) for w in pre] + [forms[i]] + post
        out[case] = " ".join(words)
    return out


def _filter_post(flt: dict[str, Any], lang: str) -> list[str]:
    """Filter conditions written after the noun: cost, strike, keyword, unknown subtype."""
    ru = lang == "ru"
    out = []
    lo, hi = flt.get("min_cost"), flt.get("max_cost")
    if lo is not None and hi is not None:
        out.append(f"стоимостью от {lo} до {hi}" if ru else f"costing {lo} to {hi}")
    elif hi is not None:
        out.append(f"стоимостью {hi} или меньше" if ru else f"costing {hi} or less")
    elif lo is not None:
        out.append(f"стоимостью {lo} или больше" if ru else f"costing {lo} or more")
    if "max_strike" in flt:
        out.append(f"с ударом {flt['max_strike']} или меньше" if ru else f"with strike {flt['max_strike']} or less")
    if "keyword" in flt:
        label = keyword_label({"keyword": flt["keyword"]}, lang)
        out.append(f"с особенностью «{label}»" if ru else f"with {label}")
    sub = flt.get("subtype")
    if sub and sub not in SUBTYPE_NOUNS:
        out.append(f"с подтипом «{sub}»" if ru else f"of subtype “{sub}”")
    return out


def _np(kind: str, mode: str, side: str = "any", zone: str = "play", flt: dict[str, Any] | None = None,
        aura: bool = False) -> _NP:
    """A target or group: choose (one chosen), all (a group), indef / many (cards found in a deck)."""
    flt = flt or {}
    noun = SUBTYPE_NOUNS.get(flt.get("subtype", ""), NOUNS[kind])
    hero_group = mode == "all" and kind == "hero" and "subtype" not in flt
    plural = mode in ("all", "many") and not hero_group and not noun.mass
    in_play = zone != "grave"
    pre_ru: list[str] = []
    pre_en: list[str] = []
    post_en: list[str] = []
    if mode == "choose":
        pre_ru.append("выбранный")
        pre_en.append("another target" if flt.get("other") else "target")
    elif hero_group:
        if side == "any" or not in_play:
            pre_ru.append("каждый")
            pre_en.append("each")
        elif side == "own":
            pre_en.append("your")
        else:
            pre_en.append("the enemy")
    elif mode == "all":
        if not aura or side == "any" or not in_play:
            pre_ru.append("весь")
            pre_en.append("all")
        if side == "own" and in_play:
            pre_en.append("your")
    if flt.get("other"):
        if mode == "all":
            pre_ru.append("остальной")
            pre_en.append("other")
        else:
            pre_ru.append("другой")
            if mode != "choose":
                pre_en.append("other")
    if side == "own" and in_play:
        pre_ru.append("ваш")
    for key, (ru_t, ru_f, en_t, en_f) in _FLAG_WORDS.items():
        if key in flt:
            pre_ru.append(ru_t if flt[key] else ru_f)
            pre_en.append(en_t if flt[key] else en_f)
    if side == "enemy" and in_play and not hero_group:
        pre_en.append("enemy")
    if "element" in flt:
        ru_adj, en_adj = ELEMENT_ADJ[flt["element"]]
        pre_ru.append(ru_adj)
        pre_en.append(en_adj)
    post_ru: list[str] = []
    if side == "enemy" and in_play:
        post_ru.append("противника")
    if mode == "choose" and side == "own" and in_play:
        post_en.append("you control")
    post_ru += _filter_post(flt, "ru")
    post_en += _filter_post(flt, "en")
    if not in_play:
        post_ru.append(_GRAVE[side][0])
        post_en.append(_GRAVE[side][1])
    words = pre_en + [noun.en_pl if plural else noun.en] + post_en
    en = " ".join(words)
    if mode == "indef":
        en = f"{'an' if en[0] in 'aeiou' else 'a'} {en}"
    return _NP(_phrase(pre_ru, noun, plural, post_ru), plural, en)


def _self_np(card_type: str) -> _NP:
    if card_type == "creature":
        return _NP(_phrase(["этот"], NOUNS["creature"], False, []), False, "this creature")
    if card_type == "hero":
        return _NP(_phrase(["этот"], NOUNS["hero"], False, []), False, "this hero")
    return _NP(_phrase(["этот"], NOUNS["card"], False, []), False, "this card")


_SEL = {
    "your_hero": (["ваш"], "hero", [], "your hero"),
    "enemy_hero": ([], "hero", ["противника"], "the enemy hero"),
    "each_hero": (["каждый"], "hero", [], "each hero"),
    "struck": (["атакованный"], "character", [], "the struck character"),
}


def _target_np(spec: dict[str, Any], ctx: _Ctx, aura: bool = False) -> _NP:
    sel = spec.get("sel")
    if sel == "self":
        return _self_np(ctx.card_type)
    if sel in _SEL:
        pre, kind, post, en = _SEL[sel]
        return _NP(_phrase(pre, NOUNS[kind], False, post), False, en)
    mode = "choose" if "choose" in spec else "all"
    return _np(spec[mode], mode, spec.get("side", "any"), spec.get("zone", "play"), spec.get("filter"), aura)


# ====================================================================== keywords
_KW_QUOTED = {"undead", "no_tap_attack", "ignore", "created"}  # not nouns: «особенность «…»»


def keyword_label(ability: dict[str, Any], lang: str = "ru") -> str:
    """A keyword as printed: «Броня 2», «Защита от заклинаний», "Armour 2", "Protection from spells"."""
    kw = R.KEYWORDS[ability["keyword"]]
    ru = lang == "ru"
    name = kw.ru if ru else kw.en
    if kw.value == "int":
        return f"{name} {ability['value']}" if ability.get("value") is not None else name
    if kw.value == "from":
        frm = ability.get("from")
        if frm not in R.PROTECTION_NAMES:
            return "Защита" if ru else "Protection"
        return f"{name} {R.PROTECTION_NAMES[frm][0 if ru else 1]}"
    if kw.value == "what":
        what = ability.get("what") or ability.get("from")
        if what not in R.IGNORE_NAMES:
            return name
        return f"{name} {R.IGNORE_NAMES[what][0 if ru else 1]}"
    return name


def _keyword_acc_ru(ability: dict[str, Any]) -> str:
    """The keyword as an object («дать … Броню 1»)."""
    label = keyword_label(ability, "ru")
    if ability["keyword"] in _KW_QUOTED:
        return f"особенность «{label}»"
    first, _, rest = label.partition(" ")
    if first.endswith("а"):
        first = first[:-1] + "у"
    elif first.endswith("я"):
        first = first[:-1] + "ю"
    return f"{first} {rest}".strip()


def _reminder(ability: dict[str, Any], lang: str) -> str:
    kw = R.KEYWORDS[ability["keyword"]]
    ru = lang == "ru"
    text = kw.reminder_ru if ru else kw.reminder_en
    value = ability.get("value")
    text = text.replace("{v}", str(value) if value is not None else "X")
    if "{f}" in text:
        frm = ability.get("from") or ability.get("what")
        names = R.IGNORE_NAMES if kw.value == "what" else R.PROTECTION_NAMES
        fill = names[frm][0 if ru else 1] if frm in names else ("…" if ru else "…")
        text = text.replace("{f}", fill)
    return text


def all_effects(card: CardDef) -> list[dict[str, Any]]:
    """Every effect printed on a card: abilities, constructor options and a spell's effects."""
    out: list[dict[str, Any]] = []
    bodies = [(ab.get("effects", ()), ab.get("modes")) for ab in card.abilities]
    bodies.append((card.effects, getattr(card, "modes", None)))
    for effects, modes in bodies:
        out.extend(effects or ())
        for option in (modes or {}).get("options", ()):
            out.extend(option)
    return out


def _mentioned_keywords(card: CardDef) -> list[dict[str, Any]]:
    """Keyword entries on the card: its own first, then those it grants to others."""
    out = [ab for ab in card.abilities if ab["kind"] == "keyword"]
    for ab in card.abilities:
        if ab["kind"] == "aura" and ab["aura"] == "grant":
            out.append({"keyword": ab["keyword"], "value": ab.get("value") or None})
    out.extend(_granted(eff) for eff in all_effects(card) if eff["effect"] == "grant")
    return out


def _granted(eff: dict[str, Any]) -> dict[str, Any]:
    entry: dict[str, Any] = {"keyword": eff["keyword"], "value": eff.get("value") or None}
    if eff.get("from"):
        entry["what" if R.KEYWORDS[eff["keyword"]].value == "what" else "from"] = eff["from"]
    return entry


def reminders(card: CardDef, lang: str = "ru") -> list[tuple[str, str]]:
    """(label, reminder text) for each keyword the card has or grants, without repeats."""
    out: list[tuple[str, str]] = []
    for ab in _mentioned_keywords(card):
        item = (keyword_label(ab, lang), _reminder(ab, lang))
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


# ====================================================================== effects
@dataclass
class _Ctx:
    card_type: str
    names: Any = None  # anything answering ``id in names`` and ``names[id].name``
    cancel_in_label: bool = False  # the trigger line already says which spells a cancel takes

    def card_name(self, cid: str, lang: str) -> str:
        if self.names is not None and cid in self.names:
            return self.names[cid].name[lang]
        return cid


@dataclass
class _Clause:
    """One effect as a phrase: Russian infinitive (abilities) and imperative (spells), English."""

    inf: str
    imp: str
    en: str
    you: bool = True  # the controller is the subject
    en_may: str = ""  # after "you may" when the subject is somebody else


_UNTIL = {"turn": ("до конца хода", "until end of turn"), "game": ("до конца игры", "for the rest of the game"),
          "next_turn": ("до начала вашего следующего хода", "until the start of your next turn")}
_IMP = {"ранить": "раньте", "излечить": "излечите", "уничтожить": "уничтожьте", "оглушить": "оглушите",
        "закрыть": "закройте", "открыть": "откройте", "подготовить": "подготовьте", "отравить": "отравите",
        "усилить": "усильте", "снять": "снимите", "дать": "дайте", "сделать": "сделайте", "вернуть": "верните",
        "возродить": "возродите", "взять": "возьмите", "создать": "создайте", "сразиться": "сразитесь",
        "скрыть": "скройте", "получить": "получите", "потерять": "потеряйте", "сбросить": "сбросьте",
        "убрать": "уберите", "вызвать": "вызовите", "найти": "найдите", "отменить": "отмените",
        "выбрать": "выберите"}


def _verb(verb: str, rest: str, en: str) -> _Clause:
    """A clause whose subject is the controller: infinitive and imperative differ in the verb only."""
    return _Clause(f"{verb} {rest}".strip(), f"{_IMP[verb]} {rest}".strip(), en)


def _until(eff: dict[str, Any]) -> tuple[str, str]:
    return _UNTIL[eff.get("until", "turn")]


def _who(eff: dict[str, Any], ctx: _Ctx, use_target: bool = True) -> tuple[str, _NP | None]:
    """Which player an effect names: you, opponent, each, chosen, or the controller of a card."""
    spec = eff.get("target") if use_target else None
    if spec is None:
        return eff.get("player", "you"), None
    sel = spec.get("sel")
    if sel in ("self", "your_hero"):
        return "you", None
    if sel == "enemy_hero":
        return "opponent", None
    if sel == "each_hero":
        return "each", None
    if spec.get("zone", "play") == "play" and (spec.get("choose") or spec.get("all")) == "hero" \
            and "filter" not in spec:
        side = spec.get("side", "any")
        if side == "own":
            return "you", None
        if side == "enemy":
            return "opponent", None
        return ("chosen" if "choose" in spec else "each"), None
    return "controller", _target_np(spec, ctx)


def _subject(who: str, np: _NP | None) -> tuple[str, str]:
    """(ru subject, en subject) of a clause about another player."""
    if who == "opponent":
        return "противник", "the opponent"
    if who == "each":
        return "каждый игрок", "each player"
    if who == "chosen":
        return "выбранный игрок", "target player"
    assert np is not None
    return f"игрок, контролирующий {np.ru['acc']},", f"the controller of {np.en}"


def _player_clause(who: str, np: _NP | None, verbs: tuple[str, str, str], obj_ru: str, obj_en: str) -> _Clause:
    """draw / discard / lose coins: «взять карту» for you, «противник берёт карту» for others."""
    ru_inf, ru_3sg, en_base = verbs
    if who == "you":
        return _verb(ru_inf, obj_ru, f"{en_base} {obj_en}")
    subj_ru, subj_en = _subject(who, np)
    en_3sg = en_base + ("es" if en_base.endswith("s") else "s")
    text = f"{subj_ru} {ru_3sg} {obj_ru}"
    return _Clause(text, text, f"{subj_en} {en_3sg} {obj_en}", you=False, en_may=f"have {subj_en} {en_base} {obj_en}")


def _deck_of(who: str, np: _NP | None) -> tuple[str, str]:
    if who == "you":
        return "вашей колоды", "your deck"
    if who == "opponent":
        return "колоды противника", "the opponent's deck"
    if who == "each":
        return "колоды каждого игрока", "each player's deck"
    if who == "chosen":
        return "колоды выбранного игрока", "target player's deck"
    assert np is not None
    return f"колоды игрока, контролирующего {np.ru['acc']}", f"the deck of the controller of {np.en}"


def _cards(n: int | str) -> tuple[str, str]:
    return _count_ru(n, "карту", "карты", "карт"), _count_en(n, "card", "cards")


def _coins(n: int | str) -> tuple[str, str]:
    return _count_ru(n, "монету", "монеты", "монет"), _count_en(n, "coin", "coins")


def _wounds_en(n: int | str) -> str:
    return f"{n} wound" if n == 1 else f"{n} wounds"


def _e_damage(e: dict, t: _NP, ctx: _Ctx) -> _Clause:
    return _verb("ранить", f"на {e['amount']} {t.ru['acc']}", f"deal {_wounds_en(e['amount'])} to {t.en}")


def _e_shot(e: dict, t: _NP, ctx: _Ctx) -> _Clause:
    text = f"выстрел на {e['amount']} по {t.ru['dat']}"
    return _Clause(text, text, f"shoot {t.en} for {e['amount']}")


def _e_heal(e: dict, t: _NP, ctx: _Ctx) -> _Clause:
    return _verb("излечить", f"на {e['amount']} {t.ru['acc']}", f"heal {_wounds_en(e['amount'])} from {t.en}")


def _simple(ru_verb: str, en_verb: str) -> Callable[[dict, _NP, _Ctx], _Clause]:
    def render(e: dict, t: _NP, ctx: _Ctx) -> _Clause:
        return _verb(ru_verb, t.ru["acc"], f"{en_verb} {t.en}")
    return render


def _e_draw(e: dict, t: _NP | None, ctx: _Ctx) -> _Clause:
    ru, en = _cards(e["count"])
    return _player_clause(*_who(e, ctx), ("взять", "берёт", "draw"), ru, en)


def _e_discard(e: dict, t: _NP | None, ctx: _Ctx) -> _Clause:
    # The engine asks the named player (never a target) to discard (effects.run_choice_effect).
    ru, en = _cards(e["count"])
    return _player_clause(*_who(e, ctx, use_target=False), ("сбросить", "сбрасывает", "discard"), ru, en)


def _e_lose_coins(e: dict, t: _NP | None, ctx: _Ctx) -> _Clause:
    ru, en = _coins(e["count"])
    return _player_clause(*_who(e, ctx), ("потерять", "теряет", "lose"), ru, en)


def _e_mill(e: dict, t: _NP | None, ctx: _Ctx) -> _Clause:
    n = e["count"]
    deck_ru, deck_en = _deck_of(*_who(e, ctx))
    top = _plural_ru(n, "верхнюю карту", "верхние карты", "верхних карт")
    top_ru = top if n == 1 else f"{n} {top}"
    top_en = "the top card" if n == 1 else f"the top {n} cards"
    return _verb("убрать", f"на кладбище {top_ru} {deck_ru}", f"put {top_en} of {deck_en} into the graveyard")


def _e_gain_coins(e: dict, t: _NP | None, ctx: _Ctx) -> _Clause:
    n = e["count"]
    if e.get("temporary"):
        word = _plural_ru(n, "временную монету", "временные монеты", "временных монет")
        ru = word if n == 1 else f"{n} {word}"
        en = _count_en(n, "temporary coin", "temporary coins")
    else:
        ru, en = _coins(n)
    return _verb("получить", ru, f"gain {en}")


def _e_gain_prayers(e: dict, t: _NP | None, ctx: _Ctx) -> _Clause:
    n = e["count"]
    ru = _count_ru(n, "жетон молитвы", "жетона молитвы", "жетонов молитвы")
    return _verb("получить", ru, f"gain {_count_en(n, 'prayer token', 'prayer tokens')}")


def _e_poison(e: dict, t: _NP, ctx: _Ctx) -> _Clause:
    return _verb("отравить", f"на {e['amount']} {t.ru['acc']}", f"poison {t.en} for {e['amount']}")


def _e_add_poison(e: dict, t: _NP, ctx: _Ctx) -> _Clause:
    return _verb("усилить", f"отравление {t.ru['gen']} на {e['amount']}",
                 f"increase the poison on {t.en} by {e['amount']}")


def _e_cleanse(e: dict, t: _NP, ctx: _Ctx) -> _Clause:
    return _verb("снять", f"отравление и оглушение {_s(t.ru['gen'])}", f"remove poison and stun from {t.en}")


def _e_grant(e: dict, t: _NP, ctx: _Ctx) -> _Clause:
    kw = _granted(e)
    ru_u, en_u = _until(e)
    return _verb("дать", f"{t.ru['dat']} {_keyword_acc_ru(kw)} {ru_u}", f"give {t.en} {keyword_label(kw, 'en')} {en_u}")


def _signed(n: int | str) -> str:
    return f"+{n}" if n == "X" or int(n) >= 0 else str(n)


def _e_strike(e: dict, t: _NP, ctx: _Ctx) -> _Clause:
    ru_u, en_u = _until(e)
    a = _signed(e["amount"])
    return _verb("дать", f"{t.ru['dat']} {a} к удару {ru_u}", f"give {t.en} {a} strike {en_u}")


def _e_lives(e: dict, t: _NP, ctx: _Ctx) -> _Clause:
    a = _signed(e["amount"])
    return _verb("дать", f"{t.ru['dat']} {a} к жизням", f"give {t.en} {a} {'life' if e['amount'] == 1 else 'lives'}")


def _e_set_lives(e: dict, t: _NP, ctx: _Ctx) -> _Clause:
    return _verb("сделать", f"жизни {t.ru['gen']} равными {e['value']}", f"set the lives of {t.en} to {e['value']}")


def _e_set_strike(e: dict, t: _NP, ctx: _Ctx) -> _Clause:
    ru_u, en_u = _until(e)
    return _verb("сделать", f"удар {t.ru['gen']} равным {e['value']} {ru_u}",
                 f"set the strike of {t.en} to {e['value']} {en_u}")


def _e_return_to_hand(e: dict, t: _NP, ctx: _Ctx) -> _Clause:
    where_ru, where_en = ("в руки владельцев", "to their owners' hands") if t.plural else \
        ("в руку владельца", "to its owner's hand")
    return _verb("вернуть", f"{t.ru['acc']} {where_ru}", f"return {t.en} {where_en}")


def _e_return_to_deck(e: dict, t: _NP, ctx: _Ctx) -> _Clause:
    # CR 204.3: the deck is shuffled afterwards.
    where_ru, where_en = ("в колоды владельцев", "into their owners' decks") if t.plural else \
        ("в колоду владельца", "into its owner's deck")
    return _verb("вернуть", f"{t.ru['acc']} {where_ru}", f"shuffle {t.en} {where_en}")


def _e_summon(e: dict, t: _NP | None, ctx: _Ctx) -> _Clause:
    np = _np("creature", "indef", flt=e.get("filter"))
    return _verb("вызвать", f"из вашей колоды {np.ru['acc']}", f"put {np.en} from your deck into play")


def _e_resurrect(e: dict, t: _NP, ctx: _Ctx) -> _Clause:
    return _verb("возродить", t.ru["acc"], f"return {t.en} to play")


def _e_take_control(e: dict, t: _NP, ctx: _Ctx) -> _Clause:
    return _verb("взять", f"под контроль {t.ru['acc']}", f"take control of {t.en}")


def _e_create(e: dict, t: _NP | None, ctx: _Ctx) -> _Clause:
    n = e.get("count", 1)
    ru_name, en_name = ctx.card_name(e["card"], "ru"), ctx.card_name(e["card"], "en")
    if n == 1:
        return _verb("создать", f"«{ru_name}»", f"create {en_name}")
    return _verb("создать", f"{_count_ru(n, 'карту', 'карты', 'карт')} «{ru_name}»", f"create {n} copies of {en_name}")


def _e_search(e: dict, t: _NP | None, ctx: _Ctx) -> _Clause:
    n = e.get("count", 1)
    if n == 1:
        np = _np("card", "indef", flt=e.get("filter"))
        what_ru, what_en, it_ru, it_en = np.ru["acc"], np.en, "её", "it"
    else:
        np = _np("card", "many", flt=e.get("filter"))
        what_ru, what_en, it_ru, it_en = f"до {n} {np.ru['gen']}", f"up to {n} {np.en}", "их", "them"
    return _Clause(f"найти в вашей колоде {what_ru} и взять {it_ru} в руку",
                   f"найдите в вашей колоде {what_ru} и возьмите {it_ru} в руку",
                   f"search your deck for {what_en} and put {it_en} into your hand")


def _e_cancel(e: dict, t: _NP | None, ctx: _Ctx) -> _Clause:
    # CR 517: the spell that set the trigger off is cancelled; a filter limits which spells qualify.
    flt = e.get("filter")
    if flt and not ctx.cancel_in_label:
        np = _np("spell", "indef", flt=flt)
        return _verb("отменить", f"это заклинание, если это {np.ru['nom']}", f"cancel that spell if it is {np.en}")
    return _verb("отменить", "это заклинание", "cancel that spell")


def _e_fight(e: dict, t: _NP, ctx: _Ctx) -> _Clause:
    return _verb("сразиться", _s(t.ru["ins"]), f"fight {t.en}")


EFFECT_TEXT: dict[str, Callable[[dict, Any, _Ctx], _Clause]] = {
    "damage": _e_damage, "shot": _e_shot, "heal": _e_heal, "destroy": _simple("уничтожить", "destroy"),
    "draw": _e_draw, "discard": _e_discard, "mill": _e_mill, "gain_coins": _e_gain_coins,
    "lose_coins": _e_lose_coins, "gain_prayers": _e_gain_prayers, "stun": _simple("оглушить", "stun"),
    "tap": _simple("закрыть", "tap"), "untap": _simple("открыть", "untap"),
    "prepare": _simple("подготовить", "prepare"), "poison": _e_poison, "add_poison": _e_add_poison,
    "cleanse": _e_cleanse, "grant": _e_grant, "strike": _e_strike, "lives": _e_lives,
    "set_lives": _e_set_lives, "set_strike": _e_set_strike, "return_to_hand": _e_return_to_hand,
    "return_to_deck": _e_return_to_deck, "summon": _e_summon, "resurrect": _e_resurrect,
    "take_control": _e_take_control, "create": _e_create, "search": _e_search, "fight": _e_fight,
    "hide": _simple("скрыть", "hide"), "cancel": _e_cancel,
}
_PLAYER_EFFECTS = ("draw", "discard", "mill", "lose_coins")  # their target names a player, not a card


def _clauses(effects: Any, ctx: _Ctx) -> list[tuple[bool, _Clause]]:
    """(joined by «при этом», clause) for every effect a card can print; engine-only effects are skipped."""
    out = []
    for eff in effects:
        if eff["effect"] not in R.EFFECTS:
            continue  # engine-only steps (damage_poison, vanguard_play, …) are never printed
        render = EFFECT_TEXT.get(eff["effect"])
        if render is None:
            raise ValueError(f"no rules text for effect {eff['effect']!r}")
        spec = eff.get("target")
        t = _target_np(spec, ctx) if spec is not None and eff["effect"] not in _PLAYER_EFFECTS else None
        out.append((bool(eff.get("then")) and bool(out), render(eff, t, ctx)))
    return out


def _modes_clause(modes: dict[str, Any], ctx: _Ctx) -> _Clause:
    """CR 523: «выберите N раз из: …» — a chain of N options, repeats allowed."""
    n = modes["count"]
    opts = [_clauses(option, ctx) for option in modes["options"]]

    def listing(pick: Callable[[_Clause], str], lang: str) -> str:
        return "; ".join(_join([(then, pick(c)) for then, c in option], lang) for option in opts)

    if n == 1:
        ru_head, en_head = "одно из", "choose one"
    else:
        ru_head = f"{n} {_plural_ru(n, 'раз', 'раза', 'раз')}, повторы разрешены"
        en_head = f"choose {n} times, repeats allowed"
    return _Clause(f"выбрать {ru_head}: {listing(lambda c: c.inf, 'ru')}",
                   f"выберите {ru_head}: {listing(lambda c: c.imp, 'ru')}",
                   f"{en_head}: {listing(lambda c: c.en, 'en')}")


def _ability_clauses(ab: dict[str, Any], ctx: _Ctx) -> list[tuple[bool, _Clause]]:
    if ab.get("modes"):
        return [(False, _modes_clause(ab["modes"], ctx))]
    return _clauses(ab.get("effects", ()), ctx)


def _join(parts: list[tuple[bool, str]], lang: str) -> str:
    """«a, b и c», with «, при этом» / ", and if you do," before a part that needs the previous one."""
    ru = lang == "ru"
    text = ""
    for i, (then, s) in enumerate(parts):
        if i == 0:
            text = s
        elif then:
            text += (", при этом " if ru else ", and if you do, ") + s
        elif i == len(parts) - 1:
            text += (" и " if ru else " and ") + s
        else:
            text += ", " + s
    return text


def _body(clauses: list[tuple[bool, _Clause]], lang: str, may: bool = False, pay: int = 0) -> str:
    """The effects of a triggered or activated ability, after the colon."""
    if not clauses:
        return ""
    first = clauses[0][1]
    if lang == "ru":
        parts = [(then, c.inf) for then, c in clauses]
        if pay:
            head = f"{'можете ' if may else ''}потерять {_count_ru(pay, 'монету', 'монеты', 'монет', False)}"
            return head + (", чтобы " if first.you else ", и тогда ") + _join(parts, lang)
        if may:
            parts[0] = (False, ("можете " if first.you else "по вашему желанию ") + parts[0][1])
        return _join(parts, lang)
    parts = [(then, c.en) for then, c in clauses]
    if pay:
        head = f"{'you may ' if may else ''}lose {_count_en(pay, 'coin', 'coins', False)}"
        return head + (" to " if first.you else ", and if you do, ") + _join(parts, lang)
    if may:
        parts[0] = (False, "you may " + (first.en if first.you else first.en_may))
    return _join(parts, lang)


# ====================================================================== abilities
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
}


def _cancel_filter(ab: dict[str, Any]) -> dict[str, Any] | None:
    effects = ab.get("effects") or ()
    if ab["on"] == "enemy_spell" and effects and effects[0]["effect"] == "cancel":
        return effects[0].get("filter") or None
    return None


def _trigger_label(ab: dict[str, Any], ctx: _Ctx, lang: str) -> str:
    trig = R.TRIGGERS[ab["on"]]
    ru = lang == "ru"
    spells = _cancel_filter(ab)
    if spells:
        # «Когда противник разыгрывает заклинание стоимостью 3 или меньше: …отменить это заклинание»
        np = _np("spell", "indef", flt=spells)
        head = ("Каждый раз, когда" if ab.get("each_time") else "Когда") if ru else \
            ("Each time" if ab.get("each_time") else "When")
        return f"{head} противник разыгрывает {np.ru['acc']}" if ru else f"{head} your opponent plays {np.en}"
    if not ab.get("each_time"):
        return trig.ru if ru else trig.en
    if ab["on"] not in _EACH_TIME:
        return f"{trig.ru} (каждый раз)" if ru else f"{trig.en} (each time)"
    me = _self_np(ctx.card_type)
    return _EACH_TIME[ab["on"]][0 if ru else 1].replace("{self}", me.ru["nom"] if ru else me.en)


def _cost(cost: dict[str, Any], lang: str) -> str:
    ru = lang == "ru"
    parts = [TAP] if cost.get("tap") else []
    coins = cost.get("coins", 0)
    if cost.get("x"):
        amount = f"{coins}+X" if coins else "X"
        parts.append(f"{amount} {'монет' if ru else 'coins'}")
    elif coins:
        parts.append(f"{coins} {_plural_ru(coins, 'монета', 'монеты', 'монет')}" if ru
                     else _count_en(coins, "coin", "coins", False))
    if cost.get("prayers"):
        n = cost["prayers"]
        parts.append(f"{n} {_plural_ru(n, 'жетон молитвы', 'жетона молитвы', 'жетонов молитвы')}" if ru
                     else _count_en(n, "prayer token", "prayer tokens", False))
    if cost.get("wounds"):
        n = cost["wounds"]
        parts.append(f"раниться на {n}" if ru else f"take {_wounds_en(n)}")
    if not parts:
        return "Без оплаты" if ru else "Free"
    return ", ".join(parts)


def ability_text(ab: dict[str, Any], card: CardDef, lang: str = "ru", *, pool: Any = None) -> str:
    """One non-keyword ability as a sentence (a keyword gives its label)."""
    ctx = _Ctx(card.type, pool)
    ru = lang == "ru"
    kind = ab["kind"]
    if kind == "keyword":
        return keyword_label(ab, lang)
    if kind == "trigger":
        ctx.cancel_in_label = _cancel_filter(ab) is not None
        body = _body(_ability_clauses(ab, ctx), lang, ab.get("may", False), ab.get("pay_coins", 0))
        return f"{_trigger_label(ab, ctx, lang)}: {body}."
    if kind == "activate":
        text = f"{_cost(ab['cost'], lang)}: {_body(_ability_clauses(ab, ctx), lang)}."
        times = ab.get("times", 1)
        if times > 1:
            text += f" Не более {times} раз за ход." if ru else f" At most {times} times per turn."
        return text
    if kind == "aura":
        return _aura_text(ab, ctx, lang)
    raise ValueError(f"unknown ability kind {kind!r}")


def _aura_text(ab: dict[str, Any], ctx: _Ctx, lang: str) -> str:
    t = _target_np(ab["affects"], ctx, aura=True)
    pl = t.plural
    aura = ab["aura"]
    if lang == "ru":
        subj = t.ru["nom"]
        gets = "получают" if pl else "получает"
        if aura == "strike":
            rest = f"{gets} {_signed(ab['amount'])} к удару"
        elif aura == "lives":
            rest = f"{gets} {_signed(ab['amount'])} к жизням"
        elif aura == "cost":
            n = ab["amount"]
            verb = "стоят" if pl else "стоит"
            coins = _count_ru(abs(n), "монету", "монеты", "монет", False)
            rest = f"{verb} на {coins} {'меньше' if n < 0 else 'больше'}" if n else f"{verb} столько же"
        else:
            rest = f"{gets} {_keyword_acc_ru({'keyword': ab['keyword'], 'value': ab.get('value') or None})}"
        return _cap(f"{subj} {rest}.")
    subj = t.en
    s = "" if pl else "s"
    if aura == "strike":
        rest = f"get{s} {_signed(ab['amount'])} strike"
    elif aura == "lives":
        rest = f"get{s} {_signed(ab['amount'])} {'life' if abs(ab['amount']) == 1 else 'lives'}"
    elif aura == "cost":
        n = ab["amount"]
        rest = f"cost{s} {abs(n)} {'less' if n < 0 else 'more'}" if n else f"cost{s} the same"
    else:
        label = keyword_label({"keyword": ab["keyword"], "value": ab.get("value") or None}, "en")
        rest = f"{'have' if pl else 'has'} {label}"
    return _cap(f"{subj} {rest}.")


def spell_text(effects: Any, lang: str = "ru", *, modes: dict[str, Any] | None = None, card_type: str = "spell",
               pool: Any = None) -> str:
    """A spell's effects as sentences in order; «при этом» joins a part to the previous one."""
    sentences: list[str] = []
    ctx = _Ctx(card_type, pool)
    clauses = [(False, _modes_clause(modes, ctx))] if modes else _clauses(effects, ctx)
    for then, c in clauses:
        s = c.imp if lang == "ru" else c.en
        if then and sentences:
            sentences[-1] += (", при этом " if lang == "ru" else ", and if you do, ") + s
        else:
            sentences.append(_cap(s))
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
