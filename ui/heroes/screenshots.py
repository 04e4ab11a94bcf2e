"""«Герои»'s pictures for ``main.py --screenshot DIR`` (ui/screenshots.py draws the shared screens first)."""

from __future__ import annotations

import random
from concurrent.futures import Executor, Future
from pathlib import Path

import pygame

from ui.screenshots import against_computer, people, point_at_swing
from ui.screenshots import save as _save
from ui.screenshots import settle as _settle
from ui.scripted import advance


def rich_table(g) -> bool:
    """A table worth a picture: cards in both rows, something tapped and wounded, player 1 to act."""
    if g.pending is None or g.pending.kind != "main" or g.active != 0 or g.turn < 7:
        return False
    rows = [g.players[p].play for p in (0, 1)]
    tapped = any(g.cards[c].tapped for r in rows for c in r)
    wounded = any(g.cards[c].wounds for r in rows for c in r)
    return min(len(r) for r in rows) >= 3 and tapped and wounded and len(g.players[0].hand) >= 2


def shots(app, out: Path) -> list[Path]:
    """The «Герои» table, a drag, save prompt, zoom, curtain, prompt, the computer thinking, the demo,
    crowded tables, the end screen, the saves screen and a replay."""
    from ui.heroes.scene import TableScene
    from ui.heroes.table import intents, saving
    from ui.scenes.end import EndScene
    from ui.scenes.load import LoadScene
    from ui.scenes.replay import ReplayScene
    from ui.scenes.save_as import SaveAsScene
    from ui.session import quick_session
    from ui.testing import Input

    saved = []
    session = None
    for seed in range(1, 40):  # a seed whose eager game reaches a rich table
        session = quick_session(seed=seed, names=people(app))
        if advance(session, random.Random(seed), rich_table, limit=500):
            break
    assert session is not None
    rng = random.Random(99)
    table = TableScene(app, session)
    table.autosave = False
    app.switch(table)
    if table.ui.curtain:
        table.lift_curtain()
    _settle(table)
    saved.append(_save(app, table, out, "table.png"))
    saving.quicksave(table)
    prompt = SaveAsScene(app, table)
    app.switch(prompt)
    prompt.update(0.05)
    saved.append(_save(app, prompt, out, "save_as.png"))
    prompt.confirm()

    # a drag in progress: a playable hand card held over the table, its targets lit
    g = session.game
    playable = [c for c in g.players[table.ui.viewer].hand if intents.source_actions(g, ("card", c))]
    cid = (playable or g.players[table.ui.viewer].hand)[0]
    r = table.view.card_rect(cid)
    hand = Input(app, dt=0.0, draw_every=0)  # a person's pointer, held down over the table
    if r is not None:
        hand.move(r.center)
        hand.down()
        hand.move((r.centerx, r.centery - 40))
        hand.move(table.view.L.sides["bottom"].play.center)
    saved.append(_save(app, table, out, "drag.png"))
    hand.up((5, 5))
    table._clear_selection()
    table.refresh()
    _settle(table)  # the dropped card flies home before the next picture

    # zoom: a creature in play with the most to say
    creatures = [c for p in g.players for c in p.play if g.cdef(c).type == "creature" and not g.cards[c].hidden]
    if creatures:
        best = max(creatures, key=lambda c: len(g.cdef(c).abilities) + g.cards[c].wounds)
        table.zoom_pinned = True
        table._set_zoom(best)
    saved.append(_save(app, table, out, "zoom.png"))
    table.ui.zoom = None
    table.zoom_pinned = False
    table.hover = None

    # the defender's choice: the curtain first (the other player must decide), then the prompt
    advance(session, rng, lambda g: g.pending is not None and g.pending.kind == "defender")
    table.refresh()
    _settle(table, 0.5)
    saved.append(_save(app, table, out, "curtain.png"))
    if table.ui.curtain is not None:
        table.lift_curtain()
    _settle(table)
    saved.append(_save(app, table, out, "prompt.png"))

    saved += _computer_shots(app, out)
    saved += crowded_shots(app, out)

    advance(session, rng, lambda g: g.is_over, limit=3000)
    end = EndScene(app, session)
    app.switch(end)
    point_at_swing(app, end)
    saved.append(_save(app, end, out, "end.png"))

    # the saves screen (with one broken file among them) and a replay of the finished game
    saving.save_named(table, app.tr("saveas.default", a=g.players[0].name, b=g.players[1].name, n=g.turn))
    (Path(app.saves_dir) / "damaged.json").write_text('{"format": "berserk-table-save", "version": 1,', "utf-8")
    saves = LoadScene(app)
    app.switch(saves)
    saves.select(next((i for i, info in enumerate(saves.files) if info.ok and info.over), 0))
    saves.update(0.05)
    saved.append(_save(app, saves, out, "saves.png"))
    if end.watch() and isinstance(app.scene, ReplayScene):
        replay = app.scene
        replay.goto(len(replay.replay) * 2 // 3)
        replay.goto(replay.index + 1)
        _settle(replay, 0.4)
        saved.append(_save(app, replay, out, "replay.png"))
    from ui.heroes.anim_shots import heroes_attack

    return saved + heroes_attack(app, out)  # an attack in mid-animation




class _Stalled(Executor):
    """A worker that never answers: the computer is caught thinking."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        return Future()


def _bot_moves(scene, n: int, limit: int = 400) -> bool:
    """Let the computer make ``n`` moves through the table's own pacing."""
    start = len(scene.session.history)
    for _ in range(limit):
        if len(scene.session.history) >= start + n or scene.game.is_over:
            break
        scene.update(0.05)
    return len(scene.session.history) >= start + n


def _computer_shots(app, out: Path) -> list[Path]:
    """Against the computer while it thinks, and the demo pointing at a move it is about to make."""
    from ui.controllers import InlineExecutor
    from ui.heroes.scene import TableScene
    from ui.scenes.demo import DemoScene
    from ui.session import quick_session

    saved = []
    computer_turn = lambda g: g.turn >= 6 and g.decider == 1 and getattr(g.pending, "kind", None) == "main" \
        and len(g.players[1].hand) >= 2 and len(g.players[0].play) >= 2  # noqa: E731
    session = quick_session(seed=5, kinds=("human", "easy"), names=against_computer(app))
    advance(session, random.Random(5), computer_turn, limit=800)
    bot = session.controllers[1]
    bot.executor = InlineExecutor()
    table = TableScene(app, session)
    table.autosave = False
    app.switch(table)
    for _ in range(8):  # a move made, and the computer to decide again: its caption stays in the prompt strip
        if not _bot_moves(table, 1) or table.game.decider == 1:
            break
    bot.executor = _Stalled()
    bot.cancel()
    _settle(table, 1.2)
    saved.append(_save(app, table, out, "vs_computer_thinking.png"))
    bot.cancel()

    demo = DemoScene(app, rng=random.Random(3), level="easy", executor=InlineExecutor())
    app.switch(demo)
    advance(demo.session, random.Random(3), lambda g: g.turn >= 7 and getattr(g.pending, "kind", None) == "main",
            limit=800)
    demo.refresh()
    _settle(demo, 1.0)
    for _ in range(400):  # until a move is pointed at (an arrow is the most telling)
        demo.update(0.05)
        if demo.ui.arrow and not demo.view.anim.busy:
            break
    saved.append(_save(app, demo, out, "demo.png"))
    return saved


def crowded_data(pool, n: int, hand: int = 7, names: tuple[str, str] = ("Аня", "Борис")) -> dict:
    """A position with ``n`` cards in play a side: some tapped, wounded, poisoned, strengthened, hidden,
    a mechanism with a module, tapped heroes, and ``hand`` cards in each hand."""
    cards = sorted((c for c in pool.cards.values() if not c.created and c.type != "hero"), key=lambda c: c.id)
    creatures = [c for c in cards if c.type == "creature" and not c.keyword("module")
                 and not c.subtype == "mechanism"]
    supports = [c for c in cards if c.type == "support"]
    mechanism = next((c.id for c in cards if c.subtype == "mechanism"), None)
    module = next((c.id for c in pool.cards.values() if c.type == "creature" and c.keyword("module")), None)
    heroes = sorted(c.id for c in pool.cards.values() if c.type == "hero")
    data: dict = {"turn": 9, "seed": 1}
    for p in (0, 1):
        play: list = []
        for i in range(n):
            if i % 7 == 6 and supports:
                play.append(supports[(i + p * 5) % len(supports)].id)
                continue
            c = creatures[(i * 3 + p * 11) % len(creatures)]
            entry: dict = {"card": c.id, "tapped": i % 3 == 1}
            if i % 4 == 2 and c.lives > 1:
                entry["wounds"] = 1
            if i % 9 == 4:
                entry["poison"] = 1
            if i % 8 == 5:
                entry["effects"] = [{"strike": 1}]
            if i % 11 == 3:
                entry["hidden"] = True
            play.append(entry)
        if n > 2 and mechanism and module:
            play[2] = {"card": mechanism, "attached": [module]}
        data[f"p{p}"] = {"name": names[p], "hero": {"card": heroes[p], "tapped": True, "wounds": 2},
                         "coins": 6, "tapped_coins": 2, "play": play,
                         "hand": [c.id for c in cards[p * 40:p * 40 + hand]], "deck": [cards[0].id] * 10}
    return data


def crowded_shots(app, out: Path) -> list[Path]:
    """25 cards in play a side with open hands, at 1280×720 and at 3840×2160."""
    from engine.heroes.position import build_position
    from ui.heroes.content import game_content
    from ui.heroes.scene import TableScene
    from ui.session import GameSession

    pool, _ = game_content()
    game = build_position(pool, crowded_data(pool, 25, names=people(app))).game
    table = TableScene(app, GameSession(game=game), open_hands=True)
    table.autosave = False
    app.switch(table)
    _settle(table)
    saved = [_save(app, table, out, "crowded.png")]
    big = pygame.Surface((3840, 2160))
    table.resize(big.get_size())
    _settle(table)
    table.draw(big)
    pygame.image.save(big, str(out / "crowded_4k.png"))
    saved.append(out / "crowded_4k.png")
    table.resize(app.size)
    return saved
