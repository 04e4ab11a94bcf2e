"""Classic pictures for ``main.py --screenshot DIR``: the board mid-game (tapped and wounded cards), the
defender prompt and the dice of an exchange with the higher roller's choice."""

from __future__ import annotations

import random
from pathlib import Path

from ui.screenshots import save


def _session(seed: int):
    from ui.classic import content

    squads = content.squads()
    return content.start_session([squads[0], squads[1]], ("Аня", "Борис"), seed)


def _until(session, rng, done, limit: int = 400) -> bool:
    from ui.scripted import advance

    return advance(session, rng, done, limit=limit)


def _board_worth_a_picture(g) -> bool:
    if getattr(g.pending, "kind", None) != "main" or g.turn < 4:
        return False
    cs = [c for c in g.creatures.values() if c.at is not None]
    return any(c.tapped for c in cs) and any(c.wounds for c in cs)


def shots(app, out: Path) -> list[Path]:
    from ui.classic.scene import ClassicTableScene

    saved = []
    wanted = (("classic_board.png", _board_worth_a_picture),
              ("classic_defender.png", lambda g: getattr(g.pending, "kind", None) == "defender"),
              ("classic_dice.png", lambda g: getattr(g.pending, "kind", None) == "lower"))
    for name, done in wanted:
        for seed in range(1, 30):
            session = _session(seed)
            if _until(session, random.Random(seed), done):
                break
        else:
            continue
        table = ClassicTableScene(app, session)
        table.autosave = False
        app.switch(table)
        if table.curtain_for is not None:
            table.lift_curtain()
        table.update(0.05)
        saved.append(save(app, table, out, name))
    return saved
