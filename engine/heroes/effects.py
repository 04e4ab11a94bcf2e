"""Resolving the Queue and carrying out effects (CR 118, 119, 401.3, 502, 516, 518-520, part 7 verbs)."""

from __future__ import annotations

from typing import Any

from engine.heroes import events as E
from engine.heroes import pending as P
from engine.heroes.chains import slots
from engine.heroes.triggers import Triggers

# Queue items pause here for a choice made while they resolve.
CHOICE_EFFECTS = ("search", "summon", "vanguard_play")


class Effects(Triggers):
    """Resolving the head of the Queue and carrying out each of its effects."""

    def _resolve_head(self) -> None:
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
                    self.pending = P.ChooseCards(player=item["controller"], options=[src], min=0, max=1, why="may",
                                                 source=src)
                    return
                if gone or not choice:
                    self.emit(E.Skipped(source=item["source"], step=step))
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
                self.emit(E.Interrupted(source=item["source"]))
                break
        item.pop("broken", None)
        self.queue.pop(0)
        self.emit(E.Resolved(item["source"], item["kind"]))

    def run_effect(self, item: dict[str, Any], eff: dict[str, Any], slot_index: int) -> bool | None:
        """Carry out one effect. True: done; False: nothing happened; None: waiting for a choice."""
        name = eff["effect"]
        x = item.get("x") or 0

        def amount(key: str = "amount") -> int:
            v = eff.get(key, 0)
            return x if v == "X" else int(v)

        controller = item["controller"]
        source = item["source"]
        if eff.get("delay"):
            return self.lay_delayed(item, eff, slot_index)
        if name == "discard":
            return self.run_discard(item, eff, amount("count"), slot_index)
        if name in CHOICE_EFFECTS:
            return self.run_choice_effect(item, eff, amount)
        if name in ("draw", "discard", "mill", "lose_coins"):
            done = False
            whom = self.players_of(eff.get("player", "you"), controller)
            if "target" in eff:
                # «выбранный игрок»: the player is named by choosing their hero.
                whom = [self.cards[t].controller for t in self.resolve_targets(item, eff, slot_index) or []]
            for p in whom:
                n = amount("count")
                if name == "draw":
                    done |= self.draw(p, n) > 0
                elif name == "mill":
                    for _ in range(n):
                        if self.players[p].deck:
                            self.move(self.players[p].deck[0], "grave")
                            done = True
                else:
                    done |= self.lose_coins(p, n) > 0
            return done
        if name == "gain_coins":
            pl = self.players[controller]
            if eff.get("temporary"):
                pl.temp_coins += amount("count")
            else:
                pl.coins += amount("count")
            self.emit(E.CoinsChanged(player=controller, delta=amount("count")))
            return True
        if name == "gain_prayers":
            return self.run_gain_prayers(item, amount("count"))
        if name == "create":
            for _ in range(eff.get("count", 1)):
                cid = self.new_card(eff["card"], controller, "supply")
                self.enter_play(cid, controller, how="create")
            return True
        targets = self.resolve_targets(item, eff, slot_index)
        if targets is None:
            item["broken"] = True  # the chosen target is gone: CR 119.2 / 210.3 decide what follows
            return False
        done = False
        spell = item.get("kind") == "spell" or bool(item.get("ctx", {}).get("as_spell"))
        for t in targets:
            done |= self.apply_to(name, eff, t, amount, source, controller, spell)
        self.check_state()
        return done

    def apply_to(self, name: str, eff: dict[str, Any], t: int, amount: Any, source: int | None,
                 controller: int, spell: bool) -> bool:
        c = self.cards[t]
        kind = "spell" if spell else "ability"
        if name == "damage":
            return self.deal(t, amount(), source=source, kind=kind) > 0
        if name == "shot":
            if c.zone != "play" or not self.meditation(t, controller):  # a shot is an attack (CR 507.5)
                return False
            return self.deal(t, amount(), source=source, kind="shot") > 0
        if name == "heal":
            return self.heal(t, amount()) > 0
        if name == "destroy":
            return self.destroy(t, by=source, kind=kind, by_side=controller)  # CR 505.1.1: killed by it
        if name == "stun":
            if c.zone != "play":
                return False
            c.tapped = True
            c.stunned = True
            self.emit(E.Stunned(card=t))
            return True
        if name == "tap":
            was = c.tapped
            c.tapped = True
            self.emit(E.Tapped(t))
            return not was
        if name == "untap":
            was = c.tapped
            c.tapped = False
            self.emit(E.Untapped(card=t))
            return was
        if name == "prepare":
            # CR 7 Подготовить: open it and clear its once-per-turn markers.
            c.tapped = False
            c.used = {}
            self.emit(E.Prepared(card=t))
            return True
        if name == "poison":
            # CR 7 Отравление: the latest poison replaces the earlier one.
            if "poison" in self.protections(t):
                return False
            c.poison = amount()
            self.emit(E.Poisoned(card=t, amount=c.poison))
            return True
        if name == "add_poison":
            if c.poison <= 0:
                return False  # CR 7 Усилить отравление: only on poisoned cards
            c.poison += amount()
            self.emit(E.Poisoned(card=t, amount=c.poison))
            return True
        if name == "cleanse":
            was = c.poison or c.stunned
            c.poison = 0
            c.stunned = False
            self.emit(E.Cleansed(card=t))
            return bool(was)
        if name == "grant":
            entry = {"k": "kw", "kw": eff["keyword"], "until": eff.get("until", "turn"), "by": controller}
            if eff.get("value"):
                entry["value"] = eff["value"]
            if eff.get("from"):
                entry["from"] = eff["from"]
            c.effects = [e for e in c.effects if not (e["k"] == "kw" and e["kw"] == eff["keyword"]
                                                      and eff["keyword"] != "protection")]
            c.effects.append(self.lasting(entry, eff, source))
            self.emit(E.KeywordGranted(card=t, keyword=eff["keyword"]))
            return True
        if name == "strike":
            c.effects.append(self.lasting({"k": "strike", "amount": amount(), "until": eff.get("until", "turn"),
                                           "by": controller}, eff, source))
            self.emit(E.StrikeModified(card=t, amount=amount()))
            return True
        if name == "set_strike":
            # CR 104.3.1: «удар становится X» lays +/- strike effects worth the difference; later
            # modifiers still add to it.
            delta = eff["value"] - self.raw_strike(t)
            c.effects.append(self.lasting({"k": "strike", "amount": delta, "until": eff.get("until", "turn"),
                                           "by": controller}, eff, source))
            self.emit(E.StrikeModified(card=t, amount=delta, value=eff["value"]))
            return True
        if name == "lose_abilities":
            # CR 7 Теряет особенности: the printed text stops counting; gained effects stay.
            c.effects.append(self.lasting({"k": "silence", "until": eff.get("until", "turn"), "by": controller},
                                          eff, source))
            self.emit(E.Silenced(card=t))
            return True
        if name == "copy_abilities":
            # CR 111.5: the source takes on the target's printed abilities; where they name their own
            # card, they now name the copier (they run with it as their source).
            if source is None or not self.in_play(source) or t == source:
                return False
            self.cards[source].effects.append({"k": "copy", "card": c.card, "until": eff.get("until", "turn"),
                                               "by": controller})
            self._aura_cache = None
            self.emit(E.Copied(card=source, of=t))
            return True
        if name == "animate":
            if c.zone != "play" or self.card_type(t) != "support":
                return False
            # CR 108.2: it becomes a creature and gets a creature's base properties; when this ends it
            # is its printed support again (subtype and all).
            c.effects.append({"k": "animate", "strike": eff["strike"], "lives": eff["lives"],
                              "until": eff.get("until", "turn"), "by": controller})
            self._aura_cache = None
            self.emit(E.Animated(card=t, strike=eff["strike"], lives=eff["lives"]))
            return True
        if name == "change_element":
            c.effects.append({"k": "element", "mode": eff.get("mode", "become"), "element": eff["element"],
                              "until": eff.get("until", "turn"), "by": controller})
            self.emit(E.ElementChanged(card=t, mode=eff.get("mode", "become"), element=eff["element"]))
            return True
        if name == "lives":
            c.life_mod += amount()
            self.note_doom(t, source, kind, controller)
            self.emit(E.LivesModified(card=t, amount=amount()))
            return True
        if name == "set_lives":
            # CR 504.6: wounds become negative lives, then lives are set; this is not healing.
            c.life_mod -= c.wounds
            c.wounds = 0
            c.life_mod += eff["value"] - self.lives_left(t)
            self.note_doom(t, source, kind, controller)
            self.emit(E.LivesSet(card=t, value=eff["value"]))
            return True
        if name == "return_to_hand":
            if self.is_hero(t) or c.zone != "play":
                return False
            self.move(t, "hand")
            return True
        if name == "return_to_deck":
            if self.is_hero(t) or c.zone != "play":
                return False
            self.move(t, "deck")
            if self.cards[t].zone == "deck":
                self.shuffle(c.owner)  # CR 204.3
            return True
        if name == "resurrect":
            if c.zone != "grave":
                return False  # CR 514.1: only from the graveyard
            self.enter_play(t, controller, how="resurrect")
            return True
        if name == "resurrect_tapped":
            if c.zone != "grave":
                return False
            self.enter_play(t, controller, how="resurrect", tapped=True)  # CR 7 Инкарнация
            return True
        if name == "take_control":
            if c.zone != "play" or self.is_hero(t) or c.controller == controller:
                return False
            if self.kw(t, "steadfast"):
                return False  # CR 518.5.1: it cannot join another squad, so control stays where it is
            self.give_control(t, controller)
            if eff.get("until", "game") != "game":
                # CR 518.5: when this ends you lose control, and the opponent gets it back.
                c.effects.append({"k": "control", "until": eff["until"], "by": controller})
            return True
        if name == "fight":
            if source is None or not self.in_play(source) or not self.is_creature(source) or not self.is_creature(t):
                return False
            # CR 7 Сразиться: both fight as open creatures, nobody taps, no defender. It is an attack by a
            # strike on the chosen creature (CR 507.4), so its Медитация is paid first.
            if not self.meditation(t, controller) or not self.in_play(source) or not self.in_play(t):
                return False
            self.fight(source, t, retaliate=True)
            return True
        if name == "hide":
            if not self.is_creature(t) or c.zone != "play":
                return False
            c.hidden = True
            self.emit(E.Hidden(card=t))
            return True
        raise AssertionError(f"effect {name} has no executor")

    def lay_delayed(self, item: dict[str, Any], eff: dict[str, Any], slot_index: int) -> bool:
        """CR 520.1: a delayed effect waits on the card it is for until its moment comes; one naming no
        card and no target waits on the hero of the player controlling the ability."""
        controller = item["controller"]
        inner = {k: v for k, v in eff.items() if k not in ("delay", "then", "may")}
        x = item.get("x") or 0
        for key in ("amount", "count"):
            if inner.get(key) == "X":
                inner[key] = x  # X is what it was when the ability was declared (CR 105.1)
        if "target" in inner:
            bearers = self.resolve_targets(item, eff, slot_index)
            if bearers is None:
                item["broken"] = True
                return False
        else:
            bearers = [self.players[controller].hero]
        for b in bearers:
            self.cards[b].effects.append({"k": "delayed", "at": eff["delay"], "eff": inner, "by": controller,
                                          "src": item["source"], "as_spell": item.get("kind") == "spell",
                                          "turn": self.turn, "until": "game"})
            self.emit(E.DelayedEffect(card=b, source=item["source"], at=eff["delay"]))
        return bool(bearers)

    # ----------------------------------------------------------------- replacement effects (CR 516)
    def run_gain_prayers(self, item: dict[str, Any], n: int) -> bool | None:
        """Gain prayer tokens through the replacement effects that wait for it.

        CR 516.3: when one player can apply several, that player picks which goes first; CR 516.4.2:
        when both players can, the active player picks. CR 516.5: another may then apply to the
        result. CR 524.2: none applies twice to one gain — a cyclic chain stops before it repeats.
        Returns False when a replacement changed the gain (CR 119.4: «при этом» needs it unreplaced).
        """
        st = item.get("repl")
        if st is None:
            st = item["repl"] = {"player": item["controller"], "n": n, "done": []}
        choice = item.pop("choice", None)
        if choice is not None:
            self._replace_prayers(st, next(o for o in self._prayer_replacements(st) if o[0] == choice[0]))
        while True:
            options = self._prayer_replacements(st)
            if not options:
                break
            if len(options) == 1:
                self._replace_prayers(st, options[0])
                continue
            sides = {self.cards[src].controller for src, _, _ in options}
            chooser = sides.pop() if len(sides) == 1 else self.active
            self.pending = P.ChooseCards(player=chooser, options=sorted({o[0] for o in options}),
                                         min=1, max=1, why="replacement", source=item["source"])
            return None
        del item["repl"]
        self.players[st["player"]].prayers += st["n"]
        self.emit(E.PrayersChanged(player=st["player"], delta=st["n"]))
        return not st["done"]

    def _prayer_replacements(self, st: dict[str, Any]) -> list[tuple[int, str, dict[str, Any]]]:
        """(source, key, ability) of every replacement that may still apply to this gain."""
        hero = self.players[st["player"]].hero
        out = []
        for kind in ("more_prayers", "steal_prayers"):
            seen: dict[int, int] = {}
            for src, ab in self.aura_index.get(kind, ()):
                n = seen[src] = seen.get(src, -1) + 1
                key = f"{kind}:{src}.{n}"
                s = self.cards[src]
                if key in st["done"] or s.hidden or (s.effects and self.silenced(src)):
                    continue
                if self.matches(ab["affects"], hero, src, s.controller):
                    out.append((src, key, ab))
        return out

    def _replace_prayers(self, st: dict[str, Any], option: tuple[int, str, dict[str, Any]]) -> None:
        src, key, ab = option
        st["done"].append(key)
        if ab["aura"] == "more_prayers":
            st["n"] += ab["amount"]
        else:
            st["player"] = self.cards[src].controller  # «вместо этого их получаете вы»
        self.emit(E.PrayersReplaced(source=src, player=st["player"], amount=st["n"]))

    # ----------------------------------------------------------------- choices made while resolving
    def run_discard(self, item: dict[str, Any], eff: dict[str, Any], count: int,
                    slot_index: int) -> bool | None:
        """CR 7 Сбросьте карту: each named player picks from their own hand; all if fewer (CR 519.4)."""
        if "whom" not in item:
            whom = self.players_of(eff.get("player", "you"), item["controller"])
            if "target" in eff:
                whom = [self.cards[t].controller for t in self.resolve_targets(item, eff, slot_index) or []]
            item["whom"] = whom
            item["discarded"] = False
        choice = item.pop("choice", None)
        if choice is not None:
            p = item["whom"].pop(0)
            for cid in choice:
                self.move(cid, "grave")
            self.emit(E.Discarded(player=p, cards=list(choice)))
            item["discarded"] = item["discarded"] or bool(choice)
        while item["whom"]:
            p = item["whom"][0]
            need = min(count, len(self.players[p].hand))
            if need:
                self.pending = P.ChooseCards(player=p, options=list(self.players[p].hand), min=need, max=need,
                                             why="discard", source=item["source"])
                return None
            item["whom"].pop(0)
        done = item.pop("discarded")
        del item["whom"]
        return done

    def run_choice_effect(self, item: dict[str, Any], eff: dict[str, Any], amount: Any) -> bool | None:
        """Effects whose choice is made while resolving: search, summon, discard, Авангард."""
        name = eff["effect"]
        controller = item["controller"]
        chooser = controller
        if name == "vanguard_play":
            limit = eff["limit"]
            options = [cid for cid in self.players[controller].hand
                       if self.is_creature(cid) and self.cdef(cid).cost <= limit]
            lo, hi = 0, 1
        else:
            flt = eff.get("filter") or {}
            options = [cid for cid in self.players[controller].deck
                       if self.passes_filter(flt, cid, None) and (name != "summon" or self.cdef(cid).type == "creature")]
            lo, hi = 0, min(eff.get("count", 1), len(options))
        choice = item.pop("choice", None)
        if choice is None:
            if hi == 0:
                if name in ("search", "summon"):
                    self.shuffle(controller)  # the deck was looked through (CR 204.3)
                return False
            self.pending = P.ChooseCards(player=chooser, options=options, min=lo, max=hi, why=name,
                                         source=item["source"])
            return None
        if name == "vanguard_play":
            if not choice:
                return False
            cid = choice[0]
            self.emit(E.Played(card=cid, player=controller, free=True))
            self.enter_play(cid, controller, how="play")
            # Авангард: the creature gains Рывок and returns to hand at end of turn; this card taps.
            self.cards[cid].effects.append({"k": "kw", "kw": "haste", "until": "turn", "by": controller})
            self.cards[cid].return_eot = True
            src = item["source"]
            if src is not None and self.in_play(src):
                self.cards[src].tapped = True
            return True
        for cid in choice:
            if name == "search":
                self.move(cid, "hand")
                self.emit(E.CardShown(card=cid, player=controller))
            else:
                self.enter_play(cid, controller, how="summon")
        self.shuffle(controller)  # CR 204.3, 7 Поиск
        return bool(choice)
