"""Keywords about the card itself: how it joins a squad or a deck, and whose it can be (CR 7). Модуль is still
read by name where a card is played (legal, game)."""

from __future__ import annotations

from engine.heroes.abilities.base import Keyword, keyword


@keyword
class Module(Keyword):
    name = "module"
    ru = "Модуль"
    en = "Module"
    reminder_ru = ("Вместо того чтобы войти в игру отдельно, может присоединиться к вашему механизму: тот получает "
                   "удар, жизни и особенности модуля.")
    reminder_en = ("Instead of entering play on its own it may attach to a mechanism of yours, adding its strike, "
                   "lives and abilities.")
    rule = "CR 7 Модуль"


@keyword
class Horde(Keyword):
    name = "horde"
    ru = "Орда"
    en = "Horde"
    reminder_ru = "В колоде может быть до 5 таких карт."
    reminder_en = "A deck may hold up to 5 copies of this card."
    rule = "CR 7 Орда"
    deck_copies = 5


@keyword
class Created(Keyword):
    name = "created"
    ru = "Созданный"
    en = "Created"
    reminder_ru = "Создаётся способностями, в колоду не кладётся; если должна уйти в колоду, уходит в запас."
    reminder_en = "Made by abilities, never part of a deck; if it would go to a deck it leaves the game instead."
    rule = "CR 7 Созданный"
    returns_to_supply = True


@keyword
class Unique(Keyword):
    name = "unique"
    ru = "Уникальность"
    en = "Unique"
    reminder_ru = "У игрока в игре может быть лишь одна такая карта; старая копия уходит на кладбище."
    reminder_en = "A player can control only one copy; when a new one arrives, the old one goes to the graveyard."
    rule = "CR 7 Уникальность"
    one_per_squad = True
    works_hidden = True


@keyword
class Steadfast(Keyword):
    name = "steadfast"
    ru = "Преданность"
    en = "Steadfast"
    reminder_ru = "Не может перейти в отряд другого игрока: эффекты, передающие контроль над ней, не действуют."
    reminder_en = ("Cannot join another player's squad: effects that would hand over control of it do nothing.")
    rule = "CR 518.5.1"
    keeps_control = True
