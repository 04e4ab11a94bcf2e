"""The computer's decisions at the classic table: the shared pacing (ui/botpace.py) with this table's words
and pointers, and its setup behind the scenes.

In the battle each move of the computer is paused on (the thinking badge), shown (its caption in the prompt
strip, the acting card framed, the cell it goes to lit, an arrow to its target), then made; its answers in
the stack's priority windows, its defenders and its lowering choices are taken the same way during the
person's turn, without a click. Its passes go at once (nothing to watch). Its squad building, placement
and hidden cards are made as soon as they are decided, and only a short summary is shown (how many cards,
how many face down, and once both squads are laid out how many crystals it spent: until then that would
say what it took): the person never sees the computer's deal or hidden cards.
"""

from __future__ import annotations

import math
from typing import ClassVar

import pygame

from engine.classic import actions as A
from engine.core.events import Event, event
from ui.botpace import BotPacer, draw_badge
from ui.classic import narrate
from ui.classic.setup_play import SETUP_KINDS

MARK = (255, 150, 60)
SUMMARY_TIME = 5.0  # seconds a setup summary stays in the prompt strip


@event
class BotSummary(Event):
    """The table's own record of the computer's setup in words (not a rule of the game): what a person may
    know of a squad built and laid out behind the scenes."""

    kind: ClassVar[str] = "bot_summary"
    player: int
    text: str


class ClassicBotTurn(BotPacer):
    """Pacing of the computer's decisions at one classic table (owned by the ClassicTableScene)."""

    def __init__(self) -> None:
        super().__init__()
        self.thinking = ""
        self.clock = 0.0
        self.shown: narrate.Move | None = None
        self.notice = ""  # the last summary, in the prompt strip for SUMMARY_TIME seconds
        self.notice_left = 0.0
        self.spent_told: set[int] | None = None  # the seats whose crystals were told once the squads lay out

    # ------------------------------------------------------------------ the pacer's hooks
    def describe(self, scene, action, player: int) -> narrate.Move:
        return narrate.describe_move(scene.game, action, player, scene.tr, self._viewer(scene))

    @staticmethod
    def _viewer(scene) -> int | None:
        """Who the words are for: the board's viewer, or nobody's side (None) where every face-down card is
        shown as its back (the demo: the watchers see what a spectator at a real table sees)."""
        return None if scene.look.all_backs else scene.look.viewer

    def set_thinking(self, scene, text: str) -> None:
        self.thinking = text

    def show(self, scene, move) -> None:
        self.shown = move
        scene.refresh()

    def unshow(self, scene) -> None:
        if self.shown is not None:
            self.shown = None
            scene.refresh()

    def settled(self, scene) -> bool:
        """The last change's animations are over (ui/classic/anim.py)."""
        return not scene.motion.busy

    def blocked(self, scene) -> bool:
        """The person is reading the graveyards, has the table's menu open or is asked something, or the
        curtain is down (a table without a menu or questions has none of those)."""
        return (scene.browsing or scene.curtain_for is not None or getattr(scene, "menu_open", False)
                or getattr(scene, "undo_ask", None) is not None)

    def quick(self, scene, action) -> bool:
        """The setup happens behind the scenes; a pass in a priority window is nothing to watch."""
        return getattr(scene.game.pending, "kind", None) in SETUP_KINDS or isinstance(action, A.Pass)

    def made(self, scene, action, player: int, kind: str | None) -> None:
        """A step of the setup that ends a part of it: the summary a person may read, in the strip and the log."""
        g, tr = scene.game, scene.tr
        text = ""
        if kind == "recruit" and isinstance(action, A.Ready):
            text = narrate.recruit_summary(g, player, tr)
        elif kind == "place" and isinstance(action, A.Ready):
            text = narrate.placed_summary(g, player, tr)
        elif kind == "hide" and isinstance(action, A.KeepHidden):
            text = narrate.hidden_summary(g, player, tr)
        elif kind in ("order", "seat") or (kind == "before_recruit" and isinstance(action, A.Use)):
            text = narrate.describe_move(g, action, player, tr, self._viewer(scene)).text
        if text:
            self.tell(scene, player, text)

    def tell(self, scene, player: int, text: str) -> None:
        """A summary line: in the prompt strip for a while, and in the log."""
        ev = BotSummary(player=player, text=text)
        # kept with the last action's own events, so taking that action back takes its line with it
        scene.session.history[-1].events.append(ev)
        scene.session.log.append((scene.game.turn, ev))
        self.notice, self.notice_left = text, SUMMARY_TIME
        scene.refresh()

    def tell_spent(self, scene) -> None:
        """Once both squads are laid out, what each computer spent on its squad is no secret any more."""
        s = scene.session
        if not s.history or getattr(scene.game.pending, "kind", None) in ("order", "before_recruit", "recruit", "place"):
            return
        told = self.spent_told if self.spent_told is not None else set()
        for p, ctrl in enumerate(s.controllers):
            if ctrl.is_human or p in told:
                continue
            recruited = any(isinstance(e.action, A.Recruit) or getattr(e.action, "kind", None) == "recruit"
                            for e in s.history if e.player == p)
            if not recruited:
                told.add(p)
                continue
            text = narrate.spent_summary(scene.game, s.history, p, scene.tr)
            if text is not None:  # (a network game's: once the setup is over)
                told.add(p)
                self.tell(scene, p, text)

    # ------------------------------------------------------------------ the table
    def tick(self, scene, dt: float) -> None:
        """One frame: the badge's clock, then the computer's beats."""
        self.clock += dt
        if self.notice_left > 0:
            self.notice_left -= dt
            if self.notice_left <= 0:
                self.notice = ""
                scene.refresh()
        if self.spent_told is None:  # a table opened after the squads were laid out has nothing to tell
            laying = getattr(scene.game.pending, "kind", None) in ("order", "before_recruit", "recruit", "place")
            self.spent_told = set() if laying else {0, 1}
        if len(self.spent_told) < 2:
            self.tell_spent(scene)
        self.update(scene, dt)

    def overlay(self, scene) -> None:
        """Put the computer's move, or the last summary of its setup, on the table's look (called at the end
        of the table's refresh)."""
        look, s = scene.look, scene.session
        d = s.decider
        ctrl = s.controller(d)
        if scene.game.is_over or scene.curtain_for is not None:
            return
        bot = ctrl is not None and not ctrl.is_human
        m = self.shown if bot else None
        if m is None:
            if self.notice:  # a while in the strip, whoever decides (then it stays in the log)
                look.prompt = self.notice
            elif bot:  # the computer thinks: a short strip, so the badge at its right end has room
                look.prompt = scene.tr("cbot.setup_wait" if scene._kind() in SETUP_KINDS else "cbot.waiting",
                                       name=narrate.player_name(scene.game, d))
            return
        look.prompt = m.text
        look.toast = ""  # the move's caption wins over an older notice
        look.selected = m.marks[0] if m.marks else None
        look.moves = {m.cell: ""} if m.cell is not None else {}
        look.strikes = set()
        look.defenders = set()
        if m.arrow is not None:
            look.arrow = m.arrow

    def draw(self, surface: pygame.Surface, scene) -> None:
        """The pulsing frame round the card about to act, and the thinking badge."""
        view = scene.view
        if view is None or scene.curtain_for is not None:
            return
        L = view.L
        if self.shown is not None:
            k = (math.sin(self.clock * 9.0) + 1) / 2
            for cid in self.shown.marks:
                r = view.rect_of(scene.game, cid, scene.look.viewer)
                if r is not None:
                    pygame.draw.rect(surface, MARK, r.inflate(L.sc(12), L.sc(12)), max(2, L.sc(3 + 2 * k)),
                                     border_radius=L.sc(9))
        draw_badge(surface, L, self.thinking, self.clock)
