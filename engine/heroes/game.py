"""«Берсерк. Герои» as a game: the decision flow, legal actions, triggers and the Queue.

CR part 3 (preparation and turn), part 4 (the Queue) and part 6 (victory) live here; card
properties, wounds and combat are in :mod:`mechanics`, targets and effects in :mod:`effects`.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, permutations
from typing import Any

from engine.core.actions import Action
from engine.core.data import json_copy as _copy
from engine.core.errors import IllegalAction
from engine.core.game import DecisionGame
from engine.core.rng import Rng
from engine.heroes import actions as A
from engine.heroes.carddef import declarations
from engine.heroes.effects import Effects, chains, slots
from engine.heroes.mechanics import Mechanics
from engine.heroes.pool import CardPool, deck_problems
from engine.heroes.state import CardState, PlayerState

VERSION = 1
CHECK_CACHES = False  # after every action, compare each cache with a fresh computation (for tests)


HAND_SIZE = 4  # CR 301.6
MAX_COINS = 10  # CR 304.1
FAILED_DRAWS_TO_LOSE = 3  # CR 304.2


# Printed activated abilities (never changed in a game) -> their declarations; the ability itself is
# kept alongside, which keeps its id from being reused.
_DECLARATIONS: dict[int, tuple[dict[str, Any], Any]] = {}
_META = frozenset(A.META_ACTIONS)
_HANDLERS: dict[tuple[type, type], Any] = {}  # (game class, action class) -> its _do_<action class>
# Events that set off the card's own triggered abilities (collect); death also sets off others'.
_OWN_EVENTS = frozenset(("enter", "death", "strike", "defend", "wounded", "turn_start", "turn_end", "spell_cast",
                         "enemy_spell"))  # accepted at any time, whoever decides (checked by _check_meta)


# Actions are immutable values, and the legal actions of one decision are mostly those of the last:
# each distinct one is built once and handed out again (building a frozen dataclass costs far more than
# finding it). A table that grows past _INTERN_CAP starts again.
_INTERN_CAP = 20000
_ATTACKS: dict[tuple[int, int], A.Attack] = {}
_ATTACK_LISTS: dict[tuple[int, tuple[int, ...]], list[A.Attack]] = {}  # read only: extend() copies them
_PLAYS: dict[tuple[Any, ...], A.Play] = {}
_ACTIVATES: dict[tuple[Any, ...], A.Activate] = {}
_DEFENDS: dict[int, A.Defend] = {}
_END_TURN = A.EndTurn()
_NO_DEFENSE = A.NoDefense()


def _interned(table: dict[Any, Any], key: Any, make: Callable[[], Any]) -> Any:
    """Build, keep and return the value for ``key`` (callers look in ``table`` first)."""
    if len(table) > _INTERN_CAP:
        table.clear()
    made = table[key] = make()
    return made


def _attack(attacker: int, target: int) -> A.Attack:
    return _interned(_ATTACKS, (attacker, target), lambda: A.Attack(attacker=attacker, target=target))


def _attacks(attacker: int, targets: tuple[int, ...]) -> list[A.Attack]:
    """The attacks of one attacker on these targets, in order (kept: the same list comes back often)."""
    return _interned(_ATTACK_LISTS, (attacker, targets),
                     lambda: [_ATTACKS.get((attacker, t)) or _attack(attacker, t) for t in targets])


def _play(key: tuple[Any, ...]) -> A.Play:
    """key: (card, targets, x, modes, attach)."""
    card, targets, x, modes, attach = key
    return _interned(_PLAYS, key, lambda: A.Play(card=card, targets=targets, x=x, modes=modes, attach=attach))


def _activate(key: tuple[Any, ...]) -> A.Activate:
    """key: (card, ability, targets, x, modes)."""
    card, ability, targets, x, modes = key
    return _interned(_ACTIVATES, key,
                     lambda: A.Activate(card=card, ability=ability, targets=targets, x=x, modes=modes))


def _defend(card: int) -> A.Defend:
    return _interned(_DEFENDS, card, lambda: A.Defend(card=card))


def _illegal(code: str, ru: str, en: str) -> IllegalAction:
    return IllegalAction(code, ru, en)


class HeroesGame(Mechanics, Effects, DecisionGame):
    """A game of «Берсерк. Герои» between players 0 and 1."""

    ruleset = "heroes"

    def __init__(self, pool: CardPool) -> None:
        self.pool = pool
        self.seed = 0
        self.rng = Rng(0)
        self.turn = 0
        self.active = 0
        self.first: int | None = None
        self.phase = "setup"
        self.pending: dict[str, Any] | None = None
        self.suspended: dict[str, Any] | None = None  # the decision a draw offer interrupted
        self.queue: list[dict[str, Any]] = []
        self.waiting: list[dict[str, Any]] = []  # triggers waiting to be declared (CR 401.4)
        self.combat: dict[str, Any] | None = None
        self._outcome: dict[str, Any] | None = None
        self.next_id = 1
        self.next_tid = 1
        self.players: list[PlayerState] = []
        self.cards: dict[int, CardState] = {}
        self._events: list[dict[str, Any]] = []
        self._legal: list[Action] | None = None
        self._legal_set: set[Action] | None = None
        self._aura_cache: dict[str, list[tuple[int, dict[str, Any]]]] | None = None
        self._entered_top: int | None = None  # the highest CardState.entered (a cache, never saved)
        self._lives_lowered = False  # built with the aura index: some life aura has a negative amount
        self._targets_memo: dict[Any, Any] | None = None  # candidates() while legal actions are listed
        # CR 505.1.1: what brought a card to 0 lives (source, kind, source's controller) until it dies;
        # filled and emptied within one step, so it is never part of a saved state.
        self._doom: dict[int, tuple[int | None, str, int | None]] = {}

    # ================================================================== creation
    @classmethod
    def new(cls, pool: CardPool, decks: list[tuple[str, list[str]]], *, seed: int = 0,
            names: tuple[str, str] = ("Игрок 1", "Игрок 2"), deck_ids: tuple[str, str] = ("", ""),
            check_decks: bool = True) -> HeroesGame:
        """Start a game: heroes in play, the first-player die roll (CR 301.3-301.4)."""
        if len(decks) != 2:
            raise ValueError("a game needs two decks")
        for i, (hero, cards) in enumerate(decks):
            if check_decks:
                problems = deck_problems(pool, hero, cards)
                if problems:
                    raise ValueError(f"deck of player {i + 1} is not legal: " + "; ".join(problems))
            for cid in [hero, *cards]:
                if cid not in pool.cards:
                    raise ValueError(f"unknown card {cid!r} in deck of player {i + 1}")
        g = cls(pool)
        g.seed = seed
        g.rng = Rng(seed)
        for i, (hero, _) in enumerate(decks):
            hid = g.new_card(hero, i, "play")
            g.players.append(PlayerState(name=names[i], hero=hid, deck_id=deck_ids[i]))
        for i, (_, cards) in enumerate(decks):
            for card_id in cards:
                cid = g.new_card(card_id, i, "deck")
                g.players[i].deck.append(cid)
        g._events = []
        # CR 301.4: both roll a die, re-rolling ties; the higher roll chooses who goes first.
        while True:
            r0, r1 = g.rng.die(), g.rng.die()
            g.emit("die", player=0, value=r0)
            g.emit("die", player=1, value=r1)
            if r0 != r1:
                break
        winner = 0 if r0 > r1 else 1
        g.pending = {"kind": "order", "player": winner}
        g.setup_events = list(g._events)
        return g

    def new_card(self, card_id: str, owner: int, zone: str) -> int:
        cid = self.next_id
        self.next_id += 1
        self.cards[cid] = CardState(id=cid, card=card_id, owner=owner, controller=owner, zone=zone)
        return cid

    # ================================================================== decision API
    def apply(self, action: Action) -> list[dict[str, Any]]:
        if self._outcome is not None:
            raise _illegal("game_over", "Игра уже окончена.", "The game is already over.")
        if type(action) in _META:
            self._check_meta(action)
        else:
            legal = self._legal
            if legal is None:
                legal = self._legal = self._enumerate() if self.pending else []
            # Usually the action is one of the listed objects; an equal one (say, parsed from text) is
            # found through the set, built only then.
            for listed in legal:
                if listed is action:
                    break
            else:
                if self._legal_set is None:
                    self._legal_set = set(legal)
                if action not in self._legal_set:
                    raise self._why(action)
        self._events = []
        self._legal = None
        self._legal_set = None
        key = (type(self), type(action))
        handler = _HANDLERS.get(key)
        if handler is None:
            handler = _HANDLERS[key] = getattr(type(self), "_do_" + type(action).__name__)
        handler(self, action)
        self._advance()
        self._legal = None
        if CHECK_CACHES:
            self.check_caches()
        return self._events

    def check_caches(self) -> None:
        """Assert that every cache the engine keeps equals a fresh computation (tests switch this on
        through CHECK_CACHES; a failure means an invalidation is missing)."""
        kept = self._aura_cache
        if kept is not None:
            self._aura_cache = None
            fresh = self.aura_index
            self._aura_cache = kept

            def shape(index: dict[str, list[tuple[int, dict[str, Any]]]]) -> dict[str, list[tuple[int, int]]]:
                return {k: [(src, id(ab)) for src, ab in v] for k, v in index.items()}

            assert shape(kept) == shape(fresh), f"stale aura index: {shape(kept)} != {shape(fresh)}"
            assert self._lives_lowered == any(ab["amount"] < 0 for _, ab in kept.get("lives", ())), "stale flag"
        if self._entered_top is not None:
            assert self._entered_top == max(c.entered for c in self.cards.values()), "stale highest «entered»"

    def legal_actions(self) -> list[Action]:
        """Every action the deciding player may take now (conceding is accepted at any time too)."""
        if self._legal is None:
            self._legal = self._enumerate() if self.pending else []
            self._legal_set = None  # built by apply when it needs it
        return list(self._legal)

    def emit(self, event: str, /, **data: Any) -> None:
        data["t"] = event
        self._events.append(data)

    def finish(self, winner: int | None, reason: str) -> None:
        if self._outcome is None:
            self._outcome = {"winner": winner, "reason": reason}
            self.pending = None
            self.emit("game_over", winner=winner, reason=reason)

    # ================================================================== enumeration
    def _enumerate(self) -> list[Action]:
        self._targets_memo = {}
        try:
            return self._enumerate_pending()
        finally:
            self._targets_memo = None

    def _enumerate_pending(self) -> list[Action]:
        pend = self.pending
        assert pend is not None
        kind = pend["kind"]
        p = pend["player"]
        if kind == "order":
            return [A.ChooseOrder(first=True), A.ChooseOrder(first=False)]
        if kind == "mulligan":
            hand = self.players[p].hand
            out: list[Action] = []
            for n in range(len(hand) + 1):
                for combo in permutations(hand, n):
                    out.append(A.Mulligan(cards=combo))
            return out
        if kind == "reveal":
            hidden = pend["cards"]
            return [A.Reveal(cards=c) for n in range(len(hidden) + 1) for c in combinations(hidden, n)]
        if kind == "defender":
            return [_NO_DEFENSE] + [_DEFENDS.get(c) or _defend(c) for c in pend["options"]]
        if kind == "triggers":
            out = []
            for t in self.waiting:
                if t["controller"] != p:
                    continue
                if self._trigger_affordable(t):
                    for modes, effects in chains(t["effects"], t.get("modes")):
                        opts = self._ability_targets(effects, t["source"], t["controller"], spell=False)
                        out.extend(A.DeclareTrigger(trigger=t["tid"], targets=o, modes=modes) for o in opts)
                if t["may"]:
                    out.append(A.DeclineTrigger(trigger=t["tid"]))
            return out
        if kind == "choose":
            opts = pend["options"]
            return [A.Choose(cards=c) for n in range(pend["min"], pend["max"] + 1) for c in combinations(opts, n)]
        if kind == "draw_offer":
            return [A.AcceptDraw(), A.DeclineDraw()]
        if kind == "main":
            return self._main_actions(p)
        raise AssertionError(kind)

    def _frenzied(self, p: int) -> list[int]:
        """Creatures with Бешенство that can strike now: they must attack first (CR 7 Бешенство)."""
        return [cid for cid in self.players[p].play if self.kw(cid, "frenzy") and self.can_attack(cid)]

    def _main_actions(self, p: int) -> list[Action]:
        out: list[Action] = []
        pl = self.players[p]
        cards = self.cards
        defs = self.pool.cards
        auras = self._aura_cache
        if auras is None:
            auras = self.aura_index
        granting = "grant" in auras  # else a plain card has just its printed keywords (as in kw())
        able = []
        turn = self.turn
        for cid in pl.play:
            # can_attack(), written out: open, not hidden, ours, not yet attacked (CR 107.2), a creature, and
            # free of first-turn weakness unless it has Рывок (CR 107.5).
            c = cards[cid]
            if c.tapped or c.hidden or c.zone != "play" or c.controller != self.active or c.used.get("attack", 0) >= 1:
                continue
            d = defs[c.card]
            if c.effects or c.attached or granting:
                if self.can_attack(cid):
                    able.append(cid)
            elif d.type == "creature" and (c.arrived != turn or d.keyword_map.get("haste")):
                able.append(cid)
        frenzied = []  # CR 7 Бешенство: they must attack first
        for cid in able:
            c = cards[cid]
            if c.effects or c.attached or granting:
                if self.kw(cid, "frenzy"):
                    frenzied.append(cid)
            elif defs[c.card].keyword_map.get("frenzy"):
                frenzied.append(cid)
        attackers = frenzied or able
        if attackers:
            targets = tuple(self.attack_targets(attackers[0]))  # the same enemies for each attacker of this side
            for a in attackers:
                out.extend(_ATTACK_LISTS.get((a, targets)) or _attacks(a, targets))
        for cid in (pl.hero, *pl.play):
            if frenzied and cid == pl.hero:
                continue
            c = cards[cid]
            if c.effects or c.attached:
                activated = self._activated(cid)
            elif c.hidden:
                continue
            else:
                activated = defs[c.card].activated  # a plain card: its printed activated abilities
            for idx, ab in activated:
                if c.used.get(f"a{idx}", 0) < ab["times"]:  # CR 114.4 (the first check of _activations)
                    out.extend(self._activations(cid, idx, ab, p))
        if frenzied:
            return out
        coins = pl.open_coins
        costs_change = "cost" in auras
        for cid in pl.hand:
            d = defs[cards[cid].card]
            if not (d.x_cost or costs_change):
                # The quick form of _plays for a card whose cost no aura changes.
                if d.hand_cost > coins:
                    continue  # cannot pay for it
                if d.plain_play:
                    key = (cid, (), None, (), None)
                    out.append(_PLAYS.get(key) or _play(key))
                    continue
            out.extend(self._plays(cid, p))
        for enemy in self.players[1 - p].play:
            c = cards[enemy]
            if c.hidden or c.used.get("undead"):
                continue
            if c.effects or c.attached or granting:
                if not self.kw(enemy, "undead"):
                    continue
            elif not defs[c.card].keyword_map.get("undead"):
                continue
            out.extend([A.WoundUndead(card=enemy, x=x) for x in range(1, coins + 1)])
        out.append(_END_TURN)
        return out

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
        c = self.cards[cid]
        cost = ab["cost"]
        pl = self.players[p]
        # Every check below must pass; the cheap ones come first.
        if c.hidden or pl.prayers < cost["prayers"] or (cost["tap"] and c.tapped):
            return []  # CR 506.1: tapping is part of the price
        if not cost["x"] and pl.open_coins < cost["coins"]:
            return []
        if c.used.get(f"a{idx}", 0) >= ab["times"]:
            return []  # CR 114.4: once per turn unless it says otherwise
        if c.arrived == self.turn and self.is_creature(cid) and not self.kw(cid, "haste"):
            return []  # CR 209.2, 107.5: no activated ability on the turn it came under this control
        if cost["tap"] and not self.can_act(cid):
            return []  # CR 506.1
        if cost["wounds"] and self.lives_left(cid) <= 0:
            return []
        xs: list[int | None] = [None]
        if cost["x"]:
            xs = list(range(1, pl.open_coins - cost["coins"] + 1))  # CR 512.4: X is never 0
        out: list[Action] = []
        known = _DECLARATIONS.get(id(ab))
        if known is None or known[0] is not ab:
            if len(_DECLARATIONS) > _INTERN_CAP:
                _DECLARATIONS.clear()
            known = _DECLARATIONS[id(ab)] = (ab, declarations(ab["effects"], ab.get("modes")))
        for modes, effects, slot_specs, optional in known[1]:
            opts = self._declared_targets(effects, slot_specs, optional, cid, p, False)
            for x in xs:
                for o in opts:
                    key = (cid, idx, o, x, modes)
                    out.append(_ACTIVATES.get(key) or _activate(key))
        return out

    def _declared_targets(self, effects: Any, slot_specs: tuple[dict[str, Any], ...], optional: bool,
                          source: int | None, p: int, spell: bool) -> list[tuple[int, ...]]:
        """_ability_targets() for a worked-out declaration: the usual one-slot case without the product."""
        if not slot_specs:
            return [()]
        if optional or len(slot_specs) > 1:
            return self.target_options(effects, source, p, spell)
        return [(t,) for t in self.candidates(slot_specs[0], source, p, spell)[:400]]  # target_options' limit

    def _ability_targets(self, effects: Any, source: int | None, p: int, spell: bool) -> list[tuple[int, ...]]:
        if not slots(effects):
            return [()]
        return self.target_options(effects, source, p, spell)

    def _plays(self, cid: int, p: int) -> list[Action]:
        d = self.pool.cards[self.cards[cid].card]
        pl = self.players[p]
        if d.type == "hero":
            return []
        xs: list[int | None] = [None]
        if d.x_cost:
            xs = [x for x in range(1, pl.open_coins + 1) if self.cost(cid, x) <= pl.open_coins]  # CR 512.3.1
        elif self.cost(cid) > pl.open_coins:
            return []
        out: list[Action] = []
        if d.type == "spell":
            for modes, effects, slot_specs, optional in d.play_options:
                opts = self._declared_targets(effects, slot_specs, optional, None, p, True)  # CR 210.2, 523.2
                for x in xs:
                    out.extend([_PLAYS.get(k) or _play(k) for k in [(cid, o, x, modes, None) for o in opts]])
            return out
        for x in xs:
            key = (cid, (), x, (), None)
            out.append(_PLAYS.get(key) or _play(key))
        if d.type == "creature" and d.keyword_map.get("module"):
            for host in pl.play:
                if self.is_mechanism(host) and not self.cards[host].hidden:
                    out.extend(A.Play(card=cid, x=x, attach=host) for x in xs)
        return out

    # ================================================================== why illegal
    def _why(self, action: Action) -> IllegalAction:
        pend = self.pending or {}
        kind = pend.get("kind")
        expected = {
            "order": A.ChooseOrder, "mulligan": A.Mulligan, "reveal": A.Reveal, "defender": (A.Defend, A.NoDefense),
            "triggers": (A.DeclareTrigger, A.DeclineTrigger), "choose": A.Choose,
            "draw_offer": (A.AcceptDraw, A.DeclineDraw),
            "main": (A.Play, A.Attack, A.Activate, A.EndTurn, A.WoundUndead),
        }.get(kind or "", ())
        if not isinstance(action, expected):
            return _illegal("wrong_decision", f"Сейчас нужно другое решение: {self.prompt('ru')}",
                            f"A different decision is due now: {self.prompt('en')}")
        p = pend["player"]
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
            if c.arrived == self.turn and not self.kw(a, "haste"):
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
            c = self.cards.get(action.card)
            if c is not None and c.arrived == self.turn and self.is_creature(c.id) and not self.kw(c.id, "haste"):
                return _illegal("weakness", "Слабость первого хода: существо вошло в игру в этот ход.",
                                "First-turn weakness: the creature arrived this turn.")
            return _illegal("ability", "Эту способность сейчас нельзя использовать так.",
                            "That ability cannot be used like that now.")
        if isinstance(action, A.EndTurn) and self._frenzied(p):
            return _illegal("frenzy", "Существо с Бешенством обязано атаковать.", "A creature with Frenzy must attack.")
        if isinstance(action, A.Defend):
            return _illegal("defender", "Это существо не может защищать.", "That creature cannot defend.")
        return _illegal("illegal", "Это действие сейчас невозможно.", "That action is not possible now.")

    def _check_meta(self, action: A.Concede | A.OfferDraw) -> None:
        if action.player not in (0, 1):
            raise _illegal("player", "Нет такого игрока.", "There is no such player.")
        if isinstance(action, A.OfferDraw) and (self.pending or {}).get("kind") == "draw_offer":
            raise _illegal("offer", "Ничья уже предложена.", "A draw is already on offer.")

    def prompt(self, lang: str = "ru") -> str:
        """One line naming who decides what (for the client and error messages)."""
        if self.pending is None:
            return "Игра окончена." if lang == "ru" else "The game is over."
        kind = self.pending["kind"]
        who = self.players[self.pending["player"]].name
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

    # ================================================================== handlers
    def _do_ChooseOrder(self, a: A.ChooseOrder) -> None:
        chooser = self.pending["player"]  # type: ignore[index]
        self.first = chooser if a.first else 1 - chooser
        self.emit("order", first=self.first)
        for i in (0, 1):
            self.shuffle(i)  # CR 301.5
        for i in (0, 1):
            self.draw(i, HAND_SIZE)  # CR 301.6
        self.pending = {"kind": "mulligan", "player": self.first}  # CR 301.7.1: the first player declares first

    def _do_Mulligan(self, a: A.Mulligan) -> None:
        p = self.pending["player"]  # type: ignore[index]
        self.players[p].mulligan = list(a.cards)
        self.emit("mulligan_declared", player=p, count=len(a.cards))
        if p == self.first:
            self.pending = {"kind": "mulligan", "player": 1 - p}
            return
        for i in (self.first, 1 - self.first):  # type: ignore[operator]
            pl = self.players[i]
            back = pl.mulligan or []
            for cid in back:
                self.move(cid, "deck", top=False)
            if back:
                self.draw(i, len(back))
            pl.mulligan = None
        self.pending = None
        self._start_turn(self.first)  # type: ignore[arg-type]

    def _do_Reveal(self, a: A.Reveal) -> None:
        for cid in a.cards:
            c = self.cards[cid]
            c.hidden = False
            c.arrived = -1  # CR 7 Скрытое существо: revealed, it may act this turn
            self.emit("reveal", card=cid)
        self.pending = None
        self._turn_start_triggers()

    def _do_Play(self, a: A.Play) -> None:
        self.pending = None  # the choice is made; the Queue resolves before the next one (CR 401.3)
        p = self.active
        pl = self.players[p]
        cid = a.card
        d = self.cdef(cid)
        price = self.cost(cid, a.x or 0)
        pl.tapped_coins += price  # CR 501.2: pay on declaring
        self.emit("play", card=cid, player=p, cost=price, x=a.x)
        if d.type == "spell":
            # CR 210.2: the spell goes to the graveyard and its abilities into the Queue.
            effects = dict(chains(d.effects, d.modes))[a.modes]
            skip = self.empty_optional(effects, None, p, True)  # CR 119.5, as when the targets were listed
            self.move(cid, "grave")
            self.queue.append({"kind": "spell", "source": cid, "controller": p, "effects": list(effects),
                               "targets": list(a.targets), "x": a.x, "step": 0, "ctx": {}, "skip": skip})
            cards, defs = self.cards, self.pool.cards
            for other in [pl.hero, *pl.play]:
                o = cards[other]
                if o.effects or o.attached or "spell_cast" in defs[o.card].trigger_events:
                    self.collect("spell_cast", other, {"spell": cid})
            enemy = self.players[1 - p]
            for other in [enemy.hero, *enemy.play]:
                o = cards[other]
                if o.effects or o.attached or "enemy_spell" in defs[o.card].trigger_events:
                    self.collect("enemy_spell", other, {"spell": cid})
        elif a.attach is not None:
            self._attach(cid, a.attach)
        else:
            self.enter_play(cid, p, how="play", x=a.x)

    def _attach(self, cid: int, host: int) -> None:
        """CR 7 Модуль: join a module under a mechanism; its Найм still triggers."""
        c = self.cards[cid]
        self.players[c.owner].hand.remove(cid)
        c.zone = "attached"
        c.host = host
        c.controller = self.cards[host].controller
        self.cards[host].attached.append(cid)
        self._aura_cache = None
        self.emit("attach", card=cid, host=host)
        for ab_i, ab in enumerate(self.cdef(cid).abilities):
            if ab["kind"] == "trigger" and ab["on"] == "enter":
                self._queue_trigger(host, c.controller, ab, f"m{cid}.{ab_i}", {})

    def _do_Attack(self, a: A.Attack) -> None:
        att = self.cards[a.attacker]
        att.used["attack"] = att.used.get("attack", 0) + 1  # CR 107.2: once per turn
        self.emit("attack", attacker=a.attacker, target=a.target)
        self.combat = {"attacker": a.attacker, "target": a.target, "defender": None, "stage": "defend"}
        options = self.defenders_for(a.attacker, a.target)
        if options:
            self.pending = {"kind": "defender", "player": 1 - self.active, "options": options}
        else:
            self.pending = None
            self._resolve_attack()

    def _do_Defend(self, a: A.Defend) -> None:
        assert self.combat is not None
        self.combat["defender"] = a.card
        self.cards[a.card].used["defend"] = 1  # CR 509.3
        self.emit("defend", card=a.card, attacker=self.combat["attacker"])
        self.collect("defend", a.card, {"attacker": self.combat["attacker"]})
        self.pending = None
        self._resolve_attack()

    def _do_NoDefense(self, a: A.NoDefense) -> None:
        self.pending = None
        self._resolve_attack()

    def _resolve_attack(self) -> None:
        """CR 307.1, 510: the strike resolves; tapping waits until the Queue is empty (307.3)."""
        assert self.combat is not None
        att = self.combat["attacker"]
        target = self.combat["defender"] or self.combat["target"]
        self.combat["stage"] = "cleanup"
        if not self.in_play(att) or not self.in_play(target) or self.cards[target].hidden:
            return
        med = self.kw_value(target, "meditation")
        if med:
            # CR 7 Медитация X: the attacking player pays X coins; each missing coin wounds their hero.
            pl = self.players[self.cards[att].controller]
            paid = min(med, pl.open_coins)
            pl.tapped_coins += paid
            if med > paid:
                self.deal(pl.hero, med - paid, source=target, kind="ability")
            self.emit("meditation", card=target, paid=paid, missing=med - paid)
            self.check_state()
            if self._outcome or not self.in_play(att):
                return
        open_target = self.is_creature(target) and (not self.cards[target].tapped or target == self.combat["defender"])
        self.fight(att, target, retaliate=open_target)
        self.check_state()

    def _do_Activate(self, a: A.Activate) -> None:
        self.pending = None  # the choice is made; the Queue resolves before the next one (CR 401.3)
        p = self.active
        cid = a.card
        c = self.cards[cid]
        ab = dict(self._activated(cid))[a.ability]
        cost = ab["cost"]
        c.used[f"a{a.ability}"] = c.used.get(f"a{a.ability}", 0) + 1
        pl = self.players[p]
        if cost["tap"]:
            c.tapped = True
        pl.tapped_coins += cost["coins"] + (a.x or 0)
        pl.prayers -= cost["prayers"]
        if cost["wounds"]:
            c.wounds += cost["wounds"]  # CR 501.3: payment has no source
        self.emit("activate", card=cid, ability=a.ability, player=p, x=a.x)
        effects = dict(chains(ab["effects"], ab.get("modes")))[a.modes]
        self.queue.append({"kind": "ability", "source": cid, "controller": p, "effects": list(effects),
                           "targets": list(a.targets), "x": a.x, "step": 0, "ctx": {},
                           "skip": self.empty_optional(effects, cid, p, False)})  # CR 119.5
        self.check_state()

    def _do_WoundUndead(self, a: A.WoundUndead) -> None:
        self.pending = None
        self.players[self.active].tapped_coins += a.x
        self.cards[a.card].used["undead"] = 1
        self.emit("undead_wound", card=a.card, x=a.x)
        self.deal(a.card, a.x, source=None, kind="undead")
        self.check_state()

    def _do_EndTurn(self, a: A.EndTurn) -> None:
        self.pending = None
        self.phase = "end"
        self.emit("end_turn", player=self.active)
        pl = self.players[self.active]
        cards, defs = self.cards, self.pool.cards
        for cid in [pl.hero, *pl.play]:
            c = cards[cid]
            if c.effects or c.attached or c.wounds or "turn_end" in defs[c.card].trigger_events:
                self.collect("turn_end", cid, {})  # else nothing of it reacts (Регенерация needs wounds)
        self.fire_delayed("turn_end")  # CR 520.1
        for p in self.players:
            for cid in p.play:
                if self.cards[cid].return_eot:
                    self._queue_trigger(cid, self.cards[cid].controller,
                                        {"effects": ({"effect": "return_to_hand", "target": {"sel": "self"}},),
                                         "may": False, "each_time": True}, "eot_return", {})

    def _do_DeclareTrigger(self, a: A.DeclareTrigger) -> None:
        t = next(t for t in self.waiting if t["tid"] == a.trigger)
        self.waiting.remove(t)
        self._declare(t, a.targets, a.modes)
        self.pending = None

    def _do_DeclineTrigger(self, a: A.DeclineTrigger) -> None:
        t = next(t for t in self.waiting if t["tid"] == a.trigger)
        self.waiting.remove(t)
        self.emit("trigger_declined", source=t["source"], key=t["key"])
        self.pending = None

    def _do_Choose(self, a: A.Choose) -> None:
        self.queue[0]["choice"] = list(a.cards)
        self.pending = None

    def _do_Concede(self, a: A.Concede) -> None:
        self.emit("concede", player=a.player)
        self.finish(1 - a.player, "concede")

    def _do_OfferDraw(self, a: A.OfferDraw) -> None:
        self.suspended = self.pending
        self.pending = {"kind": "draw_offer", "player": 1 - a.player}
        self.emit("draw_offered", player=a.player)

    def _do_AcceptDraw(self, a: A.AcceptDraw) -> None:
        self.finish(None, "agreed_draw")  # CR 603.2

    def _do_DeclineDraw(self, a: A.DeclineDraw) -> None:
        self.pending = self.suspended
        self.suspended = None
        self.emit("draw_declined")

    # ================================================================== triggers
    def collect(self, event: str, cid: int, ctx: dict[str, Any]) -> None:
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

    def _keyword_triggers(self, event: str, cid: int, controller: int, ctx: dict[str, Any]) -> None:
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

    def _synthetic(self, cid: int, controller: int, key: str, effects: list[dict[str, Any]], ctx: dict[str, Any],
                   may: bool = False, pay: int = 0) -> None:
        self._queue_trigger(cid, controller, {"effects": tuple(effects), "may": may, "each_time": False,
                                              "pay_coins": pay}, "kw:" + key, ctx)

    def _queue_trigger(self, cid: int, controller: int, ab: dict[str, Any], key: str, ctx: dict[str, Any]) -> None:
        self.waiting.append({"tid": self.next_tid, "source": cid, "controller": controller,
                             "effects": [dict(e) for e in ab["effects"]], "modes": ab.get("modes"),
                             "may": ab.get("may", False),
                             "each_time": ab.get("each_time", False), "pay_coins": ab.get("pay_coins", 0),
                             "key": key, "ctx": dict(ctx)})
        self.next_tid += 1

    def _trigger_affordable(self, t: dict[str, Any]) -> bool:
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

    def _trigger_targets(self, t: dict[str, Any]) -> list[tuple[int, ...]]:
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

    def _declare(self, t: dict[str, Any], targets: tuple[int, ...], modes: tuple[int, ...] = ()) -> None:
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

    def lose_coins(self, p: int, n: int) -> int:
        """CR 521.5: the player chooses which coins go; closed ones first never hurts them."""
        pl = self.players[p]
        n = min(n, pl.coins)
        if n:
            pl.tapped_coins = max(0, pl.tapped_coins - n)
            pl.coins -= n
            pl.tapped_coins = min(pl.tapped_coins, pl.coins + pl.temp_coins)
            self.emit("coins", player=p, delta=-n)
        return n

    def _declaration_window(self) -> bool:
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

    def _advance(self) -> None:
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

    def _cycle(self, cheap: set[tuple[Any, ...]], full: dict[str, int]) -> bool:
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

    def _combat_cleanup(self) -> None:
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

    # ================================================================== turns
    def _start_turn(self, p: int) -> None:
        self.turn += 1
        self.active = p
        self.phase = "start"
        self.emit("turn", player=p, turn=self.turn)
        pl = self.players[p]
        # CR 303.1: "until the start of the turn" effects of this player end.
        self.end_effects(lambda e: e.get("until") == "next_turn" and e.get("by") == p)
        # CR 303.2: open the active player's cards and coins; Оглушение keeps a card closed once.
        for cid in [pl.hero, *pl.play]:
            c = self.cards[cid]
            if c.stunned:
                c.stunned = False
            else:
                c.tapped = False
        pl.tapped_coins = 0
        # CR 303.3: "X times per turn" markers and each turn's Броня reset.
        for c in self.cards.values():
            if c.used or c.armor_used or c.prevented:
                if c.used:
                    c.used = {}
                c.armor_used = 0
                if c.prevented:
                    c.prevented = {}
        if pl.coins < MAX_COINS:
            pl.coins += 1  # CR 304.1
            self.emit("coins", player=p, delta=1)
        if not (self.turn == 1 and p == self.first):
            # CR 304.2: draw; the third failed draw of the game loses.
            if not self.draw(p, 1):
                pl.failed_draws += 1
                self.emit("failed_draw", player=p, count=pl.failed_draws)
                if pl.failed_draws >= FAILED_DRAWS_TO_LOSE:
                    self.finish(1 - p, "deck")
                    return
        hidden = [cid for cid in pl.play if self.cards[cid].hidden]
        if hidden:
            self.pending = {"kind": "reveal", "player": p, "cards": hidden}  # CR 304.3
            return
        self._turn_start_triggers()

    def _turn_start_triggers(self) -> None:
        """CR 304.4: «в начале хода» triggers, poison, and Инкарнация from the graveyard."""
        pl = self.players[self.active]
        cards, defs = self.cards, self.pool.cards
        for cid in [pl.hero, *pl.play]:
            c = cards[cid]
            if c.effects or c.attached or c.poison or "turn_start" in defs[c.card].trigger_events:
                self.collect("turn_start", cid, {})  # else nothing of it reacts (poison needs poison)
        self.fire_delayed("next_turn")  # CR 520.1
        for cid in list(pl.grave):
            c = self.cards[cid]
            gained = [e for e in c.effects if e["k"] == "kw" and e["kw"] == "incarnation"] if c.effects else None
            inc = gained[-1] if gained else self.pool.cards[c.card].keyword("incarnation")  # CR 205.4: a gained one counts
            if inc and self.cards[cid].zone == "grave":
                self._synthetic(cid, self.active, "incarnation",
                                [{"effect": "resurrect_tapped", "target": {"sel": "self"}}], {}, may=True,
                                pay=inc["value"])

    def _finish_turn(self) -> None:
        """CR 310 (315.2-315.3): «до конца хода» effects and temporary coins end; the turn passes."""
        self.end_effects(lambda e: e.get("until") == "turn")
        for pl in self.players:
            pl.temp_coins = 0
            pl.tapped_coins = min(pl.tapped_coins, pl.coins)
        self.check_state()
        if self._outcome:
            return
        self._start_turn(1 - self.active)

    # ================================================================== deck
    def draw(self, p: int, n: int) -> int:
        pl = self.players[p]
        drawn = 0
        for _ in range(n):
            if not pl.deck:
                break  # CR 519.3
            self.move(pl.deck[0], "hand")
            drawn += 1
        if drawn:
            self.emit("draw", player=p, count=drawn)
        return drawn

    def shuffle(self, p: int) -> None:
        self.rng.shuffle(self.players[p].deck)
        self.emit("shuffle", player=p)

    # ================================================================== state
    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset, "version": VERSION, "seed": self.seed, "rng": self.rng.to_json(),
            "turn": self.turn, "active": self.active, "first": self.first, "phase": self.phase,
            "pending": _copy(self.pending), "suspended": _copy(self.suspended),
            "queue": _copy(self.queue), "waiting": _copy(self.waiting),
            "combat": _copy(self.combat), "outcome": _copy(self._outcome),
            "next_id": self.next_id, "next_tid": self.next_tid,
            "players": [p.to_dict() for p in self.players],
            "cards": [c.to_dict() for c in sorted(self.cards.values(), key=lambda c: c.id)],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], pool: CardPool | None = None, **_: Any) -> HeroesGame:
        if pool is None:
            raise ValueError("a card pool is needed to rebuild a game")
        g = cls(pool)
        g.seed = data["seed"]
        g.rng = Rng.from_json(data["rng"])
        g.turn = data["turn"]
        g.active = data["active"]
        g.first = data["first"]
        g.phase = data["phase"]
        g.pending = _copy(data["pending"])
        g.suspended = _copy(data["suspended"])
        g.queue = _copy(data["queue"])
        g.waiting = _copy(data["waiting"])
        g.combat = _copy(data["combat"])
        g._outcome = _copy(data["outcome"])
        g.next_id = data["next_id"]
        g.next_tid = data["next_tid"]
        g.players = [PlayerState.from_dict(p) for p in data["players"]]
        g.cards = {c["id"]: CardState.from_dict(c) for c in data["cards"]}
        for c in g.cards.values():
            if c.card not in pool.cards:
                raise ValueError(f"card {c.id} names unknown card {c.card!r}")
        return g

    def clone(self) -> HeroesGame:
        return HeroesGame.from_dict(self.to_dict(), pool=self.pool)
