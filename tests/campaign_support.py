"""Shared by the campaign tests (2007 part 8): small decks, and a campaign's game set up through its own legal
actions to the position a rule needs."""

from __future__ import annotations

from classic_support import ALL_CARDS

from engine.classic import actions as A
from engine.classic.campaign import Campaign
from engine.classic.game import ClassicGame

# player 0's rows are 0 (3rd, the back) to 2 (1st); player 1's 3 (1st) to 5 (3rd)
DECK0 = ["c_guard", "c_runner", "c_hawk", "c_sprite", "c_tower", "c_grove", "c_post", "c_scout"]
DECK1 = ["c_sellsword", "c_runner", "c_bog", "c_post", "c_ford", "c_pikeman", "c_scout", "c_rat"]


def campaign(deck0=DECK0, deck1=DECK1, seed: int = 1) -> Campaign:
    return Campaign.start(ALL_CARDS, [list(deck0), list(deck1)], seed=seed, check_decks=False)


def ids(g: ClassicGame, p: int, card: str) -> list[int]:
    return sorted(i for i, (o, c) in g.instances.items() if o == p and c == card)


def to_battle(c: Campaign, squads: dict[int, list[tuple[str, tuple[int, int] | None]]], first: int = 0) -> ClassicGame:
    """The current game set up through its legal actions: ``first`` goes first, each player recruits the named
    cards of his deal and lays each on its cell (flyers, terrains and symbiotes anywhere open: None); the
    second player keeps nothing hidden, symbiotes sit on the first host offered."""
    g = c.current
    c.apply(A.GoFirst() if g.pending.player == first else A.GoSecond())
    for p in (first, 1 - first):
        for card, _ in squads[p]:
            iid = next(i for i in g.setup.deals[p] if g.instances[i][1] == card and i not in g.setup.squads[p])
            c.apply(next(a for a in c.legal_actions() if isinstance(a, A.Recruit) and a.card == iid))
        c.apply(A.Ready())
    for p in (first, 1 - first):
        for iid, (_, at) in zip(g.setup.squads[p], squads[p], strict=True):
            legal = [a for a in c.legal_actions() if isinstance(a, A.Place) and a.card == iid]
            c.apply(next(a for a in legal if at is None or tuple(a.at) == at))
        c.apply(A.Ready())
    while g.pending is not None and g.pending.kind in ("hide", "seat"):
        c.apply(A.KeepHidden() if g.pending.kind == "hide" else c.legal_actions()[0])
    assert g.pending.kind == "main" and g.active == first
    return g


def end_turn(c: Campaign) -> None:
    c.apply(A.EndTurn())
    while c.current.pending is not None and c.current.pending.kind == "respond":
        c.apply(A.Pass())


# a battle where player 0's guard and flyer, player 1's sellsword and bog can retreat from the start
SQUADS = {0: [("c_guard", (0, 2)), ("c_runner", (2, 2)), ("c_hawk", None), ("c_tower", (1, 1)), ("c_grove", None)],
          1: [("c_sellsword", (5, 2)), ("c_bog", (5, 1)), ("c_runner", (3, 2)), ("c_ford", None)]}
