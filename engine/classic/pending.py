"""The decisions of a classic game (``game.pending``); the main phase is the core's :class:`MainPhase`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from engine.core.pending import Decision, MainPhase, decision
from engine.core.pending import from_dict as _from_dict


@decision
class AssignDefender(Decision):
    """Which of ``options`` defends ``target`` from ``attacker``, or none (2007 4.11)."""

    kind: ClassVar[str] = "defender"
    attacker: int
    target: int
    options: Sequence[int]


@decision
class LowerResult(Decision):
    """The higher roller may take the row above ``row`` of the hit table (2007 4.5)."""

    kind: ClassVar[str] = "lower"
    attacker: int
    reflector: int
    defender: int | None
    row: str
    rolls: Sequence[int]


@decision
class Respond(Decision):
    """``player`` has priority with something on the stack (or a window open) and may play an instant or pass
    (2007 5.1, 5.5)."""

    kind: ClassVar[str] = "respond"


@decision
class AnswerDrawOffer(Decision):
    """``player`` accepts or refuses the draw the opponent offered (2007 7.7)."""

    kind: ClassVar[str] = "draw_offer"


# ---------------------------------------------------------------- the setup (engine.classic.setup)
@decision
class ChooseOrder(Decision):
    """The winner of the die roll goes first or second (2022 «Определение очерёдности хода»)."""

    kind: ClassVar[str] = "order"


@decision
class RecruitSquad(Decision):
    """Recruit cards of the deal one at a time, redeal, or end recruiting (2007 3.3–3.7)."""

    kind: ClassVar[str] = "recruit"


@decision
class PlaceSquad(Decision):
    """Lay the squad out face down on the own half (2022 «Расстановка»; 2007 3.8–3.10)."""

    kind: ClassVar[str] = "place"


@decision
class ChooseHidden(Decision):
    """The second player picks the 3rd-row cards that stay face down (2022 «Вскрытие карт»)."""

    kind: ClassVar[str] = "hide"


@decision
class SeatSymbiotes(Decision):
    """Seat the player's symbiotes of ``role`` (companion or parasite) on hosts (2022 «Симбиоты»)."""

    kind: ClassVar[str] = "seat"
    role: str


# ---------------------------------------------------------------- between the games of a campaign
@decision
class BeginNextGame(Decision):
    """Between two games of a campaign: ``player`` (the loser of the last, 2007 8.4) takes ``choose`` cards of
    his deck into the next deal and the next game begins; after a draw nobody chooses (``choose`` 0)."""

    kind: ClassVar[str] = "next_game"
    choose: int


SETUP_KINDS = frozenset(("order", "recruit", "place", "hide", "seat"))
KINDS: dict[str, type[Decision]] = {c.kind: c for c in (MainPhase, AssignDefender, LowerResult, Respond,
                                                         AnswerDrawOffer, ChooseOrder, RecruitSquad, PlaceSquad,
                                                         ChooseHidden, SeatSymbiotes, BeginNextGame)}


def from_dict(data: dict | None) -> Decision | None:
    """A classic decision read back from its ``to_dict`` data (saves)."""
    return _from_dict(data, KINDS)
