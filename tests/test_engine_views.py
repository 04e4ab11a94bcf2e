"""What a player far from the game is given (engine/ai/observe.py and each ruleset's observe module): a
spectator's observation, a game rebuilt from an observation holding nothing more, what each player is told of
an action, the events read back from their data, and the technical loss a server applies (forfeit)."""

from __future__ import annotations

import random

import pytest

from engine.ai.observe import HIDDEN, event_from_dict, observe, tell, view_game
from engine.core.errors import IllegalAction
from engine.core.ruleset import find_ruleset
from ui.classic import content as classic
from ui.session import quick_session


def _heroes(moves: int, seed: int = 3):
    g = quick_session(seed).game
    rng = random.Random(seed)
    for _ in range(moves):
        g.apply(rng.choice(g.legal_actions()))
    return g


def _classic(moves: int, seed: int = 3):
    g = classic.start_full_session(classic.decks()[1:3], ("A", "B"), seed).game
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("make", [_heroes, _classic])
def test_a_view_game_holds_only_its_observation(make):
    g = make(40)
    content = g.pool if g.ruleset == "heroes" else classic.classic_cards()
    for player in (0, 1, None):
        obs = observe(g, player)
        v = view_game(obs, content)
        assert observe(v, player).state["turn"] == g.turn
        assert v.legal_actions() == list(obs.legal)  # the observation's, never worked out from placeholders
        if obs.legal:
            with pytest.raises(IllegalAction) as exc:
                v.apply(obs.legal[0])
            assert exc.value.code == "observed"
        state = v.to_dict()
        shown = {c["id"]: c["card"] for c in obs.state["cards"]} if g.ruleset == "heroes" else \
            {row[0]: row[2] for row in obs.state["instances"]}
        again = {c["id"]: c["card"] for c in state["cards"]} if g.ruleset == "heroes" else \
            {row[0]: row[2] for row in state["instances"]}
        assert again == shown and HIDDEN in again.values()  # a hidden card is the placeholder, nothing else


@pytest.mark.parametrize("make", [_heroes, _classic])
def test_a_spectator_knows_only_what_both_players_know(make):
    g = make(60)
    views = [observe(g, p).state for p in (0, 1, None)]
    key = "cards" if g.ruleset == "heroes" else "creatures"
    ids = [{c["id"]: c["card"] for c in v[key]} for v in views]
    for i, card in ids[2].items():
        if card != HIDDEN:
            assert ids[0][i] == card == ids[1][i]
    assert observe(g, None).legal == ()


def test_classic_tells_another_player_nothing_of_a_recruits_price():
    from engine.classic import actions as A

    g = classic.start_full_session(classic.decks()[1:3], ("A", "B"), 4).game
    g.apply(g.legal_actions()[0])  # the order chosen: squad building begins
    by = g.decider
    recruit = next(a for a in g.legal_actions() if isinstance(a, A.Recruit))
    events = g.apply(recruit)
    own, other, watcher = (tell(g, recruit, by, events, p) for p in (by, 1 - by, None))
    assert own.action == str(recruit) and other.action is None and watcher.action is None
    assert other.kind == watcher.kind == "recruit"
    told = next(e for e in other.events if e["t"] == "recruit")
    assert "gold" not in told and "silver" not in told and told["card"] == recruit.card
    assert "gold" in next(e for e in own.events if e["t"] == "recruit")
    back = event_from_dict("classic", told)
    assert back.kind == "recruit" and back.gold is None  # read back: what was not told is None


def test_events_read_back_from_their_data():
    g = _heroes(0)
    rules = find_ruleset("heroes")
    rng = random.Random(1)
    for _ in range(80):
        for ev in g.apply(rng.choice(g.legal_actions())):
            assert event_from_dict("heroes", ev.to_dict()) == ev
    assert rules.events["forfeit"].kind == "forfeit"
    with pytest.raises(ValueError):
        event_from_dict("heroes", {"t": "no such event"})


@pytest.mark.parametrize("make", [_heroes, _classic])
def test_forfeit_is_a_technical_loss_the_log_tells(make):
    g = make(10)
    codec = find_ruleset(g.ruleset).codec
    action = codec.parse("forfeit player=0")
    assert str(action) == "forfeit player=0" and action not in g.legal_actions()  # no player is offered it
    with pytest.raises(IllegalAction):
        g.apply(codec.parse("forfeit player=5"))
    events = g.apply(action)
    assert [e.kind for e in events][-2:] == ["forfeit", "game_over"]
    assert g.outcome.winner == 1 and g.outcome.reason == "forfeit"
