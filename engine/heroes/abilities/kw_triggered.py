"""Keywords that are triggered abilities written short (CR 113, part 7): each says which event sets it off
(``on``) and what it puts into the waiting list (``trigger``); the trigger layer collects them from the
events of a step like any printed triggered ability."""

from __future__ import annotations

from typing import Any

from engine.heroes.abilities.base import Keyword, Synthetic, keyword

_SELF = {"sel": "self"}


@keyword
class Stealth(Keyword):
    name = "stealth"
    ru = "Скрытность"
    en = "Stealth"
    reminder_ru = "Входя в игру, скрывается: её нельзя выбрать целью, пока вы не раскроете её в начале своего хода."
    reminder_en = "Enters play hidden: it cannot be targeted until you reveal it at the start of your turn."
    rule = "CR 7 Скрытность"
    weight = 0.5
    on = "enter"
    order = 0

    @classmethod
    def trigger(cls, game: Any, cid: int, kws: dict[str, dict[str, Any]], ctx: dict[str, Any]) -> Synthetic | None:
        return Synthetic(({"effect": "hide", "target": _SELF},)) if cls.name in kws else None


@keyword
class Thirst(Keyword):
    name = "thirst"
    ru = "Жажда"
    en = "Thirst"
    reminder_ru = "Когда вы разыгрываете эту карту, она наносит {v} ран другому вашему персонажу на ваш выбор."
    reminder_en = "When you play this card it deals {v} wounds to another character of yours of your choice."
    value = "int"
    rule = "CR 7 Жажда X"
    on = "enter"
    order = 1

    @classmethod
    def trigger(cls, game: Any, cid: int, kws: dict[str, dict[str, Any]], ctx: dict[str, Any]) -> Synthetic | None:
        entry = kws.get(cls.name)
        if entry is None:
            return None
        return Synthetic(({"effect": "damage", "amount": entry["value"],
                           "target": {"choose": "character", "side": "own", "zone": "play", "filter": {"other": True}}},))


@keyword
class Vanguard(Keyword):
    name = "vanguard"
    ru = "Авангард"
    en = "Vanguard"
    reminder_ru = ("Когда вы разыгрываете эту карту, можете бесплатно разыграть с руки существо стоимостью {v} "
                   "или меньше; оно получает Рывок, а в конце хода вернётся в руку. Если разыграли — эта карта "
                   "закрывается.")
    reminder_en = ("When you play this card you may play a creature costing {v} or less from your hand for free; "
                   "it gains Haste and returns to your hand at end of turn. If you do, tap this card.")
    value = "int"
    rule = "CR 7 Авангард"
    weight = 0.5
    on = "enter"
    order = 2

    @classmethod
    def trigger(cls, game: Any, cid: int, kws: dict[str, dict[str, Any]], ctx: dict[str, Any]) -> Synthetic | None:
        entry = kws.get(cls.name)
        if entry is None:
            return None
        return Synthetic(({"effect": "vanguard_play", "limit": entry["value"]},), may=True)


@keyword
class Unity(Keyword):
    """The card has left play when this goes off: its number was noted as it died (``ctx["unity"]``)."""

    name = "unity"
    ru = "Единение"
    en = "Unity"
    reminder_ru = "Когда это существо гибнет, найдите в колоде существо стоимостью {v} или меньше и возьмите его в руку."
    reminder_en = "When this creature dies, search your deck for a creature costing {v} or less and take it."
    value = "int"
    rule = "CR 7 Единение X"
    weight = 0.6
    on = "death"

    @classmethod
    def trigger(cls, game: Any, cid: int, kws: dict[str, dict[str, Any]], ctx: dict[str, Any]) -> Synthetic | None:
        value = ctx.get("unity")
        if not value:
            return None
        return Synthetic(({"effect": "search", "filter": {"max_cost": value}, "count": 1},))


@keyword
class Regeneration(Keyword):
    name = "regeneration"
    ru = "Регенерация"
    en = "Regeneration"
    reminder_ru = "В конце вашего хода излечивается на {v}."
    reminder_en = "At the end of your turn it heals {v} wounds."
    value = "int"
    rule = "CR 7 Регенерация X"
    weight = 0.8
    on = "turn_end"

    @classmethod
    def trigger(cls, game: Any, cid: int, kws: dict[str, dict[str, Any]], ctx: dict[str, Any]) -> Synthetic | None:
        entry = kws.get(cls.name)
        if entry is None or not game.cards[cid].wounds:
            return None  # nothing to heal, nothing goes off
        return Synthetic(({"effect": "heal", "amount": entry["value"], "target": _SELF},))


@keyword
class Incarnation(Keyword):
    """Goes off from the graveyard at the start of its owner's turn; a gained Инкарнация stays on a card in
    the graveyard (CR 205.4) and counts over a printed one."""

    name = "incarnation"
    ru = "Инкарнация"
    en = "Incarnation"
    reminder_ru = ("В начале вашего хода, если это существо на кладбище, можете потерять {v} монет, чтобы "
                   "возродить его закрытым.")
    reminder_en = ("At the start of your turn, if this creature is in your graveyard, you may lose {v} coins to "
                   "bring it back tapped.")
    value = "int"
    rule = "CR 7 Инкарнация X"
    weight = 0.8
    on = "grave_turn_start"

    @classmethod
    def trigger(cls, game: Any, cid: int, kws: dict[str, dict[str, Any]], ctx: dict[str, Any]) -> Synthetic | None:
        c = game.cards[cid]
        gained = [e for e in c.effects if e["k"] == "kw" and e["kw"] == "incarnation"] if c.effects else None
        if gained:
            inc = gained[-1]
        else:
            d = c.d
            inc = d.keyword("incarnation") if "incarnation" in d.keyword_map else None
        if not inc or c.zone != "grave":
            return None
        return Synthetic(({"effect": "resurrect_tapped", "target": _SELF},), may=True, pay=inc["value"])
