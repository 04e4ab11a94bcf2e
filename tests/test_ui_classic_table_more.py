"""More of the classic table as a person uses it, raw input only (ui.testing.Input, ui.classic.testing.Driver):
the zoomed card with its reminders, the in-table menu (help, the draw offer, conceding), jump or step at a
drop, undo, and the curtain only when the deciding person changes while hidden cards are on screen."""

from __future__ import annotations

import random

import pygame

from engine.classic import actions as A
from tests.ui_support import look, show
from ui.classic import content
from ui.classic.scene import ClassicTableScene
from ui.scripted import advance


def battle_table(app, person, seed: int = 5, until=None) -> ClassicTableScene:
    """A full classic game from two ready decks moved along by script to its battle (or to ``until``)."""
    s = content.start_full_session(content.decks()[1:3], ("Аня", "Борис"), seed)
    want = until or (lambda g: getattr(g.pending, "kind", None) == "main")
    assert advance(s, random.Random(seed), want, limit=3000)
    table = ClassicTableScene(app, s)
    table.autosave = False
    show(app, table, person)
    if table.curtain_for is not None:
        person.click((app.size[0] // 2, app.size[1] // 2))
    return table


def test_resting_the_pointer_on_a_card_opens_its_text_with_the_reminders(app, person):
    table = battle_table(app, person)
    g, v = table.game, table.look.viewer
    def explained(c) -> bool:  # an ability whose reminder says more than its printed words
        return any(ab.reminder("ru").strip().rstrip(".") != ab.text("ru").strip().rstrip(".")
                   for ab in g.cards[g.creatures[c].card].abilities)

    cid = next(c for c in sorted(g.on_board(v)) if explained(c) and g.creatures[c].at is not None)
    centre = table.view.rect_of(g, cid, v).center
    person.move(centre)
    person.wait(0.2)
    assert table.hover.card is None, "sweeping over cards opens nothing"
    plain = look(person).copy()
    person.wait(0.5)
    assert table.hover.card == cid
    zoomed = look(person)
    blocks = [text for _, text in table._zoom_blocks]
    card = g.cards[g.creatures[cid].card]
    for ab in card.abilities:
        assert any(ab.reminder("ru").strip() in b for b in blocks), (ab, blocks)
    assert any(card.name["ru"] in t for t, _ in table._zoom_blocks)
    right = table.view.rect_of(g, cid, v).right + 20
    assert plain.get_at((right, centre[1])) != zoomed.get_at((right, centre[1])), "the text is drawn beside the card"
    person.down(centre)
    person.frame(1)
    assert table.hover.card is None, "a press closes it"
    person.up(centre)
