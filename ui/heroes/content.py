"""The card pool and the decks offered in a new game.

The shipped pool (assets/cards, assets/decks) plus the players' own cards; while no ready decks
ship yet, the test pool's two heroes get generated 40-card decks so the client can be played.
"""

from __future__ import annotations

import pathlib
from dataclasses import dataclass
from functools import lru_cache

from engine.content import TEST_CARDS, load_pool, read_card_file, toml_files
from engine.core.errors import CardDataError
from engine.heroes.carddef import DeckDef, parse_deck
from engine.heroes.pool import CardPool, deck_problems

TEST_POOL = TEST_CARDS


@dataclass(frozen=True)
class DeckChoice:
    """A deck on offer: ready, the player's own, or generated for the test pool."""

    deck: DeckDef
    own: bool = False
    strict: bool = True  # check deck legality when the game starts

    @property
    def id(self) -> str:
        return self.deck.id


def _user_decks_dir() -> pathlib.Path | None:
    try:
        from saves.paths import data_dir

        return data_dir() / "decks"
    except ImportError:  # pragma: no cover
        return None


def _test_decks(pool: CardPool) -> list[DeckChoice]:
    ids = [c.id for c in pool.cards.values() if c.type != "hero" and not c.created and c.id.startswith("t_")]
    out = []
    for i, hero in enumerate(("t_hero_steppe", "t_hero_dark")):
        if hero not in pool.cards:
            continue
        order = ids if i == 0 else list(reversed(ids))
        counts: dict[str, int] = {}
        for n in range(40):
            cid = order[n % len(order)]
            counts[cid] = counts.get(cid, 0) + 1
        name = {"ru": f"Тестовая колода: {pool.cards[hero].name['ru']}",
                "en": f"Test deck: {pool.cards[hero].name['en']}"}
        out.append(DeckChoice(DeckDef(id=f"test_{hero}", name=name, hero=hero, cards=counts,
                                      plan={"ru": "Все механики тестового набора.", "en": "Every test mechanic."}),
                              strict=False))
    return out


_deck_errors: list[CardDataError] = []  # the players' deck files that could not be read (last load)


def _own_decks(pool: CardPool) -> list[DeckChoice]:
    """Decks from data_dir()/decks; a broken file is noted in ``_deck_errors`` and skipped."""
    folder = _user_decks_dir()
    out: list[DeckChoice] = []
    _deck_errors.clear()
    if folder is None:
        return out
    taken = {d.id for d in pool.decks.values()}
    for path in toml_files(folder, nested=False):  # none when the folder is missing
        try:
            deck = parse_deck(read_card_file(path, within=folder).get("deck"), str(path))
            if deck.id in taken:
                raise CardDataError("deck id already used", ru="колода с таким id уже есть", file=str(path),
                                    card=deck.id, field="id")
        except CardDataError as exc:
            _deck_errors.append(exc)
            continue
        taken.add(deck.id)
        out.append(DeckChoice(deck, own=True))
    return out


def skipped() -> list[CardDataError]:
    """Everything of the players' own that did not load: cards (file, card, field) and deck files."""
    pool, _ = game_content()
    return [*pool.skipped, *_deck_errors]


def own_cards() -> list:
    """The players' own cards that loaded (CardDefs from the user cards folder), by id."""
    from saves.paths import user_cards_dir

    pool, _ = game_content()
    folder = str(user_cards_dir())
    return sorted((c for c in pool.cards.values() if c.source.startswith(folder)), key=lambda c: c.id)


@lru_cache(maxsize=1)
def game_content() -> tuple[CardPool, tuple[DeckChoice, ...]]:
    """(pool, decks on offer). Cached: the pool is read once per run."""
    try:
        from saves.paths import load_game_pool

        pool = load_game_pool()
    except ImportError:  # pragma: no cover
        pool = load_pool()
    decks = [DeckChoice(d) for d in pool.decks.values()]
    if not decks and TEST_POOL.is_dir():
        try:
            from saves.paths import load_game_pool

            pool = load_game_pool([TEST_POOL])
        except ImportError:  # pragma: no cover
            pool = load_pool([TEST_POOL])
        decks = _test_decks(pool)
    decks += _own_decks(pool)
    from ui.heroes import cardtext

    cardtext.set_pool(pool)
    return pool, tuple(decks)


def deck_issues(pool: CardPool, choice: DeckChoice, lang: str) -> list[str]:
    if not choice.strict:
        return []
    return deck_problems(pool, choice.deck.hero, choice.deck.card_list(), lang)


def demo_session(rng, names: tuple[str, str], level: str, *, executor=None, bot_options=None):
    """A game between two random ready decks for the demo, both seats played by the bot at ``level``."""
    from ui.controllers import BotController
    from ui.session import start_session

    pool, offered = game_content()
    ready = [c for c in offered if not c.own and not deck_issues(pool, c, "ru")] or list(offered)
    pair = rng.sample(ready, 2) if len(ready) >= 2 else [ready[0], ready[0]]
    seed = rng.randrange(1 << 30)
    s = start_session(pool, pair, names, (level, level), seed)
    s.controllers = [BotController(level, seed + i, executor=executor, **(bot_options or {}))
                     for i in range(2)]
    return s


FIRST_BATTLE = ("first_outpost", "first_grove")  # the gentle first-game pair: the person's deck, the computer's


def first_battle_session(names: tuple[str, str], seed: int, level: str = "easy"):
    """A first game against the computer at ``level`` with the gentle first-game pair of ready decks: what the
    lessons' path offers once its last lesson is done."""
    from ui.session import start_session

    pool, offered = game_content()
    ready = {c.id: c for c in offered if not c.own}
    pair = [ready.get(i) or offered[n % len(offered)] for n, i in enumerate(FIRST_BATTLE)]
    return start_session(pool, pair, names, ("human", level), seed)
