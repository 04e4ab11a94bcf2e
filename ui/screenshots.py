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


def settle(scene, seconds: float = 3.0) -> None:
    for _ in range(int(seconds * 20)):
        scene.update(0.05)


def save(app, scene, out: Path, name: str) -> Path:
    scene.draw(app.screen)
    path = out / name
    pygame.image.save(app.screen, str(path))
    return path


def render_all(app, out: Path) -> list[Path]:
    if app.saves_dir is not None:
        return _render_all(app, out)
    with tempfile.TemporaryDirectory(prefix="berserk-shots-") as tmp:
        app.saves_dir = Path(tmp)
        try:
            return _render_all(app, out)
        finally:
            app.saves_dir = None


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
    for name in CLIENTS:  # then each game's own pictures, from a scripted game of it
        saved += find_client(name).screenshots(app, out)
    from ui.netshots import net_shots

    saved += net_shots(app, out)  # the network screen and a network game's table (a server on loopback)
    return saved


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
