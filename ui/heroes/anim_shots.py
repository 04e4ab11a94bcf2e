"""A «Герои» attack in mid-animation for ``main.py --screenshot DIR`` (attack.png): the attacker's lunge
and the wounds flying. A scripted game with animation at normal speed; the attack is applied as the
table applies a player's, then time runs to that moment.
"""

from __future__ import annotations

import random
from pathlib import Path

from ui.screenshots import people, save


def _run(app, scene, seconds: float) -> None:
    t = 0.0
    while t < seconds - 1e-9:
        scene.update(0.02)
        t += 0.02


def heroes_attack(app, out: Path) -> list[Path]:
    from engine.heroes import actions as A
    from ui.heroes.scene import TableScene
    from ui.scripted import advance
    from ui.session import quick_session

    def ready(g):
        return getattr(g.pending, "kind", None) == "main" and g.turn >= 4 and any(
            isinstance(a, A.Attack) for a in g.legal_actions())

    for seed in range(1, 40):
        session = quick_session(seed=seed, names=people(app))
        if advance(session, random.Random(seed), ready, limit=3000):
            break
    else:
        return []
    speed = app.settings.anim_speed
    app.settings.anim_speed = 1.0
    try:
        table = TableScene(app, session, open_hands=True)
        table.autosave = False
        app.switch(table)
        _run(app, table, 2.0)
        table.do(next(a for a in table.game.legal_actions() if isinstance(a, A.Attack)))
        for _ in range(6):  # the defender's answer, if asked: none
            if any(ev.kind == "strike" for _, ev in session.log[-6:]) or table.game.pending is None:
                break
            acts = table.game.legal_actions()
            table.do(next((a for a in acts if isinstance(a, A.NoDefense)), acts[0]))
        _run(app, table, 0.3)
        return [save(app, table, out, "attack.png")]
    finally:
        app.settings.anim_speed = speed
