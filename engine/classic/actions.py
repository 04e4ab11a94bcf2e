"""The actions of classic «Берсерк», in their own namespace (:data:`CODEC`), apart from «Герои»'s.

Text forms: ``move card=3 to=2,4`` (``ability=1`` for a jump or teleport), ``strike attacker=3 target=9``,
``use card=3 ability=0 target=9`` (an active ability; ``to=2,4`` when it
takes a cell), ``chip card=3``, ``aim card=3``, ``pass``,
``defend card=11``, ``no_defense``, ``lower``, ``keep``, ``end``, ``concede player=1``,
``offer_draw player=0``, ``accept_draw``, ``decline_draw``, ``time_out elapsed=1800``, ``stay_closed cards=3,5``
(before a turn, 2007 6.3.1); in a campaign ``retreat card=3`` and, between its games, ``next_game
cards=c_guard,c_hawk``. In the preliminary phase (2007 3.4.1, 6.2.2, 6.2.4) a card's ability is applied with
``use`` and a vanguard strike is a ``strike``; ``pass`` ends the player's part in that step.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.actions import Action, ActionCodec
from engine.core.timing import TimeOut

CODEC = ActionCodec("classic")


@CODEC.action("move")
@dataclass(frozen=True, kw_only=True)
class Move(Action):
    """Move a creature to a free cell by orthogonal steps, one movement point each (Classic 2007 3.14)."""

    card: int
    to: tuple[int, ...]
    ability: int | None = None  # a movement ability (jump, teleport) instead of steps


@CODEC.action("strike")
@dataclass(frozen=True, kw_only=True)
class Strike(Action):
    """Attack an adjacent enemy creature (diagonals included) with a simple strike (2007 4.2, 6.4.4)."""

    attacker: int
    target: int


@CODEC.action("use")
@dataclass(frozen=True, kw_only=True)
class Use(Action):
    """Use the card's active ability number ``ability`` (2007 1.9.3–1.9.4), at ``target`` when it takes one,
    with the free cell ``to`` when it puts a card on one (Перемещение, Возродить, Рывок, Приземлиться)."""

    card: int
    ability: int
    target: int | None = None
    to: tuple[int, ...] | None = None


@CODEC.action("chip")
@dataclass(frozen=True, kw_only=True)
class Chip(Action):
    """Tap the card to take one chip (2007 1.11.1; 2022 «Использование фишек»)."""

    card: int


@CODEC.action("aim")
@dataclass(frozen=True, kw_only=True)
class Aim(Action):
    """Tap a ground creature to strike a flyer later (2007 4.16: the opponent has only flyers left)."""

    card: int


@CODEC.action("retreat")
@dataclass(frozen=True, kw_only=True)
class Retreat(Action):
    """In a campaign, tap a creature «на отступление» in its own 3rd row, or a flyer in the additional zone: it
    leaves for its owner's next deal when it would open at his next turn (2007 8.2.1–8.2.2)."""

    card: int


@CODEC.action("pass")
@dataclass(frozen=True, kw_only=True)
class Pass(Action):
    """Play nothing in answer (2007 5.1): priority goes to the other player."""


@CODEC.action("defend")
@dataclass(frozen=True, kw_only=True)
class Defend(Action):
    """The inactive player assigns a defender next to both attacker and target (2007 4.11)."""

    card: int


@CODEC.action("no_defense")
@dataclass(frozen=True, kw_only=True)
class NoDefense(Action):
    """The inactive player assigns no defender."""


@CODEC.action("lower")
@dataclass(frozen=True, kw_only=True)
class Lower(Action):
    """The higher roller lowers the result one row up the hit table (2007 4.5)."""


@CODEC.action("keep")
@dataclass(frozen=True, kw_only=True)
class Keep(Action):
    """The higher roller keeps the result as rolled."""


@CODEC.action("end")
@dataclass(frozen=True, kw_only=True)
class EndTurn(Action):
    """Pass the turn (2007 6.5)."""


@CODEC.action("concede")
@dataclass(frozen=True, kw_only=True)
class Concede(Action):
    """A player gives up at any moment (2007 7.2)."""

    player: int


@CODEC.action("forfeit")
@dataclass(frozen=True, kw_only=True)
class Forfeit(Action):
    """A player loses by a technical result: away from a game played over the network past its limit. The
    server applies it; no player sends it (net/room.py)."""

    player: int


@CODEC.action("offer_draw")
@dataclass(frozen=True, kw_only=True)
class OfferDraw(Action):
    """Offer the opponent a draw (2007 7.7); once a turn for each player, not pressed after a refusal."""

    player: int


@CODEC.action("accept_draw")
@dataclass(frozen=True, kw_only=True)
class AcceptDraw(Action):
    """Accept the draw on offer: the game ends drawn (2007 7.7)."""


@CODEC.action("decline_draw")
@dataclass(frozen=True, kw_only=True)
class DeclineDraw(Action):
    """Refuse the draw on offer; the game goes on from where it was."""



# ---------------------------------------------------------------- the setup (engine.classic.setup)
# Text forms: ``go_first``, ``go_second``, ``redeal``, ``recruit card=7 gold=1 silver=3``, ``ready``,
# ``place card=7 at=1,2``, ``swap card=7 other=9``, ``keep_hidden cards=20,22``, ``seat card=9 host=4``.


@CODEC.action("go_first")
@dataclass(frozen=True, kw_only=True)
class GoFirst(Action):
    """The winner of the die roll takes the first turn (2022 «Определение очерёдности хода»)."""


@CODEC.action("go_second")
@dataclass(frozen=True, kw_only=True)
class GoSecond(Action):
    """The winner of the die roll lets the opponent take the first turn."""


@CODEC.action("redeal")
@dataclass(frozen=True, kw_only=True)
class Redeal(Action):
    """Shuffle the deal back into the deck and take 15 cards again, for 1 gold (2022; 2007 3.3)."""


@CODEC.action("recruit")
@dataclass(frozen=True, kw_only=True)
class Recruit(Action):
    """Take a card of the deal into the squad for ``gold`` and ``silver`` crystals (2007 3.5–3.6)."""

    card: int
    gold: int = 0
    silver: int = 0


@CODEC.action("ready")
@dataclass(frozen=True, kw_only=True)
class Ready(Action):
    """The squad is complete (recruiting), or every card of it is laid out (placement)."""


@CODEC.action("place")
@dataclass(frozen=True, kw_only=True)
class Place(Action):
    """Lay a squad card face down on a cell of the own half (2022 «Расстановка»; 2007 3.8–3.10)."""

    card: int
    at: tuple[int, ...]


@CODEC.action("swap")
@dataclass(frozen=True, kw_only=True)
class Swap(Action):
    """Exchange the cells of two laid-out cards before ``ready`` (named lower id first)."""

    card: int
    other: int


@CODEC.action("keep_hidden")
@dataclass(frozen=True, kw_only=True)
class KeepHidden(Action):
    """The second player reveals the squad but ``cards`` of the 3rd row (2022 «Вскрытие карт»; 2007 3.11.1)."""

    cards: tuple[int, ...] = ()


@CODEC.action("seat")
@dataclass(frozen=True, kw_only=True)
class Seat(Action):
    """Seat the symbiote ``card`` on the ground creature ``host`` (2022 «Симбиоты»; 2007 3.11–3.12)."""

    card: int
    host: int


@CODEC.action("stay_closed")
@dataclass(frozen=True, kw_only=True)
class StayClosed(Action):
    """Before his turn starts the active player keeps ``cards`` tapped, cards that may stay closed (2007 6.3.1);
    the rest open."""

    cards: tuple[int, ...] = ()


# ---------------------------------------------------------------- between the games of a campaign
@CODEC.action("next_game")
@dataclass(frozen=True, kw_only=True)
class NextGame(Action):
    """The next game of a campaign begins; the loser of the last one takes ``cards`` (card ids) of his deck into
    the deal first (2007 8.4: two, fewer only when the deck or the deal's 15 leave less room)."""

    cards: tuple[str, ...] = ()


CAMPAIGN_ACTIONS = (NextGame,)
SETUP_ACTIONS = (GoFirst, GoSecond, Redeal, Recruit, Ready, Place, Swap, KeepHidden, Seat)
# 2007 7.3–7.4: the time of a timed game is out, declared by whoever runs the game (engine.core.timing)
CODEC.action("time_out")(TimeOut)

META_ACTIONS = (Concede, OfferDraw, Forfeit, TimeOut)
ACTIONS = (Move, Strike, Use, Chip, Aim, Retreat, Pass, Defend, NoDefense, Lower, Keep, EndTurn, Concede, Forfeit,
           OfferDraw, AcceptDraw, DeclineDraw, TimeOut, StayClosed) + SETUP_ACTIONS + CAMPAIGN_ACTIONS  # every action class
