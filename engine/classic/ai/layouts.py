"""Classic Hard's layout: whole layouts compared (searched by :mod:`.plans`), not the next card alone.

A squad is laid out one card at a time (2022 «Расстановка»; 2007 3.8–3.10), the first player's whole squad
before the second's, and what the battle sees is the layout: which card lies on which cell. A search whose
candidates are the next card, with the rest laid out by Normal's rules in every look-ahead game, compares
layouts that differ in that one card; the tree below it plans the rest, but a layout is eight to fifteen
decisions deep, deeper than a decision's rounds reach. Here a candidate is a *layout*: the places of every card
not yet laid out, in the order the tiers allow, ending with ``ready``.

The layouts (:func:`plans`), no two alike: the rest of the layout chosen at the previous decision while it is
open (first, so only a clearly better one replaces it), Normal's (first otherwise), then the same rules with
more or fewer fighters wanting the front row (:data:`SHIFTS`: Easy's and two more), each also with its ties
broken the other way round (the mirror of a layout built from the centre out), and the first ``width`` of
them. Only the player's own squad and cells are read, which he knows, so a layout is legal in every re-dealt
game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.classic import actions as A
from engine.classic.ai import setupplay
from engine.classic.ai.plans import Plan, PlanKind, distinct, is_open
from engine.classic.game import ClassicGame
from engine.core.actions import Action

# how strong a melee card must be before it wants the front row (setupplay.front_score), in the order tried:
# Normal's, Easy's, nearly every ground card in front, only the strongest in front
SHIFTS = (setupplay.NORMAL.front_shift, setupplay.EASY.front_shift, -1.0, 6.0)


def _lay(g: ClassicGame, p: int, shift: float, mirror: bool) -> Plan:
    """The places :func:`setupplay.place_step` gives every card not yet laid out on a copy of ``g`` with
    ``front_shift`` ``shift`` (``mirror``: equal cells and cards taken last first instead of first), then
    ``ready``. Cards already laid out stay where they are."""
    style = setupplay.SetupStyle(go_first=False, recruit_by="worth", front_shift=shift)
    sim = g.clone()
    out: list[Action] = []
    while True:
        legal = [a for a in sim.legal_actions()
                 if isinstance(a, A.Ready) or (isinstance(a, A.Place) and a.card not in sim.creatures)]
        a = setupplay.place_step(sim, p, legal[::-1] if mirror else legal, style)
        out.append(a)
        if isinstance(a, A.Ready):
            return tuple(out)
        sim.apply(a)


def _layout(g: ClassicGame, plan: Plan) -> tuple[Any, ...]:
    """What a plan comes to: each card (by card: two copies are the same to the battle) with its cell."""
    return tuple(sorted((g.card_at(a.card).id, tuple(a.at)) for a in plan if isinstance(a, A.Place)))


def whole(g: ClassicGame, p: int, plan: Plan) -> tuple[Any, ...]:
    """The layout ``plan`` comes to from ``g``: the cards laid out already where they lie, and the plan's."""
    assert g.setup is not None
    laid = tuple((g.card_at(i).id, tuple(g.creatures[i].at or ())) for i in g.setup.squads[p] if i in g.creatures)
    return tuple(sorted(_layout(g, plan) + laid))


def progress(g: ClassicGame, p: int) -> tuple[Any, ...]:
    """How far ``p``'s layout in ``g`` has come: which of his cards lie where."""
    assert g.setup is not None
    return tuple(sorted((i, tuple(g.creatures[i].at or ())) for i in g.setup.squads[p] if i in g.creatures))


def plans(g: ClassicGame, p: int, legal: Sequence[Action], width: int, previous: Plan | None = None) -> list[Plan]:
    """Up to ``width`` layouts of ``p``'s squad cards not yet laid out in ``g`` (module docstring), no two
    alike: ``previous`` (the rest of the layout chosen before) first if it is still open, else Normal's."""
    found: list[Plan] = []
    if previous and is_open(g, previous):
        found.append(previous)
    found += [_lay(g, p, shift, mirror) for shift in SHIFTS for mirror in (False, True)]
    return distinct(found, lambda plan: _layout(g, plan), legal, width)


KIND = PlanKind(plans, whole, progress)
