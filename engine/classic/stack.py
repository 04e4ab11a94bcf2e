"""Classic «Берсерк», the stack layer: what waits to be carried out, priority, and triggered abilities.

2007 part 5: a declared action, a used ability, a trigger and a card's destruction go on the stack; the
players pass priority, and when both pass in a row the top item is carried out (last declared first);
after it the active player has priority again (5.6). A player with nothing to play passes at once, so a
response window is a decision only for a player who has an instant (внезапное действие) to play —
writing each automatic pass as a decision would give nothing to choose. Triggers are collected from the
events of each step (:meth:`collect_triggers`), never called from the changes that set them off.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from itertools import zip_longest
from typing import Any

from engine.classic import events as E
from engine.classic.abilities import Ability, Context
from engine.classic.abilities.cells import enter_cell
from engine.classic.changes import Changes
from engine.core.compiled import mypyc_attr
from engine.core.events import Event, TurnBegan


@dataclass(frozen=True, init=False)
class StackItem:
    """One thing on the stack: an ability used (``ability``), a trigger, a simple strike's fight (``attack``),
    the dice of a fight (``dice``) or a card's destruction (``destroy``, 2007 4.17.1)."""

    kind: str
    player: int
    source: int
    index: int = -1  # the ability's number in the card's abilities (an ability or a trigger)
    target: int | None = None
    other: int | None = None  # a trigger's subject: the card struck, the killer…
    on: str = ""  # a trigger's event
    # where a dead card stood (its «при гибели» reaches from there); for an ability, the cell its player chose
    # (``use … to=r,c``: Перемещение, Возродить, Рывок…)
    cell: tuple[int, int] | None = None
    redirected: bool = False  # an attack whose target was changed (2022 «Перенаправление»: only once)

    # Written out rather than made by @dataclass: compiled (tools/compile_rules.py), a dataclass's own __init__
    # stays interpreted Python (tests/test_records.py keeps it matching the fields).
    def __init__(self, kind: str, player: int, source: int, index: int = -1, target: int | None = None,
                 other: int | None = None, on: str = "", cell: tuple[int, int] | None = None,
                 redirected: bool = False) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "target", target)
        object.__setattr__(self, "other", other)
        object.__setattr__(self, "on", on)
        object.__setattr__(self, "cell", cell)
        object.__setattr__(self, "redirected", redirected)

    def __reduce__(self) -> tuple[Any, ...]:
        # rebuilt through __init__: compiled (tools/compile_rules.py), pickling would set the frozen fields one
        # by one and fail (a game's cards and states go to the computer's process pickled)
        return (type(self), tuple([getattr(self, f.name) for f in fields(self)]))

    def to_dict(self) -> dict[str, Any]:
        out = {"kind": self.kind, "player": self.player, "source": self.source, "index": self.index,
               "target": self.target, "other": self.other, "on": self.on,
               "cell": None if self.cell is None else list(self.cell)}
        if self.redirected:
            out["redirected"] = True
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> StackItem:
        cell = d.get("cell")
        return cls(kind=d["kind"], player=d["player"], source=d["source"], index=d["index"], target=d["target"],
                   other=d["other"], on=d["on"], cell=None if cell is None else (cell[0], cell[1]),
                   redirected=d.get("redirected", False))


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant of the game may subclass it
class Stack(Changes):
    """The stack, priority and triggers."""

    stack: list[StackItem]
    priority: int | None  # who may play next in the open response window (None: no window)
    passes: int  # passes in a row in that window
    _events: list[Event]

    # ------------------------------------------------------------------ pushing and priority
    def push(self, item: StackItem) -> None:
        """Put ``item`` on the stack and open a response window: the other player answers first (2007 5.4)."""
        self.stack.append(item)
        self.priority = 1 - item.player
        self.passes = 0

    def give_priority(self, player: int) -> None:
        """A new window after the top item was carried out: the active player first (2007 5.6)."""
        self.priority = player
        self.passes = 0

    def pass_priority(self, player: int) -> bool:
        """``player`` passes; True when both have passed in a row (the top item is carried out next)."""
        self.passes += 1
        self.priority = 1 - player
        return self.passes >= 2

    def on_stack(self, cid: int) -> bool:
        """The card has something of its own waiting on the stack (it cannot declare another action)."""
        if not self.stack:
            return False  # most of the time (listing a main phase's actions asks it of every card)
        return any(i.source == cid and i.kind in ("ability", "attack") for i in self.stack)

    # ------------------------------------------------------------------ triggers
    def ability_at(self, cid: int, index: int) -> Ability | None:
        abilities = self.abilities(cid) if self.in_play(cid) else self.card_of(cid).abilities
        return abilities[index] if 0 <= index < len(abilities) else None

    def _triggers_of(self, cid: int, on: str, *, printed: bool = False) -> list[tuple[int, Ability]]:
        """The card's abilities that go off on ``on`` (``printed``: read from the card, for cards out of play)."""
        c = self.creatures[cid]
        card = self.cards[c.card]
        if on not in card.triggers and (printed or not card.grants):
            return []  # none of its printed abilities answers ``on``, and it is granted none (most cards)
        abilities = card.abilities if printed else self.abilities(cid)
        return [(i, ab) for i, ab in enumerate(abilities) if ab.trigger == on]

    def collect_triggers(self, events: list[Event]) -> None:
        """Put on the stack what these events set off: the active player's first, then the other's, so
        the other's are carried out first (2022 «Важные дополнения» 6; 2007 5.7); within one player, in
        the order of the cards' ids and their abilities (the rules let the player choose; see
        docs/classic-rules.md)."""
        if self.cell_marks:
            self.entered_cells(events)  # first: a mire there may take the movement a stuck card would leave by
        self.settle(events)
        found: list[StackItem] = []
        for ev in events:
            # by the event's kind first (one read of a class attribute), the record's class asserted where it
            # matters: most events set nothing off
            k = ev.kind
            if k == "dies":
                assert isinstance(ev, E.CreatureDied)
                cell = None if ev.at is None else (ev.at[0], ev.at[1])
                found += [StackItem("trigger", ev.owner, ev.card, i, other=ev.killer, on=ab.trigger, cell=cell)
                          for i, ab in enumerate(self.card_of(ev.card).abilities)
                          if ab.trigger in ("death", "grave") and ab.fires(self, ev.card, ev)]  # type: ignore[arg-type]
                if ev.killer is not None and self.in_play(ev.killer):
                    owner = self.creatures[ev.killer].owner
                    found += [StackItem("trigger", owner, ev.killer, i, other=ev.card, on="kill")
                              for i, ab in self._triggers_of(ev.killer, "kill") if ab.fires(self, ev.killer, ev)]  # type: ignore[arg-type]
            elif k == "strike":
                assert isinstance(ev, E.Struck)
                if ev.blow == "miss" or not self.in_play(ev.card):
                    continue
                owner = self.creatures[ev.card].owner
                found += [StackItem("trigger", owner, ev.card, i, other=ev.target, on="attack")
                          for i, ab in self._triggers_of(ev.card, "attack") if ab.fires(self, ev.card, ev)]  # type: ignore[arg-type]
            elif k == "to_grave":
                assert isinstance(ev, E.ToGraveyard)
                # 2022 «Попадание на кладбище»: from any zone; dying is one way (above), the deck another
                found += [StackItem("trigger", ev.owner, ev.card, i, on="grave")
                          for i, ab in self._triggers_of(ev.card, "grave", printed=True) if ab.fires(self, ev.card, ev)]  # type: ignore[arg-type]
            elif k == "battle":
                self._battle_start(ev)
            elif k == "turn":
                assert isinstance(ev, TurnBegan)
                found += self._turn_triggers(ev.player, "turn_start", ev)
            elif k == "end_turn":
                assert isinstance(ev, E.TurnEnded)
                found += self._turn_triggers(ev.player, "turn_end", ev)
        if not found:
            return
        for player in (self.active, 1 - self.active):
            for item in sorted((f for f in found if f.player == player), key=lambda f: (f.source, f.index)):
                self.emit(E.Triggered(card=item.source, ability=item.index, on=item.on))
                self.stack.append(item)
        self.give_priority(self.active)

    def _battle_start(self, ev: Event) -> None:
        """«В начале боя» (2022 glossary; 2007 3.13): every such ability once, used in turn starting with the
        first player — so they go on the stack in the reverse of that order and the first player's first one
        is carried out first."""
        mine = [[StackItem("trigger", p, c.id, i, on="battle_start")
                 for c in sorted(self.creatures.values(), key=lambda c: c.id) if c.owner == p and self.in_play(c.id)
                 for i, ab in self._triggers_of(c.id, "battle_start") if ab.fires(self, c.id, ev)]  # type: ignore[arg-type]
                for p in (self.first, 1 - self.first)]
        order = [item for pair in zip_longest(*mine) for item in pair if item is not None]
        for item in order:
            self.emit(E.Triggered(card=item.source, ability=item.index, on=item.on))
        self.stack.extend(reversed(order))
        if order:
            self.give_priority(self.active)

    def settle(self, events: list[Event]) -> None:
        """What the rules do at once after a step, with no stack: an incorporeal card of the active player
        left on a cell it shares, that cannot move off now (tapped, no movement left, or no creature), is
        exiled (2022 «Бестелесный»). Only the active player's cards move in his turn, and a card that steps
        onto a taken cell must leave it before his turn ends, so only his card can be stuck there. Only these
        leave it so: a step onto such a cell, its movement spent there (by the step, or by a mire it met
        on arriving, :meth:`entered_cells`, run first), or a tapping there. A card put on a cell any other way
        is put only on a free one (2022 «Перемещение»)."""
        for ev in events:
            if isinstance(ev, (E.Moved, E.Tapped)):  # noqa: UP038 - a tuple is quicker
                break
        else:
            return
        for cid in self.incorporeal_sharing(self.active):
            c = self.creatures[cid]
            if c.tapped or c.moves <= 0 or not self.is_creature(cid):
                self.exile(cid)

    def entered_cells(self, events: list[Event]) -> None:
        """Cards that came onto a cell with an effect on it meet that effect at once (2007 1.10: an effect is
        carried out already; see :mod:`engine.classic.abilities.cells`). Only where a card ends up counts:
        a move is made in one step, so the cells it passes are not entered."""
        for ev in events:
            if isinstance(ev, E.Moved | E.Relocated):
                cell = (ev.to[0], ev.to[1])
            elif isinstance(ev, E.Entered) and ev.at is not None:
                cell = (ev.at[0], ev.at[1])
            else:
                continue
            if self.cell_of(ev.card) == cell:
                enter_cell(self, ev.card, cell)  # type: ignore[arg-type]

    def _turn_triggers(self, player: int, on: str, ev: Event) -> list[StackItem]:
        """«В начале хода» / «в конце хода» of both players' cards in play, and the graveyard's triggers that
        look at the turn (Вальхалла) — each ability's ``fires`` says whose turn it answers."""
        out: list[StackItem] = []
        grave_on = on + "_grave"
        for cid in sorted(self.creatures):
            c = self.creatures[cid]
            if c.zone in ("field", "extra"):
                pairs = self._triggers_of(c.id, on)
            elif c.zone == "grave":
                pairs = self._triggers_of(c.id, grave_on, printed=True)
            else:
                continue
            out += [StackItem("trigger", c.owner, c.id, i, on=on) for i, ab in pairs if ab.fires(self, c.id, ev)]  # type: ignore[arg-type]
        return out

    # ------------------------------------------------------------------ carrying out
    def resolve_top(self) -> None:
        """Carry out the top item (2007 5.4); one that can no longer be carried out is left off (5.8)."""
        item = self.stack.pop()
        if item.kind == "destroy":
            # wounds that no longer reach the lives (a heal answered) leave it off (2007 4.17.1); a destruction
            # without wounds (an effect) only needs the card still in play
            by_effect = item.on == "effect"
            done = self.in_play(item.source) if by_effect else self.lethal(item.source)
            self.emit(E.Resolved(item="destroy", card=item.source, done=done))
            if done:
                self.kill(item.source, cause="destroy" if by_effect else "wounds", killer=item.other)
        elif item.kind in ("attack", "dice"):
            self.resolve_fight(item)
        else:
            self.resolve_ability(item)

    def resolve_ability(self, item: StackItem) -> None:
        """An ability used or a trigger: its effects, then the payment (2007 5.2: pay after carrying out)."""
        ab = self.ability_at(item.source, item.index)
        if ab is None or (item.kind == "ability" and not (self.in_play(item.source) and self.can_pay(item.source, ab))):
            self.emit(E.Resolved(item=item.kind, card=item.source, done=False))
            return
        ab.perform(self, Context(source=item.source, player=item.player, target=item.target,  # type: ignore[arg-type]
                                 other=item.other, kind=getattr(ab, "kind", "influence"), cell=item.cell,
                                 ability=item.index))
        self.emit(E.Resolved(item=item.kind, card=item.source, done=True))
        if item.kind == "ability":
            self.pay(item.source, item.index, ab)

    def can_pay(self, cid: int, ab: Ability) -> bool:
        """The price can still be paid (2007 5.8; the example of 5.4: an answer that tapped the card or took
        its chips leaves its ability off, unpaid)."""
        c = self.creatures[cid]
        return not (getattr(ab, "tap", False) and c.tapped) and c.chips >= (getattr(ab, "chips", 0) or 0)

    def pay(self, cid: int, index: int, ab: Ability) -> None:
        """The price of an active ability: chips off, a use counted, and the card tapped if it taps."""
        c = self.creatures[cid]
        chips = getattr(ab, "chips", 0) or 0
        if chips:
            self.set_mark(cid, "chips", max(0, c.chips - chips))
        once = getattr(ab, "once", None)
        if once:
            key = ("t" if once == "turn" else "b") + str(index)
            c.uses[key] = c.uses.get(key, 0) + 1
        if getattr(ab, "tap", False):
            c.moves = 0  # 2007 4.1.1: a card that acts stops moving this turn
            self.tap(cid)

    def queue_destroy(self, cid: int, killer: int | None) -> None:
        """A destruction without wounds («уничтожить», «добивание») goes on the stack like one from wounds:
        the players may answer before it is carried out (2007 4.17, 4.17.1)."""
        if self.in_play(cid) and not any(i.kind == "destroy" and i.source == cid for i in self.stack):
            self.stack.append(StackItem("destroy", self.creatures[cid].owner, cid, other=killer, on="effect"))
            self.give_priority(self.active)

    def queue_deaths(self, killer: int | None, victims: list[int]) -> None:
        """Destruction of every card whose wounds reach its lives goes on the stack (2007 4.17.1)."""
        pushed = False
        for cid in victims:
            if self.lethal(cid) and not any(i.kind == "destroy" and i.source == cid for i in self.stack):
                self.stack.append(StackItem("destroy", self.creatures[cid].owner, cid, other=killer))
                pushed = True
        if pushed:
            self.give_priority(self.active)

    def resolve_fight(self, item: StackItem) -> None:  # the combat layer's
        raise NotImplementedError
