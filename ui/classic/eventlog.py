"""Classic events in words: the log, the curtain's "what happened" and the replay's lines.

A card is named with the cell it stood on at the time («Налётчик» (B3)), so two cards of one name read apart.
The log is told from the game as it is now back to each event: :func:`describe_run` walks a run of events from
the last to the first, moving each card back to where it was before each move, death or exile.
"""

from __future__ import annotations

from typing import Any

from engine.classic import pending as P
from engine.core.timing import clock_text

COLS = "ABCDE"
# the decisions before the first turn: who goes first, the squads recruited and laid out, the steps «до набора
# отряда», «после расстановки» and «Авангард» (2007 3–6.2); «prepare» comes before every turn, the first too
BEFORE_FIRST_TURN = (P.SETUP_KINDS | P.PRELIM_KINDS) - {"prepare"}

Where = dict[int, Any]  # card -> its cell at the time, (row, column), or None: off the battlefield


def cell_name(cell) -> str:
    """A cell as the board's edges label it: column letter, row number (A1 is player 1's back left)."""
    if cell is None:
        return "?"
    return f"{COLS[cell[1]]}{cell[0] + 1}"


def player_name(game: Any, player: int | None) -> str:
    if player is None or not 0 <= player < len(game.names):
        return "?"
    return game.names[player]


def card_name(game: Any, cid: int | None, tr) -> str:
    c = game.creatures.get(cid) if cid is not None else None
    if c is None:
        return "?"
    return tr.name(game.cards[c.card].name)


def card_label(game: Any, cid: int | None, tr, where: Where | None = None) -> str:
    """A card in a line of the log: its name in quotes and its cell then, when it stood on one («Страж» (B3))."""
    name = f"«{card_name(game, cid, tr)}»"
    c = game.creatures.get(cid) if cid is not None else None
    if c is None:
        return name
    at = where.get(cid, c.at) if where is not None else c.at
    return f"{name} ({cell_name(at)})" if at is not None else name


def cells_now(game: Any) -> Where:
    return {cid: c.at for cid, c in game.creatures.items()}


def step_back(ev: Any, where: Where) -> None:
    """``where`` as it was before ``ev``: a card that moved, died, left or came onto the board is put back."""
    k = ev.kind
    if k in ("move", "relocated", "extra_zone", "seat"):
        where[ev.card] = _cell(ev.src)
    elif k in ("dies", "exiled"):
        where[ev.card] = _cell(ev.at)
    elif k in ("entered", "place"):
        where[ev.card] = None
    elif k == "unplace":
        where[ev.card] = _cell(ev.at)


def _cell(value) -> Any:
    return None if value is None else (value[0], value[1])


def blow_name(kind: str | None, tr) -> str:
    return tr(f"classic.blow_{kind}" if kind else "classic.blow_none")


def row_name(key: str, tr) -> str:
    """A hit-table row in words: "A3" is the attacker ahead by 3 (2007 4.3)."""
    if key in ("T4", "T5", "tapped"):
        return tr(f"classic.row_{key}")
    side, d = key[0], key[1:]
    return tr(f"classic.row_{side}", d=d) if side in "AD" else key


def row_words(key: str, tr) -> str:
    """The row and what each side strikes in it."""
    from engine.classic import hittable as H

    row = H.ROWS.get(key)
    if row is None:
        return row_name(key, tr)
    return f"{row_name(key, tr)}: {tr('classic.blows', att=blow_name(row.attacker, tr), ref=blow_name(row.reflector, tr))}"


def ability_text(game: Any, cid: int, index: int, lang: str) -> str:
    """The ability number ``index`` of card ``cid`` as the card prints it, in ``lang`` (its number when gone)."""
    if cid not in game.creatures and cid in getattr(game, "instances", {}):  # a card of a deal (2007 3.4.1): as printed
        abilities = game.card_at(cid).abilities
    else:
        abilities = game.abilities(cid) if hasattr(game, "abilities") else []
    if 0 <= index < len(abilities):
        return abilities[index].text_with(lang, game.cards).strip().rstrip(".")
    return str(index + 1)


def ability_words(game: Any, cid: int | None, index: int | None, tr) -> str:
    """The ability number ``index`` of card ``cid`` as the card prints it ("Броня 1", "Защита от выстрелов")."""
    if cid is None or index is None or cid not in game.creatures or index < 0:
        return ""
    return ability_text(game, cid, index, tr.lang)


def absorbed(ev: Any, game: Any, tr) -> str:
    """What stopped wounds, blocked or cancelled an attack: the ability's own words, else the kind of it."""
    return ability_words(game, ev.by, ev.ability, tr) or tr(f"classic.why_{ev.why}")


def describe(ev: Any, game: Any, tr, where: Where | None = None) -> str | None:
    """One line of the log for ``ev`` (cards on the cells of ``where``, by default where they are now), or None
    for an event not worth a line."""
    k = ev.kind
    name = lambda cid: card_label(game, cid, tr, where)  # noqa: E731
    if k == "acted":  # the table's own record of an action (ui/session.py): its words as said at the time
        return ev.words(tr.lang)
    if k == "move":
        return tr("classic.log_move", card=name(ev.card), cell=cell_name(ev.to))
    if k == "strike_declared":
        return tr("classic.log_strike", card=name(ev.attacker), target=name(ev.target))
    if k == "defender":
        return tr("classic.log_defend", card=name(ev.card), target=name(ev.target))
    if k == "die":
        return tr("classic.log_die", name=player_name(game, ev.player), value=ev.value)
    if k == "hit":
        return tr("classic.log_hit", row=row_name(ev.table, tr),
                  blows=tr("classic.blows", att=blow_name(ev.attacker, tr), ref=blow_name(ev.reflector, tr)))
    if k == "lowered":
        return tr("classic.log_lowered", name=player_name(game, ev.player), row=row_words(ev.row, tr))
    if k == "strike":
        if ev.blow == "miss":
            return tr("classic.log_miss", card=name(ev.card), target=name(ev.target))
        return tr("classic.log_struck", card=name(ev.card), target=name(ev.target), blow=blow_name(ev.blow, tr),
                  n=ev.wounds)
    if k == "prevented":
        by = getattr(ev, "by", None)
        key = "classic.log_prevented" if by in (None, ev.card) else "classic.log_prevented_by"
        return tr(key, card=name(ev.card), what=absorbed(ev, game, tr), by=name(by), n=ev.amount)
    if k == "interrupted":
        item = ev.item if ev.item in ("attack", "dice", "answer") else "ability"
        return tr(f"classic.log_{ev.why}_{item}", by=name(ev.by), what=absorbed(ev, game, tr), card=name(ev.card))
    if k == "redirected":
        what = ability_words(game, ev.by, ev.ability, tr) or tr("classic.why_redirect")
        return tr("classic.log_redirected", by=name(ev.by), what=what, card=name(ev.card), src=name(ev.src),
                  to=name(ev.to))
    if k == "dies":
        return tr("classic.log_dies", card=name(ev.card))
    if k == "exiled":
        return tr("classic.log_exiled", card=name(ev.card))
    if k == "triggered":
        return tr("classic.log_trigger", card=name(ev.card), what=ability_words(game, ev.card, ev.ability, tr))
    if k == "turn":
        return tr("classic.log_turn", n=ev.turn, name=player_name(game, ev.player))
    if k == "end_turn":
        return tr("classic.log_end", name=player_name(game, ev.player))
    if k == "concede":
        return tr("classic.log_concede", name=player_name(game, ev.player))
    if k == "time_out":  # 2007 7.3
        return tr("timed.log_classic", time=clock_text(ev.elapsed))
    if k == "squads_counted":
        return tr("timed.log_squads", a=player_name(game, 0), x=ev.costs[0], b=player_name(game, 1), y=ev.costs[1])
    if k in ("draw_offered", "draw_declined", "draw_accepted"):
        return tr(f"classic.log_{k}", name=player_name(game, ev.player))
    if k == "forfeit":
        return tr("classic.log_forfeit", name=player_name(game, ev.player))
    if k == "game_over":
        return tr("classic.log_over")
    if k == "undo":
        return tr("log.undo")
    if k in ("prepared", "stayed_closed"):  # 2007 3.4.1, 6.2.2, 6.3.1: the action's own words (acted) said it
        return None
    if k == "crystals_taken":
        return tr("classic.log_crystals_taken", name=player_name(game, ev.player), gold=ev.gold, silver=ev.silver)
    if k == "cell_mark":  # 2007 1.10: an effect on a cell
        return tr(f"classic.log_cell_{ev.mark}", name=player_name(game, ev.owner), cell=cell_name(ev.at), n=ev.x)
    if k == "cell_sprung":
        return tr(f"classic.log_sprung_{ev.mark}", card=name(ev.card), cell=cell_name(ev.at))
    if k == "cell_clear" and ev.why == "time":
        return tr("classic.log_cell_gone", cell=cell_name(ev.at))
    if k == "to_grave":  # 2022 «Попадание на кладбище»: from the deck, without dying
        card = game.cards.get(ev.name)
        return tr("classic.log_to_grave", card=tr.name(card.name) if card is not None else "?",
                  name=player_name(game, ev.owner))
    if k == "mark" and ev.mark == "stunned" and ev.value:
        return tr("classic.log_stunned", card=name(ev.card))
    if k == "bot_summary":  # the table's words for the computer's setup (ui/classic/botplay.py)
        return ev.text
    if k == "chat":  # a line of a network game's chat (ui/netsession.py)
        return tr("net.said", name=ev.name or tr("net.spectator"), text=ev.text)
    return describe_campaign(ev, game, tr, where)


def card_names(game: Any, cards: list[str], tr) -> str:
    """Card ids in words, a card twice or more with its count: «Страж ×2, Ястреб»."""
    counts: dict[str, int] = {}
    for cid in cards:
        counts[cid] = counts.get(cid, 0) + 1
    if not counts:
        return tr("campaign.nothing")
    return ", ".join(tr.name(game.cards[cid].name) + (f" ×{n}" if n > 1 else "") if cid in game.cards else cid
                     for cid, n in counts.items())


def campaign_result(winner: int | None, game: Any, tr) -> str:
    return tr("classic.draw") if winner is None else tr("classic.winner", name=player_name(game, winner))


def describe_campaign(ev: Any, game: Any, tr, where: Where | None = None) -> str | None:
    """A campaign's lines (2007 part 8): retreats, the score, what passes on, the loser's choice."""
    k = ev.kind
    if k == "retreat":
        return tr("classic.log_retreat", card=card_label(game, ev.card, tr, where))
    if k == "retreated":
        return tr("classic.log_retreated", card=f"«{tr.name(game.cards[ev.name].name)}»" if ev.name in game.cards else "?")
    if k == "campaign_game":
        return tr("classic.log_campaign_game", n=ev.number, result=campaign_result(ev.winner, game, tr),
                  a=ev.score[0], b=ev.score[1])
    if k == "carried":
        name = player_name(game, ev.player)
        parts = [tr("classic.log_kept", name=name, cards=card_names(game, ev.kept, tr))]
        if ev.to_deck:
            parts.append(tr("classic.log_to_deck", cards=card_names(game, ev.to_deck, tr)))
        if ev.to_graveyard:
            parts.append(tr("classic.log_to_graveyard", cards=card_names(game, ev.to_graveyard, tr)))
        return "; ".join(parts)
    if k == "chosen":
        return tr("classic.log_chosen", name=player_name(game, ev.player), cards=card_names(game, ev.cards, tr))
    if k == "campaign_next":
        return tr("classic.log_campaign_next", n=ev.number)
    if k == "campaign_over":
        return tr("classic.log_campaign_over", result=campaign_result(ev.winner, game, tr), a=ev.score[0],
                  b=ev.score[1])
    return None


def describe_run(events: list, game: Any, tr) -> list[str | None]:
    """Each event's line (None: none) of a run of events that ends at ``game`` as it is now, every card named on
    the cell it stood on just before the event (a move from where it left, a death where it fell)."""
    where = cells_now(game)
    out: list[str | None] = []
    for ev in reversed(events):
        step_back(ev, where)
        out.append(describe(ev, game, tr, where))
    out.reverse()
    return out


def lines(events: list, game: Any, tr, held: set[int] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """The log's lines for a run of events that ends at ``game`` as it is now (see :func:`describe_run`), but
    those of the events in ``held`` (their ids: what the animation has not shown yet)."""
    return [t for ev, t in zip(events, describe_run(events, game, tr), strict=True) if t and id(ev) not in held]


def turn_line(game: Any, tr) -> str:
    """Whose turn it is («Ход 3: Аня»), or «До первого хода» while none has begun."""
    if getattr(game.pending, "kind", None) in BEFORE_FIRST_TURN:
        return tr("classic.status_before")
    return tr("classic.status_turn", n=game.turn, name=game.names[game.active])


def result(game: Any, tr) -> str:
    out = game.outcome
    if out is None or out.winner is None:
        return tr("classic.draw")
    return tr("classic.winner", name=player_name(game, out.winner))
