"""Resolving the Queue (CR 118, 119, 401.3, 502, 516, 518-520): each effect is carried out by its registered
class in :mod:`engine.heroes.abilities`; here are the Queue's own steps and the machinery some effects share
(delayed effects, replacement of prayer gains, choices made while resolving)."""

from __future__ import annotations

from typing import Any

from engine.core.compiled import mypyc_attr
from engine.heroes import events as E
from engine.heroes import pending as P
from engine.heroes.abilities import EFFECT_CODE
from engine.heroes.chains import slots
from engine.heroes.queue import QueueItem
from engine.heroes.triggers import Triggers


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant of the game may subclass it
class Effects(Triggers):
    """Resolving the head of the Queue and carrying out each of its effects."""

    def _resolve_head(self) -> None:
        """Resolve the first ability of the Queue, first in first out (CR 401.3)."""
        item = self.queue[0]
        effects = item.effects
        skip = item.skip
        while item.step < len(effects):
            step = item.step
            eff = effects[step]
            if (eff.get("then") and item.last_ok is False) or step in skip:
                # CR 119.4: «при этом» needs the previous part done; CR 119.5: an optional part with
                # nothing to target is passed over.
                item.step += 1
                item.last_ok = False
                continue
            slot_index = len(slots(effects[:step], skip))
            if eff.get("may") and item.asked != step:
                # CR 119.5: «можете X» — the controller may pass X over and go on with the rest.
                choice, item.choice = item.choice, None
                gone = "choose" in (eff.get("target") or {}) and self.resolve_targets(item, eff, slot_index) is None
                if choice is None and not gone:
                    src = item.source
                    assert src is not None  # «можете» is printed on a card: its items name it
                    self.pending = P.ChooseCards(player=item.controller, options=[src], min=0, max=1, why="may",
                                                 source=src)
                    return
                if gone or not choice:
                    self.emit(E.Skipped(source=item.source, step=step))
                    item.step += 1
                    item.last_ok = False
                    continue
                item.asked = step
            res = self.run_effect(item, eff, slot_index)
            if res is None:
                return  # waiting for a choice
            item.last_ok = bool(res)
            item.step += 1
            if self._outcome:
                return
            broken, item.broken = item.broken, False
            if broken and item.kind != "spell":
                # CR 119.2: a part whose target is gone stops the rest of a complex ability; a spell's
                # abilities are separate, so the next one still goes (CR 210.3).
                self.emit(E.Interrupted(source=item.source))
                break
        item.broken = False
        self.queue.pop(0)
        self.emit(E.Resolved(item.source, item.kind))

    def run_effect(self, item: QueueItem, eff: dict[str, Any], slot_index: int) -> bool | None:
        """Carry out one effect through its registered class (engine/heroes/abilities). True: done; False:
        nothing happened; None: waiting for a choice."""
        if eff.get("delay"):
            return self.lay_delayed(item, eff, slot_index)
        return EFFECT_CODE[eff["effect"]].run(self, item, eff, slot_index)

    def lay_delayed(self, item: QueueItem, eff: dict[str, Any], slot_index: int) -> bool:
        """CR 520.1: a delayed effect waits on the card it is for until its moment comes; one naming no
        card and no target waits on the hero of the player controlling the ability."""
        controller = item.controller
        inner = {k: v for k, v in eff.items() if k not in ("delay", "then", "may")}
        x = item.x or 0
        for key in ("amount", "count"):
            if inner.get(key) == "X":
                inner[key] = x  # X is what it was when the ability was declared (CR 105.1)
        if "target" in inner:
            bearers = self.resolve_targets(item, eff, slot_index)
            if bearers is None:
                item.broken = True
                return False
        else:
            bearers = [self.players[controller].hero]
        for b in bearers:
            self.cards[b].effects.append({"k": "delayed", "at": eff["delay"], "eff": inner, "by": controller,
                                          "src": item.source, "as_spell": item.kind == "spell",
                                          "turn": self.turn, "until": "game"})
            self.emit(E.DelayedEffect(card=b, source=item.source, at=eff["delay"]))
        return bool(bearers)

    # ----------------------------------------------------------------- replacement effects (CR 516)
    def run_gain_prayers(self, item: QueueItem, n: int) -> bool | None:
        """Gain prayer tokens through the replacement effects that wait for it.

        CR 516.3: when one player can apply several, that player picks which goes first; CR 516.4.2:
        when both players can, the active player picks. CR 516.5: another may then apply to the
        result. CR 524.2: none applies twice to one gain — a cyclic chain stops before it repeats.
        Returns False when a replacement changed the gain (CR 119.4: «при этом» needs it unreplaced).
        """
        st = item.repl
        if st is None:
            st = item.repl = {"player": item.controller, "n": n, "done": []}
        choice, item.choice = item.choice, None
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
                                         min=1, max=1, why="replacement", source=item.source)
            return None
        item.repl = None
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
    def run_discard(self, item: QueueItem, eff: dict[str, Any], count: int,
                    slot_index: int) -> bool | None:
        """CR 7 Сбросьте карту: each named player picks from their own hand; all if fewer (CR 519.4)."""
        whom = item.whom
        if whom is None:
            whom = self.players_of(eff.get("player", "you"), item.controller)
            if "target" in eff:
                whom = [self.cards[t].controller for t in self.resolve_targets(item, eff, slot_index) or []]
            item.whom = whom
            item.discarded = False
        choice, item.choice = item.choice, None
        if choice is not None:
            p = whom.pop(0)
            for cid in choice:
                self.move(cid, "grave")
            self.emit(E.Discarded(player=p, cards=list(choice)))
            item.discarded = item.discarded or bool(choice)
        while whom:
            p = whom[0]
            need = min(count, len(self.players[p].hand))
            if need:
                self.pending = P.ChooseCards(player=p, options=list(self.players[p].hand), min=need, max=need,
                                             why="discard", source=item.source)
                return None
            whom.pop(0)
        done = bool(item.discarded)
        item.whom = item.discarded = None
        return done

    def run_choice_effect(self, item: QueueItem, eff: dict[str, Any]) -> bool | None:
        """Effects whose choice is made while resolving: search, summon, discard, Авангард."""
        name = eff["effect"]
        controller = item.controller
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
        choice, item.choice = item.choice, None
        if choice is None:
            if hi == 0:
                if name in ("search", "summon"):
                    self.shuffle(controller)  # the deck was looked through (CR 204.3)
                return False
            self.pending = P.ChooseCards(player=chooser, options=options, min=lo, max=hi, why=name,
                                         source=item.source)
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
            src = item.source
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
