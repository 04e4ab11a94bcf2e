"""What a classic creature's face says of its movement (2022 «Движение»: movement comes back at its owner's
turn start), beside its footprints sign. In its owner's turn: what is left of it, «0/1» after a step.
Otherwise: what it will have when that turn comes, «1» — so the second player's squad before his first turn, and a player's
creatures during the opponent's turn, never read as spent. Only raw mouse and keys go in."""

from __future__ import annotations

import random

import pygame

from engine.classic import actions as A
from tests.ui_support import classic_table, look
from ui.classic import content
from ui.classic.testing import Driver
from ui.classic.view import card_face, face_layout
from ui.scripted import advance

SEED = 11  # «Смесь» against «Умения»: the second player's squad has creatures of movement 1 and 2


def walkers(g, player: int) -> list[int]:
    """``player``'s creatures standing alone on a cell, face up, open: their faces show a movement row, whole
    and straight in the cell (a host makes room for its symbiote's small card)."""
    return [cid for cid in g.on_board(player) if g.creatures[cid].at is not None and not g.creatures[cid].tapped
            and cid not in g.hidden and g.card_of(cid).type == "creature" and not g.card_of(cid).symbiote
            and cid not in g.hosts.values()]


def movement_row(table, person, cid: int) -> str:
    """The movement row of the face the board draws for ``cid`` now, checked against the screen: the numbers'
    rows of the face as it is now are there pixel for pixel (a face kept from an earlier state is not)."""
    g, viewer = table.game, table.look.viewer
    rect = table.view.L.card_rect(g.creatures[cid].at, viewer)
    face = card_face(g, cid, rect.size, table.tr)
    fl = face_layout(g, cid, rect.size, table.tr)
    shot = look(person)
    at = face.get_rect(center=rect.center)
    pts = [(x, y) for x in range(at.w) for y in range(fl.rows_top, at.h - 2) if face.get_at((x, y))[3] == 255]
    same = sum(shot.get_at((at.x + x, at.y + y))[:3] == face.get_at((x, y))[:3] for x, y in pts)
    assert same >= 0.995 * len(pts), f"creature {cid}: the screen does not show its numbers as they are now"
    rows = [text for kind, text, _ in fl.rows if kind == "moves"]
    assert len(rows) == 1, rows
    return rows[0]


def test_movement_reads_as_given_before_the_owners_turn_and_as_left_during_it(app, person):
    s = content.start_full_session(content.decks()[1:3], ("Аня", "Борис"), SEED)
    assert advance(s, random.Random(SEED), lambda g: getattr(g.pending, "kind", None) == "main")
    table = classic_table(app, person, s)
    g = table.game
    first, second = g.active, 1 - g.active
    assert g.turn == 1 and table.look.viewer == first
    # before his first turn the second player's creatures have no movement yet (the engine gives it then),
    # and their faces say what they will have, not «Движ. 0/N»
    theirs = walkers(g, second)
    assert theirs and any(g.creatures[cid].moves < g.movement(cid) for cid in theirs), "the case to show"
    for cid in theirs:
        assert movement_row(table, person, cid) == str(g.movement(cid)), cid
    # in his own turn the first player sees what is left: a step spends it
    mine = walkers(g, first)
    for cid in mine:
        assert movement_row(table, person, cid) == f"{g.movement(cid)}/{g.movement(cid)}"
    step = next(a for a in g.legal_actions() if isinstance(a, A.Move) and a.ability is None)
    Driver(table).perform(step, way="drag")
    assert g.creatures[step.card].at == tuple(step.to), table.look.toast
    left = g.creatures[step.card].moves
    assert left < g.movement(step.card)
    assert movement_row(table, person, step.card) == f"{left}/{g.movement(step.card)}"
    person.key(pygame.K_e)  # the end of the turn
    if table.curtain_for is not None:
        person.click((app.size[0] // 2, app.size[1] // 2))
    assert g.active == second and table.look.viewer == second
    # now the second player's creatures have their movement, and the first player's what comes back to them
    for cid in walkers(g, second):
        assert g.creatures[cid].moves == g.movement(cid)
        assert movement_row(table, person, cid) == f"{g.movement(cid)}/{g.movement(cid)}"
    assert step.card in walkers(g, first)
    assert movement_row(table, person, step.card) == str(g.movement(step.card)), \
        "what is left from the last turn means nothing in the opponent's"


def test_against_the_computer_ones_creatures_read_what_comes_back_in_its_turn(app, person):
    """No curtain and no turning board here: the face of a card that stepped is drawn anew when the turn
    passes, not kept from the person's own turn."""
    s = content.seat(content.start_full_session(content.decks()[1:3], ("Аня", "Компьютер"), SEED),
                     ("human", "easy"), SEED)
    assert advance(s, random.Random(SEED), lambda g: getattr(g.pending, "kind", None) == "main" and g.active == 0)
    table = classic_table(app, person, s)
    g = table.game
    step = next(a for a in g.legal_actions() if isinstance(a, A.Move) and a.ability is None)
    Driver(table).perform(step, way="drag")
    left = g.creatures[step.card].moves
    assert movement_row(table, person, step.card) == f"{left}/{g.movement(step.card)}"
    person.key(pygame.K_e)
    assert g.active == 1 and table.curtain_for is None and table.look.viewer == 0
    for cid in walkers(g, 0):
        assert movement_row(table, person, cid) == str(g.movement(cid)), cid
    assert step.card in walkers(g, 0)
    table.session.controllers[1].cancel()
