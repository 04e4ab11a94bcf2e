"""A classic campaign (2007 part 8): a series of games to two wins, the retreat, and what passes between games.

Rules: classic-comprehensive-rules-2007.txt 8.1 (two wins), 8.2.1–8.2.2 (the retreat, symbiotes), 8.2.3–8.2.4
(terrains, artifacts and the loser's cards left with the winner), 8.3 (graveyards stay, the kept deal), 8.4 (the
loser's two cards), 8.5 (the redeal). Decisions the rules leave open: docs/classic-rules.md «Кампания». Each game
is set up here through its own legal actions from small decks (every card dealt), then played to the position
a rule needs.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from campaign_support import DECK0, DECK1, SQUADS, campaign, end_turn, ids, to_battle

from engine.classic import actions as A
from engine.classic.campaign import Campaign
from engine.classic.carry import carry_over
from engine.classic.game import ClassicGame
from engine.classic.state import GRAVE, RETREAT
from engine.core.errors import IllegalAction


# ---------------------------------------------------------------------------------------------- 8.2.1
def test_a_creature_retreats_from_its_own_third_row_when_it_would_open():
    """2007 8.2.1: it taps «на отступление» in its own 3rd row (a flyer in the additional zone) and leaves for its
    owner's next deal when it would open at the start of his next turn — not before."""
    c = campaign()
    g = to_battle(c, SQUADS)
    guard, hawk, runner = ids(g, 0, "c_guard")[0], ids(g, 0, "c_hawk")[0], ids(g, 0, "c_runner")[0]
    offered = {a.card for a in c.legal_actions() if isinstance(a, A.Retreat)}
    assert offered == {guard, hawk}, "the 3rd row's creature and the flyer; not the 1st row's runner, not the artifact"
    events = c.apply(A.Retreat(card=guard))
    assert g.creatures[guard].tapped and g.creatures[guard].retreating
    assert [e.kind for e in events][:2] == ["retreat", "tap"]
    end_turn(c)
    assert g.active == 1 and g.creatures[guard].zone != RETREAT, "the opponent's turn: it is still in play"
    assert guard in g.on_board(0)
    end_turn(c)
    assert g.active == 0 and g.creatures[guard].zone == RETREAT and guard not in g.on_board(0)
    assert any(e.kind == "retreated" and e.card == guard for e in c.current._events)
    with pytest.raises(IllegalAction) as err:
        c.apply(A.Retreat(card=runner))
    assert err.value.code == "not_back_row" and "третьем ряду" in err.value.ru and "3rd row" in err.value.en


def test_what_may_not_retreat_is_refused_with_the_reason():
    """2007 8.2: the retreat is a campaign's (a lone game does not offer it); 2007 8.2.1, 8.2.3: only creatures
    retreat, and only open ones."""
    c = campaign()
    g = to_battle(c, SQUADS)
    tower, grove, hawk = ids(g, 0, "c_tower")[0], ids(g, 0, "c_grove")[0], ids(g, 0, "c_hawk")[0]
    c.apply(A.Retreat(card=hawk))
    before = c.state_hash()
    for card, code in ((tower, "not_creature"), (grove, "not_creature"), (hawk, "tapped")):
        with pytest.raises(IllegalAction) as err:
            c.apply(A.Retreat(card=card))
        assert err.value.code == code and err.value.ru and err.value.en
    assert c.state_hash() == before, "a refusal changes nothing"
    lone = ClassicGame.from_dict(g.to_dict())
    lone.campaign = None
    lone._legal = None
    assert not any(isinstance(a, A.Retreat) for a in lone.legal_actions())
    guard = ids(lone, 0, "c_guard")[0]
    with pytest.raises(IllegalAction) as err:
        lone.apply(A.Retreat(card=guard))
    assert err.value.code == "no_campaign" and "кампании" in err.value.ru and "campaign" in err.value.en


def test_a_card_opened_before_its_turn_stays():
    """2007 8.2.1: it retreats when it opens at the start of its owner's turn; opened earlier, it stays."""
    c = campaign()
    g = to_battle(c, SQUADS)
    guard = ids(g, 0, "c_guard")[0]
    c.apply(A.Retreat(card=guard))
    g.untap(guard)  # an effect opens it in the opponent's turn
    assert not g.creatures[guard].retreating
    end_turn(c)
    end_turn(c)
    assert g.creatures[guard].zone == "field"


# ---------------------------------------------------------------------------------------------- 8.2.2
def _symbiote_battle(c: Campaign) -> tuple[ClassicGame, int, int]:
    squads = {0: [("c_guard", (0, 2)), ("c_sprite", (0, 1))], 1: [("c_sellsword", (3, 2)), ("c_bog", (5, 1))]}
    g = to_battle(c, squads)
    sprite, guard = ids(g, 0, "c_sprite")[0], ids(g, 0, "c_guard")[0]
    assert g.hosts[sprite] == guard, "the companion sits on the guard in the 3rd row"
    return g, sprite, guard


def test_a_symbiote_retreats_alone_and_its_host_stays():
    """2007 8.2.2: a symbiote taps «на отступление» in its own 3rd row (its host's cell) and retreats apart from it."""
    c = campaign()
    g, sprite, guard = _symbiote_battle(c)
    assert A.Retreat(card=sprite) in c.legal_actions()
    c.apply(A.Retreat(card=sprite))
    end_turn(c)
    end_turn(c)
    assert g.creatures[sprite].zone == RETREAT and g.creatures[guard].zone == "field" and sprite not in g.hosts


def test_a_host_that_retreats_without_its_symbiote_leaves_it_to_die():
    """2007 8.2.2: the host retreated and the symbiote did not: the symbiote dies, to its owner's graveyard."""
    c = campaign()
    g, sprite, guard = _symbiote_battle(c)
    c.apply(A.Retreat(card=guard))
    end_turn(c)
    end_turn(c)
    assert g.creatures[guard].zone == RETREAT and g.creatures[sprite].zone == GRAVE


def test_a_symbiote_and_its_host_retreat_together():
    """2007 8.2.2: both tapped «на отступление»: both leave, the symbiote first, so it does not die with its host."""
    c = campaign()
    g, sprite, guard = _symbiote_battle(c)
    c.apply(A.Retreat(card=guard))
    c.apply(A.Retreat(card=sprite))
    end_turn(c)
    end_turn(c)
    assert g.creatures[guard].zone == RETREAT and g.creatures[sprite].zone == RETREAT


# ---------------------------------------------------------------------------------------------- 8.2.3–8.3
def test_what_passes_on_when_a_game_ends():
    """2007 8.2.3: the winner's terrain and artifact go back into his deck, the loser's to his graveyard; 2007 8.3:
    the graveyards stay, with every mark on their cards, and what retreated or was left in play makes the next
    deal."""
    c = campaign()
    g = to_battle(c, SQUADS)
    guard, hawk = ids(g, 0, "c_guard")[0], ids(g, 0, "c_hawk")[0]
    runner1 = ids(g, 1, "c_runner")[0]
    c.apply(A.Retreat(card=hawk))
    g.kill(runner1, killer=guard)  # killed by an enemy card's attack: it keeps that mark (Вальхалла asks)
    assert g.creatures[runner1].slain
    end_turn(c)
    end_turn(c)
    assert g.creatures[hawk].zone == RETREAT
    events = c.apply(A.Concede(player=1))
    assert c.score == [1, 0] and c.between and c.pending.player == 1 and c.pending.choose == 2
    carried = {e.player: e for e in events if e.kind == "carried"}
    assert Counter(carried[0].kept) == Counter(["c_guard", "c_runner", "c_hawk"])  # in play, and the retreated hawk
    assert Counter(carried[0].to_deck) == Counter(["c_tower", "c_grove"])  # 2007 8.2.3: the winner's
    assert Counter(carried[1].to_graveyard) == Counter(["c_ford"])  # 2007 8.2.3: the loser's terrain
    # the loser's creatures left in play (he conceded) make his next deal too (2007 8.3)
    assert Counter(carried[1].kept) == Counter(["c_sellsword", "c_bog"])
    side0, side1 = c.sides
    assert Counter(side0.deck) == Counter(["c_sprite", "c_post", "c_scout", "c_tower", "c_grove"])
    dead = next(r for r in side1.graveyard if r["card"] == "c_runner")
    assert dead["slain"] and dead["zone"] == GRAVE
    c.apply(A.NextGame(cards=("c_pikeman", "c_rat")))
    g2 = c.current
    assert g2 is not g and c.number == 2 and g2.campaign == [1, 0]
    graves = {p: Counter(g2.instances[i][1] for i in g2.graveyard(p)) for p in (0, 1)}
    assert graves[1] == Counter(["c_runner", "c_ford"]) and graves[0] == Counter()
    carried_runner = next(i for i in g2.graveyard(1) if g2.instances[i][1] == "c_runner")
    assert g2.creatures[carried_runner].slain, "the graveyard's cards keep their marks into the next game (8.3)"
    c.apply(A.GoFirst() if g2.pending.player == 0 else A.GoSecond())
    deals = {p: [g2.instances[i][1] for i in g2.setup.deals[p]] for p in (0, 1)}
    assert Counter(deals[0][:3]) == Counter(["c_guard", "c_runner", "c_hawk"]), "the kept cards open the deal"
    assert Counter(deals[1][:4]) == Counter(["c_sellsword", "c_bog", "c_pikeman", "c_rat"])
    assert Counter(deals[0]) == Counter(side0.cards()) and len(deals[1]) == 6, "the rest of the deck makes it up"


def test_the_losers_cards_left_with_the_winner_go_to_their_owners_graveyard():
    """2007 8.2.4: a card of the loser under the winner's control when the game ends goes to its owner's
    graveyard (no card of the pool takes control yet: the position says who controls it)."""
    c = campaign()
    g = to_battle(c, SQUADS)
    bog = ids(g, 1, "c_bog")[0]
    g.creatures[bog].owner = 0  # player 0 has taken it
    c.apply(A.Concede(player=1))
    assert Counter(r["card"] for r in c.sides[1].graveyard)["c_bog"] == 1
    assert "c_bog" not in c.sides[0].kept and "c_bog" not in c.sides[1].kept


def test_a_draw_scores_nobody_and_nobody_chooses():
    """2007 8.1: only wins count; after a draw there is no loser to choose (2007 8.4) and terrains and
    artifacts go back into their decks (docs/classic-rules.md)."""
    c = campaign()
    g = to_battle(c, SQUADS)
    c.apply(A.OfferDraw(player=0))
    events = c.apply(A.AcceptDraw())
    assert c.score == [0, 0] and c.between and c.pending.choose == 0 and c.pending.player == g.first
    carried = {e.player: e for e in events if e.kind == "carried"}
    assert Counter(carried[0].to_deck) == Counter(["c_tower", "c_grove"]) and carried[1].to_deck == ["c_ford"]
    assert c.legal_actions() == [A.NextGame()]
    c.apply(A.NextGame())
    assert c.number == 2 and not c.between


# ---------------------------------------------------------------------------------------------- 8.4–8.5
def test_the_loser_chooses_two_cards_of_his_deck():
    """2007 8.4: the loser of the last game takes two cards of his deck into the next deal; anything else is refused
    with the reason, the campaign unchanged."""
    c = campaign()
    to_battle(c, SQUADS)
    c.apply(A.Concede(player=0))
    assert c.pending.player == 0 and c.pending.choose == 2
    deck = Counter(c.sides[0].deck)
    offered = {a.cards for a in c.legal_actions()}
    assert ("c_post", "c_scout") in offered and all(len(cards) == 2 for cards in offered)
    assert all(not (Counter(cards) - deck) for cards in offered)
    before = c.state_hash()
    for wrong, code in (((), "choose_count"), (("c_post",), "choose_count"), (("c_brute", "c_post"), "not_in_deck"),
                        (("c_post", "c_post"), "not_in_deck")):
        with pytest.raises(IllegalAction) as err:
            c.apply(A.NextGame(cards=wrong))
        assert err.value.code == code and err.value.ru and err.value.en
    with pytest.raises(IllegalAction) as err:
        c.apply(A.EndTurn())
    assert err.value.code == "between_games"
    assert c.state_hash() == before
    events = c.apply(A.NextGame(cards=("c_scout", "c_post")))
    assert [e.kind for e in events][:2] == ["chosen", "campaign_next"]
    assert c.results[-1]["chosen"] == ["c_post", "c_scout"]


def test_no_more_than_the_deal_has_room_for():
    """2007 8.4: «досдают себе до 15 карт» — a loser whose kept cards and deck leave less room chooses fewer."""
    c = campaign(deck0=["c_post"] * 14 + ["c_guard"], deck1=DECK1)
    squads = {0: [("c_post", (0, 1)), ("c_post", (0, 2)), ("c_post", (0, 3)), ("c_post", (1, 1)), ("c_post", (1, 2)),
                  ("c_post", (1, 3)), ("c_post", (2, 1)), ("c_post", (2, 2)), ("c_post", (2, 3)), ("c_post", (0, 0)),
                  ("c_post", (0, 4)), ("c_post", (1, 0)), ("c_post", (1, 4)), ("c_post", (2, 0))],
              1: SQUADS[1]}
    to_battle(c, squads)
    c.apply(A.Concede(player=0))
    assert len(c.sides[0].kept) == 14 and c.pending.choose == 1 and c.legal_actions() == [A.NextGame(cards=("c_guard",))]


def test_a_redeal_keeps_the_kept_cards_and_the_losers_choice():
    """2007 8.5: the redeal follows 3.3 — the dealt cards go back and 15 are made up again for a gold — except that
    the cards the deal began with (left in play, the loser's two chosen) stay in it. A squad recruited and not yet
    laid out is in play (2007 3.6), so a concession at placement keeps it."""
    c = campaign(deck0=DECK0 + ["c_post"] * 12, deck1=DECK1 + ["c_post"] * 12)
    g = c.current
    c.apply(A.GoFirst() if g.pending.player == 0 else A.GoSecond())
    taken: list[int] = []
    while len(taken) < 3:
        a = next(a for a in c.legal_actions() if isinstance(a, A.Recruit) and a.card not in taken)
        c.apply(a)
        taken.append(a.card)
    c.apply(A.Ready())
    c.apply(A.Ready())
    c.apply(A.Concede(player=0))
    kept_cards = [g.instances[i][1] for i in taken]
    assert Counter(c.sides[0].kept) == Counter(kept_cards)
    chosen = c.legal_actions()[-1].cards
    c.apply(A.NextGame(cards=chosen))
    g = c.current
    c.apply(A.GoFirst() if g.pending.player == 0 else A.GoSecond())
    kept = list(g.setup.kept[0])
    assert Counter(g.instances[i][1] for i in kept) == Counter(kept_cards + list(chosen))
    assert g.setup.deals[0][:5] == kept and len(g.setup.deals[0]) == 15
    deal, gold = list(g.setup.deals[0]), g.crystals[0][0]
    c.apply(A.Redeal())
    assert g.crystals[0][0] == gold - 1
    assert g.setup.deals[0][:5] == kept, "the kept cards stay at the front of the deal"
    assert len(g.setup.deals[0]) == 15 and g.setup.deals[0] != deal


# ---------------------------------------------------------------------------------------------- 8.1
def test_two_wins_end_the_campaign():
    """2007 8.1: the first player to win two games wins the campaign; then it refuses everything."""
    c = campaign()
    to_battle(c, SQUADS)
    c.apply(A.Concede(player=1))
    c.apply(A.NextGame(cards=c.legal_actions()[0].cards))
    assert c.score == [1, 0] and not c.is_over
    c.apply(A.Concede(player=1))
    assert c.is_over and c.outcome.winner == 0 and c.outcome.reason == "two_wins" and c.decider is None
    assert c.legal_actions() == []
    with pytest.raises(IllegalAction):
        c.apply(A.NextGame())


def test_a_player_with_no_creature_left_to_recruit_loses_the_campaign():
    """2007 8.1 with 3.1: a player whose creatures are all in the graveyard can never win another game; the
    campaign ends there (docs/classic-rules.md)."""
    c = campaign(deck0=["c_guard", "c_tower"], deck1=DECK1)
    g = to_battle(c, {0: [("c_guard", (0, 2))], 1: SQUADS[1]})
    g.kill(ids(g, 0, "c_guard")[0])
    end_turn(c)  # the victory is checked as the step ends (2007 7.1)
    assert c.is_over and c.outcome.winner == 1 and c.outcome.reason == "no_creatures"


# ---------------------------------------------------------------------------------------------- the whole
def random_campaign(seed: int, steps: int = 30000) -> tuple[Campaign, list[A.Action]]:
    rng = random.Random(seed)
    c = campaign(DECK0 + ["c_post"] * 4, DECK1 + ["c_rat"] * 4, seed=seed)
    played = []
    for _ in range(steps):
        if c.is_over:
            break
        legal = c.legal_actions()
        retreats = [a for a in legal if isinstance(a, A.Retreat)]
        a = rng.choice(retreats) if retreats and rng.random() < 0.3 else rng.choice(legal)
        c.apply(a)
        played.append(a)
    return c, played


@pytest.mark.parametrize("seed", range(4))
def test_random_campaigns_end_keep_every_card_and_replay_exactly(seed):
    """2007 8.1–8.5 together: random campaigns end with two wins (or no creature left); between games every card
    of each deck is in exactly one place; the same seed and actions give the same campaign, through its text
    form and its data."""
    c, played = random_campaign(seed)
    assert c.is_over and (max(c.score) == 2 or c.outcome.reason == "no_creatures")
    assert len(c.results) == sum(c.score) + sum(r["winner"] is None for r in c.results)
    for p in (0, 1):
        s = c.sides[p]
        assert Counter(s.deck + s.kept + [r["card"] for r in s.graveyard + s.exile]) == Counter(c.decks[p])
    again = campaign(DECK0 + ["c_post"] * 4, DECK1 + ["c_rat"] * 4, seed=seed)
    for a in played:
        again.apply(A.CODEC.parse(str(a)))
    assert again.state_hash() == c.state_hash()
    assert Campaign.from_dict(c.to_dict()).state_hash() == c.state_hash() == c.clone().state_hash()


def test_the_carry_over_reads_a_finished_game_only():
    c = campaign()
    g = to_battle(c, SQUADS)
    c.apply(A.Concede(player=0))
    sides, done = carry_over(g)
    assert [s.to_dict() for s in sides] == [s.to_dict() for s in c.sides]
