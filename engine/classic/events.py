"""The events of a classic «Берсерк» game (the shared ones — a die, a turn, a concession, a time-out, the game's end —
are in :mod:`engine.core.events`; a die rolled for a creature's strike names the ``card``)."""

from __future__ import annotations

from typing import ClassVar

from engine.core.events import (
    Conceded,
    DieRolled,
    DrawAccepted,
    DrawDeclined,
    DrawOffered,
    Event,
    Forfeited,
    GameOver,
    Shuffled,
    TimeRanOut,
    TurnBegan,
    event,
)


@event
class DefenderAssigned(Event):
    """``card`` defends ``target`` from ``attacker`` (2007 4.11)."""

    kind: ClassVar[str] = "defender"
    card: int
    attacker: int
    target: int


@event
class CreatureDied(Event):
    """``card`` of ``owner`` died on cell ``at`` (None: in the additional zone): ``cause`` "wounds" or "destroy";
    ``killer``, the card whose attack or ability killed it (Вальхалла and Трупоедство ask)."""

    kind: ClassVar[str] = "dies"
    card: int
    at: list[int] | None
    owner: int
    cause: str = "wounds"
    killer: int | None = None


@event
class TurnEnded(Event):
    """``player`` ended turn ``turn``."""

    kind: ClassVar[str] = "end_turn"
    player: int
    turn: int


@event
class HitRolled(Event):
    """The hit table's row ``table`` was read for the dice ``rolls`` (2007 4.3), the totals with their modifiers;
    ``mods`` names each die's modifiers, in the order of ``rolls``: [what, amount] pairs, what being
    "blessed", "cursed" or "ability:<number>" (that number of the die's card's abilities)."""

    kind: ClassVar[str] = "hit"
    table: str
    rolls: list[int]
    attacker: str | None
    reflector: str | None
    mods: list[list[list[str | int]]] | tuple[()] = ()  # () when not named (a record made by hand)


@event
class TableLowered(Event):
    """``player`` lowered the result from row ``src`` to ``row`` (2007 4.3)."""

    kind: ClassVar[str] = "lowered"
    player: int
    src: str
    row: str


@event
class Moved(Event):
    """``card`` moved from cell ``src`` to ``to`` for ``cost`` movement points."""

    kind: ClassVar[str] = "move"
    card: int
    src: list[int] | None
    to: list[int]
    cost: int
    moves_left: int


@event
class Struck(Event):
    """``card`` struck ``target`` with a ``blow`` (weak, medium, strong or miss) for ``wounds``; ``how`` is the
    attack's kind (simple, shot, throw, discharge, magic_strike, through_row, special)."""

    kind: ClassVar[str] = "strike"
    card: int
    target: int
    blow: str
    wounds: int
    how: str = "simple"
    keys: ClassVar[dict[str, str]] = {"blow": "kind"}


@event
class StrikeDeclared(Event):
    """``attacker`` declared a simple strike at ``target``."""

    kind: ClassVar[str] = "strike_declared"
    attacker: int
    target: int


@event
class Tapped(Event):
    """``card`` was tapped."""

    kind: ClassVar[str] = "tap"
    card: int


@event
class Untapped(Event):
    """``card`` was untapped."""

    kind: ClassVar[str] = "untap"
    card: int


@event
class Wounded(Event):
    """``card`` got ``amount`` wounds from ``source`` (an ability, poison…: ``cause``), armour already taken off."""

    kind: ClassVar[str] = "wounded"
    card: int
    amount: int
    source: int | None
    cause: str


@event
class Healed(Event):
    """``amount`` wounds came off ``card`` (2022 «Излечение»); ``extra`` lives were added above its maximum."""

    kind: ClassVar[str] = "healed"
    card: int
    amount: int
    extra: int = 0


@event
class Prevented(Event):
    """``amount`` wounds to ``card`` did not land (``why``): "armor", "protection", "prevention" (a constant
    ability or an effect's shield) or "reduction" (an attack's value lowered, 2022 «−X от атак»); by the
    ability number ``ability`` of the card ``by`` (the card's own, or the card whose effect shields it)."""

    kind: ClassVar[str] = "prevented"
    card: int
    amount: int
    why: str
    by: int | None = None
    ability: int | None = None


@event
class Exiled(Event):
    """``card`` of ``owner`` went into exile (2022 «Изгнать») from cell ``at`` (None: not from a cell)."""

    kind: ClassVar[str] = "exiled"
    card: int
    owner: int
    at: list[int] | None = None


@event
class AbilityUsed(Event):
    """``card`` declared its ability number ``ability`` (on ``target`` when it has one); it is on the stack."""

    kind: ClassVar[str] = "ability"
    card: int
    ability: int
    target: int | None


@event
class Triggered(Event):
    """``card``'s ability number ``ability`` went off (``on``: the event it reacts to) and is on the stack."""

    kind: ClassVar[str] = "triggered"
    card: int
    ability: int
    on: str


@event
class Resolved(Event):
    """The top of the stack was carried out (``item``: what it was) or left off (``done`` false, 2007 5.8)."""

    kind: ClassVar[str] = "resolved"
    item: str
    card: int | None
    done: bool
    keys: ClassVar[dict[str, str]] = {"item": "kind"}


@event
class Passed(Event):
    """``player`` passed priority (2007 5.1)."""

    kind: ClassVar[str] = "pass"
    player: int


@event
class Marked(Event):
    """A mark on ``card`` changed: ``mark`` (chips, poison, blessed, cursed, extra_lives, lost) is now ``value``."""

    kind: ClassVar[str] = "mark"
    card: int
    mark: str
    value: int


@event
class Relocated(Event):
    """``card`` was put on cell ``to`` (a jump, a teleport or another card's effect: ``how``)."""

    kind: ClassVar[str] = "relocated"
    card: int
    src: list[int] | None
    to: list[int]
    how: str


@event
class Entered(Event):
    """``card`` of ``owner`` came into play on ``at`` (None: the additional zone) from ``src`` (a zone)."""

    kind: ClassVar[str] = "entered"
    card: int
    owner: int
    at: list[int] | None
    src: str





@event
class OrderChosen(Event):
    """``player`` (the winner of the die roll) chose: ``first`` takes the first turn."""

    kind: ClassVar[str] = "order"
    player: int
    first: int


@event
class CrystalsGiven(Event):
    """``player`` starts recruiting with ``gold`` and ``silver`` crystals."""

    kind: ClassVar[str] = "crystals"
    player: int
    gold: int
    silver: int


@event
class Dealt(Event):
    """``player`` took the deal ``cards`` (instance ids) from the top of the deck."""

    kind: ClassVar[str] = "deal"
    player: int
    cards: list[int]


@event
class Redealt(Event):
    """``player`` shuffled the deal back and paid ``gold`` for a new one."""

    kind: ClassVar[str] = "redeal"
    player: int
    gold: int


@event
class Recruited(Event):
    """``player`` took ``card`` into the squad for ``gold`` + ``silver``, and ``penalty`` gold for a new element."""

    kind: ClassVar[str] = "recruit"
    player: int
    card: int
    gold: int
    silver: int
    penalty: int


@event
class SquadReady(Event):
    """``player`` ended recruiting; ``returned`` cards went back into the deck; ``bonus`` gold (2007 3.7)."""

    kind: ClassVar[str] = "squad_ready"
    player: int
    returned: int
    bonus: int


@event
class CardPlaced(Event):
    """``player`` laid ``card`` face down on cell ``at``."""

    kind: ClassVar[str] = "place"
    player: int
    card: int
    at: list[int]


@event
class CardUnplaced(Event):
    """``player`` took ``card`` back from cell ``at``."""

    kind: ClassVar[str] = "unplace"
    player: int
    card: int
    at: list[int]


@event
class LayoutReady(Event):
    """``player`` finished laying out the squad."""

    kind: ClassVar[str] = "layout_ready"
    player: int


@event
class Revealed(Event):
    """``card`` of ``owner`` was turned face up: it is ``name`` (a card id)."""

    kind: ClassVar[str] = "reveal"
    card: int
    owner: int
    name: str


@event
class KeptHidden(Event):
    """``player`` keeps ``cards`` of the 3rd row face down until their first turn."""

    kind: ClassVar[str] = "kept_hidden"
    player: int
    cards: list[int]


@event
class ToExtraZone(Event):
    """``card`` (a flyer or a terrain) left cell ``src`` for the additional zone."""

    kind: ClassVar[str] = "extra_zone"
    card: int
    src: list[int] | None


@event
class Seated(Event):
    """The symbiote ``card`` sits on ``host`` (cell ``at``), leaving cell ``src``."""

    kind: ClassVar[str] = "seat"
    card: int
    host: int
    src: list[int] | None
    at: list[int] | None


@event
class BattleBegan(Event):
    """The setup is over; ``first`` takes the first turn («в начале боя» abilities come here)."""

    kind: ClassVar[str] = "battle"
    first: int


@event
class Prophesied(Event):
    """``player`` showed the top of the deck, ``cards`` (card ids), and put them under it (2022 «Пророчество»)."""

    kind: ClassVar[str] = "prophecy"
    player: int
    cards: list[str]


@event
class Interrupted(Event):
    """The ``item`` of ``card`` (an ability, a fight, its dice, an answer blow) was taken off unperformed, but paid:
    ``why`` "cancel" (2022 «Отменить действие») or "block" («Блокировать атаку»), by the card ``by`` (its
    ability number ``ability``)."""

    kind: ClassVar[str] = "interrupted"
    card: int
    item: str
    why: str
    by: int
    ability: int | None = None


@event
class Redirected(Event):
    """``card``'s attack turned from ``src`` to ``to`` (2022 «Перенаправление») by the ability number ``ability``
    of the card ``by``."""

    kind: ClassVar[str] = "redirected"
    card: int
    src: int | None
    to: int
    by: int | None = None
    ability: int | None = None


@event
class Prepared(Event):
    """``player`` applied ability ``ability`` of ``card`` (the card id ``name``, shown to both) in the setup's or
    the preliminary phase's ``step``: "before_recruit" (2007 3.4.1) or "after_place" (6.2.2)."""

    kind: ClassVar[str] = "prepared"
    player: int
    card: int
    name: str
    ability: int
    step: str


@event
class CrystalsTaken(Event):
    """``player`` lost ``gold`` and ``silver`` crystals to an ability before recruiting (2007 3.4.1)."""

    kind: ClassVar[str] = "crystals_taken"
    player: int
    gold: int
    silver: int


@event
class CellMarked(Event):
    """An effect ``mark`` ("trap", "mire") of number ``x`` was put on cell ``at``; it belongs to ``owner`` (2007 1.10)."""

    kind: ClassVar[str] = "cell_mark"
    at: list[int]
    mark: str
    owner: int
    x: int = 0


@event
class CellCleared(Event):
    """The effect ``mark`` left cell ``at``: ``why`` "used" (it acted) or "time" (its time was over)."""

    kind: ClassVar[str] = "cell_clear"
    at: list[int]
    mark: str
    why: str


@event
class CellSprung(Event):
    """The effect ``mark`` on cell ``at`` acted on ``card``, which came onto that cell (2007 1.10)."""

    kind: ClassVar[str] = "cell_sprung"
    at: list[int]
    mark: str
    card: int


@event
class ToGraveyard(Event):
    """``card`` of ``owner`` (the card id ``name``) went to the graveyard from ``src`` ("deck") without dying
    (2022 «Попадание на кладбище»)."""

    kind: ClassVar[str] = "to_grave"
    card: int
    owner: int
    name: str
    src: str


@event
class StayedClosed(Event):
    """``player`` kept ``cards`` tapped at the start of his turn (2007 6.3.1)."""

    kind: ClassVar[str] = "stayed_closed"
    player: int
    cards: list[int]


@event
class SquadsCounted(Event):
    """The time ran out: what each player's squad under his control costs in crystals, a gold one counted as a
    silver one (2007 7.3–7.4); ``costs`` by player."""

    kind: ClassVar[str] = "squads_counted"
    costs: list[int]


# ---------------------------------------------------------------- a campaign (2007 part 8)
@event
class RetreatDeclared(Event):
    """``card`` tapped «на отступление» (2007 8.2.1): it leaves when it would open at its owner's next turn."""

    kind: ClassVar[str] = "retreat"
    card: int


@event
class Retreated(Event):
    """``card`` of ``owner`` (the card id ``name``) left play for its owner's next deal (2007 8.2.1–8.2.2)."""

    kind: ClassVar[str] = "retreated"
    card: int
    owner: int
    name: str


@event
class CampaignScored(Event):
    """Game ``number`` of the campaign ended: ``winner`` (None: a draw) scores; ``score`` is each player's wins."""

    kind: ClassVar[str] = "campaign_game"
    number: int
    winner: int | None
    score: list[int]


@event
class CarriedOver(Event):
    """What of ``player``'s cards passes to the next game (card ids): ``kept`` makes the next deal (retreated and
    left in play, 2007 8.3), ``to_deck`` went back into the deck and ``to_graveyard`` to the graveyard, which
    stays (2007 8.2.3–8.2.4, 8.3)."""

    kind: ClassVar[str] = "carried"
    player: int
    kept: list[str]
    to_deck: list[str]
    to_graveyard: list[str]


@event
class CardsChosen(Event):
    """The loser of the last game, ``player``, took ``cards`` (card ids) of his deck into the next deal (2007 8.4)."""

    kind: ClassVar[str] = "chosen"
    player: int
    cards: list[str]


@event
class NextGameBegan(Event):
    """Game ``number`` of the campaign begins (its setup's events follow)."""

    kind: ClassVar[str] = "campaign_next"
    number: int


@event
class CampaignOver(Event):
    """The campaign is over: ``winner`` won two games (None: drawn, neither can win another) (2007 8.1)."""

    kind: ClassVar[str] = "campaign_over"
    winner: int | None
    score: list[int]


# every event kind of this ruleset -> its record
EVENTS: dict[str, type[Event]] = {c.kind: c for c in (
    DieRolled, TurnBegan, Conceded, Forfeited, GameOver, Shuffled, TimeRanOut, SquadsCounted,
    DefenderAssigned, CreatureDied, TurnEnded, HitRolled, TableLowered, Moved, Struck, StrikeDeclared, Tapped,
    Untapped, Wounded, Healed, Prevented, Exiled, AbilityUsed, Triggered, Resolved, Passed, Marked, Relocated,
    Entered, DrawOffered, DrawDeclined, DrawAccepted,
    OrderChosen, CrystalsGiven, Dealt, Redealt, Recruited, SquadReady, CardPlaced, CardUnplaced, LayoutReady, Revealed, KeptHidden, ToExtraZone, Seated, BattleBegan,
    Prophesied,

    Interrupted, Redirected,
    Prepared, CrystalsTaken, CellMarked, CellCleared, CellSprung, ToGraveyard, StayedClosed,
    RetreatDeclared, Retreated, CampaignScored, CarriedOver, CardsChosen, NextGameBegan, CampaignOver,
)}
