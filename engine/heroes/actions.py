"""The actions of «Берсерк. Герои». Text forms, e.g. ``attack attacker=12 target=2``."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import Action, action
from engine.core.timing import TimeOut


@action("order")
@dataclass(frozen=True, kw_only=True)
class ChooseOrder(Action):
    """The die winner chooses to go first or second (CR 301.4)."""

    first: bool


@action("mulligan")
@dataclass(frozen=True, kw_only=True)
class Mulligan(Action):
    """Put these cards from the opening hand under the deck, in this order, and redraw (CR 301.7)."""

    cards: tuple[int, ...] = ()


@action("reveal")
@dataclass(frozen=True, kw_only=True)
class Reveal(Action):
    """Reveal these hidden creatures in the accumulation phase (CR 304.3)."""

    cards: tuple[int, ...] = ()


@action("play")
@dataclass(frozen=True, kw_only=True)
class Play(Action):
    """Play a card from hand (CR 309): targets for a spell's abilities, X, or a mechanism to attach to."""

    card: int
    targets: tuple[int, ...] = ()
    x: int | None = None
    attach: int | None = None
    modes: tuple[int, ...] = ()  # CR 523: the chosen chain of an ability constructor


@action("attack")
@dataclass(frozen=True, kw_only=True)
class Attack(Action):
    """A strike attack by one creature on an enemy character (CR 307)."""

    attacker: int
    target: int


@action("activate")
@dataclass(frozen=True, kw_only=True)
class Activate(Action):
    """Use an activated ability (CR 308); ``ability`` is its index among the card's abilities."""

    card: int
    ability: int
    targets: tuple[int, ...] = ()
    x: int | None = None
    modes: tuple[int, ...] = ()


@action("wound_undead")
@dataclass(frozen=True, kw_only=True)
class WoundUndead(Action):
    """Tap X coins on your turn to deal X wounds to an enemy Undead (CR 7 Немёртвый)."""

    card: int
    x: int


@action("end")
@dataclass(frozen=True, kw_only=True)
class EndTurn(Action):
    """Pass the turn (CR 306.1)."""


@action("defend")
@dataclass(frozen=True, kw_only=True)
class Defend(Action):
    """Assign a defender against the declared strike (CR 509)."""

    card: int


@action("no_defense")
@dataclass(frozen=True, kw_only=True)
class NoDefense(Action):
    """Assign no defender."""


@action("declare")
@dataclass(frozen=True, kw_only=True)
class DeclareTrigger(Action):
    """Put a waiting triggered ability into the Queue, with its targets (CR 401.3, 402.1)."""

    trigger: int
    targets: tuple[int, ...] = ()
    modes: tuple[int, ...] = ()


@action("decline")
@dataclass(frozen=True, kw_only=True)
class DeclineTrigger(Action):
    """Let a «может» trigger go; it is lost for this event (CR 113.4)."""

    trigger: int


@action("choose")
@dataclass(frozen=True, kw_only=True)
class Choose(Action):
    """Answer a choice made while an ability resolves (which card to find, to discard, …)."""

    cards: tuple[int, ...] = ()


@action("concede")
@dataclass(frozen=True, kw_only=True)
class Concede(Action):
    """A player gives up (CR 602.1)."""

    player: int


@action("forfeit")
@dataclass(frozen=True, kw_only=True)
class Forfeit(Action):
    """A player loses by a technical result: away from a game played over the network past its limit. The
    server applies it; no player sends it (net/room.py)."""

    player: int


@action("offer_draw")
@dataclass(frozen=True, kw_only=True)
class OfferDraw(Action):
    """Propose a draw to the opponent (CR 603.2)."""

    player: int


@action("accept_draw")
@dataclass(frozen=True, kw_only=True)
class AcceptDraw(Action):
    """Accept the proposed draw."""


@action("decline_draw")
@dataclass(frozen=True, kw_only=True)
class DeclineDraw(Action):
    """Refuse the proposed draw; the game goes on."""


# CR 603.1 (3): the round's time is out, declared by whoever runs the game (engine.core.timing)
action("time_out")(TimeOut)

META_ACTIONS = (Concede, OfferDraw, Forfeit, TimeOut)
ACTIONS = tuple(k for k in list(globals().values())
                if isinstance(k, type) and issubclass(k, Action) and k is not Action)  # every action class
