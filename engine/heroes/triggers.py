"""Triggered abilities and the Queue of «Берсерк. Герои» (CR 113, 401-402, 519, 524).

What an event sets off, the declaration window (the non-active player first, each choosing the order
of their own), resolving the Queue first in first out, and stopping chains that repeat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.heroes.effects import chains, slots

if TYPE_CHECKING:
    from engine.heroes.game import HeroesGame

# Events that set off the card's own triggered abilities (collect); death also sets off others'.
_OWN_EVENTS = frozenset(("enter", "death", "strike", "defend", "wounded", "turn_start", "turn_end", "spell_cast",
                         "enemy_spell"))


class Triggers:
    """Mixin of HeroesGame: triggers, the Queue and the loop that runs the game between decisions."""

    # ================================================================== triggers
    def collect(self: HeroesGame, event: str, cid: int, ctx: dict[str, Any]) -> None:
        """Note every triggered ability this event sets off (CR 113, 401.5)."""
        c = self.cards[cid]
        d = self.pool.cards[c.card]
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
            # Only these events can set off a keyword's trigger (see _keyword_triggers).
            if event == "enter" or (event == "death" and ctx.get("unity")) or (event == "turn_start" and c.poison) \
                    or (event == "turn_end" and c.wounds):
                self._keyword_triggers(event, cid, controller, ctx)
        if event == "death":
            dead_controller = ctx["controller"]
            cards, defs = self.cards, self.pool.cards
            for p_i, p in enumerate(self.players):
                want = "ally_dies" if p_i == dead_controller else "enemy_dies"
                for other in (p.hero, *p.play):
                    o = cards[other]
                    if o.hidden:
                        continue
                    if o.effects or o.attached:
                        parts = self.ability_parts(other)
                    else:
                        parts = defs[o.card].solo
                        if want not in parts[0].trigger_events:
                            continue
                    for pi, part in enumerate(parts):
                        for i, ab in part.triggers:
                            if ab["on"] == want and self.is_creature(cid):
                                self._queue_trigger(other, o.controller, ab, f"t{pi}.{i}",
                                                    {"dead": cid, "killer": ctx.get("killer")})

    def _keyword_triggers(self: HeroesGame, event: str, cid: int, controller: int, ctx: dict[str, Any]) -> None:
        """Keywords that are triggered abilities written short (CR part 7)."""
        if event == "enter":
            kws = self.keywords(cid)
            if "stealth" in kws:
                self._synthetic(cid, controller, "stealth", [{"effect": "hide", "target": {"sel": "self"}}], ctx)
            if "thirst" in kws:
                self._synthetic(cid, controller, "thirst", [
                    {"effect": "damage", "amount": kws["thirst"]["value"],
                     "target": {"choose": "character", "side": "own", "zone": "play", "filter": {"other": True}}}], ctx)
            if "vanguard" in kws:
                self._synthetic(cid, controller, "vanguard",
                                [{"effect": "vanguard_play", "limit": kws["vanguard"]["value"]}], ctx, may=True)
        elif event == "death" and ctx.get("unity"):
            self._synthetic(cid, controller, "unity",
                            [{"effect": "search", "filter": {"max_cost": ctx["unity"]}, "count": 1}], ctx)
        elif event == "turn_start":
            c = self.cards[cid]
            if c.poison and c.zone == "play":
                self._synthetic(cid, controller, "poison",
                                [{"effect": "damage_poison", "amount": c.poison, "target": {"sel": "self"}}], ctx)
        elif event == "turn_end" and self.cards[cid].wounds and "regeneration" in (kws := self.keywords(cid)):
            self._synthetic(cid, controller, "regeneration",
                            [{"effect": "heal", "amount": kws["regeneration"]["value"], "target": {"sel": "self"}}], ctx)

    def _synthetic(self: HeroesGame, cid: int, controller: int, key: str, effects: list[dict[str, Any]], ctx: dict[str, Any],
                   may: bool = False, pay: int = 0) -> None:
        self._queue_trigger(cid, controller, {"effects": tuple(effects), "may": may, "each_time": False,
                                              "pay_coins": pay}, "kw:" + key, ctx)

    def _queue_trigger(self: HeroesGame, cid: int, controller: int, ab: dict[str, Any], key: str, ctx: dict[str, Any]) -> None:
        self.waiting.append({"tid": self.next_tid, "source": cid, "controller": controller,
                             "effects": [dict(e) for e in ab["effects"]], "modes": ab.get("modes"),
                             "may": ab.get("may", False),
                             "each_time": ab.get("each_time", False), "pay_coins": ab.get("pay_coins", 0),
                             "key": key, "ctx": dict(ctx)})
        self.next_tid += 1

    def _trigger_affordable(self: HeroesGame, t: dict[str, Any]) -> bool:
        if not t["each_time"] and self.cards[t["source"]].used.get(t["key"]):
            return False  # CR 113.5: once per turn unless «каждый раз»
        effects = t["effects"]
        if effects and effects[0]["effect"] == "cancel":
            spell = t["ctx"].get("spell")
            if not any(q["kind"] == "spell" and q["source"] == spell for q in self.queue):
                return False  # nothing left to cancel
            if effects[0].get("filter") and not self.passes_filter(effects[0]["filter"], spell, None):
                return False
        return t["pay_coins"] <= self.players[t["controller"]].coins

    def _trigger_targets(self: HeroesGame, t: dict[str, Any]) -> list[tuple[int, ...]]:
        """Every target tuple over every constructor chain (the window only asks "is there one?")."""
        first = t["effects"][0] if t["effects"] else {}
        for word in ("struck", "killer"):
            card = t["ctx"].get(word)
            if first.get("target") == {"sel": word} and (card is None or not self.in_play(card)):
                return []  # CR 113.7, 119.3: the struck card (the killer) has left play, so this cannot be declared
        out: list[tuple[int, ...]] = []
        for _, effects in chains(t["effects"], t.get("modes")):
            out.extend(self._ability_targets(effects, t["source"], t["controller"], spell=False))
        return out

    def _declare(self: HeroesGame, t: dict[str, Any], targets: tuple[int, ...], modes: tuple[int, ...] = ()) -> None:
        if not t["each_time"]:
            self.cards[t["source"]].used[t["key"]] = 1
        if t["pay_coins"]:
            self.lose_coins(t["controller"], t["pay_coins"])
        effects = list(dict(chains(t["effects"], t.get("modes")))[modes])
        self.emit("trigger", source=t["source"], key=t["key"], targets=list(targets))
        item = {"kind": "trigger", "source": t["source"], "controller": t["controller"],
                "effects": effects, "targets": list(targets), "x": t["ctx"].get("x"), "step": 0, "ctx": t["ctx"],
                "skip": self.empty_optional(effects, t["source"], t["controller"], False)}  # CR 119.5
        if effects and effects[0]["effect"] == "cancel":
            # CR 517.1-517.3: the spell is cancelled at once (already paid, already in the graveyard);
            # whatever comes with the cancel happens outside the Queue, so it goes first.
            spell = t["ctx"]["spell"]
            self.queue = [q for q in self.queue if not (q["kind"] == "spell" and q["source"] == spell)]
            self.emit("cancel", card=spell, by=t["source"])
            item["effects"] = effects[1:]
            if item["effects"]:
                self.queue.insert(0, item)
            return
        self.queue.append(item)

    def lose_coins(self: HeroesGame, p: int, n: int) -> int:
        """CR 521.5: the player chooses which coins go; closed ones first never hurts them."""
        pl = self.players[p]
        n = min(n, pl.coins)
        if n:
            pl.tapped_coins = max(0, pl.tapped_coins - n)
            pl.coins -= n
            pl.tapped_coins = min(pl.tapped_coins, pl.coins + pl.temp_coins)
            self.emit("coins", player=p, delta=-n)
        return n

    def _declaration_window(self: HeroesGame) -> bool:
        """CR 402.1: the non-active player's triggers first, each player choosing their order.

        Returns True when a player must decide.
        """
        nonactive = 1 - self.active
        p = nonactive if any(t["controller"] == nonactive for t in self.waiting) else self.active
        mine = []
        for t in [t for t in self.waiting if t["controller"] == p]:
            ok = self._trigger_affordable(t) and self._trigger_targets(t)
            if not ok and not t["may"]:
                # CR 502.9, 113.7: no legal declaration — it is lost and the once-per-turn mark unused.
                self.waiting.remove(t)
                self.emit("trigger_lost", source=t["source"], key=t["key"])
            elif not ok:
                self.waiting.remove(t)
            else:
                mine.append(t)
        if not mine:
            return False
        if len(mine) == 1 and not mine[0]["may"] and not mine[0].get("modes"):
            opts = self._trigger_targets(mine[0])
            if len(opts) == 1:
                self.waiting.remove(mine[0])
                self._declare(mine[0], opts[0])
                return False
        self.pending = {"kind": "triggers", "player": p}
        return True

    # ================================================================== the Queue
    def _resolve_head(self: HeroesGame) -> None:
        """Resolve the first ability of the Queue, first in first out (CR 401.3)."""
        item = self.queue[0]
        effects = item["effects"]
        while item["step"] < len(effects):
            step = item["step"]
            eff = effects[step]
            skip = item.get("skip", ())
            if (eff.get("then") and not item.get("last_ok", True)) or step in skip:
                # CR 119.4: «при этом» needs the previous part done; CR 119.5: an optional part with
                # nothing to target is passed over.
                item["step"] += 1
                item["last_ok"] = False
                continue
            slot_index = len(slots(effects[:step], skip))
            if eff.get("may") and item.get("asked") != step:
                # CR 119.5: «можете X» — the controller may pass X over and go on with the rest.
                choice = item.pop("choice", None)
                gone = "choose" in (eff.get("target") or {}) and self.resolve_targets(item, eff, slot_index) is None
                if choice is None and not gone:
                    src = item["source"]
                    self.pending = {"kind": "choose", "player": item["controller"], "options": [src], "min": 0,
                                    "max": 1, "why": "may", "source": src}
                    return
                if gone or not choice:
                    self.emit("skipped", source=item["source"], step=step)
                    item["step"] += 1
                    item["last_ok"] = False
                    continue
                item["asked"] = step
            if eff["effect"] == "damage_poison":
                for t in self.resolve_targets(item, eff, slot_index) or []:
                    self.deal(t, eff["amount"], source=None, kind="poison")
                self.check_state()
                res: bool | None = True
            else:
                res = self.run_effect(item, eff, slot_index)
            if res is None:
                return  # waiting for a choice
            item["last_ok"] = bool(res)
            item["step"] += 1
            if self._outcome:
                return
            if item.pop("broken", False) and item["kind"] != "spell":
                # CR 119.2: a part whose target is gone stops the rest of a complex ability; a spell's
                # abilities are separate, so the next one still goes (CR 210.3).
                self.emit("interrupted", source=item["source"])
                break
        item.pop("broken", None)
        self.queue.pop(0)
        self.emit("resolved", source=item["source"], kind=item["kind"])

    def _advance(self: HeroesGame) -> None:
        """Run rule effects, the Queue and the turn until somebody has to decide."""
        cheap: set[tuple[Any, ...]] | None = None
        full: dict[str, int] = {}
        for _ in range(100000):  # a last safety stop for chains that grow without repeating
            if self._outcome is not None:
                self.pending = None
                return
            if self.pending is not None:
                return
            if self.waiting or self.queue:
                if cheap is None:
                    cheap = set()
                if self._cycle(cheap, full):
                    continue
            if self.waiting:
                if self._declaration_window():
                    return
                continue
            if self.queue:
                self._resolve_head()
                continue
            if self.combat is not None and self.combat["stage"] == "cleanup":
                self._combat_cleanup()
                continue
            if self.phase == "start":
                self.phase = "main"
                continue
            if self.phase == "end":
                self._finish_turn()
                continue
            if self.phase == "main":
                # CR 512.5: once the Queue is empty, creatures at 0 lives or less die (their death
                # triggers then enter a new Queue).
                self.check_state()
                if self.waiting or self._outcome is not None:
                    continue
                self.pending = {"kind": "main", "player": self.active}
                return
            return
        self.finish(None, "endless_loop")  # it grew for 100000 steps without ever repeating

    def _cycle(self: HeroesGame, cheap: set[tuple[Any, ...]], full: dict[str, int]) -> bool:
        """CR 524.1, 524.2: a chain of effects that comes back to a state it was already in is cyclic;
        it stops before its first repetition. Returns True when it stopped one.

        Nothing here waits for a player, so a state seen twice would repeat for ever. A cheap
        fingerprint picks the candidates; only those pay for a full comparison of the state.
        """
        fp = (tuple([(q["source"], q["kind"], q["step"]) for q in self.queue]),
              tuple([(t["source"], t["key"]) for t in self.waiting]),
              tuple([(len(p.play), len(p.grave), len(p.hand), len(p.deck)) for p in self.players]))
        if fp not in cheap:
            cheap.add(fp)
            return False
        state = self.to_dict()
        del state["next_tid"]
        for t in state["waiting"]:
            del t["tid"]
        rank = {v: i for i, v in enumerate(sorted({c["entered"] for c in state["cards"]}))}
        for c in state["cards"]:
            c["entered"] = rank[c["entered"]]  # only the order of appearance matters (CR 115.4)
        key = repr(state)
        if key not in full:
            full[key] = len(self._events)
            return False
        # The state came back: what happened since is the repetition, which changed nothing.
        del self._events[full[key]:]
        if self.waiting:
            dropped = [t["source"] for t in self.waiting]
            self.waiting = []
        else:
            dropped = [self.queue.pop(0)["source"]]
        self.emit("cycle_stopped", sources=dropped)
        cheap.clear()
        full.clear()
        return True

    def _combat_cleanup(self: HeroesGame) -> None:
        """CR 307.3, 506.3: after the Queue empties, attacker and defender tap (unless Опыт…)."""
        assert self.combat is not None
        att, dfn = self.combat["attacker"], self.combat["defender"]
        self.combat = None
        if self.in_play(att) and not (self.kw(att, "attack_exp") or self.kw(att, "no_tap_attack")):
            self.cards[att].tapped = True
            self.emit("tap", card=att)
        if dfn is not None and self.in_play(dfn) and not self.kw(dfn, "defense_exp"):
            self.cards[dfn].tapped = True
            self.emit("tap", card=dfn)
