"""Classic moved along by script (screenshots, tests): strike an enemy when it can, else walk towards the enemy."""

from __future__ import annotations

import random

from engine.classic import actions as A


def eager_action(game, rng: random.Random):
    """Strikes an enemy first, then steps towards the nearest enemy, then ends the turn; defends half the time."""
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
    if kind != "main":
        return legal[0]  # a decision the script knows nothing of: the first legal answer
    uses = [a for a in legal if isinstance(a, A.Use | A.Chip)]
    if uses and rng.random() < 0.25:
        return rng.choice(uses)
    p = game.pending.player
    # an enemy only: striking one's own card is legal (2007 4.15), but the scripted
    # games make the --screenshot pictures, and a creature hitting its own side is an odd first sight
    strikes = [a for a in legal if isinstance(a, A.Strike) and _owner(game, a.target) not in (p, None)]
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
