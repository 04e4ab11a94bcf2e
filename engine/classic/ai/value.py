"""What the classic bots count: a card's worth, the harm of wounds, the expected result of a fight over the
hit table, and a static evaluation of a position.

Everything reads a game from one player's side (``me``): an opponent's face-down card is never looked at
(2022 «Вскрытие карт»), it counts as an average card with no abilities. So a bot working on a determinized
game decides the same whatever cards were dealt back into the hidden places.
"""

from __future__ import annotations

import math

from engine.classic import hittable as H
from engine.classic.abilities import Attack
from engine.classic.cards import ClassicCard
from engine.classic.game import ClassicGame

UNKNOWN_WORTH = 4.5  # an opponent's face-down card: about an average card of the test decks
UNKNOWN_LIVES = 4
UNKNOWN_STRIKE = (1, 2, 3)
WOUND_SHARE = 0.6  # a wound that does not kill costs this share of the card's worth per life
BLOWS = (H.WEAK, H.MEDIUM, H.STRONG)
MAGIC = frozenset(("magic_strike", "discharge"))
STEEPNESS = 3.0  # of the win chance in the material balance: a flatter curve keeps candidates apart


FightRows = tuple[tuple[int, H.Row, H.Row | None, str | None], ...]


def _count_fight_rows(bonus_a: int, bonus_r: int) -> FightRows:
    count: dict[tuple[str, str | None], int] = {}
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            a, r = d1 + bonus_a, d2 + bonus_r
            row = H.row_for(a, r)
            side = H.lowering_roller(row, a, r)
            count[(row.key, side)] = count.get((row.key, side), 0) + 1
    return tuple((n, H.ROWS[k], H.row_above(H.ROWS[k]) if side else None, side)
                 for (k, side), n in sorted(count.items(), key=lambda t: (t[0][0], t[0][1] or "")))


# A constant of the hit table (2007 4.3), built once at import for the die bonuses cards give (blessing, curse
# and abilities: a few points either way); a rarer bonus is counted when asked. Not a cache: nothing is added.
_BONUSES = range(-4, 5)
_FIGHT_ROWS: dict[tuple[int, int], FightRows] = {(a, r): _count_fight_rows(a, r) for a in _BONUSES for r in _BONUSES}


def fight_rows(bonus_a: int, bonus_r: int) -> FightRows:
    """The 36 die pairs of a fight with these die bonuses, grouped: (how many pairs, the row, the row above,
    who may lower it). The bots read it thousands of times a decision."""
    rows = _FIGHT_ROWS.get((bonus_a, bonus_r))
    return rows if rows is not None else _count_fight_rows(bonus_a, bonus_r)


def card_worth(card: ClassicCard) -> float:
    """A card's worth in rough crystals, from its printed numbers and its abilities' ``weight``."""
    extra = sum(ab.weight for ab in card.abilities)
    if card.type == "terrain":
        return 0.5 + extra
    lives = card.lives or 0
    if card.type == "artifact":
        return 0.3 * lives + extra
    strike = card.strike or (0, 0, 0)
    value = 0.5 * lives + 0.4 * (strike[0] + strike[1] + strike[2]) + 0.3 * card.movement + extra
    if card.flyer:
        value += 1.0  # strikes anything and is defended only by flyers
    if card.symbiote:
        value -= 0.5  # needs a host, dies with it
    return max(value, 0.3)


def known(g: ClassicGame, me: int, cid: int) -> bool:
    """Whether ``me`` knows what card ``cid`` is (his own, or the opponent's face up)."""
    return cid not in g.hidden or g.creatures[cid].owner == me


class Judge:
    """One player's view of one game position; caches the worth of each card for one decision."""

    def __init__(self, g: ClassicGame, me: int) -> None:
        self.g = g
        self.me = me
        self._worth: dict[int, float] = {}

    def knows(self, cid: int) -> bool:
        return known(self.g, self.me, cid)

    def worth(self, cid: int) -> float:
        w = self._worth.get(cid)
        if w is None:
            w = card_worth(self.g.card_of(cid)) if self.knows(cid) else UNKNOWN_WORTH
            self._worth[cid] = w
        return w

    def lives(self, cid: int) -> tuple[int, int]:
        """(lives left, maximum lives)."""
        g = self.g
        if self.knows(cid):
            return g.lives_left(cid), max(g.max_lives(cid), 1)
        c = g.creatures[cid]
        return max(UNKNOWN_LIVES - c.wounds, 1), UNKNOWN_LIVES

    def harm(self, cid: int, wounds: int) -> float:
        """What ``wounds`` on the card take from its side: all of its worth when they kill it."""
        if wounds <= 0:
            return 0.0
        left, top = self.lives(cid)
        if wounds >= left:
            return self.worth(cid)
        return WOUND_SHARE * self.worth(cid) * wounds / top

    def die_bonus(self, cid: int, purpose: str) -> int:
        g = self.g
        if self.knows(cid):
            return g.die_bonus(cid, purpose)
        c = g.creatures[cid]
        return (1 if c.blessed else 0) - (1 if c.cursed else 0)

    def strike_of(self, cid: int) -> tuple[int, int, int]:
        if self.knows(cid):
            return self.g.strike_of(cid)
        return UNKNOWN_STRIKE

    def wounds(self, src: int, tgt: int, kind: str, strike: tuple[int, int, int], blow: str | None) -> int:
        """Wounds an attack of ``kind`` with ``blow`` deals, with the modifiers, protection and armour the
        player can know of."""
        if blow is None:
            return 0
        g = self.g
        if not (self.knows(src) and self.knows(tgt)):
            value = strike[BLOWS.index(blow)]
            if self.knows(src):
                value += sum(ab.attack_bonus(g, src, Attack(src, tgt, kind, strike))  # type: ignore[arg-type]
                             for ab in g.abilities(src))
            return max(0, value)
        if g.protected(tgt, kind, src) or (kind in MAGIC and g.protected(tgt, "magic", src)):
            return 0
        attack = Attack(source=src, target=tgt, kind=kind, strike=strike)
        if g.blocked(attack):
            return 0
        value = g.attack_value(attack, blow)
        if kind not in MAGIC:
            value -= max(0, g.armor(tgt) - g.creatures[tgt].armor_used)
        return max(0, value - g.prevention(tgt, "attack", src))

    # ------------------------------------------------------------------ fights
    def fight(self, att: int, ref: int) -> float:
        """The expected result of ``att``'s simple strike on ``ref`` for the attacker's side: the harm done
        minus the harm taken, over the 36 die pairs of the hit table (6 rolls against a tapped card), the
        higher roller lowering the row when that suits him (2007 4.2–4.9)."""
        g = self.g
        s_att, s_ref = self.strike_of(att), self.strike_of(ref)
        dealt = {b: self.harm(ref, self.wounds(att, ref, "simple", s_att, b)) for b in BLOWS}
        dealt[None] = 0.0  # type: ignore[index]
        bonus_a = self.die_bonus(att, "attack")
        one_die = g.creatures[ref].tapped or not g.is_creature(ref) or (self.knows(att) and g.has(att, "unanswerable"))
        if one_die:
            return sum(dealt[H.tapped_strike(d + bonus_a)] for d in range(1, 7)) / 6
        taken = {b: self.harm(att, self.wounds(ref, att, "simple", s_ref, b)) for b in BLOWS}
        taken[None] = 0.0  # type: ignore[index]
        bonus_r = self.die_bonus(ref, "defend")
        total = 0.0
        for n, row, above, side in fight_rows(bonus_a, bonus_r):
            net = dealt[row.attacker] - taken[row.reflector]  # type: ignore[index]
            if above is not None:
                other = dealt[above.attacker] - taken[above.reflector]  # type: ignore[index]
                net = max(net, other) if side == "attacker" else min(net, other)
            total += n * net
        return total / 36

    def shot(self, src: int, tgt: int, kind: str, strike: tuple[int, int, int]) -> float:
        """The expected harm of an ability's attack: one die, read as against a tapped card (2022)."""
        bonus = self.die_bonus(src, kind)
        harm: dict[str, float] = {}
        total = 0.0
        for d in range(1, 7):
            blow = H.tapped_strike(d + bonus)
            if blow not in harm:
                harm[blow] = self.harm(tgt, self.wounds(src, tgt, kind, strike, blow))
            total += harm[blow]
        return total / 6

    def row_result(self, att: int, ref: int, row: H.Row) -> float:
        """For the attacker's side: the harm of one row of the table, both blows at once."""
        dealt = self.harm(ref, self.wounds(att, ref, "simple", self.strike_of(att), row.attacker))
        taken = self.harm(att, self.wounds(ref, att, "simple", self.strike_of(ref), row.reflector))
        return dealt - taken

    # ------------------------------------------------------------------ the position
    def material(self, p: int) -> float:
        """The worth of ``p``'s creatures in play, wounds counted; artifacts a little."""
        g = self.g
        total = 0.0
        for cid in g.on_board(p):
            if g.card_of(cid).type == "terrain":
                continue
            left, top = self.lives(cid)
            c = g.creatures[cid]
            left = max(left - c.poison, 1) if c.poison else left
            share = 0.4 + 0.6 * left / top
            if c.tapped and g.active != p:
                share *= 0.85  # open to blows with no answer in the opponent's turn (2007 4.9)
            total += self.worth(cid) * share * (1.0 if g.is_creature(cid) else 0.3)
        return total


def win_chance(g: ClassicGame, p: int) -> float:
    """``p``'s chance to win, roughly: the outcome when the game is over, else a logistic of the material
    balance (a judge from ``p``'s side)."""
    if g.is_over:
        out = g.outcome
        if out is None or out.winner is None:
            return 0.5
        return 1.0 if out.winner == p else 0.0
    j = Judge(g, p)
    mine, theirs = j.material(p), j.material(1 - p)
    if mine <= 0 < theirs:
        return 0.02
    d = (mine - theirs) / (mine + theirs + 1.0)
    return 1.0 / (1.0 + math.exp(-STEEPNESS * d))


# The fitted evaluation (Hard's): a logistic model of the winner over terms of the position, each side's own
# minus the opponent's, fitted by ``bench/value_fit.py --ruleset classic`` on positions at the start of turns
# of self-play games (the positions a look-ahead game is scored at) and checked on games it did not see. The
# terms, in order: the material balance as :func:`win_chance` reads it ((mine - theirs) / (mine + theirs + 1)),
# the material difference in tens, the creatures in play, the untapped ones, and whose turn it is.
FEATURES = ("balance", "material", "creatures", "untapped", "to_move")
FITTED = (-0.1193, 0.5413, -0.0825, -0.0628, 0.0682)


def features(g: ClassicGame, p: int) -> tuple[float, ...]:
    """:data:`FEATURES` of the position for ``p``, read by a judge from ``p``'s side (``to_move`` is 1 when
    ``p`` is the active player, else -1)."""
    j = Judge(g, p)
    mine, theirs = j.material(p), j.material(1 - p)
    counts = [0.0, 0.0]
    for side, sign in ((p, 1.0), (1 - p, -1.0)):
        for cid in g.on_board(side):
            if g.is_creature(cid):
                counts[0] += sign
                if not g.creatures[cid].tapped:
                    counts[1] += sign
    return ((mine - theirs) / (mine + theirs + 1.0), (mine - theirs) / 10.0, counts[0], counts[1],
            1.0 if g.active == p else -1.0)


def fitted_chance(g: ClassicGame, p: int, weights: tuple[float, ...] = FITTED) -> float:
    """``p``'s win chance by the fitted model (the outcome when the game is over)."""
    if g.is_over:
        out = g.outcome
        if out is None or out.winner is None:
            return 0.5
        return 1.0 if out.winner == p else 0.0
    z = sum(w * x for w, x in zip(weights, features(g, p), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))
