"""Engine events as log lines in the player's language; hidden cards are never named."""

from __future__ import annotations

from engine.core.events import Event
from engine.core.timing import clock_text
from engine.heroes import events as E
from engine.heroes import registry as R
from ui.i18n import Tr

PUBLIC_ZONES = ("play", "grave", "attached")


def card_name(game, cid: int | None, tr: Tr) -> str:
    if cid is None or cid not in game.cards:
        return "?"
    return tr.name(game.cdef(cid).name)


def card_label(game, cid: int | None, tr: Tr) -> str:
    """A card in a line of the log, in quotes; when another copy of it is in play or in a graveyard, with its
    side's name, and its place in the row when that side has two in play («Ополченец» (Аня, 2))."""
    name = card_name(game, cid, tr)
    if cid is None or cid not in game.cards:
        return f"«{name}»"
    me = game.cards[cid]
    if me.zone not in PUBLIC_ZONES:
        return f"«{name}»"
    twins = [o for pl in game.players for o in (*pl.play, *pl.grave)
             if o != cid and game.cards[o].card == me.card and game.cards[o].zone in PUBLIC_ZONES]
    if not twins:
        return f"«{name}»"
    side = me.controller if me.zone == "play" else me.owner
    who = player_name(game, side)
    row = game.players[side].play if 0 <= side < len(game.players) else []
    if me.zone == "play" and any(game.cards[o].zone == "play" and game.cards[o].controller == side for o in twins) \
            and cid in row:
        return f"«{name}» ({who}, {row.index(cid) + 1})"
    return f"«{name}» ({who})"


def prevented_by(ev, game, tr: Tr) -> str:
    """What prevented wounds, in the keyword's own words (Броня, Немёртвый, Защита от ударов)."""
    kw = R.KEYWORDS.get(ev.why if ev.why != "prevent" else "")
    if kw is None:
        return tr(f"motion.word_{ev.why}") if tr.has(f"motion.word_{ev.why}") else ev.why
    name = kw.ru if tr.lang == "ru" else kw.en
    of = getattr(ev, "of", None)
    if ev.why == "protection" and isinstance(of, str) and of in R.PROTECTION_NAMES:
        return f"{name} {R.PROTECTION_NAMES[of][0 if tr.lang == 'ru' else 1]}"
    return name


def player_name(game, p: int | None) -> str:
    if p is None or not 0 <= p < len(game.players):
        return "?"
    return game.players[p].name


def describe(ev: Event, game, tr: Tr) -> str | None:
    """One line for one event, or None for events not worth a line."""
    t = ev.kind
    c = lambda key="card": card_label(game, getattr(ev, key), tr)  # noqa: E731
    pn = player_name(game, getattr(ev, "player", None))
    match ev:
        case E.DieRolled():
            return tr("log.die", name=pn, value=ev.value)
        case E.OrderChosen():
            return tr("log.order", name=player_name(game, ev.first))
        case E.TurnBegan():
            return tr("log.turn", n=ev.turn, name=pn)
        case E.Drew():
            return tr("log.draw", name=pn, n=ev.count)
        case E.FailedDraw():
            return tr("log.failed_draw", name=pn, n=ev.count)
        case E.MulliganDeclared():
            return tr("log.mulligan", name=pn, n=ev.count)
        case E.Played():
            if ev.free is True:
                return tr("log.play_free", name=pn, card=c())
            return tr("log.play", name=pn, card=c(), cost=ev.cost)
        case E.AttackDeclared():
            return tr("log.attack", card=c("attacker"), target=c("target"))
        case E.Defended():
            return tr("log.defend", card=c(), attacker=c("attacker"))
        case E.Wounded():
            return tr("log.wound", card=c(), n=ev.amount)
        case E.Prevented():
            if ev.why == "prevent" and isinstance(ev.by, int):  # CR 515: another card's aura
                return tr("log.prevented_by", card=c(), by=c("by"), n=ev.amount)
            if ev.why == "attack_reduction":  # CR 7 –X от атаки: the blow softened, not a wound stopped
                return tr("log.softened", card=c(), what=prevented_by(ev, game, tr), n=ev.amount)
            return tr("log.prevented", card=c(), what=prevented_by(ev, game, tr), n=ev.amount)
        case E.Healed():
            return tr("log.heal", card=c(), n=ev.amount)
        case E.Died():
            return tr("log.death", card=c())
        case E.Stunned():
            return tr("log.stun", card=c())
        case E.Poisoned():
            return tr("log.poison", card=c(), n=ev.amount)
        case E.Activated():
            return tr("log.activate", card=c())
        case E.Triggered():
            return tr("log.trigger", card=c("source"))
        case E.TriggerDeclined():
            return tr("log.trigger_declined", card=c("source"))
        case E.CoinsChanged():
            d = ev.delta
            return tr("log.coins_gain" if d > 0 else "log.coins_lose", name=pn, n=abs(d)) if d else None
        case E.PrayersChanged():
            return tr("log.prayers", name=pn, n=ev.delta)
        case E.Moved():
            src, dest = ev.src, ev.dest
            if dest == "hand" and src == "deck":
                return None
            zone = tr(f"zone.{dest}") if tr.has(f"zone.{dest}") else str(dest)
            if src in PUBLIC_ZONES or dest in PUBLIC_ZONES:
                return tr("log.move", card=c(), zone=zone)
            # a card nobody may read (a mulligan's, one put back from the hand): whose it was is public
            owner = game.cards[ev.card].owner if ev.card in game.cards else None
            return tr("log.move_hidden", name=player_name(game, owner), zone=zone)
        case E.Revealed():
            return tr("log.reveal", card=c())
        case E.CardShown():
            return tr("log.reveal_card", name=pn, card=c())
        case E.Hidden():
            return tr("log.hide", card=c())
        case E.Discarded():
            return tr("log.discard", name=pn, n=len(ev.cards))
        case E.KeywordGranted():
            kw = R.KEYWORDS.get(ev.keyword)
            label = (kw.ru if tr.lang == "ru" else kw.en) if kw else ev.keyword
            return tr("log.grant", card=c(), kw=label)
        case E.Shuffled():
            return tr("log.shuffle", name=pn)
        case E.TurnEnded():
            return tr("log.end_turn", name=pn)
        case E.UndeadWounded():
            return tr("log.undead", card=c(), n=ev.x)
        case E.Meditated():
            return tr("log.meditation", card=c(), paid=ev.paid, missing=ev.missing)
        case E.ControlChanged():
            return tr("log.control", card=c(), name=pn)
        case E.Attached():
            return tr("log.attach", card=c(), host=c("host"))
        case E.Conceded():
            return tr("log.concede", name=pn)
        case E.Forfeited():
            return tr("log.forfeit", name=pn)
        case E.DrawOffered():
            return tr("log.draw_offered", name=pn)
        case E.DrawDeclined():
            return tr("log.draw_declined", name=pn)
        case E.DrawAccepted():
            return tr("log.draw_accepted", name=pn)
        case E.TimeRanOut():  # CR 603.1 (3)
            return tr("timed.log_heroes", time=clock_text(ev.elapsed), n=ev.extra_turns)
        case E.GameOver():
            w = ev.winner
            return tr("log.winner", name=player_name(game, w)) if w is not None else tr("log.draw_game")
    if t == "undo":
        return tr("log.undo")
    if t == "acted":  # the table's own record of an action (ui/session.py): its words as said at the time
        return ev.words(tr.lang)
    if t == "chat":  # a line of a network game's chat (ui/netsession.py)
        return tr("net.said", name=ev.name or tr("net.spectator"), text=ev.text)
    return None  # strikes, taps, modifiers and the like are shown on the table, not in the log


def describe_run(events: list, game, tr: Tr) -> list[str | None]:
    """Each event's line of a run of events (None: none)."""
    return [describe(ev, game, tr) for ev in events]
