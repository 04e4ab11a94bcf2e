"""A classic position written as data: the battlefield, who acts, and the dice to come.

Keys (docs/scenarios.md, «Classic»): ``seed``, ``active``, ``first``, ``turn``, ``names``, ``dice`` (the
next die rolls, in order, before the seeded ones: to reach a chosen row of the hit table, 2007 4.3)
and ``[[creature]]`` tables — ``label``, ``player``, ``card``, ``at`` (the cell ``"row,col"`` or
``[row, col]``; row 0 is player 0's back row, see :mod:`engine.classic.board`), ``wounds``, ``tapped``,
``moves`` (movement points left; the card's movement when absent), ``chips``, ``poison``, ``zone``
("field", or "extra" for the additional zone — a flyer's place, with no ``at``), ``host`` (the label of
an earlier card a symbiote sits on, with no ``at``), ``hidden`` (face down), ``blessed``, ``cursed``,
``extra_lives``, ``stunned``; and ``[[cell]]`` tables — effects on cells of the battlefield (2007 1.10): ``at``,
``mark`` ("trap", "mire"), ``player`` (whose it is), ``x``; and ``decks = {p0 = [...], p1 = [...]}``, each player's
deck top first (card ids or ``{card, label}``). Every error is a CardDataError
naming the field (``creature[2].at``) in ru and en.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.classic import board
from engine.classic.board import Cell
from engine.classic.cards import ClassicCard
from engine.classic.game import ClassicGame
from engine.classic.state import CellMark, Placement
from engine.core.errors import CardDataError
from engine.core.fields import Fields
from engine.core.rng import Rng

POSITION_KEYS = {"seed", "active", "first", "turn", "names", "dice", "creature", "cell", "decks"}
CREATURE_KEYS = {"label", "player", "card", "at", "wounds", "tapped", "moves", "chips", "poison", "zone", "host",
                 "hidden", "blessed", "cursed", "extra_lives", "stunned"}
CELL_MARKS = ("trap", "mire")
_LABEL = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_\-]{0,63}$")
_REF = re.compile(r"\$([\w\-]+)")
_CELL = re.compile(r"^\s*(\d)\s*,\s*(\d)\s*$")


class ScriptedDice(Rng):
    """The seeded generator, except that the first dice give the listed values (a position's ``dice``)."""

    __slots__ = ("script",)

    def __init__(self, state: int, script: list[int]) -> None:
        super().__init__(state)
        self.script = list(script)

    def die(self, sides: int = 6) -> int:
        if self.script:
            return self.script.pop(0)
        return super().die(sides)


@dataclass
class ClassicPosition:
    """A built position: the game and the label of each creature."""

    game: ClassicGame
    labels: dict[str, int] = field(default_factory=dict)

    def creature(self, label: str, where: str) -> int:
        """The creature id of ``label``; a CardDataError naming ``where`` when there is none."""
        cid = self.labels.get(label)
        if cid is None:
            known = ", ".join(sorted(self.labels)) or "—"
            raise CardDataError(f"no creature labelled {label!r} (labels: {known})",
                                ru=f"нет существа с меткой {label!r} (метки: {known})", field=where)
        return cid

    def label_of(self, cid: int) -> str:
        return next((name for name, x in self.labels.items() if x == cid), str(cid))

    def expand(self, text: str, where: str) -> str:
        """An action text with every ``$label`` replaced by that creature's id."""
        return _REF.sub(lambda m: str(self.creature(m.group(1), where)), text)

    def value_of(self, value: Any, where: str) -> Any:
        """An expected value: ``"$label"`` -> the creature id; anything else unchanged."""
        if isinstance(value, str) and value.startswith("$") and _REF.fullmatch(value):
            return self.creature(value[1:], where)
        return value


def cell_text(cell: Cell) -> str:
    return board.format_cell(cell)


def parse_cell(value: Any, where: str) -> Cell:
    """``"row,col"`` or ``[row, col]`` on the 6×5 battlefield."""
    cell: Cell | None = None
    if isinstance(value, str) and (m := _CELL.match(value)):
        cell = (int(m.group(1)), int(m.group(2)))
    elif isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                             for v in value):
        cell = (value[0], value[1])
    if cell is None or not board.on_board(cell):
        raise CardDataError(f"a cell is \"row,col\" with row 0–{board.ROWS - 1} and col 0–{board.COLS - 1}, "
                            f"got {value!r}",
                            ru=f"клетка пишется \"ряд,столбец\": ряд 0–{board.ROWS - 1}, столбец 0–{board.COLS - 1}; "
                               f"указано {value!r}", field=where)
    return cell


def build_position(cards: Mapping[str, ClassicCard], data: Mapping[str, Any]) -> ClassicPosition:
    """The game a position dict describes (the keys of :data:`POSITION_KEYS`). Raises CardDataError."""
    top = Fields(data)
    top.only(POSITION_KEYS)
    seed = top.whole("seed", low=0, default=0)
    active = top.whole("active", low=0, high=1, default=0)
    first = top.whole("first", low=0, high=1, default=active)
    turn = top.whole("turn", low=1, default=1)
    names = data.get("names", ["Игрок 1", "Игрок 2"])
    if not (isinstance(names, list) and len(names) == 2 and all(isinstance(n, str) and n for n in names)):
        raise top.fail("names", "must be two non-empty texts", "нужны два непустых имени")
    dice = data.get("dice", [])
    if not isinstance(dice, list) or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6
                                             for v in dice):
        raise CardDataError("dice must be a list of die rolls from 1 to 6", ru="dice — список бросков кубика от 1 до 6",
                            field="dice")
    tables = data.get("creature", [])
    if not isinstance(tables, list) or not tables:
        raise CardDataError("a position needs [[creature]] tables", ru="в позиции нужны таблицы [[creature]]",
                            field="creature")
    placements: list[Placement] = []
    labels: list[str] = []
    taken: dict[Cell, str] = {}
    for i, t in enumerate(tables):
        where = f"creature[{i}]"
        if not isinstance(t, dict):
            raise CardDataError("must be a table", ru="нужна таблица", field=where)
        f = Fields(t, prefix=f"{where}.")
        f.only(CREATURE_KEYS)
        card = t.get("card")
        if not isinstance(card, str) or card not in cards:
            raise f.fail("card", f"unknown card {card!r}", f"неизвестная карта {card!r}")
        label = t.get("label", f"c{i + 1}")
        if not isinstance(label, str) or not _LABEL.match(label):
            raise f.fail("label", "a label is latin letters, digits, _ or -", "метка — латинские буквы, цифры, _ или -")
        if label in labels:
            raise f.fail("label", f"label {label!r} is used twice", f"метка {label!r} встречается дважды")
        player = f.whole("player", low=0, high=1, default=0)
        # a flyer or terrain stands in the additional zone once revealed; face down it lies on a cell
        off_grid = (cards[card].flyer or cards[card].type == "terrain") and not t.get("hidden", False)
        zone = f.choice("zone", ("field", "extra"), default="extra" if off_grid else "field")
        host = None
        if "host" in t:
            if t["host"] not in labels or not cards[card].symbiote:
                raise f.fail("host", "a symbiote's host is the label of a card above it",
                             "хозяин симбиота — метка карты, записанной выше")
            host = labels.index(t["host"]) + 1
        if zone == "extra" or host is not None:
            if "at" in t:
                raise f.fail("at", "a card in the additional zone or on a host has no cell",
                             "у карты в дополнительной зоне или на хозяине нет своей клетки")
            at = None
        else:
            at = parse_cell(t.get("at"), f"{where}.at")
        if at is not None and at in taken:
            raise f.fail("at", f"cell {cell_text(at)} is already taken by {taken[at]}",
                         f"клетка {cell_text(at)} уже занята: {taken[at]}")
        wounds = f.whole("wounds", low=0, high=(cards[card].lives or 1) - 1, default=0)  # a terrain has no lives
        tapped = f.flag("tapped", default=False)
        moves = None if "moves" not in t else f.whole("moves", low=0)
        chips = f.whole("chips", low=0, default=0)
        poison = f.whole("poison", low=0, default=0)
        hidden = f.flag("hidden", default=False)
        if hidden and at is None:
            raise f.fail("hidden", "only a card on a cell lies face down", "рубашкой вверх лежит только карта на клетке")
        marks = {"blessed": f.flag("blessed", default=False), "cursed": f.flag("cursed", default=False),
                 "extra_lives": f.whole("extra_lives", low=0, default=0), "stunned": f.flag("stunned", default=False)}
        if at is not None:
            taken[at] = label
        labels.append(label)
        placements.append(Placement(owner=player, card=card, at=at, tapped=tapped, wounds=wounds, moves=moves,
                                    chips=chips, poison=poison, zone=zone, host=host, hidden=hidden, **marks))
    game = ClassicGame.from_position(dict(cards), placements, seed=seed, active=active, first=first, turn=turn,
                                     names=names)
    cells = data.get("cell", [])
    if not isinstance(cells, list):
        raise CardDataError("cell must be [[cell]] tables", ru="cell записывается таблицами [[cell]]", field="cell")
    for i, t in enumerate(cells):
        f = Fields(t if isinstance(t, dict) else {}, prefix=f"cell[{i}].")
        if not isinstance(t, dict):
            raise CardDataError("must be a table", ru="нужна таблица", field=f"cell[{i}]")
        f.only({"at", "mark", "player", "x"})
        at = parse_cell(t.get("at"), f"cell[{i}].at")
        if at in taken:
            raise f.fail("at", "an effect is put on a free cell", "эффект накладывается на свободную клетку")
        game.cell_marks.append(CellMark(cell=at, kind=f.choice("mark", CELL_MARKS), owner=f.whole("player", low=0, high=1,
                                                                                                 default=0),
                                        source=0, x=f.whole("x", low=0, default=0), turn=turn))
    if dice:
        game.rng = ScriptedDice(game.rng.state, dice)
    # from_position gives ids in placement order, from 1
    # from_position gives ids in placement order, from 1; the decks' cards come after
    named = {name: i + 1 for i, name in enumerate(labels)}
    _decks(game, data.get("decks", {}), cards, named)
    return ClassicPosition(game=game, labels=named)


def _decks(game: ClassicGame, decks: Any, cards: Mapping[str, ClassicCard], labels: dict[str, int]) -> None:
    """Each player's deck, top first: what «Вызвать», «Пророчество» and milling read (2022)."""
    if not isinstance(decks, dict) or not set(decks) <= {"p0", "p1"}:
        raise CardDataError("decks is a table {p0 = [...], p1 = [...]}", ru="decks — таблица {p0 = [...], p1 = [...]}",
                            field="decks")
    for p in (0, 1):
        entries = decks.get(f"p{p}", [])
        if not isinstance(entries, list):
            raise CardDataError("must be a list of card ids", ru="нужен список id карт", field=f"decks.p{p}")
        for i, entry in enumerate(entries):
            where = f"decks.p{p}[{i}]"
            table = {"card": entry} if isinstance(entry, str) else entry
            if not isinstance(table, dict):
                raise CardDataError("must be a card id or {card, label}", ru="нужен id карты или {card, label}",
                                    field=where)
            Fields(table, prefix=f"{where}.").only({"card", "label"})
            card, label = table.get("card"), table.get("label")
            if not isinstance(card, str) or card not in cards:
                raise CardDataError(f"unknown card {card!r}", ru=f"неизвестная карта {card!r}", field=f"{where}.card")
            if label is not None and (not isinstance(label, str) or not _LABEL.match(label) or label in labels):
                raise CardDataError("a label is latin letters, digits, _ or -, used once",
                                    ru="метка — латинские буквы, цифры, _ или -, один раз", field=f"{where}.label")
            iid = game.next_id
            game.next_id += 1
            game.instances[iid] = (p, card)
            game.decks[p].append(iid)
            if label is not None:
                labels[label] = iid
