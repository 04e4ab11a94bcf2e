"""Classic «Берсерк», the layer of state changes: wounds, healing, death, exile, marks, tapping, places.

Each change emits its event; what a change sets off (a death's «при гибели», a strike's «при ударе») is
collected from those events by the stack layer above after the step — a change never calls up.
"""

from __future__ import annotations

from engine.classic import events as E
from engine.classic.board import Cell
from engine.classic.queries import Queries
from engine.classic.state import EXILE, EXTRA, FIELD, GRAVE, RETREAT, CellMark, Creature
from engine.core.compiled import mypyc_attr


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant of the game may subclass it
class Changes(Queries):
    """Every change to the battle goes through here (so every one is an event)."""

    lives_changed: bool
    decks: list[list[int]]  # each player's deck, top first (the setup's)
    hidden: set[int]  # face-down cards on the battlefield (the setup's)
    instances: dict[int, tuple[int, str]]  # every card of both decks: id -> (owner, card id)
    cell_marks: list[CellMark]  # effects on cells of the battlefield (2007 1.10)

    # ------------------------------------------------------------------ wounds and healing
    def deal_wounds(self, target: int, amount: int, source: int | None, cause: str, *,
                    magic: bool = False, attack: bool = False) -> int:
        """Put ``amount`` wounds on ``target``; armour stops the first X wounds of non-magic attacks each
        turn (2022 «Броня»). Returns the wounds that landed (2007 4.8: whatever the lives left)."""
        c = self.creatures[target]
        if amount <= 0 or not self.in_play(target) or self.card_of(target).lives is None:
            return 0  # 2007 1.8: a terrain cannot get wounds
        # 2022 «Предотвращение ран»: fewer wounds land, the attack's value is unchanged; prevention goes
        # first, so armour (the first X wounds of a turn) is spent only on what is left (docs/classic-abilities.md)
        prevent, by = self.prevention_by(target, cause, source)
        if prevent > 0:
            stopped = min(prevent, amount)
            amount -= stopped
            self.emit(E.Prevented(card=target, amount=stopped, why="prevention", by=target, ability=by))
        if c.shield and amount > 0:
            stopped = min(c.shield, amount)
            amount -= stopped
            shield_by = c.shield_by
            self.set_mark(target, "shield", c.shield - stopped)
            self.emit(E.Prevented(card=target, amount=stopped, why="prevention",
                                  by=shield_by[0] if shield_by else None, ability=shield_by[1] if shield_by else None))
        if amount <= 0:
            return 0
        if attack and not magic:
            left = self.armor(target) - c.armor_used
            if left > 0:
                stopped = min(left, amount)
                c.armor_used += stopped
                amount -= stopped
                self.emit(E.Prevented(card=target, amount=stopped, why="armor", by=target,
                                      ability=self.armor_ability(target)))
        if amount <= 0:
            return 0
        c.wounds += amount
        c.wounded = True
        self.lives_changed = True
        self.emit(E.Wounded(card=target, amount=amount, source=source, cause=cause))
        return amount

    def heal(self, cid: int, amount: int, *, beyond: bool = False) -> int:
        """Take up to ``amount`` wounds off (2022 «Излечение»); with ``beyond`` the rest becomes extra lives
        (2022 «Вампиризм»). Returns the wounds taken off."""
        c = self.creatures[cid]
        if amount <= 0 or not self.in_play(cid):
            return 0
        healed = min(amount, c.wounds)
        extra = amount - healed if beyond else 0
        if not healed and not extra:
            return 0
        c.wounds -= healed
        c.extra_lives += extra
        self.lives_changed = True
        self.emit(E.Healed(card=cid, amount=healed, extra=extra))
        return healed

    def set_mark(self, cid: int, mark: str, value: int) -> None:
        """Set a mark (chips, poison, extra_lives, blessed, cursed, lost) and say so."""
        c = self.creatures[cid]
        old = getattr(c, mark)
        new: object = int(value)
        if isinstance(old, bool):
            # a bool mark stays a bool (written so: compiled, ``bool(value)`` or ``value != 0`` here is kept as an
            # int, which a bool field refuses; tests/test_classic_game.py::test_a_mark_keeps_its_type)
            new = True if value else False
        if new == old:
            return
        setattr(c, mark, new)
        if mark == "shield" and not new:
            c.shield_by = None
        if mark == "extra_lives":
            self.lives_changed = True  # 2007 7.6: extra lives change the card's lives; the turn is not quiet
        self.emit(E.Marked(card=cid, mark=mark, value=int(new)))  # type: ignore[call-overload]

    # ------------------------------------------------------------------ leaving play
    def _leave_play(self, cid: int, zone: str) -> tuple[Cell | None, str]:
        c = self.creatures[cid]
        where, old = self.cell_of(cid), c.zone
        self.hosts.pop(cid, None)
        if cid in self.hidden:  # a face-down card that leaves play is seen by all in the graveyard or exile
            self.hidden.discard(cid)
            self.emit(E.Revealed(card=cid, owner=c.owner, name=c.card))
        c.zone = zone
        c.at = None
        c.tapped = False
        c.retreating = False
        c.moves = 0
        c.armor_used = 0
        c.flyer_ready = 0
        c.stunned = False
        self.lives_changed = True
        return where, old

    def kill(self, cid: int, *, cause: str = "wounds", killer: int | None = None) -> None:
        """The card dies: to its owner's graveyard (2022 «Гибель»). An incorporeal one is exiled instead
        (2022 «Бестелесный»)."""
        if not self.in_play(cid):
            return
        if self.has(cid, "incorporeal") or any(ab.exiled_instead(self, cid) for ab in self.asked(cid, "exiled_instead")):  # type: ignore[arg-type]
            self.exile(cid)
            return
        c = self.creatures[cid]
        where, _ = self._leave_play(cid, GRAVE)
        # Вальхалла (2022): killed by an attack of an enemy card
        c.slain = killer is not None and cause == "wounds" and self.creatures[killer].owner != c.owner
        self.emit(E.CreatureDied(card=cid, at=None if where is None else list(where), owner=c.owner, cause=cause,
                                 killer=killer))
        self._orphans(cid)

    def _orphans(self, host: int) -> None:
        """A symbiote whose host leaves the battlefield dies (2022 «Симбиоты»; 2007 1.5.2а)."""
        for s, h in sorted(self.hosts.items()):
            if h == host:
                self.kill(s, cause="host")

    def exile(self, cid: int) -> None:
        """Into the exile zone (2022 «Изгнать»): from play or from a graveyard."""
        c = self.creatures[cid]
        if c.zone == EXILE:
            return
        where, _ = self._leave_play(cid, EXILE)
        self.emit(E.Exiled(card=cid, owner=c.owner, at=None if where is None else [where[0], where[1]]))
        self._orphans(cid)

    def withdraw(self, cid: int) -> None:
        """A card tapped «на отступление» leaves play for its owner's next deal (2007 8.2.1); a symbiote left on
        a host that withdrew dies (2007 8.2.2), one that withdraws leaves its host in play."""
        c = self.creatures[cid]
        if not self.in_play(cid):
            return
        self._leave_play(cid, RETREAT)
        self.emit(E.Retreated(card=cid, owner=c.owner, name=c.card))
        self._orphans(cid)

    def lethal(self, cid: int) -> bool:
        """Wounds reach the card's lives (2007 4.17)."""
        return (self.in_play(cid) and self.card_of(cid).lives is not None
                and self.creatures[cid].wounds >= self.max_lives(cid))

    # ------------------------------------------------------------------ the deck
    def prophesy(self, player: int, n: int) -> list[str]:
        """Show the top ``n`` cards of the deck to both players, then put them under it in the same order
        (2022 «Пророчество»); the card ids shown."""
        deck = self.decks[player]
        shown = deck[:n]
        del deck[:n]
        deck.extend(shown)
        names = [self.instances[i][1] for i in shown]
        self.emit(E.Prophesied(player=player, cards=names))
        return names

    def mill(self, player: int, n: int) -> list[int]:
        """The top ``n`` cards of ``player``'s deck go to his graveyard without dying (2022 «Попадание на
        кладбище»: from a zone other than play); the ids, each now a card in the graveyard."""
        deck = self.decks[player]
        gone = deck[:n]
        del deck[:n]
        for iid in gone:
            card = self.instances[iid][1]
            self.creatures[iid] = Creature(id=iid, card=card, owner=player, at=None, zone=GRAVE)
            self.emit(E.ToGraveyard(card=iid, owner=player, name=card, src="deck"))
        return gone

    # ------------------------------------------------------------------ effects on cells (2007 1.10)
    def mark_cell(self, mark: CellMark) -> None:
        """Put an effect on a cell; one of a kind a cell: a new one takes the old one's place."""
        for old in [m for m in self.cell_marks if m.cell == mark.cell and m.kind == mark.kind]:
            self.unmark_cell(old, "replaced")
        self.cell_marks.append(mark)
        self.emit(E.CellMarked(at=[mark.cell[0], mark.cell[1]], mark=mark.kind, owner=mark.owner, x=mark.x))

    def unmark_cell(self, mark: CellMark, why: str) -> None:
        if mark in self.cell_marks:
            self.cell_marks.remove(mark)
            self.emit(E.CellCleared(at=[mark.cell[0], mark.cell[1]], mark=mark.kind, why=why))

    def spring_cell(self, mark: CellMark, cid: int) -> None:
        """Say that the effect on a cell acts on the card that came onto it (what it does follows)."""
        self.emit(E.CellSprung(at=[mark.cell[0], mark.cell[1]], mark=mark.kind, card=cid))

    # ------------------------------------------------------------------ tapping and places
    def tap(self, cid: int) -> None:
        c = self.creatures[cid]
        if self.in_play(cid) and not c.tapped:
            c.tapped = True
            self.emit(E.Tapped(card=cid))

    def untap(self, cid: int) -> None:
        c = self.creatures[cid]
        if self.in_play(cid) and c.tapped:
            c.tapped = False
            c.retreating = False  # opened before its turn began: it stays (2007 8.2.1 retreats when it opens then)
            c.moves = self.movement(cid)  # 2022 «Движение»: movement comes back when the card opens
            self.emit(E.Untapped(card=cid))

    def relocate(self, cid: int, to: Cell, how: str) -> None:
        """Put a card on a free cell (2022 «Перемещение»: only onto an empty cell)."""
        c = self.creatures[cid]
        src = c.at
        c.at = to
        c.zone = FIELD
        c.moved = True
        self.emit(E.Relocated(card=cid, src=None if src is None else list(src), to=list(to), how=how))

    def summon(self, player: int, card: str, at: Cell | None) -> int | None:
        """The first card of ``player``'s deck with this card id comes into play on ``at`` (None: the
        additional zone), open (2022 «Вызвать»); None when the deck has none."""
        deck = self.decks[player]
        iid = next((i for i in deck if self.instances[i][1] == card), None)
        if iid is None:
            return None
        deck.remove(iid)
        self.creatures[iid] = Creature(id=iid, card=card, owner=player, at=None, zone=GRAVE)
        self.enter_play(iid, at, "deck")
        return iid

    def enter_play(self, cid: int, at: Cell | None, src: str) -> None:
        """A card comes into play, open (2022 «Вызвать», «Возродить»): on ``at``, or the additional zone."""
        c = self.creatures[cid]
        c.zone = FIELD if at is not None else EXTRA
        c.at = at
        c.tapped = False
        c.wounds = 0
        c.moves = self.movement(cid)
        # back from the graveyard it is the printed card again: no marks of its earlier stay in play
        c.poison = c.extra_lives = c.chips = c.armor_used = c.flyer_ready = c.shield = c.tokens = 0
        c.shield_by = None
        c.blessed = c.cursed = c.lost = c.slain = c.moved = c.wounded = c.stunned = False
        self.lives_changed = True
        self.emit(E.Entered(card=cid, owner=c.owner, at=None if at is None else list(at), src=src))
