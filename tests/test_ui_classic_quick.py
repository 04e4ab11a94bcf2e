"""Quick clicks at the classic table, raw input only (ui.testing.Input): an ability with a single legal target
is used at once."""

from __future__ import annotations

import random
from collections import Counter

from engine.classic import actions as A
from tests.ui_support import show
from ui.classic import content
from ui.classic.scene import ClassicTableScene
from ui.classic.testing import Driver
from ui.scripted import advance


def table_of(app, person, session) -> ClassicTableScene:
    table = ClassicTableScene(app, session)
    table.autosave = False
    show(app, table, person)
    if table.curtain_for is not None:
        person.click((app.size[0] // 2, app.size[1] // 2))
    return table


def _one_target_use(g):
    """A Use of a card's ability that has exactly one legal way (its single target)."""
    if getattr(g.pending, "kind", None) not in ("main", "respond"):
        return None
    uses = [a for a in g.legal_actions() if isinstance(a, A.Use)]
    ways = Counter((a.card, a.ability) for a in uses)
    return next((a for a in uses if a.target is not None and ways[(a.card, a.ability)] == 1), None)


def test_an_instant_with_a_single_legal_target_is_used_at_once(app, person):
    # the first battle's squads, seed 1: an answer with an instant that can only go to one card
    s = content.start_session(list(content.squads()[:2]), ("Аня", "Борис"), 1)
    assert advance(s, random.Random(1), lambda g: _one_target_use(g) is not None, limit=3000)
    use = _one_target_use(s.game)
    table = table_of(app, person, s)
    d = Driver(table)
    value = ("use", use.card, use.ability)
    if not any(b.value == value for b in table.look.buttons):
        person.click(d.card_point(use.card))  # in the main phase: the card's click menu on the strip
    n = len(s.history)
    d.press(value)
    assert len(s.history) == n + 1 and s.history[-1].action == use, "no click on the only target is asked"
    assert table.using is None and not table.look.strikes, "nothing is left waiting for a target"
