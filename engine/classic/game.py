"""Classic «Берсерк» as a game: the board, movement, simple strikes, defenders, turns and victory.

A slice of the classic rules on the shared core: no abilities, and no flyers, symbiotes, artifacts or
terrains in battle yet. The setup (die roll, squad building, placement, reveal, symbiotes) is
:mod:`engine.classic.setup`, a base class of ClassicGame; ``ClassicGame.start`` begins a game there. Rule numbers: "2007 x.y" is
classic-comprehensive-rules-2007.txt, "2022" is the starter rules (which win where they differ).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.classic import actions as A
from engine.classic import board
from engine.classic import events as E
from engine.classic import hittable as H
from engine.classic import pending as P
from engine.classic.board import Cell
from engine.classic.cards import ClassicCard, card_from_dict
from engine.classic.setup import ClassicSetup
from engine.classic.state import Creature, Placement
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.events import Event, Outcome
from engine.core.game import DecisionGame
from engine.core.pending import Decision
from engine.core.rng import Rng

VERSION = 2  # 2: the setup's state (edition, instances, decks, crystals, hidden, extra, hosts, setup)
QUIET_TURNS_TO_DRAW = 10  # 2007 7.6: five full turns of each player with no change of lives


def _illegal(code: str, ru: str, en: str) -> IllegalAction:
    return IllegalAction(code, ru, en)


class ClassicGame(ClassicSetup, DecisionGame):
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
        self._outcome: Outcome | None = None
        self._events: list[Event] = []
        self.setup_events: list[Event] = []  # what happened while the game was set up
        self._legal: list[Action] | None = None
        self._legal_set: set[Action] | None = None
        self._init_setup()

    # ================================================================== creation
    @classmethod
    def from_position(cls, cards: dict[str, ClassicCard], placements: Iterable[Placement], *, seed: int = 0,
                      active: int = 0, first: int | None = None, turn: int = 1,
                      names: Sequence[str] = ("Игрок 1", "Игрок 2")) -> ClassicGame:
        """A game already under way: creatures on the given cells, ``active`` to act in the main phase.

        Creatures keep the tapped state, wounds and movement points they are given; no turn-start
        untap happens, so a test can put a tapped creature on either side.
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
        g.pending = P.MainPhase(player=active)
        g._check_victory()
        return g

    @classmethod
    def new(cls, cards: dict[str, ClassicCard], squads: Sequence[Sequence[str]], *, seed: int = 0,
            first: int = 0, names: Sequence[str] = ("Игрок 1", "Игрок 2")) -> ClassicGame:
        """Deploy two squads (card ids, in the order they are laid out) and start the first turn.

        2022 «Расстановка карт»: each squad fills its own half in the deployment order of
        :func:`board.deployment_order`; all cards start face up and untapped.
        """
        if len(squads) != 2:
            raise ValueError("a game needs two squads")
        placements = []
        for p, squad in enumerate(squads):
            cells = board.deployment_order(p, p == first)
            if not squad:
                raise ValueError(f"the squad of player {p + 1} is empty")
            if len(squad) > len(cells):
                raise ValueError(f"the squad of player {p + 1} has more cards than cells on its half")
            placements.extend(Placement(owner=p, card=cid, at=cell) for cid, cell in zip(squad, cells, strict=False))
        g = cls.from_position(cards, placements, seed=seed, active=first, first=first, names=names)
        g._start_turn(first)
        g.setup_events = list(g._events)
        g._events = []
        return g

    def _place(self, p: Placement) -> int:
        if p.card not in self.cards:
            raise ValueError(f"unknown card {p.card!r}")
        if p.owner not in (0, 1):
            raise ValueError("owner must be 0 or 1")
        at = (p.at[0], p.at[1])
        if not board.on_board(at):
            raise ValueError(f"cell {board.format_cell(at)} is off the battlefield")
        if self.occupant(at) is not None:
            raise ValueError(f"cell {board.format_cell(at)} is already taken")
        d = self.cards[p.card]
        if not 0 <= p.wounds < d.lives:
            raise ValueError(f"{p.card}: wounds must be 0 to {d.lives - 1}")
        cid = self.next_id
        self.next_id += 1
        self.creatures[cid] = Creature(id=cid, card=p.card, owner=p.owner, at=at, tapped=p.tapped,
                                       wounds=p.wounds, moves=d.movement if p.moves is None else p.moves)
        return cid

    # ================================================================== queries
    def card_of(self, cid: int) -> ClassicCard:
        return self.cards[self.creatures[cid].card]

    def lives_left(self, cid: int) -> int:
        return self.card_of(cid).lives - self.creatures[cid].wounds

    def occupant(self, cell: Cell) -> int | None:
        for c in self.creatures.values():
            if c.at == cell:
                return c.id
        return None

    def grid(self) -> dict[Cell, int]:
        """Occupied cells: cell → creature id."""
        return {c.at: c.id for c in self.creatures.values() if c.at is not None}

    def on_board(self, player: int) -> list[int]:
        """The player's creatures on the battlefield, by id."""
        return sorted(c.id for c in self.creatures.values() if c.owner == player and c.at is not None)

    def graveyard(self, player: int) -> list[int]:
        return sorted(c.id for c in self.creatures.values() if c.owner == player and c.at is None)

    def move_costs(self, cid: int) -> dict[Cell, int]:
        """Cells the creature may move to now, with the movement points each costs (2007 3.14)."""
        c = self.creatures[cid]
        if c.at is None or c.tapped or c.moves <= 0:
            return {}
        taken = self.grid()
        return board.reachable(c.at, c.moves, lambda cell: cell not in taken)

    def strike_targets(self, cid: int) -> list[int]:
        """Enemy creatures standing next to an untapped creature, diagonals included (2022 «Атака»)."""
        c = self.creatures[cid]
        if c.at is None or c.tapped:
            return []
        return [o.id for o in sorted(self.creatures.values(), key=lambda o: o.id)
                if o.owner != c.owner and o.at is not None and board.adjacent(c.at, o.at)]

    def defenders(self, attacker: int, target: int) -> list[int]:
        """Who may defend ``target`` from ``attacker`` (2007 4.11; 2022 «Назначение защитника»).

        An untapped creature of the inactive player standing next to both the attacker and the
        original target; the target itself cannot defend itself.
        """
        a = self.creatures[attacker]
        t = self.creatures[target]
        inactive = 1 - self.active
        if a.at is None or t.at is None:
            return []
        return [c.id for c in sorted(self.creatures.values(), key=lambda c: c.id)
                if c.owner == inactive and c.id != target and c.at is not None and not c.tapped
                and board.adjacent(c.at, a.at) and board.adjacent(c.at, t.at)]

    # apply, legal_actions, emit and finish are the core's (engine.core.game.DecisionGame)

    # ================================================================== enumeration
    def _enumerate(self) -> list[Action]:
        pend = self.pending
        assert pend is not None
        kind = pend.kind
        if kind in P.SETUP_KINDS:
            return self._setup_actions(pend)
        if kind == "main":
            return self._main_actions(pend.player)
        if kind == "defender":
            return [A.NoDefense()] + [A.Defend(card=c) for c in pend.options]
        if kind == "lower":
            return [A.Lower(), A.Keep()]
        raise AssertionError(kind)

    def _main_actions(self, p: int) -> list[Action]:
        out: list[Action] = []
        for cid in self.on_board(p):
            costs = self.move_costs(cid)
            out.extend(A.Move(card=cid, to=cell) for cell in sorted(costs))
            out.extend(A.Strike(attacker=cid, target=t) for t in self.strike_targets(cid))
        out.append(A.EndTurn())
        return out

    # ================================================================== why illegal
    def _why(self, action: Action) -> IllegalAction:
        pend = self.pending
        kind = pend.kind if pend is not None else ""
        if kind in P.SETUP_KINDS:
            return self._why_setup(action)
        expected: dict[str, tuple[type[Action], ...]] = {
            "main": (A.Move, A.Strike, A.EndTurn), "defender": (A.Defend, A.NoDefense), "lower": (A.Lower, A.Keep),
        }
        if not isinstance(action, expected.get(kind, ())):
            return _illegal("wrong_decision", f"Сейчас нужно другое решение: {self.prompt('ru')}",
                            f"A different decision is due now: {self.prompt('en')}")
        p = pend.player
        if isinstance(action, A.Move | A.Strike):
            cid = action.card if isinstance(action, A.Move) else action.attacker
            c = self.creatures.get(cid)
            if c is None or c.at is None or c.owner != p:
                return _illegal("not_yours", "Это не ваше существо на поле боя.",
                                "That is not your creature on the battlefield.")
            if c.tapped:
                return _illegal("tapped", "Закрытое существо не может двигаться и действовать.",
                                "A tapped creature can neither move nor act.")
        if isinstance(action, A.Move):
            return self._why_move(action)
        if isinstance(action, A.Strike):
            t = self.creatures.get(action.target)
            if t is None or t.at is None or t.owner == p:
                return _illegal("target", "Простым ударом можно атаковать только существо противника на поле боя.",
                                "A simple strike can only target an enemy creature on the battlefield.")
            return _illegal("not_adjacent", "Цель должна стоять рядом (в том числе по диагонали).",
                            "The target must stand next to the attacker (diagonals count).")
        if isinstance(action, A.Defend):
            return _illegal("defender", "Защитником может быть только ваше открытое существо рядом и с "
                            "атакующим, и с целью.", "Only your untapped creature next to both the attacker "
                            "and the target can defend.")
        return _illegal("illegal", "Это действие сейчас невозможно.", "That action is not possible now.")

    def _why_move(self, action: A.Move) -> IllegalAction:
        c = self.creatures[action.card]
        cell = tuple(action.to)
        if len(cell) != 2 or not board.on_board((cell[0], cell[1])):
            return _illegal("off_board", "Такой клетки на поле боя нет.", "There is no such cell on the battlefield.")
        if c.moves <= 0:
            return _illegal("no_moves", "У существа не осталось единиц движения.",
                            "The creature has no movement points left.")
        if self.occupant((cell[0], cell[1])) is not None:
            return _illegal("occupied", "Двигаться можно только на свободную клетку.",
                            "A creature can only move to a free cell.")
        return _illegal("too_far", "Не хватает единиц движения, чтобы дойти туда по вертикали и горизонтали "
                        "через свободные клетки.", "Not enough movement points to get there by orthogonal "
                        "steps through free cells.")

    def prompt(self, lang: str = "ru") -> str:
        """One line naming who decides what (for the client and error messages)."""
        if self.pending is None:
            return "Игра окончена." if lang == "ru" else "The game is over."
        who = self.names[self.pending.player]
        if self.pending.kind in P.SETUP_KINDS:
            return f"{who}: {self._setup_prompt(lang)}"
        texts = {
            "main": ("ваш ход: двигайтесь, атакуйте или завершите ход", "your turn: move, strike or end the turn"),
            "defender": ("назначьте защитника или откажитесь", "assign a defender or decline"),
            "lower": ("ослабить удар по Таблице ударов на строку вверх?", "lower the result one row up the hit table?"),
        }[self.pending.kind]
        return f"{who}: {texts[0] if lang == 'ru' else texts[1]}"

    # ================================================================== handlers
    def _do_Move(self, a: A.Move) -> None:
        c = self.creatures[a.card]
        dest = (a.to[0], a.to[1])
        cost = self.move_costs(a.card)[dest]
        src = c.at
        c.at = dest
        c.moves -= cost  # 2007 3.14: one movement point per step
        self.emit(E.Moved(card=c.id, src=list(src) if src else None, to=list(dest), cost=cost, moves_left=c.moves))

    def _do_Strike(self, a: A.Strike) -> None:
        att = self.creatures[a.attacker]
        att.moves = 0  # 2007 4.1.1: a creature that attacks loses its unused movement
        self.emit(E.StrikeDeclared(attacker=a.attacker, target=a.target))
        options = self.defenders(a.attacker, a.target)
        if options:
            self.pending = P.AssignDefender(player=1 - self.active, attacker=a.attacker, target=a.target,
                                            options=options)
        else:
            self._fight(a.attacker, a.target, None)

    def _do_Defend(self, a: A.Defend) -> None:
        pend = self.pending
        assert pend is not None
        # 2007 4.11: the defender becomes the target of the strike (the reflecting card).
        self.emit(E.DefenderAssigned(card=a.card, attacker=pend.attacker, target=pend.target))
        self._fight(pend.attacker, a.card, a.card)

    def _do_NoDefense(self, a: A.NoDefense) -> None:
        pend = self.pending
        assert pend is not None
        self._fight(pend.attacker, pend.target, None)

    def _do_Lower(self, a: A.Lower) -> None:
        pend = self.pending
        assert pend is not None
        row = H.ROWS[pend.row]
        above = H.row_above(row)
        assert above is not None
        self.emit(E.TableLowered(player=pend.player, src=row.key, row=above.key))
        self._exchange(pend.attacker, pend.reflector, pend.defender, above)

    def _do_Keep(self, a: A.Keep) -> None:
        pend = self.pending
        assert pend is not None
        self._exchange(pend.attacker, pend.reflector, pend.defender, H.ROWS[pend.row])

    def _do_EndTurn(self, a: A.EndTurn) -> None:
        self.emit(E.TurnEnded(player=self.active, turn=self.turn))
        # 2007 7.6: five full turns of each player in a row with no change of any card's lives is a draw.
        self.quiet_turns = 0 if self.lives_changed else self.quiet_turns + 1
        if self.quiet_turns >= QUIET_TURNS_TO_DRAW:
            self.finish(None, "quiet")
            return
        self.turn += 1
        self._start_turn(1 - self.active)

    def _do_Concede(self, a: A.Concede) -> None:
        self.emit(E.Conceded(player=a.player))
        self.finish(1 - a.player, "concede")  # 2007 7.2

    # ================================================================== combat
    def _roll(self, player: int, card: int) -> int:
        value = self.rng.die()
        self.emit(E.DieRolled(player=player, card=card, value=value))
        return value

    def _fight(self, attacker: int, reflector: int, defender: int | None) -> None:
        """Roll and read the hit table (2007 4.2–4.9; 2022 «Атака по открытому/закрытому существу»)."""
        att = self.creatures[attacker]
        ref = self.creatures[reflector]
        if ref.tapped:
            # 2007 4.9: a tapped card does not fight; only the attacker rolls one die.
            roll = self._roll(att.owner, attacker)
            kind = H.tapped_strike(roll)
            self.emit(E.HitRolled(table="tapped", rolls=[roll], attacker=kind, reflector=None))
            self._exchange(attacker, reflector, defender, H.Row("tapped", kind, None))
            return
        # 2007 6.4.4: the active player (the attacker) rolls first, then the reflector.
        ra = self._roll(att.owner, attacker)
        rr = self._roll(ref.owner, reflector)
        row = H.row_for(ra, rr)
        self.emit(E.HitRolled(table=row.key, rolls=[ra, rr], attacker=row.attacker, reflector=row.reflector))
        side = H.lowering_roller(row, ra, rr)
        if side is None:
            self._exchange(attacker, reflector, defender, row)
            return
        # 2007 4.5: the higher roller may move one row up the table (a choice, so it is a decision).
        chooser = att.owner if side == "attacker" else ref.owner
        self.pending = P.LowerResult(player=chooser, attacker=attacker, reflector=reflector, defender=defender,
                                     row=row.key, rolls=[ra, rr])

    def _exchange(self, attacker: int, reflector: int, defender: int | None, row: H.Row) -> None:
        """Both strikes land at once (2007 4.6), then deaths, payment by tapping, and victory."""
        dealt = [(attacker, reflector, row.attacker), (reflector, attacker, row.reflector)]
        for striker, victim, kind in dealt:
            if kind is None:
                # 2007 4.7: a miss deals no wounds.
                self.emit(E.Struck(card=striker, target=victim, blow="miss", wounds=0))
                continue
            n = H.strike_value(self.card_of(striker).strike, kind)
            self.creatures[victim].wounds += n  # 2007 4.8: wounds regardless of lives left
            if n > 0:
                self.lives_changed = True
            self.emit(E.Struck(card=striker, target=victim, blow=kind, wounds=n))
        for cid in (attacker, reflector):
            c = self.creatures[cid]
            if c.wounds >= self.card_of(cid).lives:
                # 2007 4.17: wounds reaching lives destroy the card; it goes to its owner's graveyard.
                self.emit(E.CreatureDied(card=cid, at=list(c.at) if c.at else None, owner=c.owner))
                c.at = None
                c.tapped = False
                c.moves = 0
                self.lives_changed = True
        # 2007 6.4.4 «После нападения»: the attacker and a defender pay by tapping.
        for cid in (attacker, defender):
            if cid is not None and self.creatures[cid].at is not None and not self.creatures[cid].tapped:
                self.creatures[cid].tapped = True
                self.emit(E.Tapped(card=cid))
        self.pending = P.MainPhase(player=self.active)
        self._check_victory()

    def _check_victory(self) -> None:
        """2007 7.1 / 2022 «Условие победы»: a player with no creatures loses; both at once is a draw (7.5)."""
        empty = [p for p in (0, 1) if not self.on_board(p)]
        if len(empty) == 2:
            self.finish(None, "no_creatures")
        elif empty:
            self.finish(1 - empty[0], "no_creatures")

    # ================================================================== turns
    def _start_turn(self, p: int) -> None:
        """2022 «Продолжение боя»: the new active player untaps everything; movement points come back."""
        self.active = p
        self.lives_changed = False
        self.emit(E.TurnBegan(player=p, turn=self.turn))
        for cid in self.on_board(p):
            c = self.creatures[cid]
            if c.tapped:
                c.tapped = False
                self.emit(E.Untapped(card=cid))
            c.moves = self.card_of(cid).movement
        self.pending = P.MainPhase(player=p)

    # ================================================================== state
    def to_dict(self) -> dict[str, Any]:
        used = sorted({c.card for c in self.creatures.values()} | self._setup_card_ids())
        return {
            "ruleset": self.ruleset, "version": VERSION, "seed": self.seed, "rng": self.rng.to_json(),
            "turn": self.turn, "active": self.active, "first": self.first, "names": list(self.names),
            "pending": None if self.pending is None else self.pending.to_dict(), "outcome": None if self._outcome is None else self._outcome.to_dict(),
            "quiet_turns": self.quiet_turns, "lives_changed": self.lives_changed, "next_id": self.next_id,
            "cards": {cid: self.cards[cid].to_dict() for cid in used},
            "creatures": [c.to_dict() for c in sorted(self.creatures.values(), key=lambda c: c.id)],
            **self._setup_to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], **_: Any) -> ClassicGame:
        """Rebuild a game from :meth:`to_dict` data; the card definitions travel inside it."""
        if data.get("ruleset") != cls.ruleset:
            raise ValueError("not a classic game state")
        if data.get("version") != VERSION:
            raise ValueError(f"unsupported classic state version {data.get('version')!r}")
        g = cls({cid: card_from_dict(d) for cid, d in data["cards"].items()})
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
        g.creatures = {c["id"]: Creature.from_dict(c) for c in data["creatures"]}
        g._setup_from_dict(data)
        for c in g.creatures.values():
            if c.card not in g.cards:
                raise ValueError(f"creature {c.id} names unknown card {c.card!r}")
        return g

    def clone(self) -> ClassicGame:
        return ClassicGame.from_dict(self.to_dict())


ClassicGame.register_handlers(A.ACTIONS)
