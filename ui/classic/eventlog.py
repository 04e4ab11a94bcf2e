"""Classic events in words: the log, the curtain's "what happened" and the replay's lines."""

from __future__ import annotations

from typing import Any

COLS = "ABCDE"


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


def describe(ev: Any, game: Any, tr) -> str | None:
    """One line of the log for ``ev``, or None for an event not worth a line."""
    k = ev.kind
    name = lambda cid: card_name(game, cid, tr)  # noqa: E731
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
    if k == "dies":
        return tr("classic.log_dies", card=name(ev.card))
    if k == "turn":
        return tr("classic.log_turn", n=ev.turn, name=player_name(game, ev.player))
    if k == "end_turn":
        return tr("classic.log_end", name=player_name(game, ev.player))
    if k == "concede":
        return tr("classic.log_concede", name=player_name(game, ev.player))
    if k == "forfeit":
        return tr("classic.log_forfeit", name=player_name(game, ev.player))
    if k == "game_over":
        return tr("classic.log_over")
    if k == "bot_summary":  # the table's words for the computer's setup (ui/classic/botplay.py)
        return ev.text
    if k == "chat":  # a line of a network game's chat (ui/netsession.py)
        return tr("net.said", name=ev.name or tr("net.spectator"), text=ev.text)
    return describe_campaign(ev, game, tr)


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


def describe_campaign(ev: Any, game: Any, tr) -> str | None:
    """A campaign's lines (2007 part 8): retreats, the score, what passes on, the loser's choice."""
    k = ev.kind
    if k == "retreat":
        return tr("classic.log_retreat", card=card_name(game, ev.card, tr))
    if k == "retreated":
        return tr("classic.log_retreated", card=tr.name(game.cards[ev.name].name) if ev.name in game.cards else "?")
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


def result(game: Any, tr) -> str:
    out = game.outcome
    if out is None or out.winner is None:
        return tr("classic.draw")
    return tr("classic.winner", name=player_name(game, out.winner))
