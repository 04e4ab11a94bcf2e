"""Card properties, zone changes, wounds and combat of «Берсерк. Герои» (CR parts 1, 2 and 5)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.heroes.carddef import CardDef
from engine.heroes.registry import MECHANISM
from engine.heroes.state import CardState

if TYPE_CHECKING:
    from engine.heroes.game import HeroesGame

NO_DEATH_ZONES = ("hand", "deck", "supply")
_OUTSIDE = frozenset(("deck", "hand", "grave", "supply"))  # zones whose cards no aura index looks at


class Mechanics:
    """Mixin of HeroesGame: everything that reads or changes cards, without the decision flow."""

    # ----------------------------------------------------------------- properties
    def cdef(self: HeroesGame, cid: int) -> CardDef:
        return self.pool.cards[self.cards[cid].card]

    def parts(self: HeroesGame, cid: int) -> tuple[CardDef, ...]:
        """The card and every module attached under it (CR 7 Присоединить)."""
        c = self.cards[cid]
        d = self.pool.cards[c.card]
        if not c.attached:
            return d.solo
        return (d, *(self.pool.cards[self.cards[a].card] for a in c.attached))

    def silenced(self: HeroesGame, cid: int) -> bool:
        for e in self.cards[cid].effects:
            if e["k"] == "silence":
                return True
        return False

    def ability_parts(self: HeroesGame, cid: int) -> tuple[CardDef, ...]:
        """Parts whose printed abilities count: none once it has lost its abilities (CR 7 Теряет особенности),
        then any card whose abilities it copies (CR 111.5)."""
        c = self.cards[cid]
        if c.effects:
            if self.silenced(cid):
                return ()
            return self.aura_parts(cid)
        return self.parts(cid)

    def aura_parts(self: HeroesGame, cid: int) -> tuple[CardDef, ...]:
        """The card, its modules, and the cards whose abilities it copies (CR 111.5). A copy's «this
        card» is the copier: its abilities run with the copier as their source."""
        c = self.cards[cid]
        for e in c.effects:
            if e["k"] == "copy":
                copies = [self.pool.cards[e["card"]] for e in c.effects if e["k"] == "copy"]
                return (*self.parts(cid), *copies)
        return self.parts(cid)

    def is_creature(self: HeroesGame, cid: int) -> bool:
        c = self.cards[cid]
        if c.effects and self.animated(cid):
            return True
        return self.pool.cards[c.card].type == "creature"

    def animated(self: HeroesGame, cid: int) -> dict[str, Any] | None:
        """The latest effect that made this card a creature (CR 108.2), if any."""
        for eff in reversed(self.cards[cid].effects):
            if eff["k"] == "animate":
                return eff
        return None

    def card_type(self: HeroesGame, cid: int) -> str:
        """The type now: printed, unless an effect made it a creature (CR 108.2)."""
        c = self.cards[cid]
        if c.effects and self.animated(cid):
            return "creature"
        return self.pool.cards[c.card].type

    def is_hero(self: HeroesGame, cid: int) -> bool:
        return self.pool.cards[self.cards[cid].card].type == "hero"

    def in_play(self: HeroesGame, cid: int) -> bool:
        return self.cards[cid].zone == "play"

    def keywords(self: HeroesGame, cid: int) -> dict[str, dict[str, Any]]:
        """Keyword name -> its entry, printed and gained; a later «Броня Y» replaces «Броня X» (CR 7)."""
        c = self.cards[cid]
        if not (c.effects or c.attached or c.hidden) and (c.zone != "play" or not self._granting()):
            return self.pool.cards[c.card].keyword_map  # a plain card: its printed keywords (shared, read-only)
        if c.hidden:
            # CR 7 Скрытое существо: its abilities do not work, except Uniqueness.
            return {"unique": {}} if self.cdef(cid).keyword("unique") else {}
        parts = self.ability_parts(cid)
        granted = c.zone == "play" and "grant" in self.aura_index
        if len(parts) == 1 and not c.effects and not granted:
            return parts[0].keyword_map  # shared, read-only
        out: dict[str, dict[str, Any]] = {}
        for part in parts:
            out.update(part.keyword_map)
        for eff in c.effects:
            if eff["k"] == "kw":
                out[eff["kw"]] = eff
        if c.zone == "play":
            # CR 115.4: auras apply in order of appearance, so of two giving the same keyword the later wins.
            given = {aura["keyword"]: aura for aura in self.auras_on(cid, "grant")}
            for name, aura in given.items():
                out.setdefault(name, aura)
        return out

    def kw(self: HeroesGame, cid: int, name: str) -> dict[str, Any] | None:
        """keywords(cid).get(name), without building the whole map for a card with no modules or effects."""
        c = self.cards[cid]
        if not (c.effects or c.attached or c.hidden):
            printed = self.pool.cards[c.card].keyword_map.get(name)
            if printed is not None or c.zone != "play":
                return printed  # an aura's keyword never replaces a printed one (setdefault in keywords())
            # The aura keywords() would keep: of those giving this keyword, the last that applies (CR 115.4).
            grants = self._grants(cid, name)
            return grants[-1] if grants else None
        return self.keywords(cid).get(name)

    def kw_value(self: HeroesGame, cid: int, name: str) -> int:
        entry = self.kw(cid, name)
        return int(entry.get("value", 0)) if entry else 0

    def has_own_keyword(self: HeroesGame, cid: int, name: str) -> bool:
        """Printed or gained by an effect, not from auras: what an aura's own filter may look at
        (reading auras there would make auras depend on themselves)."""
        c = self.cards[cid]
        if c.hidden:
            return name == "unique" and self.cdef(cid).keyword("unique") is not None
        return (any(name in part.keyword_map for part in self.ability_parts(cid))
                or any(e["k"] == "kw" and e["kw"] == name for e in c.effects))

    def _keyword_values(self: HeroesGame, cid: int, name: str, field: str) -> set[str]:
        """All values of a keyword that may appear several times (Защита от…, Игнорирует…)."""
        c = self.cards[cid]
        if not (c.effects or c.attached or c.hidden) and (c.zone != "play" or not self._granting()):
            return set(self.pool.cards[c.card].keyword_values(name, field))  # a plain card: the printed ones
        out: set[str] = set()
        if not c.hidden:
            for part in self.ability_parts(cid):
                out.update(part.keyword_values(name, field))
        for eff in c.effects:
            if eff["k"] == "kw" and eff["kw"] == name and eff.get("from"):
                out.add(eff["from"])  # an effect-granted Защита от / Игнорирует keeps its value under "from"
        if c.zone == "play":
            out.update(a[field] for a in self._grants(cid, name) if a.get(field))
        return out

    def _grants(self: HeroesGame, cid: int, name: str) -> list[dict[str, Any]]:
        """The grant auras giving keyword ``name`` that apply to this card now, in order (auras_on(cid,
        "grant") narrowed to one keyword before matching rather than after)."""
        auras = self._aura_cache
        entries = (self.aura_index if auras is None else auras).get("grant")
        if not entries:
            return []
        cards = self.cards
        out = []
        for src, ab in entries:
            if ab["keyword"] != name:
                continue
            s = cards[src]
            if not s.hidden and not (s.effects and self.silenced(src)) \
                    and self.matches(ab["affects"], cid, src, s.controller):
                out.append(ab)
        return out

    def protections(self: HeroesGame, cid: int) -> set[str]:
        return self._keyword_values(cid, "protection", "from")

    def ignores(self: HeroesGame, cid: int | None) -> set[str]:
        if cid is None:
            return set()
        return self._keyword_values(cid, "ignore", "what")

    def auras_on(self: HeroesGame, cid: int, kind: str) -> list[dict[str, Any]]:
        """Constant abilities of cards in play that apply to this card now (CR 115)."""
        auras = self._aura_cache
        entries = (self.aura_index if auras is None else auras).get(kind)
        if not entries:
            return []
        cards = self.cards
        c = cards[cid]
        typ = whose = None
        out = []
        for src, ab in entries:
            s = cards[src]
            if s.hidden or (s.effects and self.silenced(src)):
                continue
            spec = ab["affects"]
            if "sel" in spec:
                if self.matches(spec, cid, src, s.controller):
                    out.append(ab)
                continue
            # matches(), written out, with what it asks of this card looked up once.
            if typ is None:
                typ = self.card_type(cid) if c.effects else self.pool.cards[c.card].type
                whose = c.controller if c.zone == "play" else c.owner
            kind = spec.get("choose") or spec.get("all")
            if (kind == "creature" and typ != "creature") or (kind == "character" and typ not in ("creature", "hero")) \
                    or (kind == "hero" and typ != "hero") or (kind == "support" and typ != "support"):
                continue
            side = spec.get("side", "any")
            if (side == "enemy" and whose == s.controller) or (side == "own" and whose != s.controller):
                continue
            flt = spec.get("filter")
            if flt and not self.passes_filter(flt, cid, src):
                continue
            out.append(ab)
        return out

    def _granting(self: HeroesGame) -> bool:
        """Is any aura granting keywords in play (else a plain card has just its printed ones)?"""
        auras = self._aura_cache
        return "grant" in (self.aura_index if auras is None else auras)

    @property
    def aura_sources(self: HeroesGame) -> list[int]:
        return sorted({src for entries in self.aura_index.values() for src, _ in entries})

    @property
    def aura_index(self: HeroesGame) -> dict[str, list[tuple[int, dict[str, Any]]]]:
        """Aura kind -> (source, ability) for cards in play; cached until a card changes zone or side."""
        if self._aura_cache is not None:
            return self._aura_cache
        cards = self.cards
        defs = self.pool.cards
        out: dict[str, list[tuple[int, dict[str, Any]]]] = {}
        for p in self.players:
            for cid in (p.hero, *p.play):
                c = cards[cid]
                if defs[c.card].auras or c.attached or c.effects:
                    for part in self.aura_parts(cid):
                        for ab in part.auras:
                            out.setdefault(ab["aura"], []).append((cid, ab))
        for entries in out.values():
            if len(entries) > 1:
                entries.sort(key=lambda e: cards[e[0]].entered)  # CR 115.4: in order of appearance
        # Built with the index (and so as fresh): does some life aura take lives away (check_state)?
        self._lives_lowered = any(ab["amount"] < 0 for _, ab in out.get("lives", ()))
        self._aura_cache = out
        return out

    def has_auras(self: HeroesGame, cid: int) -> bool:
        return any(part.auras for part in self.aura_parts(cid))

    def strike(self: HeroesGame, cid: int) -> int:
        """Current strike: printed + modules + effects + auras, never below 0 (CR 104.3.1, 522)."""
        return max(0, self.raw_strike(cid))

    def raw_strike(self: HeroesGame, cid: int) -> int:
        """The strike before the floor at 0: «удар становится X» adds the difference to it (CR 104.3.1)."""
        c = self.cards[cid]
        base = sum(p.strike for p in self.parts(cid)) if c.attached else self.pool.cards[c.card].strike
        if c.effects and (made := self.animated(cid)):
            base = made["strike"]  # CR 108.2: a card made a creature has the strike the effect gives
        plus = minus = 0
        fixed = None
        for eff in c.effects:
            if eff["k"] == "strike":
                if eff["amount"] >= 0:
                    plus += eff["amount"]
                else:
                    minus -= eff["amount"]
            elif eff["k"] == "set_strike":
                fixed = eff["value"]
        if c.zone == "play" and "strike" in (self.aura_index if self._aura_cache is None else self._aura_cache):
            for aura in self.auras_on(cid, "strike"):
                if aura["amount"] >= 0:
                    plus += aura["amount"]
                else:
                    minus -= aura["amount"]
        value = base + plus - minus
        if fixed is not None:
            value = fixed  # CR 522.1: "set to" modifiers come last
        return value

    def max_lives(self: HeroesGame, cid: int) -> int:
        """Printed lives + modules + extra/negative lives + auras (CR 7 Максимальные жизни)."""
        c = self.cards[cid]
        value = (sum(p.lives for p in self.parts(cid)) if c.attached else self.pool.cards[c.card].lives) + c.life_mod
        if c.effects and (made := self.animated(cid)):
            value += made["lives"]  # CR 108.2: and the lives (a support has none printed)
        if c.zone == "play" and "lives" in (self.aura_index if self._aura_cache is None else self._aura_cache):
            value += sum(a["amount"] for a in self.auras_on(cid, "lives"))
        return value

    def lives_left(self: HeroesGame, cid: int) -> int:
        c = self.cards[cid]
        if not (c.effects or c.attached):
            auras = self._aura_cache
            if c.zone != "play" or "lives" not in (self.aura_index if auras is None else auras):
                return self.pool.cards[c.card].lives + c.life_mod - c.wounds  # max_lives() of a plain card
        return self.max_lives(cid) - c.wounds

    def cost(self: HeroesGame, cid: int, x: int = 0) -> int:
        """Cost to play from hand: printed + X, lowered by auras, never below 0 (CR 104.3.3, 105.1)."""
        c = self.cards[cid]
        d = self.pool.cards[c.card]
        value = d.cost + (x if d.x_cost else 0)
        zone = c.zone
        if zone == "hand" and "cost" in (self.aura_index if self._aura_cache is None else self._aura_cache):
            value += sum(a["amount"] for a in self.auras_on(cid, "cost"))
        if zone in ("hand", "play") and d.auras:
            # CR 203.2: a card's cost ability about itself works in hand and in play (not others', CR 203.3).
            value += d.self_cost
        return max(0, value)

    def elements(self: HeroesGame, cid: int) -> set[str]:
        """Printed elements, then element effects in the order laid (CR 106.3, 108.1, 111.3)."""
        out = {e for part in self.parts(cid) for e in part.elements}
        for eff in self.cards[cid].effects:
            if eff["k"] == "element":
                if eff["mode"] == "become":
                    out = {eff["element"]}  # CR 108.1: the new element replaces the old ones
                elif eff["mode"] == "gain":
                    out.add(eff["element"])  # CR 106.3.2: gaining one it has changes nothing
                else:
                    out.discard(eff["element"])  # CR 106.3.1: without elements it is neutral
        return out

    def names(self: HeroesGame, cid: int) -> set[str]:
        return {part.id for part in self.parts(cid)}

    def is_mechanism(self: HeroesGame, cid: int) -> bool:
        return any(p.subtype == MECHANISM for p in self.parts(cid))

    # ----------------------------------------------------------------- matching
    def matches(self: HeroesGame, spec: dict[str, Any], cid: int, source: int | None, controller: int) -> bool:
        """Does card ``cid`` fit a target/affects spec seen from ``controller``?"""
        sel = spec.get("sel")
        if sel is not None:
            # A constant ability about one card («affects = self») touches only that card.
            if sel == "self":
                return cid == source
            if sel in ("your_hero", "enemy_hero"):
                return cid == self.players[controller if sel == "your_hero" else 1 - controller].hero
            return sel == "each_hero" and self.is_hero(cid)
        kind = spec.get("choose") or spec.get("all")
        c = self.cards[cid]
        typ = self.card_type(cid) if c.effects else self.pool.cards[c.card].type
        if kind == "creature" and typ != "creature":
            return False
        if kind == "character" and typ not in ("creature", "hero"):
            return False
        if kind == "hero" and typ != "hero":
            return False
        if kind == "support" and typ != "support":
            return False
        side = spec.get("side", "any")
        whose = c.controller if c.zone == "play" else c.owner
        if side == "enemy" and whose == controller:
            return False
        if side == "own" and whose != controller:
            return False
        flt = spec.get("filter")
        if flt:
            return self.passes_filter(flt, cid, source)
        return True

    def passes_filter(self: HeroesGame, flt: dict[str, Any], cid: int, source: int | None) -> bool:
        c = self.cards[cid]
        d = self.cdef(cid)
        # In play only a card's own cost ability counts (CR 203.2); elsewhere the printed cost, X = 0 (CR 105.1).
        cost = self.cost(cid) if c.zone == "play" else d.cost
        for key, want in flt.items():
            if key == "max_cost" and cost > want:
                return False
            if key == "min_cost" and cost < want:
                return False
            if key == "max_strike" and (not self.is_creature(cid) or self.strike(cid) > want):
                return False
            if key == "wounded" and (c.wounds > 0) != want:
                return False
            if key == "tapped" and c.tapped != want:
                return False
            if key == "poisoned" and (c.poison > 0) != want:
                return False
            if key == "element":
                els = self.elements(cid)
                if (want == "neutral" and els) or (want != "neutral" and want not in els):
                    return False
            if key == "subtype" and (not any(p.subtype == want for p in self.parts(cid))
                                     or (c.effects and self.animated(cid))):  # CR 108.2: a creature now
                return False
            if key == "other" and want and cid == source:
                return False
            if key == "keyword" and not self.has_own_keyword(cid, want):
                return False
        return True

    def characters_in_play(self: HeroesGame) -> list[int]:
        out = []
        for p in self.players:
            out.append(p.hero)
            out.extend(p.play)
        return out

    # ----------------------------------------------------------------- zones
    def _zone_list(self: HeroesGame, c: CardState) -> list[int] | None:
        if c.zone in ("deck", "hand", "grave"):
            return getattr(self.players[c.owner], c.zone)
        if c.zone == "play":
            return self.players[c.controller].play
        return None

    def move(self: HeroesGame, cid: int, dest: str, *, controller: int | None = None, top: bool = True,
             tapped: bool = False) -> None:
        """Move a card between zones, keeping every card in exactly one zone (CR 203.4, 204.4, 205.4)."""
        c = self.cards[cid]
        src = c.zone
        if src not in _OUTSIDE or dest not in _OUTSIDE:
            self._aura_cache = None  # the index covers cards in play and their modules only
        lst = self._zone_list(c)
        if lst is not None:
            lst.remove(cid)
        if src == "attached" and c.host is not None:
            self.cards[c.host].attached.remove(cid)
            c.host = None
        if src == "play" and dest != "play":
            for part in list(c.attached):
                # CR 7 Присоединить: the parts of a joined card go to the new zone separately.
                self.cards[part].host = None
                self.cards[part].zone = "limbo"
                self.move(part, dest)
            c.attached = []
        if dest == "deck" and self.cdef(cid).created:
            dest = "supply"  # CR 7 Созданный: it goes back to the supply instead
        if dest != "play":
            # CR 203.4/204.4/205.4: a card leaving play loses its effects and markers.
            c.tapped = False
            c.wounds = 0
            c.life_mod = 0
            # CR 205.4: in the graveyard an Инкарнация effect stays (CR 7 Инкарнация), and so do the
            # «X раз за ход» marks; in hand or deck it is a new card with none (CR 203.4, 204.4).
            c.effects = [e for e in c.effects if dest == "grave" and e["k"] == "kw" and e["kw"] == "incarnation"]
            if dest != "grave":
                c.used = {}
            c.poison = 0
            c.stunned = False
            c.hidden = False
            c.armor_used = 0
            c.prevented = {}
            c.return_eot = False
            c.controller = c.owner
        c.zone = dest
        if dest in ("deck", "hand", "grave"):
            lst = getattr(self.players[c.owner], dest)
            if dest == "deck" and not top:
                lst.append(cid)
            elif dest == "deck":
                lst.insert(0, cid)
            else:
                lst.append(cid)
        elif dest == "play":
            c.controller = c.owner if controller is None else controller
            c.tapped = tapped
            c.arrived = self.turn
            # CR 115.4: the order of appearance. Only this line changes ``entered``, so the highest one
            # so far is remembered rather than looked for among all the cards each time.
            top = self._entered_top
            if top is None:
                top = max(x.entered for x in self.cards.values())
            c.entered = self._entered_top = top + 1
            self.players[c.controller].play.append(cid)
        self.emit("move", card=cid, src=src, dest=dest)
        if src == "play" and dest != "play":
            self.end_lapsed()  # CR 120.6: effects that last only while this card is in play end now

    def enter_play(self: HeroesGame, cid: int, controller: int, *, how: str, tapped: bool = False,
                   x: int | None = None) -> None:
        """Take a card into the squad (CR 518): play, summon, resurrect, create."""
        self.move(cid, "play", controller=controller, tapped=tapped)
        self.joined_squad(cid, controller)
        self.collect("enter", cid, {"x": x} if x else {})  # CR 105.1: X as declared when played

    def joined_squad(self: HeroesGame, cid: int, controller: int) -> None:
        """What a card arriving in a squad does to the cards already there, however it came (CR 518.1:
        taking control is one of the ways): one support of a subtype, one copy of a unique card."""
        d = self.cdef(cid)
        if d.type == "support":
            # CR 211.2: one support of each subtype; the old one is destroyed.
            for other in list(self.players[controller].play):
                if other != cid and self.card_type(other) == "support" and self.cdef(other).subtype == d.subtype:
                    self.destroy(other)
        if d.keyword("unique"):
            # CR 7 Уникальность: the first copy goes to the graveyard.
            for other in list(self.players[controller].play):
                if other != cid and self.cards[other].card == d.id:
                    self.destroy(other)

    def destroy(self: HeroesGame, cid: int, *, by: int | None = None, kind: str = "rules",
                by_side: int | None = None) -> bool:
        """Put a card from play into its owner's graveyard (CR 505) and fire death triggers.

        ``by`` is the card whose ability, strike or spell killed it and ``kind`` how (CR 505.1.1);
        a rule effect has no source (CR 505.1). ``by_side`` is who controlled ``by`` at the time.
        """
        c = self.cards[cid]
        if c.zone != "play":
            return False  # CR 514.1: a card not in play cannot be destroyed
        if self.is_hero(cid):
            return False  # CR 208.1: heroes stay in play all game
        controller = c.controller
        unity = self.kw_value(cid, "unity")
        if by is not None and by_side is None:
            by_side = self.cards[by].controller
        self.move(cid, "grave")
        self.emit("death", card=cid, by=by, kind=kind)
        # CR 505.1.1: «погибшая от существа противника» — killed by a creature the other player controlled.
        slain = by is not None and self.is_creature(by) and by_side != controller
        self.collect("death", cid, {"controller": controller, "unity": unity, "killer": by, "cause": kind,
                                    "slain": slain})
        return True

    def note_doom(self: HeroesGame, cid: int, source: int | None, kind: str, side: int | None = None) -> None:
        """Remember what brought a card to 0 lives, for the death it is about to suffer (CR 505.1.1)."""
        if self.cards[cid].zone == "play" and self.lives_left(cid) <= 0:
            if source is not None and side is None:
                side = self.cards[source].controller
            self._doom[cid] = (source, kind, side)

    # ----------------------------------------------------------------- wounds
    def deal(self: HeroesGame, target: int, amount: int, *, source: int | None, kind: str,
             controller: int | None = None) -> int:
        """Deal wounds through the calculation, replacement and prevention steps (CR 508.4).

        ``kind`` is strike, retaliation, shot, ability, spell, poison or undead. Returns wounds dealt.
        """
        c = self.cards[target]
        if c.zone != "play" or amount <= 0:
            return 0
        if self.pool.cards[c.card].type == "support" and not (c.effects and self.animated(target)):
            return 0  # CR 211.3: a support cannot get wounds (unless an effect made it a creature, CR 108.2)
        src_ignores = self.ignores(source)
        # Calculation step: Уязвимость adds one wound to any source of wounds (CR 7).
        if self.kw(target, "vulnerable") is not None:
            amount += 1
        # Replacement step (CR 516.1.1): Защита от…, Немёртвый.
        if kind != "undead" and self.kw(target, "undead") is not None:
            self.emit("prevented", card=target, amount=amount, why="undead")
            return 0
        prot = self.protections(target) if "protection" not in src_ignores else None
        if prot:  # (no protection blocks nothing)
            blocked = (
                (kind in ("strike", "retaliation") and "strikes" in prot)
                or (kind == "shot" and "shots" in prot)
                or (kind == "ability" and "abilities" in prot)
                or (kind == "poison" and "poison" in prot)
                or (source is not None and self.elements(source) & prot)
            )
            if blocked:
                self.emit("prevented", card=target, amount=amount, why="protection")
                return 0
        amount = self.prevent(target, amount, kind, src_ignores)
        if amount <= 0:
            return 0
        c.wounds += amount
        c.wounded_turn = self.turn
        self.note_doom(target, source, kind)
        self.emit("wound", card=target, amount=amount, source=source, kind=kind)
        self.collect("wounded", target, {"amount": amount})
        return amount

    def prevent(self: HeroesGame, target: int, amount: int, kind: str, src_ignores: set[str]) -> int:
        """The prevention step: what is left of ``amount`` after Броня and prevention auras.

        CR 515.3: numeric prevention effects apply one after another, the non-active player's first
        (then the active player's, each side's in order of appearance); CR 515.4: each may be used in
        part and keeps the rest for later this turn.
        """
        c = self.cards[target]
        shields: list[tuple[int, str, int]] = []  # (controller, key, size)
        armor = self.kw_value(target, "armor")  # CR 7 Броня X: the first X wounds of strikes and shots
        if armor and kind in ("strike", "retaliation", "shot") and "armor" not in src_ignores:
            shields.append((c.controller, "armor", armor))
        entries = self.aura_index.get("prevent")
        if entries:
            seen: dict[int, int] = {}
            for src, ab in entries:
                n = seen[src] = seen.get(src, -1) + 1
                s = self.cards[src]
                if not s.hidden and not (s.effects and self.silenced(src)) \
                        and self.matches(ab["affects"], target, src, s.controller):
                    shields.append((s.controller, f"{src}.{n}", ab["amount"]))
        if not shields:
            return amount
        shields.sort(key=lambda sh: sh[0] == self.active)  # stable: the non-active player's first
        for _, key, size in shields:
            if amount <= 0:
                break
            used = c.armor_used if key == "armor" else c.prevented.get(key, 0)
            stop = min(amount, max(0, size - used))
            if not stop:
                continue
            if key == "armor":
                c.armor_used += stop
            else:
                c.prevented[key] = used + stop
            amount -= stop
            self.emit("prevented", card=target, amount=stop, why="armor" if key == "armor" else "prevent")
        return amount

    def heal(self: HeroesGame, target: int, amount: int | None) -> int:
        """Remove up to ``amount`` wounds (all when None) (CR 519.2, 7 Полностью излечить)."""
        c = self.cards[target]
        if c.zone != "play":
            return 0
        healed = c.wounds if amount is None else min(amount, c.wounds)
        if healed:
            c.wounds -= healed
            self.emit("heal", card=target, amount=healed)
        return healed

    def check_state(self: HeroesGame) -> None:
        """Rule effects (CR 503, 505.1, 602): the dying die at once; a fallen hero ends the game."""
        # Only a card with wounds, negative lives or 0 printed lives can be at 0; auras can lower any.
        cards, defs = self.cards, self.pool.cards
        if self._aura_cache is None:
            self.aura_index  # noqa: B018 - builds the index and _lives_lowered with it
        lowering = self._lives_lowered
        while True:
            dying = []
            with_effects = False  # does any card in play have an effect (else none can lapse, CR 120.6)
            auras = self._aura_cache
            lives_auras = (self.aura_index if auras is None else auras).get("lives")
            # With life auras that only add, a plain card's printed lives minus its wounds is a lower
            # bound of lives_left(): above 0, the auras need not be looked at.
            raising = bool(lives_auras) and not self._lives_lowered
            for p in self.players:
                for cid in p.play:
                    c = cards[cid]
                    d = defs[c.card]
                    if c.effects:
                        with_effects = True
                        if d.type != "creature" and not self.animated(cid):
                            continue
                    elif d.type != "creature":
                        continue
                    if not (c.wounds or c.life_mod < 0 or d.lives <= 0 or lowering or c.attached):
                        continue
                    if c.effects or c.attached:
                        left = self.lives_left(cid)
                    else:
                        left = d.lives + c.life_mod - c.wounds  # lives_left() of a plain card without auras
                        if lives_auras and (left <= 0 or not raising):
                            left = self.lives_left(cid)
                    if left <= 0:
                        dying.append(cid)
            if not dying:
                break
            for cid in dying:
                if self.cards[cid].zone == "play":
                    # CR 505.1, 505.1.1: a rule effect, but the death remembers what brought it to 0 lives.
                    by, kind, side = self._doom.pop(cid, (None, "rules", None))
                    self.destroy(cid, by=by, kind=kind, by_side=side)
        self._doom.clear()
        players = self.players
        if with_effects or cards[players[0].hero].effects or cards[players[1].hero].effects:
            self.end_lapsed()  # CR 120.6
        if self._outcome is None:
            auras = self._aura_cache
            lives_auras = (self.aura_index if auras is None else auras).get("lives")
            raising = bool(lives_auras) and not self._lives_lowered
            dead = []
            for i, p in enumerate(self.players):
                h = cards[p.hero]
                if not (h.wounds or h.life_mod < 0 or lowering):
                    continue
                if h.effects or h.attached:
                    left = self.lives_left(p.hero)
                else:
                    left = defs[h.card].lives + h.life_mod - h.wounds  # lives_left() of a plain hero without auras
                    if lives_auras and (left <= 0 or not raising):
                        left = self.lives_left(p.hero)  # the bound above is not enough: count the auras
                if left <= 0:
                    dead.append(i)
            if len(dead) == 2:
                self.finish(None, "both_heroes")  # CR 603.1.1
            elif dead:
                self.finish(1 - dead[0], "hero")  # CR 602.1

    # ----------------------------------------------------------------- attacks
    def attack_strike(self: HeroesGame, attacker: int, target: int) -> int:
        """Strike value of an attack on a target (CR 508.4.1): Гнев, –X от атаки, Сведение удара."""
        value = self.strike(attacker)
        if self.kw(attacker, "wrath") and self.is_creature(target) and self.cards[target].wounded_turn == self.turn:
            value += 1
        value -= self.kw_value(target, "attack_reduction")
        fixed = self.kw(attacker, "strike_is")
        if fixed:
            value = fixed["value"]  # CR 521.1, 508.4.2: «сведение к X» comes after adding and subtracting
        return max(0, value)  # CR 512.1

    def fight(self: HeroesGame, attacker: int, target: int, *, retaliate: bool) -> None:
        """An attacker strikes; an open target strikes back (CR 510), honouring Первый удар."""
        self.emit("strike", attacker=attacker, target=target)
        self.collect("strike", attacker, {"struck": target})
        if not retaliate:
            self.deal(target, self.attack_strike(attacker, target), source=attacker, kind="strike")
            return
        a_first = self.kw(attacker, "first_strike") is not None
        t_first = self.kw(target, "first_strike") is not None
        a_val = self.attack_strike(attacker, target)
        t_val = self.attack_strike(target, attacker) if self.is_creature(target) else 0
        if a_first and not t_first:
            self.deal(target, a_val, source=attacker, kind="strike")
            if self.lives_left(target) > 0:
                self.deal(attacker, self.attack_strike(target, attacker), source=target, kind="retaliation")
        elif t_first and not a_first:
            self.deal(attacker, t_val, source=target, kind="retaliation")
            if self.lives_left(attacker) > 0:
                self.deal(target, self.attack_strike(attacker, target), source=attacker, kind="strike")
        else:
            self.deal(target, a_val, source=attacker, kind="strike")
            self.deal(attacker, t_val, source=target, kind="retaliation")

    def can_act(self: HeroesGame, cid: int) -> bool:
        """Open, not hidden, and free of first-turn weakness unless it has Рывок (CR 107.5, 506.1)."""
        c = self.cards[cid]
        if c.tapped or c.hidden or c.zone != "play":
            return False
        if c.arrived == self.turn and self.is_creature(cid) and not self.kw(cid, "haste"):
            return False
        return True

    def can_attack(self: HeroesGame, cid: int) -> bool:
        """An open creature of the active player, free to act, that has not attacked this turn (CR 107.2)."""
        c = self.cards[cid]
        if c.tapped or c.hidden or c.zone != "play" or c.controller != self.active or c.used.get("attack", 0) >= 1:
            return False
        if c.effects:
            if not self.animated(cid) and self.pool.cards[c.card].type != "creature":
                return False
        elif self.pool.cards[c.card].type != "creature":
            return False
        # CR 107.5: first-turn weakness, unless it has Рывок.
        return c.arrived != self.turn or bool(self.kw(cid, "haste"))

    def attack_targets(self: HeroesGame, attacker: int) -> list[int]:
        """Enemy characters that can be attacked: no hidden ones (CR 507.1, 7 Скрытое существо)."""
        enemy = self.players[1 - self.cards[attacker].controller]
        out = [enemy.hero]
        out.extend(cid for cid in enemy.play if self.is_creature(cid) and not self.cards[cid].hidden)
        return out

    def defenders_for(self: HeroesGame, attacker: int, target: int) -> list[int]:
        """Open creatures of the defending side that may step in (CR 509)."""
        if self.kw(attacker, "directed"):
            return []  # CR 509.2: no defender against a directed strike
        side = self.players[self.cards[target].controller]
        return [cid for cid in side.play if cid != target and self.is_creature(cid)
                and not self.cards[cid].tapped and not self.cards[cid].hidden
                and self.cards[cid].used.get("defend", 0) < 1]
