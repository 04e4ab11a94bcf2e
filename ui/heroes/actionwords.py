"""«Герои» actions in words (the texts ``act.heroes.<kind>``, filled as ui/actionwords.py says): the replay's
list, the log and the computer's captions.

Said from the game before the action. A card the table cannot see is never named: a card is named when it is
public (a hero, or face up in play, in a graveyard or attached) or when it is the very card being played,
which the play shows to everyone anyway; the replay (``open``) names every card.
"""

from __future__ import annotations

from typing import Any

from engine.heroes import actions as A
from ui.actionwords import Namer, say
from ui.heroes.table.eventlog import card_label, card_name, player_name

PUBLIC = ("play", "grave", "attached")


def public(game: Any, cid: int) -> bool:
    """Whether the table sees card ``cid``: a hero, or a card face up in play, in a graveyard or attached."""
    c = game.cards[cid]
    return any(pl.hero == cid for pl in game.players) or (c.zone in PUBLIC and not c.hidden)


def public_name(game: Any, cid: int | None, tr: Any) -> str:
    """A card's name as anyone at the table may read it («карта» for one they cannot see)."""
    if cid is None or cid not in game.cards:
        return "?"
    return card_name(game, cid, tr) if public(game, cid) else tr("log.a_card")


def namer(game: Any, open: bool, tr: Any) -> Namer:
    def card(cid: int | None) -> str:
        if cid is None or cid not in game.cards:
            return "?"
        return card_label(game, cid, tr) if open or public(game, cid) else tr("act.a_card")

    return Namer(card=card, cell=str, player=lambda p: player_name(game, p))


def _trigger_source(game: Any, tid: int) -> int | None:
    """The card of the waiting trigger ``tid`` (engine/heroes/queue.py WaitingTrigger), or None."""
    return next((t.source for t in game.waiting if t.tid == tid), None)


def words(action: Any, player: int | None, game: Any, tr: Any, *, open: bool = False) -> str:
    """``action``, about to be taken by ``player``, in words (see the module's doc)."""
    n = namer(game, open, tr)
    variant = ""
    extra: dict[str, Any] = {}
    x = getattr(action, "x", None)
    extra["x_part"] = tr("act.x_part", x=x) if x is not None else ""
    if isinstance(action, A.Play):
        extra["card"] = card_label(game, action.card, tr)  # the card played is shown to all
        variant = "attach" if action.attach is not None else "on" if action.targets else ""
        if action.targets:
            extra["target"] = n.card(action.targets[0])
    elif isinstance(action, A.Activate):
        variant = "on" if action.targets else ""
        if action.targets:
            extra["target"] = n.card(action.targets[0])
    elif isinstance(action, A.Defend):
        extra["attacker"] = n.card((game.combat or {}).get("attacker"))
    elif isinstance(action, A.DeclareTrigger | A.DeclineTrigger):
        extra["card"] = n.card(_trigger_source(game, action.trigger))
        if isinstance(action, A.DeclareTrigger) and action.targets:
            variant = "on"
            extra["target"] = n.card(action.targets[0])
    elif isinstance(action, A.ChooseOrder):
        variant = "first" if action.first else "second"
    elif isinstance(action, A.Mulligan):
        variant = "" if action.cards else "keep"
    elif isinstance(action, A.Choose):
        variant, more = _choose(game, action, n, open)
        extra.update(more)
    return say("heroes", action, player, n, tr, variant, **extra)


def _choose(game: Any, action: A.Choose, n: Namer, open: bool) -> tuple[str, dict[str, Any]]:
    """A choice made while an ability resolves: the optional part done or passed over (CR 119.5), or the cards
    chosen — named when all of them are public, else counted."""
    pend = game.pending
    if getattr(pend, "why", "") == "may":
        return ("may_yes" if action.cards else "may_no"), {"card": n.card(getattr(pend, "source", None))}
    if not action.cards:
        return "none", {}
    shown = open or all(c in game.cards and game.cards[c].zone in PUBLIC for c in action.cards)
    return ("" if shown else "hidden"), {}
