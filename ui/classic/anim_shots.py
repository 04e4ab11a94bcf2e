"""A classic fight in mid-animation for ``main.py --screenshot DIR`` (classic_fight.png): the dice read,
the table's row lit, the attacker's lunge and the wounds on their way. A scripted game with animation at
normal speed; the strike is applied as the table applies a player's, then time runs to that moment.
"""

from __future__ import annotations

import random
from pathlib import Path

from ui.screenshots import save


def _run(app, scene, seconds: float) -> None:
    t = 0.0
    while t < seconds - 1e-9:
        scene.update(0.02)
        t += 0.02


def classic_fight(app, out: Path, new_session) -> list[Path]:
    """``new_session(seed)``: a full game of the screenshots' decks."""
    from engine.classic import actions as A
    from ui.classic.scene import ClassicTableScene
    from ui.scripted import advance

    def strike(g):
        for a in g.legal_actions():
            if isinstance(a, A.Strike) and g.creatures[a.target].owner != g.creatures[a.attacker].owner:
                trial = g.clone()
                kinds = {ev.kind for ev in trial.apply(a)}
                if {"die", "hit", "wounded"} <= kinds and getattr(trial.pending, "kind", None) == "main":
                    return a
        return None

    for seed in range(1, 40):
        session = new_session(seed)
        if advance(session, random.Random(seed), lambda g: getattr(g.pending, "kind", None) == "main"
                   and g.turn >= 3 and strike(g) is not None, limit=600):
            break
    else:
        return []
    speed = app.settings.anim_speed
    app.settings.anim_speed = 1.0
    try:
        table = ClassicTableScene(app, session)
        table.autosave = False
        app.switch(table)
        if table.curtain_for is not None:
            table.lift_curtain()
        table.do(strike(table.game))
        _run(app, table, 1.8)  # the dice read, the row lit, the blow on its way
        return [save(app, table, out, "classic_fight.png")]
    finally:
        app.settings.anim_speed = speed
