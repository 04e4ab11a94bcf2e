"""What every classic ability is built on: typed parameters, the registries, and the hooks the rules call.

An ability on a card is one table of its ``abilities`` list, ``{id = "armor", x = 1}``; the ``id`` names a
registered :class:`Ability` class (an unknown one fails loudly, naming the known ids), which checks its
own parameters and knows its rules text in ru and en and its code. The game never asks "which ability is
this": it calls the hooks below on every ability a card has now (:meth:`Queries.abilities`), and a class
overrides the hooks it needs. Effects (what an active ability or a trigger does: wounds, healing, poison…)
are registered the same way in :data:`EFFECTS`, written ``{do = "heal", x = 2}``.

Rule numbers: "2007 x.y" is classic-comprehensive-rules-2007.txt, "2022" the starter rules and their
glossary, which win where the two differ.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.core.errors import CardDataError
from engine.core.fields import Fields
from engine.core.registry import Registry

if TYPE_CHECKING:
    from engine.classic.board import Cell
    from engine.classic.cards import ClassicCard
    from engine.classic.game import ClassicGame

Strike = tuple[int, int, int]

# 2022 «Способности»: the kinds of attack. Melee ones reach only a card next to the attacker; ranged ones
# never reach it. A magic strike and a discharge are magic; spells (magic) and influences are not attacks.
MELEE = ("simple", "special", "magic_strike")
RANGED = ("discharge", "shot", "throw", "through_row")
ATTACK_KINDS = MELEE + RANGED
MAGIC_ATTACKS = frozenset(("magic_strike", "discharge"))
# What a protection ("Защита от …", 2022 glossary) may name: attacks by kind, spells, influences, flyers'
# attacks, "magic" (spells, magic strikes and discharges) and poison.
PROTECTIONS = ("shot", "throw", "discharge", "magic_strike", "through_row", "simple", "special", "spell",
               "influence", "flyer", "magic", "poison")
_STRIKE = re.compile(r"^\s*(\d+)\s*-\s*(\d+)\s*-\s*(\d+)\s*$")


@dataclass(frozen=True)
class Attack:
    """An attack being made: by ``source`` on ``target``, of a kind of :data:`ATTACK_KINDS`."""

    source: int
    target: int
    kind: str
    strike: Strike

    @property
    def magic(self) -> bool:
        return self.kind in MAGIC_ATTACKS

    @property
    def ranged(self) -> bool:
        return self.kind in RANGED


# ---------------------------------------------------------------------------------------------- parameters
@dataclass(frozen=True)
class Param:
    """One parameter of an ability or effect table: its type and whether it may be left out."""

    kind: str  # "whole", "flag", "strike", "choice", "effects", "abilities", "text"
    default: Any = None
    required: bool = False
    low: int = 0
    high: int | None = None
    choices: tuple[str, ...] = ()


def whole(*, low: int = 0, high: int | None = None, default: int | None = None, required: bool = False) -> Param:
    return Param("whole", default=default, required=required, low=low, high=high)


def flag(default: bool = False) -> Param:
    return Param("flag", default=default)


def choice(choices: Sequence[str], *, default: str | None = None, required: bool = False) -> Param:
    return Param("choice", default=default, required=required, choices=tuple(choices))


def strike(*, required: bool = True) -> Param:
    return Param("strike", required=required)


def parse_strike_value(value: Any, f: Fields, key: str) -> Strike:
    """``"1-2-3"``, ``[1, 2, 3]`` or one number ``2`` (= 2-2-2: "метание на 2", 2022 «особенности»)."""
    parts: list[Any] | None = None
    if isinstance(value, str) and (m := _STRIKE.match(value)):
        parts = [int(g) for g in m.groups()]
    elif isinstance(value, list) and len(value) == 3:
        parts = value
    elif isinstance(value, int) and not isinstance(value, bool):
        parts = [value] * 3
    if parts is None or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in parts):
        raise f.fail(key, 'must be "weak-medium-strong" like "1-2-3", or one number',
                     'пишется «слабый-средний-сильный», например "1-2-3", или одним числом')
    return (parts[0], parts[1], parts[2])


def read_params(table: Mapping[str, Any], params: Mapping[str, Param], f: Fields, skip: set[str]) -> dict[str, Any]:
    """The checked values of ``params`` from ``table`` (unknown keys are refused by the caller)."""
    out: dict[str, Any] = {}
    for key, p in params.items():
        if key in skip:
            continue
        if key not in table:
            if p.required:
                raise f.fail(key, "missing", "не указано")
            out[key] = p.default
            continue
        if p.kind == "whole":
            out[key] = f.whole(key, low=p.low, high=p.high)
        elif p.kind == "flag":
            out[key] = f.flag(key)
        elif p.kind == "choice":
            out[key] = f.choice(key, p.choices)
        elif p.kind == "text":
            out[key] = f.text(key)
        elif p.kind == "strike":
            out[key] = parse_strike_value(table[key], f, key)
        elif p.kind == "effects":
            out[key] = parse_effects(table[key], f.file, f.card, f"{f.prefix}{key}")
        elif p.kind == "abilities":
            out[key] = parse_abilities(table[key], f.file, f.card, f"{f.prefix}{key}")
        else:  # pragma: no cover - a programming error in an ability class
            raise AssertionError(p.kind)
    return out


def _param_text(value: Any) -> Any:
    if isinstance(value, tuple) and len(value) == 3 and all(isinstance(v, int) for v in value):
        return "-".join(str(v) for v in value)
    if isinstance(value, tuple):
        return [v.to_dict() for v in value]
    return value


class Part:
    """A parsed table (an ability or an effect): its class's parameters, read once when the card loads."""

    key: ClassVar[str] = "id"  # the table's field naming the class
    id: ClassVar[str] = ""
    params: ClassVar[dict[str, Param]] = {}
    values: dict[str, Any]

    def __init__(self, values: dict[str, Any]) -> None:
        self.values = values
        for k, v in values.items():
            setattr(self, k, v)

    def validate(self, f: Fields) -> None:
        """Refuse values that do not go together (``f.fail`` names the field); each class its own."""

    def to_dict(self) -> dict[str, Any]:
        """The table as a card file writes it (defaults left out)."""
        out: dict[str, Any] = {self.key: self.id}
        for k, v in self.values.items():
            if v != self.params[k].default:
                out[k] = _param_text(v)
        return out

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.values == self.values  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.id, tuple(sorted((k, repr(v)) for k, v in self.values.items()))))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.to_dict()!r})"


# ---------------------------------------------------------------------------------------------- effects
class Effect(Part):
    """Something an active ability or a trigger does when it resolves (``{do = "heal", x = 2}``)."""

    key: ClassVar[str] = "do"

    def run(self, game: ClassicGame, ctx: Context) -> None:
        """Carry the effect out (through the game's state changes, which emit the events)."""
        raise NotImplementedError

    def text(self, lang: str) -> str:
        """What the effect does, in a few words of ``lang`` (for generated card text)."""
        raise NotImplementedError

    def wants_target(self) -> bool:
        """True when the effect acts on the chosen target (the ability then asks for one)."""
        return getattr(self, "to", "target") == "target"

    def possible(self, game: ClassicGame, cid: int) -> bool:
        """Whether the effect has something to act on now (an effect on the stack needs an item there);
        an ability carrying it is declared only then (2007 5.2)."""
        return True

    def places(self, game: ClassicGame, cid: int, target: int | None) -> list[Cell] | None:
        """The free cells the player may choose for this effect when declaring it (``use … to=r,c``), or
        None when it puts no card on a cell (Перемещение, Приземлиться)."""
        return None


@dataclass
class Context:
    """What an effect needs to know: whose ability, the chosen target, the card struck or that died."""

    source: int
    player: int
    target: int | None = None
    other: int | None = None  # the card struck, the card that died, the attacker… (the trigger's subject)
    kind: str = "influence"  # 2022: an ability whose kind is not written is an influence (воздействие)
    cell: tuple[int, int] | None = None  # where the source stood when it died (a death trigger's place)
    ability: int = -1  # the number of the source's ability being carried out


# ---------------------------------------------------------------------------------------------- abilities
class Ability(Part):
    """One ability of a classic card. Hooks answer "nothing" unless a subclass says otherwise."""

    names: ClassVar[tuple[str, str]] = ("", "")  # ru, en: the ability's name as cards print it
    # An active ability is used by choice (in the main phase, or at any priority if instant); a triggered
    # one names the event it reacts to; the rest are constant (2007 1.9.1–1.9.4).
    active: ClassVar[bool] = False
    trigger: ClassVar[str] = ""
    # ranking for the bot and for the cost model: what the ability is worth in crystals, roughly
    weight: ClassVar[float] = 0.5
    # an active ability its card may use while its own action waits on the stack (Рывок, used "on attacking")
    during_own_action: ClassVar[bool] = False
    # the step of the setup or the preliminary phase the ability is applied in, if any: "before_recruit"
    # (2007 3.4.1, from the deal), "after_place" (6.2.2, face down on the battlefield), "vanguard" (6.2.4)
    step: ClassVar[str] = ""

    def text(self, lang: str) -> str:
        """The ability as it reads on the card, in ``lang``: the name and its numbers."""
        name = self.names[0] if lang == "ru" else self.names[1]
        x = self.values.get("x")
        return f"{name} {x}" if x is not None else name

    def reminder(self, lang: str) -> str:
        """What the ability means, in our own words (``lang``), for the zoomed card and help."""
        return ""

    def text_with(self, lang: str, cards: Mapping[str, Any] | None) -> str:
        """:meth:`text`, with the cards it names by id called by their names in ``cards`` (Вызвать)."""
        return self.text(lang)

    # -- constant abilities: numbers the rules read
    def die_bonus(self, game: ClassicGame, cid: int, purpose: str) -> int:
        """Added to this card's die roll; ``purpose``: "attack" / "defend" (a melee fight), "ranged", "other"."""
        return 0

    def attack_bonus(self, game: ClassicGame, cid: int, attack: Attack) -> int:
        """Added to the value of attacks this card makes (2022 «+X к атаке»)."""
        return 0

    def attack_reduction(self, game: ClassicGame, cid: int, attack: Attack) -> int:
        """Taken from the value of attacks on this card (2022 «−X от атаки»)."""
        return 0

    def protects_from(self, game: ClassicGame, cid: int, what: str, source: int | None) -> bool:
        """True when this card ignores ``what`` (an attack kind, "spell", "influence", "poison")."""
        return False

    def armor(self) -> int:
        """Wounds from non-magic attacks this card ignores each turn (2022 «Броня»)."""
        return 0

    def regeneration(self) -> int:
        """Wounds that come off at the start of the owner's turn (2022 «Регенерация»)."""
        return 0

    def blocks(self, game: ClassicGame, cid: int, attack: Attack) -> bool:
        """True when this card blocks ``attack`` aimed at it: no effect, nothing that goes with it fires
        (2022 «Блокировать атаку»)."""
        return False

    def prevention(self, game: ClassicGame, cid: int, cause: str, source: int | None) -> int:
        """Wounds of one dealing (an attack, an ability, poison: ``cause``) the card does not get
        (2022 «Предотвращение ран»: the wounds change, the attack's value does not)."""
        return 0

    def exiled_instead(self, game: ClassicGame, cid: int) -> bool:
        """True when the card, about to die, is exiled instead (Инкарнация used once already)."""
        return False

    def granted(self, game: ClassicGame, cid: int) -> tuple[Ability, ...]:
        """Abilities this one gives the card in the present situation (Строй, «если вы ходите первым»)."""
        return ()

    def flag(self) -> str:
        """A rules flag the card has while it has this ability ("directed", "incorporeal", …; "" for none)."""
        return ""

    # -- «х: [текст]» properties (2007 1.6.1): a number computed instead of the printed one
    def recruit_cost(self, card: ClassicCard, squad: Sequence[ClassicCard], cost: int) -> int:
        """What ``card`` costs to recruit into ``squad`` (the cards already in it), from ``cost`` so far."""
        return cost

    def movement_value(self, game: ClassicGame, cid: int, value: int) -> int:
        """The movement points the card gets at its turn's start or when it opens, from ``value`` so far."""
        return value

    def strike_value(self, game: ClassicGame, cid: int, value: Strike) -> Strike:
        """The card's simple strike now (weak, medium, strong), from ``value`` so far."""
        return value

    # -- the preliminary phase and the start of a turn (2007 3.4.1, 6.2, 6.3.1)
    def before_recruit(self, game: ClassicGame, player: int, iid: int) -> None:
        """Apply a «до набора отряда» ability of the card ``iid`` in ``player``'s deal (2007 3.4.1)."""
        return None

    def may_stay_closed(self) -> bool:
        """True when the card may stay tapped at the start of its owner's turn (2007 6.3.1: his choice)."""
        return False

    def stayed_closed(self, game: ClassicGame, cid: int) -> None:
        """What happens when the player keeps the card tapped at the start of his turn (2007 6.3.1)."""
        return None

    # -- triggered abilities
    def fires(self, game: ClassicGame, cid: int, event: Any) -> bool:
        """Whether this trigger goes off for ``event`` (the event its ``trigger`` names has happened)."""
        return True

    # -- after this card's simple strike landed ``dealt`` wounds on ``victim`` (Вампиризм)
    def struck(self, game: ClassicGame, cid: int, victim: int, dealt: int, lives_before: int) -> None:
        return None

    # -- at the start of the owner's turn, for a card that untapped or was untapped (regeneration, poison)
    def turn_start(self, game: ClassicGame, cid: int) -> None:
        return None

    # -- active abilities
    def usable(self, game: ClassicGame, cid: int) -> bool:
        """Whether the card may use this active ability now (payment and limits checked by the game)."""
        return True

    def targets(self, game: ClassicGame, cid: int) -> list[int]:
        """The cards this active ability may be aimed at now ([] when it needs none or has none)."""
        return []

    def needs_target(self) -> bool:
        return False

    def places(self, game: ClassicGame, cid: int, target: int | None) -> list[Cell] | None:
        """The cells the player chooses from when declaring it (``use … to=r,c``); None: it takes no cell."""
        return None

    def perform(self, game: ClassicGame, ctx: Context) -> None:
        """Carry out a used active ability or a trigger."""
        return None


ABILITIES: Registry[type[Ability]] = Registry("classic ability")
EFFECTS: Registry[type[Effect]] = Registry("classic effect")


def ability(cls: type[Ability]) -> type[Ability]:
    """Class decorator: register an ability under its ``id``."""
    ABILITIES.register(cls.id, cls)
    return cls


def effect(cls: type[Effect]) -> type[Effect]:
    """Class decorator: register an effect under its ``id`` (written ``do = "…"`` in card files)."""
    EFFECTS.register(cls.id, cls)
    return cls


def _parse_part(table: Any, registry: Registry[Any], key: str, file: str, card: str, where: str) -> Part:
    if not isinstance(table, dict):
        raise CardDataError("must be a table", ru="нужна таблица", file=file, card=card, field=where)
    f = Fields(table, file=file, card=card, prefix=f"{where}.")
    name = table.get(key)
    if name not in registry:
        known = ", ".join(registry.names())
        if key not in table:  # a table without its name (``{ability = "armor"}``): say which field names it
            raise f.fail(key, f"missing: the {registry.kind} this table is (known: {known})",
                         f"не указано, что это (бывают: {known})")
        raise f.fail(key, f"unknown {registry.kind} {shown_name(name)} (known: {known})",
                     f"неизвестное значение {shown_name(name)} (бывают: {known})")
    cls = registry.get(str(name))
    f.only({key, *cls.params})
    part = cls(read_params(table, cls.params, f, set()))
    part.validate(f)
    return part


def shown_name(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def parse_abilities(value: Any, file: str = "", card: str = "", where: str = "abilities") -> tuple[Ability, ...]:
    """A card's ``abilities`` list: each table checked by its registered class."""
    if not isinstance(value, list):
        raise CardDataError("must be a list of tables", ru="нужен список таблиц", file=file, card=card, field=where)
    return tuple(_parse_part(t, ABILITIES, "id", file, card, f"{where}[{i}]")  # type: ignore[misc]
                 for i, t in enumerate(value))


def parse_effects(value: Any, file: str = "", card: str = "", where: str = "effects") -> tuple[Effect, ...]:
    """An ability's ``effects`` list: each table checked by its registered effect class."""
    if not isinstance(value, list) or not value:
        raise CardDataError("must be a non-empty list of tables", ru="нужен непустой список таблиц", file=file,
                            card=card, field=where)
    return tuple(_parse_part(t, EFFECTS, "do", file, card, f"{where}[{i}]")  # type: ignore[misc]
                 for i, t in enumerate(value))
