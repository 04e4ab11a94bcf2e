"""The Easy bot: quick rules of thumb, no look-ahead.

On its turn it spends its coins on the best set of cards and abilities it can afford (a small
knapsack), then attacks where the fight looks good even against the best block — or with
everything at the enemy hero when an all-out assault pays (blockers are used up one per
attacker) — then ends the turn. A fight counts what the attacker's «при ударе» triggers do to the
struck card (a poison bite). Two rules break a stalled table: clearly ahead on board, Easy counts
its own losses for less (an even trade leaves it further ahead); and when its deck will run out
before the opponent's within a few turns, waiting loses, so every creature goes at the enemy hero.
It blocks when the hit would hurt more than the blocker is worth, picks targets by a rough value of
each effect, and keeps a cheap opening hand. The same policy plays out the Normal bot's
look-ahead games, so it must stay fast: it never copies the game.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from engine.ai.observe import Observation
from engine.core.actions import Action
from engine.heroes import actions as A
from engine.heroes.ai import evaluate as V
from engine.heroes.ai.observe import determinize
from engine.heroes.chains import chains
from engine.heroes.game import FAILED_DRAWS_TO_LOSE, HeroesGame

MAX_VARIANTS = 48  # target combinations scored per card and decision (the rest are sampled away)
PLAY_FIRST = 100.0  # score offsets that give a turn its order: spend coins, then attack, then end
ATTACK = 50.0
AHEAD = 1.5  # own creatures worth this many times the enemy's: clearly ahead on board
MIN_LOSS_WEIGHT = 0.5  # however far ahead, a lost creature still counts at least half
DECK_CLOCK = 6  # turns: a deck that runs out first within this many turns makes waiting a loss
TAP_COST = 0.12  # of its worth: a tapped attacker cannot block on the enemy's turn
BLOCK_TAP = 0.1  # of its worth: a blocker taps (CR 506.3)
DEFEND_HERO = 1.0  # the hero's wounds, as the defender weighs taking a strike on him against a block
SPELL_KEEP = 1.0  # a spell in hand is worth keeping: a spell cast must do more than this


def activated_ability(g: HeroesGame | V.View, cid: int, index: int) -> dict[str, Any] | None:
    """The activated ability an ``Activate`` names by its index among the card's abilities (CR 308)."""
    i = 0
    for part in g.ability_parts(cid):
        for ab in part.abilities:
            if i == index:
                return ab if ab["kind"] == "activate" else None
            i += 1
    return None


def _chain(effects: Any, modes: Any, chosen: tuple[int, ...]) -> tuple[dict[str, Any], ...]:
    return dict(chains(effects, modes)).get(chosen, ())


# ---------------------------------------------------------------------- main phase
def _item(g: V.View, p: int, a: Action) -> tuple[Any, int, float] | None:
    """(group, coin cost, value) of an action that spends coins or a card, else None."""
    pl = g.players[p]
    if isinstance(a, A.Play):
        d = g.cdef(a.card)
        cost = g.cost(a.card, a.x or 0)
        if d.type == "spell":
            effects = _chain(d.effects, d.modes, a.modes)
            value = V.effects_value(g, p, effects, a.targets, None, a.x) - SPELL_KEEP
        else:
            value = V.def_value(d) + 0.4 * (a.x or 0)
            if a.attach is not None:
                value += 0.3  # a module joins at once, with no first-turn weakness of its own
            for other in pl.play:
                od = g.cdef(other)
                if d.type == "support" and od.type == "support" and od.subtype == d.subtype:
                    value -= g.card_value(other)  # CR 211.2: the old support goes
                if d.keyword("unique") and g.cards[other].card == d.id:
                    value -= g.card_value(other)
        return ("card", a.card), cost, value
    if isinstance(a, A.Activate):
        ab = activated_ability(g, a.card, a.ability)
        if ab is None:
            return None
        cost = ab["cost"]
        effects = _chain(ab["effects"], ab.get("modes"), a.modes)
        value = V.effects_value(g, p, effects, a.targets, a.card, a.x)
        if cost["wounds"]:
            value -= V.wound_value(g, a.card, cost["wounds"])
        if cost["prayers"]:
            value -= 0.6 * cost["prayers"]
        if cost["tap"] and g.is_creature(a.card) and g.can_attack(a.card):
            value -= 0.3 + 0.4 * g.strike(a.card)  # tapping costs this creature's attack
        return ("ability", a.card, a.ability), cost["coins"] + (a.x or 0), value
    if isinstance(a, A.WoundUndead):
        return ("undead", a.card), a.x, V.wound_value(g, a.card, min(a.x, g.lives_left(a.card))) - 0.2 * a.x
    return None


def _knapsack(groups: dict[Any, list[tuple[int, float, Action]]], coins: int) -> list[tuple[float, Action]]:
    """The best set of at most one variant per group within ``coins`` (0/1 knapsack by groups)."""
    best: list[tuple[float, tuple[tuple[float, Action], ...]]] = [(0.0, ())] * (coins + 1)
    for variants in groups.values():
        new = list(best)
        for c in range(coins + 1):
            base_value, picks = best[c]
            for cost, value, action in variants:
                if value <= 0 or c + cost > coins:
                    continue
                total = base_value + value
                if total > new[c + cost][0] + 1e-9:
                    new[c + cost] = (total, (*picks, (value, action)))
        best = new
    return list(max(best, key=lambda e: e[0])[1])


# ---------------------------------------------------------------------- attacks
def board_value(g: V.View, p: int) -> float:
    """What p's creatures in play are worth together."""
    return sum(g.card_value(cid) for cid in g.players[p].play if g.is_creature(cid))


def loss_weight(g: V.View, p: int) -> float:
    """How much p's own losses count when p attacks: 1, or enemy/own board value when p is clearly ahead
    (at least ``AHEAD`` times the enemy's), never below ``MIN_LOSS_WEIGHT``. Ahead, an even trade pays:
    it leaves p further ahead and brings the end nearer."""
    mine, theirs = board_value(g, p), board_value(g, 1 - p)
    if mine <= 0 or mine < AHEAD * theirs:
        return 1.0
    return max(MIN_LOSS_WEIGHT, theirs / mine)


def turns_to_deck_out(g: V.View, p: int) -> int:
    """The turn of p's, counted from the next one, that loses by the third failed draw (CR 304.2)."""
    pl = g.players[p]
    return len(pl.deck) + FAILED_DRAWS_TO_LOSE - pl.failed_draws


def losing_deck_race(g: V.View, p: int) -> bool:
    """On p's turn: p's deck gives out before the opponent's (whose turn comes first) and within
    ``DECK_CLOCK`` turns, so a table where nobody attacks is a lost game for p."""
    mine, theirs = turns_to_deck_out(g, p), turns_to_deck_out(g, 1 - p)
    return mine < theirs and mine <= DECK_CLOCK


def _strike_triggers(g: V.View, a: int) -> list[dict[str, Any]]:
    """The attacker's «при ударе» triggered abilities that count now (CR 7; single-chain ones only)."""
    c = g.cards[a]
    if c.hidden:
        return []
    parts = g.ability_parts(a) if (c.effects or c.attached) else g.cdef(a).solo
    return [ab for part in parts if "strike" in part.trigger_events
            for _, ab in part.triggers if ab["on"] == "strike" and not ab.get("modes")]


def strike_bonus(g: V.View, a: int, t: int) -> float:
    """Points for a's side from a's «при ударе» triggers when it strikes t (a poison bite, CR 7
    Отравление). What they do to the struck card counts only if it lives through the strike."""
    triggers = _strike_triggers(g, a)
    if not triggers:
        return 0.0
    side = g.cards[a].controller
    dies = V.wounds_dealt(g, a, t, g.attack_strike(a, t), "strike") >= g.lives_left(t)
    total = 0.0
    for ab in triggers:
        effects = [e for e in ab["effects"] if not (dies and (e.get("target") or {}).get("sel") == "struck")]
        value = V.effects_value(g, side, effects, (), a, None, {"struck": t})
        total += max(value, 0.0) if ab.get("may") else value
    return total


def fight(g: V.View, a: int, t: int, retaliate: bool, k: float = 1.0) -> float:
    """Points for a's side when a strikes t, a's own wounds counted at ``k`` of their worth."""
    if k == 1.0:
        value = g.fight_value(a, t, retaliate)
    else:
        to_t, to_a = V.fight_wounds(g, a, t, retaliate)
        value = V.wound_value(g, t, to_t) - k * V.wound_value(g, a, to_a)
    return value + strike_bonus(g, a, t)


class Blocks:
    """The fight value of one attacker against each enemy creature that could block it (CR 509)."""

    def __init__(self, g: V.View, a: int, hero: int, k: float = 1.0) -> None:
        values = sorted((fight(g, a, d, True, k), d) for d in g.defenders_for(a, hero))
        self.best = values[:2]  # the target itself never blocks, so the second best stands in for it
        self.values = dict((d, v) for v, d in values)

    def worst_for_attacker(self, target: int) -> float | None:
        for value, d in self.best:
            if d != target:
                return value
        return None


def attack_value(g: V.View, a: int, t: int, blocks: Blocks | None = None, k: float = 1.0) -> float:
    """Points for the attacker's side, assuming the best block by the defender (CR 509, 510); the
    attacker's own losses count at ``k`` (see ``loss_weight``)."""
    if g.is_creature(t):
        value = fight(g, a, t, not g.cards[t].tapped, k)
    else:
        value = V.wound_value(g, t, V.wounds_dealt(g, a, t, g.attack_strike(a, t), "strike")) + strike_bonus(g, a, t)
    blocks = blocks or Blocks(g, a, g.players[g.cards[t].controller].hero, k)
    blocked = blocks.worst_for_attacker(t)
    if blocked is not None:
        value = min(value, blocked)
    med = g.kw_value(t, "meditation")
    if med:
        value -= 0.6 * med
    return value - k * _tap_cost(g, a)


def _tap_cost(g: V.View, a: int) -> float:
    if g.kw(a, "attack_exp") or g.kw(a, "no_tap_attack") or not g.players[1 - g.cards[a].controller].play:
        return 0.0
    return TAP_COST * g.card_value(a)


def assault(g: V.View, p: int, attackers: list[int], blocks: dict[int, Blocks], k: float = 1.0) -> float:
    """Points for an all-out attack on the enemy hero, strongest first, each blocker used once.

    The defender answers each strike as Easy would: block with the creature that loses least, or
    take it on the hero. This is what breaks a crowded table where every single attack looks bad.
    """
    hero = g.players[1 - p].hero
    lives = g.lives_left(hero)
    used: set[int] = set()
    total = 0.0
    for a in sorted(attackers, key=lambda a: (-g.attack_strike(a, hero), a)):
        dmg = V.wounds_dealt(g, a, hero, g.attack_strike(a, hero), "strike")
        take = V.hero_wounds_value(lives, dmg) + strike_bonus(g, a, hero)
        block = min(((v, d) for d, v in blocks[a].values.items() if d not in used), default=None)
        if block is not None and block[0] < take:
            used.add(block[1])
            total += block[0]
        else:
            lives -= dmg
            total += take
            if lives <= 0:
                return V.WIN
        total -= k * _tap_cost(g, a)
    return total


def score_main(g: V.View, p: int, legal: list[Action], rng: random.Random) -> list[tuple[float, Action]]:
    """Every main-phase action with a score; the highest is Easy's choice, EndTurn scores 0."""
    groups: dict[Any, list[tuple[int, float, Action]]] = defaultdict(list)
    scored: list[tuple[float, Action]] = []
    by_group: dict[Any, list[Action]] = defaultdict(list)
    blocks: dict[int, Blocks] = {}
    hero = g.players[1 - p].hero
    on_hero: dict[int, int] = {}
    # Breaking a stall: a lost deck race makes own creatures worthless beyond this attack; a clear lead
    # makes them cheaper (computed only when there is an attack to judge).
    desperate = False
    k: float | None = None
    for a in legal:
        if isinstance(a, A.Play | A.Activate | A.WoundUndead):
            key = ("card", a.card) if isinstance(a, A.Play) else (type(a).__name__, a.card, getattr(a, "ability", 0))
            by_group[key].append(a)
        elif isinstance(a, A.Attack):
            if k is None:
                desperate = losing_deck_race(g, p)
                k = 0.0 if desperate else loss_weight(g, p)
            if a.attacker not in blocks:
                blocks[a.attacker] = Blocks(g, a.attacker, hero, k)
            value = attack_value(g, a.attacker, a.target, blocks[a.attacker], k)
            if a.target == hero:
                on_hero[a.attacker] = len(scored)
                if desperate:  # only the hero's lives matter now: these go before any attack on a creature
                    value = 10.0 + max(value, 0.0) + 0.1 * g.attack_strike(a.attacker, hero)  # strongest first
            scored.append((ATTACK + value if value > 0 else value, a))
        elif isinstance(a, A.EndTurn):
            scored.append((0.0, a))
        else:
            scored.append((-1.0, a))
    for actions in by_group.values():
        if len(actions) > MAX_VARIANTS:
            actions = rng.sample(actions, MAX_VARIANTS)
        for a in actions:
            item = _item(g, p, a)
            if item is None:
                continue
            group, cost, value = item
            groups[group].append((cost, value, a))
    for variants in groups.values():
        # keep the best variant per cost (targets of the same card compete with each other)
        best: dict[int, tuple[int, float, Action]] = {}
        for v in variants:
            if v[0] not in best or v[1] > best[v[0]][1]:
                best[v[0]] = v
        variants[:] = list(best.values())
    if len(on_hero) > 1:
        plan = assault(g, p, list(on_hero), blocks, k if k is not None else 1.0)
        if plan > 0:
            first = max(on_hero, key=lambda a: (g.attack_strike(a, hero), -a))
            i = on_hero[first]
            scored[i] = (max(scored[i][0], ATTACK + min(plan, 40.0)), scored[i][1])
    chosen = {id(action) for _, action in _knapsack(groups, g.players[p].open_coins)}
    for variants in groups.values():
        for _cost, value, a in variants:
            scored.append((PLAY_FIRST + value if id(a) in chosen else min(value, 0.0) - 0.5, a))
    return scored


# ---------------------------------------------------------------------- other decisions
def mulligan_cards(g: V.View, p: int) -> tuple[int, ...]:
    """Keep a curve: send back cards costing 5+, and the dearest one when nothing costs 2 or less."""
    hand = g.players[p].hand
    back = [cid for cid in hand if g.cdef(cid).cost >= 5]
    keep = [cid for cid in hand if cid not in back]
    if keep and not any(g.cdef(cid).cost <= 2 for cid in keep):
        back.append(max(keep, key=lambda cid: (g.cdef(cid).cost, cid)))
    return tuple(cid for cid in hand if cid in back)


def defend_value(g: V.View, p: int, a: Action) -> float:
    """Points for the defending player ``p``: the block is judged by what the strike would do."""
    combat = g.combat or {}
    att, target = combat.get("attacker"), combat.get("target")
    if att is None or target is None:
        return 0.0
    if isinstance(a, A.Defend):
        gain = -fight(g, att, a.card, True)
        if not g.kw(a.card, "defense_exp"):
            gain -= BLOCK_TAP * g.card_value(a.card)
        return gain
    if g.is_creature(target):
        return -fight(g, att, target, not g.cards[target].tapped)
    hit = V.wounds_dealt(g, att, target, g.attack_strike(att, target), "strike")
    return -DEFEND_HERO * V.wound_value(g, target, hit) - strike_bonus(g, att, target)


def trigger_value(g: V.View, p: int, a: Action) -> float:
    if isinstance(a, A.DeclineTrigger):
        return 0.0
    assert isinstance(a, A.DeclareTrigger)
    t = next((t for t in g.waiting if t.tid == a.trigger), None)
    if t is None:
        return 0.0
    effects = _chain(t.effects, t.modes, a.modes)
    value = V.effects_value(g, p, effects, a.targets, t.source, None, t.ctx)
    return value - 0.7 * t.pay_coins + 0.01  # a forced trigger still goes in if all else is equal


def choose_value(g: V.View, p: int, a: A.Choose) -> float:
    why = getattr(g.pending, "why", None)
    total = 0.0
    for cid in a.cards:
        v = V.def_value(g.cdef(cid))
        total += -v if why == "discard" else v
    return total


def score_actions(game: HeroesGame, rng: random.Random) -> list[tuple[float, Action]]:
    """Every legal action of the decider with Easy's score, best first (ties in legal order)."""
    pend = game.pending
    if pend is None:
        return []
    p = pend.player
    legal = game.legal_actions()
    kind = pend.kind
    g = V.View(game)
    if kind == "main":
        scored = score_main(g, p, legal, rng)
    elif kind == "order":
        scored = [(1.0 if a.first else 0.0, a) for a in legal]  # type: ignore[attr-defined]
    elif kind == "mulligan":
        want = mulligan_cards(g, p)
        scored = [(1.0 if a.cards == want else -float(len(a.cards)), a) for a in legal]  # type: ignore[attr-defined]
    elif kind == "reveal":
        scored = [(float(len(a.cards)), a) for a in legal]  # type: ignore[attr-defined]
    elif kind == "defender":
        scored = [(defend_value(g, p, a), a) for a in legal]
    elif kind == "triggers":
        scored = [(trigger_value(g, p, a), a) for a in legal]
    elif kind == "choose":
        scored = [(choose_value(g, p, a), a) for a in legal]  # type: ignore[arg-type]
    elif kind == "draw_offer":
        scored = [(1.0 if isinstance(a, A.DeclineDraw) else 0.0, a) for a in legal]
    else:
        scored = [(0.0, a) for a in legal]
    order = {a: i for i, a in enumerate(legal)}
    scored.sort(key=lambda e: (-e[0], order.get(e[1], 0)))
    return scored


def require_heroes(obs: Observation) -> None:
    """The policies read «Герои» positions; another ruleset plugs in its own (observe/determinize are shared)."""
    if obs.ruleset != HeroesGame.ruleset:
        raise NotImplementedError(f"no bot policy for the ruleset {obs.ruleset!r} yet")


def easy_action(g: HeroesGame, rng: random.Random) -> Action:
    """Easy's choice for whoever decides in ``g`` (a game the caller may let it see in full)."""
    scored = score_actions(g, rng)
    if not scored:
        raise ValueError("nobody has to decide")
    top = scored[0][0]
    ties = [a for s, a in scored if s >= top - 1e-9]
    return ties[0] if len(ties) == 1 else rng.choice(ties)


class EasyBot:
    """Level Easy: rules of thumb on one random game consistent with what it knows."""

    level = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> Action:
        if len(obs.legal) == 1:
            return obs.legal[0]
        require_heroes(obs)
        g = determinize(obs, self.rng)
        action = easy_action(g, self.rng)
        return action if action in obs.legal else obs.legal[0]
