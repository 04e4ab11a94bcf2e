"""Classic moved along by script (screenshots, tests): strike when it can, else walk towards the enemy.

The tests' player strikes any card the rules allow (its own too, 2007 4.15), as their seeds were chosen with;
the --screenshot pictures use ``picture_action``, which strikes enemies only.
"""

from __future__ import annotations

import random

from engine.classic import actions as A


def picture_action(game, rng: random.Random):
    """``eager_action`` for the --screenshot pictures: a creature hitting its own side is an odd first sight."""
    return eager_action(game, rng, own_side=False)


def eager_action(game, rng: random.Random, *, own_side: bool = True):
    """Strikes first (at an enemy only unless ``own_side``), then steps towards the nearest enemy, then ends the turn; defends half the time."""
    legal = game.legal_actions()
    if not legal:
        return None
    kind = getattr(game.pending, "kind", None)
    if kind == "defender":
        defends = [a for a in legal if isinstance(a, A.Defend)]
        return rng.choice(defends) if defends and rng.random() < 0.5 else A.NoDefense()
    if kind == "lower":
        return A.Lower() if rng.random() < 0.5 else A.Keep()
    if kind in SETUP:
        return SETUP[kind](game, legal, rng)
    if kind == "respond":  # an instant now and then, mostly a pass
        uses = [a for a in legal if isinstance(a, A.Use)]
        return rng.choice(uses) if uses and rng.random() < 0.3 else A.Pass()
    if kind in ("before_recruit", "after_place", "vanguard", "prepare"):  # before the battle's turns
        return rng.choice(legal)
    if kind != "main":
        return legal[0]  # a decision the script knows nothing of: the first legal answer
    uses = [a for a in legal if isinstance(a, A.Use | A.Chip)]
    if uses and rng.random() < 0.25:
        return rng.choice(uses)
    p = game.pending.player
    strikes = [a for a in legal if isinstance(a, A.Strike) and (own_side or _owner(game, a.target) not in (p, None))]
    if strikes:
        return rng.choice(strikes)
    steps = {(a.card, tuple(a.to)) for a in legal if isinstance(a, A.Move) and a.ability is None}
    # a drag makes the plain step where there is one, the movement ability only where steps cannot go
    moves = [a for a in legal if isinstance(a, A.Move) and (a.ability is None or (a.card, tuple(a.to)) not in steps)]
    enemies = [game.creatures[c].at for c in game.on_board(1 - p) if game.creatures[c].at is not None]
    if moves and enemies:
        def gap(a):
            return min(abs(a.to[0] - e[0]) + abs(a.to[1] - e[1]) for e in enemies)

        here = {c: min(abs(game.creatures[c].at[0] - e[0]) + abs(game.creatures[c].at[1] - e[1]) for e in enemies)
                for c in game.on_board(p) if game.creatures[c].at is not None}  # not flyers, terrain, symbiotes
        closer = [a for a in moves if a.card in here and gap(a) < here[a.card]]
        if closer:
            best = min(gap(a) for a in closer)
            return rng.choice([a for a in closer if gap(a) == best])
    return next(a for a in legal if isinstance(a, A.EndTurn))


def _owner(game, cid: int) -> int | None:
    c = game.creatures.get(cid)
    return None if c is None else c.owner


def _recruit(game, legal, rng):
    """A squad of about seven: random affordable cards, then «Готово»."""
    picks = [a for a in legal if isinstance(a, A.Recruit)]
    if picks and len(game.setup.squads[game.pending.player]) < 7:
        return rng.choice(picks)
    return A.Ready()


def _place(game, legal, rng):
    """Every squad card onto a random allowed cell, then «Готово»."""
    places = [a for a in legal if isinstance(a, A.Place) and a.card not in game.creatures]
    return rng.choice(places) if places else A.Ready()


def _hide(game, legal, rng):
    return rng.choice(legal)


SETUP = {"recruit": _recruit, "place": _place, "hide": _hide,
         "order": lambda game, legal, rng: rng.choice(legal), "seat": lambda game, legal, rng: rng.choice(legal)}
