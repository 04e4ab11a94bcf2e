"""Classic «Берсерк» as a game: creation, the decision API, what each action does, turns and victory.

Built in layers like «Герои» (each module one class on the one below): :mod:`queries` (read only) →
:mod:`changes` (each change emits its event) → :mod:`stack` (the stack, priority, triggers collected from
the events) → :mod:`combat` (strikes, fights, defenders, the attacks of abilities) → :mod:`legal` (the legal
actions and the reasons for a refusal) → :mod:`prelim` (the steps before the battle and before a turn) →
:mod:`setup` (die roll, squad building, placement, reveal, symbiotes; ``ClassicGame.start`` begins a game
there) → this module: one chain of classes over the core's DecisionGame, which mypyc compiles
(tools/compile_rules.py). Rule numbers: "2007 x.y" is
classic-comprehensive-rules-2007.txt, "2022" the starter rules (which win where they differ).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.classic import actions as A
from engine.classic import board
from engine.classic import events as E
from engine.classic import pending as P
from engine.classic.cards import ClassicCard, card_from_dict
from engine.classic.combat import Fight
from engine.classic.setup import ClassicSetup
from engine.classic.stack import StackItem
from engine.classic.state import EXTRA, FIELD, IN_PLAY, CellMark, Creature, Placement
from engine.core.compiled import mypyc_attr
from engine.core.events import Event, Outcome, TimeRanOut
from engine.core.hashing import canonical_json
from engine.core.pending import MAIN, Decision
from engine.core.rng import Rng
from engine.core.timing import TimeLimit, TimeOut

_JSON_BOOL = {False: "false", True: "true"}
VERSION = 3  # 2: the setup's state (edition, instances, decks, crystals, hidden, hosts, setup); 3: the stack
QUIET_TURNS_TO_DRAW = 10  # 2007 7.6: five full turns of each player with no change of lives
REPEATS_TO_DRAW = 10  # 2007 7.6: the situation repeated over five full turns of each player


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant of the game may subclass it (an observed one)
class ClassicGame(ClassicSetup):
    """A game of classic «Берсерк» between players 0 and 1 on the 5×6 battlefield."""

    ruleset = "classic"
    META = frozenset(A.META_ACTIONS)  # conceding, accepted whoever decides

    def __init__(self, cards: dict[str, ClassicCard]) -> None:
        self.cards = dict(cards)
        self.seed = 0
        self.rng = Rng(0)
        self.turn = 1
        self.active = 0
        self.first = 0
        self.names = ["Игрок 1", "Игрок 2"]
        self.pending: Decision | None = None
        self.creatures: dict[int, Creature] = {}
        self.next_id = 1
        self.quiet_turns = 0
        self.lives_changed = False  # during the current turn (2007 7.6)
        self.stack: list[StackItem] = []
        self.priority: int | None = None
        self.passes = 0
        self.fight: Fight | None = None
        self.ending = False  # the active player ended the turn; «в конце хода» is being carried out (2007 6.5)
        self.draw_offers: list[int] = []  # who offered a draw this turn (2007 7.7)
        self.suspended: Decision | None = None  # the decision a draw offer interrupted
        self.positions: list[str] = []  # the position at each of the last turn starts (2007 7.6)
        self.time_limit: TimeLimit | None = None  # a timed game's limit, set when it is made (engine.core.timing)
        self.campaign: list[int] | None = None  # a game of a campaign: each player's wins before it (2007 part 8)
        self._outcome: Outcome | None = None
        self._events: list[Event] = []
        self._seen_in = self._events  # the step's event list searched for triggers, and how far
        self._seen = 0
        self.setup_events: list[Event] = []  # what happened while the game was set up
        self._legal = None
        self._init_listed()
        self.cell_marks: list[CellMark] = []  # effects on cells of the battlefield (2007 1.10)
        self._init_setup()
        self._init_prelim()

    # ================================================================== creation
    @classmethod
    def from_position(cls, cards: dict[str, ClassicCard], placements: Iterable[Placement], *, seed: int = 0,
                      active: int = 0, first: int | None = None, turn: int = 1,
                      names: Sequence[str] = ("Игрок 1", "Игрок 2")) -> ClassicGame:
        """A game already under way: cards on the given cells, ``active`` to act in the main phase.

        Cards keep the tapped state, wounds and movement points they are given; no turn-start untap
        happens, so a test can put a tapped creature on either side.
        """
        if active not in (0, 1):
            raise ValueError("active must be 0 or 1")
        g = cls(cards)
        g.seed = seed
        g.rng = Rng(seed)
        g.active = active
        g.first = active if first is None else first
        g.turn = turn
        g.names = list(names)
        for p in placements:
            g._place(p)
        g.pending = MAIN[active]
        g._check_victory()
        return g

    @classmethod
    def new(cls, cards: dict[str, ClassicCard], squads: Sequence[Sequence[str]], *, seed: int = 0,
            first: int = 0, names: Sequence[str] = ("Игрок 1", "Игрок 2")) -> ClassicGame:
        """Deploy two squads (card ids, in the order they are laid out) and start the first turn.

        2022 «Расстановка карт»: each squad fills its own half in the deployment order of
        :func:`board.deployment_order`; all cards start face up and untapped; flyers and terrain go to the
        additional zone; each symbiote is seated on the first creature the rules allow (a companion on its
        own side's, a parasite on one in the opponent's 1st row; 2022 «Симбиоты») or dies without one.
        """
        if len(squads) != 2:
            raise ValueError("a game needs two squads")
        for p, squad in enumerate(squads):
            if not squad:
                raise ValueError(f"the squad of player {p + 1} is empty")
            if any(c not in cards for c in squad):
                raise ValueError(f"unknown card {next(c for c in squad if c not in cards)!r}")
        placements: list[Placement] = []
        for p, squad in enumerate(squads):
            cells = board.deployment_order(p, p == first)
            ground = [c for c in squad if not (cards[c].flyer or cards[c].symbiote or cards[c].type == "terrain")]
            if len(ground) > len(cells):
                raise ValueError(f"the squad of player {p + 1} has more cards than cells on its half")
            placements.extend(Placement(owner=p, card=cid, at=cell) for cid, cell in zip(ground, cells, strict=False))
            placements.extend(Placement(owner=p, card=cid, at=None) for cid in squad
                              if cards[cid].flyer or cards[cid].type == "terrain")
        g = cls.from_position(cards, placements, seed=seed, active=first, first=first, names=names)
        for p, squad in enumerate(squads):
            for cid in squad:
                if cards[cid].symbiote:
                    g._seat_at_once(p, cid)
        g._start_turn(first)
        g._advance()
        g.setup_events = list(g._events)
        g._events = []
        return g

    def _seat_at_once(self, owner: int, card: str) -> None:
        """Seat a symbiote of a squad laid out at once on the first host the rules allow, or put it in the
        graveyard when there is none (2022 «Симбиоты»: without a host it dies)."""
        taken = set(self.hosts.values())
        side = owner if self.cards[card].symbiote == "companion" else 1 - owner
        corporeal = not any(ab.flag() == "incorporeal" for ab in self.cards[card].abilities)
        hosts = [c.id for c in sorted(self.creatures.values(), key=lambda c: c.id)
                 if c.owner == side and c.zone == FIELD and c.at is not None and c.id not in taken
                 and self.cards[c.card].ground
                 and (side == owner or c.at[0] == board.own_row(side, 1))
                 and not (corporeal and self.has(c.id, "incorporeal"))]  # 2007 1.5.2б
        if hosts:
            self._place(Placement(owner=owner, card=card, at=None, host=hosts[0]))
        else:
            cid = self.next_id
            self.next_id += 1
            self.creatures[cid] = Creature(id=cid, card=card, owner=owner, at=None, zone="grave")

    def _place(self, p: Placement) -> int:
        if p.card not in self.cards:
            raise ValueError(f"unknown card {p.card!r}")
        if p.owner not in (0, 1):
            raise ValueError("owner must be 0 or 1")
        d = self.cards[p.card]
        # a flyer or terrain stands in the additional zone once revealed; face down it lies on a cell
        flyer = ((d.flyer or d.type == "terrain") and not p.hidden) or p.zone == EXTRA
        at = None if flyer or p.at is None or p.host is not None else (p.at[0], p.at[1])
        if p.host is not None:
            host = self.creatures.get(p.host)
            if not d.symbiote or host is None or host.zone != FIELD or host.at is None or p.host in self.hosts.values():
                raise ValueError(f"{p.card}: only a symbiote sits on a ground card without one (2007 1.5.2)")
        elif not flyer:
            if at is None or not board.on_board(at):
                raise ValueError(f"cell {p.at!r} is off the battlefield")
            if self.occupant(at) is not None:
                raise ValueError(f"cell {board.format_cell(at)} is already taken")
        if not 0 <= p.wounds < (d.lives or 1):
            raise ValueError(f"{p.card}: wounds must be 0 to {(d.lives or 1) - 1}")
        cid = self.next_id
        self.next_id += 1
        self.creatures[cid] = Creature(id=cid, card=p.card, owner=p.owner, at=at, tapped=p.tapped,
                                       wounds=p.wounds, moves=d.movement if p.moves is None else p.moves,
                                       zone=EXTRA if flyer else FIELD, chips=p.chips, poison=p.poison,
                                       blessed=p.blessed, cursed=p.cursed, extra_lives=p.extra_lives,
                                       stunned=p.stunned)
        if p.host is not None:
            self.hosts[cid] = p.host
        if p.hidden:
            if at is None:
                raise ValueError(f"{p.card}: only a card on a cell lies face down")
            self.hidden.add(cid)
        return cid

    # ================================================================== the flow between decisions
    def _advance(self) -> None:
        """Run on until someone must decide: triggers from the new events go on the stack; a player with
        priority and an instant decides, one without passes; when both pass the top item is carried out;
        with the stack empty the fight is paid for, victory checked (2007 7.1: only with an empty stack),
        the turn passed or the main phase given back."""
        if self._seen_in is not self._events:  # a new step: apply started a fresh list of events
            self._seen_in, self._seen = self._events, 0
        while self._outcome is None:
            if self._seen < len(self._events):
                new = self._events[self._seen:]
                self._seen = len(self._events)
                self.collect_triggers(new)
            if self.pending is not None:
                return  # a decision a handler asked for (defender, lower)
            if self.priority is not None and not self.stack:
                self.priority = None  # nothing left to answer: the window closes (see docs/classic-rules.md)
            if self.priority is not None:
                player = self.priority
                if self.instants(player):
                    self.pending = P.Respond(player=player)
                    return
                if self.pass_priority(player):
                    self.priority = None
                    if self.stack:
                        self.resolve_top()
                continue
            if self.stack:
                self.give_priority(self.active)
                continue
            if self.fight is not None and self.fight.stage == "pay":
                self.finish_fight()
                continue
            if self._check_victory():
                return
            if self.opening:
                if self.vanguard_turn():
                    continue  # 2007 6.2.4: the vanguard subphase comes before the first turn
                self.opening = False
                self._start_turn(self.first)
                continue
            if self.ending:
                self._pass_turn()
                continue
            self.pending = MAIN[self.active]
            return

    def _check_victory(self) -> bool:
        """2007 7.1 / 2022 «Условие победы»: a player with no creatures in play loses (artifacts and terrain do
        not count); both at once is a draw (7.5)."""
        alive = [False, False]  # each player has a creature in play (read in one pass: asked after every step)
        for c in self.creatures.values():
            if not alive[c.owner] and c.zone in IN_PLAY and self.cards[c.card].type == "creature":
                alive[c.owner] = True
                if alive[1 - c.owner]:
                    return False  # both have one: the usual answer, found without reading the rest
        empty = [p for p in (0, 1) if not alive[p]]
        if len(empty) == 2:
            self.finish(None, "no_creatures")
        elif empty:
            self.finish(1 - empty[0], "no_creatures")
        return bool(empty)

    def prompt(self, lang: str = "ru") -> str:
        """One line naming who decides what (for the client and error messages)."""
        if self.pending is None:
            return "Игра окончена." if lang == "ru" else "The game is over."
        who = self.names[self.pending.player]
        if self.pending.kind in P.SETUP_KINDS:
            return f"{who}: {self._setup_prompt(lang)}"
        if self.pending.kind in P.PRELIM_KINDS:
            return f"{who}: {self._prelim_prompt(lang)}"
        texts = {
            "main": ("ваш ход: двигайтесь, действуйте или завершите ход", "your turn: move, act or end the turn"),
            "respond": ("можно ответить внезапным действием или пасовать", "play an instant in answer or pass"),
            "defender": ("назначьте защитника или откажитесь", "assign a defender or decline"),
            "lower": ("ослабить удар по Таблице ударов на строку вверх?", "lower the result one row up the hit table?"),
        }.get(self.pending.kind, ("примите решение", "decide"))
        return f"{who}: {texts[0] if lang == 'ru' else texts[1]}"

    # ================================================================== handlers
    def _do_Move(self, a: A.Move) -> None:
        self.pending = None
        self.reveal(a.card)  # 2007 3.11.1: a face-down card that declares a game action is revealed
        c = self.creatures[a.card]
        dest = (a.to[0], a.to[1])
        if a.ability is not None:
            # 2007 3.15: a jump or teleport spends all movement; it counts as the card's movement
            c.moves = 0
            self.relocate(a.card, dest, self.abilities(a.card)[a.ability].id)
            return
        cost = self.move_costs(a.card)[dest]
        src = c.at
        c.at = dest
        c.moves -= cost  # 2007 3.14: one movement point per step
        c.moved = True
        self.emit(E.Moved(card=c.id, src=list(src) if src else None, to=list(dest), cost=cost, moves_left=c.moves))

    def _do_Strike(self, a: A.Strike) -> None:
        if self.prelim is not None:
            self.prelim_strike(a)  # 2007 6.2.4: a vanguard strike
            return
        self.pending = None
        self.reveal(a.attacker)
        self.declare_strike(a.attacker, a.target)

    def _do_Use(self, a: A.Use) -> None:
        """An ability is declared (paid after it is carried out, 2007 5.2) and goes on the stack (5.3.1)."""
        if self.prelim is not None:
            self.prelim_use(a)  # 2007 3.4.1, 6.2.2: applied at once, before the battle
            return
        self.pending = None
        self.reveal(a.card)
        if a.target is not None:
            self.reveal(a.target)  # 2022 «Вскрытие карт»: a card an ability is aimed at is revealed
        c = self.creatures[a.card]
        ab = self.abilities(a.card)[a.ability]
        if getattr(ab, "tap", False):
            c.moves = 0  # 2007 4.1.1
        self.emit(E.AbilityUsed(card=a.card, ability=a.ability, target=a.target))
        cell = None if a.to is None else (a.to[0], a.to[1])  # the cell chosen with it, if it takes one
        self.push(StackItem("ability", c.owner, a.card, a.ability, target=a.target, cell=cell))

    def _do_Chip(self, a: A.Chip) -> None:
        self.pending = None
        self.reveal(a.card)
        c = self.creatures[a.card]
        c.moves = 0
        self.set_mark(a.card, "chips", c.chips + 1)
        self.tap(a.card)

    def _do_Aim(self, a: A.Aim) -> None:
        self.pending = None
        self.reveal(a.card)
        c = self.creatures[a.card]
        c.moves = 0
        c.flyer_ready = self.turn
        self.tap(a.card)

    def _do_Retreat(self, a: A.Retreat) -> None:
        """2007 8.2.1: the creature taps «на отступление»; it leaves when it would open (``_start_turn``)."""
        self.pending = None
        self.reveal(a.card)
        c = self.creatures[a.card]
        c.moves = 0  # 2007 4.1.1
        c.retreating = True
        self.emit(E.RetreatDeclared(card=a.card))
        self.tap(a.card)

    def _do_Pass(self, a: A.Pass) -> None:
        pend = self.pending
        assert pend is not None
        if pend.kind in P.PRELIM_KINDS:
            self.prelim_pass()  # 2007 3.4.1: no more part in this step
            return
        self.pending = None
        self.emit(E.Passed(player=pend.player))
        if self.pass_priority(pend.player):
            self.priority = None
            if self.stack:
                self.resolve_top()

    def _do_Defend(self, a: A.Defend) -> None:
        self.pending = None
        self.reveal(a.card)
        self.assign_defender(a.card)

    def _do_NoDefense(self, a: A.NoDefense) -> None:
        self.pending = None
        self.assign_defender(None)

    def _do_Lower(self, a: A.Lower) -> None:
        self.lower(True)

    def _do_Keep(self, a: A.Keep) -> None:
        self.lower(False)

    def _do_EndTurn(self, a: A.EndTurn) -> None:
        """2007 6.5: «в конце хода» goes off, then the turn passes once the stack is empty."""
        self.pending = None
        self.ending = True
        self.emit(E.TurnEnded(player=self.active, turn=self.turn))

    def _do_Concede(self, a: A.Concede) -> None:
        self.emit(E.Conceded(player=a.player))
        self.finish(1 - a.player, "concede")  # 2007 7.2

    def _do_Forfeit(self, a: A.Forfeit) -> None:
        self.emit(E.Forfeited(player=a.player))
        self.finish(1 - a.player, "forfeit")

    def _do_OfferDraw(self, a: A.OfferDraw) -> None:
        self.draw_offers.append(a.player)
        self.suspended = self.pending
        self.pending = P.AnswerDrawOffer(player=1 - a.player)
        self.emit(E.DrawOffered(player=a.player))

    def _do_TimeOut(self, a: TimeOut) -> None:
        """2007 7.3: the time is out and nobody has won: the player whose squad under his control costs more in
        crystals wins (a technical victory); 7.4: equal costs are a draw."""
        self.emit(TimeRanOut(a.elapsed, 0))
        costs = [self.squad_cost(0), self.squad_cost(1)]
        self.emit(E.SquadsCounted(costs=costs))
        if costs[0] == costs[1]:
            self.finish(None, "time_equal")  # 2007 7.4
        else:
            self.finish(0 if costs[0] > costs[1] else 1, "time_squad")  # 2007 7.3

    def squad_cost(self, player: int) -> int:
        """What ``player``'s squad under his control costs in crystals, a gold one counted as a silver one (2007
        7.3): every card of his in play, face down or not (flyers, symbiotes, artifacts and terrain too); while
        the squads are still built, the cards recruited so far (2007 3.6: a recruited card is in play)."""
        if self.setup is not None:
            return sum(self.cards[self.instances[i][1]].cost for i in self.setup.squads[player])
        return sum(self.cards[self.creatures[cid].card].cost for cid in self.on_board(player))

    def _do_AcceptDraw(self, a: A.AcceptDraw) -> None:
        assert self.pending is not None  # the offer's answer (AnswerDrawOffer): who accepts
        self.emit(E.DrawAccepted(player=self.pending.player))
        self.finish(None, "agreed_draw")  # 2007 7.7

    def _do_DeclineDraw(self, a: A.DeclineDraw) -> None:
        assert self.pending is not None
        self.emit(E.DrawDeclined(player=self.pending.player))
        self.pending = self.suspended
        self.suspended = None

    # ================================================================== turns
    def _pass_turn(self) -> None:
        self.ending = False
        # 2007 7.6: five full turns of each player in a row with no change of any card's lives is a draw.
        self.quiet_turns = 0 if self.lives_changed else self.quiet_turns + 1
        if self.quiet_turns >= QUIET_TURNS_TO_DRAW:
            self.finish(None, "quiet")
            return
        # 2007 7.6: the same situation at the start of five full turns of each player in a row is a draw
        # (a creature that heals as fast as it is struck changes lives but never the game).
        self.positions = (self.positions + [self.situation()])[-REPEATS_TO_DRAW - 2:]
        if len(self.positions) == REPEATS_TO_DRAW + 2 and all(
                self.positions[i] == self.positions[i + 2] for i in range(REPEATS_TO_DRAW)):
            self.finish(None, "repetition")
            return
        self.draw_offers = []
        for c in self.creatures.values():
            if c.owner == self.active and c.flyer_ready and c.flyer_ready < self.turn:
                c.flyer_ready = 0  # 2007 4.16: ready until the end of its owner's next turn
        self.turn += 1
        self._start_turn(1 - self.active)

    def _start_turn(self, p: int) -> None:
        """2022 «Продолжение боя»: the new active player untaps everything and movement comes back; then
        poison and regeneration of the cards that are open (2022 glossary), and «в начале хода» goes off.
        2007 6.3.1 first: with a tapped card that may stay closed, he decides which do (``stay_closed``)."""
        self.active = p
        self.lives_changed = False
        for c in self.creatures.values():
            c.armor_used = 0  # 2022 «Броня»: the first X wounds of each turn
            c.wounded = False
            if c.uses:
                c.uses = {k: v for k, v in c.uses.items() if not k.startswith("t")}
        self.emit(E.TurnBegan(player=p, turn=self.turn))
        if self.cell_marks:  # a mire lasts until the start of its owner's next turn (2007 1.10)
            for mark in [m for m in self.cell_marks if m.kind == "mire" and m.owner == p and m.turn < self.turn]:
                self.unmark_cell(mark, "time")
        if self._closers(p):
            self.pending = P.PrepareTurn(player=p)  # 2007 6.3.1: nobody has priority; he decides
            return
        self.open_cards(p, ())

    def open_cards(self, p: int, keep: Sequence[int]) -> None:
        """2007 6.3.1–6.3.2: the cards kept closed stay tapped and their «Затаиться» goes off, stunned cards stay
        tapped (the mark goes), the rest of ``p``'s cards open; then poison, regeneration, «в начале хода»."""
        if keep:
            self.emit(E.StayedClosed(player=p, cards=list(keep)))
            for cid in keep:
                for ab in self.card_of(cid).abilities:
                    if ab.may_stay_closed():
                        ab.stayed_closed(self, cid)
        # 2022 «Вскрытие карт»: the second player's cards kept face down are revealed when his first turn begins
        for iid in sorted(i for i in self.hidden if self.creatures[i].owner == p):
            self.reveal(iid)
        if self.campaign is not None:
            # 2007 8.2.1–8.2.2: what tapped «на отступление» leaves instead of opening; symbiotes first, so
            # one that retreats with its host is not left on a host already gone
            leaving = [cid for cid in self.on_board(p) if self.creatures[cid].retreating]
            for cid in sorted(leaving, key=lambda i: (i not in self.hosts, i)):
                self.withdraw(cid)
        mine = self.on_board(p)
        for cid in mine:
            c = self.creatures[cid]
            if c.stunned:
                self.set_mark(cid, "stunned", 0)  # «Оглушение»: this opening is the one it misses
            elif cid not in keep:
                self.untap(cid)
            c.moves = self.movement(cid)
            c.moved = False
        dying = []
        for cid in mine:
            c = self.creatures[cid]
            if c.tapped:
                continue  # 2022: poison and regeneration only for a card that is open after the untap
            if c.poison:
                guard = self.protection_of(cid, "poison", None)
                if guard is None:
                    self.deal_wounds(cid, c.poison, None, "poison")  # 2022 «Отравление»
                    dying.append(cid)
                else:
                    self.emit(E.Prevented(card=cid, amount=c.poison, why="protection", by=cid, ability=guard))
            regen = self.regeneration(cid)
            if regen and not self.has(cid, "incorporeal"):
                self.heal(cid, regen)  # 2022 «Регенерация»; an incorporeal card cannot have it
            for ab in self.asked(cid, "turn_start"):
                ab.turn_start(self, cid)
        if dying:
            self.queue_deaths(None, dying)

    # ================================================================== state
    def situation(self) -> str:
        """What the board looks like, for 2007 7.6's repetition: every card's place and marks, who is to move."""
        # the canonical JSON (engine.core.hashing) of {"active": …, "cards": [[id, zone, at, tapped, wounds, chips,
        # poison, extra_lives, blessed, cursed, lost], …], "cells": [mark, …]}, written out: asked at every turn's
        # start, where json.dumps took about 7 % of a game (tests/test_classic_game.py checks the two agree)
        rows = []
        for cid in sorted(self.creatures):
            c = self.creatures[cid]
            at = "null" if c.at is None else f"[{c.at[0]},{c.at[1]}]"
            rows.append(f'[{c.id},"{c.zone}",{at},{_JSON_BOOL[c.tapped]},{c.wounds},{c.chips},{c.poison},'
                        f'{c.extra_lives},{_JSON_BOOL[c.blessed]},{_JSON_BOOL[c.cursed]},{_JSON_BOOL[c.lost]}]')
        text = f'{{"active":{self.active},"cards":[{",".join(rows)}]'
        if self.cell_marks:  # effects on cells are part of the board (2007 1.10)
            text += ',"cells":' + canonical_json([m.to_dict() for m in self.cell_marks])
        return hashlib.sha256((text + "}").encode("utf-8")).hexdigest()

    def to_dict(self, *, with_cards: bool = True) -> dict[str, Any]:
        """The whole state as JSON data; ``with_cards=False`` leaves out the card definitions (a copy that
        shares them, :meth:`clone`)."""
        state = {
            "ruleset": self.ruleset, "version": VERSION, "seed": self.seed, "rng": self.rng.to_json(),
            "turn": self.turn, "active": self.active, "first": self.first, "names": list(self.names),
            "pending": None if self.pending is None else self.pending.to_dict(),
            "outcome": None if self._outcome is None else self._outcome.to_dict(),
            "quiet_turns": self.quiet_turns, "lives_changed": self.lives_changed, "next_id": self.next_id,
            "stack": [i.to_dict() for i in self.stack], "priority": self.priority, "passes": self.passes,
            "fight": None if self.fight is None else self.fight.to_dict(), "ending": self.ending,
            "draw_offers": list(self.draw_offers), "positions": list(self.positions),
            "suspended": None if self.suspended is None else self.suspended.to_dict(),
            "creatures": [c.to_dict() for c in sorted(self.creatures.values(), key=lambda c: c.id)],
            **self._setup_to_dict(),
            **self._prelim_to_dict(),
        }
        if self.cell_marks:
            state["cells"] = [m.to_dict() for m in self.cell_marks]
        if self.time_limit is not None:  # only a timed game has it (untimed states and hashes are unchanged)
            state["time_limit"] = self.time_limit.to_dict()
        if self.campaign is not None:
            state["campaign"] = list(self.campaign)
        if with_cards:
            used = sorted({c.card for c in self.creatures.values()} | self._setup_card_ids())
            state["cards"] = {cid: self.cards[cid].to_dict() for cid in used}
        return state

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, cards: Mapping[str, ClassicCard] | None = None,
                  **_: Any) -> ClassicGame:
        """Rebuild a game from :meth:`to_dict` data; the card definitions travel inside it, or ``cards``
        gives them already read (cards are immutable, so games may share them: the bots' look-ahead)."""
        if data.get("ruleset") != cls.ruleset:
            raise ValueError("not a classic game state")
        if data.get("version") != VERSION:
            raise ValueError(f"unsupported classic state version {data.get('version')!r}")
        if cards is None:
            g = cls({cid: card_from_dict(d) for cid, d in data["cards"].items()})
        else:
            g = cls(dict(cards))
        g.seed = data["seed"]
        g.rng = Rng.from_json(data["rng"])
        g.turn = data["turn"]
        g.active = data["active"]
        g.first = data["first"]
        g.names = list(data["names"])
        g.pending = P.from_dict(data["pending"])
        g._outcome = None if data["outcome"] is None else Outcome.from_dict(data["outcome"])
        g.quiet_turns = data["quiet_turns"]
        g.lives_changed = data["lives_changed"]
        g.next_id = data["next_id"]
        g.stack = [StackItem.from_dict(i) for i in data["stack"]]
        g.priority = data["priority"]
        g.passes = data["passes"]
        g.fight = Fight.from_dict(data["fight"])
        g.ending = data["ending"]
        g.draw_offers = list(data["draw_offers"])
        g.positions = list(data["positions"])
        g.suspended = P.from_dict(data["suspended"])
        if "time_limit" in data:
            g.time_limit = TimeLimit.from_dict(data["time_limit"])
        g.creatures = {c["id"]: Creature.from_dict(c) for c in data["creatures"]}
        g.campaign = None if data.get("campaign") is None else [int(w) for w in data["campaign"]]
        g._setup_from_dict(data)
        g._prelim_from_dict(data)
        g.cell_marks = [CellMark.from_dict(m) for m in data.get("cells", [])]
        for c in g.creatures.values():
            if c.card not in g.cards:
                raise ValueError(f"creature {c.id} names unknown card {c.card!r}")
        return g

    def clone(self) -> ClassicGame:
        return ClassicGame.from_dict(self.to_dict(with_cards=False), cards=self.cards)


ClassicGame.register_handlers(A.ACTIONS)
