"""A computer's classic move in words and on the board, before it is made, and the short summaries of its
setup (squad building and placement happen behind the scenes).

Pure functions of the game before the action. A face-down card is named only to its owner: anyone else
reads «карта рубашкой вверх» (2022 «Расстановка»: the squad is laid out face down).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.classic import actions as A
from ui.classic.actionwords import CAPTION_LONG, words
from ui.classic.eventlog import player_name


@dataclass
class Move:
    """What to show of one action: a sentence, the cards to frame, a cell to light and an arrow (from, to)."""

    text: str
    marks: list[int] = field(default_factory=list)
    cell: tuple[int, int] | None = None
    arrow: tuple[int, int] | None = None


def describe_move(game, action, player: int | None, tr, viewer: int | None = None) -> Move:
    """The caption and pointers for ``action``, about to be taken by ``player``, as ``viewer`` may see it: the
    action's words (ui/classic/actionwords.py) and the cards, cell and arrow it points with."""
    text = words(action, player, game, tr, viewer=viewer, limit=CAPTION_LONG)
    if isinstance(action, A.Move):
        return Move(text, [action.card], tuple(action.to))  # type: ignore[arg-type]
    if isinstance(action, A.Strike):
        return Move(text, [action.attacker], arrow=(action.attacker, action.target))
    if isinstance(action, A.Use) and action.card not in game.creatures:  # from the deal, shown (2007 3.4.1)
        return Move(text)
    if isinstance(action, A.StayClosed):  # 2007 6.3.1
        return Move(text, list(action.cards))
    if isinstance(action, A.Use):
        cell = tuple(action.to) if action.to else None
        arrow = (action.card, action.target) if action.target is not None else None
        return Move(text, [action.card], cell, arrow)  # type: ignore[arg-type]
    if isinstance(action, A.Chip | A.Aim | A.Retreat):
        return Move(text, [action.card])
    if isinstance(action, A.Defend):
        p = game.pending
        return Move(text, [action.card], arrow=(getattr(p, "attacker", action.card), action.card))
    if isinstance(action, A.Seat):
        return Move(text, [action.card], arrow=(action.card, action.host))
    return Move(text)


def recruit_summary(game, player: int, tr) -> str:
    """What a person may know of the computer's squad building: how many cards it took (what it spent stays
    secret until the squads are laid out: it would say what it took, docs/classic-rules.md)."""
    squad = len(game.setup.squads[player]) if game.setup is not None else 0
    return tr("cbot.recruited", name=player_name(game, player), n=squad)


def spent_summary(game, history, player: int, tr) -> str | None:
    """Once the squads are laid out: how many crystals the computer (or the other player of a network game)
    spent on its squad and on redeals; None while that cannot be known yet."""
    mine = [e for e in history if e.player == player]
    if any(getattr(e.action, "kind", None) == "recruit" for e in mine):
        # a network game: the other's prices were not told (ui/netsession.py's Unseen); what they were given,
        # and got back for cards not taken, less what they kept — known once the setup is over
        if getattr(game, "setup", None) is not None:
            return None
        events = [ev for e in history for ev in e.events if getattr(ev, "player", None) == player]
        given = sum(ev.gold + ev.silver for ev in events if ev.kind == "crystals")
        bonus = sum(ev.bonus for ev in events if ev.kind == "squad_ready")
        spent = given + bonus - sum(game.crystals[player])
        return tr("cbot.spent", name=player_name(game, player), crystals=spent)
    spent = sum(e.action.gold + e.action.silver for e in mine if isinstance(e.action, A.Recruit))
    spent += sum(1 for e in mine if isinstance(e.action, A.Redeal))  # a gold each
    return tr("cbot.spent", name=player_name(game, player), crystals=spent)


def placed_summary(game, player: int, tr) -> str:
    """The computer's squad laid out: how many cards, all face down for now."""
    n = sum(1 for c in game.creatures.values() if c.owner == player)
    return tr("cbot.placed", name=player_name(game, player), n=n)


def hidden_summary(game, player: int, tr) -> str:
    """After the reveal: how many of the computer's 3rd-row cards stay face down."""
    n = sum(1 for cid in getattr(game, "hidden", ()) if game.creatures[cid].owner == player)
    return tr("cbot.kept_hidden", name=player_name(game, player), n=n)
