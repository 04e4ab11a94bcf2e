"""The ruleset registry: ``find_ruleset("heroes" | "classic")`` gives what code above the rules needs.

Each ruleset package describes itself in its ``ruleset`` module with a :class:`Ruleset` record and
registers it; :func:`find_ruleset` imports the built-in ones on first use, so the core never
imports a ruleset at import time.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.actions import ActionCodec
from engine.core.game import Game
from engine.core.registry import Registry

BUILTIN = ("engine.heroes.ruleset", "engine.classic.ruleset")

RULESETS: Registry[Ruleset] = Registry("ruleset")


@dataclass(frozen=True)
class Ruleset:
    """One game's entry points.

    ``new_game(content, sides, *, seed)`` starts a game from the ruleset's card content (a «Герои»
    CardPool, a classic ``{card id: ClassicCard}``) and the two sides (decks, squads); the engine reads
    no files, so the caller loads the content. ``bots`` are the computer opponents by level (see
    :func:`engine.ai.make_bot`). ``observe`` and ``determinize`` (the bot's information set, and a
    full game consistent with it; None for a game with no hidden cards),
    ``build_position`` (the scenario position builder) and ``scenarios`` (the scenario file runner that
    ``engine.scenario`` dispatches to) are None where the ruleset has none yet.

    What a player far from the game is sent (the network, :mod:`engine.ai.observe`): ``tell`` says what one
    player, or a spectator, may know of an action just applied (its text, its events, the cards they showed),
    ``view_game`` rebuilds a game from an observation with every hidden card an unknown placeholder, and
    ``events`` maps each event kind to its record (to read events back from their data). None where the
    ruleset has no hidden cards: then everything is told. ``undo_hides(action, events)`` says whether taking
    an action back would show a player something hidden or roll a die again (undo is refused then).
    """

    name: str
    game: type[Game]
    new_game: Callable[..., Game]
    codec: ActionCodec
    observe: Callable[..., Any] | None = None
    determinize: Callable[..., Any] | None = None  # observation, rng, content -> a full game consistent with it
    bots: Mapping[str, Callable[..., Any]] = field(default_factory=dict)  # level -> factory(seed, **options)
    build_position: Callable[..., Any] | None = None
    tell: Callable[..., Any] | None = None  # (game after, action, by, events, player | None) -> engine.ai.observe.Told
    view_game: Callable[..., Any] | None = None  # (observation, content) -> a game holding only what it shows
    events: Mapping[str, type] = field(default_factory=dict)  # event kind -> its record class
    undo_hides: Callable[..., bool] | None = None  # (action, events) -> whether undo would show or re-roll
    scenarios: Any = None  # the scenario module: parse(data, file, pools=…), play(scn, lang), state_json(pos, lang)

    def from_dict(self, data: dict[str, Any], **kwargs: Any) -> Game:
        """A game rebuilt from its ``to_dict`` data (heroes also needs ``pool=``)."""
        return self.game.from_dict(data, **kwargs)

    def replay(self, content: Any, sides: Sequence[Any], actions: Sequence[str], *, seed: int = 0,
               **options: Any) -> Game:
        """A new game with the seed (and ``new_game`` options), then the logged action texts in order."""
        game = self.new_game(content, sides, seed=seed, **options)
        for text in actions:
            game.apply(self.codec.parse(text))
        return game


def register_ruleset(ruleset: Ruleset) -> Ruleset:
    return RULESETS.register(ruleset.name, ruleset)


def _load_builtin() -> None:
    for module in BUILTIN:
        importlib.import_module(module)  # each registers itself


def find_ruleset(name: str) -> Ruleset:
    """The registered ruleset of that name; an unknown name raises UnknownName listing the known ones."""
    _load_builtin()
    return RULESETS.get(name)


def ruleset_names() -> list[str]:
    """The names of every registered ruleset, sorted."""
    _load_builtin()
    return RULESETS.names()
