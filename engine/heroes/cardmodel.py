"""The parsed card and deck records of «Герои»: :class:`CardDef`, :class:`DeckDef` and what the rules work out
once from a card's abilities (:class:`Activation`, :func:`declarations`, :class:`Slot`).

They are built by :mod:`engine.heroes.carddef`, which validates the plain data (TOML/JSON) field by field and
also exports these names.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, TypeAlias

from engine.core.compiled import mypyc_attr
from engine.heroes import registry as R
from engine.heroes.chains import chains, slots


@dataclass(frozen=True)
class CardDef:
    """One card as printed: properties and structured abilities (never changes in a game)."""

    id: str
    name: dict[str, str]
    type: str
    subtype: str = ""
    elements: tuple[str, ...] = ()
    cost: int = 0
    x_cost: bool = False
    strike: int = 0
    lives: int = 0
    abilities: tuple[dict[str, Any], ...] = ()
    effects: tuple[dict[str, Any], ...] = ()  # a spell's abilities (CR 117)
    modes: dict[str, Any] | None = None  # a spell built as an ability constructor (CR 523)
    flavor: dict[str, str] = field(default_factory=dict)
    art: str = ""
    source: str = ""  # the file it came from

    # Derived views, read on every action, set once by __post_init__ through object.__setattr__ (the card is
    # frozen). They are fields only so that their types are declared (a compiler of typed Python needs them):
    # not arguments of __init__, and equality, hash, repr and replace() see the printed card only. Not a
    # functools.cached_property: it writes the instance __dict__, after which CPython 3.11 reads every attribute
    # of the instance about ten times slower (some 300 machine instructions for ``d.type`` instead of 30).
    keyword_map: dict[str, dict[str, Any]] = field(init=False, repr=False, compare=False)
    auras: tuple[dict[str, Any], ...] = field(init=False, repr=False, compare=False)
    # (index among its abilities, ability) of each triggered / activated ability, as Activate names them
    triggers: tuple[tuple[int, dict[str, Any]], ...] = field(init=False, repr=False, compare=False)
    activated: tuple[tuple[int, dict[str, Any]], ...] = field(init=False, repr=False, compare=False)
    # the same, compiled for listing legal actions
    activations: tuple[Activation, ...] = field(init=False, repr=False, compare=False)
    # (self,): its parts when nothing is attached under it
    solo: tuple[CardDef, ...] = field(init=False, repr=False, compare=False)
    # every «on» of its triggers: a card without the event's skips the scan
    trigger_events: frozenset[str] = field(init=False, repr=False, compare=False)
    # a spell's declarable chains (CR 523.1), see declarations()
    play_options: tuple[Declaration, ...] = field(init=False, repr=False, compare=False)
    # what its own cost abilities («стоит на N меньше») add to its cost (CR 203.2)
    self_cost: int = field(init=False, repr=False, compare=False)
    # its cost when no aura changes costs and X is not involved (CR 203.2, 104.3.3)
    hand_cost: int = field(init=False, repr=False, compare=False)
    # a creature or support played only one way (no module to attach, CR 7 Модуль)
    plain_play: bool = field(init=False, repr=False, compare=False)
    # What listing legal actions asks of a card with no effects, modules or aura-given keywords, as flags
    # rather than keyword names looked up in its map: printed a creature (CR 108.2: only an effect makes
    # anything else one); a printed keyword frees it of first-turn weakness (CR 107.5, Рывок) / makes it attack
    # before anything else (CR 7 Бешенство); printed Немёртвый: the enemy may wound it with coins (CR 7
    # Немёртвый); printed Защита от заклинаний: a spell cannot target it (CR 515.2).
    creature: bool = field(init=False, repr=False, compare=False)
    haste: bool = field(init=False, repr=False, compare=False)
    frenzy: bool = field(init=False, repr=False, compare=False)
    undead: bool = field(init=False, repr=False, compare=False)
    spell_shield: bool = field(init=False, repr=False, compare=False)
    _first_keywords: dict[str, dict[str, Any]] = field(init=False, repr=False, compare=False)
    _keyword_values: dict[tuple[str, str], frozenset[str]] = field(init=False, repr=False, compare=False)

    # Pickled with the pool an observation carries to the bot's process: every field as it is, set back the way
    # __post_init__ sets them (compiled by mypyc, a class's own pickling would use setattr, which frozen refuses).
    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in _CARD_FIELDS}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)

    def __post_init__(self) -> None:
        put = object.__setattr__
        abilities = self.abilities
        keyword_map = {ab["keyword"]: ab for ab in abilities if ab["kind"] == "keyword"}
        put(self, "keyword_map", keyword_map)
        auras = tuple(ab for ab in abilities if ab["kind"] == "aura")
        put(self, "auras", auras)
        triggers = tuple((i, ab) for i, ab in enumerate(abilities) if ab["kind"] == "trigger")
        put(self, "triggers", triggers)
        put(self, "activated", tuple((i, ab) for i, ab in enumerate(abilities) if ab["kind"] == "activate"))
        put(self, "activations", tuple(Activation(i, ab) for i, ab in self.activated))
        put(self, "solo", (self,))
        put(self, "trigger_events", frozenset(ab["on"] for _, ab in triggers))
        put(self, "play_options", declarations(self.effects, self.modes))
        self_cost = sum(ab["amount"] for ab in auras if ab["aura"] == "cost" and ab["affects"].get("sel") == "self")
        put(self, "self_cost", self_cost)
        put(self, "hand_cost", max(0, self.cost + self_cost))
        put(self, "plain_play", self.type in ("creature", "support") and not keyword_map.get("module"))
        kinds = [R.KEYWORDS[name] for name in keyword_map if name in R.KEYWORDS]
        put(self, "creature", self.type == "creature")
        put(self, "haste", any(k.no_weakness for k in kinds))
        put(self, "frenzy", any(k.must_attack for k in kinds))
        put(self, "undead", "undead" in keyword_map)
        put(self, "spell_shield", any(ab["keyword"] == "protection" and ab.get("from") == "spells"
                                      for ab in abilities if ab["kind"] == "keyword"))
        first: dict[str, dict[str, Any]] = {}
        for ab in abilities:
            if ab["kind"] == "keyword":
                first.setdefault(ab["keyword"], ab)
        put(self, "_first_keywords", first)
        put(self, "_keyword_values", {})  # filled as keyword_values() is asked

    def keyword(self, name: str) -> dict[str, Any] | None:
        """The first printed ability of this keyword, if any."""
        return self._first_keywords.get(name)

    def keyword_values(self, name: str, fld: str) -> frozenset[str]:
        """The ``fld`` of each printed ability of this keyword (Защита от…, Игнорирует…)."""
        key = (name, fld)
        got = self._keyword_values.get(key)
        if got is None:
            got = self._keyword_values[key] = frozenset(
                ab[fld] for ab in self.abilities if ab["kind"] == "keyword" and ab["keyword"] == name)
        return got

    @property
    def created(self) -> bool:
        """Made by abilities: never in a deck, back to the supply instead (CR 7 Созданный)."""
        return any(R.KEYWORDS[name].returns_to_supply for name in self.keyword_map)


# The card types a target spec's «choose»/«all» word takes (CR 502): any other word takes every type.
KIND_TYPES = {"creature": ("creature",), "character": ("creature", "hero"), "hero": ("hero",),
              "support": ("support",)}


@mypyc_attr(serializable=True)  # pickled with the pool (CardDef.__getstate__); compiled, it must say so
class Slot:
    """The one target slot of the usual targeted ability (one «выбранн…» target, no optional part), compiled:
    ``plain`` when it picks among the cards in play by type and side alone (no filter, no «sel», not the
    graveyard), the quick case of Targets.candidates."""

    __slots__ = ("spec", "plain", "types", "side")

    def __init__(self, spec: dict[str, Any]) -> None:
        self.spec = spec
        self.plain = not ("sel" in spec or spec.get("filter") or spec.get("zone") == "grave")
        self.types = KIND_TYPES.get(spec.get("choose") or spec.get("all") or "")
        self.side: str = spec.get("side", "any")


# (modes, effects, target slots, whether some part is optional, the compiled slot of a one-target declaration
# without optional parts, else None): one way to declare an ability.
Declaration: TypeAlias = tuple[tuple[int, ...], tuple[dict[str, Any], ...], tuple[dict[str, Any], ...], bool,
                               Slot | None]


def declarations(effects: Any, modes: dict[str, Any] | None) -> tuple[Declaration, ...]:
    """Each (modes, effects) chain of an ability (CR 523.1) with its «выбранн…» target slots in text
    order (CR 116.1) and whether a part is optional (CR 119.5), worked out once for printed abilities."""
    out = []
    for m, e in chains(effects, modes):
        specs = tuple(slots(e))
        optional = any(x.get("may") for x in e)
        out.append((m, e, specs, optional, Slot(specs[0]) if len(specs) == 1 and not optional else None))
    return tuple(out)


@mypyc_attr(serializable=True)  # pickled with the pool (CardDef.__getstate__); compiled, it must say so
class Activation:
    """A printed activated ability as listing legal actions reads it: its price and use limit as attributes
    (CR 114.4, 501), its declarations worked out once (CR 523.1, 116.1), and its «used» marker key."""

    __slots__ = ("index", "ability", "times", "used_key", "tap", "coins", "prayers", "wounds", "x", "declared",
                 "untargeted")

    def __init__(self, index: int, ability: dict[str, Any]) -> None:
        cost = ability["cost"]
        self.index = index
        self.ability = ability
        self.times: int = ability["times"]
        self.used_key = f"a{index}"  # CardState.used: how often it was used this turn (CR 114.4)
        self.tap: bool = cost["tap"]
        self.coins: int = cost["coins"]
        self.prayers: int = cost["prayers"]
        self.wounds: int = cost["wounds"]
        self.x: bool = cost["x"]
        self.declared = declarations(ability["effects"], ability.get("modes"))
        # no target in any chain and no X: one activation per chain, whatever the board (CR 116.1, 512.4)
        self.untargeted = not self.x and not any(specs for _, _, specs, _, _ in self.declared)


@dataclass(frozen=True)
class DeckDef:
    """A ready deck: hero, cards with counts, and a one-line plan."""

    id: str
    name: dict[str, str]
    hero: str
    cards: dict[str, int]
    plan: dict[str, str] = field(default_factory=dict)
    source: str = ""

    def card_list(self) -> list[str]:
        out: list[str] = []
        for cid, n in self.cards.items():
            out.extend([cid] * n)
        return out

    def __getstate__(self) -> dict[str, Any]:  # pickled as a card is (CardDef.__getstate__)
        return {name: getattr(self, name) for name in _DECK_FIELDS}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)


_CARD_FIELDS = tuple(f.name for f in fields(CardDef))
_DECK_FIELDS = tuple(f.name for f in fields(DeckDef))
