"""Classic abilities that need a whole game from decks: «В начале боя» (2022 glossary; 2007 3.13),
«Пророчество» and «Вызвать» (2022 glossary)."""

from __future__ import annotations

from engine.classic import actions as A
from engine.classic.cards import parse_cards
from engine.classic.game import ClassicGame

CARDS = parse_cards({"card": [
    {"id": "k_herald", "name": {"ru": "Глашатай", "en": "Herald"}, "cost": 3, "lives": 3, "movement": 1,
     "strike": "1-1-1", "abilities": [{"id": "battle_start", "effects": [{"do": "chips", "x": 1, "to": "self"}]}]},
    {"id": "k_caller", "name": {"ru": "Зазывала", "en": "Caller"}, "cost": 3, "lives": 3, "movement": 1,
     "strike": "1-1-1", "abilities": [{"id": "summon", "card": "k_herald"}]},
    {"id": "k_seer", "name": {"ru": "Провидица", "en": "Seer"}, "cost": 3, "lives": 3, "movement": 1,
     "strike": "1-1-1", "abilities": [{"id": "act", "aim": "none", "effects": [{"do": "prophecy", "x": 3}]},
                                      {"id": "battle_start", "effects": [{"do": "bless", "to": "self"}]}]},
]}, "test")


def _through_setup(g: ClassicGame, take: int, prefer: str = "") -> None:
    """Go first, recruit ``take`` cards each (a ``prefer`` card first when dealt), lay them out in the first
    cells offered, reveal everything."""
    while g.pending is not None and g.pending.kind not in ("main", "respond"):
        legal = g.legal_actions()
        kind = g.pending.kind
        if kind == "order":
            g.apply(A.GoFirst())
        elif kind == "recruit":
            squad = len(g.setup.squads[g.pending.player])
            recruits = sorted((a for a in legal if isinstance(a, A.Recruit)),
                              key=lambda a: g.instances[a.card][1] != prefer)
            g.apply(recruits[0] if squad < take else A.Ready())
        elif kind == "place":
            g.apply(next((a for a in legal if isinstance(a, A.Place) and a.card not in g.creatures), A.Ready()))
        else:
            g.apply(legal[0])


def test_battle_start_abilities_alternate_from_the_first_player_before_the_first_turn():
    # 2022 «В начале боя»: declared and carried out before the first turn, in turn starting with the first player.
    g = ClassicGame.start(CARDS, [["k_herald"] * 30, ["k_seer"] * 30], seed=3, check_decks=False)
    _through_setup(g, take=2)
    events = g.setup_events + [e for e in g._events]
    first = g.first
    assert g.pending.kind == "main" and g.turn == 1 and g.active == first
    mine = sorted(c.id for c in g.creatures.values() if c.owner == first)
    theirs = sorted(c.id for c in g.creatures.values() if c.owner != first)
    # every one of them went off once …
    assert all(g.creatures[i].chips == 1 or g.creatures[i].blessed for i in mine + theirs)
    # … and they were carried out alternating, the first player's first
    done = [e.card for e in g._events if e.kind == "resolved"]
    assert done == [mine[0], theirs[0], mine[1], theirs[1]], (done, events)
    kinds = [e.kind for e in g._events]
    assert kinds.index("resolved") < kinds.index("turn")  # all before the first turn begins


def test_prophecy_shows_the_top_of_the_deck_and_puts_it_under():
    g = ClassicGame.start(CARDS, [["k_seer"] * 30, ["k_herald"] * 30], seed=5, check_decks=False)
    _through_setup(g, take=1)
    seer = next(c.id for c in g.creatures.values() if c.card == "k_seer" and c.owner == g.active)
    deck = list(g.decks[g.active])
    events = g.apply(A.Use(card=seer, ability=0))
    shown = [e for e in events if e.kind == "prophecy"]
    assert shown and shown[0].cards == [g.instances[i][1] for i in deck[:3]]
    assert g.decks[g.active] == deck[3:] + deck[:3]


def test_summon_brings_a_card_of_the_deck_onto_a_chosen_free_cell_next_to_the_caller():
    # 2022 «Вызвать»: from your deck onto a free cell next to the card that calls, open.
    deck = ["k_caller"] * 15 + ["k_herald"] * 15
    g = ClassicGame.start(CARDS, [deck, ["k_seer"] * 30], seed=11, check_decks=False)
    _through_setup(g, take=1, prefer="k_caller")
    me = g.active
    callers = [c.id for c in g.creatures.values() if c.card == "k_caller" and c.owner == me]
    assert callers, "half the deck are callers: one is dealt"
    caller = callers[0]
    uses = [a for a in g.legal_actions() if isinstance(a, A.Use) and a.card == caller]
    assert uses and all(a.to is not None for a in uses)  # the player names the cell
    heralds = sum(1 for i in g.decks[me] if g.instances[i][1] == "k_herald")
    choice = uses[-1]
    g.apply(choice)
    new = [c for c in g.creatures.values() if c.card == "k_herald" and c.owner == me and c.at == tuple(choice.to)]
    assert len(new) == 1 and not new[0].tapped and new[0].id not in g.hidden
    assert sum(1 for i in g.decks[me] if g.instances[i][1] == "k_herald") == heralds - 1
    assert g.creatures[caller].tapped
