"""Classic pictures for ``main.py --screenshot DIR``, from scripted full games (decks, squad building,
placement, battle): the recruit screen, placement half done, the board mid-game (flyers, markers, tapped
cards), the dice with the higher roller's choice, the defender prompt, an instant's prompt with the stack,
and the end of a game (the board, then the end screen with its chart)."""

from __future__ import annotations

import random
from pathlib import Path

from ui.screenshots import PEOPLE, people, point_at_swing, save


def _session(seed: int, decks: tuple[int, int] = (1, 2), names: tuple[str, str] = PEOPLE["ru"]):
    from ui.classic import content

    ds = content.decks()
    return content.start_full_session((ds[decks[0] % len(ds)], ds[decks[1] % len(ds)]), names, seed)


def _until(session, rng, done, limit: int = 600) -> bool:
    from ui.classic.scripted import picture_action
    from ui.scripted import advance

    return advance(session, rng, done, limit=limit, act=picture_action)  # enemies struck, never one's own side


def _kind(g) -> str | None:
    return getattr(g.pending, "kind", None)


def _squad_half_built(g) -> bool:
    return _kind(g) == "recruit" and g.setup is not None and len(g.setup.squads[g.pending.player]) >= 4


def _half_placed(g) -> bool:
    if _kind(g) != "place" or g.setup is None:
        return False
    squad = g.setup.squads[g.pending.player]
    return 0 < sum(i in g.creatures for i in squad) <= len(squad) - 2


def _board_worth_a_picture(g) -> bool:
    if _kind(g) != "main" or g.turn < 4:
        return False
    cs = [c for c in g.creatures.values() if c.on_board]
    return (any(c.tapped for c in cs) and any(c.wounds for c in cs) and any(c.zone == "extra" for c in cs)
            and any(c.chips or c.poison or c.extra_lives or c.blessed or c.cursed for c in cs))


def _instant(g) -> bool:
    return _kind(g) == "respond" and bool(g.stack) and any(type(a).__name__ == "Use" for a in g.legal_actions())


WANTED = (("classic_squad.png", _squad_half_built), ("classic_place.png", _half_placed),
          ("classic_board.png", _board_worth_a_picture), ("classic_defender.png", lambda g: _kind(g) == "defender"),
          ("classic_dice.png", lambda g: _kind(g) == "lower"), ("classic_instant.png", _instant),
          ("classic_end.png", lambda g: g.is_over))


def shots(app, out: Path) -> list[Path]:
    from ui.classic.scene import ClassicTableScene

    saved = []
    for name, done in WANTED:
        for seed in range(1, 40):
            session = _session(seed, names=people(app))
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
        if name == "classic_end.png":  # the end screen that follows: the game as a chart
            from ui.scenes.end import EndScene

            end = EndScene(app, session)
            app.switch(end)
            point_at_swing(app, end)
            saved.append(save(app, end, out, "classic_end_screen.png"))
    from ui.classic.anim_shots import classic_fight

    return saved + classic_fight(app, out, lambda seed: _session(seed, names=people(app)))  # a fight in mid-animation
