"""Who may attack, defend or be targeted, and what an ability's targets are now (CR 118, 119, 507-509).

Read only, like :mod:`queries` below it.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from engine.core.compiled import mypyc_attr
from engine.heroes.abilities import HAVING
from engine.heroes.carddef import KIND_TYPES as _KIND_TYPES
from engine.heroes.carddef import Slot
from engine.heroes.chains import slots
from engine.heroes.queries import Queries
from engine.heroes.queue import QueueItem

_ATTACK_CHANGE, _ATTACK_TAKEN, _ATTACK_FIXED = HAVING["attack_change"], HAVING["attack_taken"], HAVING["attack_fixed"]
_NO_DEFENDERS, _NO_WEAKNESS = HAVING["no_defenders"], HAVING["no_weakness"]
# attack_strike()'s keywords: those of the attacker and those of the target
_BY_ATTACKER = frozenset(k.name for k in (*_ATTACK_CHANGE, *_ATTACK_FIXED))
_BY_TARGET = frozenset(k.name for k in _ATTACK_TAKEN)


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant of the game may subclass it
class Targets(Queries):
    """Read-only questions about attacks and targets."""

    # candidates() while legal actions are listed (nothing changes meanwhile); None otherwise.
    _targets_memo: dict[Any, Any] | None

    # ----------------------------------------------------------------- attacks
    def aimed(self, attacker: int, target: int) -> tuple[int, int]:
        """An attack's strike on ``target`` and how much of it the target's keywords took off (CR 7 –X от атаки):
        what the blow deals, and what the table says softened it."""
        value = self.attack_strike(attacker, target)
        return value, self.attack_strike(attacker, target, False) - value

    def attack_strike(self, attacker: int, target: int, taken: bool = True) -> int:
        """Strike value of an attack on a target (CR 508.4.1): what the keywords of the attacker (Гнев…) and
        of the target (–X от атаки…; left out when not ``taken``) add, unless one of the attacker's fixes it
        (Сведение удара)."""
        value = self.strike(attacker)
        cards = self.cards
        a, t = cards[attacker], cards[target]
        if not (a.effects or a.attached or a.hidden or t.effects or t.attached or t.hidden) \
                and _BY_ATTACKER.isdisjoint(a.d.keyword_map) and _BY_TARGET.isdisjoint(t.d.keyword_map) \
                and not self._granting():
            return max(0, value)  # two plain cards with none of these keywords printed, and no aura gives any
        kw = self.kw
        for k in _ATTACK_CHANGE:
            entry = kw(attacker, k.name)
            if entry:
                value += k.attack_change(self, attacker, target, entry)
        for k in _ATTACK_TAKEN if taken else ():
            entry = kw(target, k.name)
            if entry:
                value += k.attack_taken(self, target, attacker, entry)
        for k in _ATTACK_FIXED:
            entry = kw(attacker, k.name)
            if entry:
                fixed = k.attack_fixed(self, attacker, target, entry)
                if fixed is not None:
                    value = fixed  # CR 521.1, 508.4.2: «сведение к X» comes after adding and subtracting
        return max(0, value)  # CR 512.1

    def can_act(self, cid: int) -> bool:
        """Open, not hidden, and free of first-turn weakness unless it has Рывок (CR 107.5, 506.1)."""
        c = self.cards[cid]
        if c.tapped or c.hidden or c.zone != "play":
            return False
        if c.arrived == self.turn and self.is_creature(cid) and not self.has_any(cid, _NO_WEAKNESS):
            return False
        return True

    def can_attack(self, cid: int) -> bool:
        """An open creature of the active player, free to act, that has not attacked this turn (CR 107.2)."""
        c = self.cards[cid]
        if c.tapped or c.hidden or c.zone != "play" or c.controller != self.active or c.used.get("attack", 0) >= 1:
            return False
        if c.effects:
            if not self.animated(cid) and c.d.type != "creature":
                return False
        elif c.d.type != "creature":
            return False
        # CR 107.5: first-turn weakness, unless it has Рывок.
        return c.arrived != self.turn or self.has_any(cid, _NO_WEAKNESS)

    def attack_targets(self, attacker: int) -> list[int]:
        """Enemy characters that can be attacked: no hidden ones (CR 507.1, 7 Скрытое существо)."""
        enemy = self.players[1 - self.cards[attacker].controller]
        out = [enemy.hero]
        out.extend(cid for cid in enemy.play if self.is_creature(cid) and not self.cards[cid].hidden)
        return out

    def defenders_for(self, attacker: int, target: int) -> list[int]:
        """Open creatures of the defending side that may step in (CR 509)."""
        if self.has_any(attacker, _NO_DEFENDERS):
            return []  # CR 509.2: no defender against a directed strike
        side = self.players[self.cards[target].controller]
        return [cid for cid in side.play if cid != target and self.is_creature(cid)
                and not self.cards[cid].tapped and not self.cards[cid].hidden
                and self.cards[cid].used.get("defend", 0) < 1]

    # ----------------------------------------------------------------- targets
    def candidates(self, spec: dict[str, Any], source: int | None, controller: int,
                   spell: bool) -> list[int]:
        """Legal targets for one slot (CR 502.9, 514.1, 515.2, 7 Скрытое существо)."""
        out = []
        if spec.get("zone") == "grave":
            side = spec.get("side", "own")
            owners = [controller] if side in ("own", "any") else []
            if side in ("enemy", "any"):
                owners.append(1 - controller)
            for o in owners:
                for cid in self.players[o].grave:
                    if self.matches(spec, cid, source, controller):
                        out.append(cid)
            return out
        sel = "sel" in spec
        kind = spec.get("choose") or spec.get("all")
        side = spec.get("side", "any")
        flt = spec.get("filter")
        memo = self._targets_memo
        if memo is not None:
            # Listing legal actions asks the same questions for several cards and abilities, and nothing
            # changes meanwhile. The source matters only through a filter («other») or a spell's
            # protection check; the object kept in the memo keeps its id from being reused.
            if sel:
                key: tuple[Any, ...] = ("sel", id(spec), source, controller, spell)
                held: Any = spec
            else:
                key = (kind, side, id(flt) if flt else None, source if flt or spell else None, controller, spell)
                held = flt
            known = memo.get(key)
            if known is not None and known[0] is held:
                return known[1]
            memo[key] = (held, out)  # filled below
        cards = self.cards
        players = self.players
        granting = spell and self._granting()
        # Every card in play once: both heroes and everything in both squads, supports included (CR 502).
        # A squad's cards are its player's (check_caches asserts it), so a side is read from its squad alone.
        if sel or (side != "own" and side != "enemy"):
            in_play: tuple[int, ...] = (players[0].hero, *players[0].play, players[1].hero, *players[1].play)
        else:
            squad = players[controller if side == "own" else 1 - controller]
            in_play = (squad.hero, *squad.play)
        types = None if sel else _KIND_TYPES.get(kind or "")
        for cid in in_play:
            c = cards[cid]
            if c.hidden:
                continue
            if sel:
                if not self.matches(spec, cid, source, controller):
                    continue
            else:
                # matches() inlined for a card in play (the hot loop of listing targets).
                if types is not None and (self.card_type(cid) if c.effects else c.d.type) not in types:
                    continue
                if flt and not self.passes_filter(flt, cid, source):
                    continue
            if spell:
                # protections(), for a plain card (no effects, modules or hiding, no aura giving keywords)
                # just its printed ones
                if c.effects or c.attached or granting:
                    shielded = "spells" in self.protections(cid)
                else:
                    shielded = c.d.spell_shield
                if shielded and "protection" not in self.ignores(source):
                    continue  # CR 515.2: the spell's controller cannot choose it
            out.append(cid)
        return out

    def slot_candidates(self, slot: Slot, source: int | None, controller: int, spell: bool) -> list[int]:
        """candidates() of a compiled slot: a plain one (cards in play by type and side) without reading its spec."""
        if not slot.plain:
            return self.candidates(slot.spec, source, controller, spell)
        memo = self._targets_memo
        if memo is not None:
            key = (slot, controller, spell)  # the source matters only through a filter or a spell's protection
            known = memo.get(key)
            if known is not None:
                return known
        cards = self.cards
        players = self.players
        side = slot.side
        if side == "own" or side == "enemy":
            squad = players[controller if side == "own" else 1 - controller]
            in_play: tuple[int, ...] = (squad.hero, *squad.play)
        else:
            in_play = (players[0].hero, *players[0].play, players[1].hero, *players[1].play)
        types = slot.types
        granting = spell and self._granting()
        out = []
        for cid in in_play:
            c = cards[cid]
            if c.hidden:
                continue
            if types is not None and (self.card_type(cid) if c.effects else c.d.type) not in types:
                continue
            if spell:
                # as in candidates(): a plain card's printed protection, else protections()
                shielded = "spells" in self.protections(cid) if c.effects or c.attached or granting \
                    else c.d.spell_shield
                if shielded and "protection" not in self.ignores(source):
                    continue  # CR 515.2: the spell's controller cannot choose it
            out.append(cid)
        if memo is not None:
            memo[key] = out
        return out

    def supports_in_play(self) -> list[int]:
        return [cid for p in self.players for cid in p.play if self.card_type(cid) == "support"]

    def empty_optional(self, effects: Any, source: int | None, controller: int,
                       spell: bool) -> list[int]:
        """CR 119.5: optional parts («можете …») with nothing to target are skipped, not a bar to declaring."""
        return [i for i, e in enumerate(effects) if e.get("may") and isinstance(e.get("target"), dict)
                and "choose" in e["target"] and not self.candidates(e["target"], source, controller, spell)]

    def target_options(self, effects: Any, source: int | None, controller: int,
                       spell: bool, limit: int = 400) -> list[tuple[int, ...]]:
        """Every legal tuple of targets; empty list when some slot has none (CR 502.9)."""
        skip = self.empty_optional(effects, source, controller, spell) if any(e.get("may") for e in effects) else ()
        lists = [self.candidates(s, source, controller, spell) for s in slots(effects, skip)]
        if any(not lst for lst in lists):
            return []
        out = []
        for combo in product(*lists):
            out.append(tuple(combo))
            if len(out) >= limit:
                break
        return out

    def targets_legal(self, effects: Any, targets: tuple[int, ...], source: int | None,
                      controller: int, spell: bool) -> bool:
        sl = slots(effects, self.empty_optional(effects, source, controller, spell))
        if len(sl) != len(targets):
            return False
        return all(t in self.cards and t in self.candidates(s, source, controller, spell)
                   for s, t in zip(sl, targets, strict=True))

    def _ability_targets(self, effects: Any, source: int | None, p: int, spell: bool) -> list[tuple[int, ...]]:
        if not slots(effects):
            return [()]
        return self.target_options(effects, source, p, spell)

    def resolve_targets(self, item: QueueItem, eff: dict[str, Any],
                        slot_index: int) -> list[int] | None:
        """Cards an effect applies to now; None when a chosen target became illegal."""
        spec = eff.get("target")
        if spec is None:
            return []
        source = item.source
        controller = item.controller
        if "sel" in spec:
            sel = spec["sel"]
            if sel == "self":
                return [source] if source is not None else []
            if sel == "your_hero":
                return [self.players[controller].hero]
            if sel == "enemy_hero":
                return [self.players[1 - controller].hero]
            if sel == "each_hero":
                return [self.players[0].hero, self.players[1].hero]
            if sel in ("struck", "killer"):
                # «атакованный» (the struck card) / «убийца» (what killed the source, CR 505.1.1)
                t = item.ctx.get(sel)
                return [t] if t is not None else []
        if "choose" in spec:
            t = item.targets[slot_index]
            c = self.cards[t]
            if spec.get("zone") == "grave":
                return [t] if c.zone == "grave" else None
            if c.zone != "play" or c.hidden:
                return None
            return [t]
        # Mass ability: every fitting card now, hidden ones untouched (CR 502.6, 7 Скрытое существо).
        pool = self.characters_in_play()  # heroes and the whole squads: supports too, each card once
        return [cid for cid in pool if not self.cards[cid].hidden and self.matches(spec, cid, source, controller)]

    def players_of(self, who: str, controller: int) -> list[int]:
        if who == "you":
            return [controller]
        if who == "opponent":
            return [1 - controller]
        return [1 - self.active, self.active] if self.active == controller else [controller, 1 - controller]

    def condition_holds(self, entry: dict[str, Any]) -> bool:
        src = self.cards[entry["src"]]
        if entry["while"] == "source_untapped":
            return src.zone == "play" and not src.tapped
        return src.zone == "play"  # source_in_play
