"""A classic campaign (2007 part 8) against the computer, played to its end by the mouse alone.

The new-game screen's «Кампания» mode seats Easy; the person recruits, lays out and fights each game at the
table, taps creatures «на отступление» from the card's click menu (2007 8.2.1), and between games chooses his
two cards on their faces when he lost (2007 8.4) or reads the computer's choice; the final screen shows the
result and replays the whole campaign. The autosave made as a game ends holds the campaign between its games.
Only raw mouse events go in (ui.testing.Input through ui.classic.testing.Driver).
"""

from __future__ import annotations

import random
import time

import pygame

from engine.ai import level_label
from engine.classic import actions as A
from engine.classic.ai.easy import easy_action
from tests.ui_support import make_app, show
from ui import storage
from ui.classic.between import BetweenGamesScene
from ui.classic.scene import ClassicTableScene
from ui.classic.scripted import eager_action
from ui.classic.testing import Driver
from ui.scenes.replay import ReplayScene
from ui.scenes.setup import SetupScene
from ui.testing import Input
from ui.widgets.arming import Drawn

SEED = 5  # the person loses the first game (retreating), then wins one; the campaign goes to three games


def start_campaign(app, person: Input) -> ClassicTableScene:
    """The new-game screen by the mouse: classic, the mode button round to «Кампания», Easy in seat 2, start."""
    setup = SetupScene(app)
    show(app, setup, person)
    person.choose(setup.game_menu, app.tr("classic.game_classic"))
    setup = app.scene
    for _ in range(4):
        if setup.classic_mode == "campaign":
            break
        person.press(setup.open_b)
        setup = app.scene
    assert setup.open_b.text == app.tr("csetup.mode_campaign")
    person.choose(setup.kind_menus[1], app.tr("setup.computer_level", level=level_label("easy", app.tr.lang).lower()))
    person.press(setup.start_b)
    table = app.scene
    assert isinstance(table, ClassicTableScene) and table.session.campaign is not None
    assert table.session.record.campaign and table.session.record.edition == "2007"
    return table


def person_action(game, rng: random.Random, campaign):
    """The person's play: in the first game every creature that may taps «на отступление» (2007 8.2.1), else
    the eager scripted player's move; from the second game on, Easy's rules of thumb."""
    if campaign.number > 1:
        return easy_action(game)
    retreats = [a for a in game.legal_actions() if isinstance(a, A.Retreat)]
    return retreats[0] if retreats else eager_action(game, rng)


def test_a_whole_campaign_against_the_computer_by_the_mouse(home):
    app = make_app(home / "saves", seed=SEED)
    person = Input(app, draw_every=0)
    table = start_campaign(app, person)
    table.autosave = True  # the table autosaves as each game ends (headless tables do not unless asked)
    s = table.session
    c = s.campaign
    rng = random.Random(SEED)
    driver = Driver(table, random.Random(1))
    retreats = chosen = computer_chose = 0
    autosave_checked = False
    started = time.monotonic()
    for _ in range(40000):
        scene = app.scene
        assert time.monotonic() - started < 120, "the campaign takes too long"
        if isinstance(scene, BetweenGamesScene):
            if c.is_over:
                break
            if not autosave_checked:  # the save made as the game ended holds the campaign between its games
                newest = storage.listing(app.saves_dir)[0]
                loaded = storage.load(newest.path, app.saves_dir)
                assert loaded.campaign is not None and loaded.campaign.between
                assert loaded.campaign.state_hash() == c.state_hash()
                autosave_checked = True
            if scene.chooser() == 0:  # the person lost: two cards of the deck, clicked on their faces
                n = c.pending.choose
                arming = scene.arming
                for cid, rect in scene.grid()[:n]:
                    card = Drawn(rect, ("card", cid))
                    person.wait_until(lambda d=card, a=arming: a.takes(d), 2.0, what="a deck card")
                    person.click(rect.center)
                assert len(scene.picked) == n and scene.begin_b.is_enabled
                number = c.number
                person.press(scene.begin_b)
                assert c.number == number + 1 and c.results[-1]["chosen"] == sorted(scene.picked)
                chosen += 1
            else:  # the computer lost: it chooses by itself, the person reads it and goes on
                end = time.monotonic() + 30  # the computer thinks in its own process, in real time
                while scene.table_b is None:
                    assert time.monotonic() < end, "the computer never chose its cards"
                    person.frame(1, 0.05)
                    time.sleep(0.002)
                assert len(c.results[-1]["chosen"]) == 2
                computer_chose += 1
                person.press(scene.table_b)
            table = app.scene
            assert isinstance(table, ClassicTableScene) and table.game is c.current
            table.autosave = False
            driver = Driver(table, random.Random(1))
            continue
        g = s.game
        if s.decider == 0 and not g.is_over:
            action = person_action(g, rng, c)
            n = len(s.history)
            driver.perform(action)
            assert len(s.history) > n and s.history[n].action == action, f"{action}: {table.look.toast!r}"
            retreats += isinstance(action, A.Retreat)
        else:
            person.frame(1, 0.05)
            if any(ctrl.thinking for ctrl in s.controllers):
                time.sleep(0.001)
    assert c.is_over and max(c.score) == 2 and c.outcome.reason == "two_wins"
    assert retreats and c.results[0]["carried"][0]["retreated"], "the first game's retreats went to the next deal"
    assert chosen >= 1 and computer_chose >= 1 and autosave_checked
    final = app.scene
    assert isinstance(final, BetweenGamesScene) and final.replay_b is not None
    person.press(final.replay_b)  # the whole campaign as a replay, every game and choice in one log
    replay = app.scene
    assert isinstance(replay, ReplayScene) and len(replay.replay) == len(s.record.log)
    person.key(pygame.K_END)
    assert replay.replay.game.state_hash() == c.state_hash()
