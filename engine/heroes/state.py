"""The state of a «Берсерк. Герои» game: plain data that turns into JSON and back."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any

from engine.heroes.carddef import CardDef

ZONES = ("deck", "hand", "play", "grave", "attached", "supply")


@dataclass(slots=True, init=False)
class CardState:
    """One card instance. ``id`` is stable for the whole game (actions name cards by it)."""

    id: int
    card: str
    owner: int
    controller: int
    zone: str
    tapped: bool = False
    wounds: int = 0
    life_mod: int = 0  # extra (+) and negative (-) lives effects, CR 504.2-504.4
    effects: list[dict[str, Any]] = field(default_factory=list)
    poison: int = 0
    stunned: bool = False
    hidden: bool = False
    arrived: int = -1  # turn it came under its controller's control (first-turn weakness, CR 107.5)
    used: dict[str, int] = field(default_factory=dict)  # "X times per turn" markers, CR 303.3
    entered: int = 0  # when it came into play, counted over the game: the order of appearance (CR 115.4)
    armor_used: int = 0
    prevented: dict[str, int] = field(default_factory=dict)  # wounds each prevention aura took this turn (CR 515.4)
    wounded_turn: int = -1
    attached: list[int] = field(default_factory=list)
    host: int | None = None
    return_eot: bool = False  # Авангард: back to hand at end of turn
    # Its card's compiled definition (the pool's CardDef for ``card``), set by the game when the card is made or
    # read back: the rules read it here instead of looking ``card`` up in the pool. Not state: never written.
    d: CardDef = field(default=None, repr=False, compare=False)  # type: ignore[assignment]

    # Written out rather than made by @dataclass: compiled (tools/compile_rules.py), a dataclass's own __init__
    # stays interpreted Python, and a game makes a card for each of its cards (tests/test_records.py keeps it
    # matching the fields).
    def __init__(self, id: int, card: str, owner: int, controller: int, zone: str, tapped: bool = False,  # noqa: A002
                 wounds: int = 0, life_mod: int = 0, effects: list[dict[str, Any]] | None = None, poison: int = 0,
                 stunned: bool = False, hidden: bool = False, arrived: int = -1, used: dict[str, int] | None = None,
                 entered: int = 0, armor_used: int = 0, prevented: dict[str, int] | None = None,
                 wounded_turn: int = -1, attached: list[int] | None = None, host: int | None = None,
                 return_eot: bool = False, d: CardDef = None) -> None:  # type: ignore[assignment]
        self.id = id
        self.card = card
        self.owner = owner
        self.controller = controller
        self.zone = zone
        self.tapped = tapped
        self.wounds = wounds
        self.life_mod = life_mod
        self.effects = [] if effects is None else effects
        self.poison = poison
        self.stunned = stunned
        self.hidden = hidden
        self.arrived = arrived
        self.used = {} if used is None else used
        self.entered = entered
        self.armor_used = armor_used
        self.prevented = {} if prevented is None else prevented
        self.wounded_turn = wounded_turn
        self.attached = [] if attached is None else attached
        self.host = host
        self.return_eot = return_eot
        self.d = d

    def to_dict(self) -> dict[str, Any]:
        out = dict(zip(_CARD_FIELDS, _card_values(self), strict=True))
        out["effects"] = [dict(e) for e in self.effects]
        out["used"] = dict(self.used)
        out["prevented"] = dict(self.prevented)
        out["attached"] = list(self.attached)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any], d: CardDef) -> CardState:
        """The card written by to_dict(), holding ``d``, its card's compiled definition."""
        c = cls(**data, d=d)
        c.effects = [dict(e) for e in c.effects]
        c.used = dict(c.used)
        c.prevented = dict(c.prevented)
        c.attached = list(c.attached)
        return c


@dataclass(slots=True, init=False)
class PlayerState:
    """One player's zones and resources. Coins are counted; ``tapped`` coins are closed."""

    name: str
    hero: int
    coins: int = 0
    temp_coins: int = 0  # CR 521.4: temporary coins, gone at end of turn
    tapped_coins: int = 0
    prayers: int = 0
    deck: list[int] = field(default_factory=list)  # index 0 is the top
    hand: list[int] = field(default_factory=list)
    grave: list[int] = field(default_factory=list)  # last is the top
    play: list[int] = field(default_factory=list)  # creatures and supports in play (not the hero)
    failed_draws: int = 0
    mulligan: list[int] | None = None
    deck_id: str = ""

    def __init__(self, name: str, hero: int, coins: int = 0, temp_coins: int = 0, tapped_coins: int = 0,
                 prayers: int = 0, deck: list[int] | None = None, hand: list[int] | None = None,
                 grave: list[int] | None = None, play: list[int] | None = None, failed_draws: int = 0,
                 mulligan: list[int] | None = None, deck_id: str = "") -> None:  # written out, as CardState's
        self.name = name
        self.hero = hero
        self.coins = coins
        self.temp_coins = temp_coins
        self.tapped_coins = tapped_coins
        self.prayers = prayers
        self.deck = [] if deck is None else deck
        self.hand = [] if hand is None else hand
        self.grave = [] if grave is None else grave
        self.play = [] if play is None else play
        self.failed_draws = failed_draws
        self.mulligan = mulligan
        self.deck_id = deck_id

    @property
    def open_coins(self) -> int:
        return self.coins + self.temp_coins - self.tapped_coins

    def to_dict(self) -> dict[str, Any]:
        out = dict(zip(_PLAYER_FIELDS, _player_values(self), strict=True))
        for k in ("deck", "hand", "grave", "play"):
            out[k] = list(out[k])
        if out["mulligan"] is not None:
            out["mulligan"] = list(out["mulligan"])
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlayerState:
        p = cls(**data)
        for k in ("deck", "hand", "grave", "play"):
            setattr(p, k, list(getattr(p, k)))
        return p


# to_dict reads the fields by name rather than through ``self.__dict__``: once an instance's __dict__ has
# been touched, CPython 3.11 reads each of its attributes about ten times slower, and the engine reads
# these in every loop (a game written out for a save or a clone would be slowed for the rest of its life).
_CARD_FIELDS = tuple(f.name for f in fields(CardState) if f.name != "d")
_card_values = attrgetter(*_CARD_FIELDS)
_PLAYER_FIELDS = tuple(f.name for f in fields(PlayerState))
_player_values = attrgetter(*_PLAYER_FIELDS)
