"""Easy's rules of thumb for the classic setup: who goes first, the squad, the layout, the hidden 3rd row
and the symbiotes (2022 «Формирование отряда», «Расстановка», «Вскрытие карт», «Симбиоты»).

Each function gets the game (determinized: only the player's own deal and squad are read) and the legal
actions, and returns one of them. A :class:`SetupStyle` says how a level sets up: Easy keeps the first rules
of thumb (:data:`EASY`), Normal the ones measured stronger (:data:`NORMAL`, figures in docs/balance.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from engine.classic import actions as A
from engine.classic import recruit
from engine.classic.abilities import ATTACK_KINDS
from engine.classic.ai.value import Judge, card_worth
from engine.classic.board import own_row
from engine.classic.cards import ClassicCard
from engine.classic.game import ClassicGame
from engine.core.actions import Action

POOR_DEAL = 0.6  # a deal whose best squad is worth less than this share of a typical one is dealt again
TYPICAL_PER_CRYSTAL = 1.2  # the worth per crystal of a sensible squad of the test decks
MIN_DENSITY = 0.35  # worth per crystal below which a card is not worth taking at all
HIDE_BELOW = 5.0  # 3rd-row cards worth less than this stay face down for the second player


@dataclass(frozen=True)
class SetupStyle:
    """How a bot sets up its side.

    ``go_first``: what the winner of the die roll chooses. ``recruit_by``: ``"density"`` takes the card with
    the most worth per crystal first (many cheap cards), ``"worth"`` the most valuable card that still fits
    (fewer, stronger cards). ``front_shift``: how strong a melee card must be before it wants the front row
    (:func:`front_score`); lower puts more fighters in front.
    """

    go_first: bool = True
    recruit_by: Literal["density", "worth"] = "density"
    front_shift: float = 3.5


EASY = SetupStyle()
# Measured with Easy's battle play against Easy (docs/balance.md, «Normal's setup»): going second
# (two crystals more, the 3rd row may stay hidden, and the first player walks up into the first blows),
# the strongest cards first and more fighters in front each won more often than Easy's first rules.
NORMAL = SetupStyle(go_first=False, recruit_by="worth", front_shift=1.0)


def order(legal: Sequence[Action], style: SetupStyle = EASY) -> Action:
    """Go first or second as the style says (2022 «Определение очерёдности хода»: the second player gets more
    crystals and may keep 3rd-row cards hidden; the first strikes first only if he walks up in time)."""
    want = A.GoFirst if style.go_first else A.GoSecond
    return next((a for a in legal if isinstance(a, want)), legal[0])


def _density(card: ClassicCard, penalty: int, cost: int | None = None) -> float:
    return card_worth(card) / max((card.cost if cost is None else cost) + penalty, 1)


def plan_value(g: ClassicGame, p: int) -> float:
    """The worth of the squad :func:`recruit_step` would build from this deal, counted greedily."""
    assert g.setup is not None
    gold, silver = g.crystals[p]
    squad: list[ClassicCard] = [g.card_at(i) for i in g.setup.squads[p]]
    deal = [g.card_at(i) for i in g.setup.deals[p]]
    total = 0.0
    while True:
        best = None
        for card in deal:
            if recruit.why_not(card, squad, g.edition, gold, silver) is not None:
                continue
            pen = recruit.element_penalty(g.edition, recruit.elements_of(squad), card)
            d = _density(card, pen, recruit.price(card, squad)) + (10.0 if card.elite else 0.0)
            if best is None or d > best[0]:
                best = (d, card, pen)
        if best is None or best[0] - (10.0 if best[1].elite else 0.0) < MIN_DENSITY:
            return total
        _, card, pen = best
        price = recruit.price(card, squad)
        cost = price + pen
        if card.elite:
            gold -= cost
        else:
            use = min(silver, price)
            silver -= use
            gold -= cost - use
        squad.append(card)
        deal.remove(card)
        total += card_worth(card)


def recruit_step(g: ClassicGame, p: int, legal: Sequence[Action], style: SetupStyle = EASY) -> Action:
    """One recruiting step: elites first (only gold buys them), then the best worth per crystal with the
    element penalty counted as part of the price (or, by ``style``, the most valuable card), silver first
    for ordinary cards; redeal a very poor first deal; ``ready`` when nothing left is worth its price."""
    assert g.setup is not None
    ready = next(a for a in legal if isinstance(a, A.Ready))
    redeal = next((a for a in legal if isinstance(a, A.Redeal)), None)
    if redeal is not None and not g.setup.squads[p]:
        gold, silver = g.crystals[p]
        start = recruit.starting_crystals(g.edition, p == g.first)
        if (gold, silver) == start and plan_value(g, p) < POOR_DEAL * TYPICAL_PER_CRYSTAL * (gold + silver):
            return redeal
    squad = [g.card_at(i) for i in g.setup.squads[p]]
    elements = recruit.elements_of(squad)
    best: tuple[float, Action] | None = None
    for a in legal:
        if not isinstance(a, A.Recruit):
            continue
        card = g.card_at(a.card)
        pen = recruit.element_penalty(g.edition, elements, card)
        density = _density(card, pen, recruit.price(card, squad))
        if density < MIN_DENSITY:
            continue
        rank = density if style.recruit_by == "density" else card_worth(card) / 10.0
        # elites first (gold only buys them); an ordinary card paid with as much silver as it can
        score = rank + (10.0 if card.elite else 0.0) + 0.001 * a.silver
        if best is None or score > best[0]:
            best = (score, a)
    return best[1] if best is not None else ready


def front_score(card: ClassicCard, shift: float = EASY.front_shift) -> float:
    """How much a card wants the front row: strong melee fighters most; shooters, supports, flyers,
    symbiotes, artifacts and terrains go behind."""
    if not card.ground:
        return -3.0
    ranged = any(getattr(ab, "kind", "") in ATTACK_KINDS and getattr(ab, "kind", "") not in ("simple", "special",
                                                                                         "magic_strike")
                 for ab in card.abilities)
    support = any(ab.active and not getattr(ab, "movement", False) for ab in card.abilities)
    strike = card.strike or (0, 0, 0)
    fight = 0.5 * (card.lives or 0) + 0.6 * sum(strike)
    if ranged:
        fight -= 4.0
    elif support:
        fight -= 1.5
    return fight - shift


def place_step(g: ClassicGame, p: int, legal: Sequence[Action], style: SetupStyle = EASY) -> Action:
    """Lay the unplaced card that most wants the front (or the back) on the open cell nearest to where it
    belongs; the tiers are the legal list's. ``ready`` once all are down."""
    ready = next((a for a in legal if isinstance(a, A.Ready)), None)
    if ready is not None:
        return ready
    rows = {own_row(p, 1): 1.0, own_row(p, 2): 0.0, own_row(p, 3): -1.0}
    best: tuple[float, Action] | None = None
    for a in legal:
        if not isinstance(a, A.Place) or a.card in g.creatures:
            continue
        f = front_score(g.card_at(a.card), style.front_shift)
        r, c = a.at[0], a.at[1]
        score = f * rows[r] + abs(f) * 0.01 - 0.05 * abs(c - 2)
        if best is None or score > best[0]:
            best = (score, a)
    return best[1] if best is not None else legal[0]


def hide_step(g: ClassicGame, p: int, legal: Sequence[Action]) -> Action:
    """The second player keeps his weak 3rd-row cards face down: the first player must strike them blind."""
    eligible = max((a.cards for a in legal if isinstance(a, A.KeepHidden)), key=len, default=())
    keep = tuple(sorted(i for i in eligible if card_worth(g.card_at(i)) < HIDE_BELOW))
    want = A.KeepHidden(cards=keep)
    return want if want in legal else legal[0]


def seat_step(g: ClassicGame, p: int, legal: Sequence[Action]) -> Action:
    """A companion on the strongest own creature, a parasite on the strongest enemy."""
    judge = Judge(g, p)
    best = max((a for a in legal if isinstance(a, A.Seat)), key=lambda a: (judge.worth(a.host), -a.host),
               default=None)
    return best if best is not None else legal[0]
