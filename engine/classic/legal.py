"""Classic «Берсерк», the legal-actions layer: what the deciding player may do now, and why not.

One list of legal actions per decision (STYLE: no scattered ``can_x`` checks): the main phase (2007 6.4),
a response window (5.1), the defender (4.11) and the choice to lower the hit table (4.5).
"""

from __future__ import annotations

from typing import Any

from engine.classic import actions as A
from engine.classic import board
from engine.classic import pending as P
from engine.classic.abilities import Ability
from engine.classic.board import Cell
from engine.classic.combat import Combat
from engine.classic.state import FIELD, ID_SPAN, IN_PLAY
from engine.core.actions import Action
from engine.core.compiled import mypyc_attr
from engine.core.errors import IllegalAction
from engine.core.timing import TimeLimit, TimeOut, time_out_refusal


def illegal(code: str, ru: str, en: str) -> IllegalAction:
    return IllegalAction(code, ru, en)


# the actions without fields a game lists most, made once (frozen records: one serves every game)
_END_TURN = A.EndTurn()
_PASS = A.Pass()


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant of the game may subclass it
class Legal(Combat):
    """Listing the legal actions and explaining a refusal."""

    draw_offers: list[int]  # players who offered a draw this turn (2007 7.7)
    prelim: Any  # the step of the preliminary phase under way (engine.classic.prelim), or None
    time_limit: TimeLimit | None  # a timed game's limit (engine.core.timing)
    campaign: list[int] | None  # in a campaign, each player's wins before this game (2007 part 8); else None

    # The actions listed most (steps, strikes; placing, swapping and recruiting, the setup's), each made once a
    # game: an action is a frozen record equal to any other of its fields, and a game lists thousands, most of
    # them listed before (not saved; a copy of the game starts empty).
    _moves: dict[int, A.Move]  # by card id * 32 + the cell's number (row * 5 + column, below 32)
    _strikes: dict[int, A.Strike]  # by attacker * ID_SPAN + target (int keys: no tuple built and hashed)
    _places: dict[int, A.Place]  # as _moves
    _swaps: dict[int, A.Swap]  # as _strikes
    _recruits: dict[int, A.Recruit]  # by (card id * 256 + gold) * 256 + silver (crystals are below 256)
    _uses: dict[tuple[int, int, int | None, Cell | None], A.Use]

    def _init_listed(self) -> None:
        self._moves = {}
        self._strikes = {}
        self._places = {}
        self._swaps = {}
        self._recruits = {}
        self._uses = {}

    def move_action(self, cid: int, cell: Cell) -> A.Move:
        """``Move(card=cid, to=cell)``, made once a game."""
        return self._move_to(cid, board.index(cell))

    def _move_to(self, cid: int, k: int) -> A.Move:
        """The step of ``cid`` to the cell numbered ``k`` (board.index), made once a game."""
        key = cid * 32 + k
        made = self._moves.get(key)
        if made is None:
            made = self._moves[key] = A.Move(card=cid, to=board.CELLS[k])
        return made

    def strike_action(self, attacker: int, target: int) -> A.Strike:
        """``Strike(attacker=…, target=…)``, made once a game."""
        key = attacker * ID_SPAN + target
        made = self._strikes.get(key)
        if made is None:
            made = self._strikes[key] = A.Strike(attacker=attacker, target=target)
        return made

    def use_action(self, cid: int, ability: int, target: int | None, cell: Cell | None) -> A.Use:
        """``Use(card=cid, ability=…, target=…, to=cell)``, made once a game."""
        key = (cid, ability, target, cell)
        made = self._uses.get(key)
        if made is None:
            made = self._uses[key] = A.Use(card=cid, ability=ability, target=target, to=cell)
        return made

    def prompt(self, lang: str = "ru") -> str:  # the game's
        raise NotImplementedError

    # ------------------------------------------------------------------ movement
    def move_costs(self, cid: int) -> dict[Cell, int]:
        """Cells the creature may step to now, with the movement points each costs (2007 3.14)."""
        c = self.creatures[cid]
        if c.at is None or not self._may_step(cid):
            return {}
        if self.has(cid, "incorporeal"):
            # 2022 «Бестелесный»: it may step onto and through taken cells (but must leave them, see settle)
            return board.reachable(c.at, c.moves, None)
        return board.reachable(c.at, c.moves, self.taken_cells())

    def taken_cells(self) -> list[bool]:
        """Whether a card stands on each cell, by the cell's number (board.index): what a move's search reads."""
        taken = [False] * (board.ROWS * board.COLS)
        for c in self.creatures.values():
            if c.zone == FIELD and c.at is not None:
                taken[board.index(c.at)] = True
        return taken

    def _may_step(self, cid: int) -> bool:
        """An open creature on a cell with movement points left and nothing of its own on the stack."""
        c = self.creatures[cid]
        return not (c.zone != "field" or c.at is None or c.tapped or c.moves <= 0 or not self.is_creature(cid)
                    or self.on_stack(cid))

    def _steps(self, cid: int, taken: list[bool]) -> list[A.Move]:
        """:meth:`move_costs` as the listed steps, in the cells' order (``taken``: each cell's number occupied)."""
        c = self.creatures[cid]
        at = c.at
        if at is None or not self._may_step(cid):
            return []
        free = None if self.has(cid, "incorporeal") else taken  # 2022 «Бестелесный» (see move_costs)
        return [self._move_to(cid, k) for k in board.reached(board.index(at), c.moves, free)]

    def stuck_incorporeal(self, player: int) -> int | None:
        """``player``'s incorporeal creature standing on a taken cell, which must move off first (2022), if it
        can step now (one that cannot is exiled, Stack.settle; should one be left, its player is not held)."""
        for cid in self.incorporeal_sharing(player):
            if self._may_step(cid):
                return cid
        return None

    def leap_cells(self, cid: int, index: int, ab: Ability) -> list[Cell]:
        """Where a movement ability (jump, teleport) may put the card now: an open creature on the field that
        has not moved this turn (2007 3.15)."""
        c = self.creatures[cid]
        if c.zone != "field" or c.tapped or c.moved or self.on_stack(cid) or not self.is_creature(cid):
            return []
        return ab.cells(self, cid)  # type: ignore[attr-defined,arg-type]

    # ------------------------------------------------------------------ active abilities
    def can_use(self, cid: int, index: int, ab: Ability, *, answering: bool) -> bool:
        """The card may declare its active ability now: open if it taps, chips and limits there
        (2007 5.2: nothing is declared that cannot be paid), and an instant when answering (2007 1.9.4)."""
        if not ab.active or getattr(ab, "movement", False) or (answering and not getattr(ab, "instant", False)):
            return False
        c = self.creatures[cid]
        if not self.in_play(cid) or (self.on_stack(cid) and not ab.during_own_action):
            return False
        if getattr(ab, "tap", False) and c.tapped:
            return False
        if c.chips < (getattr(ab, "chips", 0) or 0):
            return False
        once = getattr(ab, "once", None)
        if once and c.uses.get(("t" if once == "turn" else "b") + str(index), 0) >= 1:
            return False
        return ab.usable(self, cid)  # type: ignore[arg-type]

    def uses_of(self, cid: int, *, answering: bool) -> list[Action]:
        out: list[Action] = []
        card = self.cards[self.creatures[cid].card]
        if not card.acts and not card.grants:
            return out  # no active ability (most cards)
        for i, ab in enumerate(self.abilities(cid)):
            if not self.can_use(cid, i, ab, answering=answering):
                continue
            for t in ab.targets(self, cid) if ab.needs_target() else [None]:  # type: ignore[arg-type]
                cells = ab.places(self, cid, t)  # type: ignore[arg-type]
                if cells is None:
                    out.append(self.use_action(cid, i, t, None))
                else:  # the player chooses the cell with the declaration
                    out.extend(self.use_action(cid, i, t, cell) for cell in cells)
        return out

    def instants(self, player: int) -> list[Action]:
        """The instants ``player`` may play in a response window (2007 5.5.2); none before the battle (2007 6.1,
        6.2.4: the preliminary phase passes no priority)."""
        out: list[Action] = []
        if self.prelim is not None:
            return out
        # the player's cards in play with an instant of their own, or one granted maybe: by id (as on_board)
        ids = [c.id for c in self.creatures.values()
               if c.owner == player and c.zone in IN_PLAY and self.cards[c.card].instants]
        ids.sort()
        for cid in ids:
            out.extend(self.uses_of(cid, answering=True))
        return out

    def chip_ready(self, cid: int) -> bool:
        """An open creature with an ability paid in chips may tap to take one (2022 «Использование фишек»)."""
        c = self.creatures[cid]
        card = self.cards[c.card]
        return (not c.tapped and (card.chipped or card.grants) and self.is_creature(cid) and not self.on_stack(cid)
                and any((getattr(ab, "chips", 0) or 0) > 0 for ab in self.abilities(cid)))

    def aim_ready(self, cid: int) -> bool:
        """A ground creature may tap "to strike a flyer" when the opponent has only flyers left (2007 4.16)."""
        c = self.creatures[cid]
        return (not c.tapped and not c.flyer_ready and self.is_creature(cid) and not self.is_flyer(cid)
                and not self.on_stack(cid) and self.only_flyers_left(1 - c.owner))

    def retreat_ready(self, cid: int) -> bool:
        """In a campaign an open creature may tap «на отступление» in its own 3rd row, a flyer in the additional
        zone; a symbiote in its host's cell, with or without its host (2007 8.2.1–8.2.2)."""
        c = self.creatures[cid]
        if c.tapped or not self.is_creature(cid) or self.on_stack(cid):
            return False
        if c.zone == "extra":
            return True
        cell = self.cell_of(cid)
        return cell is not None and cell[0] == board.own_row(c.owner, 3)

    # ------------------------------------------------------------------ enumeration
    def _enumerate(self) -> list[Action]:
        pend = self.pending
        assert pend is not None
        kind = pend.kind
        if kind == "main":
            return self._main_actions(pend.player)
        if kind == "respond":
            return [_PASS, *self.instants(pend.player)]
        if kind == "defender":
            out: list[Action] = [A.NoDefense()]
            out.extend(A.Defend(card=c) for c in pend.options)  # type: ignore[attr-defined]
            return out
        if kind == "lower":
            return [A.Lower(), A.Keep()]
        if kind == "draw_offer":
            return [A.AcceptDraw(), A.DeclineDraw()]
        if kind in P.PRELIM_KINDS:
            return self._prelim_actions(pend)
        return self._setup_actions(pend)

    def _prelim_actions(self, pend: object) -> list[Action]:
        raise AssertionError(getattr(pend, "kind", pend))

    def _why_prelim(self, action: Action) -> IllegalAction:
        raise AssertionError(action)

    def _setup_actions(self, pend: object) -> list[Action]:
        raise AssertionError(getattr(pend, "kind", pend))

    def _main_actions(self, p: int) -> list[Action]:
        out: list[Action] = []
        stuck = self.stuck_incorporeal(p)
        if stuck is not None:
            # 2022 «Бестелесный»: on a taken cell it must move off at the first chance, which is now
            # (one that cannot is exiled at once, Stack.settle)
            return [self.move_action(stuck, cell) for cell in sorted(self.move_costs(stuck))]
        taken = self.taken_cells()  # read once for every card's steps (nothing moves meanwhile)
        flyers_only = self.only_flyers_left(1 - p)  # what aim_ready asks last, the same for every card of p
        held = self.cells_held()
        for cid in self.on_board(p):
            out.extend(self._steps(cid, taken))
            abilities = self.abilities(cid)
            card = self.cards[self.creatures[cid].card]
            for i, ab in enumerate(abilities if card.leaps or card.grants else ()):
                if getattr(ab, "movement", False):
                    out.extend(A.Move(card=cid, to=cell, ability=i) for cell in self.leap_cells(cid, i, ab))
            for t in self.strike_targets(cid, held):
                out.append(self.strike_action(cid, t))
            if abilities:
                out.extend(self.uses_of(cid, answering=False))
                if self.chip_ready(cid):
                    out.append(A.Chip(card=cid))
            if flyers_only and self.aim_ready(cid):
                out.append(A.Aim(card=cid))
            if self.campaign is not None and self.retreat_ready(cid):
                out.append(A.Retreat(card=cid))
        out.append(_END_TURN)
        return out

    # ------------------------------------------------------------------ why illegal
    def _why(self, action: Action) -> IllegalAction:
        pend = self.pending
        kind = pend.kind if pend is not None else ""
        expected: dict[str, tuple[type[Action], ...]] = {
            "main": (A.Move, A.Strike, A.Use, A.Chip, A.Aim, A.Retreat, A.EndTurn), "respond": (A.Pass, A.Use),
            "defender": (A.Defend, A.NoDefense), "lower": (A.Lower, A.Keep),
            "draw_offer": (A.AcceptDraw, A.DeclineDraw),
        }
        if kind in P.PRELIM_KINDS:
            return self._why_prelim(action)
        if kind not in expected:
            return self._why_setup(action)
        if not isinstance(action, expected[kind]):
            return illegal("wrong_decision", f"Сейчас нужно другое решение: {self.prompt('ru')}",
                           f"A different decision is due now: {self.prompt('en')}")
        assert pend is not None
        p = pend.player
        stuck = self.stuck_incorporeal(p) if kind == "main" else None
        if stuck is not None and not (isinstance(action, A.Move) and action.card == stuck and action.ability is None):
            return illegal("must_leave", "Бестелесное существо на занятой клетке должно сначала сойти с неё.",
                           "An incorporeal creature on a taken cell must move off it first.")
        if isinstance(action, A.Move | A.Strike | A.Use | A.Chip | A.Aim | A.Retreat):
            cid = action.attacker if isinstance(action, A.Strike) else action.card
            c = self.creatures.get(cid)
            if c is None or not self.in_play(cid) or c.owner != p:
                return illegal("not_yours", "Это не ваша карта в игре.", "That is not your card in play.")
            busy_ok = isinstance(action, A.Use) and 0 <= action.ability < len(self.abilities(cid)) \
                and self.abilities(cid)[action.ability].during_own_action
            if self.on_stack(cid) and not busy_ok:
                return illegal("busy", "Эта карта уже действует: её действие ещё не выполнено.",
                               "That card is already acting: its action has not been carried out yet.")
        if isinstance(action, A.Move):
            return self._why_move(action)
        if isinstance(action, A.Strike):
            return self._why_strike(action)
        if isinstance(action, A.Use):
            return self._why_use(action, answering=kind == "respond")
        if isinstance(action, A.Retreat):
            return self._why_retreat(action)
        if isinstance(action, A.Chip | A.Aim):
            if self.creatures[action.card].tapped:
                return illegal("tapped", "Закрытая карта не может действовать.", "A tapped card cannot act.")
            if isinstance(action, A.Chip):
                return illegal("no_chips", "Фишку может накопить только существо с особенностью, оплачиваемой "
                               "фишками.", "Only a creature with an ability paid in chips can take a chip.")
            return illegal("not_only_flyers", "Закрыться на удар по летающему можно, только когда у противника "
                           "остались одни летающие.", "A creature taps to strike a flyer only when the opponent "
                           "has nothing but flyers left.")
        if isinstance(action, A.Defend):
            return illegal("defender", "Защитником может быть только ваше открытое существо, которому правила "
                           "позволяют защищать от этого удара.", "Only your untapped creature that the rules allow "
                           "to defend from this strike can defend.")
        return illegal("illegal", "Это действие сейчас невозможно.", "That action is not possible now.")

    def _check_meta(self, action: Action) -> None:
        """Conceding is always open (2007 7.2); a draw may be offered while none is on offer, once a turn by
        each player — a refused offer is not pressed (2007 7.7); a time-out needs a timed game whose runner's
        clock has reached its limit (2007 7.3)."""
        if isinstance(action, TimeOut):
            refusal = time_out_refusal(self.time_limit, action, False)  # the first time-out ends the game
            if refusal is not None:
                raise refusal
            return
        player = getattr(action, "player", None)
        if player not in (0, 1):
            raise illegal("player", "Нет такого игрока.", "There is no such player.")
        if isinstance(action, A.OfferDraw):
            if self.pending is not None and self.pending.kind == "draw_offer":
                raise illegal("offer", "Ничья уже предложена.", "A draw is already on offer.")
            if player in self.draw_offers:
                raise illegal("offer_again", "В этот ход вы уже предлагали ничью; предложить снова можно в "
                              "следующий ход.", "You have already offered a draw this turn; you may offer again "
                              "next turn.")

    def can_offer_draw(self, player: int) -> bool:
        """May ``player`` offer a draw now (for the client's button)?"""
        try:
            self._check_meta(A.OfferDraw(player=player))
        except IllegalAction:
            return False
        return self.pending is not None

    def _why_setup(self, action: Action) -> IllegalAction:
        return illegal("illegal", "Это действие сейчас невозможно.", "That action is not possible now.")

    def _why_retreat(self, action: A.Retreat) -> IllegalAction:
        if self.campaign is None:
            return illegal("no_campaign", "Отступать можно только в игре кампании.",
                           "Retreating is only possible in a game of a campaign.")
        if self.creatures[action.card].tapped:
            return illegal("tapped", "Закрытая карта не может закрыться на отступление.",
                           "A tapped card cannot tap to retreat.")
        if not self.is_creature(action.card):
            return illegal("not_creature", "Отступают только существа: местности и артефакты остаются.",
                           "Only creatures retreat: terrains and artifacts stay.")
        return illegal("not_back_row", "Закрыться на отступление можно только в своём третьем ряду (летающее "
                       "существо — во вспомогательной зоне).", "A creature taps to retreat only in its own 3rd row "
                       "(a flyer in the additional zone).")

    def _why_strike(self, action: A.Strike) -> IllegalAction:
        c = self.creatures[action.attacker]
        if c.tapped:
            return illegal("tapped", "Закрытое существо не может двигаться и действовать.",
                           "A tapped creature can neither move nor act.")
        if not self.is_creature(action.attacker):
            return illegal("not_creature", "Нападать может только существо.", "Only a creature can attack.")
        t = self.creatures.get(action.target)
        if t is None or not self.in_play(action.target) or action.target == action.attacker:
            return illegal("target", "Простым ударом можно атаковать только другую карту в игре.",
                           "A simple strike can only target another card in play.")
        if self.is_flyer(action.target):
            return illegal("flyer", "Наземное существо не достаёт до летающего (только закрывшись на удар по "
                           "летающему, когда у противника остались одни летающие).", "A ground creature cannot "
                           "reach a flyer (unless it tapped to strike one when the opponent has only flyers left).")
        if getattr(self.card_of(action.target), "type", "creature") == "terrain":
            return illegal("terrain", "Местность нельзя атаковать.", "Terrain cannot be attacked.")
        return illegal("not_adjacent", "Цель должна стоять рядом (в том числе по диагонали).",
                       "The target must stand next to the attacker (diagonals count).")

    def _why_use(self, action: A.Use, *, answering: bool) -> IllegalAction:
        c = self.creatures[action.card]
        abilities = self.abilities(action.card)
        if not 0 <= action.ability < len(abilities) or not abilities[action.ability].active:
            return illegal("no_ability", "У карты нет такой играемой особенности.",
                           "The card has no such ability to use.")
        ab = abilities[action.ability]
        if answering and not getattr(ab, "instant", False):
            return illegal("not_instant", "В ответ можно играть только внезапные особенности.",
                           "Only instant abilities can be played in answer.")
        if getattr(ab, "tap", False) and c.tapped:
            return illegal("tapped", "Особенность оплачивается закрытием, а карта уже закрыта.",
                           "The ability is paid by tapping, and the card is already tapped.")
        need = getattr(ab, "chips", 0) or 0
        if c.chips < need:
            return illegal("chips", f"Нужно фишек: {need}, а на карте {c.chips}.",
                           f"It needs {need} chips and the card has {c.chips}.")
        once = getattr(ab, "once", None)
        if once and c.uses.get(("t" if once == "turn" else "b") + str(action.ability), 0):
            return illegal("once", "Эта особенность уже использована " + ("в этот ход." if once == "turn" else "в этом бою."),
                           "The ability was already used " + ("this turn." if once == "turn" else "in this battle."))
        if ab.needs_target() and action.target not in ab.targets(self, action.card):  # type: ignore[arg-type]
            return illegal("target", "Эту цель нельзя выбрать для этой особенности (дальность, рядом стоящая карта, "
                           "летающий или защита).", "That target cannot be chosen for this ability (range, a card "
                           "next to it, a flyer or a protection).")
        if ab.places(self, action.card, action.target) is not None:  # type: ignore[arg-type]
            return illegal("cell", "Нужно указать свободную клетку, куда эта особенность может поместить карту "
                           "(to=ряд,столбец).", "Name a free cell this ability can put the card on (to=row,col).")
        return illegal("not_now", "Эту особенность сейчас нельзя использовать.", "The ability cannot be used now.")

    def _why_move(self, action: A.Move) -> IllegalAction:
        c = self.creatures[action.card]
        cell = tuple(action.to)
        if len(cell) != 2 or not board.on_board((cell[0], cell[1])):
            return illegal("off_board", "Такой клетки на поле боя нет.", "There is no such cell on the battlefield.")
        if c.tapped:
            return illegal("tapped", "Закрытое существо не может двигаться и действовать.",
                           "A tapped creature can neither move nor act.")
        if self.is_flyer(action.card) or not self.is_creature(action.card):
            return illegal("cannot_move", "Эта карта не двигается по полю боя.", "This card does not move on the "
                           "battlefield.")
        if self.occupant((cell[0], cell[1])) is not None and (
                action.ability is not None or not self.has(action.card, "incorporeal")):  # 2022 «Бестелесный»
            return illegal("occupied", "Двигаться можно только на свободную клетку.",
                           "A creature can only move to a free cell.")
        if action.ability is not None:
            if c.moved:
                return illegal("moved", "Прыжок и телепортация — только для существа, которое в этот ход ещё не "
                               "двигалось.", "Only a creature that has not moved this turn can jump or teleport.")
            return illegal("too_far", "Так далеко эта особенность не переносит.", "The ability does not reach that far.")
        if c.moves <= 0:
            return illegal("no_moves", "У существа не осталось единиц движения.",
                           "The creature has no movement points left.")
        return illegal("too_far", "Не хватает единиц движения, чтобы дойти туда по вертикали и горизонтали "
                       "через свободные клетки.", "Not enough movement points to get there by orthogonal "
                       "steps through free cells.")
