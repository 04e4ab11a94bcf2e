"""The classic Easy bot: quick rules of thumb, no look-ahead.

In its turn it strikes where the expected exchange over the hit table favours it, uses its abilities on the
best target (a shot at the card it harms most, healing on the most wounded, a finishing blow), takes chips
for abilities that need them, and otherwise moves its fighters toward the enemy while shooters and
supports keep their distance; then it ends the turn. In answer it plays an instant that clearly helps
(cancelling or blocking an attack on a valuable card, an instant shot in the opponent's turn); it assigns a
defender when that saves more than it risks, lowers the table when the row above suits it, and builds,
lays out, hides and seats its squad by :mod:`.setupplay`'s rules. Before the battle it applies every «до набора
отряда» ability, a «после расстановки» one worth its reveal, and a vanguard strike that wins more than it risks;
before its turn it keeps a «Затаиться» card closed when what that gives beats the turn it loses.

It decides from an :class:`Observation` only: ``choose`` re-deals the hidden cards at random and every
rule reads the game through :class:`.value.Judge`, which never looks at an opponent's face-down card. The
same policy plays out the Normal bot's look-ahead games, so it is quick and never copies the game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.ai.observe import Observation
from engine.classic import actions as A
from engine.classic import hittable as H
from engine.classic.abilities import ATTACK_KINDS, Ability, Context
from engine.classic.abilities.active import AttackAbility
from engine.classic.abilities.effects import DIRECTED, subjects
from engine.classic.ai import campaign, setupplay
from engine.classic.ai.observe import determinize
from engine.classic.ai.stall import StallWatch
from engine.classic.ai.value import Judge
from engine.classic.game import ClassicGame
from engine.core.actions import Action

ACT = 10.0  # score offsets that give a turn its order: strike and use abilities, then move, then chips
MOVE = 5.0
CHIP = 3.0
STRIKE_MARGIN = 0.05  # a strike must win at least this much in expectation
TAP_COST = 0.15  # what an action that taps the card gives up (it cannot defend or answer any more)
ANSWER_MIN = (0.8, 0.3)  # an instant must be worth this much in answer: in one's own turn, in the opponent's
DEFEND_MARGIN = 0.2
AFTER_PLACE_MIN = 0.1  # a «после расстановки» ability must be worth this much: using it reveals the card
VANGUARD_EXPOSED = 0.15  # the share of its worth a second player's vanguard card risks, tapped through turn 1
CLOSED_NEAR, CLOSED_FAR = 0.3, 0.08  # what staying tapped costs, as a share of the card's worth (enemies near or not)
RANGED = frozenset(k for k in ATTACK_KINDS if k not in ("simple", "special", "magic_strike"))


def require_classic(obs: Observation) -> None:
    if obs.ruleset != "classic":
        raise ValueError(f"the classic bot cannot play {obs.ruleset!r}")


# ---------------------------------------------------------------------- abilities
def _ranged(g: ClassicGame, cid: int) -> bool:
    return any(getattr(ab, "kind", "") in RANGED for ab in g.abilities(cid))


def _support(g: ClassicGame, cid: int) -> bool:
    """A card that does its work at a distance (a shooter, a healer, a caster) or hardly fights."""
    if _ranged(g, cid):
        return True
    strike = g.card_of(cid).strike or (0, 0, 0)
    active = any(ab.active and not getattr(ab, "movement", False) for ab in g.abilities(cid))
    return active and sum(strike) <= 4


def _group(g: ClassicGame, j: Judge, src: int, to: str, target: int | None) -> list[int]:
    me = g.creatures[src].owner
    if to in DIRECTED:  # the card that way, seen from its controller (2022 «Напротив», «Сзади», «Слева/справа»)
        return subjects(g, Context(source=src, player=me, target=target), to)
    if to == "target":
        return [] if target is None else [target]
    if to == "self":
        return [src]
    if to == "other":
        return []
    pool = g.neighbours_of(src) if to.startswith("adjacent") else g.on_board(0) + g.on_board(1)
    enemy = to.endswith("enemies")
    return [c for c in pool if (g.creatures[c].owner != me) == enemy and c != src]


def _effect_value(g: ClassicGame, j: Judge, src: int, eff: object, target: int | None) -> float:
    """Roughly what one effect of an ability is worth to the user (positive: good for him)."""
    me = j.me
    kind = getattr(eff, "id", "")
    x = getattr(eff, "x", 1) or 1
    total = 0.0
    for cid in _group(g, j, src, getattr(eff, "to", "target"), target):
        if not g.in_play(cid):
            continue
        enemy = g.creatures[cid].owner != me
        sign = 1.0 if enemy else -1.0
        if kind == "wound":
            total += sign * j.harm(cid, x)
        elif kind in ("destroy", "exile"):
            total += sign * j.worth(cid)
        elif kind == "heal":
            wounds = g.creatures[cid].wounds
            left, top = j.lives(cid)
            total -= sign * 0.6 * j.worth(cid) * min(x, wounds) / top
        elif kind == "poison":
            total += sign * 0.5 * j.harm(cid, x)
        elif kind in ("curse", "lose_abilities"):
            total += sign * 0.15 * j.worth(cid)
        elif kind in ("bless", "extra_lives"):
            total -= sign * 0.15 * j.worth(cid)
        elif kind == "tap":
            total += sign * (0.1 * j.worth(cid) if not g.creatures[cid].tapped else 0.0)
        elif kind == "untap":
            total -= sign * (0.15 * j.worth(cid) if g.creatures[cid].tapped else 0.0)
        elif kind == "redistribute":
            total += 0.3 * x if enemy else 0.0
        elif kind == "stun":
            total += sign * 0.2 * j.worth(cid)
        elif kind == "prevent":
            total -= sign * 0.1 * j.worth(cid) * min(x, j.lives(cid)[1]) / j.lives(cid)[1]
    return total


def _cell_value(g: ClassicGame, j: Judge, eff: object, cell: tuple[int, ...] | None) -> float:
    """An effect on a cell (2007 1.10) is worth what it may catch: more on a cell an enemy creature could step
    onto soon (within two steps of one), little elsewhere."""
    kind = getattr(eff, "id", "")
    if kind not in ("trap", "mire") or cell is None:
        return 0.0
    near = min((abs(cell[0] - at[0]) + abs(cell[1] - at[1]) for at in _enemies_on_field(g, j.me)), default=9)
    reach = 1.0 if near <= 2 else 0.25
    return reach * (0.5 * (getattr(eff, "x", 0) or 0) if kind == "trap" else 0.4)


def _threat(g: ClassicGame, j: Judge) -> float:
    """The harm the topmost attack on the stack threatens the player's cards with (what cancelling or
    blocking it saves)."""
    for item in reversed(g.stack):
        if not g.is_attack_item(item):
            continue
        if item.player == j.me or item.target is None or not g.in_play(item.target):
            return 0.0
        if g.creatures[item.target].owner != j.me:
            return 0.0
        return 0.6 * j.worth(item.target)
    return 0.0


def use_value(g: ClassicGame, j: Judge, a: A.Use) -> float:
    """What using an ability is worth: its expected harm or help, less what tapping and chips cost."""
    abilities = g.abilities(a.card)
    if not 0 <= a.ability < len(abilities):
        return -1.0
    ab: Ability = abilities[a.ability]
    me = j.me
    enemy = a.target is not None and g.creatures[a.target].owner != me
    if isinstance(ab, AttackAbility):
        if a.target is None or not enemy:
            return -1.0
        value = j.shot(a.card, a.target, ab.kind, ab.strike)  # type: ignore[attr-defined]
    elif ab.id == "finish":
        value = j.worth(a.target) if enemy and a.target is not None else -1.0
    elif ab.id in ("resurrect", "summon"):
        value = (j.worth(a.target) if a.target is not None else 2.0) * 0.8
    else:
        effects = getattr(ab, "effects", ())
        value = 0.0
        for eff in effects:
            kind = getattr(eff, "id", "")
            if kind in ("cancel", "block"):
                value += _threat(g, j)
            elif kind == "redirect":
                value += 0.5 * _threat(g, j)
            elif kind == "prevent":
                value += 0.3 * _threat(g, j)
            elif kind in ("trap", "mire"):
                value += _cell_value(g, j, eff, a.to)
            elif kind == "mill":
                value += 0.1 * (getattr(eff, "x", 1) or 1) if getattr(eff, "whose", "own") == "enemy" else 0.0
            else:
                value += _effect_value(g, j, a.card, eff, a.target)
    if getattr(ab, "tap", False):
        value -= TAP_COST
    value -= 0.2 * (getattr(ab, "chips", 0) or 0)
    return value


# ---------------------------------------------------------------------- moving
def _enemies_on_field(g: ClassicGame, me: int) -> list[tuple[int, int]]:
    out = []
    for cid in g.on_board(1 - me):
        c = g.creatures[cid]
        if c.zone == "field" and c.at is not None and g.card_of(cid).type != "terrain":
            out.append(c.at)
    return out


def _place_score(g: ClassicGame, cid: int, cell: tuple[int, int], enemies: list[tuple[int, int]],
                 support: bool) -> float:
    """How good a cell is for the card: a fighter wants to be next to an enemy (or close), a shooter or a
    support card wants enemies at two cells or more, in reach."""
    if not enemies:
        return 0.0
    near = min(max(abs(cell[0] - e[0]), abs(cell[1] - e[1])) for e in enemies)
    if support:
        if near <= 1:
            return -2.0
        far = min(abs(cell[0] - e[0]) + abs(cell[1] - e[1]) for e in enemies)
        return -0.3 * max(0, far - 3)
    return -float(near)


def move_value(g: ClassicGame, j: Judge, a: A.Move, enemies: list[tuple[int, int]],
               seen: dict[int, tuple[bool, float]] | None = None,
               cells: dict[tuple[tuple[int, int], bool], float] | None = None) -> float:
    """What a move gains in place (:func:`_place_score`); ``seen`` caches each card's kind and present
    place score over one decision's many moves, ``cells`` each cell's score for a fighter and a support
    card (many cards may step on one cell)."""
    c = g.creatures[a.card]
    if c.at is None:
        return -1.0
    known = None if seen is None else seen.get(a.card)
    if known is None:
        support = _support(g, a.card)
        known = (support, _place_score(g, a.card, c.at, enemies, support))
        if seen is not None:
            seen[a.card] = known
    support, old = known
    key = ((a.to[0], a.to[1]), support)
    new = None if cells is None else cells.get(key)
    if new is None:
        new = _place_score(g, a.card, key[0], enemies, support)
        if cells is not None:
            cells[key] = new
    gain = new - old
    if gain <= 0:
        return -1.0
    # a weak card does not walk into the enemy's reach for nothing
    if not support and new >= -1.0 and j.worth(a.card) < 2.5:
        return -1.0
    return gain - 0.01 * (abs(a.to[0] - c.at[0]) + abs(a.to[1] - c.at[1]))


# ---------------------------------------------------------------------- the decisions
def score_main(g: ClassicGame, p: int, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    """Every legal action of the main phase with its score, best first (ending the turn scores 0)."""
    j = Judge(g, p)
    enemies = _enemies_on_field(g, p)
    seen: dict[int, tuple[bool, float]] = {}
    cells: dict[tuple[tuple[int, int], bool], float] = {}
    out: list[tuple[float, Action]] = []
    pays: bool | None = None  # a campaign's retreat (engine/classic/ai/campaign.py), judged once
    for a in legal:
        if isinstance(a, A.Strike):
            if g.creatures[a.target].owner == p:
                continue
            value = j.fight(a.attacker, a.target) - TAP_COST * 0.5
            if value > STRIKE_MARGIN:
                out.append((ACT + value, a))
            else:
                out.append((value - 1.0, a))
        elif isinstance(a, A.Use):
            value = use_value(g, j, a)
            out.append((ACT + value if value > STRIKE_MARGIN else value - 1.0, a))
        elif isinstance(a, A.Move):
            value = move_value(g, j, a, enemies, seen, cells) - (0.3 if a.ability is not None else 0.0)
            out.append((MOVE + value if value > 0 else value - 1.0, a))
        elif isinstance(a, A.Chip):
            c = g.creatures[a.card]
            need = max((getattr(ab, "chips", 0) or 0) for ab in g.abilities(a.card))
            out.append((CHIP + 0.3 if c.chips < need else -0.5, a))
        elif isinstance(a, A.Aim):
            out.append((CHIP + 0.5, a))
        elif isinstance(a, A.Retreat):
            if pays is None:
                pays = campaign.retreat_pays(g, p, j)
            out.append((campaign.retreat_score(g, p, j, a, pays), a))
        elif isinstance(a, A.EndTurn):
            out.append((0.0, a))
    out.sort(key=lambda t: -t[0])
    return out


def respond_scores(g: ClassicGame, p: int, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    """The instants with their worth and passing (0), best first; an instant below the bar scores below 0."""
    j = Judge(g, p)
    bar = ANSWER_MIN[0] if g.active == p else ANSWER_MIN[1]
    out: list[tuple[float, Action]] = []
    for a in legal:
        if isinstance(a, A.Use):
            value = use_value(g, j, a)
            out.append((value if value >= bar else value - bar - 1.0, a))
        else:
            out.append((0.0, a))
    out.sort(key=lambda t: -t[0])
    return out


def defender_scores(g: ClassicGame, p: int, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    """Each defender by what it saves: the attacker's expected gain without it less with it (and the
    tapping it costs); no defender scores 0."""
    pend = g.pending
    j = Judge(g, p)
    attacker, target = pend.attacker, pend.target  # type: ignore[union-attr]
    base = j.fight(attacker, target)
    out: list[tuple[float, Action]] = []
    for a in legal:
        if isinstance(a, A.Defend):
            saved = base - j.fight(attacker, a.card) - TAP_COST
            out.append((saved - DEFEND_MARGIN, a))
        else:
            out.append((0.0, a))
    out.sort(key=lambda t: -t[0])
    return out


def lower_choice(g: ClassicGame, p: int, legal: Sequence[Action]) -> Action:
    """Lower the row when the row above is better for the player (2007 4.5)."""
    pend = g.pending
    j = Judge(g, p)
    row = H.ROWS[pend.row]  # type: ignore[union-attr]
    above = H.row_above(row)
    if above is None:
        return A.Keep()
    att, ref = pend.attacker, pend.reflector  # type: ignore[union-attr]
    sign = 1.0 if g.creatures[att].owner == p else -1.0
    keep = sign * j.row_result(att, ref, row)
    lower = sign * j.row_result(att, ref, above)
    want = A.Lower() if lower > keep + 1e-9 else A.Keep()
    return want if want in legal else legal[0]


def before_recruit_choice(g: ClassicGame, p: int, legal: Sequence[Action]) -> Action:
    """2007 3.4.1: apply every «до набора отряда» ability there is — more cards to choose from, fewer crystals
    for the opponent — and pass when none is left (passing ends the player's part)."""
    return next((a for a in legal if isinstance(a, A.Use)), A.Pass())


def after_place_choice(g: ClassicGame, p: int, legal: Sequence[Action]) -> Action:
    """2007 6.2.2: the «после расстановки» ability worth most, when it is worth something (it reveals the card)."""
    j = Judge(g, p)
    best = max(((use_value(g, j, a), a) for a in legal if isinstance(a, A.Use)), key=lambda t: t[0], default=None)
    return best[1] if best is not None and best[0] > AFTER_PLACE_MIN else A.Pass()


def vanguard_scores(g: ClassicGame, p: int, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    """2007 6.2.4: each vanguard strike by the fight's expected result, less what tapping costs — for the second
    player the striker stays tapped through the first player's first turn (struck with one die, no defence);
    passing scores 0. Best first."""
    j = Judge(g, p)
    out: list[tuple[float, Action]] = []
    for a in legal:
        if isinstance(a, A.Strike):
            value = j.fight(a.attacker, a.target) - TAP_COST * 0.5
            if p != g.first:
                value -= VANGUARD_EXPOSED * j.worth(a.attacker)
            out.append((value - STRIKE_MARGIN, a))
        else:
            out.append((0.0, a))
    out.sort(key=lambda t: -t[0])
    return out


def prepare_choice(g: ClassicGame, p: int, legal: Sequence[Action]) -> Action:
    """2007 6.3.1: a «Затаиться» card stays closed when what it gains that way beats what it gives up — a card
    that stays tapped neither acts nor defends and is struck with one die, which costs more with enemies near."""
    j = Judge(g, p)
    eligible = max((a.cards for a in legal if isinstance(a, A.StayClosed)), key=len, default=())
    enemies = _enemies_on_field(g, p)
    keep = []
    for cid in eligible:
        gain = sum(_effect_value(g, j, cid, eff, None) for ab in g.card_of(cid).abilities if ab.may_stay_closed()
                   for eff in getattr(ab, "effects", ()))
        at = g.creatures[cid].at
        near = at is not None and any(max(abs(at[0] - e[0]), abs(at[1] - e[1])) <= 2 for e in enemies)
        if gain > (CLOSED_NEAR if near else CLOSED_FAR) * j.worth(cid):
            keep.append(cid)
    want = A.StayClosed(cards=tuple(keep))
    return want if want in legal else legal[0]


def draw_choice(g: ClassicGame, p: int, legal: Sequence[Action]) -> Action:
    """Accept a draw only when clearly behind."""
    j = Judge(g, p)
    want = A.AcceptDraw() if j.material(p) < 0.4 * j.material(1 - p) else A.DeclineDraw()
    return want if want in legal else legal[0]


def easy_action(g: ClassicGame, legal: Sequence[Action] | None = None,
                setup: setupplay.SetupStyle = setupplay.EASY) -> Action:
    """Easy's answer to whatever the game asks of its decider now (a full game: the rules above never
    read the opponent's face-down cards); ``setup`` is how it sets up its side (Normal's differs)."""
    pend = g.pending
    assert pend is not None
    p = pend.player
    legal = list(g.legal_actions()) if legal is None else list(legal)
    kind = pend.kind
    if len(legal) == 1:
        return legal[0]
    if kind == "main":
        return score_main(g, p, legal)[0][1]
    if kind == "respond":
        return respond_scores(g, p, legal)[0][1]
    if kind == "defender":
        return defender_scores(g, p, legal)[0][1]
    if kind == "lower":
        return lower_choice(g, p, legal)
    if kind == "draw_offer":
        return draw_choice(g, p, legal)
    if kind == "vanguard":
        return vanguard_scores(g, p, legal)[0][1]
    if kind == "prepare":
        return prepare_choice(g, p, legal)
    if kind == "before_recruit":
        return before_recruit_choice(g, p, legal)
    if kind == "after_place":
        return after_place_choice(g, p, legal)
    if kind == "order":
        return setupplay.order(legal, setup)
    if kind == "recruit":
        return setupplay.recruit_step(g, p, legal, setup)
    if kind == "place":
        return setupplay.place_step(g, p, legal, setup)
    if kind == "hide":
        return setupplay.hide_step(g, p, legal)
    if kind == "seat":
        return setupplay.seat_step(g, p, legal)
    return legal[0]


class EasyBot:
    """Level Easy: the rules of thumb above on a game re-dealt from what its player may know (``setup``:
    how it sets up its side; bench/ai_strength.py ``--only setup`` measures Normal's style with Easy's battle
    play)."""

    level = "easy"

    def __init__(self, seed: int = 0, setup: setupplay.SetupStyle = setupplay.EASY) -> None:
        self.rng = random.Random(seed)
        self.setup = setup
        self.stall = StallWatch()  # a stalled game's draw (2007 7.7)

    def choose(self, obs: Observation) -> Action:
        require_classic(obs)
        if not obs.legal:
            raise ValueError(f"player {obs.player} has nothing to decide now")
        if len(obs.legal) == 1:
            return obs.legal[0]
        if (obs.pending or {}).get("kind") == "next_game":
            return campaign.choose_next(obs)  # between the games of a campaign (2007 8.4)
        g = determinize(obs, self.rng)
        assert obs.player is not None
        stalled = self.stall.decide(g, obs.player, obs.legal)
        if stalled is not None:
            return stalled  # a draw offered or taken; an offer is a meta action, never in ``legal``
        action = easy_action(g, obs.legal, self.setup)
        return action if action in obs.legal else obs.legal[0]


__all__ = ["EasyBot", "easy_action", "score_main", "respond_scores", "defender_scores", "vanguard_scores"]
