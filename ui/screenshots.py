"""``main.py --screenshot DIR``: every screen of a scripted game rendered to PNG, no display needed.

The menu and the new-game screen are drawn here; each game's client draws its own table, prompts and
the shared screens it leads to (end, saves, replay) from a scripted game of its own (``screenshots``).

Saves made for the saves and replay pictures go to a temporary folder (unless --saves-dir is given),
never to the player's own saves.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pygame

# the names the pictures' players typed, in the pictures' language (an English picture shows no Russian)
PEOPLE = {"ru": ("Аня", "Борис"), "en": ("Anna", "Boris")}


def people(app) -> tuple[str, str]:
    """The two players' names for the pictures in the app's language."""
    return PEOPLE.get(app.tr.lang, PEOPLE["en"])


def against_computer(app) -> tuple[str, str]:
    """A person and the computer, named as the new-game screen names a computer seat."""
    return people(app)[0], app.tr("setup.computer")


def settle(scene, seconds: float = 3.0) -> None:
    for _ in range(int(seconds * 20)):
        scene.update(0.05)


def save(app, scene, out: Path, name: str) -> Path:
    scene.draw(app.screen)
    path = out / name
    pygame.image.save(app.screen, str(path))
    return path


def point_at_swing(app, end) -> None:
    """The pointer resting on the end screen chart's biggest swing, so its numbers show (ui/scenes/end.py)."""
    from ui.testing import Input

    end.update(0.05)
    chart = end.chart
    if chart is None or not chart.tl.swings():
        return
    k = chart.tl.index_of(chart.tl.swings()[0].turn)
    if k is not None:
        Input(app, dt=0.05, draw_every=0).move(chart.column(k).center)


def render_all(app, out: Path) -> list[Path]:
    """Every picture, with the first-time tips off (a tip would cover what a picture is meant to show; the
    settings on disk are not changed)."""
    tips, app.settings.tips = app.settings.tips, False
    try:
        if app.saves_dir is not None:
            return _render_all(app, out)
        with tempfile.TemporaryDirectory(prefix="berserk-shots-") as tmp:
            app.saves_dir = Path(tmp)
            try:
                return _render_all(app, out)
            finally:
                app.saves_dir = None
    finally:
        app.settings.tips = tips


def _render_all(app, out: Path) -> list[Path]:
    from ui.rulesets import CLIENTS, find_client
    from ui.scenes.menu import MenuScene
    from ui.scenes.setup import SetupScene

    out.mkdir(parents=True, exist_ok=True)
    saved = []
    menu = MenuScene(app)
    app.switch(menu)
    menu.update(0.05)
    saved.append(save(app, menu, out, "menu.png"))
    setup = SetupScene(app)
    app.switch(setup)
    setup.update(0.05)
    saved.append(save(app, setup, out, "setup.png"))
    from ui.registry import make_scene

    about = make_scene(app, "credits")  # the pictures' authors and licence (issue 19)
    app.switch(about)
    about.update(0.05)
    saved.append(save(app, about, out, "credits.png"))

    saved += _decks(app, out)
    from ui.lessons.shots import lesson_shots

    saved += lesson_shots(app, out, save, settle)  # the paths of lessons, and a step of a lesson of each game
    for name in CLIENTS:  # then each game's own pictures, from a scripted game of it
        saved += find_client(name).screenshots(app, out)
    saved.append(_timed(app, out))
    from ui.netshots import net_shots

    saved += net_shots(app, out)  # the network screen and a network game's table (a server on loopback)
    return saved


def _timed(app, out: Path) -> Path:
    """``timed_clock.png``: a timed game at each table, one above the other: «Герои» in its last minute (the
    clock red, left of the other player's hand), classic mid-battle with the clock beside the panel's heading."""
    import random

    from engine.core.timing import TimeLimit
    from ui.registry import make_scene
    from ui.rulesets import find_client
    from ui.scripted import advance
    from ui.session import start_session

    pictures = []
    pool, offered = find_client("heroes").content.game_content()
    heroes = start_session(pool, [offered[0], offered[1 % len(offered)]], people(app), ("human", "human"), 5,
                           TimeLimit(seconds=30 * 60, extra_turns=3))
    classic_content = find_client("classic").content
    decks = classic_content.decks()
    classic = classic_content.start_full_session((decks[1 % len(decks)], decks[2 % len(decks)]), people(app), 5,
                                                 time_limit=TimeLimit(seconds=40 * 60))
    for session, used, until in ((heroes, 29 * 60 + 18, lambda g: g.turn >= 5 and g.pending.kind == "main"),
                                 (classic, 16 * 60 + 47, lambda g: g.turn >= 3 and g.pending.kind == "main")):
        advance(session, random.Random(5), until)
        session.clock.used = float(used)
        table = make_scene(app, find_client(session.game.ruleset).table_scene, session=session, open_hands=False)
        table.autosave = False
        app.switch(table)
        if getattr(table, "curtain_for", None) is not None:
            table.lift_curtain()
        settle(table, 1.0)  # the clock stands still behind the curtain and runs once it is lifted
        table.draw(app.screen)
        pictures.append(app.screen.copy())
    w, h = app.screen.get_size()
    sheet = pygame.Surface((w, 2 * h))
    for i, picture in enumerate(pictures):
        sheet.blit(picture, (0, i * h))
    path = out / "timed_clock.png"
    pygame.image.save(sheet, str(path))
    return path


def _decks(app, out: Path) -> list[Path]:
    """«Мои карты» (the card browser of «Герои», and its close look at the card with the most keywords), and the
    deck builder on a copy of a ready deck with a few cards taken out (so the engine's reasons show), and on a
    classic ready deck."""
    from ui.registry import make_scene
    from ui.rulesets import find_client

    saved = []
    cards = make_scene(app, "cards", game="heroes")
    app.switch(cards)
    cards.update(0.05)
    saved.append(save(app, cards, out, "cards.png"))
    cards.filters.sort = "cost"
    rich = max(cards.grid.entries, key=lambda e: (len(e.keywords), e.id))  # the card with most reminders
    cards.zoom = rich.id
    saved.append(save(app, cards, out, "cards_zoom.png"))
    cards.zoom = None
    kit = find_client("heroes").decks
    ready = kit.ready_decks()
    builder = make_scene(app, "deckbuilder", game="heroes")
    app.switch(builder)
    if ready:
        builder.start_from("ready:" + ready[0].id, ready[0])
        for cid in list(builder.draft.counts)[:2]:
            builder.draft.counts.pop(cid)
    builder.update(0.05)
    saved.append(save(app, builder, out, "deckbuilder.png"))
    classic = make_scene(app, "deckbuilder", game="classic")
    app.switch(classic)
    ready = find_client("classic").decks.ready_decks()
    if ready:
        classic.start_from("ready:" + ready[0].id, ready[0])
    classic.update(0.05)
    saved.append(save(app, classic, out, "deckbuilder_classic.png"))
    return saved
