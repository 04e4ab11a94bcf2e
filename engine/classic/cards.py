"""Classic cards as data: a creature's cost, lives, movement and simple strike "weak-medium-strong".

Pure: :func:`parse_cards` takes the already-parsed TOML dict of one file (``[[card]]`` tables);
reading the file is the caller's business. Errors name the file, the card and the field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.classic.abilities import Ability, parse_abilities
from engine.core.errors import CardDataError
from engine.core.fields import Fields

# Classic 2007 1.4.2: five elements, or none (neutral cards are not an element).
ELEMENTS = ("steppe", "forest", "mountains", "swamp", "darkness", "neutral")
TYPES = ("creature",)  # artifacts, terrains, flyers and symbiotes come with the full classic game
_STRIKE_TEXT = re.compile(r"^\s*(\d+)\s*-\s*(\d+)\s*-\s*(\d+)\s*$")
_FIELDS = {"id", "name", "type", "element", "cost", "elite", "lives", "movement", "strike", "abilities"}


@dataclass(frozen=True)
class ClassicCard:
    """One classic card as printed (never changes during a game)."""

    id: str
    name: dict[str, str]
    type: str
    element: str
    cost: int
    elite: bool
    lives: int
    movement: int
    strike: tuple[int, int, int]  # Classic 2007 1.4.8: weak, medium, strong
    abilities: tuple[Ability, ...] = ()  # 2007 1.9: each a registered ability (engine.classic.abilities)

    @property
    def strike_text(self) -> str:
        return "-".join(str(v) for v in self.strike)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": dict(self.name), "type": self.type, "element": self.element,
                "cost": self.cost, "elite": self.elite, "lives": self.lives, "movement": self.movement,
                "strike": self.strike_text,
                **({"abilities": [a.to_dict() for a in self.abilities]} if self.abilities else {})}


def parse_card(table: Any, file: str = "") -> ClassicCard:
    """Validate one ``[[card]]`` table (through the shared field validator, :mod:`engine.core.fields`)."""
    if not isinstance(table, dict):
        raise CardDataError("a card must be a table", ru="карта должна быть таблицей", file=file)
    cid = table.get("id")
    if not isinstance(cid, str) or not cid:
        raise CardDataError("id must be non-empty text", ru="id должен быть непустым текстом", file=file, field="id")
    f = Fields(table, file=file, card=cid)
    f.only(_FIELDS)
    return ClassicCard(id=cid, name=f.names(), type=f.choice("type", TYPES, default="creature"),
                       element=f.choice("element", ELEMENTS, default="neutral"), cost=f.whole("cost", low=0),
                       elite=f.flag("elite", default=False), lives=f.whole("lives", low=1),
                       movement=f.whole("movement", low=0),
                       strike=parse_strike(table.get("strike"), file=file, card=cid),
                       abilities=parse_abilities(table.get("abilities", []), file, cid))


def parse_strike(value: Any, *, file: str = "", card: str = "") -> tuple[int, int, int]:
    """A simple strike as text ``"1-2-3"`` or a list ``[1, 2, 3]`` (Classic 2007 1.4.8)."""
    parts: list[Any] | None = None
    if isinstance(value, str):
        m = _STRIKE_TEXT.match(value)
        parts = [int(g) for g in m.groups()] if m else None
    elif isinstance(value, list) and len(value) == 3:
        parts = value
    if parts is None or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in parts):
        raise CardDataError('strike must be "weak-medium-strong" like "1-2-3"',
                            ru='удар пишется как «слабый-средний-сильный», например "1-2-3"', file=file, card=card,
                            field="strike")
    return (parts[0], parts[1], parts[2])


def parse_cards(data: dict[str, Any], file: str = "") -> dict[str, ClassicCard]:
    """Every ``[[card]]`` table of one parsed file, by id; a repeated id is an error."""
    tables = data.get("card", [])
    if not isinstance(tables, list):
        raise CardDataError("[[card]] must be an array of tables", ru="карты записываются таблицами [[card]]",
                            file=file, field="card")
    cards: dict[str, ClassicCard] = {}
    for table in tables:
        card = parse_card(table, file)
        if card.id in cards:
            raise CardDataError("id already used", ru="такой id уже есть", file=file, card=card.id, field="id")
        cards[card.id] = card
    return cards


def card_from_dict(data: dict[str, Any]) -> ClassicCard:
    """Rebuild a card stored in a saved state (the inverse of :meth:`ClassicCard.to_dict`)."""
    return parse_card(data, "saved state")
