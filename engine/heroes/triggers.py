"""Triggered abilities of «Берсерк. Герои» (CR 113, 401-402, 519, 520): what a change sets off, the
declaration window (the non-active player first, each choosing the order of their own), and putting
declared abilities into the Queue. Resolving the Queue is the :mod:`effects` layer's.
"""

from __future__ import annotations

from typing import Any

from engine.core.compiled import mypyc_attr
from engine.heroes import events as E
from engine.heroes import pending as P
from engine.heroes import registry as R
from engine.heroes.abilities import TRIGGERED
from engine.heroes.chains import chains
from engine.heroes.changes import Changes
from engine.heroes.queue import QueueItem, WaitingTrigger

# Events that set off the card's own triggered abilities (collect); death also sets off others'.
_OWN_EVENTS = frozenset(("enter", "death", "strike", "defend", "wounded", "turn_start", "turn_end", "spell_cast",
                         "enemy_spell"))
# The keywords that go off as a card enters play (Скрытность, Жажда, Авангард…), and whether any goes off
# at the end of a turn (Регенерация, on a wounded card only)
_ENTER_KEYWORDS = frozenset(k.name for k in TRIGGERED.get("enter", ()))
_TURN_END_KEYWORDS = frozenset(k.name for k in TRIGGERED.get("turn_end", ()))


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant of the game may subclass it
class Triggers(Changes):
    """Collecting triggered abilities and declaring them into the Queue."""

    queue: list[QueueItem]  # the Queue, first in first out (CR 401.3)
    waiting: list[WaitingTrigger]  # triggers waiting to be declared (CR 401.4)
    next_tid: int

    def happened(self, event: str, cid: int, ctx: dict[str, Any]) -> None:
        """Note every triggered ability this event sets off (CR 113, 401.5): the changes layer's hook, so what a
        change sets off is noted at once."""
        c = self.cards[cid]
        d = c.d
        if event in _OWN_EVENTS:
            if event == "spell_cast" and d.type == "spell":
                return
            controller = ctx.get("controller", c.controller)
            if not c.hidden:
                if c.effects or c.attached:
                    parts = self.ability_parts(cid)
                elif d.triggers and (event in d.trigger_events or (event == "death" and "slain" in d.trigger_events)):
                    parts = d.solo
                else:
                    parts = ()  # a plain card with no trigger for this event
                for pi, part in enumerate(parts):
                    for i, ab in part.triggers:
                        if ab["on"] == event or (ab["on"] == "slain" and event == "death" and ctx.get("slain")):
                            # CR 505.1.1: «гибель от существа противника» also needs the killer to be one.
                            self._queue_trigger(cid, controller, ab, f"t{pi}.{i}", ctx)
            # Only these events can set off a keyword's trigger (see _keyword_triggers); on entering and at the
            # end of the turn, only the keywords that go off then, which a plain card has printed or not at all
            # (as in keywords()).
            if event == "enter":
                if c.effects or c.attached or c.hidden or not _ENTER_KEYWORDS.isdisjoint(d.keyword_map) \
                        or (c.zone == "play" and self._granting()):
                    self._keyword_triggers(event, cid, controller, ctx)
            elif (event == "death" and ctx.get("unity")) or (event == "turn_start" and c.poison):
                self._keyword_triggers(event, cid, controller, ctx)
            elif event == "turn_end" and c.wounds and _TURN_END_KEYWORDS and (
                    c.effects or c.attached or c.hidden or not _TURN_END_KEYWORDS.isdisjoint(d.keyword_map)
                    or (c.zone == "play" and self._granting())):
                self._keyword_triggers(event, cid, controller, ctx)  # Регенерация heals only a wounded card
        if event == "death":
            dead_controller = ctx["controller"]
            cards = self.cards
            for p_i, p in enumerate(self.players):
                want = "ally_dies" if p_i == dead_controller else "enemy_dies"
                for other in (p.hero, *p.play):
                    o = cards[other]
                    if o.hidden:
                        continue
                    if o.effects or o.attached:
                        parts = self.ability_parts(other)
                    else:
                        parts = o.d.solo
                        if want not in parts[0].trigger_events:
                            continue
                    for pi, part in enumerate(parts):
                        for i, ab in part.triggers:
                            if ab["on"] == want and self.is_creature(cid):
                                self._queue_trigger(other, o.controller, ab, f"t{pi}.{i}",
                                                    {"dead": cid, "killer": ctx.get("killer")})

    def _keyword_triggers(self, event: str, cid: int, controller: int, ctx: dict[str, Any]) -> None:
        """Keywords that are triggered abilities written short (CR part 7, engine/heroes/abilities), and
        poison's start-of-turn wounds (CR 7 Отравление)."""
        if event == "turn_start":
            c = self.cards[cid]
            if c.poison and c.zone == "play":
                self._synthetic(cid, controller, "poison",
                                [{"effect": "damage_poison", "amount": c.poison, "target": {"sel": "self"}}], ctx)
            return
        kws = self.keywords(cid)
        for k in TRIGGERED.get(event, ()):
            fired = k.trigger(self, cid, kws, ctx)
            if fired is not None:
                self._synthetic(cid, controller, k.name, list(fired.effects), ctx, may=fired.may, pay=fired.pay)

    def _synthetic(self, cid: int, controller: int, key: str, effects: list[dict[str, Any]], ctx: dict[str, Any],
                   may: bool = False, pay: int = 0) -> None:
        self._queue_trigger(cid, controller, {"effects": tuple(effects), "may": may, "each_time": False,
                                              "pay_coins": pay}, "kw:" + key, ctx)

    def _queue_trigger(self, cid: int, controller: int, ab: dict[str, Any], key: str, ctx: dict[str, Any]) -> None:
        self.waiting.append(WaitingTrigger(self.next_tid, cid, controller, [dict(e) for e in ab["effects"]],
                                           ab.get("modes"), ab.get("may", False), ab.get("each_time", False),
                                           ab.get("pay_coins", 0), key, dict(ctx)))
        self.next_tid += 1

    def fire_delayed(self, at: str) -> None:
        """Queue the delayed effects whose moment has come («в конце хода», «в начале вашего следующего хода»)."""
        for p in self.players:
            for cid in (p.hero, *p.play):
                c = self.cards[cid]
                if not c.effects:
                    continue
                due = [e for e in c.effects if e["k"] == "delayed" and e["at"] == at
                       and (at == "turn_end" or (e["by"] == self.active and e["turn"] < self.turn))]
                if not due:
                    continue
                c.effects = [e for e in c.effects if not any(e is d for d in due)]
                for d in due:
                    fired = dict(d["eff"])
                    spec = R.EFFECTS[fired["effect"]].params.get("target")
                    if "target" in fired or (spec is not None and spec.required):
                        fired["target"] = {"sel": "struck"}  # the card it waited on
                    ctx = {"struck": cid, "as_spell": d["as_spell"]}
                    self._queue_trigger(d["src"], d["by"], {"effects": (fired,), "may": False, "each_time": True},
                                        "delayed", ctx)

    def _trigger_affordable(self, t: WaitingTrigger) -> bool:
        if not t.each_time and self.cards[t.source].used.get(t.key):
            return False  # CR 113.5: once per turn unless «каждый раз»
        effects = t.effects
        if effects and effects[0]["effect"] == "cancel":
            spell = t.ctx.get("spell")
            if not any(q.kind == "spell" and q.source == spell for q in self.queue):
                return False  # nothing left to cancel
            assert spell is not None  # a spell in the Queue is a card (found above)
            if effects[0].get("filter") and not self.passes_filter(effects[0]["filter"], spell, None):
                return False
        return t.pay_coins <= self.players[t.controller].coins

    def _trigger_targets(self, t: WaitingTrigger) -> list[tuple[int, ...]]:
        """Every target tuple over every constructor chain (the window only asks "is there one?")."""
        first = t.effects[0] if t.effects else {}
        for word in ("struck", "killer"):
            card = t.ctx.get(word)
            if first.get("target") == {"sel": word} and (card is None or not self.in_play(card)):
                return []  # CR 113.7, 119.3: the struck card (the killer) has left play, so this cannot be declared
        out: list[tuple[int, ...]] = []
        for _, effects in chains(t.effects, t.modes):
            out.extend(self._ability_targets(effects, t.source, t.controller, spell=False))
        return out

    def _declare(self, t: WaitingTrigger, targets: tuple[int, ...], modes: tuple[int, ...] = ()) -> None:
        if not t.each_time:
            self.cards[t.source].used[t.key] = 1
        if t.pay_coins:
            self.lose_coins(t.controller, t.pay_coins)
        effects = list(dict(chains(t.effects, t.modes))[modes])
        self.emit(E.Triggered(t.source, t.key, list(targets)))
        item = QueueItem("trigger", t.source, t.controller, effects, list(targets), t.ctx.get("x"),
                         ctx=t.ctx, skip=self.empty_optional(effects, t.source, t.controller, False))  # CR 119.5
        if effects and effects[0]["effect"] == "cancel":
            # CR 517.1-517.3: the spell is cancelled at once (already paid, already in the graveyard);
            # whatever comes with the cancel happens outside the Queue, so it goes first.
            spell = t.ctx["spell"]
            self.queue = [q for q in self.queue if not (q.kind == "spell" and q.source == spell)]
            self.emit(E.Cancelled(card=spell, by=t.source))
            item.effects = effects[1:]
            if item.effects:
                self.queue.insert(0, item)
            return
        self.queue.append(item)

    def _declaration_window(self) -> bool:
        """CR 402.1: the non-active player's triggers first, each player choosing their order.

        Returns True when a player must decide.
        """
        nonactive = 1 - self.active
        p = nonactive if any(t.controller == nonactive for t in self.waiting) else self.active
        mine = []
        opts: list[tuple[int, ...]] = []  # the targets of the last one kept (declared at once if it is alone)
        for t in [t for t in self.waiting if t.controller == p]:
            ok = self._trigger_targets(t) if self._trigger_affordable(t) else []
            if not ok and not t.may:
                # CR 502.9, 113.7: no legal declaration — it is lost and the once-per-turn mark unused.
                self.waiting.remove(t)
                self.emit(E.TriggerLost(source=t.source, key=t.key))
            elif not ok:
                self.waiting.remove(t)
            else:
                mine.append(t)
                opts = ok  # the rest of the window changes no card: listed again, they would be the same
        if not mine:
            return False
        if len(mine) == 1 and not mine[0].may and not mine[0].modes:
            if len(opts) == 1:
                self.waiting.remove(mine[0])
                self._declare(mine[0], opts[0])
                return False
        self.pending = P.DeclareTriggers(player=p)
        return True
