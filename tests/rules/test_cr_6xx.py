"""CR part 6: victory, draw and defeat."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.events import Outcome
from engine.heroes import actions as A
from tests.helpers import position

SPARE = ["t_soldier"] * 4
QUAKE = {"id": "s_quake", "name": {"ru": "Сотрясение", "en": "Tremor"}, "type": "spell", "cost": 1,
         "effects": [{"effect": "damage", "amount": 2, "target": "each_hero"}]}


def test_clean_victory_by_wounds_deck_or_concession() -> None:
    # CR 602.1: a player wins when the enemy hero's wounds reach its starting lives, when the opponent
    # fails a third draw in accumulation, or when the opponent concedes.
    pos = position(p0={"play": [{"card": "t_knight", "name": "k"}]}, p1={"hero": {"card": "t_hero_dark", "wounds": 17}})
    pos.run("attack attacker=$k target=$p1hero")
    assert pos.wounds("p1hero") == 20
    assert pos.g.outcome == Outcome(winner=0, reason="hero") and pos.g.decider is None

    pos = position(p0={"deck": SPARE}, p1={"failed_draws": 2})
    pos.run("end")
    assert pos.g.outcome == Outcome(winner=0, reason="deck")

    pos = position()
    pos.g.apply(A.Concede(player=0))
    assert pos.g.outcome == Outcome(winner=1, reason="concede")


def test_both_heroes_falling_at_once_is_a_draw() -> None:
    # CR 603.1: both players losing at the same time is a draw; so is a draw both agree to.
    pos = position(p0={"coins": 1, "hero": {"card": "t_hero_steppe", "wounds": 19},
                       "hand": [{"card": "s_quake", "name": "q"}]},
                   p1={"hero": {"card": "t_hero_dark", "wounds": 18}}, cards=[QUAKE])
    pos.run("play card=$q")
    assert pos.g.outcome == Outcome(winner=None, reason="both_heroes")

    pos = position()
    pos.g.apply(A.OfferDraw(player=0))
    pos.g.apply(A.AcceptDraw())
    assert pos.g.outcome == Outcome(winner=None, reason="agreed_draw")


def test_a_refused_draw_offer_lets_the_game_go_on() -> None:
    # CR 603.2: a player may offer a draw while the game lasts; if refused, play continues where it was.
    pos = position(p0={"play": [{"card": "t_soldier", "name": "s"}]}, p1={"play": ["t_soldier"]})
    pos.run("attack attacker=$s target=$p1hero")
    pending = pos.g.pending
    pos.g.apply(A.OfferDraw(player=0))
    assert pos.g.pending.kind == "draw_offer" and pos.g.decider == 1
    with pytest.raises(IllegalAction):
        pos.g.apply(A.OfferDraw(player=1))  # one offer at a time
    pos.g.apply(A.DeclineDraw())
    assert pos.g.pending == pending and not pos.g.is_over
    pos.run("no_defense")
    assert pos.wounds("p1hero") == 2


def test_one_draw_offer_per_player_per_turn() -> None:
    # CR 603.2: a player whose offer was refused may not press it. The engine allows each player one offer
    # a turn, so an offer-and-refuse loop cannot grow the game's log (and its save) without end.
    pos = position(p0={"deck": ["t_soldier"]}, p1={"deck": ["t_soldier"]})
    pos.g.apply(A.OfferDraw(player=0))
    pos.g.apply(A.DeclineDraw())
    assert not pos.g.can_offer_draw(0) and pos.g.can_offer_draw(1)
    err = pos.refused("offer_draw player=0")
    assert err.code == "offer_again"
    assert "уже предлагали ничью" in err.reason("ru") and "already offered a draw this turn" in err.reason("en")
    pos.g.apply(A.OfferDraw(player=1))  # the other player still has this turn's offer
    pos.g.apply(A.DeclineDraw())
    assert pos.refused("offer_draw player=1").code == "offer_again"
    pos.run("end")
    assert pos.g.can_offer_draw(0) and pos.g.can_offer_draw(1)  # a new turn, a new offer each
    pos.g.apply(A.OfferDraw(player=0))
    pos.g.apply(A.AcceptDraw())
    assert pos.g.outcome == Outcome(winner=None, reason="agreed_draw")


def test_a_decided_game_cannot_be_changed() -> None:
    # CR 605.1: once victory, draw or defeat is given, no action or effect changes it.
    pos = position(p0={"play": [{"card": "t_knight", "name": "k"}]}, p1={"hero": {"card": "t_hero_dark", "wounds": 19}})
    pos.run("attack attacker=$k target=$p1hero")
    outcome = pos.g.outcome
    before = pos.g.to_dict()
    for action in (A.EndTurn(), A.Concede(player=0), A.OfferDraw(player=1), A.AcceptDraw()):
        with pytest.raises(IllegalAction) as err:
            pos.g.apply(action)
        assert err.value.code == "game_over"
    assert pos.g.outcome == outcome and pos.g.to_dict() == before
    assert pos.g.legal_actions() == []
