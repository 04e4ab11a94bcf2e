"""Russian declension and noun phrases for generated rules text.

Nouns carry their case forms; adjectives are declined by ending; a noun phrase (a target, a group,
a card found in a deck) is built once in every case, with its English form alongside.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.grammar import plural_ru
from engine.heroes.text.keywords import keyword_label

CASES = ("nom", "gen", "dat", "acc", "ins")


@dataclass(frozen=True)
class Noun:
    gender: str  # m, f, n
    animate: bool
    sg: tuple[str, ...]  # forms in CASES order
    pl: tuple[str, ...]
    en: str
    en_pl: str
    mass: bool = False  # no plural of its own («всё оружие»): agrees as singular


def make_noun(gender: str, animate: bool, sg: str, pl: str, en: str, en_pl: str, mass: bool = False) -> Noun:
    return Noun(gender, animate, tuple(sg.split()), tuple(pl.split()), en, en_pl, mass)


NOUNS = {
    "creature": make_noun("n", True, "существо существа существу существо существом",
                          "существа существ существам существ существами", "creature", "creatures"),
    "character": make_noun("m", True, "персонаж персонажа персонажу персонажа персонажем",
                           "персонажи персонажей персонажам персонажей персонажами", "character", "characters"),
    "hero": make_noun("m", True, "герой героя герою героя героем", "герои героев героям героев героями",
                      "hero", "heroes"),
    "support": make_noun("f", False, "поддержка поддержки поддержке поддержку поддержкой",
                         "поддержки поддержек поддержкам поддержки поддержками", "support", "supports"),
    "card": make_noun("f", False, "карта карты карте карту картой", "карты карт картам карты картами", "card", "cards"),
    "spell": make_noun("n", False, "заклинание заклинания заклинанию заклинание заклинанием",
                       "заклинания заклинаний заклинаниям заклинания заклинаниями", "spell", "spells"),
}
# Subtypes a filter may name; the subtype noun replaces the kind noun («выбранный механизм»).
SUBTYPE_NOUNS = {
    "mechanism": make_noun("m", False, "механизм механизма механизму механизм механизмом",
                           "механизмы механизмов механизмам механизмы механизмами", "mechanism", "mechanisms"),
    "elemental": make_noun("m", True, "элементаль элементаля элементалю элементаля элементалем",
                           "элементали элементалей элементалям элементалей элементалями", "elemental", "elementals"),
    "weapon": make_noun("n", False, "оружие оружия оружию оружие оружием", "оружие оружия оружию оружие оружием",
                        "weapon", "weapons", mass=True),
    "armor": make_noun("f", False, "броня брони броне броню бронёй", "брони броней броням брони бронями",
                       "armour", "armours"),
    "amulet": make_noun("m", False, "амулет амулета амулету амулет амулетом",
                        "амулеты амулетов амулетам амулеты амулетами", "amulet", "amulets"),
    "terrain": make_noun("f", False, "местность местности местности местность местностью",
                         "местности местностей местностям местности местностями", "terrain", "terrains"),
    "event": make_noun("n", False, "событие события событию событие событием",
                       "события событий событиям события событиями", "event", "events"),
}

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


def adj(word: str, g: str, case: str, animate: bool) -> str:
    """Decline an adjective or pronoun given in the masculine nominative (g: m, n, f or pl)."""
    i = CASES.index(case)
    table = _PRONOUNS.get(word)
    form = table[g].split()[i] if table else _ADJ_ENDINGS[g][i]
    if form == "-":  # the accusative of m and pl: genitive if animate, else nominative
        return adj(word, g, "gen" if animate else "nom", animate)
    if table:
        return form
    if g == "m" and case == "nom":
        return word
    stem = word[:-2]
    if stem[-1] in "гкхжшчщ":  # spelling rule: и, not ы, after these
        form = form.replace("ы", "и")
    return stem + form


def count_ru(n: int | str, one: str, few: str, many: str, omit_one: bool = True) -> str:
    """«карту», «2 карты», «5 карт», «X карт» (accusative after a numeral)."""
    word = plural_ru(n, one, few, many)
    return word if omit_one and n == 1 else f"{n} {word}"


def count_en(n: int | str, sing: str, plural: str, omit_one: bool = True) -> str:
    if n == 1:
        return f"{'an' if sing[0] in 'aeiou' else 'a'} {sing}" if omit_one else f"1 {sing}"
    return f"{n} {plural}"


def with_s(phrase: str) -> str:
    """The preposition «с», which becomes «со» before «вс…», «мн…» and с/з/ш/ж + consonant."""
    low = phrase.lower()
    vowels = "аеёиоуыэюя"
    if low.startswith(("вс", "мн")) or (len(low) > 1 and low[0] in "сзшжщ" and low[1] not in vowels):
        return "со " + phrase
    return "с " + phrase


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


# ====================================================================== noun phrases
@dataclass(frozen=True)
class NP:
    """A noun phrase in every Russian case, its number and its English form."""

    ru: dict[str, str]
    plural: bool  # Russian agreement («всё оружие» is singular)
    en: str
    group: bool = False  # more than one card (English number, «владельцев»)
    gender: str = "m"  # of the head noun, for a pronoun that refers back («её», «его»)

    @property
    def it_acc(self) -> str:
        """«её» / «его» / «их» for this phrase."""
        if self.plural:
            return "их"
        return "её" if self.gender == "f" else "его"


_FLAG_WORDS = {  # filter key -> (ru if true, ru if false, en if true, en if false)
    "wounded": ("раненый", "нераненый", "wounded", "unwounded"),
    "tapped": ("закрытый", "открытый", "tapped", "untapped"),
    "poisoned": ("отравленный", "неотравленный", "poisoned", "unpoisoned"),
}
ELEMENT_ADJ = {"steppe": ("степной", "Steppe"), "mountains": ("горный", "Mountain"),
               "forest": ("лесной", "Forest"), "swamp": ("болотный", "Swamp"),
               "darkness": ("тёмный", "Darkness"), "neutral": ("нейтральный", "neutral")}
_GRAVE = {"own": ("с вашего кладбища", "from your graveyard"),
          "enemy": ("с кладбища противника", "from the opponent's graveyard"),
          "any": ("с любого кладбища", "from any graveyard")}


def phrase(pre: list[str], noun: Noun, plural: bool, post: list[str]) -> dict[str, str]:
    g = "pl" if plural else noun.gender
    forms = noun.pl if plural else noun.sg
    out = {}
    for i, case in enumerate(CASES):
        words = [adj(w, g, case, noun.animate) for w in pre] + [forms[i]] + post
        out[case] = " ".join(words)
    return out


def filter_post(flt: dict[str, Any], lang: str) -> list[str]:
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


def noun_phrase(kind: str, mode: str, side: str = "any", zone: str = "play", flt: dict[str, Any] | None = None,
                aura: bool = False) -> NP:
    """A target or group: choose (one chosen), all (a group), indef / many (cards found in a deck)."""
    flt = flt or {}
    noun = SUBTYPE_NOUNS.get(flt.get("subtype", ""), NOUNS[kind])
    hero_group = mode == "all" and kind == "hero" and "subtype" not in flt
    group = mode in ("all", "many") and not hero_group
    plural = group and not noun.mass
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
    post_ru += filter_post(flt, "ru")
    post_en += filter_post(flt, "en")
    if not in_play:
        post_ru.append(_GRAVE[side][0])
        post_en.append(_GRAVE[side][1])
    words = pre_en + [noun.en_pl if group else noun.en] + post_en
    en = " ".join(words)
    if mode == "indef":
        en = f"{'an' if en[0] in 'aeiou' else 'a'} {en}"
    return NP(phrase(pre_ru, noun, plural, post_ru), plural, en, group, noun.gender)


def self_np(card_type: str) -> NP:
    if card_type == "creature":
        return NP(phrase(["этот"], NOUNS["creature"], False, []), False, "this creature", gender="n")
    if card_type == "hero":
        return NP(phrase(["этот"], NOUNS["hero"], False, []), False, "this hero")
    return NP(phrase(["этот"], NOUNS["card"], False, []), False, "this card", gender="f")


_SEL = {
    "your_hero": (["ваш"], "hero", [], "your hero"),
    "enemy_hero": ([], "hero", ["противника"], "the enemy hero"),
    "each_hero": (["каждый"], "hero", [], "each hero"),
    "struck": (["атакованный"], "character", [], "the struck character"),
}


def target_np(spec: dict[str, Any], card_type: str, aura: bool = False) -> NP:
    """The phrase for a target word (self, your_hero, …) or a choose/all table."""
    sel = spec.get("sel")
    if sel == "self":
        return self_np(card_type)
    if sel == "killer":
        # CR 505.1.1: the creature that killed the card whose death set the ability off.
        return NP(dict(zip(CASES, ("убийца", "убийцы", "убийце", "убийцу", "убийцей"), strict=True)), False,
                  "the creature that slew it")
    if sel in _SEL:
        pre, kind, post, en = _SEL[sel]
        return NP(phrase(pre, NOUNS[kind], False, post), False, en)
    mode = "choose" if "choose" in spec else "all"
    return noun_phrase(spec[mode], mode, spec.get("side", "any"), spec.get("zone", "play"), spec.get("filter"),
                       aura)
