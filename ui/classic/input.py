"""Mouse and keyboard on the classic table: press, drag, drop, click, right click and keys.

A press on a card that moves further than ``DRAG_PX`` becomes a drag; the drop or the click goes to
the scene (``act_on``, ``click_cell``), a released button to ``on_button``.
"""

from __future__ import annotations

import pygame

from engine.classic import actions as A
from ui.classic import answers, markers, piles, undo
from ui.classic import saving as classic_saving
from ui.classic.setup_play import RECRUIT_SCREEN, SETUP_KINDS
from ui.motion import ends_effects

DRAG_PX = 6  # a press that moves further than this is a drag, not a click


def handle_event(scene, event: pygame.event.Event) -> None:
    if scene.view is None:
        return
    t = event.type
    if t in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.arming.point(event.pos)
    if scene.curtain_for is None and ends_effects(event):
        scene.motion.skip()  # a click or a key ends the animations, and does what it does as well
    if t == pygame.KEYDOWN:
        _key(scene, event)
    elif t == pygame.MOUSEMOTION and scene._kind() in SETUP_KINDS and scene.curtain_for is None:
        scene.setup.motion(event.pos, scene._kind())
        dc = scene.setup.rlook.card_in(scene.setup.rlook.hover) if scene._kind() in RECRUIT_SCREEN else None
        scene.hover.moved(event.pos, None if dc is None else ("deal", dc.iid))
    elif t == pygame.MOUSEMOTION:
        scene.look.mouse = event.pos
        if scene.browsing:  # the sheet's cards, not the board's under it
            over = _sheet_card_at(scene, event.pos)
            scene.hover.moved(event.pos, None if over is None else ("grave", over))
        else:
            scene.hover.moved(event.pos, scene.under(event.pos)[1])
        if scene.press is not None and scene.dragging is None and scene.press[1] is not None:
            (x, y), cid = scene.press
            if abs(event.pos[0] - x) + abs(event.pos[1] - y) > DRAG_PX and scene._mine() and scene._can_act(cid):
                scene.dragging = cid
                scene.selected = None
                scene.refresh()
        elif scene.dragging is not None:
            scene.look.mouse = event.pos
    elif t == pygame.MOUSEBUTTONDOWN:
        scene.hover.pressed()
        _down(scene, event)
    elif t == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
        scene.hover.pressed()
        _up(scene, event)
    elif t == pygame.MOUSEWHEEL and scene.browsing and scene.curtain_for is None:
        _wheel_piles(scene, event.y)

def _button_under(buttons, pos):
    """The button under ``pos``, or None; whether it takes the click yet is ``scene.armed`` (one that just
    appeared under the pointer does not: the click was meant for what was there before)."""
    return next((b for b in buttons if b.hit(pos)), None)


def _down(scene, event) -> None:
    button = getattr(event, "button", 1)
    if scene.curtain_for is not None:
        if button == 1:
            scene.lift_curtain()
        return
    if scene.undo_ask is not None:  # the question first: only its buttons (and the panel's) answer
        b = _button_under(scene.look.buttons, event.pos)
        if b is not None and scene.armed(b) and button == 1:
            scene.press_button = b.value
        return
    if scene.menu_open:  # a menu item, or a click beside the menu closes it
        b = _button_under(scene.look.menu_buttons, event.pos)
        if b is None:
            scene.menu_open, scene.menu_ask = False, ""
            scene.refresh()
        elif scene.armed(b) and button == 1:
            scene.press_button = b.value
        return
    if scene.browsing:  # a pile's page button turns its page; any other click closes the graveyards
        if button in (4, 5):
            return  # the wheel, as buttons (pygame sends both): it turns pages, as MOUSEWHEEL
        pile = _pile_at(scene, event.pos)
        if button == 1 and pile is not None and pile.more is not None and pile.more.hit(event.pos):
            scene.pile_pages[pile.player] = piles.turn_page(pile, 1, wrap=True)
        else:
            scene.browsing = False
        scene.refresh()
        return
    if button == 3 and scene._kind() == "recruit" and scene._mine():
        scene.setup.next_split(event.pos)
        return
    if button == 3:
        scene.way = None
        scene.using = None
        scene.setup.reset()
        scene.selected = scene.dragging = None
        scene.press = None
        scene.refresh()
        return
    if button != 1:
        return
    b = _button_under(scene.look.buttons, event.pos)
    if b is not None:  # pressed if the player has seen it; one that just appeared there: the click does nothing
        if scene.armed(b):
            scene.press_button = b.value
        return
    if not answers.takes_at(scene, event.pos):
        return  # it became an answer under the pointer a moment ago: the click was meant for what was there before
    if scene._kind() in SETUP_KINDS:
        if scene._mine():
            scene.setup.down(event.pos, scene._kind())
        return
    if scene.way is not None:  # a click beside the small menu puts the card back where it was
        scene.way = None
        scene.refresh()
        return
    _, occupant = scene.under(event.pos)
    scene.press = (tuple(event.pos), occupant)

def _pile_at(scene, pos):
    """The pile (ui/classic/piles.py) whose half of the open graveyards sheet is under ``pos``, or None."""
    shown = piles.piles(scene.game, scene.look.viewer, scene.view.L, scene.tr, scene.pile_pages)
    return next((p for p in shown if p.area.collidepoint(pos)), None)


def _sheet_card_at(scene, pos) -> int | None:
    """The dead or exiled card under ``pos`` on the open graveyards sheet (or under its markers' strip: resting
    there opens the card's zoom, its markers in words), or None."""
    pile = _pile_at(scene, pos)
    if pile is None:
        return None
    hit = next((cid for cid, r in pile.cards if r.collidepoint(pos)), None)
    if hit is None:
        L, g = scene.view.L, scene.game
        hit = next((cid for cid, r in pile.cards if piles.mark_room(L, r, scene.tr).collidepoint(pos)
                    and markers.grave_marks(g, cid, scene.tr) and cid not in g.exiled(pile.player)), None)
    return hit


def _wheel_piles(scene, dy: int) -> None:
    """The wheel over a long pile turns its pages (down: on, up: back)."""
    pile = _pile_at(scene, scene.look.mouse)
    if pile is not None and pile.pages > 1 and dy:
        scene.pile_pages[pile.player] = piles.turn_page(pile, -1 if dy > 0 else 1, wrap=False)
        scene.refresh()


def _up(scene, event) -> None:
    if scene.press_button is not None:
        value, scene.press_button = scene.press_button, None
        b = _button_under(scene.look.menu_buttons + scene.look.buttons, event.pos)
        if b is not None and b.value == value:
            scene.on_button(value)
        return
    if scene._kind() in SETUP_KINDS:
        if scene._mine():
            scene.setup.up(event.pos, scene._kind())
        return
    press, scene.press = scene.press, None
    cell, card = scene.under(event.pos)
    if scene.dragging is not None:
        cid, scene.dragging = scene.dragging, None
        if (cell is None and card is None) or not scene.act_on(cid, cell, card):
            scene.refresh()  # the card snaps back to its cell (the reason, if any, is in the strip)
        return
    if press is not None and press[1] is not None and _pulled(scene, press, event.pos) and card != press[1] \
            and (cell is not None or card is not None):
        scene.act_on(press[1], cell, card)  # a card that cannot act, pulled elsewhere: the engine's reason why not
        return
    if press is not None and (cell is not None or card is not None):
        scene.click_cell(cell, card)


def _pulled(scene, press, pos) -> bool:
    """The press was on the deciding person's own card and the pointer went off with it (no drag began: the
    card can neither move nor strike now)."""
    (x, y), cid = press
    g = scene.game
    c = g.creatures.get(cid)
    return (abs(pos[0] - x) + abs(pos[1] - y) > DRAG_PX and scene._mine() and scene._kind() == "main"
            and scene.using is None and c is not None and c.owner == g.pending.player)

def _key(scene, event) -> None:
    k = event.key
    if scene.curtain_for is not None:
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            scene.lift_curtain()
        return
    if scene.menu_open and k != pygame.K_ESCAPE:
        return  # the menu answers the mouse and Esc only
    if k == pygame.K_F5:
        classic_saving.quicksave(scene)
    elif k == pygame.K_F9:
        classic_saving.quickload(scene)
    elif k == pygame.K_s and event.mod & pygame.KMOD_CTRL:
        scene.app.show("save_as", table=scene)
    elif k == pygame.K_ESCAPE:  # closes what is open; with nothing open, opens the menu
        if not (scene.menu_open or scene.browsing or scene.using or scene.way or scene.selected is not None):
            scene.menu_open = True
        else:
            scene.menu_open, scene.menu_ask = False, ""
        scene.browsing = False
        scene.using = None
        scene.way = None
        scene.selected = scene.dragging = None
        scene.refresh()
    elif k == pygame.K_F1:
        scene.app.show("help", back=scene)
    elif k == pygame.K_z and event.mod & pygame.KMOD_CTRL and scene.undo_ask is None:
        undo.request(scene)  # refused with its reason when it cannot be taken back
    elif k == pygame.K_e and scene._mine() and scene._kind() == "main" and scene.undo_ask is None:
        scene.do(A.EndTurn())
    elif getattr(event, "unicode", "") and scene._mine():
        b = next((b for b in scene.look.buttons if b.hotkey == event.unicode and b.enabled), None)
        if b is not None:  # the prompt's buttons answer to their numbers
            scene.on_button(b.value)
            return
    scene.refresh()
