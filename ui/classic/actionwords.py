"""Classic actions in words (the texts ``act.classic.<kind>``, filled as ui/actionwords.py says): the replay's
list, the log and the computer's captions.

Said from the game before the action. A card is named with its cell («Налётчик» (B3)); one face down is named
only to its owner (2022 «Расстановка»: the squad is laid out face down), and a card of a deal — a recruit —
only in the replay (``open``), where every card is shown: at the table a squad's cards and their price stay
secret until the squads are laid out (docs/classic-rules.md).
"""

from __future__ import annotations

from typing import Any

from engine.classic import actions as A
from ui.actionwords import Namer, say
from ui.classic.eventlog import ability_text, card_label, cell_name, player_name

LONG = 60  # an ability's text longer than this ends in «…» in a line of the log or the replay
CAPTION_LONG = 120  # the computer's caption has two lines of the prompt strip: a card's whole ability fits


def namer(game: Any, viewer: int | None, open: bool, tr: Any) -> Namer:
    """Cards as ``viewer`` may read them (None: anyone at the table; ``open``: every card, as the replay)."""

    def card(cid: int | None) -> str:
        c = game.creatures.get(cid) if cid is not None else None
        if c is None:  # a card of a deal or a deck, not laid out
            inst = getattr(game, "instances", {}).get(cid)
            if not open or inst is None or inst[1] not in game.cards:
                return tr("act.a_card")
            return f"«{tr.name(game.cards[inst[1]].name)}»"
        if not open and cid in getattr(game, "hidden", ()) and c.owner != viewer:
            return tr("act.face_down") + (f" ({cell_name(c.at)})" if c.at is not None else "")
        return card_label(game, cid, tr)

    return Namer(card=card, cell=cell_name, player=lambda p: player_name(game, p))


def _ability(game: Any, cid: int, index: int, tr: Any, limit: int) -> str:
    deal = cid in getattr(game, "instances", {})  # a card of a deal prints its own text
    text = ability_text(game, cid, index, tr.lang) if cid in game.creatures or deal else str(index + 1)
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def words(action: Any, player: int | None, game: Any, tr: Any, *, open: bool = False,
          viewer: int | None = None, limit: int = LONG) -> str:
    """``action``, about to be taken by ``player``, in words for ``viewer`` (see the module's doc); an ability's
    text longer than ``limit`` is cut with «…»."""
    n = namer(game, viewer, open, tr)
    variant = ""
    extra: dict[str, Any] = {}
    if isinstance(action, A.Use) and action.card not in game.creatures:  # from a deal, shown to both (2007 3.4.1)
        card = game.card_at(action.card) if action.card in getattr(game, "instances", {}) else None
        extra.update(card=f"«{tr.name(card.name)}»" if card is not None else tr("act.a_card"),
                     ability=_ability(game, action.card, action.ability, tr, limit))
        variant = "prepared"
    elif isinstance(action, A.Use):
        extra["ability"] = _ability(game, action.card, action.ability, tr, limit)
        variant = "_".join(v for v, on in (("on", action.target is not None), ("at", action.to is not None)) if on)
    elif isinstance(action, A.StayClosed):  # 2007 6.3.1: the cards kept tapped before the turn
        variant = "" if action.cards else "none"
        extra["cards"] = ", ".join(n.card(c) for c in action.cards)
    elif isinstance(action, A.Move) and action.ability is not None:
        extra["ability"] = _ability(game, action.card, action.ability, tr, limit)
        variant = "by"
    elif isinstance(action, A.Defend):
        extra["attacker"] = n.card(getattr(game.pending, "attacker", None))
    elif isinstance(action, A.Ready):
        variant = getattr(game.pending, "kind", "") or ""  # the end of recruiting, of the layout…
    elif isinstance(action, A.Pass):
        top = game.stack[-1] if getattr(game, "stack", None) else None
        if top is not None:
            extra["card"] = n.card(top.source)
            variant = "on"
    elif isinstance(action, A.NextGame):  # between a campaign's games: the loser's cards, by card id (2007 8.4)
        variant = "cards" if action.cards else ""
        extra["cards"] = ", ".join(f"«{tr.name(game.cards[c].name)}»" if c in game.cards else str(c) for c in action.cards)
    elif isinstance(action, A.KeepHidden) and not action.cards:
        variant = "none"
    elif isinstance(action, A.Recruit | A.Place | A.Swap | A.KeepHidden) and not open:
        variant = "hidden"
        if isinstance(action, A.Swap):
            cells = [game.creatures[c].at if c in game.creatures else None for c in (action.card, action.other)]
            extra.update(cell=cell_name(cells[0]), other_cell=cell_name(cells[1]))
    return say("classic", action, player, n, tr, variant, **extra)
