"""A computer's move in words and on the table, before it is made: the caption a watcher reads and
the cards to point at (the acting card, its target).

Pure functions of the game before the action. Cards the watcher cannot see are never named: a card
is named when it is public (on the table face up, in a graveyard, a hero) or when it is the very
card being played, which the play shows to everyone anyway.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.heroes import actions as A
from ui.heroes.table.eventlog import card_name, player_name
from ui.i18n import Tr

PUBLIC = ("play", "grave", "attached", "hero")


@dataclass
class Move:
    """What to show of one action: a sentence, the cards to frame and an arrow (from, to)."""

    text: str
    marks: list[int] = field(default_factory=list)
    arrow: tuple[int, int] | None = None


def public_name(game, cid: int | None, tr: Tr) -> str:
    if cid is None or cid not in game.cards:
        return "?"
    c = game.cards[cid]
    hero = any(pl.hero == cid for pl in game.players)
    if hero or (c.zone in PUBLIC and not c.hidden):
        return card_name(game, cid, tr)
    return tr("log.a_card")


def _trigger(game, tid: int):
    """The waiting trigger ``tid`` (engine/heroes/queue.py WaitingTrigger), or None."""
    return next((t for t in game.waiting if t.tid == tid), None)


def describe_move(game, action, player: int | None, tr: Tr) -> Move:
    """The caption and pointers for ``action``, about to be taken by ``player`` in ``game``."""
    name = player_name(game, player)
    n = lambda cid: public_name(game, cid, tr)  # noqa: E731
    if isinstance(action, A.Play):
        card = card_name(game, action.card, tr)  # the card played is shown to all
        if action.attach is not None:
            return Move(tr("narrate.attach", name=name, card=card, host=n(action.attach)), [action.card],
                        (action.card, action.attach))
        if action.targets:
            return Move(tr("narrate.play_on", name=name, card=card, target=n(action.targets[0])), [action.card],
                        (action.card, action.targets[0]))
        return Move(tr("narrate.play", name=name, card=card), [action.card])
    if isinstance(action, A.Attack):
        return Move(tr("narrate.attack", name=name, card=n(action.attacker), target=n(action.target)),
                    [action.attacker], (action.attacker, action.target))
    if isinstance(action, A.Activate):
        if action.targets:
            return Move(tr("narrate.activate_on", name=name, card=n(action.card), target=n(action.targets[0])),
                        [action.card], (action.card, action.targets[0]))
        return Move(tr("narrate.activate", name=name, card=n(action.card)), [action.card])
    if isinstance(action, A.WoundUndead):
        return Move(tr("narrate.undead", name=name, card=n(action.card), n=action.x), [action.card])
    if isinstance(action, A.EndTurn):
        return Move(tr("narrate.end_turn", name=name))
    if isinstance(action, A.Defend):
        attacker = (game.combat or {}).get("attacker")
        return Move(tr("narrate.defend", name=name, card=n(action.card), attacker=n(attacker)), [action.card],
                    (action.card, attacker) if attacker is not None else None)
    if isinstance(action, A.NoDefense):
        return Move(tr("narrate.no_defense", name=name))
    if isinstance(action, A.DeclareTrigger | A.DeclineTrigger):
        t = _trigger(game, action.trigger)
        src = None if t is None else t.source
        if isinstance(action, A.DeclineTrigger):
            return Move(tr("narrate.decline", name=name, card=n(src)), [src] if src is not None else [])
        if action.targets:
            return Move(tr("narrate.declare_on", name=name, card=n(src), target=n(action.targets[0])),
                        [src] if src is not None else [], (src, action.targets[0]) if src is not None else None)
        return Move(tr("narrate.declare", name=name, card=n(src)), [src] if src is not None else [])
    if isinstance(action, A.Choose):
        return _choose(game, action, name, tr)
    if isinstance(action, A.Mulligan):
        if action.cards:
            return Move(tr("narrate.mulligan", name=name, n=len(action.cards)))
        return Move(tr("narrate.keep", name=name))
    if isinstance(action, A.ChooseOrder):
        return Move(tr("narrate.first" if action.first else "narrate.second", name=name))
    if isinstance(action, A.Reveal):
        return Move(tr("narrate.reveal", name=name, n=len(action.cards)), list(action.cards))
    key = "replay.a_" + type(action).__name__.lower()
    return Move(tr(key, name=name) if tr.has(key) else str(action))


def _choose(game, action: A.Choose, name: str, tr: Tr) -> Move:
    pend = game.pending
    why = getattr(pend, "why", "")
    if why == "may":  # CR 119.5: the optional part is done or passed over
        src = getattr(pend, "source", None)
        key = "narrate.may_yes" if action.cards else "narrate.may_no"
        return Move(tr(key, name=name, card=public_name(game, src, tr)), [src] if src is not None else [])
    if not action.cards:
        return Move(tr("narrate.choose_none", name=name))
    names = [public_name(game, c, tr) for c in action.cards]
    shown = [c for c in action.cards if c in game.cards and game.cards[c].zone in PUBLIC]
    if len(shown) == len(action.cards):
        return Move(tr("narrate.choose", name=name, cards=", ".join(f"«{x}»" for x in names)), shown)
    return Move(tr("narrate.choose_hidden", name=name, n=len(action.cards)))
