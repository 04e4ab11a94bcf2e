"""What the classic table's prompt strip says and offers, its buttons, and the side panel.

Read from the game and the scene's interface state (selection, drag, ability being declared, way menu,
undo question) after every change; the scene turns a pressed button's value into an engine action.
"""

from __future__ import annotations

import pygame

from engine.classic import actions as A
from engine.classic import hittable as H
from ui.classic import abilities as AB
from ui.classic import dice_show, eventlog, undo, ways
from ui.classic import menu as table_menu
from ui.classic.prelim_play import BOARD_KINDS
from ui.classic.setup_play import SETUP_KINDS
from ui.motion import held_events
from ui.widgets.button import Button, row

ACTING = (A.Move, A.Strike, A.Use, A.Chip, A.Aim, A.Retreat)  # what a card of one's own may still do in its turn


def ready_card(action) -> int:
    """The card of one's own that ``action`` (one of ACTING) acts with."""
    return action.attacker if isinstance(action, A.Strike) else action.card


def fill(scene) -> None:
    """The prompt, the lit cells and cards, the strip's and the panel's buttons, for the board as it now is."""
    g, tr, look = scene.game, scene.tr, scene.look
    L = scene.view.L

    kind = scene._kind()
    look.moves, look.strikes, look.defenders, look.arrow = {}, set(), set(), None
    look.ready, look.own_lit, look.done = set(), True, False
    scene.acts = AB.card_actions(g) if kind in ("main", "respond") and scene.curtain_for is None else {}
    if scene.using is not None and kind not in ("main", "respond", "after_place"):
        scene.using = None
    if scene.way is not None and kind != "main":
        scene.way = None
    if scene.selected is not None and not scene._can_act(scene.selected):
        scene.selected = None
    who = eventlog.player_name(g, scene.session.decider)
    labels: list[tuple[str, object, str]] = []
    if g.is_over:
        look.prompt = tr("classic.prompt_over", result=eventlog.result(g, tr))
    elif scene.using is not None:
        u = scene.using
        look.strikes = u.targets()
        look.moves = {cell: "" for cell in u.cells()}
        look.prompt = tr("csetup.using_target" if u.needs_target() else "csetup.using_cell",
                         card=eventlog.card_name(g, u.card, tr), ability=eventlog.ability_text(g, u.card, u.ability, tr.lang))
        labels.append((tr("csetup.cancel"), ("cancel_use",), "normal"))
    elif scene.way is not None:  # 2007 3.14–3.15: by steps or by a movement ability — the player says which
        cid, cell, options = scene.way
        look.moves = {cell: ""}
        look.prompt = tr("classic.prompt_way", card=eventlog.card_name(g, cid, tr))
    elif kind == "main":
        shown = scene.dragging if scene.dragging is not None else scene.selected
        legal = g.legal_actions()
        if shown is not None:
            look.moves = ways.move_labels(g, shown, tr.lang)
            # what this strike may hit, as the engine lists it: one's own cards too (2007 4.15), in their colour
            look.strikes = {a.target for a in legal if isinstance(a, A.Strike) and a.attacker == shown}
            look.prompt = tr("classic.prompt_selected", card=eventlog.card_name(g, shown, tr))
            if any(g.creatures[t].owner == g.pending.player for t in look.strikes):
                look.prompt += "; " + tr("classic.prompt_own_targets")
            leaps = sorted({ways.way_name(g, shown, a.ability, tr.lang) for a in g.legal_actions()
                            if isinstance(a, A.Move) and a.card == shown and a.ability is not None})
            if leaps:  # what «П1» on a lit cell means
                spent = g.creatures[shown].moves
                look.prompt += "; " + ", ".join(tr("classic.prompt_mark", mark=f"{n[:1]}{spent}", name=n)
                                                for n in leaps)
            if scene.dragging is None:  # the card's abilities, chip and aim: a click menu on the strip
                labels += AB.buttons_for(g, shown, scene.acts.get(shown, []), tr)[:4]
        else:
            # who can still do something this turn, from the engine's legal actions (no rule guessed here); a
            # strike only at one's own cards (2007 4.15 allows it) is no sign that something is left to do
            me = g.pending.player
            look.ready = {ready_card(a) for a in legal if isinstance(a, ACTING)
                          and not (isinstance(a, A.Strike) and g.creatures[a.target].owner == me)}
            look.done = not look.ready and any(isinstance(a, A.EndTurn) for a in legal)
            look.prompt = tr("classic.prompt_done" if look.done else "classic.prompt_main", name=who)
            if look.ready:
                look.prompt += "; " + tr("classic.prompt_ready")
    elif kind == "defender":
        p = g.pending
        look.defenders = set(p.options)
        look.arrow = (p.attacker, p.target)
        look.prompt = tr("classic.prompt_defender", name=who, attacker=eventlog.card_name(g, p.attacker, tr),
                         target=eventlog.card_name(g, p.target, tr))
        labels.append((tr("classic.no_defender"), ("no_defense",), "normal"))
    elif kind in SETUP_KINDS and scene._bot_decides():  # out of sight (its deal and squad are the computer's)
        look.prompt = g.prompt(tr.lang)
    elif kind == "lower":
        p = g.pending
        above = H.row_above(H.ROWS[p.row])
        look.arrow = (p.attacker, p.reflector)
        if held_events(scene.motion.timeline):  # the dice still tumble: what they show is not said yet
            look.prompt = tr("classic.prompt_rolling", name=who)
        else:
            look.prompt = tr("classic.prompt_lower", name=who, a=p.rolls[0], b=p.rolls[1],
                             row=eventlog.row_words(p.row, tr),
                             above=eventlog.row_words(above.key, tr) if above else "—")
        labels += [(tr("classic.lower"), ("lower",), "primary"), (tr("classic.keep"), ("keep",), "normal")]
    elif kind == "draw_offer":  # 2007 7.7: the offer answered on the prompt, by the other player
        look.prompt = tr("prompt.draw_offer", name=who)
        labels += [(tr("prompt.accept_draw"), ("action", str(A.AcceptDraw())), "primary"),
                   (tr("prompt.decline_draw"), ("action", str(A.DeclineDraw())), "normal")]
    elif kind in SETUP_KINDS:
        look.prompt = scene.setup.refresh(kind, who, labels)
    elif kind in BOARD_KINDS and scene._bot_decides():
        look.prompt = g.prompt(tr.lang)
    elif kind in BOARD_KINDS:  # before the battle's turns: after placement, the vanguard, before a turn
        look.prompt = scene.prelim.refresh(kind, who, labels)
    elif kind == "respond":
        look.prompt = tr("csetup.respond_hint", name=who)
        labels.append((tr("csetup.pass"), ("action", str(A.Pass())), "primary"))
        for cid, acts in sorted(scene.acts.items()):
            for label, value, style in AB.buttons_for(g, cid, acts, tr):
                labels.append((tr("csetup.use", card=eventlog.card_name(g, cid, tr), text=label), value, style))
        labels = labels[:4]
    elif kind is not None:
        # a decision this table has no picture for yet (the engine grows): its legal actions as buttons
        look.prompt = g.prompt(tr.lang)
        labels += [(str(a), ("action", str(a)), "normal") for a in g.legal_actions()[:5]]
    else:
        look.prompt = g.prompt(tr.lang)
    if not scene._mine():
        labels = []
        look.ready, look.done = set(), False
    look.all_backs = False
    if scene.undo_ask is not None:  # the other player allows taking the last action back, or not
        look.prompt = tr("prompt.undo_ask", name=g.names[scene.undo_ask], asker=g.names[1 - scene.undo_ask])
        labels = [(tr("prompt.yes"), ("undo_yes",), "primary"), (tr("prompt.no"), ("undo_no",), "danger")]
        look.all_backs = scene._hotseat()  # asked on the asker's board: their face-down cards as backs
        look.moves, look.strikes, look.defenders = {}, set(), set()
    look.selected = scene.selected
    look.dragging = scene.dragging
    look.toast = scene.toast_text if scene.toast_left > 0 else ""
    look.toast_ok = scene.toast_ok
    buttons = row(labels, L.prompt.right - L.sc(8), L.prompt.y + L.sc(7), L.prompt.h - L.sc(14), L.sc(8),
                  L.sc(110), int(L.prompt.w * 0.58)) if labels else []
    if kind in SETUP_KINDS:  # the setup's «Меню», with «Отменить» beside it
        own = scene.setup.buttons(kind)
        m = own[0].rect
        back = pygame.Rect(m.x, m.y, m.w * 3 // 5 - L.sc(4), m.h)
        own[0].rect = pygame.Rect(back.right + L.sc(8), m.y, m.right - back.right - L.sc(8), m.h)
        buttons += own + [Button(back, tr("table.undo"), ("undo",), "normal", undo.allowed(scene))]
    else:
        end_ok = scene._mine() and kind == "main" and scene.undo_ask is None and any(isinstance(a, A.EndTurn) for a in g.legal_actions())
        buttons.append(Button(L.end_turn, tr("classic.end_turn_done" if look.done else "classic.end_turn"), ("end",),
                              "primary", end_ok, "E"))
        buttons.append(Button(L.menu, tr("classic.menu"), ("menu",), "normal"))
        dead = sum(len(g.graveyard(p)) + len(g.exiled(p)) for p in (0, 1))
        buttons.append(Button(L.piles, tr("csetup.piles", n=dead), ("piles",), "normal"))
        buttons.append(Button(L.undo, tr("table.undo"), ("undo",), "normal", undo.allowed(scene)))
    if scene.way is not None and scene._mine():
        buttons = ways.way_buttons(scene) + buttons
    look.buttons = buttons
    look.menu_buttons = table_menu.buttons(scene, L) if scene.menu_open and scene.curtain_for is None else []
    look.menu_ask = scene.menu_ask


def panel(scene) -> None:
    """The side panel: whose turn, who decides, each side's count, the log, the stack and the last dice — as
    far as the animation has shown them (a fight's result waits for its dice and blows, ui/motion.py)."""
    g, tr, look = scene.game, scene.tr, scene.look
    look.timed = scene.session.clock is not None
    held = held_events(scene.motion.timeline)
    look.status = [eventlog.turn_line(g, tr)]
    c = scene.session.campaign
    if c is not None:  # a game of a campaign (2007 part 8): which one, and the score before it
        look.status[0] = tr("classic.status_campaign", n=c.number, a=c.score[0], b=c.score[1]) + " · " + look.status[0]
    d = scene.session.decider
    look.status.append(tr("classic.status_decides", name=g.names[d]) if d is not None
                       else eventlog.result(g, tr))
    fallen, buried = [0, 0], [0, 0]  # deaths not shown yet: still counted among the living
    for _, ev in scene.session.log[-80:] if held else ():
        if id(ev) in held and ev.kind in ("dies", "exiled") and ev.card in g.creatures and ev.at is not None:
            fallen[g.creatures[ev.card].owner] += 1
            buried[g.creatures[ev.card].owner] += ev.kind == "dies"
    for p in (0, 1):
        look.status.append(tr("classic.status_side", name=g.names[p], alive=len(g.on_board(p)) + fallen[p],
                              dead=max(0, len(g.graveyard(p)) - buried[p])))
    look.log = eventlog.lines([ev for _, ev in scene.session.log[-80:]], g, tr, held)
    look.stack = AB.stack_lines(g, tr)
    look.dice, look.dice_row = [], ""
    log = [entry for entry in scene.session.log if id(entry[1]) not in held] if held else scene.session.log
    roll = dice_show.last_roll(log, None)  # the last fight, however long ago
    if roll is not None and roll.row is not None:  # the last exchange: each die with its modifiers, the row read
        look.dice_row = eventlog.row_words(roll.lowered or roll.row, tr)
        for k, (card, value) in enumerate(roll.dice):
            words, named = dice_show.die_words(g, roll, k, tr)
            look.dice.append((eventlog.card_name(g, card, tr), value, words, ", ".join(named)))
