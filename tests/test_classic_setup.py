"""The setup of a full classic game: die roll, crystals, the deal, recruiting, placement, reveal, symbiotes.

Rules: classic-starter-rules-2022.txt «Определение очерёдности хода», «Формирование отряда», «Расстановка
карт на поле боя», «Вскрытие карт и начало боя», «Летающие существа», «Симбиоты», «Местности»,
«Уникальность»; classic-comprehensive-rules-2007.txt 3.2–3.13, 1.5.1, 1.5.2, 1.8. Decisions the rules leave
open: docs/classic-rules.md.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from classic_support import ALL_CARDS, DECKS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import find_ruleset
from engine.classic import ClassicGame
from engine.classic import actions as A
from engine.classic.actions import CODEC
from engine.classic.placement import open_cells
from engine.core.errors import IllegalAction

FILLER = "c_post"  # a cheap neutral creature that fills the rest of a test deck


def started(seed: int = 0, edition: str = "2022", decks=None) -> ClassicGame:
    return ClassicGame.start(ALL_CARDS, decks or [DECKS["mixed"], DECKS["plain"]], seed=seed, edition=edition)


def game(deal0: list[str], deal1: list[str], *, first: int = 0, edition: str = "2022", seed: int = 0):
    """A game at the first player's recruiting, each deal exactly the listed cards (instance ids returned)."""
    decks = [deal0 + [FILLER] * 15, deal1 + [FILLER] * 15]
    g = ClassicGame.start(ALL_CARDS, decks, seed=seed, edition=edition, check_decks=False)
    g.apply(A.GoFirst() if g.pending.player == first else A.GoSecond())
    assert g.first == first
    return g, [rig_deal(g, 0, deal0), rig_deal(g, 1, deal1)]


def rig_deal(g: ClassicGame, p: int, cards: list[str]) -> list[int]:
    """Make ``p``'s deal exactly ``cards`` (taken from the deal and the deck; the rest goes to the deck)."""
    pool = g.setup.deals[p] + g.decks[p]
    deal: list[int] = []
    for cid in cards:
        deal.append(next(i for i in pool if g.instances[i][1] == cid and i not in deal))
    g.setup.deals[p] = list(deal)
    g.decks[p] = [i for i in pool if i not in deal]
    g._legal = None
    return deal


def take(g: ClassicGame, iid: int, gold: int | None = None) -> list:
    """Recruit ``iid`` for ``gold`` and the rest of its cost in silver (all gold when None)."""
    cost = g.card_at(iid).cost
    gold = cost if gold is None else gold
    return g.apply(A.Recruit(card=iid, gold=gold, silver=cost - gold))


def refused(g: ClassicGame, action) -> IllegalAction:
    before = g.state_hash()
    with pytest.raises(IllegalAction) as exc:
        g.apply(action)
    assert g.state_hash() == before and exc.value.ru and exc.value.en
    return exc.value


def recruits(g: ClassicGame, iid: int) -> list[A.Recruit]:
    return [a for a in g.legal_actions() if isinstance(a, A.Recruit) and a.card == iid]


def to_placement(deal0, deal1, *, first=0, seed=0):
    """Both squads recruited whole (for silver where it can, else gold): the first player lays out next."""
    g, (d0, d1) = game(deal0, deal1, first=first, seed=seed)
    for p in (first, 1 - first):
        for iid in (d0, d1)[p]:
            options = recruits(g, iid)
            g.apply(options[-1])  # the most silver
        g.apply(A.Ready())
    assert g.pending.kind == "place" and g.pending.player == first
    return g, d0, d1


def lay_out(g: ClassicGame, cells: dict[int, tuple[int, int]]) -> None:
    for iid, cell in cells.items():
        g.apply(A.Place(card=iid, at=cell))
    g.apply(A.Ready())


# ---------------------------------------------------------------- the die and the order
@pytest.mark.parametrize("seed", range(30))
def test_the_higher_roll_chooses_and_a_tie_rolls_again(seed):
    # 2022 «Определение очерёдности хода»; 2007 3.4: both roll; the higher chooses; a tie is rolled again.
    g = started(seed)
    dice = [(e.player, e.value) for e in g.setup_events if e.kind == "die"]
    pairs = [(dice[i][1], dice[i + 1][1]) for i in range(0, len(dice), 2)]
    assert all(p == (0, 1) for i in range(0, len(dice), 2) for p in [(dice[i][0], dice[i + 1][0])])
    assert all(a == b for a, b in pairs[:-1]) and pairs[-1][0] != pairs[-1][1]
    a, b = pairs[-1]
    assert g.pending.kind == "order" and g.pending.player == (0 if a > b else 1)
    assert g.legal_actions() == [A.GoFirst(), A.GoSecond()]


def test_some_seed_rolls_a_tie():
    assert any(sum(e.kind == "die" for e in started(s).setup_events) > 2 for s in range(30))


def test_the_winner_may_go_second():
    g = started(1)
    winner = g.pending.player
    events = g.apply(A.GoSecond())
    assert g.first == 1 - winner and events[0].kind == "order" and events[0].first == 1 - winner
    assert g.pending.kind == "recruit" and g.pending.player == 1 - winner  # the first player recruits first


# ---------------------------------------------------------------- crystals and the deal
@pytest.mark.parametrize("edition, first_gets, second_gets", [("2022", [24, 22], [25, 23]),
                                                              ("2007", [23, 22], [23, 23])])
@pytest.mark.parametrize("first", [0, 1])
def test_the_crystals_each_player_starts_with(edition, first_gets, second_gets, first):
    # 2022: first 24 gold + 22 silver, second 25 + 23; 2007 3.3–3.4: 23 + 22 both, the second 1 silver more.
    g, _ = game(["c_guard"], ["c_guard"], first=first, edition=edition)
    assert g.crystals[first] == first_gets and g.crystals[1 - first] == second_gets


def test_each_player_is_dealt_15_from_the_top_of_the_deck():
    # 2022 «Формирование отряда»; 2007 3.3: fifteen cards, the deal.
    g = started(2)
    tops = [list(d[:15]) for d in g.decks]
    events = g.apply(A.GoFirst())
    assert g.setup.deals == tops and [len(d) for d in g.decks] == [15, 15]
    assert sorted(e.player for e in events if e.kind == "deal") == [0, 1]


def test_a_redeal_costs_one_gold_and_deals_15_again():
    # 2022, 2007 3.3: the deal is shuffled back into the deck and 15 cards are taken again for 1 gold.
    g = started(3)
    g.apply(A.GoFirst())
    p = g.first
    cards = Counter(g.instances[i][1] for i in g.decks[p] + g.setup.deals[p])
    events = g.apply(A.Redeal())
    assert g.crystals[p][0] == 23 and len(g.setup.deals[p]) == 15
    assert Counter(g.instances[i][1] for i in g.decks[p] + g.setup.deals[p]) == cards
    assert [e.kind for e in events] == ["redeal", "shuffle", "deal"]


def test_no_redeal_without_gold_or_after_the_first_recruit():
    g, (d0, _) = game(["c_guard", "c_bog"], ["c_guard"])
    take(g, d0[0], 0)
    assert A.Redeal() not in g.legal_actions() and refused(g, A.Redeal()).code == "redeal"
    g, _ = game(["c_guard"], ["c_guard"])
    g.crystals[0] = [0, 22]
    g._legal = None
    assert A.Redeal() not in g.legal_actions() and refused(g, A.Redeal()).code == "no_gold"


# ---------------------------------------------------------------- recruiting
def test_an_elite_card_is_recruited_for_gold_only():
    # 2022 «Элитные и рядовые карты»; 2007 3.5.
    g, (d0, _) = game(["c_brute"], ["c_guard"])
    assert recruits(g, d0[0]) == [A.Recruit(card=d0[0], gold=7, silver=0)]
    assert refused(g, A.Recruit(card=d0[0], gold=3, silver=4)).code == "elite"


def test_an_ordinary_card_takes_any_mix_of_gold_and_silver():
    # 2022 «Элитные и рядовые карты»: gold or silver in any combination; every split is listed.
    g, (d0, _) = game(["c_guard"], ["c_guard"])
    options = recruits(g, d0[0])
    assert [(a.gold, a.silver) for a in options] == [(5, 0), (4, 1), (3, 2), (2, 3), (1, 4), (0, 5)]
    assert all(CODEC.parse(str(a)) == a for a in options)
    assert str(options[2]) == f"recruit card={d0[0]} gold=3 silver=2"
    assert refused(g, A.Recruit(card=d0[0], gold=1, silver=1)).code == "split"
    events = take(g, d0[0], 2)
    assert g.crystals[0] == [22, 19] and events[0].kind == "recruit" and g.zone_of(d0[0]) == "squad"


def test_recruiting_is_one_card_at_a_time_from_the_own_deal():
    # 2007 3.6: one card at a time, from the deal.
    g, (d0, d1) = game(["c_guard"], ["c_guard"])
    assert refused(g, A.Recruit(card=d1[0], gold=5)).code == "not_in_deal"
    assert refused(g, A.Place(card=d0[0], at=(1, 1))).code == "wrong_decision"


def test_2022_each_element_after_the_first_costs_a_gold():
    # 2022 «Влияние стихий на набор отряда»: 1 gold for each element beyond the first; neutral is no element.
    g, (d0, _) = game(["c_guard", "c_sellsword", "c_bog", "c_scout", "c_runner"], ["c_guard"])
    penalties = [take(g, iid, 0)[0].penalty for iid in d0[:3]]
    assert penalties == [0, 0, 1] and g.crystals[0][0] == 23
    assert take(g, d0[3], 0)[0].penalty == 1 and g.crystals[0][0] == 22


def test_2007_each_element_beyond_two_costs_a_gold():
    # 2007 3.7: 1 gold for each element beyond two.
    g, (d0, _) = game(["c_guard", "c_bog", "c_scout"], ["c_guard"], edition="2007")
    assert [take(g, iid, 0)[0].penalty for iid in d0] == [0, 0, 1] and g.crystals[0][0] == 22


@pytest.mark.parametrize("squad, bonus", [(["c_guard"], 1), ([], 1), (["c_sellsword"], 1),
                                          (["c_guard", "c_bog"], 0)])
def test_2007_one_element_or_none_earns_a_gold(squad, bonus):
    # 2007 3.7: a squad of one element or none gets one more gold at the end of recruiting.
    g, (d0, _) = game(squad + ["c_runner"], ["c_guard"], edition="2007")
    for iid in d0[:len(squad)]:
        take(g, iid, 0)
    gold = g.crystals[0][0]
    events = g.apply(A.Ready())
    assert events[0].bonus == bonus and g.crystals[0][0] == gold + bonus


def test_2022_has_no_end_bonus():
    g, (d0, _) = game(["c_guard"], ["c_guard"])
    take(g, d0[0], 0)
    assert g.apply(A.Ready())[0].bonus == 0 and g.crystals[0][0] == 24


def test_a_card_whose_price_with_the_penalty_cannot_be_paid_is_not_legal():
    g, (d0, _) = game(["c_guard", "c_bog"], ["c_guard"])
    take(g, d0[0], 0)
    g.crystals[0] = [0, 17]  # silver for the Bog Dweller, but no gold for the swamp's penalty
    g._legal = None
    assert recruits(g, d0[1]) == []
    err = refused(g, A.Recruit(card=d0[1], gold=0, silver=4))
    assert err.code == "price" and "penalty" in err.en and "штрафа" in err.ru


def test_flyers_cost_at_most_15_crystals_in_all():
    # 2022 «Летающие существа»; 2007 1.5.1д: at most 15 crystals, gold and silver together, on flyers.
    g, (d0, _) = game(["c_hawk", "c_hawk", "c_hawk", "c_drake"], ["c_guard"])
    for iid in d0[:3]:
        take(g, iid, 0)
    assert recruits(g, d0[3]) == [] and refused(g, A.Recruit(card=d0[3], gold=8)).code == "flyers"


def test_no_two_unique_cards_of_one_name():
    # 2022 «Уникальность»: two unique cards of one name cannot both be in a squad (the deck may hold several).
    g, (d0, _) = game(["c_king", "c_king"], ["c_guard"])
    take(g, d0[0])
    assert recruits(g, d0[1]) == [] and refused(g, A.Recruit(card=d0[1], gold=6)).code == "unique"


def test_at_most_one_terrain():
    # 2022 «Местности»; 2007 1.8: one terrain in a squad.
    g, (d0, _) = game(["c_grove", "c_ford"], ["c_guard"])
    take(g, d0[0], 0)
    assert recruits(g, d0[1]) == [] and refused(g, A.Recruit(card=d0[1], gold=0, silver=1)).code == "terrain"


def test_ready_puts_the_rest_of_the_deal_back_and_the_second_player_recruits():
    # 2022, 2007 3.6: what is not recruited goes back into the deck, shuffled.
    g, (d0, _) = game(["c_guard", "c_bog", "c_scout"], ["c_guard"])
    take(g, d0[0], 0)
    events = g.apply(A.Ready())
    assert [e.kind for e in events] == ["squad_ready", "shuffle"] and events[0].returned == 2
    assert len(g.decks[0]) == 15 + 2 and g.setup.deals[0] == [] and g.setup.squads[0] == [d0[0]]
    assert g.pending.kind == "recruit" and g.pending.player == 1
    g.apply(A.Ready())
    assert g.pending.kind == "place" and g.pending.player == 0


# ---------------------------------------------------------------- placement
def test_the_first_player_fills_the_centre_then_rows_2_and_3_then_row_1():
    # 2022 «Расстановка карт на поле боя»; 2007 3.9. Player 0's rows: 1 = board row 2, 3 = board row 0.
    g, d0, _ = to_placement([FILLER] * 15, ["c_guard"])
    centre = {(r, c) for r in (0, 1, 2) for c in (1, 2, 3)}
    assert {a.at for a in g.legal_actions() if isinstance(a, A.Place)} == centre
    err = refused(g, A.Place(card=d0[0], at=(2, 0)))
    assert err.code == "tier" and "3×3" in err.ru
    assert refused(g, A.Place(card=d0[0], at=(3, 2))).code == "not_your_half"
    for iid, cell in zip(d0, sorted(centre), strict=False):
        g.apply(A.Place(card=iid, at=cell))
    assert set(open_cells(0, True, centre)) == {(0, 0), (0, 4), (1, 0), (1, 4)}
    assert {a.at for a in g.legal_actions() if isinstance(a, A.Place) and a.card == d0[9]} == {(0, 0), (0, 4), (1, 0), (1, 4)}
    for iid, cell in zip(d0[9:], [(0, 0), (0, 4), (1, 0), (1, 4)], strict=False):
        g.apply(A.Place(card=iid, at=cell))
    assert {a.at for a in g.legal_actions() if isinstance(a, A.Place) and a.card == d0[13]} == {(2, 0), (2, 4)}


def test_the_second_player_may_use_row_1_at_once_and_the_sides_of_rows_2_and_3_last():
    # 2022 «Расстановка»; 2007 3.10. Player 1's rows: 1 = board row 3, 3 = board row 5.
    g, _, d1 = to_placement(["c_guard"], [FILLER] * 15)
    g.apply(A.Place(card=g.setup.squads[0][0], at=(1, 2)))
    g.apply(A.Ready())
    first_tier = {(r, c) for r in (3, 4, 5) for c in (1, 2, 3)} | {(3, 0), (3, 4)}
    assert {a.at for a in g.legal_actions() if isinstance(a, A.Place) and a.card == d1[0]} == first_tier
    for iid, cell in zip(d1, sorted(first_tier), strict=False):
        g.apply(A.Place(card=iid, at=cell))
    assert {a.at for a in g.legal_actions() if isinstance(a, A.Place) and a.card == d1[11]} == {
        (4, 0), (4, 4), (5, 0), (5, 4)}


def test_cards_are_laid_face_down_and_hidden_from_the_opponent():
    # 2022 «Расстановка»: face down; 2007 3.8: one card a cell.
    g, d0, _ = to_placement(["c_king", "c_guard"], ["c_guard"])
    g.apply(A.Place(card=d0[0], at=(1, 2)))
    assert d0[0] in g.hidden
    theirs = g.visible_to(1)
    mine = g.visible_to(0)
    assert next(c for c in theirs["creatures"] if c["id"] == d0[0])["card"] is None
    assert next(c for c in mine["creatures"] if c["id"] == d0[0])["card"] == "c_king"
    assert "c_king" not in theirs["cards"] and "c_king" in mine["cards"]
    assert refused(g, A.Place(card=d0[1], at=(1, 2))).code == "taken"  # one card a cell


def test_a_laid_card_may_be_moved_or_swapped_before_ready():
    g, d0, _ = to_placement(["c_king", "c_guard", "c_bog"], ["c_guard"])
    g.apply(A.Place(card=d0[0], at=(1, 2)))
    g.apply(A.Place(card=d0[1], at=(0, 2)))
    assert refused(g, A.Ready()).code == "not_laid_out"  # every card of the squad must be on the field
    g.apply(A.Place(card=d0[0], at=(2, 2)))  # a move
    assert g.creatures[d0[0]].at == (2, 2)
    assert refused(g, A.Place(card=d0[0], at=(0, 2))).code == "taken"
    low, high = sorted((d0[0], d0[1]))
    assert refused(g, A.Swap(card=high, other=low)).code == "swap"
    assert str(A.Swap(card=low, other=high)) == f"swap card={low} other={high}"
    g.apply(A.Swap(card=low, other=high))
    assert g.creatures[d0[0]].at == (0, 2) and g.creatures[d0[1]].at == (2, 2)
    g.apply(A.Place(card=d0[2], at=(1, 1)))
    assert A.Ready() in g.legal_actions()
    g.apply(A.Ready())
    assert g.pending.kind == "place" and g.pending.player == 1


# ---------------------------------------------------------------- reveal
def to_reveal(deal0, cells0, deal1, cells1, *, seed=0):
    """Both squads recruited and laid out on the given cells (by position in the deal)."""
    g, d0, d1 = to_placement(deal0, deal1, seed=seed)
    lay_out(g, {d0[i]: cell for i, cell in enumerate(cells0)})
    events = []
    for i, cell in enumerate(cells1):
        events += g.apply(A.Place(card=d1[i], at=cell))
    events += g.apply(A.Ready())
    return g, d0, d1, events


def test_the_first_player_reveals_all_and_the_second_keeps_3rd_row_cards_hidden():
    # 2022 «Вскрытие карт»: the second may leave his 3rd-row cards face down until his turn; 2007 3.11.1:
    # not symbiotes.
    g, d0, d1, events = to_reveal(["c_guard", "c_bog"], [(1, 2), (2, 2)],
                                  ["c_guard", "c_bog", "c_scout", "c_sprite"], [(3, 2), (5, 1), (5, 2), (5, 3)])
    assert {e.card for e in events if e.kind == "reveal"} == set(d0)
    assert g.pending.kind == "hide" and g.pending.player == 1
    options = g.legal_actions()
    assert len(options) == 4 and A.KeepHidden(cards=tuple(sorted((d1[1], d1[2])))) in options  # not the sprite
    assert refused(g, A.KeepHidden(cards=(d1[3],))).code == "hide"
    assert refused(g, A.KeepHidden(cards=(d1[0],))).code == "hide"  # row 1
    g.apply(A.KeepHidden(cards=(d1[1],)))
    assert g.hidden == {d1[1]} and g.pending.kind == "seat"  # the sprite sits first
    assert CODEC.parse(str(A.KeepHidden(cards=(d1[1], d1[2])))) == A.KeepHidden(cards=(d1[1], d1[2]))
    assert all(list(a.cards) == sorted(a.cards) for a in options)  # each set once, in increasing order
    assert CODEC.parse("keep_hidden") == A.KeepHidden()


def test_hidden_cards_are_revealed_when_the_second_players_first_turn_begins():
    g, d0, d1, _ = to_reveal(["c_guard"], [(1, 2)], ["c_guard", "c_hawk"], [(3, 2), (5, 2)])
    g.apply(A.KeepHidden(cards=(d1[1],)))
    assert g.pending.kind == "main" and g.active == 0 and g.zone_of(d1[1]) == "battlefield"
    assert d1[1] in g.hidden and next(c for c in g.visible_to(0)["creatures"] if c["id"] == d1[1])["card"] is None
    events = g.apply(A.EndTurn())
    kinds = [e.kind for e in events]
    assert kinds.index("turn") < kinds.index("reveal") and not g.hidden
    # 2022 «Вскрытие карт»: a flyer revealed goes to the additional zone
    assert g.zone_of(d1[1]) == "extra" and "extra_zone" in kinds


def test_reveal_can_be_called_by_the_battle_when_a_hidden_card_acts():
    g, d0, d1, _ = to_reveal(["c_guard"], [(1, 2)], ["c_guard", "c_bog"], [(3, 2), (5, 2)])
    g.apply(A.KeepHidden(cards=(d1[1],)))
    g._events = []
    g.reveal(d1[1])
    assert not g.hidden and [e.kind for e in g._events] == ["reveal"] and g._events[0].name == "c_bog"
    g.reveal(d1[1])  # a face-up card: nothing happens
    assert len(g._events) == 1


def test_flyers_and_terrains_go_to_the_additional_zone():
    # 2022 «Вскрытие карт»; 2007 1.5.1, 1.8: after the reveal, flyers and terrains leave their cells.
    g, d0, d1, events = to_reveal(["c_guard", "c_hawk", "c_grove"], [(1, 2), (1, 1), (1, 3)],
                                  ["c_guard", "c_drake"], [(3, 2), (4, 2)])
    assert g.zone_of(d0[1]) == "extra" and g.zone_of(d0[2]) == "extra" and g.zone_of(d0[0]) == "battlefield"
    assert g.zone_of(d1[1]) == "extra" and g.extra == sorted([d0[1], d0[2], d1[1]])
    assert g.occupant((1, 1)) is None and g.occupant((4, 2)) is None
    assert [e.src for e in events if e.kind == "extra_zone"] == [[1, 1], [1, 3], [4, 2]]


# ---------------------------------------------------------------- symbiotes
def test_symbiotes_are_seated_in_the_rules_order():
    # 2022 «Симбиоты»: first's companions, second's companions, first's parasites on the second's 1st row,
    # second's parasites on the first's 1st row. Player 0's 1st row is board row 2; player 1's is row 3.
    g, d0, d1, _ = to_reveal(["c_guard", "c_bog", "c_sprite", "c_tick"], [(2, 2), (1, 2), (1, 1), (1, 3)],
                             ["c_guard", "c_bog", "c_sprite", "c_tick"], [(3, 2), (4, 2), (4, 1), (4, 3)])
    seen = []
    while g.pending.kind in ("hide", "seat"):
        if g.pending.kind == "hide":
            g.apply(A.KeepHidden())
            continue
        seen.append((g.pending.player, g.pending.role))
        pairs = {(a.card, a.host) for a in g.legal_actions()}
        if seen[-1] == (0, "companion"):
            assert pairs == {(d0[2], d0[0]), (d0[2], d0[1])}  # own ground creatures
            g.apply(A.Seat(card=d0[2], host=d0[1]))
        elif seen[-1] == (1, "companion"):
            assert pairs == {(d1[2], d1[0]), (d1[2], d1[1])}
            g.apply(A.Seat(card=d1[2], host=d1[0]))
        elif seen[-1] == (0, "parasite"):
            assert pairs == set()  # the second's only 1st-row creature already carries a symbiote
        else:
            assert pairs == {(d1[3], d0[0])}  # the first's 1st row: the guard on 2,2
            assert refused(g, A.Seat(card=d1[3], host=d0[1])).code == "seat"  # row 2, and it has a symbiote
            g.apply(A.Seat(card=d1[3], host=d0[0]))
    assert seen == [(0, "companion"), (1, "companion"), (1, "parasite")]
    assert g.hosts == {d0[2]: d0[1], d1[2]: d1[0], d1[3]: d0[0]} and g.symbiote_of(d0[0]) == d1[3]
    # 2007 3.12: the first player's parasite found no host and died
    assert g.zone_of(d0[3]) == "graveyard" and g.zone_of(d0[2]) == "seated"
    assert g.pending.kind == "main" and g.pending.player == 0


def test_a_symbiote_sits_on_a_ground_creature_only_one_to_a_host():
    # 2007 1.5.2а, в: never on a flyer or another symbiote; one symbiote to a creature.
    g, d0, d1, _ = to_reveal(["c_guard", "c_hawk", "c_sprite", "c_sprite"], [(2, 2), (1, 2), (1, 1), (1, 3)],
                             ["c_guard"], [(3, 2)])
    assert {(a.card, a.host) for a in g.legal_actions()} == {(d0[2], d0[0]), (d0[3], d0[0])}
    events = g.apply(A.Seat(card=d0[3], host=d0[0]))
    assert [e.kind for e in events][:1] == ["seat"] and events[0].at == [2, 2] and events[0].src == [1, 3]
    assert g.zone_of(d0[2]) == "graveyard"  # no host left: it dies (2022 «Симбиоты»)
    died = [e for e in events if e.kind == "dies"]
    assert [e.card for e in died] == [d0[2]] and died[0].at == [1, 1]


def test_the_battle_begins_with_the_first_players_turn():
    # 2007 3.13: «в начале боя» after everything is in place, then the first turn.
    g, d0, d1, events = to_reveal(["c_guard"], [(2, 2)], ["c_guard"], [(3, 2)])
    kinds = [e.kind for e in events]
    assert kinds.index("battle") < kinds.index("turn") and g.turn == 1 and g.setup is None
    assert g.pending.kind == "main" and g.active == 0
    assert any(isinstance(a, A.Strike) for a in g.legal_actions())


def test_a_squad_with_no_creature_loses_when_the_battle_begins():
    # 2022 «Условие победы»: no creature of the opponent on the battlefield (docs/classic-rules.md: an empty squad).
    g, d0, d1, _ = to_reveal(["c_grove"], [(1, 2)], ["c_guard"], [(3, 2)])
    assert g.is_over and g.outcome.winner == 1


# ---------------------------------------------------------------- hidden information
def test_what_a_player_may_know():
    g = started(5)
    g.apply(A.GoFirst())
    p, opp = g.first, 1 - g.first
    view = g.visible_to(p)
    assert view["seed"] is None and view["rng"] is None and view["decks"] is None
    assert view["setup"]["deals"][opp] == 15 and len(view["setup"]["deals"][p]) == 15
    assert view["crystals"][opp] is None and view["crystals"][p] == g.crystals[p]
    hidden = {i for i, _, c in view["instances"] if c is None}
    assert hidden == set(g.decks[0] + g.decks[1] + g.setup.deals[opp])
    assert sorted(view["deck_cards"]) == sorted(g.instances[i][1] for i in g.decks[p])


def test_the_first_players_choices_do_not_depend_on_the_seconds_hidden_cards():
    g, d0, d1, _ = to_reveal(["c_runner", "c_guard"], [(2, 2), (1, 2)],
                             ["c_guard", "c_bog", "c_scout"], [(3, 2), (5, 1), (5, 2)])
    g.apply(A.KeepHidden(cards=tuple(sorted((d1[1], d1[2])))))
    data = g.to_dict()
    for c in data["creatures"]:
        if c["id"] == d1[1]:
            c["card"] = "c_sellsword"  # another card face down on the same cell
    data["instances"] = [[i, o, "c_sellsword" if i == d1[1] else c] for i, o, c in data["instances"]]
    data["cards"]["c_sellsword"] = ALL_CARDS["c_sellsword"].to_dict()
    other = ClassicGame.from_dict(data)
    assert [str(a) for a in other.legal_actions()] == [str(a) for a in g.legal_actions()]
    assert other.visible_to(0) == g.visible_to(0) and other.visible_to(1) != g.visible_to(1)


# ---------------------------------------------------------------- the ruleset, the state, random setups
def test_the_ruleset_starts_a_full_game_from_decks_and_still_lays_out_squads():
    r = find_ruleset("classic")
    full = r.new_game(ALL_CARDS, [DECKS["plain"], DECKS["mixed"]], seed=1)
    assert full.pending.kind == "order" and full.edition == "2022"
    old = r.new_game(ALL_CARDS, [DECKS["plain"].card_list(), DECKS["mixed"].card_list()], seed=1, edition="2007")
    assert old.pending.kind == "order" and old.edition == "2007"
    squads = r.new_game(ALL_CARDS, [["c_guard"], ["c_bog"]], seed=1)
    assert squads.pending.kind == "main" and squads.setup is None


def test_an_illegal_deck_cannot_start_a_game():
    with pytest.raises(IllegalAction) as exc:
        ClassicGame.start(ALL_CARDS, [DECKS["plain"], ["c_guard"] * 4], seed=1)
    assert exc.value.code == "deck" and "30" in exc.value.en
    with pytest.raises(ValueError):
        ClassicGame.start(ALL_CARDS, [DECKS["plain"], DECKS["plain"]], edition="2010")


def check_squads(g: ClassicGame) -> None:
    """2022 «Летающие существа», «Местности», «Уникальность» hold for every squad; no crystal goes negative."""
    assert all(gold >= 0 and silver >= 0 for gold, silver in g.crystals)
    for p in (0, 1):
        squad = [g.card_at(i) for i in g.setup.squads[p]] if g.setup else [
            g.card_of(c.id) for c in g.creatures.values() if c.owner == p]
        assert sum(c.cost for c in squad if c.flyer) <= 15
        assert sum(c.type == "terrain" for c in squad) <= 1
        names = [c.name["ru"] for c in squad if c.unique]
        assert len(names) == len(set(names))
    cells = [c.at for c in g.creatures.values() if c.at is not None]
    assert len(cells) == len(set(cells))
    for s, h in g.hosts.items():
        assert g.card_of(s).symbiote and g.card_of(h).ground and list(g.hosts.values()).count(h) == 1


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.sampled_from(["2022", "2007"]), st.sampled_from(["mixed", "plain"]))
def test_random_setups_reach_the_battle_keeping_the_rules(seed, edition, deck):
    g = started(seed, edition, [DECKS["mixed"], DECKS[deck]])
    rng = random.Random(seed)
    steps = 0
    while g.setup is not None or g.pending.kind in ("hide", "seat"):
        action = rng.choice(g.legal_actions())
        assert CODEC.parse(str(action)) == action
        g.apply(action)
        steps += 1
        check_squads(g)
        if steps % 20 == 0:
            assert ClassicGame.from_dict(g.to_dict()).state_hash() == g.state_hash() == g.clone().state_hash()
        if g.is_over:
            break
    assert steps < 5000
    assert g.is_over or (g.pending.kind == "main" and g.pending.player == g.first)
    assert all(g.zone_of(i) in ("deck", "battlefield", "extra", "seated", "graveyard") for i in g.instances)


def test_squads_laid_out_at_once_and_positions_hold_every_kind_of_card():
    # 2022 «Летающие существа», «Местности», «Симбиоты»: a flyer and a terrain stand in the additional zone,
    # a symbiote sits on a host or dies without one.
    from engine.classic.position import build_position

    g = find_ruleset("classic").new_game(ALL_CARDS, [["c_guard", "c_grove"], ["c_bog"]])
    assert [g.zone_of(i) for i in sorted(g.creatures)] == ["battlefield", "extra", "battlefield"]
    pos = build_position(ALL_CARDS, {"creature": [{"card": "c_hawk"}, {"card": "c_guard", "at": "1,1", "player": 1}]})
    assert pos.game.zone_of(1) == "extra" and pos.game.is_flyer(1)


@given(st.integers(0, 12), st.booleans(), st.integers(0, 30), st.integers(0, 30))
def test_every_listed_split_pays_the_cost_from_what_the_player_has(cost, elite, gold, silver):
    # 2022 «Элитные и рядовые карты»; 2007 3.5: the splits are exactly the payments the rules allow.
    from dataclasses import replace

    from engine.classic import recruit

    card = replace(ALL_CARDS["c_guard"], cost=cost, elite=elite)
    splits = recruit.splits(card, gold, silver)
    every = [(g, cost - g) for g in range(cost + 1) if g <= gold and cost - g <= silver and (not elite or g == cost)]
    assert sorted(splits) == sorted(every) and len(set(splits)) == len(splits)
    assert (recruit.why_not(card, [], "2022", gold, silver) is None) == bool(splits)
    for pay in splits:
        assert recruit.why_not(card, [], "2022", gold, silver, pay) is None
