"""The classic cards, decks and squads on offer in a new game.

A full game is played with the built-in ready decks (assets/classic, read by the content loader
``engine.content.load_classic_decks("builtin")``). The ready squads laid out at once for newcomers are the
built-in first battle's (assets/classic/first_battle.toml, ``engine.content.load_first_battle``): each
squad on the cells the file gives it, turned round when the other seat takes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from engine.classic.board import COLS, ROWS
from engine.content.cards import load_classic_cards


@dataclass(frozen=True)
class SquadChoice:
    """A ready squad: its name and its card ids in the order laid out; ``layout`` (from the first battle)
    says where each card stands as seat ``player`` has it — ``at``, ``zone`` and ``host`` (an index into
    these cards) — and is empty for a squad laid out in the deployment order (Classic 2022 «Расстановка»)."""

    id: str
    name: dict[str, str]
    cards: tuple[str, ...]
    player: int = 0
    layout: tuple[dict[str, Any], ...] = field(default=())
    plan: dict[str, str] = field(default_factory=dict)


@lru_cache(maxsize=1)
def classic_pool():
    """The built-in classic pool with the player's own cards and decks (saves.paths: the user ``classic``
    folder; what did not load is in ``skipped``). Read once per run, again after :func:`reload`."""
    from saves.paths import load_classic_game_pool

    return load_classic_game_pool()


@lru_cache(maxsize=1)
def classic_cards() -> dict:
    """Every classic card the table offers, by id (read once per run): the built-in pool with the player's
    own cards, and the test set (tests' squads; their ids never meet: the test set's start with ``c_`` and
    ``a_``)."""
    return {**load_classic_cards("test"), **classic_pool().cards}


def reload() -> None:
    """Forget what was read: the next look reads the built-in files and the player's folder again."""
    for cached in (classic_pool, classic_cards, decks, own_decks):
        cached.cache_clear()


def skipped() -> list:
    """The player's classic cards and decks that did not load (file, card or deck, field, reason)."""
    return list(classic_pool().skipped)


@lru_cache(maxsize=1)
def first_battle() -> Any:
    """The built-in first battle (2022 «Первая партия»)."""
    from engine.content import load_first_battle

    return load_first_battle()


def squads() -> tuple[SquadChoice, ...]:
    """The first battle's two squads, whose cards all exist."""
    battle, cards = first_battle(), classic_cards()
    out = []
    for sq in battle.squads:
        mine = [t for t in battle.position["creature"] if t["player"] == sq.player]
        labels = [t["label"] for t in mine]
        layout = tuple({"at": t["at"], "zone": t["zone"],
                        "host": None if t["host"] is None else labels.index(t["host"])} for t in mine)
        out.append(SquadChoice(f"first{sq.player}", dict(sq.name), tuple(sq.cards), sq.player, layout, dict(sq.plan)))
    return tuple(s for s in out if all(c in cards for c in s.cards))


def _turned(at, turn: bool):
    """A cell as the other seat has it: the board turned round (its own half, its own left and right)."""
    if at is None or not turn:
        return None if at is None else [at[0], at[1]]
    return [ROWS - 1 - at[0], COLS - 1 - at[1]]


def layout_of(choices) -> list[dict[str, Any]]:
    """The save's layout (saves.record.GameRecord.layout) of two squads with their own cells, seat by seat;
    [] when either squad has none (laid out in deployment order)."""
    if not all(c.layout for c in choices):
        return []
    out: list[dict[str, Any]] = []
    for seat, c in enumerate(choices):
        base = len(out)
        for card, t in zip(c.cards, c.layout, strict=True):
            out.append({"player": seat, "card": card, "at": _turned(t["at"], c.player != seat), "zone": t["zone"],
                        "host": None if t["host"] is None else base + t["host"] + 1})
    return out


def start_session(choices, names: tuple[str, str], seed: int, first: int | None = None):
    """A hot-seat classic game between two ready squads, recorded for saves and replays: the first battle's
    on their cells (its first player goes first), others in the deployment order."""
    from saves.record import GameRecord, PlayerSetup
    from ui.controllers import HumanController
    from ui.session import GameSession

    players = [PlayerSetup(name=names[i], kind="human", hero="", deck=list(c.cards), deck_id="")
               for i, c in enumerate(choices)]
    layout = layout_of(choices)
    if first is None:
        first = first_battle().first if layout else 0
    record, game = GameRecord.begin_classic(classic_cards(), players, seed=seed, first=first, layout=layout)
    s = GameSession(game=game, controllers=[HumanController(), HumanController()], record=record)
    s.deck_names = tuple(c.name.get("ru", c.id) for c in choices)  # type: ignore[assignment]
    for ev in game.setup_events:
        s.log.append((0, ev))
    return s


@dataclass(frozen=True)
class DeckChoice:
    """A classic deck a player may bring to a full game (squad building from a deal of 15)."""

    id: str
    name: dict[str, str]
    cards: tuple[str, ...]  # every card of the deck, copies repeated
    own: bool = False  # the player's own (from the user ``classic`` folder)
    problems: tuple[tuple[str, str], ...] = ()  # (ru, en) of each reason it is not legal (2022 «Колода»)
    path: str = ""  # the player's file it came from
    editable: bool = False  # the deck is alone in its file: the deck builder may rewrite or delete it
    plan: dict[str, str] | None = None

    def reasons(self, lang: str) -> list[str]:
        return [ru if lang == "ru" else en for ru, en in self.problems]


# ready squads for newcomers, a campaign of full games (2007 part 8), or one full game from decks by these rules;
# the mode button goes round them from "2022", the default
MODES = ("first", "campaign", "2022", "2007")
CAMPAIGN_EDITION = "2007"  # the campaign is the 2007 rules' variant (part 8); its games are recruited by them


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


@lru_cache(maxsize=1)
def own_decks() -> tuple[DeckChoice, ...]:
    """The player's classic decks, legal or not: every ``[[deck]]`` of the user ``classic`` folder whose shape
    reads (a deck the loader skips only for its legality comes back here with its reasons, so the new-game
    screen can say why it cannot be played and the deck builder can go on with it)."""
    from engine.classic.decks import deck_problems, parse_deck
    from engine.content import read_card_file, toml_files
    from engine.core.errors import CardDataError
    from saves.paths import user_classic_dir

    pool = classic_pool()
    out: list[DeckChoice] = []
    seen: set[str] = set(d for d in pool.decks if d not in pool.own)
    for path in toml_files(user_classic_dir()):
        try:
            data = read_card_file(path)
        except CardDataError:
            continue  # listed in skipped() by the loader
        tables = data.get("deck", [])
        if not isinstance(tables, list):
            continue
        alone = len(tables) == 1 and not data.get("card")
        for table in tables:
            if not isinstance(table, dict):
                continue
            plan = table.get("plan") if isinstance(table.get("plan"), dict) else None
            try:
                deck = parse_deck({k: v for k, v in table.items() if k != "plan"}, str(path))
            except CardDataError:
                continue
            if deck.id in seen:
                continue
            seen.add(deck.id)
            problems = tuple((p.ru, p.en) for p in deck_problems(deck, pool.cards))
            out.append(DeckChoice(deck.id, dict(deck.name), tuple(deck.card_list()),
                                  own=True, problems=problems, path=str(path), editable=alone, plan=plan))
    return tuple(out)


def offered_decks() -> tuple[DeckChoice, ...]:
    """The decks a full game offers: the built-in ready decks, then the player's own (an illegal one too,
    with its reasons: the new-game screen refuses it and says why)."""
    return decks() + own_decks()


def start_full_session(choices, names: tuple[str, str], seed: int, edition: str = "2022"):
    """A hot-seat classic game from two decks: die roll, squad building, placement, then the battle; with
    ``edition`` "campaign" a campaign of such games to two wins (2007 part 8)."""
    from saves.record import GameRecord, PlayerSetup
    from ui.controllers import HumanController
    from ui.session import GameSession

    players = [PlayerSetup(name=names[i], kind="human", hero="", deck=list(c.cards), deck_id=c.id)
               for i, c in enumerate(choices)]
    campaign = edition == "campaign"
    record, game = GameRecord.begin_classic(classic_cards(), players, seed=seed,
                                            edition=CAMPAIGN_EDITION if campaign else edition, campaign=campaign)
    s = GameSession(game=game.current if campaign else game, controllers=[HumanController(), HumanController()],
                    record=record, campaign=game if campaign else None)
    s.deck_names = tuple(c.name.get("ru", c.id) for c in choices)  # type: ignore[assignment]
    for ev in game.setup_events:
        s.log.append((0, ev))
    return s


def seat(session, kinds: tuple[str, str], seed: int):
    """Who plays each seat of a new game: a person, or the computer at a level (its bot plays classic). The
    record says so too, so a save brings the computer back at its level."""
    from dataclasses import replace

    from ui.controllers import make_controller
    from ui.session import _record_level

    for i, kind in enumerate(kinds):
        if kind == "human":
            continue
        session.record.players[i] = replace(session.record.players[i], kind="computer", level=_record_level(kind))
        session.controllers[i] = make_controller(kind, seed + i, "classic")
    return session


def demo_session(rng, names: tuple[str, str], level: str, *, executor=None, bot_options=None):
    """A full game between two random ready decks for the demo (2022 rules), both seats played by the bot."""
    from ui.controllers import BotController

    offered = decks()
    pair = rng.sample(offered, 2) if len(offered) >= 2 else [offered[0], offered[0]]
    seed = rng.randrange(1 << 30)
    s = seat(start_full_session(pair, names, seed, "2022"), (level, level), seed)
    s.controllers = [BotController(level, seed + i, executor=executor, ruleset="classic", **(bot_options or {}))
                     for i in range(2)]
    return s
