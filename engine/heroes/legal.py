"""Listing the legal actions of «Берсерк. Герои» and saying why an action is not one.

The choices of each decision (CR 301.7 mulligan, 304.3 reveal, 305-309 the main stage, 402 declaring
triggers, 509 defenders) and the reasons a player reads when an action is refused (CR 514).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, permutations
from typing import Any

from engine.core.actions import Action
from engine.core.compiled import mypyc_attr
from engine.core.errors import IllegalAction
from engine.core.timing import TimeLimit, TimeOut, time_out_refusal
from engine.heroes import actions as A
from engine.heroes import pending as P
from engine.heroes import registry as R
from engine.heroes.abilities import HAVING
from engine.heroes.actiontable import ActionTable
from engine.heroes.carddef import CardDef, Declaration
from engine.heroes.chains import chains
from engine.heroes.effects import Effects
from engine.heroes.state import CardState

_MUST_ATTACK = frozenset(k.name for k in HAVING["must_attack"])  # Бешенство: CR 7
_NO_WEAKNESS = frozenset(k.name for k in HAVING["no_weakness"])  # Рывок: CR 107.5
_END_TURN = A.EndTurn()
_NO_DEFENSE = A.NoDefense()
_NONE: frozenset[str] = frozenset()
_NO_X: tuple[None] = (None,)  # the X of an ability or card without one
_new = object.__new__
_MULLIGAN_INIT = A.Mulligan.__init__
_USE_KEYS = tuple(f"a{i}" for i in range(16))  # CardState.used keys of activated abilities 0..15 (CR 114.4)


def _illegal(code: str, ru: str, en: str) -> IllegalAction:
    return IllegalAction(code, ru, en)

# The actions each kind of decision takes (_why: an action of another kind is refused as out of turn).
_EXPECTED: dict[str, type | tuple[type, ...]] = {
    "order": A.ChooseOrder, "mulligan": A.Mulligan, "reveal": A.Reveal, "defender": (A.Defend, A.NoDefense),
    "triggers": (A.DeclareTrigger, A.DeclineTrigger), "choose": A.Choose,
    "draw_offer": (A.AcceptDraw, A.DeclineDraw),
    "main": (A.Play, A.Attack, A.Activate, A.EndTurn, A.WoundUndead),
}


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant of the game may subclass it
class Legal(Effects):
    """The legal actions of the decision at hand, and why others are not."""

    _actions: ActionTable  # the actions this game has listed (shared with its clones)
    draw_offers: list[int]  # players who have offered a draw this turn (one each, CR 603.2)
    time_limit: TimeLimit | None  # a timed game's limit (engine.core.timing)
    timed_out: int | None  # the turn in which its time ran out (CR 603.1 (3))

    def check_caches(self) -> None:
        """Also: the legal actions listed through this game's ActionTable (interned actions, attack lists kept
        by their targets, one-target actions kept by their candidates) equal those listed with an empty table,
        each card holds its own card's definition, and the flags compiled into each card definition in play say
        what its printed keywords say."""
        super().check_caches()
        defs = self.pool.cards
        for c in self.cards.values():
            assert c.d is defs[c.card], f"card {c.id} holds another definition than its card {c.card!r}"
        for p in self.players:
            for cid in (p.hero, *p.play):
                d = self.cards[cid].d
                printed = [R.KEYWORDS[name] for name in d.keyword_map]
                assert (d.creature, d.haste, d.frenzy, d.undead, d.spell_shield) == (
                    d.type == "creature", any(k.no_weakness for k in printed), any(k.must_attack for k in printed),
                    "undead" in d.keyword_map, "spells" in d.keyword_values("protection", "from")), \
                    f"compiled flags of {d.id} differ from its keywords"
                assert [(r.index, r.ability, r.times, r.tap, r.coins, r.prayers, r.wounds, r.x) for r in d.activations] \
                    == [(i, ab, ab["times"], *(ab["cost"][k] for k in ("tap", "coins", "prayers", "wounds", "x")))
                        for i, ab in d.activated], f"compiled activated abilities of {d.id} differ from its abilities"
        if self.pending is None:
            return
        listed = self._enumerate()
        kept = self._actions
        self._actions = ActionTable()
        try:
            fresh = self._enumerate()
        finally:
            self._actions = kept
        assert listed == fresh, f"stale action table: {[str(a) for a in listed]} != {[str(a) for a in fresh]}"

    # ================================================================== enumeration
    def _enumerate(self) -> list[Action]:
        self._targets_memo = {}
        try:
            pend = self.pending
            if pend is not None and pend.kind == "main":
                return self._main_actions(pend.player)  # four decisions in five: without a call more
            return self._enumerate_pending()
        finally:
            self._targets_memo = None

    def _enumerate_pending(self) -> list[Action]:
        pend = self.pending
        assert pend is not None
        kind = pend.kind
        p = pend.player
        if kind == "main":
            return self._main_actions(p)  # four decisions in five: asked first
        if kind == "order":
            return [A.ChooseOrder(first=True), A.ChooseOrder(first=False)]
        if kind == "mulligan":
            hand = self.players[p].hand
            out: list[Action] = []
            for n in range(len(hand) + 1):
                for combo in permutations(hand, n):
                    made = _new(A.Mulligan)  # as in ActionTable: 65 of them for a hand of four
                    _MULLIGAN_INIT(made, cards=combo)
                    out.append(made)
            return out
        if kind == "reveal":
            assert isinstance(pend, P.RevealHidden)
            hidden = pend.cards
            return [A.Reveal(cards=c) for n in range(len(hidden) + 1) for c in combinations(hidden, n)]
        if kind == "defender":
            table = self._actions
            assert isinstance(pend, P.AssignDefender)
            out = [_NO_DEFENSE]
            out.extend([table.defends.get(c) or table.defend(c) for c in pend.options])
            return out
        if kind == "triggers":
            out = []
            for t in self.waiting:
                if t.controller != p:
                    continue
                if self._trigger_affordable(t):
                    for modes, effects in chains(t.effects, t.modes):
                        opts = self._ability_targets(effects, t.source, t.controller, spell=False)
                        out.extend(A.DeclareTrigger(trigger=t.tid, targets=o, modes=modes) for o in opts)
                if t.may:
                    out.append(A.DeclineTrigger(trigger=t.tid))
            return out
        if kind == "choose":
            assert isinstance(pend, P.ChooseCards)
            return [A.Choose(cards=c) for n in range(pend.min, pend.max + 1) for c in combinations(pend.options, n)]
        if kind == "draw_offer":
            return [A.AcceptDraw(), A.DeclineDraw()]
        raise AssertionError(kind)

    def _frenzied(self, p: int) -> list[int]:
        """Creatures with Бешенство that can strike now: they must attack first (CR 7 Бешенство)."""
        return [cid for cid in self.players[p].play if self._must_attack(cid) and self.can_attack(cid)]

    def _must_attack(self, cid: int) -> bool:
        return self.has_any(cid, HAVING["must_attack"])

    def _main_actions(self, p: int) -> list[Action]:
        out: list[Action] = []
        pl = self.players[p]
        cards = self.cards
        auras = self._aura_cache
        if auras is None:
            auras = self.aura_index
        # A plain card (no effects, modules or hiding) has its printed keywords and those the grant auras give
        # (CR 115): a keyword no aura gives is read from its card's compiled flags, as kw() would. An empty
        # "used" has no marker to look up.
        grants = auras.get("grant")
        granted = frozenset([ab["keyword"] for _, ab in grants]) if grants else _NONE
        haste_given, undead_given = not _NO_WEAKNESS.isdisjoint(granted), "undead" in granted
        frenzy_given = not _MUST_ATTACK.isdisjoint(granted)
        able = []
        frenzied = []  # CR 7 Бешенство: they must attack first
        acts: list[Action] = []  # the activations, listed after every attack (CR 308)
        turn = self.turn
        coins = pl.open_coins
        table = self._actions
        attacking = p == self.active  # a squad's cards are its player's, in play (check_caches asserts it)
        hero = cards[pl.hero]
        if hero.effects or hero.attached:
            self._activations_now(pl.hero, p, acts)
        elif not hero.hidden:
            d = hero.d
            if d.activations:
                self._plain_activations(pl.hero, hero, d, p, coins, haste_given, acts)
        # One pass over the squad for both attacks and activations.
        for cid in pl.play:
            c = cards[cid]
            if c.effects or c.attached:
                if attacking and self.can_attack(cid):
                    able.append(cid)
                    if self._must_attack(cid):
                        frenzied.append(cid)
                self._activations_now(cid, p, acts)
                continue
            if c.hidden:
                continue  # CR 7 Скрытое существо: it neither attacks nor uses abilities
            d = c.d
            # can_attack(), written out: open, not yet attacked (CR 107.2), a creature, and free of first-turn
            # weakness unless it has Рывок (CR 107.5).
            if attacking and not c.tapped and not (c.used and c.used.get("attack", 0) >= 1):
                if haste_given or frenzy_given:
                    if self.can_attack(cid):
                        able.append(cid)
                        if self._must_attack(cid):
                            frenzied.append(cid)
                elif d.creature and (c.arrived != turn or d.haste):
                    able.append(cid)
                    if d.frenzy:
                        frenzied.append(cid)
            if d.activations:
                self._plain_activations(cid, c, d, p, coins, haste_given, acts)
        # One pass over the enemy squad for attack_targets(), written out (the same enemies for each attacker of
        # this side: the enemy hero and the creatures of the enemy squad, no hidden ones, CR 507.1, 7 Скрытое
        # существо), and for the Undead that may be wounded with coins (CR 7 Немёртвый), listed after the plays.
        enemy = self.players[1 - p]
        found = [enemy.hero]
        undead = []
        for cid in enemy.play:
            c = cards[cid]
            if c.hidden:
                continue
            if c.effects or c.attached:
                if self.is_creature(cid):
                    found.append(cid)
                if not (c.used and c.used.get("undead")) and self.kw(cid, "undead"):
                    undead.append(cid)
                continue
            d = c.d
            if d.creature:
                found.append(cid)
            if (d.undead or (undead_given and self.kw(cid, "undead"))) and not (c.used and c.used.get("undead")):
                undead.append(cid)
        attackers = frenzied or able
        if attackers:
            targets = tuple(found)
            lists = table.attack_lists.get(targets)
            if lists is None:
                lists = table.attack_lists_on(targets)
            for a in attackers:
                known = lists.get(a)
                out.extend(known if known is not None else table.attacks_on(lists, a, targets))
        if frenzied:
            # CR 7 Бешенство (and the rulebook glossary): the strike is owed at the empty Queue before
            # anything else is declared: no other attack, shots of activated abilities included, no card,
            # no ability of the hero or of any other card, no ending the turn.
            return out
        out.extend(acts)
        if "cost" in auras:
            plain = table.plain_plays
            for cid in pl.hand:
                # an aura may change what each card costs (CR 203.2)
                d = cards[cid].d
                if d.plain_play and not d.x_cost:
                    if self.cost(cid) <= coins:  # _plays() of a card played one way
                        out.append(plain.get(cid) or table.plain_play(cid))
                    continue
                out.extend(self._plays(cid, p))
        else:
            plain = table.plain_plays
            for cid in pl.hand:
                d = cards[cid].d
                if d.x_cost:
                    out.extend(self._plays(cid, p))
                    continue
                # The quick form of _plays for a card whose cost no aura changes.
                if d.hand_cost > coins:
                    continue  # cannot pay for it
                if d.plain_play:
                    out.append(plain.get(cid) or table.plain_play(cid))
                    continue
                out.extend(self._plays(cid, p, affordable=True))
        for cid in undead:
            out.extend([A.WoundUndead(card=cid, x=x) for x in range(1, coins + 1)])
        out.append(_END_TURN)
        return out

    def _activations_now(self, cid: int, p: int, out: list[Action]) -> None:
        """Add the activations of a card with effects or modules: the abilities it has now (CR 111.5, 7 Модуль)."""
        c = self.cards[cid]
        for idx, ab in self._activated(cid):
            if (c.used.get(_USE_KEYS[idx] if idx < len(_USE_KEYS) else f"a{idx}", 0) if c.used else 0) < ab["times"]:
                if ab["cost"]["tap"] and c.tapped:
                    continue  # CR 506.1: tapping is part of the price (_activations' first check, asked here)
                out.extend(self._activations(cid, idx, ab, p))  # CR 114.4: once per turn unless it says otherwise

    def _plain_activations(self, cid: int, c: CardState, d: CardDef, p: int, coins: int, haste_given: bool,
                           out: list[Action]) -> None:
        """Add the activations of a plain card (no effects, modules or hiding): its printed activated abilities,
        compiled, with _activations' checks written out (``haste_given``: some aura may give Рывок)."""
        used = c.used
        prayers = self.players[p].prayers
        for r in d.activations:
            if used and used.get(r.used_key, 0) >= r.times:
                continue  # CR 114.4: once per turn unless it says otherwise
            if (r.tap and c.tapped) or prayers < r.prayers or (not r.x and coins < r.coins):
                continue  # CR 506.1: tapping is part of the price
            if c.arrived == self.turn and d.creature and not d.haste \
                    and (not haste_given or not self.has_any(cid, HAVING["no_weakness"])):
                continue  # CR 209.2, 107.5: no activated ability on the turn it came under this control
            if r.wounds and self.lives_left(cid) <= 0:
                continue
            if r.untargeted:
                made = self._actions.untargeted.get((cid, r.index))
                out.extend(made if made is not None else self._actions.untargeted_activations(cid, r))
                continue
            out.extend(self._declared_activations(cid, r.index, r.declared, p,
                                                  range(1, coins - r.coins + 1) if r.x else _NO_X))

    def _activated(self, cid: int) -> list[tuple[int, dict[str, Any]]]:
        """(index, ability) of each activated ability it has now; the index counts over all its parts."""
        if self.cards[cid].hidden:
            return []
        out = []
        idx = 0
        for part in self.ability_parts(cid):
            for ab in part.abilities:
                if ab["kind"] == "activate":
                    out.append((idx, ab))
                idx += 1
        return out

    def _activations(self, cid: int, idx: int, ab: dict[str, Any], p: int) -> list[Action]:
        """The activations of ability ``idx`` of ``cid``, whose use this turn _main_actions has checked."""
        c = self.cards[cid]
        cost = ab["cost"]
        pl = self.players[p]
        # Every check below must pass; the cheap ones come first.
        if c.hidden or pl.prayers < cost["prayers"] or (cost["tap"] and c.tapped):
            return []  # CR 506.1: tapping is part of the price
        coins = pl.coins + pl.temp_coins - pl.tapped_coins  # open coins
        if not cost["x"] and coins < cost["coins"]:
            return []
        if c.arrived == self.turn and self.is_creature(cid) and not self.has_any(cid, HAVING["no_weakness"]):
            return []  # CR 209.2, 107.5: no activated ability on the turn it came under this control
        # (a price with tapping needs can_act(): open, not hidden and free of first-turn weakness, all checked
        # above, and in play, as every card of a squad and every hero is)
        if cost["wounds"] and self.lives_left(cid) <= 0:
            return []
        known_declared = self._actions.declarations.get(id(ab))
        declared = known_declared[1] if known_declared is not None and known_declared[0] is ab \
            else self._actions.declared(ab)
        return self._declared_activations(cid, idx, declared, p,
                                          range(1, coins - cost["coins"] + 1) if cost["x"] else _NO_X)

    def _declared_activations(self, cid: int, idx: int, declared: tuple[Declaration, ...], p: int,
                              xs: Sequence[int | None]) -> list[Action]:
        """The activations of ability ``idx`` of ``cid``, payable and usable now, for each X of ``xs`` (CR 512.4:
        X is never 0) and each way to declare it."""
        out: list[Action] = []
        table = self._actions
        known = table.activates
        for modes, effects, slot_specs, optional, slot in declared:
            if slot is not None:
                # The usual targeted ability: one slot, its candidates' actions kept from the last listing.
                cands = self.slot_candidates(slot, cid, p, False)[:400]  # target_options' limit
                for x in xs:
                    out.extend(table.activations_on((cid, idx, x, modes), cands))
                continue
            opts = self._declared_targets(effects, slot_specs, optional, cid, p, False)
            for x in xs:
                for o in opts:
                    key = (cid, idx, o, x, modes)
                    out.append(known.get(key) or table.activate(key))
        return out

    def _declared_targets(self, effects: Any, slot_specs: tuple[dict[str, Any], ...], optional: bool,
                          source: int | None, p: int, spell: bool) -> list[tuple[int, ...]]:
        """_ability_targets() for a worked-out declaration: the usual one-slot case without the product."""
        if not slot_specs:
            return [()]
        if optional or len(slot_specs) > 1:
            return self.target_options(effects, source, p, spell)
        return [(t,) for t in self.candidates(slot_specs[0], source, p, spell)[:400]]  # target_options' limit

    def _plays(self, cid: int, p: int, affordable: bool = False) -> list[Action]:
        """The ways to play ``cid`` from hand (``affordable``: its cost, X aside, is known to be paid)."""
        d = self.cards[cid].d
        pl = self.players[p]
        if d.type == "hero":
            return []
        xs: list[int | None] = [None]
        if d.x_cost:
            xs = [x for x in range(1, pl.open_coins + 1) if self.cost(cid, x) <= pl.open_coins]  # CR 512.3.1
        elif not affordable and self.cost(cid) > pl.open_coins:
            return []
        out: list[Action] = []
        table = self._actions
        known = table.plays
        if d.type == "spell":
            for modes, effects, slot_specs, optional, slot in d.play_options:
                if slot is not None:
                    # The usual targeted spell: one slot, its candidates' plays kept from the last listing.
                    cands = self.slot_candidates(slot, None, p, True)[:400]  # CR 210.2, 523.2
                    for x in xs:
                        out.extend(table.plays_on((cid, x, modes), cands))
                    continue
                opts = self._declared_targets(effects, slot_specs, optional, None, p, True)  # CR 210.2, 523.2
                for x in xs:
                    out.extend([known.get(k) or table.play(k) for k in [(cid, o, x, modes, None) for o in opts]])
            return out
        for x in xs:
            key = (cid, (), x, (), None)
            out.append(known.get(key) or table.play(key))
        if d.type == "creature" and d.keyword_map.get("module"):
            for host in pl.play:
                if self.is_mechanism(host) and not self.cards[host].hidden:
                    out.extend(A.Play(card=cid, x=x, attach=host) for x in xs)
        return out

    # ================================================================== why illegal
    def _why(self, action: Action) -> IllegalAction:
        pend = self.pending
        kind = pend.kind if pend is not None else None
        expected = _EXPECTED.get(kind or "", ())
        if not isinstance(action, expected):
            return _illegal("wrong_decision", f"Сейчас нужно другое решение: {self.prompt('ru')}",
                            f"A different decision is due now: {self.prompt('en')}")
        assert pend is not None  # (no decision expects nothing)
        p = pend.player
        if isinstance(action, A.Play):
            if action.card not in self.players[p].hand:
                return _illegal("not_in_hand", "Этой карты нет у вас в руке.", "That card is not in your hand.")
            if self._frenzied(p):
                return _illegal("frenzy", "Сначала должно атаковать существо с Бешенством.",
                                "A creature with Frenzy must attack first.")
            if self.cost(action.card, action.x or 0) > self.players[p].open_coins:
                return _illegal("coins", "Не хватает открытых монет.", "Not enough open coins.")
            return _illegal("targets", "Неподходящие цели или X для этой карты.",
                            "Those targets or that X do not fit this card.")
        if isinstance(action, A.Attack):
            a = action.attacker
            if a not in self.cards or self.cards[a].zone != "play" or self.cards[a].controller != p:
                return _illegal("not_yours", "Атаковать может только ваше существо в игре.",
                                "Only your creature in play can attack.")
            c = self.cards[a]
            if c.used.get("attack"):
                return _illegal("attacked", "Это существо уже атаковало в этот ход.",
                                "That creature has already attacked this turn.")
            if c.tapped:
                return _illegal("tapped", "Закрытое существо не может атаковать.", "A tapped creature cannot attack.")
            if c.arrived == self.turn and not self.has_any(a, HAVING["no_weakness"]):
                return _illegal("weakness", "Слабость первого хода: существо вошло в игру в этот ход.",
                                "First-turn weakness: the creature arrived this turn.")
            if self._frenzied(p) and a not in self._frenzied(p):
                return _illegal("frenzy", "Сначала должно атаковать существо с Бешенством.",
                                "A creature with Frenzy must attack first.")
            return _illegal("target", "Эту цель нельзя атаковать.", "That target cannot be attacked.")
        if isinstance(action, A.Activate):
            if action.card in self.cards and self.cards[action.card].used.get(f"a{action.ability}"):
                return _illegal("used", "Эта способность уже использована в этот ход.",
                                "That ability has already been used this turn.")
            got = self.cards.get(action.card)
            if got is not None and got.arrived == self.turn and self.is_creature(got.id) \
                    and not self.has_any(got.id, HAVING["no_weakness"]):
                return _illegal("weakness", "Слабость первого хода: существо вошло в игру в этот ход.",
                                "First-turn weakness: the creature arrived this turn.")
            if self._frenzied(p):
                return _illegal("frenzy", "Сначала должно атаковать существо с Бешенством.",
                                "A creature with Frenzy must attack first.")
            return _illegal("ability", "Эту способность сейчас нельзя использовать так.",
                            "That ability cannot be used like that now.")
        if isinstance(action, A.EndTurn) and self._frenzied(p):
            return _illegal("frenzy", "Существо с Бешенством обязано атаковать.", "A creature with Frenzy must attack.")
        if isinstance(action, A.WoundUndead) and self._frenzied(p):
            return _illegal("frenzy", "Сначала должно атаковать существо с Бешенством.",
                            "A creature with Frenzy must attack first.")
        if isinstance(action, A.Defend):
            return _illegal("defender", "Это существо не может защищать.", "That creature cannot defend.")
        return _illegal("illegal", "Это действие сейчас невозможно.", "That action is not possible now.")

    def _check_meta(self, action: Action) -> None:
        if isinstance(action, TimeOut):  # CR 603.1 (3): the runner's clock against the recorded limit
            refusal = time_out_refusal(self.time_limit, action, self.timed_out is not None)
            if refusal is not None:
                raise refusal
            return
        assert isinstance(action, A.Concede | A.OfferDraw | A.Forfeit)  # META_ACTIONS
        if action.player not in (0, 1):
            raise _illegal("player", "Нет такого игрока.", "There is no such player.")
        if isinstance(action, A.OfferDraw) and self.pending is not None and self.pending.kind == "draw_offer":
            raise _illegal("offer", "Ничья уже предложена.", "A draw is already on offer.")
        if isinstance(action, A.OfferDraw) and action.player in self.draw_offers:
            # CR 603.2: a refused offer may not be pressed. One offer per player per turn also keeps an
            # offer-and-refuse loop from growing the action log (and a save) without end.
            raise _illegal("offer_again", "В этот ход вы уже предлагали ничью; предложить снова можно в следующий ход.",
                           "You have already offered a draw this turn; you may offer again next turn.")

    def can_offer_draw(self, player: int) -> bool:
        """May this player offer a draw now (no offer on the table, none of theirs this turn, CR 603.2)?"""
        try:
            self._check_meta(A.OfferDraw(player=player))
        except IllegalAction:
            return False
        return self._outcome is None

    def prompt(self, lang: str = "ru") -> str:
        """One line naming who decides what (for the client and error messages)."""
        if self.pending is None:
            return "Игра окончена." if lang == "ru" else "The game is over."
        kind = self.pending.kind
        who = self.players[self.pending.player].name
        texts = {
            "order": ("решите, ходить первым или вторым", "choose to go first or second"),
            "mulligan": ("пересдача: какие карты убрать под колоду", "mulligan: which cards go under the deck"),
            "reveal": ("какие скрытые существа раскрыть", "which hidden creatures to reveal"),
            "main": ("ваш ход: сыграйте карту, атакуйте или завершите ход",
                     "your turn: play a card, attack or end the turn"),
            "defender": ("назначьте защитника или откажитесь", "assign a defender or decline"),
            "triggers": ("заявите срабатывающие способности в Очередь", "declare triggered abilities into the Queue"),
            "choose": ("сделайте выбор", "make a choice"),
            "draw_offer": ("противник предлагает ничью", "your opponent offers a draw"),
        }[kind]
        return f"{who}: {texts[0] if lang == 'ru' else texts[1]}"
