"""Classic Hard's recruiting: whole squads compared, not the next card alone (searched by :mod:`.plans`).

Recruiting one card after another (2007 3.6) comes to the same squad in whatever order its cards are taken
(the order changes at most what an «х: …» card costs), and a player recruits his whole squad before the other
starts (engine/classic/setup.py). So a search whose candidates are the next card, with the rest of the squad
recruited by the same rules in every look-ahead game, finds every candidate worth the same: it can only ever
keep the rules' choice. Here a candidate is a *plan*: the recruits (with their payment) that complete a squad,
ending with ``ready``, or a redeal. Each look-ahead game carries a plan out on the re-dealt game, then Easy with
Normal's setup style plays on, and the position at the horizon is scored (:class:`.plans.PlanSearch`: the
same deal and dice for all plans of a round, the first plan kept unless another is clearly better).

The plans (:func:`plans`), no two coming to the same squad: the rest of the plan chosen at the previous
recruiting decision while it is open (first, so only a clearly better plan replaces it), the squad Normal's
setup rules build (first otherwise), Easy's squad, a redeal where one is allowed, Normal's squad built around a
card it would leave (the two most valuable), Normal's squad built without one of its cards (the most valuable
first), and recruiting nothing more; the first ``width`` of them. Only the player's own deal and crystals are
read, which he knows, so a plan is legal in every re-dealt game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.classic import actions as A
from engine.classic.ai import setupplay
from engine.classic.ai.plans import Plan, PlanKind, distinct, is_open
from engine.classic.ai.value import card_worth
from engine.classic.game import ClassicGame
from engine.core.actions import Action

AROUND = 2  # cards Normal's rules would leave that a plan is built around (the most valuable first)


def _build(g: ClassicGame, p: int, style: setupplay.SetupStyle, first: Action | None = None,
           without: int | None = None) -> Plan:
    """The recruits ``style``'s rules make on a copy of ``g`` (after ``first``, never taking card ``without``),
    ending with ``ready``; never a redeal (that is a plan of its own)."""
    sim = g.clone()
    out: list[Action] = []
    if first is not None:
        sim.apply(first)
        out.append(first)
    while True:
        legal = [a for a in sim.legal_actions()
                 if not isinstance(a, A.Redeal) and not (isinstance(a, A.Recruit) and a.card == without)]
        a = setupplay.recruit_step(sim, p, legal, style)
        out.append(a)
        if isinstance(a, A.Ready):
            return tuple(out)
        sim.apply(a)


def _squad(g: ClassicGame, plan: Plan) -> tuple[Any, ...]:
    """What a plan comes to: the cards it takes, by card (two copies of a card are the same to the squad), in any
    order, however paid (what is left unspent buys nothing once the squad is ready); a redeal is its own."""
    return tuple(sorted(g.card_at(a.card).id if isinstance(a, A.Recruit) else type(a).__name__ for a in plan))


def whole(g: ClassicGame, p: int, plan: Plan) -> tuple[Any, ...]:
    """The squad ``plan`` comes to from ``g``: the cards recruited already and the plan's (:func:`_squad`)."""
    assert g.setup is not None
    if isinstance(plan[0], A.Redeal):
        return ("Redeal",)
    return tuple(sorted(_squad(g, plan) + tuple(g.card_at(i).id for i in g.setup.squads[p])))


def progress(g: ClassicGame, p: int) -> tuple[Any, ...]:
    """How far ``p``'s recruiting in ``g`` has come: his deal, squad and crystals (all his own to know)."""
    assert g.setup is not None
    return (tuple(g.setup.deals[p]), tuple(g.setup.squads[p]), tuple(g.crystals[p]))


def plans(g: ClassicGame, p: int, legal: Sequence[Action], width: int, previous: Plan | None = None) -> list[Plan]:
    """Up to ``width`` plans that complete ``p``'s squad in ``g`` (module docstring), no two coming to the same
    squad: ``previous`` (the rest of the plan chosen before) first if it is still open, else Normal's."""
    assert g.setup is not None
    normal = _build(g, p, setupplay.NORMAL)
    found: list[Plan] = []
    if previous and is_open(g, previous):
        found.append(previous)  # the plan chosen before stands first, so only a clearly better one replaces it
    found += [normal, _build(g, p, setupplay.EASY)]
    if any(isinstance(a, A.Redeal) for a in legal):
        found.append((A.Redeal(),))
    taken = {a.card for a in normal if isinstance(a, A.Recruit)}
    left = sorted({a.card for a in legal if isinstance(a, A.Recruit) and a.card not in taken},
                  key=lambda c: (-card_worth(g.card_at(c)), c))
    for card in left[:AROUND]:
        pays = [a for a in legal if isinstance(a, A.Recruit) and a.card == card]
        first = max(pays, key=lambda a: a.silver)  # an ordinary card paid with as much silver as it can
        found.append(_build(g, p, setupplay.NORMAL, first=first))
    # leaving out the most valuable card frees the most crystals for others
    found += [_build(g, p, setupplay.NORMAL, without=c)
              for c in sorted(taken, key=lambda c: (-card_worth(g.card_at(c)), c))]
    found.append((A.Ready(),))
    return distinct(found, lambda plan: _squad(g, plan), legal, width)


KIND = PlanKind(plans, whole, progress)
