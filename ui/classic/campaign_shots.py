"""Pictures of a classic campaign (2007 part 8) for ``main.py --screenshot DIR``: a game of it with a creature
tapped «на отступление» and another's retreat offered on the strip (``campaign_retreat.png``), and the screen
between two games with the loser choosing his two cards (``campaign_between.png``)."""

from __future__ import annotations

import random
from pathlib import Path

from engine.classic import actions as A
from ui.screenshots import save


def _session(seed: int):
    from ui.classic import content

    ds = content.decks()
    return content.start_full_session((ds[1 % len(ds)], ds[2 % len(ds)]), ("Аня", "Борис"), seed, "campaign")


def retreating(g, rng: random.Random):
    """The picture's player: now and then a creature of the back row taps to retreat, else it plays on."""
    from ui.classic.scripted import picture_action

    retreats = [a for a in g.legal_actions() if isinstance(a, A.Retreat)] if g.pending is not None else []
    if retreats and g.turn >= 3 and rng.random() < 0.4:
        return rng.choice(retreats)
    return picture_action(g, rng)


def _retreat_on_board(g) -> bool:
    return (getattr(g.pending, "kind", None) == "main" and any(c.retreating for c in g.creatures.values())
            and any(isinstance(a, A.Retreat) for a in g.legal_actions()))


def campaign_shots(app, out: Path) -> list[Path]:
    from ui.classic.between import BetweenGamesScene
    from ui.classic.scene import ClassicTableScene
    from ui.scripted import advance

    saved = []
    for seed in range(1, 40):
        session = _session(seed)
        if advance(session, random.Random(seed), _retreat_on_board, limit=1500, act=retreating):
            table = ClassicTableScene(app, session)
            table.autosave = False
            app.switch(table)
            if table.curtain_for is not None:
                table.lift_curtain()
            offered = next(a for a in session.game.legal_actions() if isinstance(a, A.Retreat))
            table.selected = offered.card  # its click menu on the strip offers the retreat
            table.refresh()
            table.update(0.05)
            saved.append(save(app, table, out, "campaign_retreat.png"))
            break
    for seed in range(1, 60):
        session = _session(seed)
        rng = random.Random(seed)
        if not advance(session, rng, lambda g: g.is_over, limit=3000, act=retreating):
            continue
        c = session.campaign
        res = c.results[-1]
        if not (c.between and c.pending.choose == 2 and any(r["retreated"] for r in res["carried"])):
            continue
        scene = BetweenGamesScene(app, session)
        scene.autosave = False
        app.switch(scene)
        for cid, _ in scene.deck(c.decider)[:2]:
            scene.toggle(cid)  # two cards picked: the button to begin the next game is on
        scene.update(0.05)
        saved.append(save(app, scene, out, "campaign_between.png"))
        break
    return saved
