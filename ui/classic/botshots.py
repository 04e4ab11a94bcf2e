"""Classic pictures of the computer for ``main.py --screenshot DIR``: thinking in its turn against a person,
pointing at its strike, and the demo's classic game."""

from __future__ import annotations

import random
from concurrent.futures import Executor, Future
from pathlib import Path

from ui.screenshots import against_computer, save


class _Stalled(Executor):
    """A worker that never answers: the computer is caught thinking."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        return Future()


def _kind(g) -> str | None:
    return getattr(g.pending, "kind", None)


def _computer_strikes(g) -> bool:
    return _kind(g) == "main" and g.turn >= 4 and g.pending.player == 1 and \
        any(type(a).__name__ == "Strike" for a in g.legal_actions())


def computer_shots(app, out: Path) -> list[Path]:
    """The person (Аня) against Easy: the computer thinking in its turn, then its strike pointed at."""
    from ui.classic import content
    from ui.classic.scene import ClassicTableScene
    from ui.controllers import BotController, InlineExecutor
    from ui.scripted import advance

    ds = content.decks()
    for seed in range(1, 40):
        session = content.seat(content.start_full_session((ds[1], ds[2]), against_computer(app), seed),
                               ("human", "easy"), seed)
        if advance(session, random.Random(seed), _computer_strikes, limit=600):
            break
    else:
        return []
    bot = BotController("easy", seed, executor=_Stalled(), ruleset="classic")
    session.controllers[1] = bot
    table = ClassicTableScene(app, session)
    table.autosave = False
    app.switch(table)
    for _ in range(20):
        table.update(0.05)
    saved = [save(app, table, out, "classic_computer_thinking.png")]
    bot.cancel()
    bot.executor = InlineExecutor()
    for _ in range(400):  # its moves through the table's pacing, until a strike is pointed at
        table.update(0.05)
        shown = table.bots.shown
        person_decides = _kind(table.game) != "main" and table.game.decider == 0
        if (shown is not None and shown.arrow is not None) or table.game.is_over or person_decides:
            break
    saved.append(save(app, table, out, "classic_vs_computer.png"))
    saved.append(_demo(app, out))
    return saved


def _demo(app, out: Path) -> Path:
    """The demo's classic game (Easy against Easy here, for speed), a move pointed at with its caption."""
    from ui.controllers import InlineExecutor
    from ui.scenes.demo import DemoScene

    demo = DemoScene(app, ruleset="classic", rng=random.Random(4), level="easy", executor=InlineExecutor())
    app.switch(demo)
    for _ in range(3000):
        demo.update(0.05)
        shown = demo.bots.shown
        if (shown is not None and shown.arrow is not None and demo.game.turn >= 3) or demo.game.is_over:
            break
    return save(app, demo, out, "classic_demo.png")
