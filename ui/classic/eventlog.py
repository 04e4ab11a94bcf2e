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
    return None


def result(game: Any, tr) -> str:
    out = game.outcome
    if out is None or out.winner is None:
        return tr("classic.draw")
    return tr("classic.winner", name=player_name(game, out.winner))
