"""Classic «Берсерк», the bottom layer: reading the state (cards, places, abilities, numbers). Read only.

Every rule that depends on an ability asks the card's abilities through the hooks of
:class:`engine.classic.abilities.Ability`; no code here names an ability. Rule numbers: "2007 x.y" is
classic-comprehensive-rules-2007.txt, "2022" the starter rules with their glossary (which win).
"""

from __future__ import annotations

from engine.classic import board
from engine.classic.abilities import Ability, Attack
from engine.classic.board import Cell
from engine.classic.cards import ClassicCard
from engine.classic.state import EXTRA, FIELD, IN_PLAY, Creature
from engine.core.compiled import mypyc_attr
from engine.core.game import DecisionGame
from engine.core.rng import Rng


@mypyc_attr(allow_interpreted_subclasses=True)  # a variant of the game may subclass it
class Queries(DecisionGame):
    """What the rules read: never changes the state and never emits."""

    cards: dict[str, ClassicCard]
    creatures: dict[int, Creature]
    hosts: dict[int, int]  # a seated symbiote -> its host (the setup's)
    hidden: set[int]  # face-down cards (the setup's)
    rng: Rng
    turn: int
    active: int
    first: int

    # ------------------------------------------------------------------ cards and places
    def card_of(self, cid: int) -> ClassicCard:
        return self.cards[self.creatures[cid].card]

    def in_play(self, cid: int) -> bool:
        """On the battlefield or in the additional zone."""
        return self.creatures[cid].zone in IN_PLAY

    def is_flyer(self, cid: int) -> bool:
        """A flyer in play: a creature in the additional zone (2007 1.5.1; 2022 «Летающие существа»)."""
        return self.creatures[cid].zone == EXTRA and self.is_creature(cid)

    def is_creature(self, cid: int) -> bool:
        return self.card_of(cid).type == "creature"

    def occupant(self, cell: Cell) -> int | None:
        for c in self.creatures.values():
            if c.at == cell and c.zone == FIELD:
                return c.id
        return None

    def grid(self) -> dict[Cell, int]:
        """Occupied cells: cell → card id."""
        return {c.at: c.id for c in self.creatures.values() if c.zone == FIELD and c.at is not None}

    def incorporeal_sharing(self, player: int) -> list[int]:
        """``player``'s incorporeal cards on a cell another card stands on too, by id (2022 «Бестелесный»: such a
        card must move off). A seated symbiote has no cell of its own. Asked after steps and of every main phase,
        so the player's incorporeal cards (mostly none) are found first and only their cells are compared."""
        mine = [c for c in self.creatures.values()
                if c.owner == player and c.zone == FIELD and c.at is not None and self.has(c.id, "incorporeal")]
        if not mine:
            return []
        out = [c.id for c in mine
               if any(o.at == c.at and o.id != c.id and o.zone == FIELD for o in self.creatures.values())]
        out.sort()
        return out

    def on_board(self, player: int) -> list[int]:
        """The player's cards in play (battlefield and additional zone), by id."""
        ids = [c.id for c in self.creatures.values() if c.owner == player and c.zone in IN_PLAY]
        ids.sort()
        return ids

    def graveyard(self, player: int) -> list[int]:
        return sorted(c.id for c in self.creatures.values() if c.owner == player and c.zone == "grave")

    def exiled(self, player: int) -> list[int]:
        return sorted(c.id for c in self.creatures.values() if c.owner == player and c.zone == "exile")

    def cell_of(self, cid: int) -> Cell | None:
        """The cell a card stands on: its own, or its host's for a seated symbiote (2007 1.5.2г); None off
        the battlefield."""
        c = self.creatures[cid]
        if c.zone != FIELD:
            return None
        if c.at is None and cid in self.hosts:
            return self.creatures[self.hosts[cid]].at
        return c.at

    def known_to(self, cid: int, player: int) -> bool:
        """Whether ``player`` knows what card ``cid`` is: face up, or his own (2022 «Вскрытие карт»). What a
        player may declare never depends on what he cannot know: an unknown card passes every test of
        its abilities or type until it is revealed."""
        return cid not in self.hidden or self.creatures[cid].owner == player

    def next_to(self, a: int, b: int) -> bool:
        """Standing next to each other (2022 glossary «Стоящая рядом карта»); a flyer stands next to nothing
        (2007 1.5.1а); a symbiote stands next to its host and to what stands next to the host (2007 1.5.2г–е)."""
        if a == b:
            return False
        ca, cb = self.cell_of(a), self.cell_of(b)
        if ca is None or cb is None:
            return False
        return board.adjacent(ca, cb) or (ca == cb and (self.hosts.get(a) == b or self.hosts.get(b) == a))

    def neighbours_of(self, cid: int) -> list[int]:
        """The cards in play next to ``cid``, by id."""
        if self.cell_of(cid) is None:
            return []
        return sorted(o for o in self.creatures if o != cid and self.next_to(cid, o))

    def cards_next_to(self, cell: Cell | None) -> list[int]:
        """The cards on the cells next to ``cell`` (a dead card's neighbours, from where it stood)."""
        if cell is None:
            return []
        return sorted(o for o in self.creatures if (at := self.cell_of(o)) is not None and board.adjacent(cell, at))

    def distance(self, a: int, b: int) -> int | None:
        """Range in cells, orthogonal steps only (2022 «Расчёт дальности»); None when either is off the grid."""
        ca, cb = self.cell_of(a), self.cell_of(b)
        if ca is None or cb is None:
            return None
        return abs(ca[0] - cb[0]) + abs(ca[1] - cb[1])

    # ------------------------------------------------------------------ abilities
    def abilities(self, cid: int) -> tuple[Ability, ...]:
        """The abilities the card has now: its printed ones unless it lost them (2022 «Теряет особенности»),
        with what they grant in the present situation (Строй, «если вы ходите первым/вторым»)."""
        c = self.creatures[cid]
        if c.lost:
            return ()
        card = self.cards[c.card]
        printed = card.abilities
        if not card.grants:
            return printed
        # the printed ones first, what they grant after them: a printed ability keeps its number (``use …
        # ability=i``, a stack item's index) while a formation forms and breaks
        granted: list[Ability] = []
        for ab in printed:
            granted.extend(ab.granted(self, cid))  # type: ignore[arg-type]
        return printed + tuple(granted) if granted else printed

    def asked(self, cid: int, hook: str) -> tuple[Ability, ...]:
        """The card's abilities (:meth:`abilities`, numbered as there) to ask ``hook`` (one of cards.HOOKS):
        none when none of its printed abilities answers that hook and it grants none, as most cards."""
        c = self.creatures[cid]
        card = self.cards[c.card]
        if c.lost or (not card.grants and hook not in card.hooks):
            return ()
        return self.abilities(cid)

    def has(self, cid: int, flag: str) -> bool:
        """Whether the card now has an ability raising this rules flag ("directed", "incorporeal", …)."""
        c = self.creatures[cid]
        card = self.cards[c.card]
        if not card.grants:
            return not c.lost and flag in card.flags
        return any(ab.flag() == flag for ab in self.abilities(cid))

    def max_lives(self, cid: int) -> int:
        """Printed lives and extra lives; a terrain has none (2007 1.8) and counts as 0."""
        return (self.card_of(cid).lives or 0) + self.creatures[cid].extra_lives

    def movement(self, cid: int) -> int:
        """The movement points the card has at its owner's turn start, and when it opens or comes into play
        (2022 «Движение»): its card's movement, or what an «х: …» property computes (2007 1.6.1)."""
        card = self.card_of(cid)
        value = card.movement
        if card.computed:  # a property, not an ability: read from the printed card, kept when abilities are lost
            for ab in card.abilities:
                value = ab.movement_value(self, cid, value)  # type: ignore[arg-type]
        return max(0, value)

    def strike_of(self, cid: int) -> tuple[int, int, int]:
        """The card's simple strike now: printed, or what an «х: …» property computes (2007 1.6.1)."""
        card = self.card_of(cid)
        value = card.strike or (0, 0, 0)
        if card.computed:  # a property, not an ability: read from the printed card (2007 1.6.1)
            for ab in card.abilities:
                value = ab.strike_value(self, cid, value)  # type: ignore[arg-type]
        return value

    def lives_left(self, cid: int) -> int:
        return self.max_lives(cid) - self.creatures[cid].wounds

    def die_bonus(self, cid: int, purpose: str) -> int:
        """What the card adds to its own die roll (2022 «+X к броску кубика»; blessing +1, curse −1)."""
        c = self.creatures[cid]
        total = (1 if c.blessed else 0) - (1 if c.cursed else 0)
        for ab in self.asked(cid, "die_bonus"):
            total += ab.die_bonus(self, cid, purpose)  # type: ignore[arg-type]
        return total

    def die_mods(self, cid: int, purpose: str) -> tuple[tuple[str, int], ...]:
        """:meth:`die_bonus` part by part, to name each: ("blessed", 1), ("cursed", -1), ("ability:<number>", x)."""
        c = self.creatures[cid]
        out = [("blessed", 1)] if c.blessed else []
        if c.cursed:
            out.append(("cursed", -1))
        for i, ab in enumerate(self.asked(cid, "die_bonus")):
            x = ab.die_bonus(self, cid, purpose)  # type: ignore[arg-type]
            if x:
                out.append((f"ability:{i}", x))
        return tuple(out)

    def attack_reductions(self, attack: Attack) -> list[tuple[int, int]]:
        """The target's abilities that lower this attack's value (2022 «−X от атак»): (ability number, X)."""
        out = []
        for i, ab in enumerate(self.asked(attack.target, "attack_reduction")):
            x = ab.attack_reduction(self, attack.target, attack)  # type: ignore[arg-type]
            if x:
                out.append((i, x))
        return out

    def attack_base(self, attack: Attack, blow: str) -> int:
        """The value of an attack of strength ``blow`` with the attacker's own modifiers, before the target's."""
        value = attack.strike[("weak", "medium", "strong").index(blow)]
        for ab in self.asked(attack.source, "attack_bonus"):
            value += ab.attack_bonus(self, attack.source, attack)  # type: ignore[arg-type]
        return value

    def attack_value(self, attack: Attack, blow: str | None) -> int:
        """The value of an attack of strength ``blow`` (weak/medium/strong) after modifiers: the attacker's
        side first, then the target's (2022 «Важные дополнения» 4); never below 0."""
        if blow is None:
            return 0
        value = self.attack_base(attack, blow)
        for ab in self.asked(attack.target, "attack_reduction"):
            value -= ab.attack_reduction(self, attack.target, attack)  # type: ignore[arg-type]
        return max(0, value)

    def protected(self, cid: int, what: str, source: int | None) -> bool:
        """The card ignores ``what`` (an attack kind, "spell", "influence", "poison") from ``source``
        (2022 «Защита»); a flyer's attack counts as "flyer" too."""
        return self.protection_of(cid, what, source) is not None

    def protection_of(self, cid: int, what: str, source: int | None) -> int | None:
        """The number of the card's ability that protects it from ``what`` (see :meth:`protected`), or None."""
        if not self.in_play(cid):
            return None
        for i, ab in enumerate(self.asked(cid, "protects_from")):
            if ab.protects_from(self, cid, what, source):  # type: ignore[arg-type]
                return i
            if source is not None and what in ("simple", "special", "magic_strike") and self.is_flyer(source) \
                    and ab.protects_from(self, cid, "flyer", source):  # type: ignore[arg-type]
                return i
        return None

    def armor(self, cid: int) -> int:
        """Armour X: of two, only the larger counts (2022 «Важные дополнения» 2: same-name abilities do not add up)."""
        return max((ab.armor() for ab in self.asked(cid, "armor")), default=0)

    def armor_ability(self, cid: int) -> int | None:
        """The number of the card's ability whose armour counts (the larger, the first of equals), or None."""
        best, out = 0, None
        for i, ab in enumerate(self.asked(cid, "armor")):
            if ab.armor() > best:
                best, out = ab.armor(), i
        return out

    def regeneration(self, cid: int) -> int:
        """Regeneration X: the largest one only (2022 «Важные дополнения» 2)."""
        return max((ab.regeneration() for ab in self.asked(cid, "regeneration")), default=0)

    def blocked(self, attack: Attack) -> bool:
        """The target blocks this attack by a constant ability (2022 «Блокировать атаку»)."""
        return self.blocked_by(attack) is not None

    def blocked_by(self, attack: Attack) -> int | None:
        """The number of the target's ability that blocks this attack (see :meth:`blocked`), or None."""
        if not self.in_play(attack.target):
            return None
        return next((i for i, ab in enumerate(self.asked(attack.target, "blocks"))
                     if ab.blocks(self, attack.target, attack)), None)  # type: ignore[arg-type]

    def prevention(self, cid: int, cause: str, source: int | None) -> int:
        """Wounds the card's constant abilities prevent from one dealing (2022 «Предотвращение ран»)."""
        # 2022 «Важные дополнения» 2: same-name abilities do not add up, the largest counts
        return self.prevention_by(cid, cause, source)[0]

    def prevention_by(self, cid: int, cause: str, source: int | None) -> tuple[int, int | None]:
        """:meth:`prevention` and the number of the ability that gives it (the first of equals; None: none)."""
        best, out = 0, None
        for i, ab in enumerate(self.asked(cid, "prevention")):
            x = ab.prevention(self, cid, cause, source)  # type: ignore[arg-type]
            if x > best:
                best, out = x, i
        return best, out

