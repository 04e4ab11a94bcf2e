"""A stalled classic game against the computer ends in a draw the person agrees to by a click (2007 7.7).

The computer offers a draw once the same cards, with the same wounds, have stayed in play for long enough
(engine/classic/ai/stall.py; its watch is shortened here to two turns), and accepts one then. Only raw mouse
and keyboard events go in (ui.testing.Input).
"""

from __future__ import annotations

import time

from engine.ai import make_bot
from engine.classic.ai.stall import StallWatch
from engine.classic.position import build_position
from tests.ui_support import a_ground, classic_table
from ui.classic import content
from ui.controllers import BotController, HumanController
from ui.session import GameSession


def stalled_table(app, person, watch: int = 2):
    """The person (player 1) with one creature against the computer's two, far apart; the computer (Easy)
    watches for a stall of ``watch`` turns."""
    card = a_ground()
    game = build_position(content.classic_cards(), {"creature": [
        {"card": card, "at": "0,0"}, {"player": 1, "card": card, "at": "5,4"},
        {"player": 1, "card": card, "at": "5,0"}]}).game
    bot = make_bot("easy", 3, ruleset="classic")
    bot.stall = StallWatch(turns=watch)
    s = GameSession(game=game, controllers=[HumanController(), BotController("easy", bot=bot)])
    return classic_table(app, person, s)


def end_turns_until(person, table, done, seconds: float = 30.0) -> None:
    """The person ends each turn of theirs with the panel's button, frames passing for the computer's, until
    ``done()``."""
    g = table.game
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, f"never got there (turn {g.turn}, {g.pending})"
        ready = next((b for b in table.look.buttons if b.value == ("end",) and b.enabled), None)
        if g.decider == 0 and g.pending.kind == "main" and ready is not None and table.armed(ready):
            person.click(ready.rect.center)
        person.frame(1, 0.05)
        if table.session.controllers[1].thinking:
            time.sleep(0.002)


def test_the_computer_offers_a_draw_in_a_stalled_game_and_a_click_accepts_it(app, person):
    table = stalled_table(app, person)
    g = table.game
    end_turns_until(person, table, lambda: g.pending.kind == "draw_offer")
    assert g.decider == 0 and g.active == 1, "the computer offers in its own turn; the person answers"
    assert table.look.prompt == app.tr("prompt.draw_offer", name=g.names[0])  # the person, told of the offer
    assert app.tr("classic.log_draw_offered", name=g.names[1]) in table.look.log
    person.wait(0.4)  # the answer appeared under the pointer: it takes a click a moment later (ui/widgets/arming.py)
    person.click(next(b for b in table.look.buttons if b.value == ("action", "accept_draw")).rect.center)
    assert g.is_over and g.outcome.winner is None and g.outcome.reason == "agreed_draw"
    assert app.tr("classic.log_draw_accepted", name=g.names[0]) in table.look.log
    assert not table.session.controllers[1].errors, "the offer is not taken for an illegal choice"


def test_in_a_stalled_game_the_computer_accepts_the_persons_offer_from_the_menu(app, person):
    table = stalled_table(app, person, watch=4)  # the computer would offer in turn 6; the person does in turn 5
    g = table.game
    end_turns_until(person, table, lambda: g.turn >= 5 and g.decider == 0 and g.pending.kind == "main")
    person.click(next(b for b in table.look.buttons if b.value == ("menu",)).rect.center)
    person.click(next(b for b in table.look.menu_buttons if b.value == ("m", "offer_draw")).rect.center)
    person.wait(0.4)
    person.click(next(b for b in table.look.menu_buttons if b.value == ("m", "draw_yes")).rect.center)
    end_turns_until(person, table, lambda: g.is_over, 10.0)
    assert g.outcome.winner is None and g.outcome.reason == "agreed_draw"
    assert app.tr("classic.log_draw_accepted", name=g.names[1]) in table.look.log
