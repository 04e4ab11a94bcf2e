"""The bottom layer of a «Герои» game: what its cards are now (CR parts 1 and 2, 115), read only.

Card properties, keywords and auras, strike, lives, cost and elements, and whether a card fits a
spec. Nothing here changes the state (the aura index is a cache of it); the layers above are, in
order, :mod:`targets`, :mod:`changes`, :mod:`triggers`, :mod:`effects`, :mod:`legal` and :mod:`game`.
"""

from __future__ import annotations

from typing import Any

from engine.core.compiled import mypyc_attr
from engine.core.game import DecisionGame
from engine.heroes.abilities import HAVING
from engine.heroes.carddef import CardDef
from engine.heroes.pool import CardPool
from engine.heroes.registry import MECHANISM
from engine.heroes.state import CardState, PlayerState

_WORKS_HIDDEN = frozenset(k.name for k in HAVING["works_hidden"])  # Уникальность (CR 7 Скрытое существо)


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant of the game may subclass it
class Queries(DecisionGame):
    """Read-only questions about the cards of a game (the state itself is set up by the game)."""

    pool: CardPool
    cards: dict[int, CardState]
    players: list[PlayerState]
    turn: int
    active: int
    # Aura kind -> (source, ability) of the cards in play; None until asked (the layers above that
    # change what is in play or what a card is reset it).
    _aura_cache: dict[str, list[tuple[int, dict[str, Any]]]] | None
    _lives_lowered: bool  # built with the aura index: some life aura has a negative amount

    # ----------------------------------------------------------------- properties
    def cdef(self, cid: int) -> CardDef:
        return self.cards[cid].d

    def parts(self, cid: int) -> tuple[CardDef, ...]:
        """The card and every module attached under it (CR 7 Присоединить)."""
        c = self.cards[cid]
        d = c.d
        if not c.attached:
            return d.solo
        return (d, *(self.cards[a].d for a in c.attached))

    def silenced(self, cid: int) -> bool:
        for e in self.cards[cid].effects:
            if e["k"] == "silence":
                return True
        return False

    def ability_parts(self, cid: int) -> tuple[CardDef, ...]:
        """Parts whose printed abilities count: none once it has lost its abilities (CR 7 Теряет особенности),
        then any card whose abilities it copies (CR 111.5)."""
        c = self.cards[cid]
        if c.effects:
            if self.silenced(cid):
                return ()
            return self.aura_parts(cid)
        return self.parts(cid)

    def aura_parts(self, cid: int) -> tuple[CardDef, ...]:
        """The card, its modules, and the cards whose abilities it copies (CR 111.5). A copy's «this
        card» is the copier: its abilities run with the copier as their source."""
        c = self.cards[cid]
        for e in c.effects:
            if e["k"] == "copy":
                copies = [self.pool.cards[e["card"]] for e in c.effects if e["k"] == "copy"]
                return (*self.parts(cid), *copies)
        return self.parts(cid)

    def is_creature(self, cid: int) -> bool:
        c = self.cards[cid]
        if c.effects and self.animated(cid):
            return True
        return c.d.type == "creature"

    def animated(self, cid: int) -> dict[str, Any] | None:
        """The latest effect that made this card a creature (CR 108.2), if any."""
        for eff in self.cards[cid].effects[::-1]:  # (a short list; mypyc cannot compile reversed() of it)
            if eff["k"] == "animate":
                return eff
        return None

    def card_type(self, cid: int) -> str:
        """The type now: printed, unless an effect made it a creature (CR 108.2)."""
        c = self.cards[cid]
        if c.effects and self.animated(cid):
            return "creature"
        return c.d.type

    def is_hero(self, cid: int) -> bool:
        return self.cards[cid].d.type == "hero"

    def in_play(self, cid: int) -> bool:
        return self.cards[cid].zone == "play"

    def keywords(self, cid: int) -> dict[str, dict[str, Any]]:
        """Keyword name -> its entry, printed and gained; a later «Броня Y» replaces «Броня X» (CR 7)."""
        c = self.cards[cid]
        if not (c.effects or c.attached or c.hidden) and (c.zone != "play" or not self._granting()):
            return c.d.keyword_map  # a plain card: its printed keywords (shared, read-only)
        if c.hidden:
            # CR 7 Скрытое существо: its abilities do not work, except Uniqueness.
            d = self.cdef(cid)
            return {k.name: {} for k in HAVING["works_hidden"] if d.keyword(k.name)}
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

    def kw(self, cid: int, name: str) -> dict[str, Any] | None:
        """keywords(cid).get(name), without building the whole map for a card with no modules or effects."""
        c = self.cards[cid]
        if not (c.effects or c.attached or c.hidden):
            printed = c.d.keyword_map.get(name)
            if printed is not None or c.zone != "play":
                return printed  # an aura's keyword never replaces a printed one (setdefault in keywords())
            auras = self._aura_cache
            if "grant" not in (self.aura_index if auras is None else auras):
                return None  # no aura gives keywords (the common case, so _grants is not called)
            # The aura keywords() would keep: of those giving this keyword, the last that applies (CR 115.4).
            grants = self._grants(cid, name)
            return grants[-1] if grants else None
        if c.hidden:
            return self.keywords(cid).get(name)
        # keywords(cid).get(name) without building the whole map: an effect's keyword (the latest one), else
        # a printed one (a later part's over an earlier), else an aura's (the latest that applies, CR 115.4).
        found = None
        for eff in c.effects:
            if eff["k"] == "kw" and eff["kw"] == name:
                found = eff
        if found is not None:
            return found
        for part in reversed(self.ability_parts(cid)):
            printed = part.keyword_map.get(name)
            if printed is not None:
                return printed
        if c.zone == "play":
            grants = self._grants(cid, name)
            if grants:
                return grants[-1]
        return None

    def has_any(self, cid: int, keywords: tuple[Any, ...]) -> bool:
        """Has the card now one of these keywords (classes of engine/heroes/abilities; an entry is never empty)?"""
        c = self.cards[cid]
        if not (c.effects or c.attached or c.hidden):
            # kw() for a plain card, asked once for all of them: its printed keywords, and those of the grant
            # auras only when some aura gives keywords and it is in play.
            printed = c.d.keyword_map
            for k in keywords:
                if printed.get(k.name):
                    return True
            if c.zone != "play" or not self._granting():
                return False
        for k in keywords:
            if self.kw(cid, k.name):
                return True
        return False

    def keeps_control(self, cid: int) -> bool:
        """Can the card not join another player's squad now (CR 518.5.1, Преданность)?"""
        return self.has_any(cid, HAVING["keeps_control"])

    def kw_value(self, cid: int, name: str) -> int:
        entry = self.kw(cid, name)
        return int(entry.get("value", 0)) if entry else 0

    def has_own_keyword(self, cid: int, name: str) -> bool:
        """Printed or gained by an effect, not from auras: what an aura's own filter may look at
        (reading auras there would make auras depend on themselves)."""
        c = self.cards[cid]
        if c.hidden:
            return name in _WORKS_HIDDEN and self.cdef(cid).keyword(name) is not None
        return (any(name in part.keyword_map for part in self.ability_parts(cid))
                or any(e["k"] == "kw" and e["kw"] == name for e in c.effects))

    def _keyword_values(self, cid: int, name: str, field: str) -> set[str]:
        """All values of a keyword that may appear several times (Защита от…, Игнорирует…)."""
        c = self.cards[cid]
        if not (c.effects or c.attached or c.hidden) and (c.zone != "play" or not self._granting()):
            return set(c.d.keyword_values(name, field))  # a plain card: the printed ones
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

    def _grants(self, cid: int, name: str) -> list[dict[str, Any]]:
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

    def protections(self, cid: int) -> set[str]:
        return self._keyword_values(cid, "protection", "from")

    def ignores(self, cid: int | None) -> set[str]:
        if cid is None:
            return set()
        return self._keyword_values(cid, "ignore", "what")

    def auras_on(self, cid: int, kind: str) -> list[dict[str, Any]]:
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
                typ = self.card_type(cid) if c.effects else c.d.type
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

    def _granting(self) -> bool:
        """Is any aura granting keywords in play (else a plain card has just its printed ones)?"""
        auras = self._aura_cache
        return "grant" in (self.aura_index if auras is None else auras)

    @property
    def aura_sources(self) -> list[int]:
        return sorted({src for entries in self.aura_index.values() for src, _ in entries})

    @property
    def aura_index(self) -> dict[str, list[tuple[int, dict[str, Any]]]]:
        """Aura kind -> (source, ability) for cards in play; cached until a card changes zone or side."""
        if self._aura_cache is not None:
            return self._aura_cache
        cards = self.cards
        out: dict[str, list[tuple[int, dict[str, Any]]]] = {}
        for p in self.players:
            for cid in (p.hero, *p.play):
                c = cards[cid]
                if c.d.auras or c.attached or c.effects:
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

    def has_auras(self, cid: int) -> bool:
        return any(part.auras for part in self.aura_parts(cid))

    def strike(self, cid: int) -> int:
        """Current strike: printed + modules + effects + auras, never below 0 (CR 104.3.1, 522)."""
        return max(0, self.raw_strike(cid))

    def raw_strike(self, cid: int) -> int:
        """The strike before the floor at 0: «удар становится X» adds the difference to it (CR 104.3.1)."""
        c = self.cards[cid]
        base = sum(p.strike for p in self.parts(cid)) if c.attached else c.d.strike
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

    def max_lives(self, cid: int) -> int:
        """Printed lives + modules + extra/negative lives + auras (CR 7 Максимальные жизни)."""
        c = self.cards[cid]
        value = (sum(p.lives for p in self.parts(cid)) if c.attached else c.d.lives) + c.life_mod
        if c.effects and (made := self.animated(cid)):
            value += made["lives"]  # CR 108.2: and the lives (a support has none printed)
        if c.zone == "play" and "lives" in (self.aura_index if self._aura_cache is None else self._aura_cache):
            value += sum(a["amount"] for a in self.auras_on(cid, "lives"))
        return value

    def lives_left(self, cid: int) -> int:
        c = self.cards[cid]
        if not (c.effects or c.attached):
            auras = self._aura_cache
            if c.zone != "play" or "lives" not in (self.aura_index if auras is None else auras):
                return c.d.lives + c.life_mod - c.wounds  # max_lives() of a plain card
        return self.max_lives(cid) - c.wounds

    def own_lives(self, cid: int) -> int:
        """lives_left() without the auras: printed, modules, extra and negative lives, animation, less wounds."""
        c = self.cards[cid]
        value = (sum(p.lives for p in self.parts(cid)) if c.attached else c.d.lives) + c.life_mod
        if c.effects and (made := self.animated(cid)):
            value += made["lives"]  # CR 108.2
        return value - c.wounds

    def cost(self, cid: int, x: int = 0) -> int:
        """Cost to play from hand: printed + X, lowered by auras, never below 0 (CR 104.3.3, 105.1)."""
        c = self.cards[cid]
        d = c.d
        value = d.cost + (x if d.x_cost else 0)
        zone = c.zone
        if zone == "hand" and "cost" in (self.aura_index if self._aura_cache is None else self._aura_cache):
            value += sum(a["amount"] for a in self.auras_on(cid, "cost"))
        if zone in ("hand", "play") and d.auras:
            # CR 203.2: a card's cost ability about itself works in hand and in play (not others', CR 203.3).
            value += d.self_cost
        return max(0, value)

    def elements(self, cid: int) -> set[str]:
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

    def names(self, cid: int) -> set[str]:
        return {part.id for part in self.parts(cid)}

    def is_mechanism(self, cid: int) -> bool:
        return any(p.subtype == MECHANISM for p in self.parts(cid))

    # ----------------------------------------------------------------- matching
    def matches(self, spec: dict[str, Any], cid: int, source: int | None, controller: int) -> bool:
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
        typ = self.card_type(cid) if c.effects else c.d.type
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

    def passes_filter(self, flt: dict[str, Any], cid: int, source: int | None) -> bool:
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

    def characters_in_play(self) -> list[int]:
        out = []
        for p in self.players:
            out.append(p.hero)
            out.extend(p.play)
        return out
