"""The classic cards, decks and squads on offer in a new game.

A full game is played with the built-in ready decks (assets/classic, read by the content loader
``engine.content.load_classic_decks("builtin")``). The ready squads laid out at once are still made of
the small test set (tests/classic_data); the built-in first battle (assets/classic/first_battle.toml) is
the next step for them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.content.cards import load_classic_cards


@dataclass(frozen=True)
class SquadChoice:
    """A ready squad: its name and its card ids in deployment order (Classic 2022 «Расстановка»)."""

    id: str
    name: dict[str, str]
    cards: tuple[str, ...]


# first-battle squads of the test cards: each has a tough card, a striker and a runner
SQUADS = (
    SquadChoice("mountain", {"ru": "Горный дозор", "en": "Mountain Watch"},
                ("c_guard", "c_brute", "c_scout", "c_runner", "c_post")),
    SquadChoice("swamp", {"ru": "Болотная вольница", "en": "Swamp Freebooters"},
                ("c_bog", "c_sellsword", "c_scout", "c_runner", "c_post")),
    SquadChoice("mixed", {"ru": "Сборный отряд", "en": "Mixed Company"},
                ("c_sellsword", "c_guard", "c_bog", "c_brute", "c_runner")),
)


@lru_cache(maxsize=1)
def classic_cards() -> dict:
    """Every classic card the table offers, by id (read once per run): the built-in pool and the test set
    the ready squads use (their ids never meet: the test set's start with ``c_`` and ``a_``)."""
    return {**load_classic_cards("test"), **load_classic_cards("builtin")}


def squads() -> tuple[SquadChoice, ...]:
    """The squads whose cards all exist."""
    cards = classic_cards()
    return tuple(s for s in SQUADS if all(c in cards for c in s.cards))


HUMANS = ("human", "human")


def _players(choices, names: tuple[str, str], kinds: tuple[str, str], deck_ids: bool) -> list:
    """Each seat as the save records it: a person, or the computer at its level."""
    from saves.record import PlayerSetup
    from ui.session import _record_level

    return [PlayerSetup(name=names[i], kind="human" if kinds[i] == "human" else "computer", hero="",
                        deck=list(c.cards), deck_id=c.id if deck_ids else "", level=_record_level(kinds[i]))
            for i, c in enumerate(choices)]


def _session(record, game, choices, kinds: tuple[str, str], seed: int):
    """The table's session: each seat's controller (a computer seat's bot plays classic), the setup's log."""
    from ui.controllers import make_controller
    from ui.session import GameSession

    s = GameSession(game=game, controllers=[make_controller(k, seed + i, "classic") for i, k in enumerate(kinds)],
                    record=record)
    s.deck_names = tuple(c.name.get("ru", c.id) for c in choices)  # type: ignore[assignment]
    for ev in game.setup_events:
        s.log.append((0, ev))
    return s


def start_session(choices, names: tuple[str, str], seed: int, first: int = 0, *, kinds: tuple[str, str] = HUMANS):
    """A classic game between two squads laid out at once, recorded for saves and replays; ``kinds`` says
    who plays each seat ("human", or a computer level)."""
    from saves.record import GameRecord

    record, game = GameRecord.begin_classic(classic_cards(), _players(choices, names, kinds, False), seed=seed,
                                            first=first)
    return _session(record, game, choices, kinds, seed)


@dataclass(frozen=True)
class DeckChoice:
    """A classic deck a player may bring to a full game (squad building from a deal of 15)."""

    id: str
    name: dict[str, str]
    cards: tuple[str, ...]  # every card of the deck, copies repeated


MODES = ("first", "2022", "2007")  # ready squads for newcomers, or a full game from decks by these rules


@lru_cache(maxsize=2)
def decks(kind: str = "builtin") -> tuple[DeckChoice, ...]:
    """The classic decks on offer whose cards all exist: the built-in ready decks (``"test"``: the test
    set's, for tests)."""
    from engine.content.cards import load_classic_decks

    cards = classic_cards()
    out = []
    for deck in load_classic_decks(kind).values():
        ids = tuple(deck.card_list())
        if all(c in cards for c in ids):
            out.append(DeckChoice(deck.id, dict(deck.name), ids))
    return tuple(out)


def start_full_session(choices, names: tuple[str, str], seed: int, edition: str = "2022", *,
                       kinds: tuple[str, str] = HUMANS):
    """A classic game from two decks: die roll, squad building, placement, then the battle; ``kinds`` says
    who plays each seat ("human", or a computer level)."""
    from saves.record import GameRecord

    record, game = GameRecord.begin_classic(classic_cards(), _players(choices, names, kinds, True), seed=seed,
                                            edition=edition)
    return _session(record, game, choices, kinds, seed)


def demo_session(rng, names: tuple[str, str], level: str, *, executor=None, bot_options=None):
    """A full game between two random ready decks for the demo (2022 rules), both seats played by the bot."""
    from ui.controllers import BotController

    offered = decks()
    pair = rng.sample(offered, 2) if len(offered) >= 2 else [offered[0], offered[0]]
    seed = rng.randrange(1 << 30)
    s = start_full_session(pair, names, seed, "2022", kinds=(level, level))
    s.controllers = [BotController(level, seed + i, executor=executor, ruleset="classic", **(bot_options or {}))
                     for i in range(2)]
    return s
