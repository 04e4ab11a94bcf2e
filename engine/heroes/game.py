"""«Берсерк. Герои» as a game: creation, the decision API, what each action does, turns, the run
between decisions, and state.

CR part 3 (preparation and turn) and part 6 (victory) live here. The game is the top of a chain of
layers, each built on the one below and calling only itself and what is below it: :mod:`queries`
(card properties, read only) → :mod:`targets` (attacks and targets, read only) → :mod:`changes`
(moves, wounds, deaths, coins: they emit events) → :mod:`triggers` (what a change sets off, declaring
it into the Queue) → :mod:`effects` (resolving the Queue) → :mod:`legal` (legal actions and why an
action is refused) → this module.
"""

from __future__ import annotations

from typing import Any

from engine.core.actions import Action
from engine.core.compiled import mypyc_attr
from engine.core.data import json_copy as _copy
from engine.core.events import Event, Outcome, TimeRanOut
from engine.core.pending import MAIN, Decision
from engine.core.rng import Rng
from engine.core.timing import TimeLimit, TimeOut
from engine.heroes import actions as A
from engine.heroes import events as E
from engine.heroes import pending as P
from engine.heroes.abilities import HAVING, TRIGGERED
from engine.heroes.chains import chains
from engine.heroes.changes import Watch
from engine.heroes.legal import ActionTable, Legal
from engine.heroes.pool import CardPool, deck_problems
from engine.heroes.queue import QueueItem, WaitingTrigger
from engine.heroes.state import CardState, PlayerState

VERSION = 1
_AT_TURN_END = frozenset(k.name for k in TRIGGERED.get("turn_end", ()))  # keywords that go off then
_FROM_GRAVE = frozenset(k.name for k in TRIGGERED.get("grave_turn_start", ()))  # keywords that go off there


HAND_SIZE = 4  # CR 301.6
MAX_COINS = 10  # CR 304.1
FAILED_DRAWS_TO_LOSE = 3  # CR 304.2


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant of the game may subclass it
class HeroesGame(Legal):
    """A game of «Берсерк. Герои» between players 0 and 1."""

    ruleset = "heroes"
    META = frozenset(A.META_ACTIONS)  # accepted at any time, whoever decides (checked by _check_meta)

    def __init__(self, pool: CardPool) -> None:
        self.setup_events: list[Event] = []  # what happened while the game was set up (new() fills it)
        self.pool = pool
        self.seed = 0
        self.rng = Rng(0)
        self.turn = 0
        self.active = 0
        self.first: int | None = None
        self.phase = "setup"
        self.pending: Decision | None = None
        self.suspended: Decision | None = None  # the decision a draw offer interrupted
        self.draw_offers: list[int] = []  # players who have offered a draw this turn (one each, CR 603.2)
        self.time_limit: TimeLimit | None = None  # a timed game's limit, set when it is made (engine.core.timing)
        self.timed_out: int | None = None  # the turn in which the time ran out (CR 603.1 (3))
        self.queue: list[QueueItem] = []
        self.waiting: list[WaitingTrigger] = []  # triggers waiting to be declared (CR 401.4)
        self.combat: dict[str, Any] | None = None
        self._outcome: Outcome | None = None
        self.next_id = 1
        self.next_tid = 1
        self.players: list[PlayerState] = []
        self.cards: dict[int, CardState] = {}
        self._events: list[Event] = []
        self._legal: list[Action] | None = None
        self._aura_cache: dict[str, list[tuple[int, dict[str, Any]]]] | None = None
        self._entered_top: int | None = None  # the highest CardState.entered (a cache, never saved)
        self._lives_lowered = False  # built with the aura index: some life aura has a negative amount
        self._targets_memo: dict[Any, Any] | None = None  # candidates() while legal actions are listed
        self._actions = ActionTable()
        # Who may die, what brought them to 0 lives, and whether an effect may lapse (changes.py): never saved.
        self._watch = Watch()

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
                made = g.new_card(card_id, i, "deck")
                g.players[i].deck.append(made)
        g._events = []
        # CR 301.4: both roll a die, re-rolling ties; the higher roll chooses who goes first.
        while True:
            r0, r1 = g.rng.die(), g.rng.die()
            g.emit(E.DieRolled(player=0, value=r0))
            g.emit(E.DieRolled(player=1, value=r1))
            if r0 != r1:
                break
        winner = 0 if r0 > r1 else 1
        g.pending = P.ChooseOrder(player=winner)
        g.setup_events = list(g._events)
        return g

    # ================================================================== decision API
    # apply, legal_actions, emit and finish are the core's (engine.core.game.DecisionGame)

    # ================================================================== handlers
    def _do_ChooseOrder(self, a: A.ChooseOrder) -> None:
        assert self.pending is not None
        chooser = self.pending.player
        self.first = chooser if a.first else 1 - chooser
        self.emit(E.OrderChosen(first=self.first))
        for i in (0, 1):
            self.shuffle(i)  # CR 301.5
        for i in (0, 1):
            self.draw(i, HAND_SIZE)  # CR 301.6
        self.pending = P.DeclareMulligan(player=self.first)  # CR 301.7.1: the first player declares first

    def _do_Mulligan(self, a: A.Mulligan) -> None:
        assert self.pending is not None
        p = self.pending.player
        self.players[p].mulligan = list(a.cards)
        self.emit(E.MulliganDeclared(player=p, count=len(a.cards)))
        if p == self.first:
            self.pending = P.DeclareMulligan(player=1 - p)
            return
        assert self.first is not None  # the order was chosen before the mulligans
        for i in (self.first, 1 - self.first):
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
            self.emit(E.Revealed(card=cid))
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
        self.emit(E.Played(card=cid, player=p, cost=price, x=a.x))
        if d.type == "spell":
            # CR 210.2: the spell goes to the graveyard and its abilities into the Queue.
            effects = dict(chains(d.effects, d.modes))[a.modes]
            skip = self.empty_optional(effects, None, p, True)  # CR 119.5, as when the targets were listed
            self.move(cid, "grave")
            self.queue.append(QueueItem("spell", cid, p, list(effects), list(a.targets), a.x, skip=skip))
            cards = self.cards
            for other in [pl.hero, *pl.play]:
                o = cards[other]
                if o.effects or o.attached or "spell_cast" in o.d.trigger_events:
                    self.happened("spell_cast", other, {"spell": cid})
            enemy = self.players[1 - p]
            for other in [enemy.hero, *enemy.play]:
                o = cards[other]
                if o.effects or o.attached or "enemy_spell" in o.d.trigger_events:
                    self.happened("enemy_spell", other, {"spell": cid})
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
        self.emit(E.Attached(card=cid, host=host))
        for ab_i, ab in enumerate(self.cdef(cid).abilities):
            if ab["kind"] == "trigger" and ab["on"] == "enter":
                self._queue_trigger(host, c.controller, ab, f"m{cid}.{ab_i}", {})

    def _do_Attack(self, a: A.Attack) -> None:
        att = self.cards[a.attacker]
        att.used["attack"] = att.used.get("attack", 0) + 1  # CR 107.2: once per turn
        self.emit(E.AttackDeclared(a.attacker, a.target))
        self.combat = {"attacker": a.attacker, "target": a.target, "defender": None, "stage": "defend"}
        options = self.defenders_for(a.attacker, a.target)
        if options:
            self.pending = P.AssignDefender(player=1 - self.active, options=options)
        else:
            self.pending = None
            self._resolve_attack()

    def _do_Defend(self, a: A.Defend) -> None:
        assert self.combat is not None
        self.combat["defender"] = a.card
        self.cards[a.card].used["defend"] = 1  # CR 509.3
        self.emit(E.Defended(a.card, self.combat["attacker"]))
        self.happened("defend", a.card, {"attacker": self.combat["attacker"]})
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
        if not self.meditation(target, self.cards[att].controller) or not self.in_play(att):
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
            self._watch.may_die.add(cid)
        self.emit(E.Activated(cid, a.ability, p, a.x))
        effects = dict(chains(ab["effects"], ab.get("modes")))[a.modes]
        self.queue.append(QueueItem("ability", cid, p, list(effects), list(a.targets), a.x,
                                    skip=self.empty_optional(effects, cid, p, False)))  # CR 119.5
        self.check_state()

    def _do_WoundUndead(self, a: A.WoundUndead) -> None:
        self.pending = None
        self.players[self.active].tapped_coins += a.x
        self.cards[a.card].used["undead"] = 1
        self.emit(E.UndeadWounded(card=a.card, x=a.x))
        self.deal(a.card, a.x, source=None, kind="undead")
        self.check_state()

    def _do_EndTurn(self, a: A.EndTurn) -> None:
        self.pending = None
        self.phase = "end"
        self.emit(E.TurnEnded(self.active))
        pl = self.players[self.active]
        cards = self.cards
        granting = None
        for cid in [pl.hero, *pl.play]:
            c = cards[cid]
            d = c.d
            if not (c.effects or c.attached or "turn_end" in d.trigger_events):
                if not c.wounds:
                    continue  # nothing of it reacts (Регенерация needs wounds)
                if not (c.hidden or not _AT_TURN_END.isdisjoint(d.keyword_map)):
                    if granting is None:
                        granting = self._granting()
                    if not granting:
                        continue  # a plain card without Регенерация, printed or given
            self.happened("turn_end", cid, {})
        self.fire_delayed("turn_end")  # CR 520.1
        for p in self.players:
            for cid in p.play:
                if self.cards[cid].return_eot:
                    self._queue_trigger(cid, self.cards[cid].controller,
                                        {"effects": ({"effect": "return_to_hand", "target": {"sel": "self"}},),
                                         "may": False, "each_time": True}, "eot_return", {})

    def _do_DeclareTrigger(self, a: A.DeclareTrigger) -> None:
        t = next(t for t in self.waiting if t.tid == a.trigger)
        self.waiting.remove(t)
        self._declare(t, a.targets, a.modes)
        self.pending = None

    def _do_DeclineTrigger(self, a: A.DeclineTrigger) -> None:
        t = next(t for t in self.waiting if t.tid == a.trigger)
        self.waiting.remove(t)
        self.emit(E.TriggerDeclined(source=t.source, key=t.key))
        self.pending = None

    def _do_Choose(self, a: A.Choose) -> None:
        self.queue[0].choice = list(a.cards)
        self.pending = None

    def _do_Concede(self, a: A.Concede) -> None:
        self.emit(E.Conceded(player=a.player))
        self.finish(1 - a.player, "concede")

    def _do_Forfeit(self, a: A.Forfeit) -> None:
        self.emit(E.Forfeited(player=a.player))
        self.finish(1 - a.player, "forfeit")

    def _do_OfferDraw(self, a: A.OfferDraw) -> None:
        self.draw_offers.append(a.player)
        self.suspended, self.pending = self.pending, P.AnswerDrawOffer(player=1 - a.player)
        self.emit(E.DrawOffered(player=a.player))

    def _do_TimeOut(self, a: TimeOut) -> None:
        """CR 603.1 (3): the round's time is out. The turn in progress is played to its end, then each player
        takes the limit's extra turns; _finish_turn ends the game drawn after the last of them."""
        limit, self.timed_out = self.time_limit, self.turn
        assert limit is not None  # _check_meta refuses a time-out in an untimed game
        self.emit(TimeRanOut(a.elapsed, limit.extra_turns))
        if self.turn == 0 and limit.extra_turns == 0:
            self.finish(None, "time")  # out before the first turn, and no extra turn to play

    def _do_AcceptDraw(self, a: A.AcceptDraw) -> None:
        self.emit(E.DrawAccepted(player=1 - self.draw_offers[-1]))  # the answer to the last offer
        self.finish(None, "agreed_draw")  # CR 603.2

    def _do_DeclineDraw(self, a: A.DeclineDraw) -> None:
        self.emit(E.DrawDeclined(player=1 - self.draw_offers[-1]))
        self.pending, self.suspended = self.suspended, None

    # ================================================================== turns
    def _start_turn(self, p: int) -> None:
        self.turn += 1
        self.active = p
        self.phase = "start"
        self.draw_offers = []  # a new turn, a new draw offer each
        self.emit(E.TurnBegan(p, self.turn))
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
        # CR 303.3: "X times per turn" markers and each turn's Броня reset. Only the cards in play and in the
        # graveyards can carry them: a card going anywhere else loses them (check_caches asserts it).
        cards = self.cards
        for q in self.players:
            for zone in (q.play, q.grave, (q.hero,)):
                for cid in zone:
                    c = cards[cid]
                    if c.used or c.armor_used or c.prevented:
                        if c.used:
                            c.used = {}
                        c.armor_used = 0
                        if c.prevented:
                            c.prevented = {}
        if pl.coins < MAX_COINS:
            pl.coins += 1  # CR 304.1
            self.emit(E.CoinsChanged(p, 1))
        if not (self.turn == 1 and p == self.first):
            # CR 304.2: draw; the third failed draw of the game loses.
            if not self.draw(p, 1):
                pl.failed_draws += 1
                self.emit(E.FailedDraw(player=p, count=pl.failed_draws))
                if pl.failed_draws >= FAILED_DRAWS_TO_LOSE:
                    self.finish(1 - p, "deck")
                    return
        hidden = [cid for cid in pl.play if self.cards[cid].hidden]
        if hidden:
            self.pending = P.RevealHidden(player=p, cards=hidden)  # CR 304.3
            return
        self._turn_start_triggers()

    def _turn_start_triggers(self) -> None:
        """CR 304.4: «в начале хода» triggers, poison, and Инкарнация from the graveyard."""
        pl = self.players[self.active]
        cards = self.cards
        for cid in [pl.hero, *pl.play]:
            c = cards[cid]
            if c.effects or c.attached or c.poison or "turn_start" in c.d.trigger_events:
                self.happened("turn_start", cid, {})  # else nothing of it reacts (poison needs poison)
        self.fire_delayed("next_turn")  # CR 520.1
        for cid in list(pl.grave):
            # Инкарнация (engine/heroes/abilities): printed, or gained and kept in the graveyard (CR 205.4)
            c = cards[cid]
            if not c.effects:
                printed = c.d.keyword_map
                if not printed:
                    continue
                for name in _FROM_GRAVE:
                    if name in printed:
                        break
                else:
                    continue
            for k in TRIGGERED.get("grave_turn_start", ()):
                fired = k.trigger(self, cid, {}, {})
                if fired is not None:
                    self._synthetic(cid, self.active, k.name, list(fired.effects), {}, may=fired.may, pay=fired.pay)

    def _finish_turn(self) -> None:
        """CR 310 (315.2-315.3): «до конца хода» effects and temporary coins end; the turn passes."""
        self.end_effects(lambda e: e.get("until") == "turn")
        for pl in self.players:
            pl.temp_coins = 0
            pl.tapped_coins = min(pl.tapped_coins, pl.coins)
        self.check_state()
        if self._outcome:
            return
        timed_out = self.timed_out
        if timed_out is not None and self.time_limit is not None \
                and self.turn >= timed_out + 2 * self.time_limit.extra_turns:
            self.finish(None, "time")  # CR 603.1 (3): the extra turns are over and nobody has won
            return
        self._start_turn(1 - self.active)

    # ================================================================== deck
    # ================================================================== between decisions
    def _advance(self) -> None:
        """Run rule effects, the Queue and the turn until somebody has to decide."""
        cheap: set[tuple[Any, ...]] | None = None
        full: dict[str, int] = {}
        for _ in range(100000):  # a last safety stop for chains that grow without repeating
            # Through a local: testing self._outcome itself would let mypy take it for None in the rest of the
            # body, and the compiled rules (mypyc) trust that, though check_state below may end the game.
            outcome = self._outcome
            if outcome is not None:
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
                self.pending = MAIN[self.active]  # the same record each time: it holds only the player
                return
            return
        self.finish(None, "endless_loop")  # it grew for 100000 steps without ever repeating

    def _cycle(self, cheap: set[tuple[Any, ...]], full: dict[str, int]) -> bool:
        """CR 524.1, 524.2: a chain of effects that comes back to a state it was already in is cyclic;
        it stops before its first repetition. Returns True when it stopped one.

        Nothing here waits for a player, so a state seen twice would repeat for ever. A cheap
        fingerprint picks the candidates; only those pay for a full comparison of the state.
        """
        p0, p1 = self.players
        fp = (tuple([(q.source, q.kind, q.step) for q in self.queue]),
              tuple([(t.source, t.key) for t in self.waiting]),
              len(p0.play), len(p0.grave), len(p0.hand), len(p0.deck),
              len(p1.play), len(p1.grave), len(p1.hand), len(p1.deck))
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
        dropped: list[int | None]
        if self.waiting:
            dropped = [t.source for t in self.waiting]
            self.waiting = []
        else:
            dropped = [self.queue.pop(0).source]
        self.emit(E.CycleStopped(sources=dropped))
        cheap.clear()
        full.clear()
        return True

    def _combat_cleanup(self) -> None:
        """CR 307.3, 506.3: after the Queue empties, attacker and defender tap (unless Опыт…)."""
        assert self.combat is not None
        att, dfn = self.combat["attacker"], self.combat["defender"]
        self.combat = None
        if self.in_play(att) and not self.has_any(att, HAVING["untapped_after_attack"]):
            self.cards[att].tapped = True
            self.emit(E.Tapped(att))
        if dfn is not None and self.in_play(dfn) and not self.has_any(dfn, HAVING["untapped_after_defense"]):
            self.cards[dfn].tapped = True
            self.emit(E.Tapped(dfn))

    # ================================================================== state
    def to_dict(self) -> dict[str, Any]:
        out = {
            "ruleset": self.ruleset, "version": VERSION, "seed": self.seed, "rng": self.rng.to_json(),
            "turn": self.turn, "active": self.active, "first": self.first, "phase": self.phase,
            "pending": None if self.pending is None else self.pending.to_dict(),
            "suspended": None if self.suspended is None else self.suspended.to_dict(),
            "queue": [q.to_dict() for q in self.queue], "waiting": [t.to_dict() for t in self.waiting],
            "combat": _copy(self.combat), "outcome": None if self._outcome is None else self._outcome.to_dict(),
            "next_id": self.next_id, "next_tid": self.next_tid,
            "players": [p.to_dict() for p in self.players],
            "cards": [c.to_dict() for c in sorted(self.cards.values(), key=lambda c: c.id)],
        }
        if self.draw_offers:
            # Written only when there is one, so the state (and its hash, which saves check) of every
            # turn without a draw offer stays what it was before this field existed.
            out["draw_offers"] = list(self.draw_offers)
        if self.time_limit is not None:  # only a timed game has them (untimed states and hashes are unchanged)
            out["time_limit"] = self.time_limit.to_dict()
            if self.timed_out is not None:
                out["timed_out"] = self.timed_out
        return out

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
        g.pending = P.from_dict(data["pending"])
        g.suspended = P.from_dict(data["suspended"])
        g.draw_offers = list(data.get("draw_offers", ()))
        if "time_limit" in data:
            g.time_limit = TimeLimit.from_dict(data["time_limit"])
            g.timed_out = data.get("timed_out")
        g.queue = [QueueItem.from_dict(q) for q in data["queue"]]
        g.waiting = [WaitingTrigger.from_dict(t) for t in data["waiting"]]
        g.combat = _copy(data["combat"])
        g._outcome = None if data["outcome"] is None else Outcome.from_dict(data["outcome"])
        g.next_id = data["next_id"]
        g.next_tid = data["next_tid"]
        g.players = [PlayerState.from_dict(p) for p in data["players"]]
        defs = pool.cards
        for c in data["cards"]:
            if c.get("card") not in defs:
                raise ValueError(f"card {c.get('id')} names unknown card {c.get('card')!r}")
        g.cards = {c["id"]: CardState.from_dict(c, defs[c["card"]]) for c in data["cards"]}
        return g

    def clone(self) -> HeroesGame:
        twin = HeroesGame.from_dict(self.to_dict(), pool=self.pool)
        twin._actions = self._actions  # the same game's cards: its listed actions serve the clone too
        return twin


HeroesGame.register_handlers(A.ACTIONS)
