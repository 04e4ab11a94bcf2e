"""Squad building in numbers: the crystals each player gets, the element penalty and what a card costs.

Pure functions over card data (no game state): :mod:`engine.classic.setup` asks them. "2022" is the
starter rules' «Формирование отряда», "2007" the comprehensive rules 3.3–3.7 (an option of the ruleset).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.classic.cards import ClassicCard

EDITIONS = ("2022", "2007")
DEAL = 15  # 2022 «Формирование отряда», 2007 3.3: fifteen cards from the top of the deck
REDEAL_COST = 1  # gold per redeal (2022; 2007 3.3)
FLYER_LIMIT = 15  # 2022 «Летающие существа», 2007 1.5.1д: crystals spent on flyers, gold and silver together
TERRAIN_LIMIT = 1  # 2022 «Местности», 2007 1.8
SQUAD_LIMIT = 15  # the cells of a half: a squad is laid out face down, one card a cell (2007 3.8)


def starting_crystals(edition: str, first: bool) -> tuple[int, int]:
    """(gold, silver) a player starts recruiting with.

    2022 «Определение количества кристаллов»: the first player 24 + 22, the second 25 + 23.
    2007 3.3–3.4: both 23 + 22, and the second player one silver more.
    """
    if edition == "2007":
        return (23, 22) if first else (23, 23)
    return (24, 22) if first else (25, 23)


def elements_of(cards: Iterable[ClassicCard]) -> set[str]:
    """The elements of a squad; neutral is no element (2007 1.4.2)."""
    return {c.element for c in cards if c.element != "neutral"}


def element_penalty(edition: str, before: set[str], card: ClassicCard) -> int:
    """Gold the player pays when ``card`` joins a squad of elements ``before`` (paid as it happens).

    2022 «Влияние стихий»: 1 gold for every element after the first. 2007 3.7: 1 gold for every element
    beyond two (the bonus for one element or none comes at the end: :func:`end_bonus`).
    """
    if card.element == "neutral" or card.element in before:
        return 0
    free = 2 if edition == "2007" else 1
    return 1 if len(before) + 1 > free else 0


def end_bonus(edition: str, elements: set[str]) -> int:
    """2007 3.7: one gold more for a squad of one element or none (2022 has no such bonus)."""
    return 1 if edition == "2007" and len(elements) <= 1 else 0


def price(card: ClassicCard, squad: Sequence[ClassicCard]) -> int:
    """What ``card`` costs to recruit into ``squad``: its printed cost, or what an «х: …» property of it
    computes from the cards already in the squad (2007 1.6.1, 3.6); never below 0."""
    cost = card.cost
    if "recruit_cost" not in card.hooks:
        return max(0, cost)  # no «х: …» cost (most cards)
    for ab in card.abilities:
        cost = ab.recruit_cost(card, squad, cost)
    return max(0, cost)


def splits(card: ClassicCard, gold: int, silver: int, cost: int | None = None) -> list[tuple[int, int]]:
    """Every (gold, silver) that pays ``cost`` (the card's printed cost unless given: :func:`price`) out of
    ``gold`` and ``silver``, most gold first.

    2022 «Элитные и рядовые карты», 2007 3.5: an elite card only for gold; an ordinary one for gold or
    silver in any mix.
    """
    cost = card.cost if cost is None else cost
    if card.elite:
        return [(cost, 0)] if gold >= cost else []
    return [(g, cost - g) for g in range(min(cost, gold), -1, -1) if cost - g <= silver]


def why_not(card: ClassicCard, squad: Sequence[ClassicCard], edition: str, gold: int, silver: int,
            pay: tuple[int, int] | None = None) -> tuple[str, str, str] | None:
    """Why ``card`` may not join ``squad`` now (code, ru, en), or None when it may.

    ``pay`` is the (gold, silver) the player names; None asks whether any payment works.
    """
    if len(squad) >= SQUAD_LIMIT:
        return ("full", f"В отряде уже {SQUAD_LIMIT} карт: больше не выложить на свою половину поля.",
                f"The squad already has {SQUAD_LIMIT} cards: no more fit on your half of the battlefield.")
    if card.unique and any(c.unique and c.name == card.name for c in squad):
        return ("unique", f"«{card.name['ru']}» уникальна: второй такой карты в отряде быть не может.",
                f"{card.name['en']} is unique: a squad cannot hold two of them.")
    if card.type == "terrain" and sum(c.type == "terrain" for c in squad) >= TERRAIN_LIMIT:
        return ("terrain", "В отряде может быть только одна местность.", "A squad may hold only one terrain.")
    cost = price(card, squad)
    if card.flyer and flyer_spend(squad) + cost > FLYER_LIMIT:
        return ("flyers", f"На летающих существ можно потратить не больше {FLYER_LIMIT} кристаллов.",
                f"At most {FLYER_LIMIT} crystals may be spent on flyers.")
    penalty = element_penalty(edition, elements_of(squad), card)
    if pay is None:
        if splits(card, gold - penalty, silver, cost):
            return None
        return _cannot_pay(card, penalty, cost)
    g, s = pay
    if g < 0 or s < 0 or g + s != cost:
        return ("split", f"Стоимость «{card.name['ru']}» — {cost}: золото и серебро должны дать ровно её.",
                f"{card.name['en']} costs {cost}: the gold and silver named must add up to it.")
    if card.elite and s:
        return ("elite", "Элитную карту можно взять только за золото.", "An elite card is paid for in gold only.")
    if g + penalty > gold or s > silver:
        return _cannot_pay(card, penalty, cost)
    return None


def flyer_spend(squad: Sequence[ClassicCard]) -> int:
    """The crystals a squad's flyers cost (2022 «Летающие существа»: at most 15), each at the price it was
    recruited for (2007 1.6.1: an «х: …» cost counts as the card's cost), without element penalties."""
    return sum(price(c, squad[:i]) for i, c in enumerate(squad) if c.flyer)


def _cannot_pay(card: ClassicCard, penalty: int, cost: int) -> tuple[str, str, str]:
    extra_ru = f" (и {penalty} золота штрафа за новую стихию)" if penalty else ""
    extra_en = f" (and {penalty} gold of penalty for a new element)" if penalty else ""
    metal_ru, metal_en = ("золота", "gold") if card.elite else ("кристаллов", "crystals")
    return ("price", f"Не хватает {metal_ru}, чтобы взять «{card.name['ru']}» за {cost}{extra_ru}.",
            f"Not enough {metal_en} to recruit {card.name['en']} for {cost}{extra_en}.")
