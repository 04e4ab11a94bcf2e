"""Guessing the opponent's squad while squads are built and laid out, from what he was seen to do.

While a classic game is set up the opponent's squad is face down: a player sees how many cards he recruited
and, once he has laid them out, which cells they fill (2022 «Формирование отряда», «Расстановка»). A uniform
re-deal (:func:`.observe.determinize`) puts any cards of his deck in those places, where a sensible player's
squad is no random handful: it holds his strongest cards the crystals pay for, and his fighters stand in front.

:class:`SquadGuess` deals the opponent's squad the way a player who builds as Normal does would have built it:
it deals his deck again (only the cards its player cannot see), recruits 15 of them by Normal's setup rules
(:data:`.setupplay.NORMAL`, redeals included) and, where he has laid out his squad, lays the guess out by the
same rules. A guess is kept only if it has as many cards as his squad and fills the very cells he filled;
the look-ahead then deals from the kept guesses, each with the rest of his cards shuffled around it. With no
kept guess (he builds like nobody the rules know) it falls back to the uniform re-deal.

What the guess reads is the observation alone (its player's information set), so it sees nothing its player
cannot; the evidence (squad size, cells) and the guesses made from it are kept until the evidence changes,
so a setup's many decisions pay for the guessing once. It is used only while squads are built and laid out:
once the cards are revealed (2022 «Вскрытие карт») little stays hidden, and seeing those few cards was worth
nothing measurable (bench/hidden_worth.py ``--battle-only``, docs/ai.md).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from engine.ai.observe import HIDDEN, Observation
from engine.classic import actions as A
from engine.classic import pending as P
from engine.classic import recruit
from engine.classic.ai import setupplay
from engine.classic.ai.observe import determinize
from engine.classic.board import Cell
from engine.classic.game import ClassicGame

TRIES = 400  # deals recruited per new piece of evidence; each costs about a millisecond
STEPS = 60  # recruiting or laying-out steps a guess may take before it is given up (a guard: 15 cards)

Evidence = tuple[int, tuple[int, ...], tuple[tuple[int, Cell], ...]]


def evidence(obs: Observation) -> Evidence | None:
    """What the opponent of ``obs.player`` was seen to do that a guess must fit: his seat, his squad's
    instances (recruited, in order) and the cells of those he laid out; None when there is nothing to
    guess from (no setup under way, his squad not built yet, or a campaign's kept cards in his deal)."""
    st = obs.state
    setup = st.get("setup")
    if setup is None or obs.player is None or obs.content is None:
        return None
    opp = 1 - obs.player
    pend = obs.pending or {}
    squad = tuple(setup["squads"][opp])
    if not squad or (pend.get("kind") == "recruit" and pend.get("player") == opp):
        return None
    if any(setup.get("kept", [[], []])[opp]):
        return None  # a campaign's later game: his deal began with cards kept from the last (2007 8.3)
    hidden = {row[0] for row in st["instances"] if row[1] == opp and row[2] == HIDDEN}
    if not set(squad) <= hidden:
        return None  # a card of his squad is known (shown before recruiting): the rules' guess does not fit it
    laid = {c["id"]: (c["at"][0], c["at"][1]) for c in st["creatures"] if c["owner"] == opp and c.get("at")}
    if laid and (pend.get("kind") != "place" or set(laid) != set(squad)):
        return None  # only a finished layout is evidence (he lays out before or after its player, never during)
    return opp, squad, tuple(sorted(laid.items()))


def _recruited(g: ClassicGame, opp: int, rng: random.Random) -> list[int] | None:
    """Deal ``opp``'s hidden cards of ``g`` again and recruit them by Normal's rules; his squad's instances."""
    setup = g.setup
    assert setup is not None
    pool = g.decks[opp] + setup.deals[opp] + setup.squads[opp]
    rng.shuffle(pool)
    deal = pool[:recruit.DEAL]
    setup.deals[opp], setup.squads[opp], g.decks[opp] = deal, [], pool[recruit.DEAL:]
    for iid in [i for i, c in g.creatures.items() if c.owner == opp]:
        del g.creatures[iid]
        g.hidden.discard(iid)
    g.crystals[opp] = list(recruit.starting_crystals(g.edition, opp == g.first))
    g.pending = P.RecruitSquad(player=opp)
    for _ in range(STEPS):
        pend = g.pending
        if pend is None or pend.kind != "recruit" or pend.player != opp:
            return list(setup.squads[opp])
        g.apply(setupplay.recruit_step(g, opp, g.legal_actions(), setupplay.NORMAL))
    return None


def _laid_out(g: ClassicGame, opp: int) -> dict[Cell, int] | None:
    """Lay ``opp``'s squad of ``g`` out by Normal's rules: cell -> instance."""
    g.pending = P.PlaceSquad(player=opp)
    for _ in range(STEPS):
        action = setupplay.place_step(g, opp, g.legal_actions(), setupplay.NORMAL)
        if isinstance(action, A.Ready):
            break
        g.apply(action)
    else:
        return None
    setup = g.setup
    assert setup is not None
    out: dict[Cell, int] = {}
    for iid in setup.squads[opp]:
        at = g.creatures[iid].at if iid in g.creatures else None
        if at is None:
            return None
        out[(at[0], at[1])] = iid
    return out


def guesses(obs: Observation, seen: Evidence, rng: random.Random, tries: int = TRIES) -> list[tuple[str, ...]]:
    """Up to ``tries`` guesses at the opponent's squad that fit ``seen``: the cards of his squad's instances,
    in their order."""
    opp, squad, laid = seen
    cells = {at: iid for iid, at in laid}
    out: list[tuple[str, ...]] = []
    for _ in range(tries):
        g = determinize(obs, rng)
        ids = _recruited(g, opp, rng)
        if ids is None or len(ids) != len(squad):
            continue
        if cells:
            where = _laid_out(g, opp)
            if where is None or set(where) != set(cells):
                continue
            by_instance = {cells[at]: g.instances[iid][1] for at, iid in where.items()}
            out.append(tuple(by_instance[i] for i in squad))
        else:
            out.append(tuple(g.instances[i][1] for i in ids))
    return out


class SquadGuess:
    """The opponent's squad dealt as a player building by Normal's rules would have built it (module doc);
    ``tries``: deals recruited per new piece of evidence."""

    def __init__(self, tries: int = TRIES) -> None:
        self.tries = tries
        self.seen: Evidence | None = None
        self.kept: list[tuple[str, ...]] = []
        self.stats = {"guessed": 0, "kept": 0, "dealt": 0, "uniform": 0}

    def determinize(self, obs: Observation, rng: random.Random) -> ClassicGame:
        seen = evidence(obs)
        if seen is None:
            return determinize(obs, rng)
        if seen != self.seen:
            self.seen = seen
            self.kept = guesses(obs, seen, rng, self.tries)
            self.stats["guessed"] += self.tries
            self.stats["kept"] += len(self.kept)
        if not self.kept:
            self.stats["uniform"] += 1
            return determinize(obs, rng)
        self.stats["dealt"] += 1
        fixed: Mapping[int, str] = dict(zip(seen[1], rng.choice(self.kept), strict=True))
        return determinize(obs, rng, fixed=fixed)
