"""Engine events as log lines in the player's language; hidden cards are never named."""

from __future__ import annotations

from typing import Any

from engine.heroes import registry as R
from ui.i18n import Tr

PUBLIC_ZONES = ("play", "grave", "attached")


def card_name(game, cid: int | None, tr: Tr) -> str:
    if cid is None or cid not in game.cards:
        return "?"
    return tr.name(game.cdef(cid).name)


def player_name(game, p: int | None) -> str:
    if p is None or not 0 <= p < len(game.players):
        return "?"
    return game.players[p].name


def describe(ev: dict[str, Any], game, tr: Tr) -> str | None:
    """One line for one event, or None for events not worth a line."""
    t = ev.get("t")
    c = lambda key="card": card_name(game, ev.get(key), tr)  # noqa: E731
    pn = player_name(game, ev.get("player"))
    if t == "die":
        return tr("log.die", name=pn, value=ev.get("value"))
    if t == "order":
        return tr("log.order", name=player_name(game, ev.get("first")))
    if t == "turn":
        return tr("log.turn", n=ev.get("turn"), name=pn)
    if t == "draw":
        return tr("log.draw", name=pn, n=ev.get("count", 1))
    if t == "failed_draw":
        return tr("log.failed_draw", name=pn, n=ev.get("count", 1))
    if t == "mulligan_declared":
        return tr("log.mulligan", name=pn, n=ev.get("count", 0))
    if t == "play":
        if ev.get("free"):
            return tr("log.play_free", name=pn, card=c())
        return tr("log.play", name=pn, card=c(), cost=ev.get("cost", 0))
    if t == "attack":
        return tr("log.attack", card=c("attacker"), target=c("target"))
    if t == "defend":
        return tr("log.defend", card=c(), attacker=c("attacker"))
    if t == "strike":
        return None
    if t == "wound":
        return tr("log.wound", card=c(), n=ev.get("amount", 0))
    if t == "prevented":
        return tr("log.prevented", card=c(), n=ev.get("amount", 0))
    if t == "heal":
        return tr("log.heal", card=c(), n=ev.get("amount", 0))
    if t == "death":
        return tr("log.death", card=c())
    if t == "tap":
        return None
    if t == "stun":
        return tr("log.stun", card=c())
    if t == "poison":
        return tr("log.poison", card=c(), n=ev.get("amount", 0))
    if t == "activate":
        return tr("log.activate", card=c())
    if t == "trigger":
        return tr("log.trigger", card=c("source"))
    if t == "trigger_declined":
        return tr("log.trigger_declined", card=c("source"))
    if t == "coins":
        d = ev.get("delta", 0)
        return tr("log.coins_gain" if d > 0 else "log.coins_lose", name=pn, n=abs(d)) if d else None
    if t == "prayers":
        return tr("log.prayers", name=pn, n=ev.get("delta", 0))
    if t == "move":
        src, dest = ev.get("src"), ev.get("dest")
        if dest == "hand" and src == "deck":
            return None
        name = c() if (src in PUBLIC_ZONES or dest in PUBLIC_ZONES) else tr("log.a_card")
        zone = tr(f"zone.{dest}") if tr.has(f"zone.{dest}") else str(dest)
        return tr("log.move", card=name, zone=zone)
    if t == "reveal":
        return tr("log.reveal", card=c())
    if t == "reveal_card":
        return tr("log.reveal_card", name=pn, card=c())
    if t == "hide":
        return tr("log.hide", card=c())
    if t == "discard":
        return tr("log.discard", name=pn, n=len(ev.get("cards", [])))
    if t == "grant":
        kw = R.KEYWORDS.get(ev.get("keyword", ""))
        label = (kw.ru if tr.lang == "ru" else kw.en) if kw else ev.get("keyword", "?")
        return tr("log.grant", card=c(), kw=label)
    if t == "shuffle":
        return tr("log.shuffle", name=pn)
    if t == "end_turn":
        return tr("log.end_turn", name=pn)
    if t == "undead_wound":
        return tr("log.undead", card=c(), n=ev.get("x", 0))
    if t == "meditation":
        return tr("log.meditation", card=c(), paid=ev.get("paid", 0), missing=ev.get("missing", 0))
    if t == "control":
        return tr("log.control", card=c(), name=pn)
    if t == "attach":
        return tr("log.attach", card=c(), host=c("host"))
    if t == "concede":
        return tr("log.concede", name=pn)
    if t == "draw_offered":
        return tr("log.draw_offered", name=pn)
    if t == "draw_declined":
        return tr("log.draw_declined")
    if t == "game_over":
        w = ev.get("winner")
        return tr("log.winner", name=player_name(game, w)) if w is not None else tr("log.draw_game")
    if t == "undo":
        return tr("log.undo")
    if t in ("strike_mod", "lives_mod", "set_lives", "cleanse", "prepare", "untap", "resolved", "trigger_lost"):
        return None
    return None
