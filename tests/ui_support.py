"""Shared by the UI tests: an app in a temporary home and ways to find what its screen shows.

Everything a test does to the app goes through :class:`ui.testing.Input` (raw events in pygame's
queue, then the app's own loop); these helpers only arrange a starting point (a scene, a game
moved along by script) and look at the result.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import argparse  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from ui.app import App  # noqa: E402
from ui.settings import Settings, config_dir  # noqa: E402
from ui.testing import Input  # noqa: E402

SIZE = (1280, 720)


def make_app(saves: Path, size=SIZE, settings: Settings | None = None, **flags) -> App:
    """A headless app (saves in ``saves``); the queue starts empty, as a fresh window's would."""
    app = App(argparse.Namespace(saves_dir=saves, **flags), size=size,
              settings=settings if settings is not None else Settings(anim_speed=0.0), headless=True)
    pygame.event.clear()
    return app


def show(app, scene, inp: Input | None = None) -> Input:
    """Put ``scene`` on the screen (the test's starting point) and let a frame run."""
    app.switch(scene)
    inp = inp or Input(app, draw_every=0)
    inp.frame(1)
    return inp


def classic_table(app, person: Input, session):
    """A classic table of ``session`` on screen (no autosave), its curtain lifted by a click if one fell."""
    from ui.classic.scene import ClassicTableScene

    table = ClassicTableScene(app, session)
    table.autosave = False
    show(app, table, person)
    if table.curtain_for is not None:
        person.click((app.size[0] // 2, app.size[1] // 2))
    return table


def a_ground() -> str:
    """A classic creature that fights on the ground: no flyer, no symbiote, with lives."""
    from ui.classic import content

    return next(cid for cid, c in sorted(content.classic_cards().items())
                if c.type == "creature" and not c.flyer and not c.symbiote and c.lives)


def look(inp: Input) -> pygame.Surface:
    """One frame drawn, as the player sees it."""
    every, inp.draw_every = inp.draw_every, 1
    inp.frame(1)
    inp.draw_every = every
    return inp.app.screen


def stored_settings() -> dict:
    return json.loads((config_dir() / "settings.json").read_text(encoding="utf-8"))


# ---------------------------------------------------------------------- pygame_gui widgets
def menu_button(app, name: str):
    """The main menu's button for ``name`` (new, continue, load, cards, settings, help, quit)."""
    return next(b for b, n in app.scene.buttons.items() if n == name)


def options(menu) -> list[str]:
    """A drop-down's options as the player reads them."""
    return [o[0] if isinstance(o, tuple) else o for o in menu.options_list]


def shown(menu) -> str:
    """The option a closed drop-down shows."""
    sel = menu.selected_option
    return sel[0] if isinstance(sel, tuple) else sel


def replace_text(inp: Input, entry, text: str) -> None:
    """Click into a text entry, select all it holds (Ctrl+A) and type ``text`` over it."""
    inp.press(entry)
    inp.key(pygame.K_a, pygame.KMOD_CTRL)
    if text:
        inp.type(text)
    else:
        inp.key(pygame.K_BACKSPACE)


def widgets(scene) -> list:
    """The pygame_gui elements the scene shows now."""
    return [e for e in scene.manager.get_sprite_group().sprites() if e.visible and e.alive()]


def outside(rects, size) -> list:
    """The rectangles that are not wholly inside a window of ``size``."""
    screen = pygame.Rect(0, 0, *size)
    return [r for r in rects if not screen.contains(r)]


# ---------------------------------------------------------------------- the table
def table_at(app, until=None, seed: int = 3, kinds=("human", "human"), open_hands: bool = False, **kw):
    """A table whose game was moved along by script until ``until(game)``; autosave off."""
    from ui.heroes.scene import TableScene
    from ui.scripted import advance
    from ui.session import quick_session

    session = quick_session(seed=seed, kinds=kinds, **kw)
    if until is not None:
        assert advance(session, random.Random(seed), until, limit=3000), "the scripted game never got there"
    scene = TableScene(app, session, open_hands=open_hands)
    scene.autosave = False
    app.switch(scene)
    return scene


def main_turn(g) -> bool:
    return getattr(g.pending, "kind", None) == "main"


def button(buttons, value):
    """The table-drawn button (ui.widgets.button.Button) whose value is ``value``."""
    for b in buttons:
        if b.value == value:
            return b
    raise AssertionError(f"no button {value!r}: {[b.value for b in buttons]}")


def finished(seed: int = 3):
    """A hot-seat game played by script to its end."""
    from ui.scripted import advance
    from ui.session import quick_session

    s = quick_session(seed=seed)
    assert advance(s, random.Random(seed), lambda g: g.is_over, limit=3000)
    return s


def some_saves(folder: Path) -> list[str]:
    """Two named saves, a quick one and a damaged file in ``folder``; the names as listed."""
    from ui import storage
    from ui.scripted import advance
    from ui.session import quick_session

    for i, name in enumerate(("первая", "вторая")):
        s = quick_session(seed=20 + i)
        advance(s, random.Random(i), lambda g, turn=2 + i: g.turn >= turn)
        storage.save(s, name, folder)
        storage.quicksave(s, folder)
    (folder / "broken.json").write_text('{"format": "berserk-table-save"', encoding="utf-8")
    return [i.name for i in storage.everything(folder)]


SCENES = ("menu", "setup", "settings", "help", "saves", "cards", "deckbuilder", "own_files", "table", "save_as", "end", "replay", "demo",
          "classic_table", "classic_recruit", "classic_place", "classic_battle", "classic_campaign")


def scene_named(app, name: str):
    """A fresh scene of each kind, with what it needs (saves on disk, a game under way or over)."""
    from ui.heroes.scene import TableScene
    from ui.scenes.cards import CardsScene
    from ui.scenes.deckbuilder import DeckBuilderScene
    from ui.scenes.end import EndScene
    from ui.scenes.help import HelpScene
    from ui.scenes.load import LoadScene
    from ui.scenes.menu import MenuScene
    from ui.scenes.own_cards import OwnCardsScene
    from ui.scenes.settings import SettingsScene
    from ui.scenes.setup import SetupScene
    from ui.session import quick_session

    if name == "saves":
        some_saves(Path(app.saves_dir))
        return LoadScene(app)
    if name in ("table", "save_as"):
        table = TableScene(app, quick_session(seed=5))
        table.autosave = False
        if name == "table":
            return table
        from ui.scenes.save_as import SaveAsScene

        table.enter()
        return SaveAsScene(app, table)
    if name == "end":
        return EndScene(app, finished())
    if name == "classic_table":
        from ui.classic import content
        from ui.classic.scene import ClassicTableScene

        table = ClassicTableScene(app, content.start_session(list(content.squads()[:2]), ("Аня", "Борис"), 5))
        table.autosave = False
        return table
    if name in ("classic_recruit", "classic_place", "classic_battle"):
        from ui.classic import content
        from ui.classic.scene import ClassicTableScene
        from ui.scripted import advance

        s = content.start_full_session(content.decks()[1:3], ("Аня", "Борис"), 5)
        want = {"classic_recruit": "recruit", "classic_place": "place", "classic_battle": "main"}[name]
        assert advance(s, random.Random(5), lambda g: getattr(g.pending, "kind", None) == want)
        table = ClassicTableScene(app, s)
        table.autosave = False
        return table
    if name == "classic_campaign":  # between two games of a campaign: the loser chooses two cards of his deck
        from ui.classic import content
        from ui.classic.between import BetweenGamesScene
        from ui.scripted import advance

        for seed in range(5, 30):
            s = content.start_full_session(content.decks()[1:3], ("Аня", "Борис"), seed, "campaign")
            if advance(s, random.Random(seed), lambda g: g.is_over, limit=3000) and s.campaign.pending.choose == 2:
                break
        scene = BetweenGamesScene(app, s)
        scene.autosave = False
        return scene
    if name == "replay":
        from saves.replay import Replay
        from ui import storage
        from ui.scenes.replay import ReplayScene
        from ui.scripted import advance

        s = quick_session(seed=4)
        advance(s, random.Random(4), lambda g: g.turn >= 6)
        return ReplayScene(app, Replay(s.record.truncated(len(s.record.log)), storage.manager(app.saves_dir).base))
    if name == "demo":
        from ui.controllers import InlineExecutor
        from ui.scenes.demo import DemoScene

        # Both of the demo's levels (its button goes through them) with a look-ahead of two rounds a
        # decision: a test of the screen, not of the play, need not wait half a second a move.
        return DemoScene(app, rng=random.Random(1), level="normal", executor=InlineExecutor(),
                         bot_options={"budget": None, "max_iterations": 2})
    return {"menu": MenuScene, "setup": SetupScene, "settings": SettingsScene, "help": HelpScene,
            "cards": CardsScene, "deckbuilder": DeckBuilderScene, "own_files": OwnCardsScene}[name](app)


OWN_CARDS = """
[[card]]
id = "my_good_guard"
name = {ru = "Мой страж", en = "My guard"}
type = "creature"
elements = ["steppe"]
cost = 2
strike = 1
lives = 3

[[card]]
id = "my_broken"
name = {ru = "Сломанный", en = "Broken"}
type = "creature"
elements = ["steppe"]
cost = 2
strike = "a lot"
lives = 3
"""


OWN_CLASSIC_WYRM = """
[[card]]
id = "my_wyrm"
name = {ru = "Мой змей", en = "My wyrm"}
cost = 3
lives = 3
movement = 1
strike = "1-2-3"
element = "steppe"
art = "pics/wyrm.svg"
"""


def own_classic_folder(folder: Path, cards: str = OWN_CLASSIC_WYRM) -> Path:
    """A player's classic folder: ``cards`` in mine.toml, and the wyrm's own picture file beside it
    (pics/wyrm.svg, a copy of a shipped icon)."""
    import shutil

    from engine.content.art import ICONS

    (folder / "pics").mkdir(parents=True)
    shutil.copy(ICONS / "anvil.svg", folder / "pics" / "wyrm.svg")
    (folder / "mine.toml").write_text(cards, encoding="utf-8")
    return folder


def own_folders(home: Path) -> None:
    """The player's folders with one good card, one broken card, a file that is not TOML, a good deck
    using the good card («Мой набег») and a broken deck."""
    root = Path(__file__).resolve().parent.parent
    cards = home / "data" / "cards"
    decks = home / "data" / "decks"
    cards.mkdir(parents=True)
    decks.mkdir(parents=True)
    (cards / "mine.toml").write_text(OWN_CARDS, encoding="utf-8")
    (cards / "bad.toml").write_text("[[card]\nid = ", encoding="utf-8")
    deck = (root / "assets" / "decks" / "steppe_raid.toml").read_text(encoding="utf-8")
    deck = deck.replace('id = "steppe_raid"', 'id = "my_raid"').replace("Набег Тамира", "Мой набег")
    deck = deck.replace("steppe_courier = 3", "steppe_courier = 2\nmy_good_guard = 1")
    (decks / "my_raid.toml").write_text(deck, encoding="utf-8")
    (decks / "broken_deck.toml").write_text("[deck]\nid = 7\n", encoding="utf-8")
