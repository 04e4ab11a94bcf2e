"""The setup of a classic game as pending decisions: die roll, squad building, placement, reveal, symbiotes.

:class:`ClassicSetup` is a part of :class:`engine.classic.game.ClassicGame` (which inherits it): it holds
the state the setup adds (the cards of both decks by instance id, the decks, the crystals, face-down
cards, the additional zone, symbiote hosts), lists the legal setup actions, says why one is refused and
carries them out. ``ClassicGame.start(cards, decks, seed=…)`` begins it. Rule numbers: "2022" is the
starter rules (which win where they differ), "2007" the comprehensive rules; decisions the rules leave
open are in docs/classic-rules.md.

The order: each player's deck is shuffled → die roll, ties roll again (events) → the winner goes first
or second → crystals and a deal of 15 each → the first player recruits, then the second → the first
player lays out the squad face down, then the second → the first player's cards are revealed, the
second keeps any of his 3rd-row cards (not symbiotes) hidden → flyers and terrains go to the additional
zone → symbiotes are seated (first's companions, second's, first's parasites, second's) → symbiotes
without a host die → the battle begins: «в начале боя» abilities go off (collected from the BattleBegan event
by the stack layer) → when they are done, the first turn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

from engine.classic import actions as A
from engine.classic import events as E
from engine.classic import pending as P
from engine.classic import placement, recruit
from engine.classic.abilities.prelim import AFTER_PLACE, BEFORE_RECRUIT
from engine.classic.board import Cell, own_row
from engine.classic.cards import ClassicCard
from engine.classic.decks import ClassicDeck, check_deck
from engine.classic.prelim import ClassicPrelim
from engine.classic.setupview import visible_state
from engine.classic.setupwhy import setup_prompt, why_setup
from engine.classic.state import EXTRA, FIELD, GRAVE, ID_SPAN, Creature, SetupState
from engine.core.actions import Action
from engine.core.compiled import mypyc_attr
from engine.core.errors import IllegalAction
from engine.core.events import DieRolled, Event, Shuffled
from engine.core.rng import Rng

if TYPE_CHECKING:
    from engine.classic.game import ClassicGame

SEAT_ORDER = (("first", "companion"), ("second", "companion"), ("first", "parasite"), ("second", "parasite"))


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant of the game may subclass it
class ClassicSetup(ClassicPrelim):
    """The setup part of a classic game (the layer below ClassicGame; its attributes are ClassicGame's)."""

    seed: int
    next_id: int
    names: list[str]
    setup_events: list[Event]

    # ================================================================== state
    def _init_setup(self) -> None:
        self.edition = "2022"  # recruit.EDITIONS: "2007" is the comprehensive rules' variant
        self.instances: dict[int, tuple[int, str]] = {}  # every card of both decks: id -> (owner, card id)
        self.decks: list[list[int]] = [[], []]  # instance ids, top of the deck first
        self.crystals: list[list[int]] = [[0, 0], [0, 0]]  # [gold, silver]; what is left stays (2007 3.5)
        self.hidden: set[int] = set()  # face-down cards on the battlefield
        self.hosts: dict[int, int] = {}  # a seated symbiote -> its host
        self.opening = False  # the battle has begun and its first turn has not: «в начале боя» (2007 3.13)
        self.setup: SetupState | None = None

    def _setup_to_dict(self) -> dict[str, Any]:
        return {"edition": self.edition,
                "instances": [[i, o, c] for i, (o, c) in sorted(self.instances.items())],
                "decks": [list(d) for d in self.decks], "crystals": [list(c) for c in self.crystals],
                "hidden": sorted(self.hidden),
                "hosts": [[s, h] for s, h in sorted(self.hosts.items())], "opening": self.opening,
                "setup": None if self.setup is None else self.setup.to_dict()}

    def _setup_from_dict(self, data: dict[str, Any]) -> None:
        if data["edition"] not in recruit.EDITIONS:
            raise ValueError(f"unknown classic edition {data['edition']!r}")
        self.edition = data["edition"]
        self.instances = {i: (o, c) for i, o, c in data["instances"]}
        self.decks = [list(d) for d in data["decks"]]
        self.crystals = [list(c) for c in data["crystals"]]
        self.hidden = set(data["hidden"])
        self.hosts = {s: h for s, h in data["hosts"]}
        self.opening = data.get("opening", False)
        self.setup = None if data["setup"] is None else SetupState.from_dict(data["setup"])
        for _, card in self.instances.values():
            if card not in self.cards:
                raise ValueError(f"a deck names unknown card {card!r}")

    def _setup_card_ids(self) -> set[str]:
        """The card ids of both decks (their definitions travel in the state)."""
        return {card for _, card in self.instances.values()}

    # ================================================================== creation
    @classmethod
    def start(cls, cards: Mapping[str, ClassicCard], decks: Sequence[ClassicDeck | Sequence[str]], *, seed: int = 0,
              edition: str = "2022", names: Sequence[str] = ("Игрок 1", "Игрок 2"),
              check_decks: bool = True) -> ClassicGame:
        """A full game from two decks: the decks are shuffled and the die is rolled; the winner decides next.

        ``decks`` are :class:`ClassicDeck` or lists of card ids; an illegal deck raises IllegalAction (a
        ValueError) with the reasons unless ``check_decks`` is false; ``edition`` "2007" plays 2007 3.3–3.7.
        """
        if edition not in recruit.EDITIONS:
            raise ValueError(f"edition must be one of {', '.join(recruit.EDITIONS)}")
        if len(decks) != 2:
            raise ValueError("a game needs two decks")
        g: ClassicGame = cls(dict(cards))  # type: ignore[call-arg, assignment]
        g.seed = seed
        g.rng = Rng(seed)
        g.names = list(names)
        g.edition = edition
        for p, deck in enumerate(decks):
            deck = deck if isinstance(deck, ClassicDeck) else ClassicDeck.from_cards(deck)
            unknown = [cid for cid, _ in deck.cards if cid not in g.cards]
            if unknown:
                raise ValueError(f"unknown classic card {unknown[0]!r} in the deck of player {p + 1}")
            if check_decks:
                check_deck(deck, g.cards)
            # 2007 3.2 step 1: shuffle. Instance ids follow the shuffled order, so an id says nothing of the card.
            order = deck.card_list()
            g.rng.shuffle(order)
            g.emit(Shuffled(player=p))
            for card in order:
                g.instances[g.next_id] = (p, card)
                g.decks[p].append(g.next_id)
                g.next_id += 1
        g.setup = SetupState()
        g._roll_for_order()
        g.setup_events = list(g._events)
        g._events = []
        return g

    def _roll_for_order(self) -> None:
        """2022 «Определение очерёдности хода», 2007 3.4: both roll, a tie rolls again; the higher decides."""
        while True:
            rolls = [self.rng.die(), self.rng.die()]
            for p in (0, 1):
                self.emit(DieRolled(player=p, value=rolls[p]))
            if rolls[0] != rolls[1]:
                break
        self.pending = P.ChooseOrder(player=0 if rolls[0] > rolls[1] else 1)

    # ================================================================== queries
    @property
    def extra(self) -> list[int]:
        """The additional zone: flyers and terrains in play, by id (2007 1.5.1, 1.8)."""
        return sorted(c.id for c in self.creatures.values() if c.zone == EXTRA)

    def card_at(self, iid: int) -> ClassicCard:
        """The card of an instance, wherever it is (deck, deal, squad, battlefield…)."""
        c = self.creatures.get(iid)
        return self.cards[c.card if c is not None else self.instances[iid][1]]

    def zone_of(self, iid: int) -> str:
        """Where a card is: deck, deal, squad (recruited, not laid out), battlefield, extra (the additional
        zone), seated (a symbiote on its host) or graveyard."""
        c = self.creatures.get(iid)
        if c is not None:
            if c.zone == FIELD:
                return "battlefield" if c.at is not None else "seated"
            return {EXTRA: "extra", GRAVE: "graveyard"}.get(c.zone, c.zone)
        owner = self.instances[iid][0]
        if self.setup is not None:
            if iid in self.setup.deals[owner]:
                return "deal"
            if iid in self.setup.squads[owner]:
                return "squad"
        return "deck"

    def symbiote_of(self, host: int) -> int | None:
        """The symbiote seated on ``host``, if any (a ground creature carries at most one: 2007 1.5.2в)."""
        for s, h in self.hosts.items():
            if h == host:
                return s
        return None

    def visible_to(self, player: int) -> dict[str, Any]:
        """The state as ``player`` may know it: no deck order, no opponent's deal or squad, no face-down
        card's identity, no seed (:func:`engine.classic.setupview.visible_state`)."""
        return visible_state(self, player)  # type: ignore[arg-type]

    # ================================================================== the battle's hooks
    def reveal(self, iid: int) -> None:
        """Turn a face-down card face up (2022 «Вскрытие карт»: when it acts or is targeted with no defender,
        and at the second player's first turn); a flyer or a terrain goes to the additional zone."""
        if iid not in self.hidden:
            return
        self.hidden.discard(iid)
        c = self.creatures[iid]
        self.emit(E.Revealed(card=iid, owner=c.owner, name=c.card))
        card = self.cards[c.card]
        if c.at is not None and (card.flyer or card.type == "terrain"):
            # 2022 «Вскрытие карт»; 2007 1.5.1, 1.8: flyers and terrains leave the battlefield for the extra zone.
            src = c.at
            c.at = None
            c.zone = EXTRA
            c.moves = 0
            self.emit(E.ToExtraZone(card=iid, src=[src[0], src[1]]))

    # ================================================================== legal actions
    def _setup_actions(self, pend: Any) -> list[Action]:
        p = pend.player
        kind = pend.kind
        if kind == "order":
            return [A.GoFirst(), A.GoSecond()]
        if kind == "recruit":
            return self._recruit_actions(p)
        if kind == "place":
            return self._place_actions(p)
        if kind == "hide":
            eligible = self._hideable(p)
            return [A.KeepHidden(cards=combo) for n in range(len(eligible) + 1) for combo in combinations(eligible, n)]
        if kind == "seat":
            return [A.Seat(card=s, host=h) for s, h in self._seat_pairs(p, pend.role)]
        raise AssertionError(kind)

    def _squad_cards(self, p: int) -> list[ClassicCard]:
        assert self.setup is not None
        return [self.card_at(i) for i in self.setup.squads[p]]

    def _recruit_actions(self, p: int) -> list[Action]:
        assert self.setup is not None
        gold, silver = self.crystals[p]
        squad = self._squad_cards(p)
        elements = recruit.elements_of(squad)
        out: list[Action] = []
        for iid in self.setup.deals[p]:
            card = self.card_at(iid)
            if recruit.why_not(card, squad, self.edition, gold, silver) is not None:
                continue
            penalty = recruit.element_penalty(self.edition, elements, card)
            out.extend(self._recruit_action(iid, g, s)
                       for g, s in recruit.splits(card, gold - penalty, silver, recruit.price(card, squad)))
        if self._may_redeal(p):
            out.append(A.Redeal())
        out.append(A.Ready())
        return out

    def _may_redeal(self, p: int) -> bool:
        assert self.setup is not None
        # 2022, 2007 3.3: while gold remains; only before the first card is recruited and before a «до набора
        # отряда» ability was applied to this deal (docs/classic-rules.md).
        return (not self.setup.squads[p] and self.crystals[p][0] >= recruit.REDEAL_COST
                and not any(self.instances[i][0] == p for i in self.shown))

    def _laid_out(self, p: int) -> dict[int, Cell]:
        """The player's squad cards on the battlefield during placement: id -> cell."""
        assert self.setup is not None
        return {i: self.creatures[i].at for i in self.setup.squads[p] if i in self.creatures}  # type: ignore[misc]

    def _place_actions(self, p: int) -> list[Action]:
        assert self.setup is not None
        laid = self._laid_out(p)
        first = p == self.first
        taken = set(laid.values())
        out: list[Action] = []
        unplaced = [i for i in self.setup.squads[p] if i not in laid]
        if unplaced:
            cells = placement.open_cells(p, first, taken)
            out.extend(self._place_action(i, cell) for i in unplaced for cell in cells)
        # moving a laid-out card: the open cells with this card lifted off its own (placement.moves_of_laid)
        tier_of, free = placement.moves_of_laid(p, first, taken)
        open_tier = tier_of[free[0]] if free else -1  # the first tier not yet full (-1: every tier is)
        for i, at in laid.items():
            if open_tier >= 0 and tier_of.get(at, open_tier) >= open_tier:
                out.extend(self._place_action(i, cell) for cell in free)
        # swapping two laid-out cards: the same cells stay taken, so the tiers hold (each pair once)
        ids = sorted(laid)
        out.extend(self._swap_action(i, j) for k, i in enumerate(ids) for j in ids[k + 1:])
        if not unplaced:
            out.append(A.Ready())
        return out

    def _place_action(self, cid: int, cell: Cell) -> A.Place:
        """``Place(card=cid, at=cell)``, made once a game (see Legal.move_action)."""
        key = cid * 32 + cell[0] * 5 + cell[1]
        made = self._places.get(key)
        if made is None:
            made = self._places[key] = A.Place(card=cid, at=cell)
        return made

    def _swap_action(self, cid: int, other: int) -> A.Swap:
        key = cid * ID_SPAN + other
        made = self._swaps.get(key)
        if made is None:
            made = self._swaps[key] = A.Swap(card=cid, other=other)
        return made

    def _recruit_action(self, cid: int, gold: int, silver: int) -> A.Recruit:
        key = (cid * 256 + gold) * 256 + silver
        made = self._recruits.get(key)
        if made is None:
            made = self._recruits[key] = A.Recruit(card=cid, gold=gold, silver=silver)
        return made

    def _hideable(self, p: int) -> tuple[int, ...]:
        """The player's face-down cards of the 3rd row that may stay hidden: not symbiotes (2007 3.11.1)."""
        back = own_row(p, 3)
        return tuple(sorted(i for i in self.hidden if self.creatures[i].owner == p and (at := self.creatures[i].at) is not None
                            and at[0] == back and not self.card_at(i).symbiote))

    def _seat_pairs(self, p: int, role: str) -> list[tuple[int, int]]:
        """(symbiote, host) pairs the player may seat now (2022 «Симбиоты»; 2007 1.5.2, 3.11–3.12).

        A host is a ground creature on the battlefield with no symbiote yet: the player's own for a
        companion, one in the opponent's 1st row for a parasite; an incorporeal one only for an incorporeal
        symbiote (2007 1.5.2б; 2022 «Бестелесный»).
        """
        mine = sorted(c.id for c in self.creatures.values() if c.owner == p and c.at is not None
                      and self.cards[c.card].symbiote == role and c.id not in self.hosts)
        if not mine:
            return []
        taken = set(self.hosts.values())
        hosts = []
        for c in sorted(self.creatures.values(), key=lambda c: c.id):
            if c.at is None or c.id in taken or not self.cards[c.card].ground:
                continue
            if role == "companion" and c.owner == p:
                hosts.append(c.id)
            elif role == "parasite" and c.owner != p and c.at[0] == own_row(c.owner, 1):
                hosts.append(c.id)
        return [(s, h) for s in mine for h in hosts
                if self.has(s, "incorporeal") or not self.has(h, "incorporeal")]

    # ================================================================== why illegal (setupwhy.py)
    def _why_setup(self, action: Action) -> IllegalAction:
        return why_setup(self, action)  # type: ignore[arg-type]

    def _setup_prompt(self, lang: str) -> str:
        return setup_prompt(self, lang)  # type: ignore[arg-type]

    # ================================================================== handlers
    def _do_GoFirst(self, a: A.GoFirst) -> None:
        self._order_chosen(self._pend().player)

    def _do_GoSecond(self, a: A.GoSecond) -> None:
        self._order_chosen(1 - self._pend().player)

    def _order_chosen(self, first: int) -> None:
        self.emit(E.OrderChosen(player=self._pend().player, first=first))
        self.first = self.active = first
        for p in (first, 1 - first):
            gold, silver = recruit.starting_crystals(self.edition, p == first)
            self.crystals[p] = [gold, silver]
            self.emit(E.CrystalsGiven(player=p, gold=gold, silver=silver))
        for p in (first, 1 - first):
            self._deal(p)
        if not self.start_step(BEFORE_RECRUIT):  # 2007 3.4.1: «до набора отряда», when a deal has such a card
            self.pending = P.RecruitSquad(player=first)

    def _deal(self, p: int) -> None:
        """Take the top cards of the deck as the deal (2022 «Формирование отряда»; 2007 3.3); in a campaign the
        kept cards come first and the deck makes them up to 15 (2007 8.3–8.4)."""
        assert self.setup is not None
        kept = self.setup.kept[p]
        n = max(0, min(recruit.DEAL - len(kept), len(self.decks[p])))
        self.setup.deals[p] = kept + self.decks[p][:n]
        del self.decks[p][:n]
        self.emit(E.Dealt(player=p, cards=list(self.setup.deals[p])))

    def _shuffle_back(self, p: int, ids: list[int]) -> None:
        self.decks[p].extend(ids)
        self.rng.shuffle(self.decks[p])
        self.emit(Shuffled(player=p))

    def _do_Redeal(self, a: A.Redeal) -> None:
        assert self.setup is not None
        p = self._pend().player
        self.crystals[p][0] -= recruit.REDEAL_COST  # 2022, 2007 3.3: one gold a redeal
        self.emit(E.Redealt(player=p, gold=recruit.REDEAL_COST))
        deal, self.setup.deals[p] = self.setup.deals[p], []
        self._shuffle_back(p, [i for i in deal if i not in self.setup.kept[p]])  # 2007 8.5: the kept cards stay
        self._deal(p)

    def _do_Recruit(self, a: A.Recruit) -> None:
        assert self.setup is not None
        p = self._pend().player
        card = self.card_at(a.card)
        # 2022 «Влияние стихий» / 2007 3.7: a new element's penalty is paid as the card joins (2007 3.6).
        penalty = recruit.element_penalty(self.edition, recruit.elements_of(self._squad_cards(p)), card)
        self.crystals[p][0] -= a.gold + penalty
        self.crystals[p][1] -= a.silver
        self.setup.deals[p].remove(a.card)
        self.setup.squads[p].append(a.card)
        self.emit(E.Recruited(player=p, card=a.card, gold=a.gold, silver=a.silver, penalty=penalty))

    def _do_Ready(self, a: A.Ready) -> None:
        assert self.setup is not None
        p = self._pend().player
        second = 1 - self.first
        if self._pend().kind == "recruit":
            bonus = recruit.end_bonus(self.edition, recruit.elements_of(self._squad_cards(p)))  # 2007 3.7
            self.crystals[p][0] += bonus
            rest, self.setup.deals[p] = self.setup.deals[p], []
            self.emit(E.SquadReady(player=p, returned=len(rest), bonus=bonus))
            self._shuffle_back(p, rest)  # 2022, 2007 3.6: the rest of the deal goes back into the deck
            self.pending = P.RecruitSquad(player=second) if p == self.first else P.PlaceSquad(player=self.first)
            return
        self.emit(E.LayoutReady(player=p))
        if p == self.first:
            self.pending = P.PlaceSquad(player=second)
        elif not self.start_step(AFTER_PLACE):  # 2007 6.2.2: «после расстановки», when a card has one
            self._reveal_first()

    def _do_Place(self, a: A.Place) -> None:
        p = self._pend().player
        dest = (a.at[0], a.at[1])
        c = self.creatures.get(a.card)
        if c is None:
            # 2022 «Расстановка», 2007 3.8: face down, one card a cell
            self.creatures[a.card] = Creature(id=a.card, card=self.instances[a.card][1], owner=p, at=dest)
            self.hidden.add(a.card)
        else:
            src = c.at
            assert src is not None
            self.emit(E.CardUnplaced(player=p, card=a.card, at=[src[0], src[1]]))
            c.at = dest
        self.emit(E.CardPlaced(player=p, card=a.card, at=[dest[0], dest[1]]))

    def _do_Swap(self, a: A.Swap) -> None:
        p = self._pend().player
        one, two = self.creatures[a.card], self.creatures[a.other]
        one.at, two.at = two.at, one.at
        for c in (one, two):
            assert c.at is not None
            self.emit(E.CardPlaced(player=p, card=c.id, at=[c.at[0], c.at[1]]))

    def _reveal_first(self) -> None:
        """2022 «Вскрытие карт»: the first player reveals everything; the second may keep his 3rd row hidden."""
        for iid in sorted(i for i in self.hidden if self.creatures[i].owner == self.first):
            self.reveal(iid)
        second = 1 - self.first
        self.pending = P.ChooseHidden(player=second)
        if not self._hideable(second):
            self._reveal_second(())

    def _do_KeepHidden(self, a: A.KeepHidden) -> None:
        self._reveal_second(a.cards)

    def _reveal_second(self, keep: Sequence[int]) -> None:
        second = 1 - self.first
        if keep:
            self.emit(E.KeptHidden(player=second, cards=list(keep)))
        for iid in sorted(i for i in self.hidden if self.creatures[i].owner == second and i not in keep):
            self.reveal(iid)
        self.setup = None  # the deals and squads are over: what is left of the setup is on the battlefield
        self._next_seating(0)

    def _next_seating(self, start: int) -> None:
        """2022 «Симбиоты», 2007 3.11–3.12: first's companions, second's, first's parasites, second's."""
        for who, role in SEAT_ORDER[start:]:
            p = self.first if who == "first" else 1 - self.first
            if self._seat_pairs(p, role):
                self.pending = P.SeatSymbiotes(player=p, role=role)
                return
        self._begin_battle()

    def _do_Seat(self, a: A.Seat) -> None:
        c = self.creatures[a.card]
        host = self.creatures[a.host]
        src = c.at
        assert src is not None and host.at is not None
        c.at = None  # 2007 1.5.2г: it shares the host's cell; the host's place is its place
        self.hosts[a.card] = a.host
        self.emit(E.Seated(card=a.card, host=a.host, src=[src[0], src[1]], at=[host.at[0], host.at[1]]))
        p, role = self._pend().player, self._pend().role
        if self._seat_pairs(p, role):
            return
        who = "first" if p == self.first else "second"
        self._next_seating(SEAT_ORDER.index((who, role)) + 1)

    def _begin_battle(self) -> None:
        # 2022 «Симбиоты», 2007 3.12: a symbiote left without a host dies.
        for c in sorted(self.creatures.values(), key=lambda c: c.id):
            if c.at is not None and self.cards[c.card].symbiote and c.id not in self.hosts:
                src = c.at
                c.at = None
                c.zone = GRAVE
                self.emit(E.CreatureDied(card=c.id, at=[src[0], src[1]], owner=c.owner))
        self.turn = 1
        self.active = self.first
        self.pending = None  # the battle's flow (ClassicGame._advance) decides who acts next
        # «в начале боя» goes off from this event; the first turn starts once the stack is empty (2007 3.13)
        self.opening = True
        self.emit(E.BattleBegan(first=self.first))
