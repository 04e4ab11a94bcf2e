"""The «Герои» table's own menu (the «Меню» button or Esc): back to the game, save, help, open hands,
offer a draw (CR 603.2; greyed while the rules refuse it; asked twice, since the other side may accept it at
once), concede (asked twice), exit to the main menu.
The items are table-drawn buttons; choosing one acts only through the engine's actions or the scenes."""

from __future__ import annotations

import pygame

from engine.heroes import actions as A
from ui.heroes.table import saving
from ui.widgets.button import Button


def build_buttons(scene) -> None:
    """The menu's items (or the concede question's answers) as table-drawn buttons in ``scene.ui.menu_buttons``."""
    L = scene.view.L
    if scene.ui.menu_ask:  # a step that cannot be taken back asks first: yes, or back to the game
        items = ([("draw_no", "normal"), ("draw_yes", "primary")] if scene.ui.menu_ask_for == "offer_draw"
                 else [("concede_no", "normal"), ("concede_yes", "danger")])  # the safe answer first (key 1)
    else:
        items = [("resume", "normal"), ("save", "normal"), ("help", "normal"),
                 ("open_hands", "on" if scene.open_hands else "normal"), ("offer_draw", "normal"),
                 ("concede", "danger"), ("exit", "danger")]
        items = [i for i in items if i[0] not in getattr(scene, "menu_hidden", ())]  # a network table has fewer
    w, h = L.sc(320), L.sc(44)
    y = L.h // 2 - (len(items) * (h + L.sc(10))) // 2
    scene.ui.menu_buttons = []
    for name, style in items:
        r = pygame.Rect((L.table.w - w) // 2, y, w, h)
        ok = name != "offer_draw" or may_offer_draw(scene)  # greyed when the rules refuse it (CR 603.2)
        scene.ui.menu_buttons.append(Button(r, scene.tr(f"table.m_{name}"), ("m", name), style, ok))
        y += h + L.sc(10)


def may_offer_draw(scene) -> bool:
    """The player at the screen, a person, may offer a draw now (none on offer, none of theirs this turn)."""
    ctrl = scene.session.controller(scene.ui.viewer)
    return ctrl is not None and ctrl.is_human and scene.game.can_offer_draw(scene.ui.viewer)


def choose(scene, name: str) -> None:
    """A menu item chosen: it acts through the engine's actions (CR 603.2, concede) or the scenes."""
    scene.ui.menu_open = False
    scene.ui.menu_ask = ""
    if name == "save":
        saving.ask_name(scene)
        return
    elif name == "help":
        scene.app.show("help", back=scene)
        return
    elif name == "open_hands":
        scene.open_hands = not scene.open_hands
    elif name == "offer_draw":
        if may_offer_draw(scene):
            p = scene.ui.viewer
            scene.ui.menu_open, scene.ui.menu_ask_for = True, "offer_draw"
            scene.ui.menu_ask = scene.tr("table.draw_ask", name=scene.game.players[p].name,
                                       other=scene.game.players[1 - p].name)
    elif name == "draw_yes":
        if may_offer_draw(scene):
            scene.do(A.OfferDraw(player=scene.ui.viewer))  # CR 603.2: the other player answers
        return
    elif name == "concede":
        p = scene.ui.viewer
        scene.ui.menu_open, scene.ui.menu_ask_for = True, "concede"
        scene.ui.menu_ask = scene.tr("table.concede_ask", name=scene.game.players[p].name,
                                   other=scene.game.players[1 - p].name)
    elif name == "concede_yes":
        scene.do(A.Concede(player=scene.ui.viewer))
        return
    elif name == "exit":
        if scene.autosave and not scene.game.is_over:
            saving.autosave(scene)
        scene.app.show("menu")
        return
    scene.refresh()
