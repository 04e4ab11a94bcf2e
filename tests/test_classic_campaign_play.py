"""A classic campaign played by the computer and kept in saves (2007 part 8).

The bots retreat when it pays — clearly losing a game whose loss would leave the campaign going (2007 8.2.1,
8.1) — and choose the loser's two cards (2007 8.4); a campaign saved between its games and inside one resumes
exactly: the continued campaign's hash equals the uninterrupted one's (docs/saves.md).
"""

from __future__ import annotations

import random

from campaign_support import SQUADS, campaign, ids, to_battle
from classic_support import ALL_CARDS, DECKS

from engine.ai import make_bot, observe
from engine.classic import actions as A
from engine.classic.campaign import Campaign
from engine.classic.game import ClassicGame
from saves.manager import SaveManager
from saves.record import GameRecord, PlayerSetup

WEAK = {0: [("c_guard", (0, 2)), ("c_scout", (2, 2))],
        1: [("c_sellsword", (3, 2)), ("c_bog", (3, 1)), ("c_pikeman", (4, 2)), ("c_runner", (3, 3)), ("c_scout", (4, 1))]}


def choice(level: str, c: Campaign | ClassicGame, p: int) -> A.Action:
    options = {"budget": None, "max_iterations": 2} if level == "normal" else {}
    return make_bot(level, 3, ruleset="classic", **options).choose(observe(c, p))


def test_both_levels_retreat_when_clearly_losing_and_the_campaign_goes_on():
    """2007 8.2.1, 8.1: a player far behind saves his creature for the next game while a loss leaves the campaign
    going; not when the opponent already has a win (the loss would end it), nor when not behind."""
    c = campaign()
    g = to_battle(c, WEAK)
    guard = ids(g, 0, "c_guard")[0]
    for level in ("easy", "normal"):
        assert choice(level, c, 0) == A.Retreat(card=guard), level
    g.campaign = [0, 1]  # the opponent has won a game: losing this one ends the campaign
    g._legal = None
    assert not isinstance(choice("easy", c, 0), A.Retreat)
    even = campaign()
    g = to_battle(even, SQUADS)
    assert any(isinstance(a, A.Retreat) for a in even.legal_actions())
    assert not isinstance(choice("easy", even, 0), A.Retreat), "not behind: nothing to save"


def test_the_bots_choose_the_losers_two_cards():
    """2007 8.4: between games the loser's bot takes the two cards of its deck worth most to its next squad: here
    the scout and the sentinel over the sprite, a symbiote that needs a host (its deck: sprite, sentinel, scout)."""
    c = campaign()
    to_battle(c, SQUADS)
    c.apply(A.Concede(player=0))
    obs = observe(c, 0)
    assert obs.state["game"] is None and obs.state["rng"] == "0" * 16, "the next game's dice stay unknown"
    for level in ("easy", "normal"):
        picked = choice(level, c, 0)
        assert picked in c.legal_actions() and picked.cards == ("c_post", "c_scout"), level


def _policy(seed: int, c: Campaign, step: int) -> A.Action:
    """A player that depends on nothing but the position in the log: the same step, the same choice."""
    rng = random.Random(seed * 1_000_003 + step)
    legal = c.legal_actions()
    retreats = [a for a in legal if isinstance(a, A.Retreat)]
    return rng.choice(retreats) if retreats and rng.random() < 0.3 else rng.choice(legal)


def test_a_campaign_saved_between_games_and_inside_one_resumes_exactly(tmp_path):
    """The continued campaign is the same campaign: saved between its games (the loser's choice pending) and
    inside its second game, loaded and played on, it ends with the hash of the one never interrupted."""
    deck0, deck1 = DECKS["mixed"].card_list(), DECKS["plain"].card_list()
    players = [PlayerSetup(name="Аня", kind="human", hero="", deck=deck0, deck_id="a"),
               PlayerSetup(name="Компьютер", kind="computer", level="easy", hero="", deck=deck1, deck_id="b")]
    seed = 5
    record, whole = GameRecord.begin_classic(ALL_CARDS, players, seed=seed, edition="2007", campaign=True)
    assert isinstance(whole, Campaign)
    while not whole.is_over:
        record.play(whole, _policy(seed, whole, len(record.log)))
    uninterrupted = whole.state_hash()
    assert len(whole.results) >= 2

    manager = SaveManager(tmp_path)
    record, c = GameRecord.begin_classic(ALL_CARDS, players, seed=seed, edition="2007", campaign=True)
    points = {"between": lambda c: c.between, "inside": lambda c: c.number == 2 and c.current.turn >= 3}
    saved: set[str] = set()
    while not c.is_over:
        for name, reached in points.items():
            if name not in saved and reached(c):
                saved.add(name)
                manager.save(record, name, game=c)
                loaded = manager.load(tmp_path / f"{name}.json")
                assert loaded.game.state_hash() == c.state_hash() and loaded.record.campaign
                record, c = loaded.record, loaded.game  # play on from what was loaded
        record.play(c, _policy(seed, c, len(record.log)))
    assert saved == set(points)
    assert c.state_hash() == uninterrupted
