"""Classic cards as data: type, element, cost, elite/unique/horde, lives, movement and simple strike.

Pure: :func:`parse_cards` takes the already-parsed TOML dict of one file (``[[card]]`` tables);
reading the file is the caller's business. Errors name the file, the card and the field (ru and en).

A card is a creature (on the ground, a flyer, or a symbiote: companion or parasite), an artifact or
a terrain (2007 1.4.5, 1.5, 1.7, 1.8; 2022 «Типы карт»). What a type has:

============  =====  ========  ======  =======
type          lives  movement  strike  classes
============  =====  ========  ======  =======
ground        yes    yes       yes     free text
flyer         yes    —         yes     free text
symbiote      yes    —         yes     free text
artifact      yes    —         —       free text
terrain       —      —         —       the seven of 2007 1.8
============  =====  ========  ======  =======

A card without movement has ``movement == 0`` (it has no movement points); a card without lives or a
strike has ``None`` there. ``abilities`` lists the card's abilities (:mod:`engine.classic.abilities`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from typing import Any

from engine.classic.abilities import Ability, parse_abilities
from engine.core.art import art_problem
from engine.core.errors import CardDataError
from engine.core.fields import Fields, tables_by_id

# Classic 2007 1.4.2: five elements, or none (neutral cards are not an element).
ELEMENTS = ("steppe", "forest", "mountains", "swamp", "darkness", "neutral")
TYPES = ("creature", "artifact", "terrain")  # 2007 1.4.5
SYMBIOTES = ("companion", "parasite")  # 2022 «Симбиоты»; 2007 1.5.2 calls a parasite «паразит»
# 2007 1.8: a terrain's classes. A creature's or an artifact's class («Ковен», «гном»…) is free text:
# the printed classes are too many to list, and no rule of the setup reads them.
TERRAIN_CLASSES = ("desert", "mountains", "swamp", "forest", "river", "steppe", "city")
MAX_CLASSES = 8
_STRIKE_TEXT = re.compile(r"^\s*(\d+)\s*-\s*(\d+)\s*-\s*(\d+)\s*$")
# The hooks of :class:`Ability` the rules ask on every look at a card (a strike, a die, a turn's start);
# ``ClassicCard.hooks`` says which of them the card's abilities answer.
HOOKS = ("die_bonus", "attack_bonus", "attack_reduction", "protects_from", "armor", "regeneration", "blocks",
         "prevention", "exiled_instead", "struck", "turn_start", "recruit_cost")
_FIELDS = {"id", "name", "type", "element", "cost", "elite", "unique", "horde", "flyer", "symbiote", "classes",
           "lives", "movement", "strike", "abilities", "art"}


@dataclass(frozen=True)
class ClassicCard:
    """One classic card as printed (never changes during a game)."""

    id: str
    name: dict[str, str]
    type: str
    element: str
    cost: int
    elite: bool
    lives: int | None  # None: a terrain (2007 1.8)
    movement: int  # 0 for a card that has no movement (flyer, symbiote, artifact, terrain)
    strike: tuple[int, int, int] | None  # Classic 2007 1.4.8: weak, medium, strong; None: not a creature
    unique: bool = False  # 2022 «Уникальность»: one of this name in a squad
    horde: bool = False  # 2022 «Орда»: up to 5 copies in a deck
    flyer: bool = False  # 2007 1.5.1
    symbiote: str = ""  # "companion" | "parasite" | "" (2007 1.5.2)
    classes: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()  # 2007 1.9: each a registered ability (engine.classic.abilities)
    # read on every look at a card's abilities: some ability may grant others (Строй…), and which can be
    # instants — derived from ``abilities`` when the card is made, not part of its data
    grants: bool = field(default=False, compare=False, repr=False)
    instants: bool = field(default=False, compare=False, repr=False)
    # an «х: …» property computes its movement or strike (2007 1.6.1); the steps of the setup and the
    # preliminary phase its abilities are applied in (2007 3.4.1, 6.2.2, 6.2.4); it may stay closed (6.3.1)
    computed: bool = field(default=False, compare=False, repr=False)
    steps: frozenset[str] = field(default=frozenset(), compare=False, repr=False)
    closes: bool = field(default=False, compare=False, repr=False)
    # what the rules ask of its printed abilities on every look, answered once: the hooks of HOOKS some ability
    # overrides (a hook none overrides answers "nothing" for this card), the rules flags they raise and the
    # events their triggers answer (queries.py reads them; a card that grants abilities is read in full)
    hooks: frozenset[str] = field(default=frozenset(), compare=False, repr=False)
    flags: frozenset[str] = field(default=frozenset(), compare=False, repr=False)
    triggers: frozenset[str] = field(default=frozenset(), compare=False, repr=False)
    # some printed ability is active (used by choice), moves the card (jump, teleport), is paid in chips
    acts: bool = field(default=False, compare=False, repr=False)
    leaps: bool = field(default=False, compare=False, repr=False)
    chipped: bool = field(default=False, compare=False, repr=False)
    # The picture on its face (:mod:`engine.core.art`) and the file it was read from (where a
    # player's own picture is looked for): the rules never read them, and neither is part of
    # :meth:`to_dict`, so a game's state and hash are the same with or without pictures.
    art: str = field(default="", compare=False)
    source: str = field(default="", compare=False, repr=False)

    @property
    def creature(self) -> bool:
        return self.type == "creature"

    @property
    def ground(self) -> bool:
        """A creature that stands on a cell of its own and moves: neither a flyer nor a symbiote."""
        return self.type == "creature" and not self.flyer and not self.symbiote

    @property
    def strike_text(self) -> str:
        return "" if self.strike is None else "-".join(str(v) for v in self.strike)

    def __reduce__(self) -> tuple[Any, ...]:
        # rebuilt through __init__: compiled (tools/compile_rules.py), pickling would set the frozen fields one
        # by one and fail (a game's cards and states go to the computer's process pickled)
        return (type(self), tuple([getattr(self, f.name) for f in fields(self)]))

    def to_dict(self) -> dict[str, Any]:
        """The card as its table (the fields it has; what :func:`card_from_dict` reads back)."""
        out: dict[str, Any] = {"id": self.id, "name": dict(self.name), "type": self.type, "element": self.element,
                               "cost": self.cost, "elite": self.elite}
        for key in ("unique", "horde", "flyer"):
            if getattr(self, key):
                out[key] = True
        if self.symbiote:
            out["symbiote"] = self.symbiote
        if self.classes:
            out["classes"] = list(self.classes)
        if self.lives is not None:
            out["lives"] = self.lives
        if self.ground:
            out["movement"] = self.movement
        if self.strike is not None:
            out["strike"] = self.strike_text
        if self.abilities:
            out["abilities"] = [a.to_dict() for a in self.abilities]
        return out


def _absent(f: Fields, table: dict[str, Any], key: str, what_en: str, what_ru: str) -> None:
    if key in table:
        raise f.fail(key, f"{what_en} has no {key}", f"у карты такого типа ({what_ru}) нет поля {key}")


def parse_card(table: Any, file: str = "") -> ClassicCard:
    """Validate one ``[[card]]`` table (through the shared field validator, :mod:`engine.core.fields`)."""
    if not isinstance(table, dict):
        raise CardDataError("a card must be a table", ru="карта должна быть таблицей", file=file)
    cid = table.get("id")
    if not isinstance(cid, str) or not cid:
        raise CardDataError("id must be non-empty text", ru="id должен быть непустым текстом", file=file, field="id")
    f = Fields(table, file=file, card=cid)
    f.only(_FIELDS)
    kind = f.choice("type", TYPES, default="creature")
    creature = kind == "creature"
    if not creature:
        what = ("an artifact", "артефакт") if kind == "artifact" else ("a terrain", "местность")
        for key in ("flyer", "symbiote", "movement", "strike"):
            _absent(f, table, key, *what)
    flyer = f.flag("flyer", default=False)
    symbiote = f.choice("symbiote", SYMBIOTES, default="") if "symbiote" in table else ""
    if flyer and symbiote:
        raise f.fail("symbiote", "a flyer cannot be a symbiote", "летающее существо не может быть симбиотом")
    if flyer or symbiote:
        _absent(f, table, "movement", "a flyer" if flyer else "a symbiote", "летающее" if flyer else "симбиот")
    if kind == "terrain":
        _absent(f, table, "lives", "a terrain", "местность")
    ground = creature and not flyer and not symbiote
    bad_art = art_problem(table.get("art", ""))
    if bad_art is not None:
        raise f.fail("art", *bad_art)
    abilities = parse_abilities(table.get("abilities", []), file, cid)
    return ClassicCard(
        id=cid, name=f.names(), type=kind, element=f.choice("element", ELEMENTS, default="neutral"),
        cost=f.whole("cost", low=0), elite=f.flag("elite", default=False),
        lives=None if kind == "terrain" else f.whole("lives", low=1),
        movement=f.whole("movement", low=0) if ground else 0,
        strike=parse_strike(table.get("strike"), file=file, card=cid) if creature else None,
        unique=f.flag("unique", default=False), horde=f.flag("horde", default=False), flyer=flyer,
        symbiote=symbiote, classes=_classes(f, table, kind),
        abilities=abilities, grants=any(type(a).granted is not Ability.granted for a in abilities),
        instants=any(getattr(a, "instant", False) or type(a).granted is not Ability.granted for a in abilities),
        computed=any(type(a).movement_value is not Ability.movement_value
                     or type(a).strike_value is not Ability.strike_value for a in abilities),
        steps=frozenset(a.step for a in abilities if a.step), closes=any(a.may_stay_closed() for a in abilities),
        hooks=frozenset(h for h in HOOKS if any(getattr(type(a), h) is not getattr(Ability, h) for a in abilities)),
        flags=frozenset(a.flag() for a in abilities) - {""}, triggers=frozenset(a.trigger for a in abilities) - {""},
        acts=any(a.active for a in abilities), leaps=any(getattr(a, "movement", False) for a in abilities),
        chipped=any((getattr(a, "chips", 0) or 0) > 0 for a in abilities),
        art=table.get("art", ""), source=file)


def _classes(f: Fields, table: dict[str, Any], kind: str) -> tuple[str, ...]:
    """A terrain's classes from 2007 1.8's list; a creature's or an artifact's as free text."""
    value = table.get("classes", [])
    if not isinstance(value, list) or len(value) > MAX_CLASSES or not all(
            isinstance(v, str) and v.strip() and len(v) <= 40 for v in value):
        raise f.fail("classes", f"must be a list of at most {MAX_CLASSES} names",
                     f"нужен список не больше чем из {MAX_CLASSES} названий")
    if len(set(value)) != len(value):
        raise f.fail("classes", "a class is listed twice", "класс указан дважды")
    if kind == "terrain":
        wrong = [v for v in value if v not in TERRAIN_CLASSES]
        if wrong:
            listed = ", ".join(TERRAIN_CLASSES)
            raise f.fail("classes", f"a terrain's class is one of {listed} (2007 1.8)",
                         f"класс местности — одно из: {listed} (2007 1.8)")
    return tuple(value)


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
    return tables_by_id(data, "card", parse_card, file=file, ru="карты")


def card_from_dict(data: dict[str, Any]) -> ClassicCard:
    """Rebuild a card stored in a saved state (the inverse of :meth:`ClassicCard.to_dict`)."""
    return parse_card(data, "saved state")
