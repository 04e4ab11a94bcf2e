"""Classic pictures of what the table says, for ``main.py --screenshot DIR``: a strike blocked — «Блок» over
the card that blocked it and the line in the log (``classic_blocked.png``); a fight whose dice both carry
modifiers, each named under its sum (``classic_dice_mods.png``); and a finished game's replay, every action in
words (``classic_replay.png``)."""

from __future__ import annotations

import random
from pathlib import Path

from ui.screenshots import people, save


def _position_session(placements, dice: list[int], names: tuple[str, str]):
    """A hot-seat session of a position built from the built-in cards, the first player to act, the dice as listed."""
    from engine.classic import ClassicGame, Placement
    from engine.core.rng import Rng
    from ui.classic.content import classic_cards
    from ui.session import GameSession

    class Dice(Rng):  # the picture's fight, the same every time
        def die(self, sides: int = 6) -> int:
            return dice.pop(0) if dice else 1

    game = ClassicGame.from_position(classic_cards(), [Placement(**p) for p in placements], active=0, turn=3,
                                     names=list(names))
    game.rng = Dice(0)
    return GameSession(game=game)


def _table(app, session):
    from ui.classic.scene import ClassicTableScene

    table = ClassicTableScene(app, session)
    table.autosave = False
    app.switch(table)
    if table.curtain_for is not None:
        table.lift_curtain()
    return table


def _run(scene, seconds: float) -> None:
    t = 0.0
    while t < seconds - 1e-9:
        scene.update(0.02)
        t += 0.02


def _animated(app, fn):
    speed = app.settings.anim_speed
    app.settings.anim_speed = 1.0
    try:
        return fn()
    finally:
        app.settings.anim_speed = speed


# The first player's Oak Warden (clumsy) strikes a Gatekeeper, which blocks simple strikes; no defender stands next to both
BLOCKED = (dict(owner=0, card="fr_oak_warden", at=(2, 2)), dict(owner=1, card="mn_bulwark", at=(3, 2)),
           dict(owner=0, card="fr_hawk", at=(2, 1)), dict(owner=1, card="mn_iron_guard", at=(4, 4)))
# a blessed, clumsy attacker (+1 −1) against a cursed Iron Warden that reflects with +1: both dice modified
MODS = (dict(owner=0, card="mn_stone_giant", at=(2, 2), blessed=True),
        dict(owner=1, card="mn_iron_guard", at=(3, 2), cursed=True),
        dict(owner=0, card="fr_hawk", at=(1, 2)), dict(owner=1, card="mn_bulwark", at=(4, 4)))


def shots(app, out: Path) -> list[Path]:
    from engine.classic import actions as A

    strike = A.Strike(attacker=1, target=2)

    def blocked():
        table = _table(app, _position_session(BLOCKED, [2, 1], people(app)))  # 2 − 1 against 1 − 1: the Gatekeeper blocks
        table.do(strike)
        _run(table, 2.9)  # the dice read and gone, the blow stopped: «Блок» over the card, the line in the log
        return save(app, table, out, "classic_blocked.png")

    def mods():
        table = _table(app, _position_session(MODS, [6, 2], people(app)))  # 6 + 1 − 1 against 2 − 1 + 1: lowering is asked
        table.do(strike)
        _run(table, 3.5)  # the dice settled; the higher roller is asked to lower: the dice stay on screen
        return save(app, table, out, "classic_dice_mods.png")

    saved = [_animated(app, blocked), _animated(app, mods)]
    replay = _replay(app, out)
    return saved + ([replay] if replay is not None else [])


def _replay(app, out: Path) -> Path | None:
    """A finished full game in the replay, at a point where the list shows the setup and the battle."""
    from engine.classic import actions as A
    from saves.replay import Replay
    from ui import storage
    from ui.classic import content
    from ui.classic.scripted import picture_action
    from ui.scenes.replay import ReplayScene
    from ui.scripted import advance

    ds = content.decks()
    for seed in range(1, 20):
        session = content.start_full_session((ds[1 % len(ds)], ds[2 % len(ds)]), people(app), seed)
        if advance(session, random.Random(seed), lambda g: g.is_over, limit=3000, act=picture_action):
            break
    else:
        return None
    record = session.record
    scene = ReplayScene(app, Replay(record.truncated(len(record.log)), storage.manager(app.saves_dir).base),
                        title=app.tr("saveas.default", a=people(app)[0], b=people(app)[1], n=session.game.turn))
    app.switch(scene)
    actions = [a for _, a in record.actions()]
    # the end of the layout: placements, «ready», the cards kept face down, then the first turn's actions
    at = next((i for i, a in enumerate(actions) if isinstance(a, A.KeepHidden | A.Seat)), len(actions) // 3)
    scene.goto(max(1, at - 1))
    scene.goto(scene.index + 1)
    scene.update(0.05)
    return save(app, scene, out, "classic_replay.png")
