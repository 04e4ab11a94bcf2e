"""The lessons' pictures for ``--screenshot``: the path of both games (``lessons.png``) and a step of a lesson of
each game with its lights, its sentence and the coaching after a wrong move (``lesson_classic.png``,
``lesson_heroes.png``). The progress shown is a made-up one kept in a temporary file, never the player's."""

from __future__ import annotations

import tempfile
from pathlib import Path

from engine.core.errors import IllegalAction
from engine.lesson import action_of
from ui.lessons import progress as progress_file
from ui.lessons.catalog import catalog

# (picture, lesson, steps made before it, the wrong move tried there)
STEPS = (("lesson_classic.png", "classic/02_strike", 1, "strike attacker=$wolf target=$brute"),
         ("lesson_heroes.png", "heroes/01_coins", 1, "play card=$footman"))


def lesson_shots(app, out: Path, save, settle) -> list[Path]:
    """The pictures, drawn with ``save(app, scene, out, name)`` and let run with ``settle(scene, seconds)`` (the
    shared pictures' own, ui/screenshots.py)."""
    from ui.registry import make_scene

    saved = []
    with tempfile.TemporaryDirectory(prefix="berserk-lessons-") as tmp:
        progress_file.use_file(Path(tmp) / progress_file.FILE)
        try:
            done = progress_file.progress()
            cat = catalog()
            for ruleset, n in (("classic", 3), ("heroes", 2)):  # a learner part of the way along both paths
                done.finished.update(x.id for x in cat.path(ruleset)[:n])
            path = make_scene(app, "lessons")
            app.switch(path)
            path.update(0.05)
            saved.append(save(app, path, out, "lessons.png"))
            for name, lesson_id, made, wrong in STEPS:
                if cat.lesson(lesson_id) is None:
                    continue
                scene = make_scene(app, "lesson", lesson_id=lesson_id)
                app.switch(scene)
                _along(scene, made)
                try:
                    scene.do(action_of(scene.lesson, scene.run.position, wrong, "picture"))
                except IllegalAction:
                    pass
                settle(scene, 1.0)
                saved.append(save(app, scene, out, name))
        finally:
            progress_file.use_file(None)
            progress_file.forget()
    return saved


def _along(scene, steps: int) -> None:
    """The lesson's first ``steps`` steps made as the lesson says (read on, or the step's own action)."""
    run = scene.run
    while run.index < steps and not run.finished:
        if run.step.action is None:
            run.read_on()
        else:
            scene.do(run.expected())
        scene.refresh()
