"""Classic «Берсерк», the combat layer: simple strikes with the hit table, defenders, and attacks made by
abilities (shots, throws, discharges, magic and special strikes, strikes through a row).

A simple strike (2007 6.4.4): declared → the inactive player may assign a defender → the fight goes on
the stack and both may answer → the dice are rolled and go on the stack (a window before the table is
read) → the table is read with the modifiers, the higher roller may lower the row → both
blows land at once → deaths and triggers on the stack → when the stack is empty again the attacker and
the defender pay by tapping. An ability's attack never fights: one die, read as against a tapped card
(2022 «Использование отдельных особенностей»).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.classic import board
from engine.classic import events as E
from engine.classic import hittable as H
from engine.classic import pending as P
from engine.classic.abilities import ATTACK_KINDS, Attack
from engine.classic.stack import Stack, StackItem
from engine.classic.state import EXTRA, FIELD, IN_PLAY
from engine.core.compiled import mypyc_attr
from engine.core.pending import Decision


@dataclass
class Fight:
    """The simple strike under way: who strikes whom, the defender, and how far it has got."""

    attacker: int
    target: int  # the original target
    defender: int | None = None
    stage: str = "declared"  # declared → fighting → rolled → (lower) → pay
    rolls: tuple[int, ...] = ()
    one_die: bool = False
    redirect: int | None = None  # the new target an effect gave it (2022 «Перенаправление»); it does not tap

    @property
    def reflector(self) -> int:
        if self.redirect is not None:
            return self.redirect
        return self.target if self.defender is None else self.defender

    @property
    def redirected(self) -> bool:
        """A defender's assignment is a redirection too; an attack is redirected only once (2022)."""
        return self.defender is not None or self.redirect is not None

    def to_dict(self) -> dict[str, Any]:
        out = {"attacker": self.attacker, "target": self.target, "defender": self.defender, "stage": self.stage,
               "rolls": list(self.rolls), "one_die": self.one_die}
        if self.redirect is not None:
            out["redirect"] = self.redirect
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any] | None) -> Fight | None:
        if d is None:
            return None
        return cls(attacker=d["attacker"], target=d["target"], defender=d["defender"], stage=d["stage"],
                   rolls=tuple(d["rolls"]), one_die=d["one_die"], redirect=d.get("redirect"))


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant of the game may subclass it
class Combat(Stack):
    """Strikes, fights, defenders and the attacks of abilities."""

    fight: Fight | None
    pending: Decision | None
    hidden: set[int]  # face-down cards (the setup's)

    def reveal(self, iid: int) -> None:
        """Turn a face-down card face up: the setup's (engine.classic.setup.ClassicSetup)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ who may be struck and defend
    def only_flyers_left(self, player: int) -> bool:
        """Every creature ``player`` has in play is a flyer (2007 4.16)."""
        mine = [cid for cid in self.on_board(player) if self.is_creature(cid)]
        return bool(mine) and all(self.is_flyer(cid) for cid in mine)

    def cells_held(self) -> list[list[int]]:
        """The cards on each cell of the battlefield, by the cell's number (board.index; a seated symbiote on
        its host's cell), for :meth:`strike_targets` to read the cells around a card rather than every card."""
        held: list[list[int]] = [[] for _ in range(board.ROWS * board.COLS)]
        for o in self.creatures.values():
            if o.zone == FIELD:
                there = o.at if o.at is not None else self.cell_of(o.id)
                if there is not None:
                    held[board.index(there)].append(o.id)
        return held

    def strike_targets(self, cid: int, held: list[list[int]] | None = None) -> list[int]:
        """Cards a simple strike of ``cid`` may aim at now: any card next to it, its own too (2007 4.15);
        a flyer strikes any card in play (2022 «Летающий»); terrain is never attacked (2022 «Местности»);
        a ground creature ready "to strike a flyer" may strike an enemy flyer (2007 4.16). ``held``:
        :meth:`cells_held` when the caller has it (listing a turn asks this of every card)."""
        c = self.creatures[cid]
        if c.zone not in IN_PLAY or c.tapped or not self.is_creature(cid):
            return []
        flyer = c.zone == EXTRA
        here = None if flyer else self.cell_of(cid)
        out = []
        if held is not None and here is not None and not c.flyer_ready:
            # a card on a cell, not ready to strike a flyer: only the cards on its cell and the eight around
            mine = board.index(here)
            for k in board.AROUND[mine]:
                for oid in held[k]:
                    if oid == cid:
                        continue
                    if k == mine and self.hosts.get(cid) != oid and self.hosts.get(oid) != cid:
                        continue  # one cell, not host and symbiote: an incorporeal card passing through
                    if self.cards[self.creatures[oid].card].type == "terrain" and self.known_to(oid, c.owner):
                        continue
                    out.append(oid)
            out.sort()
            return out
        # the hottest loop of listing a classic turn: cells and zones read directly (next_to, written out)
        for o in self.creatures.values():
            oid = o.id
            if oid == cid or o.zone not in IN_PLAY:
                continue
            if not flyer:
                if o.zone == EXTRA:  # a flyer: only for a creature ready to strike one (2007 4.16)
                    if not (c.flyer_ready and o.owner != c.owner and self.is_creature(oid)):
                        continue
                else:
                    there = o.at if o.at is not None else self.cell_of(oid)
                    if here is None or there is None or abs(here[0] - there[0]) > 1 or abs(here[1] - there[1]) > 1:
                        continue
                    if here == there and self.hosts.get(cid) != oid and self.hosts.get(oid) != cid:
                        continue  # one cell, not host and symbiote: an incorporeal card passing through
            if self.cards[o.card].type == "terrain" and self.known_to(oid, c.owner):
                continue
            out.append(oid)
        out.sort()
        return out

    def defenders(self, attacker: int, target: int) -> list[int]:
        """Who may defend ``target`` from ``attacker``'s simple strike (2007 4.11–4.14; 2022 «Назначение
        защитника», «Летающие существа»): an untapped creature of the inactive player, not the target;
        against a ground attacker on a ground card, next to both; against a flyer on a ground card, next
        to the target or a flyer; a flyer is defended only by a flyer."""
        if not (self.in_play(attacker) and self.in_play(target)):
            return []
        inactive = 1 - self.active
        flyer_att, flyer_tgt = self.is_flyer(attacker), self.is_flyer(target)
        out = []
        for cid in sorted(self.creatures):
            c = self.creatures[cid]
            if c.owner != inactive or c.id in (target, attacker) or c.tapped or not self.in_play(c.id) \
                    or not self.is_creature(c.id) or self.on_stack(c.id):
                continue
            flyer = self.is_flyer(c.id)
            if flyer_tgt:
                ok = flyer
            elif flyer_att:
                ok = flyer or self.next_to(c.id, target)
            else:
                ok = not flyer and self.next_to(c.id, attacker) and self.next_to(c.id, target)
            if ok:
                out.append(c.id)
        return out

    # ------------------------------------------------------------------ the simple strike
    def declare_strike(self, attacker: int, target: int, *, defended: bool = True) -> None:
        """2007 6.4.4 «До нападения»: the strike is declared and the inactive player may assign a defender
        (not to a vanguard strike, ``defended=False``: 2007 6.2.4, no card acts in that subphase)."""
        att = self.creatures[attacker]
        att.moves = 0  # 2007 4.1.1: a creature that attacks loses its unused movement
        if att.flyer_ready and self.is_flyer(target):
            att.flyer_ready = 0  # 2007 4.16: the one strike at a flyer it was ready for
        self.emit(E.StrikeDeclared(attacker=attacker, target=target))
        self.fight = Fight(attacker=attacker, target=target)
        # Направленный удар (2022): no defender; Безответный удар is directed too.
        directed = self.has(attacker, "directed") or self.has(attacker, "unanswerable")
        options = [] if directed or not defended else self.defenders(attacker, target)
        if options:
            self.pending = P.AssignDefender(player=1 - self.active, attacker=attacker, target=target,
                                            options=tuple(options))
        else:
            self.assign_defender(None)

    def assign_defender(self, defender: int | None) -> None:
        """The inactive player's answer; the defender becomes the strike's target (2007 4.11)."""
        fight = self.fight
        assert fight is not None
        if defender is not None:
            fight.defender = defender
            self.emit(E.DefenderAssigned(card=defender, attacker=fight.attacker, target=fight.target))
        else:
            self.reveal(fight.target)  # 2022 «Вскрытие карт»: the target of an attack with no defender
        self.push(StackItem("attack", self.active, fight.attacker, target=fight.reflector))

    def resolve_fight(self, item: StackItem) -> None:
        fight = self.fight
        if fight is None:  # pragma: no cover - an attack item is only pushed with its fight
            return
        if item.kind == "attack":
            self._roll_fight(fight)
        else:
            self._read_table(fight)

    def _roll_fight(self, fight: Fight) -> None:
        """2007 6.4.4 «В нападении»: the dice, attacker first (an open reflector fights, 4.2; a tapped card,
        an artifact or a strike without answer is struck with one die, 4.9)."""
        att, ref = fight.attacker, fight.reflector
        if not self._can_fight(att, ref):
            self.emit(E.Resolved(item="attack", card=att, done=False))  # 2007 5.8: nothing to carry out
            fight.stage = "pay"
            return
        fight.one_die = (self.creatures[ref].tapped or not self.is_creature(ref) or self.has(att, "unanswerable"))
        rolls = [self.roll(self.creatures[att].owner, att)]
        if not fight.one_die:
            rolls.append(self.roll(self.creatures[ref].owner, ref))
        fight.rolls = tuple(rolls)
        fight.stage = "rolled"
        self.push(StackItem("dice", self.active, att, target=ref))

    def _can_fight(self, att: int, ref: int) -> bool:
        """Both cards are still in play and the attacker can still pay for its attack by tapping (2007 5.8,
        as in the example of 5.4: an answer that tapped the attacker leaves its attack off)."""
        return self.in_play(att) and self.in_play(ref) and not self.creatures[att].tapped

    def reduced_value(self, attack: Attack, blow: str | None) -> int:
        """:meth:`attack_value`, saying what the target's «−X от атак» took off it (2022 «Важные дополнения» 4)."""
        value = self.attack_value(attack, blow)
        cuts = self.attack_reductions(attack) if blow is not None else []
        if cuts:
            left = self.attack_base(attack, blow)  # type: ignore[arg-type]
            for i, x in cuts:
                cut = min(x, left)
                left -= cut
                if cut > 0:
                    self.emit(E.Prevented(card=attack.target, amount=cut, why="reduction", by=attack.target, ability=i))
        return value

    def roll(self, player: int, card: int) -> int:
        value = self.rng.die()
        self.emit(E.DieRolled(player=player, card=card, value=value))
        return value

    def _read_table(self, fight: Fight) -> None:
        """The dice with their modifiers — the striker's own first, then the other side's (2022 «Важные
        дополнения» 3) — and the hit table (2007 4.3, 4.9)."""
        att, ref = fight.attacker, fight.reflector
        if not self._can_fight(att, ref):
            self.emit(E.Resolved(item="dice", card=att, done=False))
            fight.stage = "pay"
            return
        att_mods = self.die_mods(att, "attack")
        a = fight.rolls[0] + sum(x for _, x in att_mods)
        if fight.one_die:
            blow = H.tapped_strike(a)
            self.emit(E.HitRolled(table="tapped", rolls=[a], attacker=blow, reflector=None, mods=[_named(att_mods)]))
            self.exchange(H.Row("tapped", blow, None))
            return
        ref_mods = self.die_mods(ref, "defend")
        r = fight.rolls[1] + sum(x for _, x in ref_mods)
        row = H.row_for(a, r)
        self.emit(E.HitRolled(table=row.key, rolls=[a, r], attacker=row.attacker, reflector=row.reflector,
                              mods=[_named(att_mods), _named(ref_mods)]))
        side = H.lowering_roller(row, a, r)
        if side is None:
            self.exchange(row)
            return
        # 2007 4.5: the higher roller may move one row up the table (a choice, so it is a decision).
        chooser = self.creatures[att if side == "attacker" else ref].owner
        fight.stage = "lower"
        self.pending = P.LowerResult(player=chooser, attacker=att, reflector=ref, defender=fight.defender,
                                     row=row.key, rolls=(a, r))

    def lower(self, take_above: bool) -> None:
        """The higher roller's answer (2007 4.5; it uses no stack)."""
        pend = self.pending
        assert isinstance(pend, P.LowerResult)
        row = H.ROWS[pend.row]
        if take_above:
            above = H.row_above(row)
            assert above is not None
            self.emit(E.TableLowered(player=pend.player, src=row.key, row=above.key))
            row = above
        self.pending = None
        self.exchange(row)

    def exchange(self, row: H.Row) -> None:
        """Both blows land at once (2007 4.6): values with their modifiers, protections and armour, then
        wounds; a miss deals nothing and sets off nothing (4.7)."""
        fight = self.fight
        assert fight is not None
        att, ref = fight.attacker, fight.reflector
        fight.stage = "pay"
        strike = Attack(source=att, target=ref, kind="simple", strike=self.strike_of(att))
        block = self.blocked_by(strike)
        if block is not None:
            # 2022 «Блокировать атаку»: the fight is the attack; blocked, neither blow lands and nothing that
            # goes with it fires (docs/classic-abilities.md); the attacker still pays
            self.emit(E.Interrupted(card=att, item="attack", why="block", by=ref, ability=block))
            return
        # A strike on a closed card is one die and one blow: the closed card does not answer at all (2007
        # 4.9), which is not a miss of its own (a row's «нет удара» is).
        blows = [(att, ref, row.attacker)] if fight.one_die else [(att, ref, row.attacker), (ref, att, row.reflector)]
        landing = []
        for striker, victim, blow in blows:
            if blow is None:
                landing.append((striker, victim, "miss", 0))
                continue
            attack = Attack(source=striker, target=victim, kind="simple", strike=self.strike_of(striker))
            block = self.blocked_by(attack) if striker == ref else None
            if block is not None:
                self.emit(E.Interrupted(card=ref, item="answer", why="block", by=att, ability=block))
                continue  # the answer blow is blocked: it neither lands nor counts as struck
            guard = self.protection_of(victim, "simple", striker)
            if guard is not None:
                self.emit(E.Prevented(card=victim, amount=self.attack_value(attack, blow), why="protection",
                                      by=victim, ability=guard))
                landing.append((striker, victim, blow, 0))
                continue
            landing.append((striker, victim, blow, self.reduced_value(attack, blow)))
        before = {cid: self.lives_left(cid) for cid in (att, ref)}
        for striker, victim, blow, value in landing:
            dealt = self.deal_wounds(victim, value, striker, "strike", attack=True) if blow != "miss" else 0
            self.emit(E.Struck(card=striker, target=victim, blow=blow, wounds=dealt))
            if dealt:
                for ab in self.asked(striker, "struck"):
                    ab.struck(self, striker, victim, dealt, before[victim])  # type: ignore[arg-type]
        for striker, victim, _blow, _value in landing:
            self.queue_deaths(striker, [victim])

    def finish_fight(self) -> None:
        """2007 6.4.4 «После нападения»: the attacker and the defender pay by tapping."""
        fight = self.fight
        assert fight is not None
        for cid in (fight.attacker, fight.defender):
            if cid is not None and self.in_play(cid):
                self.creatures[cid].moves = 0
                self.tap(cid)
        self.fight = None

    # ------------------------------------------------------------------ attacks made by abilities
    def ability_targets(self, cid: int, kind: str, reach: int | None) -> list[int]:
        """The cards an ability's attack of ``kind`` may aim at (2022 «Расчёт дальности», «Способности»):
        melee ones a card next to it; ranged ones never a card next to it, within ``reach`` orthogonal cells
        (None: unlimited), a flyer always (but not by a strike through a row); a strike through a row
        exactly two cells straight ahead, back or aside over an empty cell or one of its own (2022
        «Удар через ряд»). Terrain is never attacked."""
        assert kind in ATTACK_KINDS
        me = self.creatures[cid]
        out = []
        for o in sorted(self.creatures.values(), key=lambda o: o.id):
            if o.id == cid or not self.in_play(o.id) or (
                    self.card_of(o.id).type == "terrain" and self.known_to(o.id, me.owner)):
                continue
            if kind in ("simple", "special", "magic_strike"):
                ok = self.is_flyer(cid) or self.next_to(cid, o.id)
            elif self.is_flyer(o.id):
                ok = kind != "through_row"
            elif self.next_to(cid, o.id) or me.zone != "field" or me.at is None or o.at is None:
                ok = False
            elif kind == "through_row":
                dr, dc = o.at[0] - me.at[0], o.at[1] - me.at[1]
                ok = (abs(dr), abs(dc)) in ((2, 0), (0, 2))
                if ok:
                    between = self.occupant((me.at[0] + dr // 2, me.at[1] + dc // 2))
                    ok = between is None or self.creatures[between].owner == me.owner
            else:
                d = self.distance(cid, o.id)
                ok = d is not None and (reach is None or d <= reach)
            if ok:
                out.append(o.id)
        return out

    def aimed_targets(self, cid: int, aim: str, reach: int | None, kind: str) -> list[int]:
        """The cards an influence or a spell of ``kind`` (engine.classic.abilities.act) may be aimed at: in play,
        not a known terrain (2022 «Местности»), an "enemy" or "ally" one as ``aim`` says, within ``reach``
        orthogonal cells unless a flyer or the card itself (2022 «Расчёт дальности»), and not protected from
        ``kind``; a face-down card is not judged by what it hides (2022 «Вскрытие карт»)."""
        me = self.creatures[cid].owner
        out = []
        for oid in sorted(self.creatures):
            o = self.creatures[oid]
            known = self.known_to(oid, me)
            if o.zone not in IN_PLAY or (known and self.cards[o.card].type == "terrain"):
                continue
            if (aim == "enemy" and o.owner == me) or (aim == "ally" and o.owner != me):
                continue
            if reach is not None and not self.is_flyer(oid) and oid != cid:
                d = self.distance(cid, oid)
                if d is None or d > reach:
                    continue
            if known and self.protected(oid, kind, cid):
                continue
            out.append(oid)
        return out

    def ability_attack(self, source: int, target: int, kind: str, strike: tuple[int, int, int]) -> int:
        """An ability's attack lands: one die read as against a tapped card (2022), modifiers, protection,
        armour against non-magic ones; the wounds dealt (destruction goes on the stack)."""
        if not (self.in_play(source) and self.in_play(target)):
            return 0
        attack = Attack(source=source, target=target, kind=kind, strike=strike)
        mods = self.die_mods(source, kind)
        roll = self.roll(self.creatures[source].owner, source) + sum(x for _, x in mods)
        blow = H.tapped_strike(roll)
        self.emit(E.HitRolled(table="tapped", rolls=[roll], attacker=blow, reflector=None, mods=[_named(mods)]))
        block = self.blocked_by(attack)
        if block is not None:  # 2022 «Блокировать атаку»: after the dice, like a protection (2007 6.4.4)
            self.emit(E.Interrupted(card=source, item="ability", why="block", by=target, ability=block))
            return 0
        guard = self.protection_of(target, kind, source)
        if guard is None and attack.magic:
            guard = self.protection_of(target, "magic", source)
        if guard is not None:
            self.emit(E.Prevented(card=target, amount=self.attack_value(attack, blow), why="protection", by=target,
                                  ability=guard))
            self.emit(E.Struck(card=source, target=target, blow=blow, wounds=0, how=kind))
            return 0
        value = self.reduced_value(attack, blow)
        dealt = self.deal_wounds(target, value, source, kind, magic=attack.magic, attack=True)
        self.emit(E.Struck(card=source, target=target, blow=blow, wounds=dealt, how=kind))
        self.queue_deaths(source, [target])
        return dealt

    # ------------------------------------------------------------------ acting on the stack
    def is_attack_item(self, item: StackItem) -> bool:
        """A simple strike's fight or an ability's attack waiting on the stack."""
        if item.kind in ("attack", "dice"):
            return True
        if item.kind != "ability":
            return False
        ab = self.ability_at(item.source, item.index)
        return ab is not None and getattr(ab, "kind", "") in ATTACK_KINDS

    def top_item(self, kinds: tuple[str, ...], *, attack: bool = False) -> int | None:
        """The position on the stack of the highest item of ``kinds`` (an attack only, with ``attack``):
        what «отменить действие», «блокировать атаку» and «перенаправление» act on."""
        for pos in range(len(self.stack) - 1, -1, -1):
            item = self.stack[pos]
            if item.kind in kinds and (not attack or self.is_attack_item(item)):
                return pos
        return None

    def interrupt(self, pos: int, why: str, by: int, ability: int | None = None) -> None:
        """Take the item at ``pos`` off the stack without carrying it out, but paid: an ability's price, the
        fight's tapping (2022 «Отменить действие», «Блокировать атаку»); ``by``'s ability number ``ability`` did it."""
        item = self.stack.pop(pos)
        self.emit(E.Interrupted(card=item.source, item=item.kind, why=why, by=by, ability=ability))
        if item.kind in ("attack", "dice"):
            if self.fight is not None:
                self.fight.stage = "pay"
            return
        ab = self.ability_at(item.source, item.index)
        if ab is not None and self.in_play(item.source):
            self.pay(item.source, item.index, ab)

    def redirect_targets(self, pos: int) -> list[int]:
        """The cards the attack at ``pos`` may be turned to: those it could be aimed at now, but not its
        present target; none once it was redirected or a defender was assigned (2022 «Перенаправление»)."""
        item = self.stack[pos]
        current: int | None
        if item.kind == "attack":
            fight = self.fight
            if fight is None or fight.redirected or fight.stage != "declared":
                return []
            options = self.strike_targets(fight.attacker)
            current = fight.reflector
        elif item.kind == "ability" and not item.redirected and self.is_attack_item(item):
            ab = self.ability_at(item.source, item.index)
            options = ab.targets(self, item.source) if ab is not None else []  # type: ignore[arg-type]
            current = item.target
        else:
            return []  # after the dice (2022: only before them)
        return [t for t in options if t != current]

    def redirect(self, pos: int, to: int, by: int | None = None, ability: int | None = None) -> bool:
        """Turn the attack at ``pos`` onto ``to`` (before its dice), by ``by``'s ability number ``ability``; False
        when it cannot be."""
        if to not in self.redirect_targets(pos):
            return False
        item = self.stack[pos]
        self.emit(E.Redirected(card=item.source, src=item.target, to=to, by=by, ability=ability))
        if item.kind == "attack":
            assert self.fight is not None
            self.fight.redirect = to
        self.stack[pos] = replace(item, target=to, redirected=True)
        return True

    def cells_within(self, cid: int, reach: int | None) -> list[tuple[int, int]]:
        """Free cells within ``reach`` orthogonal cells (None: any free cell) — jumps and teleports."""
        at = self.creatures[cid].at
        if at is None:
            return []
        taken = self.grid()
        return [cell for cell in board.all_cells() if cell not in taken
                and (reach is None or abs(cell[0] - at[0]) + abs(cell[1] - at[1]) <= reach)]


def _named(mods: tuple[tuple[str, int], ...]) -> list[list[str | int]]:
    """A die's modifiers as the event carries them: [what, amount] pairs."""
    return [[what, x] for what, x in mods]
