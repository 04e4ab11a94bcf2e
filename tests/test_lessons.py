"""Lesson files against the engine alone: every step's action legal when its turn comes, every check holding,
every wrong move refused with the code the file gives (or allowed and other than the step's own); the paths
cover every topic the learner meets; a broken file is named with its field and leaves the others loading."""

from __future__ import annotations

import pathlib
import re

import pytest

from engine.content.lessons import LESSONS, load_lessons, read_lesson
from engine.lesson import LessonError, action_of, begin, describe, refusal

FILES = sorted(LESSONS.glob("*/*.toml"))

# what each game's path must teach (the lessons' ``topics`` together)
TOPICS = {
    "classic": {"board", "moving", "strike", "dice", "hit_table", "lowering", "tapped", "defenders", "flyers", "shots",
                "abilities", "instants", "stack", "squad", "crystals", "elements", "elite", "redeal", "placement",
                "winning", "draws"},
    "heroes": {"coins", "play", "attack", "defend", "defender", "hero", "hero_ability", "queue", "triggers", "spells",
               "equipment", "winning_hero", "deck_out"},
}


def lesson_of(path: pathlib.Path):
    return read_lesson(path, f"{path.parent.name}/{path.stem}", path.parent.name)


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_each_lesson_plays_against_the_engine(path: pathlib.Path) -> None:
    lesson = lesson_of(path)  # read_lesson plays the steps and tries the wrong moves (engine.lesson.verify)
    assert lesson.steps and lesson.acting, "a lesson makes moves"
    assert any(step.mistakes for step in lesson.steps), "each lesson has a wrong move with its coaching sentence"
    for step in lesson.steps:
        assert step.say is not None or step.action is not None
        for m in step.mistakes:
            assert m.say.ru != m.say.en and m.say.ru and m.say.en, f"{step.where}: a coaching sentence in ru and en"
    # replayed by hand: each learner's wrong move is refused or turned down, the step's own action is legal
    position = begin(lesson)
    game = position.game
    for step in lesson.acting:
        own = action_of(lesson, position, step.action, step.where)
        assert refusal(game, own) is None, f"{step.where}: {step.action} is legal when its turn comes"
        for m in step.mistakes:
            wrong = action_of(lesson, position, m.action, step.where)
            assert wrong != own
            why = refusal(game, wrong)
            assert (why.code if why is not None else None) == m.code, f"{step.where}: {m.action}"
        game.apply(own)


def test_the_paths_cover_every_topic() -> None:
    cat = load_lessons()
    assert not cat.broken, [describe(e, "en") for e in cat.broken]
    for ruleset, wanted in TOPICS.items():
        taught = {t for lesson in cat.path(ruleset) for t in lesson.topics}
        assert wanted <= taught, f"{ruleset}: not taught: {sorted(wanted - taught)}"
        assert 1 <= len(cat.path(ruleset)) <= 10
        for lesson in cat.path(ruleset):
            assert 1 <= lesson.minutes <= 3, f"{lesson.id}: a lesson takes 1–3 minutes"


def write(folder: pathlib.Path, name: str, text: str) -> pathlib.Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


GOOD = (LESSONS / "classic" / "01_board.toml").read_text(encoding="utf-8")

# a change to a good lesson -> the field its error names, and a fragment of the reason in ru and en
BREAKS = {
    "say_without_en": (GOOD.replace(', en = "This is the battlefield', ', eng = "This is the battlefield'),
                       "step[0].say", "{ru", "{ru"),
    "unknown_step_key": (GOOD.replace('do = "end"\nthen', 'doo = "end"\nthen'), "step[3].doo", "unknown field",
                         "неизвестное поле"),
    "move_refused": (GOOD.replace('do = "move card=$wolf to=2,2"', 'do = "move card=$wolf to=5,2"'), "step[2].do",
                     "the rules refuse", "правила не разрешают"),
    "check_fails": (GOOD.replace("expect = {at = {wolf = \"2,2\"}, moves = {wolf = 0}}",
                                 "expect = {at = {wolf = \"2,2\"}, moves = {wolf = 1}}"), "step[2].expect",
                    "moves.wolf", "moves.wolf"),
    "wrong_code": (GOOD.replace('code = "no_moves"', 'code = "tapped"'), "step[3].mistake[0].code", "'tapped'",
                   "'tapped'"),
    "mistake_is_the_move": (GOOD.replace('do = "move card=$wolf to=4,2"\ncode = "too_far"\n',
                                         'do = "move card=$wolf to=1,2"\n'), "step[1].mistake[0].do",
                            "other than the step's", "отличаться от действия шага"),
    "unknown_label": (GOOD.replace('do = "move card=$wolf to=3,2"', 'do = "move card=$fox to=3,2"'), "step[6].do",
                      "'fox'", "'fox'"),
    "no_lesson_table": (GOOD.replace("[lesson]", "[lessn]"), "lesson", "[lesson]", "[lesson]"),
    "not_toml": (GOOD.replace("[lesson]", "[lesson"), "", "", ""),
    "wrong_folder": (GOOD.replace('ruleset = "classic"', 'ruleset = "heroes"'), "ruleset", "classic", "classic"),
}


@pytest.mark.parametrize("name", sorted(BREAKS))
def test_a_broken_lesson_names_its_file_and_field(tmp_path: pathlib.Path, name: str) -> None:
    text, field, en, ru = BREAKS[name]
    assert text != GOOD, "the break changed the file"
    path = write(tmp_path, f"classic/{name}.toml", text)
    with pytest.raises(LessonError) as info:
        read_lesson(path, f"classic/{name}", "classic")
    exc = info.value
    assert exc.file == str(path)
    assert exc.field == field, exc.reason("en")
    line_en, line_ru = describe(exc, "en"), describe(exc, "ru")
    assert line_en.startswith(f"file {name}.toml") and line_ru.startswith(f"файл {name}.toml")
    assert en in line_en and ru in line_ru


def test_a_broken_file_leaves_the_others_loading(tmp_path: pathlib.Path) -> None:
    write(tmp_path, "classic/01_good.toml", GOOD)
    write(tmp_path, "classic/02_bad.toml", BREAKS["move_refused"][0])
    write(tmp_path, "heroes/01_good.toml", (LESSONS / "heroes" / "01_coins.toml").read_text(encoding="utf-8"))
    (tmp_path / "classic" / "03_folder.toml").mkdir()  # not a regular file
    cat = load_lessons(tmp_path)
    assert [x.id for x in cat.path("classic")] == ["classic/01_good"]
    assert [x.id for x in cat.path("heroes")] == ["heroes/01_good"]
    assert sorted(pathlib.Path(e.file).name for e in cat.broken) == ["02_bad.toml", "03_folder.toml"]
    assert cat.lesson("classic/02_bad") is None


def test_a_rules_change_that_breaks_a_lesson_is_caught(tmp_path: pathlib.Path) -> None:
    # Other dice, as a change to the hit table or the dice would give: the lowering step is no longer offered.
    text = (LESSONS / "classic" / "02_strike.toml").read_text(encoding="utf-8")
    path = write(tmp_path, "classic/02_strike.toml", text.replace("dice = [6, 2, 2, 6]", "dice = [3, 2, 2, 6]"))
    with pytest.raises(LessonError) as info:
        read_lesson(path, "classic/02_strike", "classic")
    assert info.value.field.startswith("step[1]"), info.value.reason("en")


def _texts(node, lang: str):
    """Every sentence in ``lang`` a lesson file shows: the values of its {ru, en} tables, however nested."""
    if isinstance(node, dict):
        if {"ru", "en"} <= node.keys():
            yield node[lang]
        else:
            for value in node.values():
                yield from _texts(value, lang)
    elif isinstance(node, list):
        for value in node:
            yield from _texts(value, lang)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_quoted_trigger_condition_is_the_one_the_cards_print(lang: str) -> None:
    # a lesson that quotes a condition as «Name: …» names it as the card faces do in that language
    import tomllib

    from engine.heroes.registry import TRIGGERS

    printed = {getattr(t, lang) for t in TRIGGERS.values()}
    quoted = {(path.stem, name) for path in LESSONS.glob("heroes/*.toml")
              for text in _texts(tomllib.loads(path.read_text(encoding="utf-8")), lang)
              for name in re.findall(r"«([^«»:]+): …»", text)}
    assert quoted, "the Queue lesson quotes the conditions it teaches"
    assert not {q for q in quoted if q[1] not in printed}, printed
