"""The steps of the setup and the preliminary phase that cards' abilities bring, and the decision before a turn.

:class:`ClassicPrelim` is a part of :class:`engine.classic.game.ClassicGame` (which inherits it), beside
:class:`engine.classic.setup.ClassicSetup`. Three steps run only when some card has an ability for them
(:mod:`engine.classic.abilities.prelim`), so a game without such cards goes exactly as before:

- «до набора отряда» (2007 3.4.1), after the deal and before the first player recruits;
- «после расстановки» (2007 6.2.2), after both squads are laid out and before the reveal (6.2.3);
- the vanguard subphase (2007 6.2.4), after «в начале боя» and before the first turn.

In each the players take turns from the first player: the one whose turn it is applies one card's ability
(``use card= ability=`` / a vanguard ``strike``) or passes, and a player who passes takes no more part in
that step (2007 3.4.1 says so of its step; the engine reads 6.2.2 and 6.2.4 the same way, see
docs/classic-rules.md). Each card applies its ability of a step once. In the preliminary phase nobody
answers an action (2007 6.1: declared and carried out without priority; 6.2.4: no card acts), so a vanguard
strike gets no defender and no instant.

Before a turn (2007 6.3.1) the active player says which of his tapped cards that may stay closed
(«Затаиться») do: ``stay_closed cards=…``; stunned cards stay closed, and the rest open (6.3.2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any

from engine.classic import actions as A
from engine.classic import events as E
from engine.classic import pending as P
from engine.classic.abilities import Context
from engine.classic.abilities.prelim import AFTER_PLACE, BEFORE_RECRUIT, VANGUARD
from engine.classic.legal import Legal
from engine.classic.state import FIELD, IN_PLAY, SetupState
from engine.core.actions import Action
from engine.core.compiled import mypyc_attr
from engine.core.errors import IllegalAction

if TYPE_CHECKING:
    from engine.classic.game import ClassicGame

DECISIONS: dict[str, type[P.Decision]] = {BEFORE_RECRUIT: P.BeforeRecruit, AFTER_PLACE: P.AfterPlacement,
                                          VANGUARD: P.Vanguard}


@dataclass
class PrelimStep:
    """A step under way: who has passed for good, the cards that applied their ability, and the last player
    to act (the other one is next)."""

    step: str
    passed: list[bool] = field(default_factory=lambda: [False, False])
    used: list[int] = field(default_factory=list)
    last: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"step": self.step, "passed": list(self.passed), "used": list(self.used), "last": self.last}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PrelimStep:
        if data["step"] not in DECISIONS:
            raise ValueError(f"unknown preliminary step {data['step']!r}")
        return cls(step=data["step"], passed=[bool(x) for x in data["passed"]], used=list(data["used"]),
                   last=data.get("last"))


def _illegal(code: str, ru: str, en: str) -> IllegalAction:
    return IllegalAction(code, ru, en)


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant of the game may subclass it
class ClassicPrelim(Legal):
    """The preliminary phase's steps and the decision before a turn (the layer above the legal actions, below
    the setup)."""

    shown: list[int]  # deal cards shown to both by «до набора отряда» (they know those cards)
    _can_close: bool
    # the setup's (engine.classic.setup, the layer above), read by the steps before the battle
    setup: SetupState | None
    crystals: list[list[int]]  # each player's [gold, silver]

    # ================================================================== state
    def _init_prelim(self) -> None:
        self.prelim = None
        self.shown = []
        # whether any card of the game may stay closed (6.3.1): a game without one never asks (derived, not saved)
        self._can_close = any(card.closes for card in self.cards.values())

    def _prelim_to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.prelim is not None:
            out["prelim"] = self.prelim.to_dict()
        if self.shown:
            out["shown"] = list(self.shown)
        return out

    def _prelim_from_dict(self, data: dict[str, Any]) -> None:
        raw = data.get("prelim")
        self.prelim = None if raw is None else PrelimStep.from_dict(raw)
        self.shown = list(data.get("shown", []))

    def _pend(self) -> Any:
        """The pending decision of a step before the battle (never None where it is asked)."""
        assert self.pending is not None
        return self.pending

    def _setup_now(self) -> SetupState:
        """The setup's state while the squads are built (never None where it is asked)."""
        assert self.setup is not None
        return self.setup

    # ================================================================== the steps
    def start_step(self, step: str) -> bool:
        """Begin ``step`` if some card has an ability for it; False when nobody has (the game goes on)."""
        self.prelim = PrelimStep(step=step)
        return self._next_in_step(self.first)

    def _next_in_step(self, start: int) -> bool:
        """The decision of the next player with something to apply (``start`` first, then the other), or the
        step's end: ``self.prelim`` cleared and False."""
        step = self.prelim
        assert step is not None
        for p in (start, 1 - start):
            if not step.passed[p] and self._step_actions(step.step, p):
                self.pending = DECISIONS[step.step](player=p)
                if step.step == VANGUARD:
                    self.active = p  # the striking player's fight (its defender, dice and payment)
                return True
        self.prelim = None
        return False

    def _step_actions(self, step: str, p: int) -> list[Action]:
        """What ``p`` may apply now in ``step`` (passing aside)."""
        g: ClassicGame = self  # type: ignore[assignment]
        assert self.prelim is not None
        used = self.prelim.used
        out: list[Action] = []
        if step == BEFORE_RECRUIT:
            for iid in self._setup_now().deals[p]:
                card = g.card_at(iid)
                if BEFORE_RECRUIT in card.steps and iid not in used:
                    out.extend(A.Use(card=iid, ability=i) for i, ab in enumerate(card.abilities)
                               if ab.step == BEFORE_RECRUIT and ab.usable(g, iid))
        elif step == AFTER_PLACE:
            for cid in g.on_board(p):
                if AFTER_PLACE not in g.card_of(cid).steps or cid in used:
                    continue
                for i, ab in enumerate(g.card_of(cid).abilities):
                    if ab.step != AFTER_PLACE or not ab.usable(g, cid):
                        continue
                    for t in ab.targets(g, cid) if ab.needs_target() else [None]:
                        cells = ab.places(g, cid, t)
                        if cells is None:
                            out.append(A.Use(card=cid, ability=i, target=t))
                        else:
                            out.extend(A.Use(card=cid, ability=i, target=t, to=cell) for cell in cells)
        else:
            for cid in g.on_board(p):
                if VANGUARD in g.card_of(cid).steps and cid not in used and g.creatures[cid].zone == FIELD:
                    out.extend(self.strike_action(cid, t) for t in g.strike_targets(cid)
                               if g.creatures[t].owner != p)
        return out

    def _prelim_actions(self, pend: Any) -> list[Action]:
        if pend.kind == "prepare":
            return [A.StayClosed(cards=combo) for combo in self._closing_sets(pend.player)]
        assert self.prelim is not None
        return [*self._step_actions(self.prelim.step, pend.player), A.Pass()]

    def prelim_use(self, a: A.Use) -> None:
        """A card's ability of the step is applied at once (2007 6.1: no priority before the battle)."""
        g: ClassicGame = self  # type: ignore[assignment]
        step = self.prelim
        assert step is not None
        p = self._pend().player
        self.pending = None
        step.used.append(a.card)
        step.last = p
        if step.step == BEFORE_RECRUIT:
            card = g.card_at(a.card)
            ab = card.abilities[a.ability]
            self.shown.append(a.card)  # shown to both: the opponent knows this card of the deal now
            self.emit(E.Prepared(player=p, card=a.card, name=card.id, ability=a.ability, step=step.step))
            ab.before_recruit(g, p, a.card)
            if not self._next_in_step(1 - p):
                self.pending = P.RecruitSquad(player=self.first)
            return
        g.reveal(a.card)  # 2007 3.11.1: a face-down card that applies an ability is revealed
        if a.target is not None:
            g.reveal(a.target)  # 2022 «Вскрытие карт»: a card aimed at is revealed
        ab = g.card_of(a.card).abilities[a.ability]
        self.emit(E.Prepared(player=p, card=a.card, name=g.creatures[a.card].card, ability=a.ability,
                             step=step.step))
        cell = None if a.to is None else (a.to[0], a.to[1])
        ab.perform(g, Context(source=a.card, player=p, target=a.target, kind=getattr(ab, "kind", "influence"),
                              cell=cell))
        if not self._next_in_step(1 - p):
            g._reveal_first()

    def prelim_strike(self, a: A.Strike) -> None:
        """A vanguard strike (2007 6.2.4): a simple strike with no defender; the fight runs on the stack (nobody
        answers), and once the stack is empty the game's flow asks the next player (:meth:`vanguard_turn`)."""
        g: ClassicGame = self  # type: ignore[assignment]
        step = self.prelim
        assert step is not None
        self.pending = None
        step.used.append(a.attacker)
        step.last = self.active
        g.reveal(a.attacker)
        g.declare_strike(a.attacker, a.target, defended=False)

    def prelim_pass(self) -> None:
        """The player passes: he takes no more part in this step (2007 3.4.1)."""
        g: ClassicGame = self  # type: ignore[assignment]
        step = self.prelim
        assert step is not None
        p = self._pend().player
        self.pending = None
        self.emit(E.Passed(player=p))
        step.passed[p] = True
        step.last = p
        if step.step == VANGUARD:
            return  # the game's flow asks the next player (vanguard_turn)
        if not self._next_in_step(1 - p):
            if step.step == BEFORE_RECRUIT:
                self.pending = P.RecruitSquad(player=self.first)
            else:
                g._reveal_first()

    def vanguard_turn(self) -> bool:
        """Called with the stack empty before the first turn: start or go on with the vanguard subphase;
        False when it is over (or nobody has a vanguard strike)."""
        if self.prelim is None:
            return self.start_step(VANGUARD)
        last = self.prelim.last
        return self._next_in_step(self.first if last is None else 1 - last)

    # ================================================================== changes of the setup's state
    def deal_more(self, p: int, n: int) -> None:
        """The top ``n`` cards of ``p``'s deck join his deal («Разведка», 2007 3.4.1)."""
        take = self.decks[p][:n]
        del self.decks[p][:n]
        self._setup_now().deals[p].extend(take)
        self.emit(E.Dealt(player=p, cards=list(self._setup_now().deals[p])))

    def take_crystals(self, p: int, gold: int, silver: int) -> None:
        """``p`` loses crystals, as many as he has («Дань», 2007 3.4.1)."""
        gold, silver = min(gold, self.crystals[p][0]), min(silver, self.crystals[p][1])
        self.crystals[p][0] -= gold
        self.crystals[p][1] -= silver
        self.emit(E.CrystalsTaken(player=p, gold=gold, silver=silver))

    # ================================================================== before a turn (2007 6.3.1)
    def _closers(self, p: int) -> tuple[int, ...]:
        """``p``'s tapped cards in play that may stay closed and are not stunned (those stay closed anyway) nor
        tapped «на отступление» (they leave when they would open, 2007 8.2.1)."""
        if not self._can_close:
            return ()
        return tuple(sorted(c.id for c in self.creatures.values()
                            if c.owner == p and c.tapped and not c.stunned and c.zone in IN_PLAY
                            and not c.lost and not c.retreating and self.cards[c.card].closes))

    def _closing_sets(self, p: int) -> list[tuple[int, ...]]:
        eligible = self._closers(p)
        return [combo for n in range(len(eligible) + 1) for combo in combinations(eligible, n)]

    def _do_StayClosed(self, a: A.StayClosed) -> None:
        g: ClassicGame = self  # type: ignore[assignment]
        p = self._pend().player
        self.pending = None
        g.open_cards(p, a.cards)

    # ================================================================== why refused, what is asked
    def _why_prelim(self, action: Action) -> IllegalAction:
        g: ClassicGame = self  # type: ignore[assignment]
        kind = self._pend().kind
        if kind == "prepare":
            if not isinstance(action, A.StayClosed):
                return _illegal("wrong_decision", f"Сейчас нужно другое решение: {g.prompt('ru')}",
                                f"A different decision is due now: {g.prompt('en')}")
            return _illegal("stay_closed", "Не открываться могут только ваши закрытые карты с особенностью «Затаиться» "
                            "(оглушённые и так не откроются), каждая один раз, по возрастанию номеров.",
                            "Only your tapped cards with «Lie low» may stay closed (stunned ones stay closed "
                            "anyway), each named once, in increasing order.")
        want: tuple[type[Action], ...] = (A.Strike, A.Pass) if kind == "vanguard" else (A.Use, A.Pass)
        if not isinstance(action, want):
            return _illegal("wrong_decision", f"Сейчас нужно другое решение: {g.prompt('ru')}",
                            f"A different decision is due now: {g.prompt('en')}")
        if kind == "vanguard":
            return _illegal("vanguard", "В подфазу авангарда бьёт только ваша открытая карта с «Авангардом», один раз, "
                            "по стоящей рядом карте противника.", "In the vanguard subphase only your open card with "
                            "«Vanguard» strikes, once, at an enemy card next to it.")
        if kind == "before_recruit":
            return _illegal("before_recruit", "До набора отряда применяется особенность «до набора отряда» карты из "
                            "вашей раздачи, один раз для каждой карты.", "Before recruiting a card of your deal "
                            "applies its «before recruiting» ability, once for each card.")
        return _illegal("after_place", "После расстановки применяется особенность «после расстановки» вашей выложенной "
                        "карты, один раз, с целью и клеткой, которые она позволяет.", "After placement a laid-out card "
                        "of yours applies its «after placement» ability, once, at a target and cell it allows.")

    def _prelim_prompt(self, lang: str) -> str:
        texts = {
            "before_recruit": ("примените особенность «до набора отряда» карты из раздачи или пасуйте",
                               "apply a «before recruiting» ability of a card in your deal or pass"),
            "after_place": ("примените особенность «после расстановки» или пасуйте",
                            "apply an «after placement» ability or pass"),
            "vanguard": ("авангард: ударьте картой с «Авангардом» по стоящей рядом карте противника или пасуйте",
                         "vanguard: strike with a «Vanguard» card at an enemy card next to it or pass"),
            "prepare": ("до начала хода: какие закрытые карты с «Затаиться» не открывать?",
                        "before your turn: which tapped cards with «Lie low» stay closed?"),
        }[self._pend().kind]
        return texts[0] if lang == "ru" else texts[1]
