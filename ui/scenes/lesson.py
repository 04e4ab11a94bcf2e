"""A lesson at its game's table (the registry's "lesson"): the table as in a game, the coach's panel in place
of the log, and lights on what the step asks to drag or click.

The table is the one its game's client hands out for lessons (``lesson_table_class``: the table scene plus
where the panel goes, what rect a card, a cell or a button has, the lesson's own menu); the moves go through
a :class:`ui.lessons.run.LessonSession`, which makes only the step's own action and refuses anything else with
the coaching sentence. Nothing is saved but the progress: a lesson finished is checked on the lessons' screen
(ui/lessons/progress.py). It may be started again or left at any moment (the panel's buttons, the menu, Esc).
"""

from __future__ import annotations

import pygame

from ui.lessons import catalog as lesson_catalog
from ui.lessons.battle import start_first_battle
from ui.lessons.panel import COACH, GOLD, INK, MUTED, SOFT, Lines, draw_lights, draw_panel, panel_buttons
from ui.lessons.progress import progress
from ui.lessons.run import LessonRun, LessonSession
from ui.rulesets import find_client
from ui.scene import Scene
from ui.widgets.arming import Arming
from ui.widgets.button import Button

LESSON_PACE = 1.5  # the opponent's moves against the computer's pace (its words are waited for apart)
BLOCKED_KEYS = (pygame.K_F5, pygame.K_F9)  # quick save and load: a lesson is not saved


class Lesson(Scene):
    """A lesson at a table (mixed into its game's lesson table by :func:`lesson_scene_class`)."""

    def __init__(self, app, *, lesson_id: str) -> None:
        lesson = lesson_catalog.catalog().lesson(lesson_id)
        if lesson is None:
            raise LookupError(f"no lesson {lesson_id!r}")
        self.lesson = lesson
        self.run = LessonRun(lesson)
        self.lesson_buttons: list[Button] = []
        self.lesson_press = None
        self.lesson_clock = 0.0
        self.lesson_arming = Arming()
        self.lesson_recorded = False
        super().__init__(app, LessonSession.start(self.run))
        self.autosave = False  # a lesson is never saved: it is played again from its file
        self.tips.enabled = False  # the lesson says it all itself

    # ------------------------------------------------------------------ scene API
    def enter(self) -> None:
        learner = self.lesson.learner
        names = [self.tr("lesson.opponent"), self.tr("lesson.opponent")]
        names[learner] = self.tr("lesson.learner")
        self.lesson_set_names(names)
        self.lesson_arming.point(self.app.pointer)
        super().enter()

    def refresh(self) -> None:
        super().refresh()
        if self.view is None:
            return
        if self.run.finished and not self.lesson_recorded:
            self.lesson_recorded = True
            progress().finish(self.lesson.id)
        self.lesson_buttons = panel_buttons(self.lesson_panel(), self.lesson_sc(), self._labels())
        if self.lesson_menu_open():
            self.lesson_menu()

    def update(self, dt: float) -> None:
        self.run.wait_to_read(dt, self.pace() / LESSON_PACE)
        super().update(dt)
        self.lesson_clock += dt
        self.lesson_arming.tick(dt, self.lesson_buttons, self.run.index)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.view is None or self.lesson_hidden():
            return
        if self.lesson_menu_open():
            return  # the menu is over the table (and the panel under it)
        sc = self.lesson_sc()
        draw_panel(surface, self.lesson_panel(), sc, self._head(), self._blocks(), self.lesson_buttons,
                   self.lesson_mouse())
        rects, arrow = self.lesson_lights()
        draw_lights(surface, rects, arrow, self.lesson_clock, sc)

    def finish(self) -> None:
        """The game of a lesson is over: the table stays, the panel says what comes next."""

    def pace(self) -> float:
        return super().pace() * LESSON_PACE  # the opponent's scripted moves come a little quicker than a thought

    # ------------------------------------------------------------------ what the panel says
    def _head(self) -> str:
        path = lesson_catalog.catalog().path(self.lesson.ruleset)
        n = next((i + 1 for i, x in enumerate(path) if x.id == self.lesson.id), 1)
        return self.tr("lesson.head", n=n, of=len(path), title=self.lesson.title(self.tr.lang))

    def _blocks(self) -> list[Lines]:
        lang, run, tr = self.tr.lang, self.run, self.tr
        out = [Lines(tr("lesson.goal", goal=self.lesson.goal(lang)), MUTED, scale=0.9, optional=True)]
        if run.said is not None:
            out.append(Lines(run.said(lang), SOFT))
        if run.finished:
            out.append(Lines(self.lesson.done(lang), GOLD, True))
            return out
        step = run.step
        assert step is not None
        if step.say is not None:
            out.append(Lines(step.say(lang), INK, True))
        elif not run.learners_turn():
            out.append(Lines(tr("lesson.opponent_moves"), MUTED))
        if run.coach is not None or run.coach_key:
            out.append(Lines(run.coach(lang) if run.coach is not None else tr(run.coach_key), COACH, True))
        out.append(Lines(tr("lesson.step", n=run.number, of=len(self.lesson.steps)), MUTED, scale=0.85, optional=True))
        return out

    def _labels(self) -> list[tuple[str, tuple, str]]:
        tr, run = self.tr, self.run
        if run.finished:
            after = lesson_catalog.next_lesson(self.lesson.id)
            first = ("lesson", "next") if after is not None else ("lesson", "battle")
            return [(tr("lesson.next" if after is not None else "lesson.battle"), first, "primary"),
                    (tr("lesson.restart"), ("lesson", "restart"), "normal"),
                    (tr("lesson.to_path"), ("lesson", "leave"), "normal")]
        out = []
        if run.step is not None and run.step.action is None:
            out.append((tr("lesson.read_on"), ("lesson", "read_on"), "primary"))
        out += [(tr("lesson.restart"), ("lesson", "restart"), "normal"),
                (tr("lesson.leave"), ("lesson", "leave"), "normal")]
        return out

    def lesson_lights(self) -> tuple[list[pygame.Rect], tuple | None]:
        """What to light now: the step's action's cards, cells and buttons (and its drag as an arrow), the cards
        the step names, or «Дальше» on a step to read; nothing while the opponent acts."""
        run = self.run
        step = run.step
        if step is None or not run.learners_turn():
            return [], None
        if step.action is None:
            return [b.rect for b in self.lesson_buttons if b.value == ("lesson", "read_on")], None
        action = run.expected()
        rects, arrow = self.lesson_rects(action) if action is not None else ([], None)
        for ref in step.light:
            r = self.lesson_ref_rect(ref)
            if r is not None:
                rects.append(r)
        return rects, arrow

    def lesson_button(self, value) -> pygame.Rect | None:
        """Where the table's own button ``value`` is drawn now (None: not on show)."""
        return next((b.rect for b in self.lesson_table_buttons() if b.value == value), None)

    def lesson_ref_rect(self, ref: str) -> pygame.Rect | None:
        """The rect of a light the step names: a card (``$label``) or a cell (``"row,col"``)."""
        from engine.lesson import LessonError, card_of

        if "," in ref and not ref.startswith("$"):
            try:
                row, col = (int(x) for x in ref.split(","))
            except ValueError:
                return None
            return self.lesson_cell_rect((row, col))
        try:
            return self.lesson_card_rect(card_of(self.run.position, ref, "light"))
        except LessonError:
            return None

    def lesson_refused(self, action) -> None:
        """The table turned ``action`` down before making it (a drop or a click the rules refuse): the lesson's
        coaching for it, as if it had been tried."""
        from engine.lesson import refusal

        run = self.run
        why = refusal(self.game, action)
        if why is None or run.step is None or run.step.action is None or not run.learners_turn():
            return
        run.wrong += 1
        run.coach = run.coaching(action, why)
        run.coach_key = "" if run.coach is not None else "lesson.other_move"

    def lesson_probe(self) -> dict:
        """What the probe (ui/probe.py) tells of the lesson: its step, the panel's words and buttons, the lights."""
        from ui import probe

        run = self.run
        rects, arrow = self.lesson_lights() if self.view is not None else ([], None)
        coach = run.coach(self.tr.lang) if run.coach is not None else (self.tr(run.coach_key) if run.coach_key else "")
        return {"id": self.lesson.id, "step": run.index, "steps": len(self.lesson.steps), "finished": run.finished,
                "learner": run.learners_turn(), "coach": coach, "wrong": run.wrong,
                "buttons": probe.buttons(self.lesson_buttons), "lights": [probe.rect(r) for r in rects],
                "arrow": None if arrow is None else [list(map(int, arrow[0])), list(map(int, arrow[1]))]}

    # ------------------------------------------------------------------ buttons and keys
    def lesson_do(self, name: str) -> None:
        """A button of the panel or the lesson's menu."""
        if name == "read_on":
            if self.run.read_on():
                self.refresh()
        elif name == "restart":
            self.app.show("lesson", lesson_id=self.lesson.id)
        elif name == "leave":
            self.app.show("lessons")
        elif name == "next":
            after = lesson_catalog.next_lesson(self.lesson.id)
            self.app.show("lesson", lesson_id=after) if after else self.app.show("lessons")
        elif name == "battle":
            start_first_battle(self.app, self.lesson.ruleset)

    def handle_event(self, event: pygame.event.Event) -> None:
        t = event.type
        if t in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.lesson_arming.point(event.pos)
        if t == pygame.KEYDOWN and (event.key in BLOCKED_KEYS or (event.key == pygame.K_s
                                                                  and event.mod & pygame.KMOD_CTRL)):
            self.toast(self.tr("lesson.no_saving"))
            self.refresh()
            return
        if not self.lesson_hidden() and not self.lesson_menu_open():
            if t == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
                b = next((b for b in self.lesson_buttons if b.hit(event.pos)), None)
                if b is not None:
                    self.lesson_press = b.value if self.lesson_arming.takes(b, self.run.index) else None
                    return
            if t == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1 and self.lesson_press is not None:
                value, self.lesson_press = self.lesson_press, None
                b = next((b for b in self.lesson_buttons if b.hit(event.pos)), None)
                if b is not None and b.value == value:
                    self.lesson_do(value[1])
                return
            if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL) and \
                    self.lesson_panel().collidepoint(getattr(event, "pos", self.lesson_mouse())):
                return  # the panel covers what the table draws there: a click on it is the panel's
            if t == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) \
                    and self.run.step is not None and self.run.step.action is None:
                self.lesson_do("read_on")
                return
        super().handle_event(event)

    def lesson_menu_buttons(self) -> list[Button]:
        """The lesson's menu: back to the lesson, the rules, a draw offered (a lesson may teach it), the lesson again,
        leave it (no saving, no conceding)."""
        w, h = self.app.size
        sc = self.lesson_sc()
        items = [(self.tr("table.m_resume"), ("m", "resume"), "normal", True),
                 (self.tr("table.m_help"), ("m", "help"), "normal", True),
                 (self.tr("table.m_offer_draw"), ("m", "offer_draw"), "normal", self.lesson_may_offer_draw()),
                 (self.tr("lesson.restart"), ("lesson", "restart"), "normal", True),
                 (self.tr("lesson.leave"), ("lesson", "leave"), "danger", True)]
        bw, bh = sc(320), sc(44)
        y = h // 2 - (len(items) * (bh + sc(10))) // 2
        out = []
        for label, value, style, ok in items:
            out.append(Button(pygame.Rect((self.lesson_menu_width() - bw) // 2, y, bw, bh), label, value, style, ok))
            y += bh + sc(10)
        return out

    def lesson_menu_width(self) -> int:
        return self.app.size[0]


_classes: dict[str, type] = {}


def lesson_scene_class(ruleset: str) -> type:
    """The lesson on ``ruleset``'s lesson table (made once per game)."""
    cls = _classes.get(ruleset)
    if cls is None:
        base = find_client(ruleset).lesson_table_class()
        name = f"{ruleset.capitalize()}LessonScene"
        cls = _classes[ruleset] = type(name, (Lesson, base), {"__doc__": Lesson.__doc__})
    return cls


class LessonScene(Lesson):
    """A lesson's scene (the registry's "lesson"): made as its game's lesson table, found from the lesson's file."""

    def __new__(cls, app, *, lesson_id: str):
        lesson = lesson_catalog.catalog().lesson(lesson_id)
        if lesson is None:
            raise LookupError(f"no lesson {lesson_id!r}")
        return lesson_scene_class(lesson.ruleset)(app, lesson_id=lesson_id)
