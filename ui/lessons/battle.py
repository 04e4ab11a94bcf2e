"""The first battle against the computer at the easiest level: what a game's path of lessons leads to."""

from __future__ import annotations

import random

from ui.rulesets import find_client


def start_first_battle(app, ruleset: str, seed: int | None = None) -> None:
    """A first game of ``ruleset`` against Easy (its client's gentle first-battle decks or squads), at its table."""
    names = (app.tr("setup.player", n=1), app.tr("lesson.computer"))
    client = find_client(ruleset)
    session = client.first_battle(names, random.randrange(1 << 30) if seed is None else seed)
    app.show(client.table_scene, session=session)
