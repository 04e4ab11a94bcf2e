"""The end screen of a network game draws the game as a chart too: each table grows it from the views it was
shown (it has no record to replay, and the other side's hidden cards never reach it), so it must agree turn by
turn with the chart of the server's own record, and with the other table's. A turn of it cannot open a replay
there, and the screen says so. (An undo both players agreed to takes its move out of the chart as well:
tests/test_net_reconnect.py.)"""

from __future__ import annotations

import random

import pytest

from tests.net_support import ServerThread, heroes_side, play_both, seat_two, wait
from tests.test_net_reconnect import _points, _tables
from ui.scenes.end import EndScene
from ui.timeline import build


def _figures(timeline, tr) -> list[list[str]]:
    return [timeline.tally.figures(p, tr) for p in (0, 1)]


def _game(ruleset: str) -> tuple[dict, list]:
    if ruleset == "heroes":
        from ui.heroes.content import game_content

        decks = game_content()[1]
        return {"ruleset": "heroes"}, [heroes_side(decks[0].deck), heroes_side(decks[1].deck)]
    from ui.classic import content

    decks = content.decks()
    return {"ruleset": "classic", "mode": "2022"}, [{"cards": list(decks[1].cards)}, {"cards": list(decks[2].cards)}]


@pytest.mark.parametrize("ruleset", ["heroes", "classic"])
def test_each_tables_chart_of_a_network_game_is_the_chart_of_the_servers_record(home, ruleset):
    game, sides = _game(ruleset)
    with ServerThread(seed=4) as srv:
        seats = seat_two(srv, game, sides)
        tables, drivers = _tables(home, seats)
        people = [d.input for d in drivers]
        moves = play_both(tables, drivers, random.Random(3), seconds=300)
        assert moves > 20 and all(t.game.is_over for t in tables)
        room = srv.server.rooms[seats[0][1]["room"]]
        truth = build(room.record)
        apps = [t.app for t in tables]
        # a game over at the table hands over to the end screen, as a local one does
        wait(people, lambda: all(isinstance(a.scene, EndScene) for a in apps), 20, "the end screens")
        ends = [a.scene for a in apps]
        for end in ends:
            assert end.chart is not None and not end.chart.replays, end.why_no_chart
            assert _points(end.timeline) == _points(truth)
            assert _figures(end.timeline, end.tr) == _figures(truth, end.tr)
            assert end.timeline.swings() == truth.swings()
        # a turn under the pointer is told in words; a click on it leaves the screen where it is
        end, person = ends[0], people[0]
        column = end.chart.column(len(end.timeline.turns) // 2)
        person.move(column.center)
        person.frame(2)
        assert end.hover == len(end.timeline.turns) // 2
        person.click(column.center)
        person.frame(2)
        assert apps[0].scene is end and not end.error
        for t in tables:
            t.session.leave()
