"""Lessons: a scenario with steps, for learning a game at the table (docs/lessons.md).

A lesson file is a scenario file (docs/scenarios.md: its ``ruleset``, cards and position, the dice to come)
plus a ``[lesson]`` table (title, goal, closing sentence, minutes, topics, the learner's seat) and ``[[step]]``
tables: what the table says (``say``, ru and en), the action that makes the step (``do``, in the game's text
form with ``$refs``; a step without one is read and passed with «Дальше»), what is said once it is made
(``then``), cards and cells to light beside the action's own (``light``), the checks after it (``expect``,
the scenario's checks) and the wrong moves a learner may try (``[[step.mistake]]``: the action, the engine's
refusal code — or none for a legal move the lesson turns down — and the coaching sentence).

The steps' actions are the scenario's actions, their checks its expectations, so the game's own scenario
module builds the position and plays the lesson (:func:`verify`): a rules change that breaks a lesson shows
as a broken lesson naming the file and the step. Pure: the dict comes from the content loader
(:mod:`engine.content.lessons`), the base cards through ``pools``; this module imports no game (each game's
scenario module is found through ``find_ruleset``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from engine.core.actions import Action
from engine.core.errors import CardDataError, IllegalAction, clip
from engine.core.fields import Fields
from engine.scenario import BasePools, Refused, ScenarioError, parse_scenario, ruleset_of
from engine.scenario import play as play_scenario

LESSON_KEYS = {"title", "goal", "done", "minutes", "topics", "learner"}
STEP_KEYS = {"say", "do", "then", "light", "expect", "mistake", "wrong"}
MISTAKE_KEYS = {"do", "code", "say"}
OWN_KEYS = {"lesson", "step"}  # a lesson's keys beside the scenario's


class LessonError(CardDataError):
    """A lesson file that cannot be used: the file and the field named (``step[3].do``), the reason in ru and en."""


@dataclass(frozen=True)
class Words:
    """A sentence in both languages."""

    ru: str
    en: str

    def __call__(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en


@dataclass(frozen=True)
class Mistake:
    """A wrong move a learner may make at a step, and what the table says then.

    ``code`` is the engine's refusal code (``IllegalAction.code``); None means a move the rules allow that the
    lesson turns down (it would leave the lesson's path)."""

    action: str
    code: str | None
    say: Words


@dataclass(frozen=True)
class Step:
    """One step: what is said, the action that makes it (None: a step to read), what is said after it."""

    index: int
    say: Words | None
    action: str | None = None
    then: Words | None = None
    light: tuple[str, ...] = ()
    mistakes: tuple[Mistake, ...] = ()
    wrong: Words | None = None
    checks: dict[str, Any] | None = None

    @property
    def where(self) -> str:
        return f"step[{self.index}]"


@dataclass
class Lesson:
    """A parsed lesson: its words, steps and the scenario that holds its position and its steps' actions."""

    id: str
    ruleset: str
    title: Words
    goal: Words
    done: Words
    minutes: int
    topics: tuple[str, ...]
    learner: int
    steps: tuple[Step, ...]
    scenario: Any
    file: str = ""
    _runner: Any = field(default=None, repr=False, compare=False)

    @property
    def runner(self) -> Any:
        """The game's scenario module (``parse``, ``build``, ``parse_step``, ``play``)."""
        if self._runner is None:
            from engine.core.ruleset import find_ruleset

            self._runner = find_ruleset(self.ruleset).scenarios
        return self._runner

    @property
    def acting(self) -> list[Step]:
        """The steps that make an action, in order (their actions are the scenario's)."""
        return [s for s in self.steps if s.action is not None]


# ====================================================================== parsing
def _words(f: Fields, key: str, required: bool = True) -> Words | None:
    if key not in f.table and not required:
        return None
    names = f.names(key)
    return Words(ru=names["ru"], en=names["en"])


def _fail(file: str, where: str, en: str, ru: str) -> LessonError:
    return LessonError(en, ru=ru, file=file, field=where)


def _from(exc: CardDataError | ScenarioError, file: str, where: str = "") -> LessonError:
    """A scenario's or a position's error as the lesson's: the file, and the field in the lesson's own terms (the
    scenario's own name for the place, ``field actions[5]:``, is left out of the words)."""
    en, ru, at = (exc.detail, exc.ru, exc.field) if isinstance(exc, CardDataError) else (exc.en, exc.ru, exc.field)
    if at:
        en = en.removeprefix(f"field {at}: ").removeprefix(f"{at}: ")
        ru = ru.removeprefix(f"поле {at}: ").removeprefix(f"{at}: ")
    return LessonError(en, ru=ru, file=file, field=where or at)


def parse_lesson(data: Any, lesson_id: str, file: str = "", *, pools: BasePools) -> Lesson:
    """Validate a lesson dict (from TOML): its own tables, then the scenario it is. Raises LessonError."""
    try:
        return _parse_lesson(data, lesson_id, file, pools)
    except LessonError:
        raise
    except CardDataError as exc:  # a field of the lesson's own tables (engine.core.fields)
        raise LessonError(exc.detail, ru=exc.ru, file=file, field=exc.field) from None


def _parse_lesson(data: Any, lesson_id: str, file: str, pools: BasePools) -> Lesson:
    if not isinstance(data, dict):
        raise _fail(file, "", "a lesson is a table", "урок записывается таблицей")
    try:
        ruleset = ruleset_of(data)
    except ScenarioError as exc:
        raise _from(exc, file) from None
    if not isinstance(data.get("lesson"), dict):
        raise _fail(file, "lesson", "missing: a [lesson] table with title, goal and done",
                    "не указано: нужна таблица [lesson] с title, goal и done")
    top = Fields(data["lesson"], file=file, prefix="lesson.")
    top.only(LESSON_KEYS)
    title, goal, done = _words(top, "title"), _words(top, "goal"), _words(top, "done")
    minutes = top.whole("minutes", low=1, high=10, default=2)
    learner = top.whole("learner", low=0, high=1, default=0)
    topics = top.table.get("topics", [])
    if not isinstance(topics, list) or not all(isinstance(t, str) and t for t in topics):
        raise top.fail("topics", "must be a list of topic names", "нужен список тем")
    raw = data.get("step", [])
    if not isinstance(raw, list) or not raw or not all(isinstance(s, dict) for s in raw):
        raise _fail(file, "step", "a lesson needs [[step]] tables", "в уроке нужны таблицы [[step]]")
    steps = tuple(_parse_step(i, s, file) for i, s in enumerate(raw))
    if "actions" in data or "expect" in data:
        key = "actions" if "actions" in data else "expect"
        raise _fail(file, key, "a lesson's actions and checks are its steps' do and expect",
                    "действия и проверки урока — это do и expect его шагов")
    scenario_data = {k: v for k, v in data.items() if k not in OWN_KEYS}
    scenario_data["actions"] = [s.action for s in steps if s.action is not None]
    scenario_data["expect"] = [dict(s.checks or {}, after=n + 1, note=s.where)
                               for n, s in enumerate(x for x in steps if x.action is not None)]
    try:
        scenario = parse_scenario(scenario_data, file, pools=pools)
    except ScenarioError as exc:
        raise _from(exc, file, _step_field(exc.field, steps)) from None
    except CardDataError as exc:
        raise _from(exc, file) from None
    return Lesson(id=lesson_id, ruleset=ruleset, title=title, goal=goal, done=done,  # type: ignore[arg-type]
                  minutes=minutes, topics=tuple(topics), learner=learner, steps=steps, scenario=scenario, file=file)


def _parse_step(i: int, data: dict[str, Any], file: str) -> Step:
    f = Fields(data, file=file, prefix=f"step[{i}].")
    f.only(STEP_KEYS)
    action = f.text("do", default=None) if "do" in data else None
    light = data.get("light", [])
    if not isinstance(light, list) or not all(isinstance(x, str) and x for x in light):
        raise f.fail("light", "must be a list of $refs or cells \"row,col\"", "нужен список $ссылок или клеток \"ряд,столбец\"")
    checks = data.get("expect")
    if checks is not None and (not isinstance(checks, dict) or "after" in checks or "note" in checks):
        raise f.fail("expect", "must be a table of checks (no after or note: they are the step's own)",
                     "нужна таблица проверок (без after и note: они — сам шаг)")
    if checks is not None and action is None:
        raise f.fail("expect", "checks go with a step that makes an action (do)", "проверки бывают у шага с действием (do)")
    raw = data.get("mistake", [])
    if not isinstance(raw, list) or not all(isinstance(m, dict) for m in raw):
        raise f.fail("mistake", "must be [[step.mistake]] tables", "записывается таблицами [[step.mistake]]")
    if raw and action is None:
        raise f.fail("mistake", "wrong moves go with a step that makes an action (do)",
                     "ошибочные ходы бывают у шага с действием (do)")
    mistakes = []
    for j, m in enumerate(raw):
        mf = Fields(m, file=file, prefix=f"step[{i}].mistake[{j}].")
        mf.only(MISTAKE_KEYS)
        code = mf.text("code", default=None) if "code" in m else None
        mistakes.append(Mistake(action=mf.text("do"), code=code, say=_words(mf, "say")))  # type: ignore[arg-type]
    say = _words(f, "say", required=action is None)
    return Step(index=i, say=say, action=action, then=_words(f, "then", required=False), light=tuple(light),
                mistakes=tuple(mistakes), wrong=_words(f, "wrong", required=False), checks=checks)


def _step_field(field_name: str, steps: tuple[Step, ...]) -> str:
    """A scenario field (``actions[2]``, ``expect[2].wounds.a``) as the lesson's (``step[4].do``, ``step[4].expect…``)."""
    acting = [s for s in steps if s.action is not None]
    for head, own in (("actions[", "do"), ("expect[", "expect")):
        if field_name.startswith(head):
            number, _, rest = field_name[len(head):].partition("]")
            if number.isdigit() and int(number) < len(acting):
                tail = rest.lstrip(".")
                return f"{acting[int(number)].where}.{own}" + (f".{tail}" if tail and own == "expect" else "")
    return field_name


# ====================================================================== playing
def begin(lesson: Lesson) -> Any:
    """The lesson's position, as its game's scenario module builds it (``.game``, ``.labels``). Raises LessonError."""
    try:
        return lesson.runner.build(lesson.scenario)
    except (ScenarioError, CardDataError) as exc:
        raise _from(exc, lesson.file) from None


def action_of(lesson: Lesson, position: Any, text: str, where: str) -> Action:
    """An action text of the lesson with its ``$refs`` read against the game as it is now. Raises LessonError."""
    try:
        return lesson.runner.parse_step(position, text, where)
    except (ScenarioError, CardDataError) as exc:
        raise _from(exc, lesson.file, where) from None


def refusal(game: Any, action: Action) -> IllegalAction | None:
    """Why the rules refuse ``action`` now (tried on a copy: the game is untouched), or None if they allow it."""
    try:
        game.clone().apply(action)
    except IllegalAction as exc:
        return exc
    return None


def card_of(position: Any, ref: str, where: str) -> int:
    """The card a ``$ref`` of the lesson names now: a label (both games), or for «Герои» a card id or printed name."""
    name = ref[1:] if ref.startswith("$") else ref
    if name in position.labels:
        return int(position.labels[name])
    find = getattr(position, "id", None)  # «Герои» also finds a card by its id or printed name
    if find is not None:
        try:
            return int(find(name))
        except Exception as exc:  # noqa: BLE001 - the position's own error, said as the lesson's
            raise LessonError(str(exc), ru=getattr(exc, "ru", str(exc)), field=where) from None
    known = ", ".join(sorted(position.labels)) or "—"
    raise LessonError(f"no card labelled {name!r} (labels: {known})", ru=f"нет карты с меткой {name!r} (метки: {known})",
                      field=where)


def verify(lesson: Lesson) -> None:
    """Play the lesson against the engine alone: every step's action legal when its turn comes, every check
    holding, every wrong move refused as the file says (with its code) or, with no code, allowed by the rules
    and other than the step's own action. Raises LessonError naming the step."""
    acting = lesson.acting
    _checks(lesson, lesson.scenario)
    position = begin(lesson)
    game = position.game
    done = 0
    for step in lesson.steps:
        if step.action is None:
            continue
        if step.mistakes and game.decider != lesson.learner:
            raise LessonError("wrong moves go with a step of the learner's", ru="ошибочные ходы бывают у шага ученика",
                              file=lesson.file, field=f"{step.where}.mistake")
        own = action_of(lesson, position, step.action, f"{step.where}.do")
        for j, m in enumerate(step.mistakes):
            where = f"{step.where}.mistake[{j}]"
            wrong = action_of(lesson, position, m.action, f"{where}.do")
            why = refusal(game, wrong)
            if m.code is None and (why is not None or wrong == own):
                got = "it is the step's own action" if why is None else f"the rules refuse it: {why.en} [{why.code}]"
                got_ru = "это и есть действие шага" if why is None else f"правила его не разрешают: {why.ru} [{why.code}]"
                raise LessonError(f"a wrong move with no code must be allowed by the rules and other than the step's; "
                                  f"{got}", ru=f"ошибочный ход без code должен быть разрешён правилами и отличаться от "
                                  f"действия шага; а {got_ru}", file=lesson.file, field=f"{where}.do")
            if m.code is not None and (why is None or why.code != m.code):
                got = "allowed" if why is None else why.code
                raise LessonError(f"expected the rules to refuse it with code {m.code!r}, got {got!r}",
                                  ru=f"ожидался отказ правил с кодом {m.code!r}, а вышло {got!r}", file=lesson.file,
                                  field=f"{where}.code")
        for k, ref in enumerate(step.light):
            if "," not in ref:
                card_of(position, ref, f"{step.where}.light[{k}]")
        game.apply(own)
        done += 1
    assert done == len(acting)


def _checks(lesson: Lesson, scenario: Any) -> None:
    """The steps' actions and checks played by the game's scenario module; the first that fails, in step order,
    raised as the lesson's error (a check that fails before a refused action is the one named)."""
    acting = lesson.acting
    try:
        result = play_scenario(scenario, lang="en")
    except Refused as exc:
        before = replace(scenario, actions=scenario.actions[:exc.step - 1],
                         expects=[e for e in scenario.expects if e.after is not None and e.after < exc.step])
        _checks(lesson, before)  # a check of an earlier step that failed is what went wrong first
        step = acting[exc.step - 1]
        raise LessonError(f"the rules refuse {exc.text!r}: {exc.error.en} [{exc.error.code}]",
                          ru=f"правила не разрешают «{exc.text}»: {exc.error.ru} [{exc.error.code}]",
                          file=lesson.file, field=f"{step.where}.do") from None
    except ScenarioError as exc:
        raise _from(exc, lesson.file, _step_field(exc.field, lesson.steps)) from None
    if result.failures:
        ru_result = play_scenario(scenario, lang="ru")
        where = next((s.where for s in acting if f"«{s.where}»" in result.failures[0]), "step")
        raise LessonError(result.failures[0], ru=(ru_result.failures or result.failures)[0], file=lesson.file,
                          field=f"{where}.expect")


def describe(exc: CardDataError, lang: str) -> str:
    """A lesson error in one line: the file's name (not its whole path), the field, the reason."""
    name = exc.file.replace("\\", "/").rsplit("/", 1)[-1] if exc.file else ""
    return clip(exc.reason(lang, file=name))
