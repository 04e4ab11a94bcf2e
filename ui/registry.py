"""The client's scenes by name: ``app.show("menu")`` builds a scene and enters it, so no scene imports
another. Each scene's module is imported when it is first shown, as the late imports did before.

An unknown name fails loudly, naming the known ones.
"""

from __future__ import annotations

from collections.abc import Callable


def _menu() -> type:
    from ui.scenes.menu import MenuScene
    return MenuScene


def _setup() -> type:
    from ui.scenes.setup import SetupScene
    return SetupScene


def _table() -> type:
    from ui.heroes.scene import TableScene
    return TableScene


def _classic_table() -> type:
    from ui.classic.scene import ClassicTableScene
    return ClassicTableScene


def _campaign() -> type:
    from ui.classic.between import BetweenGamesScene
    return BetweenGamesScene


def _save_as() -> type:
    from ui.scenes.save_as import SaveAsScene
    return SaveAsScene


def _end() -> type:
    from ui.scenes.end import EndScene
    return EndScene


def _saves() -> type:
    from ui.scenes.load import LoadScene
    return LoadScene


def _replay() -> type:
    from ui.scenes.replay import ReplayScene
    return ReplayScene


def _cards() -> type:
    from ui.scenes.cards import CardsScene
    return CardsScene


def _deckbuilder() -> type:
    from ui.scenes.deckbuilder import DeckBuilderScene
    return DeckBuilderScene


def _own_files() -> type:
    from ui.scenes.own_cards import OwnCardsScene
    return OwnCardsScene


def _settings() -> type:
    from ui.scenes.settings import SettingsScene
    return SettingsScene


def _lessons() -> type:
    from ui.scenes.lessons import LessonsScene
    return LessonsScene


def _lesson():
    from ui.scenes.lesson import LessonScene
    return LessonScene


def _help() -> type:
    from ui.scenes.help import HelpScene
    return HelpScene


def _credits() -> type:
    from ui.scenes.credits import CreditsScene
    return CreditsScene


def _net() -> type:
    from ui.scenes.net import NetScene
    return NetScene


def _net_table() -> type:
    from ui.heroes.net import NetHeroesTable
    return NetHeroesTable


def _classic_net_table() -> type:
    from ui.classic.net import NetClassicTable
    return NetClassicTable


def _demo() -> type:
    from ui.scenes.demo import demo_scene_class
    return demo_scene_class("heroes")  # the demo plays «Герои» (built on its table scene)


SCENES: dict[str, Callable[[], type]] = {
    "menu": _menu,          # the main menu
    "setup": _setup,        # a new game: names, decks, who plays
    "table": _table,        # a «Герои» game (session=, open_hands=, loaded=)
    "classic_table": _classic_table,  # a classic game (session=, loaded=)
    "save_as": _save_as,    # a name for a save, over the table (table=)
    "end": _end,            # the result of a game (session=)
    "campaign": _campaign,  # between the games of a classic campaign: the score, what passes on (session=)
    "saves": _saves,        # every save: load, replay, rename, delete
    "replay": _replay,      # a finished or saved game move by move (replay=, back=, title=, at=)
    "cards": _cards,        # «Мои карты»: every card of a game, search and filters (game=)
    "deckbuilder": _deckbuilder,  # build, save, rename, delete a deck (game=, deck=)
    "own_files": _own_files,  # the player's card and deck files, and what was skipped
    "settings": _settings,  # what the client stores
    "lessons": _lessons,    # «Обучение»: each game's path of lessons, progress, the first battle
    "lesson": _lesson,      # a lesson at its game's table (lesson_id=)
    "help": _help,          # the rules in short (back=)
    "credits": _credits,    # about the game: the pictures' authors and licence, what was made here
    "demo": _demo,          # the computer plays itself
    "net": _net,            # «Игра по сети»: host a game, join one by address and code, or one found nearby
    "net_table": _net_table,  # a «Герои» game over the network (session=: a ui.netsession.NetSession)
    "classic_net_table": _classic_net_table,  # a classic game over the network (session=)
}


class UnknownScene(LookupError):
    """A scene name that is not in :data:`SCENES`."""


def scene_class(name: str) -> type:
    """The class of the scene called ``name``."""
    try:
        load = SCENES[name]
    except KeyError:
        raise UnknownScene(f"no scene called {name!r}; the scenes are: {', '.join(sorted(SCENES))}") from None
    return load()


def make_scene(app, name: str, **options):
    """A new scene ``name`` for ``app``, built with ``options`` (its constructor's keywords)."""
    return scene_class(name)(app, **options)
