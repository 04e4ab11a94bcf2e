"""Heuristic values for the bots: what a card, a wound, an effect and a whole position are worth.

Every function reads a (possibly determinized) game through the engine's own queries, so the
rules for strike, lives, armour and the like are never re-implemented here, only estimated.
Values are in "points": roughly one point per strike or life of a creature on the table.
"""

from __future__ import annotations

import math
from typing import Any

from engine.heroes import registry as R
from engine.heroes.carddef import CardDef
from engine.heroes.chains import slots
from engine.heroes.game import HeroesGame
from engine.heroes.queue import QueueItem

# What a keyword adds to a card's value: each keyword's own weight (engine/heroes/abilities).
KEYWORD_BONUS = {name: k.weight for name, k in R.KEYWORDS.items() if k.weight is not None}
# Keywords that change what a strike or a retaliation deals (CR 508.4, 510; Броня, Уязвимость,
# Немёртвый, Гнев, –X от атаки, Сведение удара, Первый удар, Защита от…).
FIGHT_KEYWORDS = frozenset({"armor", "vulnerable", "undead", "wrath", "attack_reduction", "strike_is",
                            "first_strike", "protection", "ignore"})
HERO_SCALE = 14.0  # hero term = HERO_SCALE * log(1 + lives): a wound hurts more the lower the hero is
WIN = 1000.0
# A poison is worth the wounds it will deal (CR 7 Отравление), counted tick by tick for this many of
# its controller's turns: by then a creature has usually traded or died; a hero keeps it until cleansed.
POISON_TURNS = 3
POISON_HERO_TURNS = 5
POISON_FADE = 0.8  # each later tick counts for less: the card may trade, be cleansed or the game end first
HERO_LETHAL = 12.0  # a poison that will finish the hero is a big bonus, not a sure win: it can still be cleansed


class View:
    """A position read through cached queries: strike, lives, keywords and values are computed once.

    Anything not cached is passed through to the game. The game must not change while a view is used.
    """

    def __init__(self, g: HeroesGame) -> None:
        self.g = g
        self._kw: dict[int, dict[str, dict[str, Any]]] = {}
        self._strike: dict[int, int] = {}
        self._lives: dict[int, int] = {}
        self._value: dict[int, float] = {}
        self._hit: dict[tuple[int, int], int] = {}
        self._fight: dict[tuple[int, int, bool], float] = {}
        self._prot: dict[int | None, set[str]] = {}
        self._ign: dict[int | None, set[str]] = {}
        self._elem: dict[int, set[str]] = {}
        self._plain: dict[int, bool] = {}
        # The most used pass-throughs, bound once (attribute lookup through __getattr__ is slow).
        self.cards = g.cards
        self.players = g.players
        self.pool = g.pool
        self.turn = g.turn
        self.active = g.active
        self.cdef = g.cdef
        self.is_creature = g.is_creature
        self.is_hero = g.is_hero
        self.defenders_for = g.defenders_for  # CR 509

    def __getattr__(self, name: str) -> Any:
        return getattr(self.g, name)

    def keywords(self, cid: int) -> dict[str, dict[str, Any]]:
        out = self._kw.get(cid)
        if out is None:
            out = self._kw[cid] = self.g.keywords(cid)
        return out

    def kw(self, cid: int, name: str) -> dict[str, Any] | None:
        return self.keywords(cid).get(name)

    def kw_value(self, cid: int, name: str) -> int:
        entry = self.keywords(cid).get(name)
        return int(entry.get("value", 0)) if entry else 0

    def strike(self, cid: int) -> int:
        out = self._strike.get(cid)
        if out is None:
            out = self._strike[cid] = self.g.strike(cid)
        return out

    def lives_left(self, cid: int) -> int:
        out = self._lives.get(cid)
        if out is None:
            out = self._lives[cid] = self.g.lives_left(cid)
        return out

    def attack_strike(self, a: int, t: int) -> int:
        out = self._hit.get((a, t))
        if out is None:
            out = self._hit[(a, t)] = self.g.attack_strike(a, t)  # the engine's own rule (CR 508.4)
        return out

    def elements(self, cid: int) -> set[str]:
        out = self._elem.get(cid)
        if out is None:
            out = self._elem[cid] = self.g.elements(cid)
        return out

    def protections(self, cid: int) -> set[str]:
        out = self._prot.get(cid)
        if out is None:
            out = self._prot[cid] = self.g.protections(cid)
        return out

    def ignores(self, cid: int | None) -> set[str]:
        out = self._ign.get(cid)
        if out is None:
            out = self._ign[cid] = self.g.ignores(cid)
        return out

    def fight_value(self, a: int, t: int, retaliate: bool) -> float:
        key = (a, t, retaliate)
        out = self._fight.get(key)
        if out is None:
            if self._plain_fighter(a) and self._plain_fighter(t):
                # Neither side has a keyword that bends the exchange: each deals its strike (CR 510.1).
                back = self.strike(t) if retaliate else 0
                out = wound_value(self, t, self.strike(a)) - wound_value(self, a, back)
            else:
                out = fight_value(self, a, t, retaliate)
            self._fight[key] = out
        return out

    def _plain_fighter(self, cid: int) -> bool:
        """A creature in play whose strikes and wounds in a fight are just its strike and its lives."""
        out = self._plain.get(cid)
        if out is None:
            c = self.cards[cid]
            out = self._plain[cid] = (c.zone == "play" and self.cdef(cid).type == "creature" and not c.effects
                                      and not (self.keywords(cid).keys() & FIGHT_KEYWORDS)
                                      and not self.ignores(cid) and not self.protections(cid))
        return out

    def card_value(self, cid: int) -> float:
        out = self._value.get(cid)
        if out is None:
            out = self._value[cid] = card_value(self, cid)
        return out


def hero_term(lives: int) -> float:
    return HERO_SCALE * math.log1p(max(lives, 0))


def hero_wounds_value(lives: int, n: int) -> float:
    """What dealing ``n`` wounds to a hero with ``lives`` left is worth (lethal is a win)."""
    if n <= 0:
        return 0.0
    if n >= lives:
        return WIN
    return hero_term(lives) - hero_term(lives - n)


def def_value(d: CardDef) -> float:
    """A card as printed: its body, its keywords and its other abilities."""
    if d.type == "spell":
        return 1.0 + 0.6 * d.cost
    if d.type == "support":
        return 1.0 + 0.8 * d.cost
    value = 0.9 * d.strike + 0.7 * d.lives + 0.35 * d.cost
    for ab in d.abilities:
        kind = ab["kind"]
        if kind == "keyword":
            bonus = KEYWORD_BONUS.get(ab["keyword"], 0.3)
            if ab["keyword"] == "armor":
                bonus = 0.7 * ab.get("value", 1)
            value += bonus
        elif kind == "activate":
            value += 0.6
        elif kind in ("trigger", "aura"):
            value += 0.5
    return value


def card_value(g: View, cid: int) -> float:
    """A creature or support in play now: current strike and lives left instead of printed ones."""
    c = g.cards[cid]
    d = g.cdef(cid)
    if d.type != "creature" or c.zone != "play":
        return def_value(d)
    base = def_value(d) - 0.9 * d.strike - 0.7 * d.lives
    for part in g.parts(cid)[1:]:
        base += def_value(part)
    lives = g.lives_left(cid) - c.poison
    return max(0.3, base + 0.9 * g.strike(cid) + 0.7 * max(lives, 0) + (0.3 if c.hidden else 0.0))


def evaluate(game: HeroesGame | View, p: int) -> float:
    """The position seen by player ``p``, in points (positive: ``p`` is ahead)."""
    g = game if isinstance(game, View) else View(game)
    out = g.outcome
    if out is not None:
        if out.winner is None:
            return 0.0
        return WIN if out.winner == p else -WIN
    score = 0.0
    for side, pl in enumerate(g.players):
        hero, board, hand, coins, prayers, deck = side_terms(g, pl)
        s = hero + board + 0.9 * hand + 0.4 * coins + 0.4 * prayers + deck
        score += s if side == p else -s
    return score


def side_terms(g: View, pl: Any) -> tuple[float, float, float, float, float, float]:
    """One side's terms of :func:`evaluate` (the first six :data:`FEATURES`): the hero's term, the worth of its
    cards in play, the cards in hand (up to 7), coins, prayers, and the penalty of an empty deck and failed draws
    (zero or less)."""
    board = 0.0
    for cid in pl.play:
        board += g.card_value(cid)
    deck = -((2.0 if not pl.deck else 0.0) + 4.0 * pl.failed_draws)
    return (hero_term(g.lives_left(pl.hero) - g.cards[pl.hero].poison), board,
            float(min(len(pl.hand), HAND_COUNTED)), float(pl.coins), float(pl.prayers), deck)


# A fitted evaluation (Hard's ``evaluation="fitted"``; its default is Normal's :func:`win_chance`): a logistic
# model of the winner over terms of the position, each side's own minus the opponent's, fitted by
# ``bench/value_fit.py --ruleset heroes`` on positions at the start of turns of self-play games (where a
# look-ahead game is scored) and checked on games the fit did not see (docs/ai.md: it foresees the winner
# better than win_chance; whether Hard plays better with it is measured there). The terms, in order: those
# of :func:`evaluate` (the hero's term, the creatures and supports in play, the cards in hand up to 7, coins,
# prayers, the empty deck's and failed draws' penalty), the creatures in play, their strike and lives left,
# the untapped ones, the hero's lives as they are, the cards left in the deck, the cards in hand its owner
# can pay for next turn and their cost (up to 8 a card, 7 cards), and whose turn it is.
FEATURES = ("hero", "board", "hand", "coins", "prayers", "deck", "creatures", "strike", "lives", "untapped",
            "hero_lives", "deck_cards", "playable", "hand_cost", "to_move")
FITTED = (0.1768, 0.0732, -0.2518, 0.3678, 0.2747, 0.1872, 0.0425, 0.0347, -0.0566, 0.0636, -0.0382, 0.0526,
          0.2809, 0.0598, -0.0276)
HAND_COUNTED = 7  # cards of a hand its terms count
COST_CAP = 8  # a card's cost as the hand's cost term counts it


def features(game: HeroesGame | View, p: int) -> tuple[float, ...]:
    """:data:`FEATURES` of the position for ``p`` (``p``'s minus the opponent's; ``to_move`` is 1 when ``p`` is
    the active player, else -1)."""
    g = game if isinstance(game, View) else View(game)
    out = [0.0] * (len(FEATURES) - 1)
    for side, pl in enumerate(g.players):
        sign = 1.0 if side == p else -1.0
        strike = lives = 0.0
        creatures = untapped = 0
        for cid in pl.play:
            if g.is_creature(cid):
                creatures += 1
                strike += g.strike(cid)
                lives += g.lives_left(cid)
                untapped += not g.cards[cid].tapped
        hand = pl.hand[:HAND_COUNTED]
        playable = sum(1 for cid in hand if g.cdef(cid).cost <= pl.coins + 1)
        hand_cost = sum(min(g.cdef(cid).cost, COST_CAP) for cid in hand)
        for i, x in enumerate((*side_terms(g, pl), float(creatures), strike, lives, float(untapped),
                               float(g.lives_left(pl.hero)), float(len(pl.deck)), float(playable),
                               float(hand_cost))):
            out[i] += sign * x
    out.append(1.0 if g.active == p else -1.0)
    return tuple(out)


def fitted_chance(game: HeroesGame, p: int, weights: tuple[float, ...] = FITTED) -> float:
    """``p``'s win chance by the fitted model (the outcome when the game is over)."""
    out = game.outcome
    if out is not None:
        return 0.5 if out.winner is None else float(out.winner == p)
    z = sum(w * x for w, x in zip(weights, features(game, p), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, z))))


def win_chance(g: HeroesGame | View, p: int) -> float:
    """``evaluate`` squashed to 0..1, the unit the search averages."""
    out = g.outcome
    if out is not None:
        return 0.5 if out.winner is None else float(out.winner == p)
    return 1.0 / (1.0 + math.exp(-evaluate(g, p) / 8.0))


# ---------------------------------------------------------------------- combat
def wounds_dealt(g: View, src: int | None, dst: int, amount: int, kind: str) -> int:
    """Estimated wounds ``amount`` of damage of this kind leaves on ``dst`` (CR 508.4, roughly)."""
    if amount <= 0 or g.cards[dst].zone != "play" or g.cdef(dst).type == "support":
        return 0
    kws = g.keywords(dst)
    if "vulnerable" in kws:
        amount += 1
    if "undead" in kws and kind != "undead":
        return 0
    ignores = g.ignores(src)
    prot = g.protections(dst)
    if prot and "protection" not in ignores:
        if kind in ("strike", "retaliation") and "strikes" in prot:
            return 0
        if kind == "shot" and "shots" in prot:
            return 0
        if kind == "ability" and "abilities" in prot:
            return 0
        if src is not None and g.elements(src) & prot:
            return 0
        if kind == "poison" and "poison" in prot:
            return 0
    if kind in ("strike", "retaliation", "shot") and "armor" in kws and "armor" not in ignores:
        amount -= max(0, g.kw_value(dst, "armor") - g.cards[dst].armor_used)
    return max(0, amount)


def fight_wounds(g: View, a: int, t: int, retaliate: bool) -> tuple[int, int]:
    """(wounds on t, wounds on a) when a strikes t (CR 510, Первый удар)."""
    to_t = wounds_dealt(g, a, t, g.attack_strike(a, t), "strike")
    if not retaliate or not g.is_creature(t):
        return to_t, 0
    back = wounds_dealt(g, t, a, g.attack_strike(t, a), "retaliation")
    a_first = g.kw(a, "first_strike") is not None
    t_first = g.kw(t, "first_strike") is not None
    if a_first and not t_first and to_t >= g.lives_left(t):
        back = 0
    if t_first and not a_first and back >= g.lives_left(a):
        to_t = 0
    return to_t, back


def wound_value(g: View, cid: int, n: int) -> float:
    """What ``n`` more wounds on this character are worth to its enemy."""
    if n <= 0:
        return 0.0
    if g.is_hero(cid):
        return hero_wounds_value(g.lives_left(cid), n)
    lives = g.lives_left(cid)
    value = g.card_value(cid)
    if n >= lives:
        return value + 0.5
    return value * 0.4 * n / max(lives, 1)


def _wounds_worth(g: View, cid: int, n: int) -> float:
    """``wound_value``, with a hero's death a large bonus instead of a win (for wounds still to come)."""
    if g.is_hero(cid):
        lives = g.lives_left(cid)
        return hero_term(lives) + HERO_LETHAL if n >= lives else hero_wounds_value(lives, n)
    return wound_value(g, cid, n)


def poison_value(g: View, cid: int, amount: int) -> float:
    """What a poison of ``amount`` on this character is worth to its enemy: the wounds it deals at the start
    of each of its controller's turns (CR 7 Отравление, CR 304.4), tick by tick until the card would die of
    it or the horizon ends, a later tick counting less. Same units as damage: one tick is ``wound_value``."""
    if amount <= 0 or g.cards[cid].zone != "play":
        return 0.0
    per = wounds_dealt(g, None, cid, amount, "poison")  # Уязвимость adds, Немёртвый and Защита от отравления stop it
    if per <= 0:
        return 0.0
    hero = g.is_hero(cid)
    lives = g.lives_left(cid)
    regen = 0 if hero else g.kw_value(cid, "regeneration")  # heals at its turn's end (CR 7 Регенерация)
    total, done, weight = 0.0, 0, 1.0
    for _ in range(POISON_HERO_TURNS if hero else POISON_TURNS):
        after = done + per
        total += weight * (_wounds_worth(g, cid, after) - _wounds_worth(g, cid, done))
        if after >= lives:
            break
        done = max(0, after - regen)
        weight *= POISON_FADE
    return total


def fight_value(g: View, a: int, t: int, retaliate: bool) -> float:
    """Points for a's side when a strikes t."""
    to_t, to_a = fight_wounds(g, a, t, retaliate)
    return wound_value(g, t, to_t) - wound_value(g, a, to_a)


# ---------------------------------------------------------------------- effects
def _targets_of(g: View, eff: dict[str, Any], chosen: list[int], source: int | None, p: int,
                ctx: dict[str, Any] | None) -> list[int]:
    """The cards an effect would touch: the chosen ones, else the engine's own answer (CR 502)."""
    spec = eff.get("target")
    if not isinstance(spec, dict):
        return []
    if "choose" in spec:
        return chosen
    return g.resolve_targets(QueueItem("ability", source, p, [], [], ctx=ctx or {}), eff, 0) or []


def effects_value(g: View, p: int, effects: Any, targets: tuple[int, ...], source: int | None,
                  x: int | None = None, ctx: dict[str, Any] | None = None) -> float:
    """Points for player ``p`` if these effects resolve with these chosen targets (a rough guess)."""
    total = 0.0
    slot = 0
    n_slots = len(slots(effects))
    for eff in effects:
        spec = eff.get("target")
        chosen: list[int] = []
        if isinstance(spec, dict) and "choose" in spec:
            if slot < len(targets) and slot < n_slots:
                chosen = [targets[slot]]
            slot += 1
        tgts = _targets_of(g, eff, chosen, source, p, ctx)
        total += effect_value(g, p, eff, tgts, source, x or 0)
    return total


def _amount(eff: dict[str, Any], key: str, x: int) -> int:
    v = eff.get(key, 0)
    return x if v == "X" else int(v or 0)


def _mine(g: View, cid: int, p: int) -> bool:
    c = g.cards[cid]
    return (c.controller if c.zone == "play" else c.owner) == p


def effect_value(g: View, p: int, eff: dict[str, Any], tgts: list[int], source: int | None, x: int) -> float:
    name = eff["effect"]
    amount = _amount(eff, "amount", x)
    count = _amount(eff, "count", x)
    # Player effects first: they name a player, not a card.
    if name in ("draw", "discard", "mill", "lose_coins"):
        who = eff.get("player", "opponent" if name == "lose_coins" else "you")
        if tgts:
            players = [g.cards[t].controller for t in tgts]
        else:
            players = {"you": [p], "opponent": [1 - p], "each": [p, 1 - p]}.get(who, [p])
        per = {"draw": 1.2, "discard": -1.1, "mill": -0.15, "lose_coins": -0.6}[name]
        out = 0.0
        for pl in players:
            n = count
            if name == "draw":
                n = min(n, len(g.players[pl].deck))
            elif name == "discard":
                n = min(n, len(g.players[pl].hand))
            out += per * n * (1 if pl == p else -1)
        return out
    if name == "gain_coins":
        return (0.5 if eff.get("temporary") else 0.9) * count
    if name == "gain_prayers":
        return 0.8 * count
    if name == "create":
        return def_value(g.pool.cards[eff["card"]]) * eff.get("count", 1)
    if name == "search":
        return 1.5 if g.players[p].deck else 0.0
    if name == "summon":
        return 3.0 if g.players[p].deck else 0.0
    if name == "vanguard_play":
        return 1.0
    if name == "cancel":
        return 2.5
    out = 0.0
    for t in tgts:
        if t not in g.cards:
            continue
        sign = 1.0 if _mine(g, t, p) else -1.0
        c = g.cards[t]
        creature = g.is_creature(t)
        if name in ("damage", "shot", "damage_poison"):
            kind = "shot" if name == "shot" else ("ability" if source is not None else "spell")
            src = source
            if name == "damage_poison":
                kind, src = "poison", None  # the engine deals a poison tick with no source (CR 7 Отравление)
            out -= sign * wound_value(g, t, wounds_dealt(g, src, t, amount, kind))
        elif name == "destroy":
            if c.zone == "play" and not g.is_hero(t):
                out -= sign * (g.card_value(t) + 0.5)
        elif name == "heal":
            healed = c.wounds if amount == 0 and "amount" not in eff else min(amount, c.wounds)
            if g.is_hero(t):
                out += sign * (hero_term(g.lives_left(t) + healed) - hero_term(g.lives_left(t)))
            elif creature and healed:
                out += sign * g.card_value(t) * 0.4 * healed / max(g.max_lives(t), 1)
        elif name in ("stun", "tap"):
            if creature and not c.tapped:
                out -= sign * g.card_value(t) * (0.45 if name == "stun" else 0.3)
            elif creature and name == "stun":
                out -= sign * g.card_value(t) * 0.25
        elif name in ("untap", "prepare"):
            if c.tapped:
                out += sign * (g.card_value(t) * 0.3 if creature else 0.8)
        elif name == "poison":
            if creature or g.is_hero(t):
                # CR 7 Отравление: the new poison replaces the old one, so a weaker one is a loss.
                out -= sign * (poison_value(g, t, amount) - poison_value(g, t, c.poison))
        elif name == "add_poison":
            if c.poison > 0 and (creature or g.is_hero(t)):  # CR 7 Усилить отравление: poisoned cards only
                out -= sign * (poison_value(g, t, c.poison + amount) - poison_value(g, t, c.poison))
        elif name == "cleanse":
            if c.poison or c.stunned:
                out += sign * (poison_value(g, t, c.poison) + (0.8 if c.stunned else 0.0))
        elif name == "grant":
            kw = eff["keyword"]
            bonus = KEYWORD_BONUS.get(kw, 0.5)
            if kw == "armor":
                bonus = 0.5 * eff.get("value", 1)
            if kw == "haste":
                bonus = (0.9 * g.strike(t) + 0.3) if c.arrived == g.turn and g.active == p else 0.05
            if g.kw(t, kw) is not None and kw not in ("armor", "protection"):
                bonus = 0.05
            out += sign * bonus * (1.0 if creature or g.is_hero(t) else 0.3)
        elif name == "strike":
            if creature:
                ready = g.active == _controller(g, t) and g.can_act(t) and not c.used.get("attack")
                out += sign * amount * (0.9 if ready else 0.4)
        elif name == "set_strike":
            if creature:
                out += sign * 0.6 * (eff["value"] - g.strike(t))
        elif name == "lives":
            if creature:
                out += sign * 0.6 * amount
        elif name == "set_lives":
            if creature:
                out += sign * 0.6 * (eff["value"] - g.lives_left(t))
        elif name == "return_to_hand":
            if c.zone == "play" and not g.is_hero(t):
                out -= sign * g.card_value(t) * 0.6
        elif name == "return_to_deck":
            if c.zone == "play" and not g.is_hero(t):
                out -= sign * g.card_value(t) * 0.85
        elif name in ("resurrect", "resurrect_tapped"):
            if c.zone == "grave":
                out += (1.0 if c.owner == p else 0.6) * def_value(g.cdef(t))
        elif name == "take_control":
            if c.zone == "play" and not g.is_hero(t) and c.controller != p:
                out += 2.0 * g.card_value(t)
        elif name == "fight":
            if source is not None and source in g.cards and g.in_play(source) and creature:
                value = g.fight_value(source, t, True)
                out += value if not _mine(g, t, p) else -abs(value)
        elif name == "hide":
            if creature:
                out += sign * 0.5
        elif name == "lose_abilities":
            if creature or g.is_hero(t):
                out -= sign * (0.3 + 0.3 * len(g.cdef(t).abilities))
    return out


def _controller(g: View, cid: int) -> int:
    return g.cards[cid].controller
