"""State changes of a «Герои» game: cards made, drawn and moved, wounds, deaths, coins, control and
lasting effects (CR parts 2 and 5, 118.2, 120.6, 518). Each emits its event.

A change never calls the layers above it: what a change may set off goes to the :meth:`Changes.happened`
hook (the trigger layer collects it), and events and the end of the game go to :meth:`Changes.emit`
and :meth:`Changes.finish`, which the game implements.
"""

from __future__ import annotations

import abc
from collections.abc import Set as AbstractSet
from operator import attrgetter
from typing import Any

from engine.core.compiled import mypyc_attr
from engine.core.events import ABSENT
from engine.core.rng import Rng
from engine.heroes import events as E
from engine.heroes.abilities import HAVING
from engine.heroes.state import CardState
from engine.heroes.targets import Targets

_EXTRA_WOUNDS, _STRIKES_FIRST, _ON_ATTACKED = HAVING["extra_wounds"], HAVING["strikes_first"], HAVING["on_attacked"]
_ONE_PER_SQUAD = frozenset(k.name for k in HAVING["one_per_squad"])
_OUTSIDE = frozenset(("deck", "hand", "grave", "supply"))  # zones whose cards no aura index looks at
_PILES = frozenset(("deck", "hand", "grave"))  # the zones a player keeps as a list of their own cards
_BY_ID = attrgetter("id")


class Watch:
    """What check_state and end_lapsed keep so as to look at few cards (a cache, never saved: a new or rebuilt
    game starts looking at every card). One object, as the game's own attributes are kept under 30 (beyond that
    CPython 3.11 reads every attribute of the game more slowly)."""

    __slots__ = ("may_die", "propped", "scan_all", "lapsing", "doom")

    def __init__(self) -> None:
        # CR 505.1.1: what brought a card to 0 lives (source, kind, source's controller) until it dies; filled and
        # emptied within one step.
        self.doom: dict[int, tuple[int | None, str, int | None]] = {}
        # Who may die (CR 503): the cards whose own lives may have fallen since check_state last looked ...
        self.may_die: set[int] = set()
        # ... and those in play at 0 own lives or less that an aura adding lives keeps alive (CR 115), or heroes.
        self.propped: set[int] = set()
        self.scan_all = True  # the next check_state looks at every card in play (an aura taking lives away)
        # A card in play may have an effect with a condition of existence (CR 120.6): set by the changes that lay
        # one (abilities/lasting.py) or bring a card with effects into play, cleared by end_lapsed.
        self.lapsing = True


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant of the game may subclass it
class Changes(Targets):
    """Everything that changes cards, zones, wounds and coins, without the decision flow."""

    rng: Rng
    next_id: int
    _entered_top: int | None  # the highest CardState.entered (a cache, never saved)
    _watch: Watch  # who may die and why, and whether an effect may lapse (check_state, end_lapsed)

    # ----------------------------------------------------------------- hooks the layers above implement
    # (emit and finish, the events of the step and the end of the game, come from the core's DecisionGame)
    @abc.abstractmethod
    def happened(self, event: str, cid: int, ctx: dict[str, Any]) -> None:
        """A change that may set off triggered abilities (CR 113): ``event`` (enter, death, strike,
        wounded…) about card ``cid``, with what the abilities may need to know in ``ctx``."""

    def check_caches(self) -> None:
        """Assert that every cache this layer and the ones below keep equals a fresh computation (tests
        switch this on through HeroesGame.CHECK_CACHES; a failure means an invalidation is missing)."""
        kept = self._aura_cache
        if kept is not None:
            self._aura_cache = None
            fresh = self.aura_index
            self._aura_cache = kept

            def shape(index: dict[str, list[tuple[int, dict[str, Any]]]]) -> dict[str, list[tuple[int, int]]]:
                return {k: [(src, id(ab)) for src, ab in v] for k, v in index.items()}

            assert shape(kept) == shape(fresh), f"stale aura index: {shape(kept)} != {shape(fresh)}"
            assert self._lives_lowered == any(ab["amount"] < 0 for _, ab in kept.get("lives", ())), "stale flag"
        self._check_may_die()
        if not self._watch.lapsing:
            for p in self.players:
                for cid in (p.hero, *p.play):
                    assert not any("while" in e for e in self.cards[cid].effects), f"card {cid}: «lapsing» is stale"
        if self._entered_top is not None:
            assert self._entered_top == max(c.entered for c in self.cards.values()), "stale highest «entered»"
        # Not a cache either: the start of a turn clears the once-per-turn markers of the cards in play and in
        # the graveyards only, as a card going anywhere else loses them (CR 203.4, 204.4).
        for c in self.cards.values():
            if c.zone not in ("play", "grave"):
                assert not (c.used or c.armor_used or c.prevented), f"card {c.id} in {c.zone} keeps markers"
                # end_effects looks in play and in the graveyards only (CR 203.4, 204.4, 205.4)
                assert not c.effects, f"card {c.id} in {c.zone} keeps effects"
        # Not a cache, but what the quick loops over a squad rely on (candidates reads a side from its squad
        # alone): a squad's cards are in play under its player, a hero is its player's.
        for i, p in enumerate(self.players):
            hero = self.cards[p.hero]
            assert (hero.controller if hero.zone == "play" else hero.owner) == i, f"hero {p.hero} is not player {i}'s"
            for cid in p.play:
                c = self.cards[cid]
                assert c.zone == "play" and c.controller == i, f"card {cid} in squad {i} is not its in play"

    def _check_may_die(self) -> None:
        """Who may die: unless the next check_state looks at every card, each card in play at 0 own lives or
        less is in ``_may_die`` or ``_propped`` (else an aura's lives going away would leave it alive)."""
        if self._watch.scan_all:
            return  # the next check_state looks at every card anyway
        kept, lowered = self._aura_cache, self._lives_lowered
        self._aura_cache = None
        try:
            if self._lives_lowered_now():
                return  # so does it with an aura taking lives away
            for p in self.players:
                for cid in (p.hero, *p.play):
                    if (self.is_creature(cid) or self.is_hero(cid)) and self.own_lives(cid) <= 0:
                        assert cid in self._watch.may_die or cid in self._watch.propped, \
                            f"stale «who may die»: card {cid} at 0 own lives is in neither set"
        finally:
            self._aura_cache, self._lives_lowered = kept, lowered

    def _lives_lowered_now(self) -> bool:
        self.aura_index  # noqa: B018 - sets _lives_lowered
        return self._lives_lowered

    # ----------------------------------------------------------------- cards and the deck
    def new_card(self, card_id: str, owner: int, zone: str) -> int:
        cid = self.next_id
        self.next_id += 1
        # id, card, owner, controller, zone, and its compiled definition
        self.cards[cid] = CardState(cid, card_id, owner, owner, zone, d=self.pool.cards[card_id])
        return cid

    def draw(self, p: int, n: int) -> int:
        pl = self.players[p]
        drawn = 0
        for _ in range(n):
            if not pl.deck:
                break  # CR 519.3
            self.move(pl.deck[0], "hand")
            drawn += 1
        if drawn:
            self.emit(E.Drew(p, drawn))
        return drawn

    def shuffle(self, p: int) -> None:
        self.rng.shuffle(self.players[p].deck)
        self.emit(E.Shuffled(player=p))

    # ----------------------------------------------------------------- zones
    def move(self, cid: int, dest: str, *, controller: int | None = None, top: bool = True,
             tapped: bool = False) -> None:
        """Move a card between zones, keeping every card in exactly one zone (CR 203.4, 204.4, 205.4)."""
        c = self.cards[cid]
        src = c.zone
        if (src not in _OUTSIDE or dest not in _OUTSIDE) and (
                c.attached or c.d.auras or (c.effects and any(e["k"] == "copy" for e in c.effects))):
            # The index covers cards in play and their modules only, and in it only the auras of a card's
            # aura_parts (itself, its modules, what it copies): a card with none of them leaves it as it was.
            self._aura_cache = None
        if src == "play":
            self.players[c.controller].play.remove(cid)
        elif src in _PILES:
            getattr(self.players[c.owner], src).remove(cid)
        if src == "attached" and c.host is not None:
            self.cards[c.host].attached.remove(cid)
            self._watch.may_die.add(c.host)  # the mechanism loses the module's lives (CR 7 Модуль)
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
            c.effects = [e for e in c.effects if e["k"] == "kw" and e["kw"] == "incarnation"] \
                if dest == "grave" and c.effects else []
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
            last = self._entered_top
            if last is None:
                last = max(x.entered for x in self.cards.values())
            c.entered = self._entered_top = last + 1
            self.players[c.controller].play.append(cid)
            self._watch.may_die.add(cid)  # a creature with 0 lives printed dies at once (CR 503)
            if c.effects:
                self._watch.lapsing = True  # an effect kept in the graveyard (CR 205.4) may have a condition
        self.emit(E.Moved(cid, src, dest))
        if src == "play" and dest != "play":
            self.end_lapsed()  # CR 120.6: effects that last only while this card is in play end now

    def enter_play(self, cid: int, controller: int, *, how: str, tapped: bool = False,
                   x: int | None = None) -> None:
        """Take a card into the squad (CR 518): play, summon, resurrect, create."""
        self.move(cid, "play", controller=controller, tapped=tapped)
        self.joined_squad(cid, controller)
        self.happened("enter", cid, {"x": x} if x else {})  # CR 105.1: X as declared when played

    def joined_squad(self, cid: int, controller: int) -> None:
        """What a card arriving in a squad does to the cards already there, however it came (CR 518.1:
        taking control is one of the ways): one support of a subtype, one copy of a unique card."""
        d = self.cdef(cid)
        if d.type == "support":
            # CR 211.2: one support of each subtype; the old one is destroyed.
            for other in list(self.players[controller].play):
                if other != cid and self.card_type(other) == "support" and self.cdef(other).subtype == d.subtype:
                    self.destroy(other)
        if not _ONE_PER_SQUAD.isdisjoint(d.keyword_map):
            # CR 7 Уникальность: the first copy goes to the graveyard.
            for other in list(self.players[controller].play):
                if other != cid and self.cards[other].card == d.id:
                    self.destroy(other)

    def destroy(self, cid: int, *, by: int | None = None, kind: str = "rules",
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
        self.emit(E.Died(cid, by, kind))
        # CR 505.1.1: «погибшая от существа противника» — killed by a creature the other player controlled.
        slain = by is not None and self.is_creature(by) and by_side != controller
        self.happened("death", cid, {"controller": controller, "unity": unity, "killer": by, "cause": kind,
                                    "slain": slain})
        return True

    def note_doom(self, cid: int, source: int | None, kind: str, side: int | None = None) -> None:
        """Remember what brought a card to 0 lives, for the death it is about to suffer (CR 505.1.1)."""
        if self.cards[cid].zone != "play":
            return
        self._watch.may_die.add(cid)  # every change that lowers lives comes through here (check_state looks again)
        if self.lives_left(cid) <= 0:
            if source is not None and side is None:
                side = self.cards[source].controller
            self._watch.doom[cid] = (source, kind, side)

    # ----------------------------------------------------------------- wounds
    def deal(self, target: int, amount: int, *, source: int | None, kind: str,
             controller: int | None = None) -> int:
        """Deal wounds through the calculation, replacement and prevention steps (CR 508.4).

        ``kind`` is strike, retaliation, shot, ability, spell, poison or undead. Returns wounds dealt.
        """
        c = self.cards[target]
        if c.zone != "play" or amount <= 0:
            return 0
        d = c.d
        if d.type == "support" and not (c.effects and self.animated(target)):
            return 0  # CR 211.3: a support cannot get wounds (unless an effect made it a creature, CR 108.2)
        src_ignores = self.ignores(source)
        auras = self._aura_cache
        # A plain card (no effects, modules, hiding, and no aura giving keywords) has its printed keywords.
        printed = d.keyword_map if not (c.effects or c.attached or c.hidden) and "grant" not in (
            self.aura_index if auras is None else auras) else None
        # Calculation step: Уязвимость adds one wound to any source of wounds (CR 7).
        for k in _EXTRA_WOUNDS:
            if (self.kw(target, k.name) if printed is None else printed.get(k.name)) is not None:
                amount += k.extra_wounds
        # Replacement step (CR 516.1.1): Защита от…, Немёртвый.
        if kind != "undead" and (self.kw(target, "undead") if printed is None else printed.get("undead")) is not None:
            self.emit(E.Prevented(card=target, amount=amount, why="undead"))
            return 0
        prot: AbstractSet[str] | None
        if "protection" in src_ignores:
            prot = None
        elif printed is None:
            prot = self.protections(target)
        else:
            prot = d.keyword_values("protection", "from") if "protection" in printed else None
        if prot:  # (no protection blocks nothing)
            blocked = (
                "strikes" if kind in ("strike", "retaliation") and "strikes" in prot
                else "shots" if kind == "shot" and "shots" in prot
                else "abilities" if kind == "ability" and "abilities" in prot
                else "poison" if kind == "poison" and "poison" in prot
                else min(self.elements(source) & prot, default="") if source is not None else ""
            )
            if blocked:
                self.emit(E.Prevented(target, amount, "protection", ABSENT, blocked))
                return 0
        amount = self.prevent(target, amount, kind, src_ignores)
        if amount <= 0:
            return 0
        c.wounds += amount
        c.wounded_turn = self.turn
        self.note_doom(target, source, kind)
        self.emit(E.Wounded(target, amount, source, kind))
        if printed is None or "wounded" in d.trigger_events:
            self.happened("wounded", target, {"amount": amount})  # else nothing of it reacts (CR 113)
        return amount

    def prevent(self, target: int, amount: int, kind: str, src_ignores: set[str]) -> int:
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
            if key == "armor":
                self.emit(E.Prevented(target, stop, "armor"))
            else:  # CR 515: a prevention aura of the card ``key`` names ("<card>.<its n-th aura>")
                self.emit(E.Prevented(target, stop, "prevent", int(key.split(".")[0])))
        return amount

    def heal(self, target: int, amount: int | None) -> int:
        """Remove up to ``amount`` wounds (all when None) (CR 519.2, 7 Полностью излечить)."""
        c = self.cards[target]
        if c.zone != "play":
            return 0
        healed = c.wounds if amount is None else min(amount, c.wounds)
        if healed:
            c.wounds -= healed
            self.emit(E.Healed(card=target, amount=healed))
        return healed

    def check_state(self) -> None:
        """Rule effects (CR 503, 505.1, 602): the dying die at once; a fallen hero ends the game.

        A card's own lives (printed, modules, extra and negative lives, animation, less wounds) fall only
        through the changes that put it in ``_may_die``; auras that only add lives keep the cards at 0 own
        lives or less alive, and those wait in ``_propped``. So only the cards of these two sets are looked
        at; with an aura taking lives away (or just after one, or in a rebuilt game), every card in play is.
        """
        if self._aura_cache is None:
            self.aura_index  # noqa: B018 - builds the index and _lives_lowered with it
        lowering = self._lives_lowered
        players = self.players
        w = self._watch
        if w.scan_all or lowering:
            # An aura that takes lives away applies through filters and sides that any change may flip: look at
            # every card, and the next time too (the aura may have gone by then, giving the lives back).
            w.scan_all = lowering
            self._look_at_may_die(everyone=True)
            w.may_die.clear()
            # for the first look in sets
            w.propped = {*players[0].play, *players[1].play, players[0].hero, players[1].hero}
            heroes = True
        else:
            propped = w.propped
            if w.may_die or propped:
                self._look_at_may_die(everyone=False)
            # a hero at 0 own lives or less waits in _propped (alive thanks to an aura, or dead)
            heroes = bool(propped) and (players[0].hero in propped or players[1].hero in propped)
        if w.doom:
            w.doom.clear()
        if w.lapsing:
            self.end_lapsed()  # CR 120.6
        if heroes and self._outcome is None:
            dead = [i for i, p in enumerate(players) if self.lives_left(p.hero) <= 0]
            if len(dead) == 2:
                self.finish(None, "both_heroes")  # CR 603.1.1
            elif dead:
                self.finish(1 - dead[0], "hero")  # CR 602.1

    def _look_at_may_die(self, everyone: bool) -> None:
        """The cards of ``_may_die`` and ``_propped`` (``everyone``: all cards in play) at 0 lives or less die,
        until none does (each death may take an aura's lives with it)."""
        cards = self.cards
        w = self._watch
        propped = w.propped
        p0, p1 = self.players
        while True:
            may_die = w.may_die
            if everyone:
                may_die = {*p0.play, *p1.play}
            elif propped:
                may_die |= propped
            if not may_die:
                return
            w.may_die = set()
            auras = self._aura_cache
            aided = "lives" in (self.aura_index if auras is None else auras)
            dying = []
            for cid in may_die:
                c = cards[cid]
                if everyone:
                    if self.is_creature(cid) and self.lives_left(cid) <= 0:
                        dying.append(cid)
                    continue
                if c.zone == "play":
                    d = c.d
                    if c.effects or c.attached:
                        own = 1 if d.type == "support" and not self.is_creature(cid) else self.own_lives(cid)
                    else:
                        own = 1 if d.type == "support" else d.lives + c.life_mod - c.wounds
                    if own <= 0:
                        if d.type == "hero" or (aided and self.lives_left(cid) > 0):
                            propped.add(cid)  # alive thanks to an aura that adds lives (CR 115), or a hero
                        else:
                            dying.append(cid)
                        continue
                propped.discard(cid)
            if not dying:
                return
            if len(dying) > 1:  # in the order a scan of the squads would find them
                order = {cid: i for i, cid in enumerate((*p0.play, *p1.play))}
                dying.sort(key=order.__getitem__)
            for cid in dying:
                propped.discard(cid)
                self._dies(cid)

    def _dies(self, cid: int) -> None:
        if self.cards[cid].zone == "play":
            # CR 505.1, 505.1.1: a rule effect, but the death remembers what brought it to 0 lives.
            by, kind, side = self._watch.doom.pop(cid, (None, "rules", None))
            self.destroy(cid, by=by, kind=kind, by_side=side)

    # ----------------------------------------------------------------- attacks
    def fight(self, attacker: int, target: int, *, retaliate: bool) -> None:
        """An attacker strikes; an open target strikes back (CR 510), honouring Первый удар."""
        self.emit(E.Struck(attacker, target))
        c = self.cards[attacker]
        if c.effects or c.attached or "strike" in c.d.trigger_events:
            self.happened("strike", attacker, {"struck": target})  # else nothing of it reacts (CR 113)
        if not retaliate:
            self.blow(attacker, target, "strike", self.aimed(attacker, target))
            return
        a_first, t_first = self.has_any(attacker, _STRIKES_FIRST), self.has_any(target, _STRIKES_FIRST)
        a_val, t_val = self.aimed(attacker, target), self.aimed(target, attacker) if self.is_creature(target) else (0, 0)
        if a_first and not t_first:
            self.blow(attacker, target, "strike", a_val)
            if self.lives_left(target) > 0:
                self.blow(target, attacker, "retaliation", self.aimed(target, attacker))
        elif t_first and not a_first:
            self.blow(target, attacker, "retaliation", t_val)
            if self.lives_left(attacker) > 0:
                self.blow(attacker, target, "strike", self.aimed(attacker, target))
        else:
            self.blow(attacker, target, "strike", a_val)
            self.blow(target, attacker, "retaliation", t_val)

    def blow(self, source: int, target: int, kind: str, aimed: tuple[int, int]) -> None:
        """A blow, ``aimed`` = (value, taken off): a softening said first (CR 7 –X от атаки), then wounds (CR 510)."""
        if aimed[1] > 0:
            self.emit(E.Prevented(target, aimed[1], "attack_reduction", target))
        self.deal(target, aimed[0], source=source, kind=kind)

    def meditation(self, target: int, payer: int) -> bool:
        """Any attack on ``target`` (a strike, a fight or a shot, CR 507.3-507.5): what the target's keywords
        do when it is attacked (Медитация: ``payer`` pays). Returns False if that ended the game."""
        for k in _ON_ATTACKED:
            entry = self.kw(target, k.name)
            if entry and not k.on_attacked(self, target, payer, entry):
                return False
        return True

    # ----------------------------------------------------------------- coins, control and lasting effects
    def lose_coins(self, p: int, n: int) -> int:
        """CR 521.5: the player chooses which coins go; closed ones first never hurts them."""
        pl = self.players[p]
        n = min(n, pl.coins)
        if n:
            pl.tapped_coins = max(0, pl.tapped_coins - n)
            pl.coins -= n
            pl.tapped_coins = min(pl.tapped_coins, pl.coins + pl.temp_coins)
            self.emit(E.CoinsChanged(p, -n))
        return n

    def give_control(self, t: int, p: int) -> None:
        """Move a card in play into player ``p``'s squad (CR 518.5); it arrives anew (CR 107.5) and,
        taken into the squad (CR 518.1), pushes out the squad's own copy of a unique card (CR 7)."""
        c = self.cards[t]
        self.players[c.controller].play.remove(t)
        self._aura_cache = None
        c.controller = p
        c.arrived = self.turn
        self.players[p].play.append(t)
        self.emit(E.ControlChanged(card=t, player=p))
        self.joined_squad(t, p)

    def end_effects(self, ending: Any) -> None:
        """Remove the effects ``ending`` picks from every card; a control effect that ends hands the card
        back (CR 518.5) unless it cannot join the other squad (CR 518.5.1)."""
        # Only cards in play and in the graveyards have effects (a card going anywhere else loses them, CR 203.4,
        # 204.4: check_caches asserts it); they are looked at in the order of their ids, as the events say.
        cards = self.cards
        p0, p1 = self.players
        ends = []
        for cid in (p0.hero, p1.hero, *p0.play, *p1.play, *p0.grave, *p1.grave):
            c = cards[cid]
            if c.effects:
                for e in c.effects:
                    if ending(e):
                        ends.append(c)
                        break
        if len(ends) > 1:
            ends.sort(key=_BY_ID)
        for c in ends:
            gone = [e for e in c.effects if ending(e)]
            c.effects = [e for e in c.effects if not ending(e)]
            if any(e["k"] == "copy" for e in gone):
                self._aura_cache = None  # a copy that ends takes its auras with it (nothing else here changes the index)
            if any(e["k"] == "animate" for e in gone):
                self._watch.may_die.add(c.id)  # its lives are another animation's now (CR 108.2)
            if any(e["k"] == "animate" for e in gone) and not self.animated(c.id):
                c.wounds = 0  # CR 108.2, 211.3: a support again, it cannot keep wounds
                self.emit(E.AnimationEnded(card=c.id))
            for e in gone:
                if e["k"] == "control" and c.zone == "play" and c.controller == e["by"]:
                    if self.keeps_control(c.id):
                        self.emit(E.ControlKept(card=c.id, player=c.controller))  # CR 518.5.1
                    else:
                        self.give_control(c.id, 1 - e["by"])

    def end_lapsed(self) -> None:
        """CR 120.6: an effect whose condition of existence fails is gone, and stays gone even if the
        condition comes back (the source returning to play is a new card, CR 203.4)."""
        if not self._watch.lapsing:
            return  # no card in play has an effect with a condition
        cards = self.cards
        lapsing = False
        for p in self.players:
            for cid in (p.hero, *p.play):
                c = cards[cid]
                if not c.effects:
                    continue
                for e in c.effects:
                    if "while" in e:
                        break
                else:
                    continue  # no effect of it has a condition
                lapsing = True
                keep = [e for e in c.effects if "while" not in e or self.condition_holds(e)]
                if len(keep) != len(c.effects):
                    c.effects = keep
                    self._watch.may_die.add(cid)  # an animation may have gone with them (CR 108.2)
                    self.emit(E.EffectEnded(card=cid))
        self._watch.lapsing = lapsing
