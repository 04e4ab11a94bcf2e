"""A classic scenario that starts in the setup: at the die roll, at recruiting or at placement (docs/scenarios.md,
«Classic: starting in the setup»), so the setup's rules are checked as data like the battle.

``start = "roll"``: each player's ``deck`` in the order given (top first: the shuffle of 2007 3.2 is taken as
done), the die decides the order (``dice`` scripts it), and the winner chooses. ``start = "recruit"``: the
order is chosen (``first``), each player has his ``deal`` and the rest of his ``deck`` and his ``crystals``
(the edition's by default); ``recruiting`` says whose recruiting it is (the first player's by default; the
second's needs the first's ``squad`` and crystals left). «до набора отряда» (2007 3.4.1) comes first when a
deal has such a card, as in a game. ``start = "place"``: each ``squad`` is recruited, and a squad card with
``at`` is laid out already; ``placing`` says whose placement it is. Every card of ``deck``, ``deal`` and
``squad`` is a card id or ``{card, label, at}``; a ``$label`` then names that instance in actions and
expectations. Pure: the cards come from the caller.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.classic import pending as P
from engine.classic import placement, recruit
from engine.classic.abilities.prelim import BEFORE_RECRUIT
from engine.classic.cards import ClassicCard
from engine.classic.game import ClassicGame
from engine.classic.position import ClassicPosition, ScriptedDice, parse_cell
from engine.classic.state import Creature, SetupState
from engine.core.errors import CardDataError
from engine.core.fields import Fields
from engine.core.rng import Rng

STARTS = ("roll", "recruit", "place")
SETUP_KEYS = {"start", "seed", "names", "dice", "edition", "first", "recruiting", "placing", "p0", "p1"}
PLAYER_KEYS = {"roll": {"deck"}, "recruit": {"deck", "deal", "crystals", "squad"},
               "place": {"deck", "squad", "crystals"}}


def _cards_of(f: Fields, side: Mapping[str, Any], key: str, cards: Mapping[str, ClassicCard], where: str,
              place: bool) -> list[tuple[str, str | None, Any]]:
    """(card id, label, cell) of each entry of ``side[key]``."""
    value = side.get(key, [])
    if not isinstance(value, list):
        raise f.fail(key, "must be a list of card ids or {card, label} tables",
                     "нужен список id карт или таблиц {card, label}")
    out: list[tuple[str, str | None, Any]] = []
    for i, entry in enumerate(value):
        at = f"{where}.{key}[{i}]"
        if isinstance(entry, str):
            entry = {"card": entry}
        if not isinstance(entry, dict):
            raise CardDataError("must be a card id or a table {card, label}", ru="нужен id карты или таблица "
                                "{card, label}", field=at)
        ef = Fields(entry, prefix=f"{at}.")
        ef.only({"card", "label", "at"} if place else {"card", "label"})
        card = entry.get("card")
        if not isinstance(card, str) or card not in cards:
            raise ef.fail("card", f"unknown card {card!r}", f"неизвестная карта {card!r}")
        label = entry.get("label")
        if label is not None and not isinstance(label, str):
            raise ef.fail("label", "a label is text", "метка — это текст")
        out.append((card, label, entry.get("at")))
    return out


def build_setup_position(cards: Mapping[str, ClassicCard], data: Mapping[str, Any]) -> ClassicPosition:
    """The game a setup scenario describes (module doc). Raises CardDataError naming the field."""
    top = Fields(data)
    top.only(SETUP_KEYS)
    start = top.choice("start", STARTS)
    seed = top.whole("seed", low=0, default=0)
    edition = top.choice("edition", recruit.EDITIONS, default="2022")
    names = data.get("names", ["Игрок 1", "Игрок 2"])
    if not (isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) and n for n in names)):
        raise top.fail("names", "must be two non-empty texts", "нужны два непустых имени")
    dice = data.get("dice", [])
    if not isinstance(dice, list) or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6
                                             for v in dice):
        raise top.fail("dice", "must be a list of die rolls from 1 to 6", "нужен список бросков кубика от 1 до 6")
    if start == "roll" and "first" in data:
        raise top.fail("first", "at the die roll the order is not chosen yet: the dice and the winner decide",
                       "при броске кубика очерёдность ещё не выбрана: её решают кубик и победитель броска")
    first = top.whole("first", low=0, high=1, default=0)
    g = ClassicGame(dict(cards))
    g.seed = seed
    g.rng = ScriptedDice(Rng(seed).state, list(dice))
    g.names = list(names)
    g.edition = edition
    g.setup = SetupState()
    labels: dict[str, int] = {}
    laid: list[tuple[int, int, Any]] = []
    for p in (0, 1):
        side = data.get(f"p{p}", {})
        where = f"p{p}"
        if not isinstance(side, dict):
            raise CardDataError("must be a table", ru="нужна таблица", field=where)
        f = Fields(side, prefix=f"{where}.")
        f.only(PLAYER_KEYS[start])
        for key in ("deck", "deal", "squad"):
            for card, label, at in _cards_of(f, side, key, cards, where, place=start == "place" and key == "squad"):
                iid = g.next_id
                g.next_id += 1
                g.instances[iid] = (p, card)
                {"deck": g.decks[p], "deal": g.setup.deals[p], "squad": g.setup.squads[p]}[key].append(iid)
                if label is not None:
                    if label in labels:
                        raise f.fail(key, f"label {label!r} is used twice", f"метка {label!r} встречается дважды")
                    labels[label] = iid
                if at is not None:
                    laid.append((p, iid, parse_cell(at, f"{where}.{key}.at")))
        if len(g.setup.deals[p]) > recruit.DEAL:
            raise f.fail("deal", f"a deal is at most {recruit.DEAL} cards", f"в раздаче не больше {recruit.DEAL} карт")
        if "crystals" in side:
            crystals = side["crystals"]
            if not (isinstance(crystals, list) and len(crystals) == 2 and all(
                    isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in crystals)):
                raise f.fail("crystals", "must be [gold, silver], two whole numbers", "нужно [золото, серебро], два "
                             "целых числа")
            g.crystals[p] = list(crystals)
        elif start == "recruit":
            g.crystals[p] = list(recruit.starting_crystals(edition, p == first))
    if start == "roll":
        g._roll_for_order()
    elif start == "recruit":
        _at_recruiting(g, top, data, first)
    else:
        _at_placement(g, top, data, first, laid)
    g.setup_events = list(g._events)
    g._events = []
    return ClassicPosition(game=g, labels=labels)


def _at_recruiting(g: ClassicGame, top: Fields, data: Mapping[str, Any], first: int) -> None:
    assert g.setup is not None
    g.first = g.active = first
    who = top.whole("recruiting", low=0, high=1, default=first)
    if who == first and any(g.setup.squads):
        raise top.fail("recruiting", "the first player recruits first: a squad recruited already means it is the "
                       "second player's turn", "первый игрок набирает первым: если отряд уже набран, набирает второй")
    if who != first and g.setup.deals[first]:
        raise top.fail("recruiting", "the second player recruits once the first is done: the first player's deal "
                       "went back into his deck", "второй игрок набирает, когда первый закончил: раздача первого "
                       "уже в колоде")
    if who != first or not g.start_step(BEFORE_RECRUIT):
        g.pending = P.RecruitSquad(player=who)


def _at_placement(g: ClassicGame, top: Fields, data: Mapping[str, Any], first: int,
                  laid: list[tuple[int, int, Any]]) -> None:
    assert g.setup is not None
    g.first = g.active = first
    who = top.whole("placing", low=0, high=1, default=first)
    for p, iid, cell in laid:
        if cell not in placement.half(p):
            raise top.fail(f"p{p}.squad", f"cell {cell[0]},{cell[1]} is not on player {p}'s half",
                           f"клетка {cell[0]},{cell[1]} не на половине игрока {p}")
        if g.occupant(cell) is not None:
            raise top.fail(f"p{p}.squad", f"cell {cell[0]},{cell[1]} is taken twice", f"клетка {cell[0]},{cell[1]} "
                           "занята дважды")
        if who == first and p != first:
            raise top.fail(f"p{p}.squad", "the second player lays out after the first: his cards have no cells yet",
                           "второй игрок расставляет после первого: у его карт ещё нет клеток")
        g.creatures[iid] = Creature(id=iid, card=g.instances[iid][1], owner=p, at=cell)
        g.hidden.add(iid)
    if who != first and any(i not in g.creatures for i in g.setup.squads[first]):
        raise top.fail(f"p{first}.squad", "the second player lays out once the first has laid out his whole squad: "
                       "give each of the first player's cards its cell (at)", "второй игрок расставляет, когда "
                       "первый выложил весь отряд: укажите клетку (at) каждой карте первого")
    g.pending = P.PlaceSquad(player=who)
