"""The mutable pieces of a classic game: each card's place and the marks on it."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from engine.classic.board import Cell

# Where a card is (2022 «Другие игровые зоны»): on a cell of the battlefield, in the additional zone
# (flyers and terrain after the reveal), in the graveyard or in exile; in a campaign also gone to its owner's
# deal for the next game (2007 8.2.1: retreated).
FIELD, EXTRA, GRAVE, EXILE, RETREAT = "field", "extra", "grave", "exile", "retreat"
ZONES = (FIELD, EXTRA, GRAVE, EXILE, RETREAT)
IN_PLAY = frozenset((FIELD, EXTRA))
# Card ids (instances) are numbered from 0 as cards come into the game, a few dozen a game: below this bound,
# a pair of ids makes one int key (attacker * ID_SPAN + target) for the actions a game makes once.
ID_SPAN = 1 << 20


@dataclass
class Creature:
    """One card instance in the battle (a creature, an artifact or a terrain); ``at`` is its cell."""

    id: int
    card: str
    owner: int
    at: Cell | None
    tapped: bool = False  # «закрыта» (Classic 2022 «Действие»)
    wounds: int = 0
    moves: int = 0  # movement points left this turn (Classic 2007 3.14)
    zone: str = FIELD
    chips: int = 0  # «фишки» (2007 1.11)
    poison: int = 0  # «Отравление на X»: the largest poison only (2022 «Важные дополнения» 2)
    extra_lives: int = 0  # «Дополнительные жизни»: raise the card's maximum
    blessed: bool = False  # «Благословление»: +1 to every die roll
    cursed: bool = False  # «Проклятие»: −1 to every die roll
    armor_used: int = 0  # wounds armour has stopped this turn (2022 «Броня»: the first X of each turn)
    moved: bool = False  # moved this turn (jump and teleport need a card that has not, 2007 3.15)
    wounded: bool = False  # got wounds since the start of this turn (Концентрация)
    lost: bool = False  # «Теряет особенности»: none of its printed abilities apply
    flyer_ready: int = 0  # the turn it tapped "to strike a flyer" (2007 4.16): it may strike one until its next turn ends
    slain: bool = False  # went to the graveyard killed by an enemy card's attack (Вальхалла asks)
    shield: int = 0  # wounds still to be prevented (2022 «Предотвращение ран», an effect's; lasts until used)
    shield_by: tuple[int, int] | None = None  # the card and its ability number whose effect put the shield
    tokens: int = 0  # incarnation tokens: only while in the graveyard (2022 «Инкарнация»)
    stunned: bool = False  # «Оглушение»: it does not open at the start of its owner's next turn (2007 6.3.1)
    retreating: bool = False  # tapped «на отступление»: leaves for the next deal when it would open (2007 8.2.1)
    uses: dict[str, int] = field(default_factory=dict)  # "t<i>" this turn, "b<i>" this battle: ability i

    @property
    def on_board(self) -> bool:
        return self.zone in IN_PLAY

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "card": self.card, "owner": self.owner,
                "at": None if self.at is None else [self.at[0], self.at[1]],
                "tapped": self.tapped, "wounds": self.wounds, "moves": self.moves, "zone": self.zone,
                "chips": self.chips, "poison": self.poison, "extra_lives": self.extra_lives,
                "blessed": self.blessed, "cursed": self.cursed, "armor_used": self.armor_used,
                "moved": self.moved, "wounded": self.wounded, "lost": self.lost, "flyer_ready": self.flyer_ready,
                "slain": self.slain, "uses": dict(sorted(self.uses.items())),
                **({"shield": self.shield} if self.shield else {}),
                **({"shield_by": list(self.shield_by)} if self.shield_by else {}), **({"tokens": self.tokens} if self.tokens else {}),
                **({"stunned": True} if self.stunned else {}),
                **({"retreating": True} if self.retreating else {})}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Creature:
        at = d["at"]
        zone = d.get("zone", FIELD if at is not None else GRAVE)
        if zone not in ZONES:
            raise ValueError(f"creature {d.get('id')}: unknown zone {zone!r}")
        return cls(id=d["id"], card=d["card"], owner=d["owner"], at=None if at is None else (at[0], at[1]),
                   tapped=d["tapped"], wounds=d["wounds"], moves=d["moves"], zone=zone, chips=d.get("chips", 0),
                   poison=d.get("poison", 0), extra_lives=d.get("extra_lives", 0), blessed=d.get("blessed", False),
                   cursed=d.get("cursed", False), armor_used=d.get("armor_used", 0), moved=d.get("moved", False),
                   wounded=d.get("wounded", False), lost=d.get("lost", False),
                   flyer_ready=d.get("flyer_ready", 0), slain=d.get("slain", False),
                   uses=dict(d.get("uses", {})), shield=d.get("shield", 0), tokens=d.get("tokens", 0),
                   shield_by=tuple(d["shield_by"]) if d.get("shield_by") else None,  # type: ignore[arg-type]
                   stunned=d.get("stunned", False), retreating=d.get("retreating", False))


@dataclass(frozen=True)
class CellMark:
    """An effect on a cell of the battlefield (2007 1.10): ``kind`` ("trap", "mire"), its number ``x``, the
    player it belongs to (who controlled the card that made it, when it was made), the card that made it,
    the kind of that card's ability (an influence or a spell: what a protection reads) and the turn it was
    made in."""

    cell: Cell
    kind: str
    owner: int
    source: int
    x: int = 0
    by: str = "influence"
    turn: int = 0

    def __reduce__(self) -> tuple[Any, ...]:
        # rebuilt through __init__: compiled (tools/compile_rules.py), pickling would set the frozen fields one
        # by one and fail (a game's cards and states go to the computer's process pickled)
        return (type(self), tuple([getattr(self, f.name) for f in fields(self)]))

    def to_dict(self) -> dict[str, Any]:
        return {"cell": [self.cell[0], self.cell[1]], "kind": self.kind, "owner": self.owner, "source": self.source,
                "x": self.x, "by": self.by, "turn": self.turn}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> CellMark:
        return cls(cell=(d["cell"][0], d["cell"][1]), kind=d["kind"], owner=d["owner"], source=d["source"],
                   x=d.get("x", 0), by=d.get("by", "influence"), turn=d.get("turn", 0))


@dataclass(frozen=True)
class Placement:
    """A card to put on a cell when building a position (tests, puzzles, the deployment step).

    A flyer (or a card placed with ``zone="extra"``) goes to the additional zone and has no cell.
    """

    owner: int
    card: str
    at: Cell | None
    tapped: bool = False
    wounds: int = 0
    moves: int | None = None  # None: the card's full movement
    chips: int = 0
    poison: int = 0
    zone: str = FIELD
    host: int | None = None  # a symbiote seated on the card with this id (placed before it)
    hidden: bool = False  # face down (2022 «Вскрытие карт»)
    blessed: bool = False
    cursed: bool = False
    extra_lives: int = 0
    stunned: bool = False

    def __reduce__(self) -> tuple[Any, ...]:
        # rebuilt through __init__ (see CellMark.__reduce__)
        return (type(self), tuple([getattr(self, f.name) for f in fields(self)]))


@dataclass
class SetupState:
    """What exists only while the game is set up: each player's deal and squad (instance ids, in order); in a
    campaign's later game, ``kept``: the cards each deal starts with, which a redeal leaves (2007 8.3–8.5)."""

    deals: list[list[int]] = field(default_factory=lambda: [[], []])
    squads: list[list[int]] = field(default_factory=lambda: [[], []])
    kept: list[list[int]] = field(default_factory=lambda: [[], []])

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"deals": [list(d) for d in self.deals], "squads": [list(s) for s in self.squads]}
        if any(self.kept):
            out["kept"] = [list(k) for k in self.kept]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SetupState:
        return cls(deals=[list(d) for d in data["deals"]], squads=[list(s) for s in data["squads"]],
                   kept=[list(k) for k in data.get("kept", [[], []])])
