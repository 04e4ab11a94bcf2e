"""A lesson being played: its step, the scripted opponent, and the coaching sentence for a wrong move.

Every move goes through :meth:`LessonSession.apply`, as every move of a game goes through the session: the
step's own action is applied and the lesson goes on; anything else is refused and the state stays as it was —
with the engine's reason when the rules refuse it, and the lesson's coaching sentence in plain words (the
step's wrong move of that action or refusal code, else the step's or the table's general words). The
opponent's moves are the steps' own, made by :class:`LessonController` through the table's usual pacing of the
computer's moves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.lesson import Lesson, Step, Words, action_of, begin, refusal
from ui.controllers import Controller, HumanController
from ui.session import GameSession

# the table's words when a lesson has none of its own (ui/i18n: lesson.*)
READ_FIRST = "lesson.read_first"
OTHER_MOVE = "lesson.other_move"
FINISHED = "lesson.finished_move"
READING_BASE, READING_CHARS, READING_MAX = 1.0, 30.0, 6.0  # seconds to read an opponent's step's words


@dataclass
class LessonRun:
    """Where a lesson is: the step now (``index``), what was last said after a step (``said``) and the coaching
    sentence of the last wrong move since the last right one (``coach``)."""

    lesson: Lesson
    position: Any = None
    index: int = 0
    said: Words | None = None
    coach: Words | None = None
    coach_key: str = ""  # a table word instead of a sentence of the lesson's (READ_FIRST, OTHER_MOVE…)
    wrong: int = 0  # wrong moves made in this lesson
    hold: float = 0.0  # seconds the opponent waits before its scripted move, so its step's words can be read
    held: int = -1  # the step the wait was set for
    _expected: tuple[int, Action | None] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.position is None:
            self.position = begin(self.lesson)

    @property
    def game(self) -> Any:
        return self.position.game

    @property
    def step(self) -> Step | None:
        """The step now, or None once every step is made."""
        steps = self.lesson.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def number(self) -> int:
        """The step now counted from 1 (the count once finished)."""
        return min(self.index + 1, len(self.lesson.steps))

    def expected(self) -> Action | None:
        """The action the step now waits for (its ``$refs`` read against the game as it is), or None."""
        step = self.step
        if step is None or step.action is None:
            return None
        if self._expected is None or self._expected[0] != self.index:
            self._expected = (self.index, action_of(self.lesson, self.position, step.action, f"{step.where}.do"))
        return self._expected[1]

    def learners_turn(self) -> bool:
        """The step now is the learner's to make (a move of theirs, or a step to read)."""
        step = self.step
        if step is None:
            return False
        return step.action is None or self.game.decider == self.lesson.learner

    def read_on(self) -> bool:
        """«Дальше» on a step to read: the lesson goes on to the next step."""
        step = self.step
        if step is None or step.action is not None:
            return False
        self._next()
        return True

    def _next(self) -> None:
        self.index += 1
        self.coach, self.coach_key = None, ""

    def made(self, by_learner: bool = True) -> None:
        """The step's action was applied; what is said now is its ``then`` (an opponent's step without one keeps
        its own words, so what the opponent did can still be read)."""
        step = self.step
        assert step is not None
        self.said = step.then if step.then is not None or by_learner else step.say
        self._next()

    def wait_to_read(self, dt: float, pace: float) -> None:
        """Time passes at the table: an opponent's step is made once its words had time to be read (longer words
        longer, ``pace`` the table's speed: 1 at the normal animation speed)."""
        step = self.step
        if step is None or self.learners_turn():
            self.hold = 0.0
            return
        if self.held != self.index:
            self.held = self.index
            words = len(step.say.ru) if step.say is not None else 0
            self.hold = min(READING_MAX, READING_BASE + words / READING_CHARS) / max(1.0, pace) if words else 0.0
        self.hold = max(0.0, self.hold - dt)

    def coaching(self, action: Action, why: IllegalAction | None) -> Words | None:
        """The lesson's words for a wrong ``action`` at this step (``why``: the rules' refusal, or None when they
        allow it): the step's wrong move of that very action, else of that refusal code, else the step's ``wrong``
        for a move the rules allow. None: the table's general words (the engine's reason is shown beside)."""
        step = self.step
        if step is None:
            return None
        for m in step.mistakes:
            try:
                if action_of(self.lesson, self.position, m.action, "mistake") == action:
                    return m.say
            except Exception:  # noqa: BLE001 - a reference to a card gone since: that mistake is not this one
                continue
        if why is not None:
            return next((m.say for m in step.mistakes if m.code == why.code), None)
        return step.wrong


class LessonController(Controller):
    """The lesson's opponent: it makes the steps that are its own, as the lesson says (no thinking)."""

    kind = "lesson"
    is_human = False

    def __init__(self, run: LessonRun) -> None:
        self.run = run

    def decide(self, game, token: Any = None) -> Action | None:
        run = self.run
        if game is not run.game or game.decider is None or game.decider == run.lesson.learner or run.hold > 0:
            return None
        return run.expected()

    def agree_undo(self, game) -> bool | None:
        return False


class LessonSession(GameSession):
    """A game session that plays a lesson: only the step's own action is applied (no record, no saving, no undo)."""

    run: LessonRun

    @classmethod
    def start(cls, run: LessonRun) -> LessonSession:
        learner = run.lesson.learner
        controllers: list[Controller] = [HumanController(), HumanController()]
        controllers[1 - learner] = LessonController(run)
        s = cls(game=run.game, controllers=controllers)
        s.run = run
        for ev in getattr(run.game, "setup_events", []):
            s.log.append((0, ev))
        return s

    def apply(self, action: Action) -> list[Event]:
        run = self.run
        step = run.step
        if step is None or step.action is None:
            run.coach, run.coach_key = None, FINISHED if step is None else READ_FIRST
            raise IllegalAction("lesson", *_words(run.coach_key))
        if action == run.expected():
            by_learner = self.game.decider == run.lesson.learner
            events = super().apply(action)
            run.made(by_learner)
            return events
        why = refusal(self.game, action)
        if self.game.decider == run.lesson.learner:
            run.wrong += 1
            run.coach = run.coaching(action, why)
            run.coach_key = "" if run.coach is not None else OTHER_MOVE
        if why is not None:
            raise why  # the rules' own reason; the lesson's words are on its panel
        words = run.coach
        raise IllegalAction("lesson", *((words.ru, words.en) if words is not None else _words(OTHER_MOVE)))

    def undo_block(self) -> str | None:
        return "lesson.no_undo"


def _words(key: str) -> tuple[str, str]:
    from ui.i18n import Tr

    return Tr("ru")(key), Tr("en")(key)
