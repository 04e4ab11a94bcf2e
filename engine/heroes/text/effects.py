"""Each effect of the registry as a phrase: Russian infinitive and imperative, and English.

Abilities read in the infinitive («Найм: ранить на 1 …»), spells address the player («Раньте на 3 …»).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.heroes import registry as R
from engine.heroes.abilities import Param
from engine.heroes.text.grammar import (
    ELEMENT_ADJ,
    NP,
    adj,
    count_en,
    count_ru,
    noun_phrase,
    plural_ru,
    self_np,
    target_np,
    with_s,
)
from engine.heroes.text.keywords import granted, keyword_acc_ru, keyword_label


@dataclass
class Ctx:
    card_type: str
    names: Any = None  # anything answering ``id in names`` and ``names[id].name``
    cancel_in_label: bool = False  # the trigger line already says which spells a cancel takes

    def card_name(self, cid: str, lang: str) -> str:
        if self.names is not None and cid in self.names:
            return self.names[cid].name[lang]
        return cid


@dataclass
class Clause:
    """One effect as a phrase: Russian infinitive (abilities) and imperative (spells), English."""

    inf: str
    imp: str
    en: str
    you: bool = True  # the controller is the subject
    en_may: str = ""  # after "you may" when the subject is somebody else
    optional: bool = False  # «можете X» inside the ability (CR 119.5)


_UNTIL = {"turn": ("до конца хода", "until end of turn"), "game": ("до конца игры", "for the rest of the game"),
          "next_turn": ("до начала вашего следующего хода", "until the start of your next turn")}
_IMP = {"ранить": "раньте", "излечить": "излечите", "уничтожить": "уничтожьте", "оглушить": "оглушите",
        "закрыть": "закройте", "открыть": "откройте", "подготовить": "подготовьте", "отравить": "отравите",
        "усилить": "усильте", "снять": "снимите", "дать": "дайте", "сделать": "сделайте", "вернуть": "верните",
        "возродить": "возродите", "взять": "возьмите", "создать": "создайте", "сразиться": "сразитесь",
        "скрыть": "скройте", "получить": "получите", "потерять": "потеряйте", "сбросить": "сбросьте",
        "убрать": "уберите", "вызвать": "вызовите", "найти": "найдите", "отменить": "отмените", "лишить": "лишите",
        "выбрать": "выберите", "добавить": "добавьте", "скопировать": "скопируйте"}


def _verb(verb: str, rest: str, en: str) -> Clause:
    """A clause whose subject is the controller: infinitive and imperative differ in the verb only."""
    return Clause(f"{verb} {rest}".strip(), f"{_IMP[verb]} {rest}".strip(), en)


def _until(eff: dict[str, Any], ctx: Ctx | None = None) -> tuple[str, str]:
    """How long an effect lasts, with its condition of existence (CR 120.6) if it has one."""
    ru, en = _UNTIL[eff.get("until", "turn")]
    cond = eff.get("while")
    if cond:
        kind = ctx.card_type if ctx is not None else "card"
        me = self_np(kind)
        if cond == "source_untapped":
            state = {"creature": "открыто", "hero": "открыт"}.get(kind, "открыта")
            ru += f", пока {me.ru['nom']} {state}"
            en += f", while {me.en} stays untapped"
        else:
            ru += f", пока {me.ru['nom']} в игре"
            en += f", while {me.en} stays in play"
    return ru, en


def _who(eff: dict[str, Any], ctx: Ctx, use_target: bool = True) -> tuple[str, NP | None]:
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
    return "controller", target_np(spec, ctx.card_type)


def _subject(who: str, np: NP | None) -> tuple[str, str]:
    """(ru subject, en subject) of a clause about another player."""
    if who == "opponent":
        return "противник", "the opponent"
    if who == "each":
        return "каждый игрок", "each player"
    if who == "chosen":
        return "выбранный игрок", "target player"
    assert np is not None
    return f"игрок, контролирующий {np.ru['acc']},", f"the controller of {np.en}"


def _player_clause(who: str, np: NP | None, verbs: tuple[str, str, str], obj_ru: str, obj_en: str) -> Clause:
    """draw / discard / lose coins: «взять карту» for you, «противник берёт карту» for others."""
    ru_inf, ru_3sg, en_base = verbs
    if who == "you":
        return _verb(ru_inf, obj_ru, f"{en_base} {obj_en}")
    subj_ru, subj_en = _subject(who, np)
    en_3sg = en_base + ("es" if en_base.endswith("s") else "s")
    text = f"{subj_ru} {ru_3sg} {obj_ru}"
    return Clause(text, text, f"{subj_en} {en_3sg} {obj_en}", you=False,
                  en_may=f"have {subj_en} {en_base} {obj_en}")


def _deck_of(who: str, np: NP | None) -> tuple[str, str]:
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
    return count_ru(n, "карту", "карты", "карт"), count_en(n, "card", "cards")


def _coins(n: int | str) -> tuple[str, str]:
    return count_ru(n, "монету", "монеты", "монет"), count_en(n, "coin", "coins")


def wounds_en(n: int | str) -> str:
    return f"{n} wound" if n == 1 else f"{n} wounds"


def _e_damage(e: dict, t: NP, ctx: Ctx) -> Clause:
    return _verb("ранить", f"на {e['amount']} {t.ru['acc']}", f"deal {wounds_en(e['amount'])} to {t.en}")


def _e_shot(e: dict, t: NP, ctx: Ctx) -> Clause:
    text = f"выстрел на {e['amount']} по {t.ru['dat']}"
    return Clause(text, text, f"shoot {t.en} for {e['amount']}")


def _e_heal(e: dict, t: NP, ctx: Ctx) -> Clause:
    return _verb("излечить", f"на {e['amount']} {t.ru['acc']}", f"heal {wounds_en(e['amount'])} from {t.en}")


def _simple(ru_verb: str, en_verb: str) -> Callable[[dict, NP, Ctx], Clause]:
    def render(e: dict, t: NP, ctx: Ctx) -> Clause:
        return _verb(ru_verb, t.ru["acc"], f"{en_verb} {t.en}")
    return render


def _e_draw(e: dict, t: NP | None, ctx: Ctx) -> Clause:
    ru, en = _cards(e["count"])
    return _player_clause(*_who(e, ctx), ("взять", "берёт", "draw"), ru, en)


def _e_discard(e: dict, t: NP | None, ctx: Ctx) -> Clause:
    # The engine asks the named player (never a target) to discard (effects.run_choice_effect).
    ru, en = _cards(e["count"])
    return _player_clause(*_who(e, ctx, use_target=False), ("сбросить", "сбрасывает", "discard"), ru, en)


def _e_lose_coins(e: dict, t: NP | None, ctx: Ctx) -> Clause:
    ru, en = _coins(e["count"])
    return _player_clause(*_who(e, ctx), ("потерять", "теряет", "lose"), ru, en)


def _e_mill(e: dict, t: NP | None, ctx: Ctx) -> Clause:
    n = e["count"]
    deck_ru, deck_en = _deck_of(*_who(e, ctx))
    top = plural_ru(n, "верхнюю карту", "верхние карты", "верхних карт")
    top_ru = top if n == 1 else f"{n} {top}"
    top_en = "the top card" if n == 1 else f"the top {n} cards"
    return _verb("убрать", f"на кладбище {top_ru} {deck_ru}", f"put {top_en} of {deck_en} into the graveyard")


def _e_gain_coins(e: dict, t: NP | None, ctx: Ctx) -> Clause:
    n = e["count"]
    if e.get("temporary"):
        word = plural_ru(n, "временную монету", "временные монеты", "временных монет")
        ru = word if n == 1 else f"{n} {word}"
        en = count_en(n, "temporary coin", "temporary coins")
    else:
        ru, en = _coins(n)
    return _verb("получить", ru, f"gain {en}")


def _e_gain_prayers(e: dict, t: NP | None, ctx: Ctx) -> Clause:
    n = e["count"]
    ru = count_ru(n, "жетон молитвы", "жетона молитвы", "жетонов молитвы")
    return _verb("получить", ru, f"gain {count_en(n, 'prayer token', 'prayer tokens')}")


def _e_poison(e: dict, t: NP, ctx: Ctx) -> Clause:
    return _verb("отравить", f"на {e['amount']} {t.ru['acc']}", f"poison {t.en} for {e['amount']}")


def _e_add_poison(e: dict, t: NP, ctx: Ctx) -> Clause:
    return _verb("усилить", f"отравление {t.ru['gen']} на {e['amount']}",
                 f"increase the poison on {t.en} by {e['amount']}")


def _e_cleanse(e: dict, t: NP, ctx: Ctx) -> Clause:
    return _verb("снять", f"отравление и оглушение {with_s(t.ru['gen'])}", f"remove poison and stun from {t.en}")


def _e_grant(e: dict, t: NP, ctx: Ctx) -> Clause:
    kw = granted(e)
    ru_u, en_u = _until(e, ctx)
    return _verb("дать", f"{t.ru['dat']} {keyword_acc_ru(kw)} {ru_u}", f"give {t.en} {keyword_label(kw, 'en')} {en_u}")


def signed(n: int | str) -> str:
    return f"+{n}" if n == "X" or int(n) >= 0 else str(n)


def _e_strike(e: dict, t: NP, ctx: Ctx) -> Clause:
    ru_u, en_u = _until(e, ctx)
    a = signed(e["amount"])
    return _verb("дать", f"{t.ru['dat']} {a} к удару {ru_u}", f"give {t.en} {a} strike {en_u}")


def _e_lives(e: dict, t: NP, ctx: Ctx) -> Clause:
    a = signed(e["amount"])
    return _verb("дать", f"{t.ru['dat']} {a} к жизням", f"give {t.en} {a} {'life' if e['amount'] == 1 else 'lives'}")


def _e_set_lives(e: dict, t: NP, ctx: Ctx) -> Clause:
    return _verb("сделать", f"жизни {t.ru['gen']} равными {e['value']}", f"set the lives of {t.en} to {e['value']}")


def _e_set_strike(e: dict, t: NP, ctx: Ctx) -> Clause:
    ru_u, en_u = _until(e, ctx)
    return _verb("сделать", f"удар {t.ru['gen']} равным {e['value']} {ru_u}",
                 f"set the strike of {t.en} to {e['value']} {en_u}")


def _e_return_to_hand(e: dict, t: NP, ctx: Ctx) -> Clause:
    where_ru, where_en = ("в руки владельцев", "to their owners' hands") if t.group else \
        ("в руку владельца", "to its owner's hand")
    return _verb("вернуть", f"{t.ru['acc']} {where_ru}", f"return {t.en} {where_en}")


def _e_return_to_deck(e: dict, t: NP, ctx: Ctx) -> Clause:
    # CR 204.3: the deck is shuffled afterwards.
    where_ru, where_en = ("в колоды владельцев", "into their owners' decks") if t.group else \
        ("в колоду владельца", "into its owner's deck")
    return _verb("вернуть", f"{t.ru['acc']} {where_ru}", f"shuffle {t.en} {where_en}")


def _e_summon(e: dict, t: NP | None, ctx: Ctx) -> Clause:
    np = noun_phrase("creature", "indef", flt=e.get("filter"))
    return _verb("вызвать", f"из вашей колоды {np.ru['acc']}", f"put {np.en} from your deck into play")


def _e_resurrect(e: dict, t: NP, ctx: Ctx) -> Clause:
    return _verb("возродить", t.ru["acc"], f"return {t.en} to play")


def _e_take_control(e: dict, t: NP, ctx: Ctx) -> Clause:
    if e.get("until", "game") == "game":
        return _verb("взять", f"под контроль {t.ru['acc']}", f"take control of {t.en}")
    ru_u, en_u = _until(e, ctx)
    return _verb("взять", f"под контроль {t.ru['acc']} {ru_u}", f"take control of {t.en} {en_u}")


def _e_create(e: dict, t: NP | None, ctx: Ctx) -> Clause:
    n = e.get("count", 1)
    ru_name, en_name = ctx.card_name(e["card"], "ru"), ctx.card_name(e["card"], "en")
    if n == 1:
        return _verb("создать", f"«{ru_name}»", f"create {en_name}")
    return _verb("создать", f"{count_ru(n, 'карту', 'карты', 'карт')} «{ru_name}»", f"create {n} copies of {en_name}")


def _e_search(e: dict, t: NP | None, ctx: Ctx) -> Clause:
    n = e.get("count", 1)
    if n == 1:
        np = noun_phrase("card", "indef", flt=e.get("filter"))
        what_ru, what_en, it_ru, it_en = np.ru["acc"], np.en, np.it_acc, "it"
    else:
        np = noun_phrase("card", "many", flt=e.get("filter"))
        what_ru, what_en, it_ru, it_en = f"до {n} {np.ru['gen']}", f"up to {n} {np.en}", "их", "them"
    return Clause(f"найти в вашей колоде {what_ru} и взять {it_ru} в руку",
                  f"найдите в вашей колоде {what_ru} и возьмите {it_ru} в руку",
                  f"search your deck for {what_en} and put {it_en} into your hand")


def _e_lose_abilities(e: dict, t: NP, ctx: Ctx) -> Clause:
    # CR 7 Теряет особенности: the printed text stops counting; what it gained stays.
    ru_u, en_u = _until(e, ctx)
    return _verb("лишить", f"{t.ru['acc']} особенностей {ru_u}",
                 f"strip {t.en} of {'their' if t.group else 'its'} abilities {en_u}")


def _e_change_element(e: dict, t: NP, ctx: Ctx) -> Clause:
    # CR 108.1: «становится тёмным» replaces its elements; CR 106.3.1-106.3.2: gain or lose one.
    el = e["element"]
    name_ru, name_en = R.ELEMENT_NAMES[el]
    ru_u, en_u = _until(e, ctx)
    mode = e.get("mode", "become")
    if mode == "become":
        word = adj(ELEMENT_ADJ[el][0], "pl" if t.plural else t.gender, "ins", True)
        en_els = "elements" if t.group else "element"
        return _verb("сделать", f"{t.ru['acc']} {word} {ru_u}",
                     f"change the {en_els} of {t.en} to {name_en} {en_u}")
    if mode == "gain":
        return _verb("добавить", f"{t.ru['dat']} стихию «{name_ru}» {ru_u}",
                     f"give {t.en} the {name_en} element {en_u}")
    return _verb("лишить", f"{t.ru['acc']} стихии «{name_ru}» {ru_u}", f"take the {name_en} element from {t.en} {en_u}")


def _e_copy_abilities(e: dict, t: NP, ctx: Ctx) -> Clause:
    # CR 111.5: the card with this ability copies them; «эта карта» in them means the copier.
    ru_u, en_u = _until(e, ctx)
    return _verb("скопировать", f"особенности {t.ru['gen']} {ru_u}", f"copy the abilities of {t.en} {en_u}")


def _e_animate(e: dict, t: NP, ctx: Ctx) -> Clause:
    # CR 108.2: the support becomes a creature with the strike and lives given.
    ru_u, en_u = _until(e, ctx)
    stats = f"{e['strike']}/{e['lives']}"
    if t.group:
        return _verb("сделать", f"{t.ru['acc']} существами {stats} {ru_u}", f"turn {t.en} into {stats} creatures {en_u}")
    return _verb("сделать", f"{t.ru['acc']} существом {stats} {ru_u}", f"turn {t.en} into a {stats} creature {en_u}")


def _e_cancel(e: dict, t: NP | None, ctx: Ctx) -> Clause:
    # CR 517: the spell that set the trigger off is cancelled; a filter limits which spells qualify.
    flt = e.get("filter")
    if flt and not ctx.cancel_in_label:
        np = noun_phrase("spell", "indef", flt=flt)
        return _verb("отменить", f"это заклинание, если это {np.ru['nom']}", f"cancel that spell if it is {np.en}")
    return _verb("отменить", "это заклинание", "cancel that spell")


def _e_fight(e: dict, t: NP, ctx: Ctx) -> Clause:
    return _verb("сразиться", with_s(t.ru["ins"]), f"fight {t.en}")


EFFECT_TEXT: dict[str, Callable[[dict, Any, Ctx], Clause]] = {
    "damage": _e_damage, "shot": _e_shot, "heal": _e_heal, "destroy": _simple("уничтожить", "destroy"),
    "draw": _e_draw, "discard": _e_discard, "mill": _e_mill, "gain_coins": _e_gain_coins,
    "lose_coins": _e_lose_coins, "gain_prayers": _e_gain_prayers, "stun": _simple("оглушить", "stun"),
    "tap": _simple("закрыть", "tap"), "untap": _simple("открыть", "untap"),
    "prepare": _simple("подготовить", "prepare"), "poison": _e_poison, "add_poison": _e_add_poison,
    "cleanse": _e_cleanse, "grant": _e_grant, "strike": _e_strike, "lives": _e_lives,
    "set_lives": _e_set_lives, "set_strike": _e_set_strike, "return_to_hand": _e_return_to_hand,
    "return_to_deck": _e_return_to_deck, "summon": _e_summon, "resurrect": _e_resurrect,
    "take_control": _e_take_control, "create": _e_create, "search": _e_search, "fight": _e_fight,
    "hide": _simple("скрыть", "hide"), "cancel": _e_cancel, "lose_abilities": _e_lose_abilities,
    "change_element": _e_change_element, "animate": _e_animate, "copy_abilities": _e_copy_abilities,
}
_PLAYER_EFFECTS = ("draw", "discard", "mill", "lose_coins")  # their target names a player, not a card


def clauses(effects: Any, ctx: Ctx) -> list[tuple[bool, Clause]]:
    """(joined by «при этом», clause) for every effect a card can print; engine-only effects are skipped."""
    out: list[tuple[bool, Clause]] = []
    for eff in effects:
        if eff["effect"] not in R.EFFECTS:
            continue  # engine-only steps (damage_poison, vanguard_play, …) are never printed
        render = EFFECT_TEXT.get(eff["effect"])
        if render is None:
            raise ValueError(f"no rules text for effect {eff['effect']!r}")
        spec = eff.get("target")
        if spec is None and eff.get("delay") and R.EFFECTS[eff["effect"]].params.get("target", _NO).required:
            spec = {"sel": "your_hero"}  # CR 520.1: a delayed effect naming no card is for your hero
        names_card = spec is not None and eff["effect"] not in _PLAYER_EFFECTS
        t = target_np(spec, ctx.card_type) if names_card else None
        clause = render(eff, t, ctx)
        if eff.get("delay"):
            clause = delayed(clause, eff["delay"])
        if eff.get("may"):
            clause = optional(clause)
        out.append((bool(eff.get("then")) and bool(out), clause))
    return out


_NO = Param("none", False)
_DELAY = {"turn_end": ("в конце хода", "at end of turn"),
          "next_turn": ("в начале вашего следующего хода", "at the start of your next turn")}


def delayed(c: Clause, at: str) -> Clause:
    """CR 520.1: «в конце хода …» — the effect waits for its moment."""
    ru, en = _DELAY[at]
    return Clause(f"{ru} {c.inf}", f"{ru} {c.imp}", f"{en}, {c.en}", c.you, f"{en}, {c.en_may}" if c.en_may else "")


def optional(c: Clause) -> Clause:
    """CR 119.5: «можете X» — a part the controller may pass over."""
    ru = ("можете " if c.you else "по вашему желанию ") + c.inf
    return Clause(ru, ru, "you may " + (c.en if c.you else c.en_may), optional=True)


def modes_clause(modes: dict[str, Any], ctx: Ctx) -> Clause:
    """CR 523: «выберите N раз из: …» — a chain of N options, repeats allowed."""
    n = modes["count"]
    opts = [clauses(option, ctx) for option in modes["options"]]

    def listing(pick: Callable[[Clause], str], lang: str) -> str:
        return "; ".join(join_parts([(then, pick(c)) for then, c in option], lang, [c.optional for _, c in option])
                         for option in opts)

    if n == 1:
        ru_head, en_head = "одно из", "choose one"
    else:
        ru_head = f"{n} {plural_ru(n, 'раз', 'раза', 'раз')}, повторы разрешены"
        en_head = f"choose {n} times, repeats allowed"
    return Clause(f"выбрать {ru_head}: {listing(lambda c: c.inf, 'ru')}",
                  f"выберите {ru_head}: {listing(lambda c: c.imp, 'ru')}",
                  f"{en_head}: {listing(lambda c: c.en, 'en')}")


def ability_clauses(ab: dict[str, Any], ctx: Ctx) -> list[tuple[bool, Clause]]:
    if ab.get("modes"):
        return [(False, modes_clause(ab["modes"], ctx))]
    return clauses(ab.get("effects", ()), ctx)


def join_parts(parts: list[tuple[bool, str]], lang: str, optional: list[bool] | None = None) -> str:
    """«a, b и c», with «, при этом» / ", and if you do," before a part that needs the previous one,
    and «, затем» / ", then" after an optional part, so what follows does not read as optional too."""
    ru = lang == "ru"
    text = ""
    for i, (then, s) in enumerate(parts):
        if i == 0:
            text = s
        elif then:
            text += (", при этом " if ru else ", and if you do, ") + s
        elif optional and optional[i - 1]:
            text += (", затем " if ru else ", then ") + s
        elif i == len(parts) - 1:
            text += (" и " if ru else " and ") + s
        else:
            text += ", " + s
    return text


def ability_body(said: list[tuple[bool, Clause]], lang: str, may: bool = False, pay: int = 0) -> str:
    """The effects of a triggered or activated ability, after the colon."""
    if not said:
        return ""
    first = said[0][1]
    opt = [c.optional for _, c in said]
    if lang == "ru":
        parts = [(then, c.inf) for then, c in said]
        if pay:
            head = f"{'можете ' if may else ''}потерять {count_ru(pay, 'монету', 'монеты', 'монет', False)}"
            return head + (", чтобы " if first.you else ", и тогда ") + join_parts(parts, lang, opt)
        if may:
            parts[0] = (False, ("можете " if first.you else "по вашему желанию ") + parts[0][1])
        return join_parts(parts, lang, opt)
    parts = [(then, c.en) for then, c in said]
    if pay:
        head = f"{'you may ' if may else ''}lose {count_en(pay, 'coin', 'coins', False)}"
        return head + (" to " if first.you else ", and if you do, ") + join_parts(parts, lang, opt)
    if may:
        parts[0] = (False, "you may " + (first.en if first.you else first.en_may))
    return join_parts(parts, lang, opt)
