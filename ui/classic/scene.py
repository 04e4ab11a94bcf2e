"""The classic table: drags and clicks become the engine's actions, its decisions become prompts.

The board is seen from the player whose turn it is (their half at the bottom; against the computer from the
person's side, and in the demo, where nobody sits, always from the first player's). In hot-seat a curtain
falls at each new turn, in the setup, and when the board would show the deciding person's own face-down
cards; a defender, a lowering choice or an answer of the other player is otherwise asked on the same board,
naming who decides. What may be done comes from the game's own queries and pending decision
(``move_costs``, ``strike_targets``, ``pending.options``) and the engine's legal actions; a refused drop
snaps back with the engine's reason. What the prompt strip says and offers is in prompt.py, mouse and
keyboard in input.py; the table's menu, undo, the way menu at a drop and the zoomed card are in their own
modules (menu.py, undo.py, ways.py, zoom.py).
"""

from __future__ import annotations

import pygame

from engine.classic import actions as A
from engine.core.errors import IllegalAction
from ui import timeclock
from ui.classic import abilities as AB
from ui.classic import anim, answers, eventlog, prompt, undo, ways, zoom
from ui.classic import input as table_input
from ui.classic import menu as table_menu
from ui.classic import saving as classic_saving
from ui.classic.botplay import ClassicBotTurn
from ui.classic.prelim_play import BOARD_KINDS, PrelimPlay
from ui.classic.setup_play import SETUP_KINDS, SetupPlay
from ui.classic.tips import topics as tip_topics
from ui.classic.view import BoardView, Look
from ui.classic.zoom import Hover
from ui.motion import held_wounds
from ui.scene import Scene
from ui.session import GameSession
from ui.sound import board_of, end_sound
from ui.tips import Tips
from ui.widgets.arming import Arming


class ClassicTableScene(Scene):
    """One classic game in progress: two people at one screen, a person against the computer, or the demo."""

    def __init__(self, app, session: GameSession, *, open_hands: bool | None = None, loaded: str | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.loaded = loaded
        self.view: BoardView | None = None
        self.look = Look(viewer=self.game.active)
        self.selected: int | None = None
        self.press: tuple[tuple[int, int], int | None] | None = None  # (where, creature pressed)
        self.press_button = None
        self.dragging: int | None = None
        self.toast_text = ""
        self.toast_left = 0.0
        self.toast_ok = False  # the toast says something worked (green), not why not (salmon)
        self.curtain_for: int | None = None
        self.curtain_mark = len(session.log)
        self.seat_turn = session.game.turn  # the turn in which the person at the screen took the seat
        self.seat_in_setup = self._in_setup()  # ... and whether that was in the setup (which is part of turn 1)
        self.over_t = 0.0
        self.autosave = not app.headless
        self.setup = SetupPlay(self)
        self.prelim = PrelimPlay(self)  # the decisions before the battle's turns, on the board
        self.bots = ClassicBotTurn()  # the computer's decisions: polled, paced and shown (ui/classic/botplay.py)
        self.using: AB.Using | None = None  # an ability being declared, waiting for its target or cell
        self.acts: dict[int, list] = {}  # each card's use / chip / aim actions open now
        self.browsing = False  # the graveyards and exile sheet is open
        self.pile_pages: dict[int, int] = {}  # the page of each player's pile shown on that sheet (ui/classic/piles.py)
        self.hover = Hover()  # the pointer resting on a card opens its full text
        self.menu_open = False  # the table's own menu (ui/classic/menu.py)
        self.menu_ask = ""  # the question the menu asks before conceding or offering a draw
        self.menu_ask_for = "concede"  # which of them (ui/classic/menu.py ASK)
        self.undo_ask: int | None = None  # the player asked to allow taking the last action back
        self.way: tuple[int, tuple, list] | None = None  # a drop reachable more than one way: (card, cell, moves)
        self.motion = anim.ClassicMotion(app.settings.anim_speed, board_of(app).play)  # ui/classic/anim.py
        self.released_seen = 0  # the last of the motion's releases of held results the panel has shown
        # a button, or a card or cell that answers the question, appearing under the pointer waits a moment
        # (ui/widgets/arming.py, ui/classic/answers.py)
        self.arming = Arming()
        self.tips = Tips(app, "classic", enabled=bool(session.humans))  # the first time a situation comes up

    @property
    def game(self):
        return self.session.game

    # ------------------------------------------------------------------ scene API
    def enter(self) -> None:
        if self.view is None or self.view.size != tuple(self.app.size) or self.view.tr is not self.tr:
            self.view = BoardView(self.app.size, self.tr)
        self.motion.speed = self.app.settings.anim_speed
        self.arming.point(self.app.pointer)  # where the click that brought the table was: what appears there waits
        if self.loaded is not None:
            if self._hotseat() and not self.game.is_over:
                self._raise_curtain(self._wanted_viewer())
            if self.loaded:
                self.toast(self.tr("table.loaded", name=self.loaded), ok=True)
            self.loaded = None
        self.refresh()

    def resize(self, size) -> None:
        if self.view is not None:
            self.view.resize(size)
        self.refresh()

    def leave(self) -> None:
        self.bots.stop(self)  # a thought for this table is of no use elsewhere

    def pace(self) -> float:
        """How fast the computer's moves go by: the animation setting (none: brisk)."""
        anim = self.app.settings.anim_speed
        return anim if anim > 0 else 4.0

    def update(self, dt: float) -> None:
        timeclock.tick(self, dt, paused=self.curtain_for is not None)  # a timed game's clock stops behind the curtain
        self.hover.tick(dt, zoom.allowed(self))
        if self.curtain_for is None:  # what happened plays once the player sees the board
            self.motion.update(dt)
            if self.motion.timeline.released != self.released_seen:  # reached, or ended by a click or a key
                self.released_seen = self.motion.timeline.released
                self.refresh()  # a result the animation held back: its lines, numbers and question are shown now
        if self.toast_left > 0 and self.curtain_for is None:
            self.toast_left = max(0.0, self.toast_left - dt)
            if self.toast_left == 0:
                self.toast_text = ""
                self.refresh()
        if self.view is not None:
            self.bots.tick(self, dt)  # the computer's beats (at the game's end: its pointers go)
        self.arming.tick(dt, self.look.buttons + self.look.menu_buttons + answers.answers(self), self.session.seq)
        self.tips.tick(dt)
        if self.game.is_over:
            self.over_t += dt
            if self.over_t > 2.5 and (not self.motion.busy or self.over_t > 6.0):
                self.finish()

    def draw(self, surface: pygame.Surface) -> None:
        if self.view is None:
            return
        kind = self._kind()
        if kind in SETUP_KINDS and self.curtain_for is None and not self._bot_decides():
            self.setup.draw(surface, kind)
            zoom.draw_for(self, surface)
        else:
            self.look.poses = self.motion.poses(self.game, self.view, self.look.viewer) if self.curtain_for is None else {}
            self.look.held_wounds = held_wounds(self.motion.timeline) if self.curtain_for is None else {}
            self.view.draw(surface, self.game, self.look)
            if self.curtain_for is None:
                anim.draw_over(surface, self)
            self.bots.draw(surface, self)  # the thinking badge, the card about to act
            if self.browsing and self.curtain_for is None:
                from ui.classic.piles import draw_piles

                draw_piles(surface, self.game, self.look.viewer, self.view.L, self.tr, self.pile_pages, self.look.mouse)
            if self.curtain_for is None:
                self.tips.draw(surface, self.view.L.sc, self.look.mouse)
            zoom.draw_for(self, surface)
        timeclock.draw(surface, self.view.L.clock, self.game, self.session.clock, self.tr,
                       paused=self.curtain_for is not None)
        if self.look.menu_buttons:
            table_menu.draw_back(surface, self.view.L, self.look.menu_buttons, self.look.menu_ask)
            for b in self.look.menu_buttons:
                b.draw(surface, self.look.mouse)

    def finish(self) -> None:
        if self.autosave:
            classic_saving.autosave(self)
        # a game of a campaign ends on the screen between its games (the score, what passes on, the choice)
        self.app.show("campaign" if self.session.campaign is not None else "end", session=self.session)

    def armed(self, button) -> bool:
        """Does ``button`` take a click now (not one that just appeared under the pointer)?"""
        return self.arming.takes(button, self.session.seq)

    def to_main_menu(self) -> None:
        """To the main menu, the game autosaved."""
        if self.autosave and not self.game.is_over:
            classic_saving.autosave(self)
        self.app.show("menu")

    # ------------------------------------------------------------------ state → what is shown
    def _hotseat(self) -> bool:
        return len(self.session.humans) == 2

    def _bot_decides(self) -> bool:
        """The computer decides now (its setup is behind the scenes: the board is shown, not its deal)."""
        ctrl = self.session.controller(self.session.decider)
        return ctrl is not None and not ctrl.is_human

    def _mine(self) -> bool:
        """A person decides now and the curtain is up."""
        d = self.session.decider
        ctrl = self.session.controller(d)
        return d is not None and ctrl is not None and ctrl.is_human and self.curtain_for is None

    def _kind(self) -> str | None:
        return getattr(self.game.pending, "kind", None)

    def _wanted_viewer(self) -> int:
        """Whose eyes the board is for: the setup's decider (a deal, a squad and face-down cards are theirs
        alone); in the battle the active player, or whoever decides while any card is face down."""
        g = self.game
        humans = self.session.humans
        if not humans:  # nobody sits at either side (the demo): the board keeps one way round the whole game
            return 0
        if len(humans) == 1:  # against the computer: always the person's eyes (no curtain, nothing hidden shown)
            return humans[0]
        if self._kind() in SETUP_KINDS:
            return g.pending.player
        d = self.session.decider
        ctrl = self.session.controller(d)
        if self._kind() == "draw_offer" and ctrl is not None and ctrl.is_human:
            return d  # the other person takes the seat to answer (2007 7.7)
        if g.hidden and d is not None and ctrl is not None and ctrl.is_human:
            return d  # a person decides by hand: the board as they may see it (their face-down cards, no other's)
        return g.active

    def _secret_for(self, p: int) -> bool:
        """``p`` has face-down cards: the board seen by ``p`` shows them, which nobody else may see."""
        g = self.game
        return any(g.creatures[cid].owner == p for cid in getattr(g, "hidden", ()) if cid in g.creatures)

    def _needs_curtain(self, want: int) -> bool:
        """Hand the screen to ``want`` behind the curtain, or turn the board round at once? The curtain falls in
        the setup (a deal and a layout are one player's alone), at each new turn (the battle's first too, though
        the setup counts as its turn 1), and whenever the board to be shown holds ``want``'s face-down cards; a
        priority pass or a defender choice of a player with no face-down card turns the board without it (it
        shows the other's face-down cards as backs)."""
        return (self._in_setup() or self.game.turn != self.seat_turn or self.seat_in_setup
                or self._secret_for(want))

    def _in_setup(self) -> bool:
        suspended = getattr(getattr(self.game, "suspended", None), "kind", None)  # a draw offered mid-setup
        return self._kind() in SETUP_KINDS or suspended in SETUP_KINDS

    def refresh(self) -> None:
        """Re-read the game after any change: viewer, curtain, prompt, lights, panel."""
        g, look = self.game, self.look
        if self.view is None:
            return
        if not self._hotseat():  # no curtain: against the computer the person's side, in the demo the first player's
            look.viewer = self._wanted_viewer()
        want = self._wanted_viewer()
        if self._hotseat() and not g.is_over and want != look.viewer and self.curtain_for is None:
            if self._needs_curtain(want):
                self._raise_curtain(want)
            else:
                look.viewer, self.seat_turn, self.seat_in_setup = want, g.turn, self._in_setup()
        look.curtain = g.names[self.curtain_for] if self.curtain_for is not None else None
        prompt.fill(self)
        prompt.panel(self)
        self.bots.overlay(self)
        self.tips.see(tip_topics(self) if self.curtain_for is None and not g.is_over else ())
        self.tips.layout(self.view.L.log, self.view.L.sc)

    def _raise_curtain(self, p: int) -> None:
        self.curtain_for = p
        self.look.curtain_lines = eventlog.lines([ev for _, ev in self.session.log[self.curtain_mark:]], self.game,
                                                 self.tr)[-8:]
        self.selected = self.dragging = None
        self.press = None
        self.using = None
        self.way = None
        self.browsing = False
        self.setup.reset()

    def lift_curtain(self) -> None:
        if self.curtain_for is not None:
            self.look.viewer = self.curtain_for
        self.curtain_for = None
        self.seat_turn = self.game.turn
        self.seat_in_setup = self._in_setup()
        self.curtain_mark = len(self.session.log)
        self.refresh()

    def toast(self, text: str, ok: bool = False) -> None:
        """A short message over the prompt: why not (a refusal), or with ``ok`` that something worked."""
        self.toast_text = text
        self.toast_left = 3.5
        self.toast_ok = ok

    # ------------------------------------------------------------------ actions
    def _can_act(self, cid: int) -> bool:
        """The creature belongs to the player in their main phase, and may move or strike now."""
        g = self.game
        c = g.creatures.get(cid)
        if self._kind() == "vanguard" and c is not None:
            return cid in self.prelim.attackers()  # 2007 6.2.4: a vanguard strike, dragged like any strike
        if c is None or not c.on_board or self._kind() != "main" or c.owner != g.pending.player:
            return False
        return bool(g.move_costs(cid) or g.strike_targets(cid) or self.acts.get(cid))

    def do(self, action) -> bool:
        """Apply one action through the session; a refusal shows the engine's reason."""
        self.way = None  # whatever is done, the small menu of a drop made before is gone
        before = anim.places(self.game, self.view, self.look.viewer) if self.view is not None else {}
        try:
            events = self.session.apply(action)
        except IllegalAction as exc:
            self.toast(exc.reason(self.tr.lang))
            self.refresh()
            return False
        if not self.toast_ok:
            self.toast_left, self.toast_text = 0.0, ""  # a refusal is answered by what was done since
        if self.view is not None:
            self.motion.feed(events, self.game, self.view, self.look.viewer, before, self.session.log, self.tr)
            over = next((ev for ev in events if ev.kind == "game_over"), None)
            if over is not None:
                self.motion.timeline.add("cue", 0.05, at=0.8, sound=end_sound(over.winner, self.session.humans))
        self.selected = self.dragging = None
        self.using = None
        self.setup.reset()
        if self.autosave and any(ev.kind == "turn" for ev in events):
            classic_saving.autosave(self)
        self.refresh()
        return True

    def extra_at(self, pos) -> int | None:
        """The card of an additional zone, or a seated symbiote, under a screen point, or None."""
        loose = self.view.symbiote_cards(self.game, self.look.viewer) + self.view.extra_cards(self.game, self.look.viewer)
        # in a crowded zone a card lies over the foot of the one above: the one on top is the one under the pointer
        return next((cid for cid, r in reversed(loose) if r.collidepoint(pos)), None)

    def under(self, pos):
        """(cell, card) under a screen point: a grid cell and its occupant, or no cell and a flyer or terrain."""
        loose = self.extra_at(pos)
        if loose is not None:
            return None, loose
        cell = self.view.L.cell_at(pos, self.look.viewer)
        return cell, (self.game.occupant(cell) if cell is not None else None)

    def act_on(self, cid: int, cell, other: int | None = None) -> bool:
        """``cid`` dropped (or sent by a click) on ``cell``: a move to a free cell, a strike at a card there
        (or at ``other``, a card of an additional zone)."""
        g = self.game
        if cell is not None:
            other = g.occupant(cell)
        elif other is None:
            return False
        if other == cid:
            return False
        if other is None:
            options = ways.move_options(g, cid, cell)
            if len(options) > 1:  # by steps or by a jump (or two abilities): never picked silently
                self.way = (cid, tuple(cell), options)
                self.selected = None
                self.refresh()
                return True
            return self.do(options[0] if options else A.Move(card=cid, to=tuple(cell)))  # a refusal names why
        return self.do(A.Strike(attacker=cid, target=other))  # one's own card too, where the rules allow it

    def on_button(self, value) -> None:
        kind = value[0]
        if kind == "end":
            self.do(A.EndTurn())
        elif kind == "menu":
            self.menu_open, self.menu_ask = not self.menu_open, ""
            self.refresh()
        elif kind == "m":
            table_menu.choose(self, value[1])
        elif kind == "undo":
            undo.request(self)
        elif kind == "undo_yes":
            self.undo_ask = None
            undo.take_back(self)
            self.refresh()
        elif kind == "undo_no":
            self.undo_ask = None
            self.toast(self.tr("undo.refused"))
            self.refresh()
        elif kind == "no_defense":
            self.do(A.NoDefense())
        elif kind == "lower":
            self.do(A.Lower())
        elif kind == "keep":
            self.do(A.Keep())
        elif kind == "piles":
            self.browsing = True
            self.pile_pages = {}
            self.refresh()
        elif kind == "use":
            self.start_using(value[1], value[2])
        elif kind == "act":
            act = next((a for a in self.game.legal_actions() if str(a) == value[1]), None)
            if act is not None:
                self.do(act)
        elif kind == "way" and self.way is not None:
            options = self.way[2]
            self.way = None
            if 0 <= value[1] < len(options):
                self.do(options[value[1]])
            else:
                self.refresh()
        elif kind == "way_cancel":
            self.way = None
            self.refresh()
        elif kind == "cancel_use":
            self.using = None
            self.refresh()
        elif kind == "csetup":
            self.setup.on_button(value[1])
        elif kind == "prelim":
            self.prelim.on_button(value[1])
        elif kind == "action":
            act = next((a for a in self.game.legal_actions() if str(a) == value[1]), None)
            if act is not None:
                self.do(act)

    def start_using(self, cid: int, ability: int) -> None:
        """An ability button pressed: made at once when it needs nothing more, else its targets light up."""
        options = [a for a in self.game.legal_actions() if isinstance(a, A.Use) and a.card == cid and a.ability == ability]
        if not options:
            return
        self.using = AB.Using(cid, ability, options)
        act = self.using.ready()
        if act is not None:
            self.do(act)
        else:
            self.refresh()

    def click_using(self, cell, occupant: int | None) -> None:
        """A click while an ability waits: its target card, then (if it asks) a cell."""
        u = self.using
        assert u is not None
        if u.needs_target():
            if occupant is None or not u.choose_card(occupant):
                self.toast(self.tr("csetup.not_target"))
                self.refresh()
                return
            act = u.ready()
            if act is not None:
                self.do(act)
            else:
                self.refresh()
            return
        act = u.choose_cell(cell) if cell is not None else None
        if act is None:
            self.toast(self.tr("csetup.not_cell"))
            self.refresh()
            return
        self.do(act)

    def click_cell(self, cell, occupant: int | None = None) -> None:
        g = self.game
        if not self._mine():
            return
        if cell is not None:
            occupant = g.occupant(cell)
        if self.using is not None:
            self.click_using(cell, occupant)
            return
        kind = self._kind()
        if kind == "defender":
            if occupant is not None:
                self.do(A.Defend(card=occupant))  # one not lit is refused with the engine's reason
            return
        if kind in BOARD_KINDS:
            self.prelim.click(cell, occupant)
            return
        if kind != "main":
            return
        if self.selected is not None and occupant != self.selected:
            mine = occupant is not None and g.creatures[occupant].owner == g.pending.player
            if not mine or occupant in g.strike_targets(self.selected):  # a lit card of one's own is struck too
                self.act_on(self.selected, cell, occupant)
                return
        if occupant is not None and occupant == self.selected:
            self.selected = None
        elif occupant is not None and g.creatures[occupant].owner == g.pending.player:
            if self._can_act(occupant):
                self.selected = occupant
            else:  # tapped, or nothing left to do: the engine's refusal says which
                self.selected = None
                at = g.creatures[occupant].at
                self.do(A.Move(card=occupant, to=tuple(cell if cell is not None else at or (0, 0))))
                return
        self.refresh()

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        if self.curtain_for is None and not self.menu_open and self.tips.handle(event):
            self.refresh()
            return
        table_input.handle_event(self, event)
