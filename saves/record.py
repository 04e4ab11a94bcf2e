"""A game as a record: the setup, the custom cards it uses, the action log and a snapshot.

A record is what a save file holds. ``replay()`` rebuilds the game from the setup and the log
through the engine's own ``apply`` (so every action is checked again) and verifies the snapshot's
hash: a save can never smuggle in a position the rules could not reach.

The game is found by the record's ruleset name (:func:`engine.find_ruleset`): its codec reads the
log and its ``new_game`` starts the game. Only «Герои» needs a card pool (built-in cards plus the
save's custom ones); a classic record carries the tables of every card of its squads and never
touches the pool.
"""

from __future__ import annotations

import datetime as _dt
import pathlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core.actions import Action, ActionSyntaxError
from engine.core.errors import IllegalAction
from engine.core.game import Game
from engine.core.hashing import stable_hash
from engine.core.registry import UnknownName
from engine.core.ruleset import Ruleset, find_ruleset, ruleset_names
from engine.core.timing import TimeLimit
from saves.errors import (
    SaveCorrupt,
    SaveError,
    SaveIllegal,
    SaveMismatch,
    SaveReplayFailed,
    SaveUnknownRuleset,
)
from saves.kits import kit

CLASSIC_EDITIONS = ("2022", "2007")  # a classic full game's rules (engine.classic.recruit.EDITIONS)
RULESETS = ("heroes", "classic")  # the rulesets whose setup this format can hold (docs/saves.md)
PLAYER_KINDS = ("human", "computer")
# The computer opponent's levels a save may name (the format's own list, docs/saves.md; the bots'
# engine.ai.LEVELS must not outgrow it). A version-1 save played its computer at "normal".
COMPUTER_LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"
MAX_NAME = 64
MAX_DECK = 200


@dataclass
class PlayerSetup:
    """One seat: the name shown, who plays it (and, for the computer, at which level), the hero and the deck."""

    name: str
    kind: str  # "human" | "computer"
    hero: str
    deck: list[str]
    deck_id: str = ""
    level: str = ""  # a computer seat's level (COMPUTER_LEVELS); "" for a person

    def __post_init__(self) -> None:
        if self.kind == "computer" and not self.level:
            self.level = DEFAULT_LEVEL

    def to_dict(self, ruleset: str = "heroes", edition: str = "") -> dict[str, Any]:
        """The seat as the save writes it; a classic seat has no hero, and its ``deck`` is the squad
        (laid out at once) or, for a full game (``edition``), the deck the squad is recruited from."""
        out: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.kind == "computer":
            out["level"] = self.level
        if ruleset == "classic" and edition:
            out.update({"deck_id": self.deck_id, "deck": list(self.deck)})
        elif ruleset == "classic":
            out["squad"] = list(self.deck)
        else:
            out.update({"hero": self.hero, "deck_id": self.deck_id, "deck": list(self.deck)})
        return out


@dataclass
class Snapshot:
    """The position after ``actions`` actions of the log, with its state hash."""

    actions: int
    hash: str
    state: dict[str, Any]

    @property
    def turn(self) -> int:
        turn = self.state.get("turn", 0)
        return turn if isinstance(turn, int) else 0

    @property
    def outcome(self) -> dict[str, Any] | None:
        out = self.state.get("outcome")
        return out if isinstance(out, dict) else None


def now_iso() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="microseconds")


def saved_moment(text: str) -> _dt.datetime | None:
    """The moment a save's ISO 8601 time names, in UTC (no offset given: UTC); None when it names none a clock
    can show: empty, not ISO 8601, or a date at the calendar's ends that leaves the years 1–9999 once moved to
    UTC (``0001-01-01T00:00:00+23:59``). Such a time is only a label: the save is as good as its game."""
    try:
        value = _dt.datetime.fromisoformat(text)
        return value.astimezone(_dt.UTC) if value.tzinfo else value.replace(tzinfo=_dt.UTC)
    except (ValueError, OverflowError, TypeError):
        return None


def known_rulesets() -> list[str]:
    """The rulesets a save may name: registered in the engine and with a setup layout here."""
    return [name for name in ruleset_names() if name in RULESETS]


def unknown_ruleset(path: pathlib.Path | None, name: str) -> SaveUnknownRuleset:
    known = ", ".join(known_rulesets())
    return SaveUnknownRuleset(path, f"поле ruleset: неизвестные правила «{name[:40]}» (известны: {known})",
                              f"field ruleset: unknown ruleset '{name[:40]}' (known: {known})")


def _check_seats(players: list[PlayerSetup], max_cards: int) -> None:
    if len(players) != 2:
        raise ValueError("a game needs two players")
    for p in players:
        if p.kind not in PLAYER_KINDS:
            raise ValueError(f"player kind must be human or computer, not {p.kind!r}")
        if p.kind == "computer" and p.level not in COMPUTER_LEVELS:
            raise ValueError(f"computer level must be one of {', '.join(COMPUTER_LEVELS)}, not {p.level!r}")
        if p.kind == "human" and p.level:
            raise ValueError("only a computer seat has a level")
        if not 1 <= len(p.name) <= MAX_NAME or not p.name.isprintable():
            raise ValueError(f"a player name must be 1-{MAX_NAME} printable characters")
        if len(p.deck) > max_cards:
            raise ValueError(f"a deck may have at most {max_cards} cards")


@dataclass
class GameRecord:
    """Everything needed to rebuild and continue a game exactly."""

    ruleset: str
    seed: int
    players: list[PlayerSetup]
    custom_cards: list[dict[str, Any]] = field(default_factory=list)  # card tables as written (TOML → JSON)
    pool_version: str = ""
    log: list[str] = field(default_factory=list)  # str(action) of every action, in order
    check_decks: bool = True
    undo_floor: int = 0  # actions before this index can no longer be taken back
    started_at: str = ""
    saved_at: str = ""
    snapshot: Snapshot | None = None
    first: int = 0  # classic: the player who takes the first turn (heroes rolls for it in the log)
    edition: str = ""  # classic: "" squads laid out at once; "2022" or "2007" a full game from decks
    # classic squads laid out on chosen cells (the first battle): every card as {"player", "card", "at": [r, c] or
    # None, "zone", "host": the 1-based place in this list of the card it sits on, or None}; [] = deployment order
    layout: list[dict[str, Any]] = field(default_factory=list)
    campaign: bool = False  # classic: a campaign (2007 part 8), its games one after another in the log
    migrated_from: int | None = None  # the file's version when an upgrade step was applied on load
    # a timed game: its limit (part of the setup: the game records it, engine/core/timing.py) and how much of
    # it the runner's clock had used when the record was last saved, in milliseconds (docs/timed.md)
    time_limit: TimeLimit | None = None
    clock_ms: int = 0

    # ------------------------------------------------------------------ starting a game
    @classmethod
    def begin(cls, pool: Any, players: list[PlayerSetup], *, seed: int, check_decks: bool = True,
              ruleset: str = "heroes", time_limit: TimeLimit | None = None) -> tuple[GameRecord, Game]:
        """Start a new «Герои» game (``pool``: its cards) and the record that follows it, timed with
        ``time_limit``. ValueError for a bad setup."""
        if ruleset != "heroes":
            raise ValueError(f"begin starts a «Герои» game, not {ruleset!r} (classic: begin_classic)")
        record, game = kit("heroes").begin(cls, pool, players, seed=seed, check_decks=check_decks)
        return record, record._timed(game, time_limit)

    @classmethod
    def begin_classic(cls, cards: Mapping[str, Any], players: list[PlayerSetup], *, seed: int,
                      first: int = 0, edition: str = "", layout: list[dict[str, Any]] | None = None,
                      campaign: bool = False, time_limit: TimeLimit | None = None) -> tuple[GameRecord, Game]:
        """Start a classic game: each seat's ``deck`` is its squad (card ids in deployment order), or with
        ``edition`` ("2022", "2007") the deck of a full game (die roll, squad building, placement first).

        The record keeps the table of every card of both sides, so the save plays the same anywhere.
        ``layout`` lays the squads out on chosen cells instead (the first battle, :data:`layout`'s form);
        ``campaign`` (with an edition) plays a campaign of games from the decks (2007 part 8); ``time_limit`` makes
        a single game a timed one (a campaign is not timed). Raises ValueError for a bad setup."""
        if campaign and time_limit is not None:
            raise ValueError("a campaign is a series of games: it is not played against a time limit")
        record, game = kit("classic").begin(cls, cards, players, seed=seed, first=first, edition=edition,
                                            layout=layout, campaign=campaign)
        return record, record._timed(game, time_limit)

    def _timed(self, game: Game, limit: TimeLimit | None) -> Game:
        """A game just made from this record's setup, with the setup's time limit (``limit`` becomes it)."""
        if limit is not None:
            self.time_limit = limit
        if self.time_limit is not None:
            # the limit is part of the setup, like the seed: the game records it before any action
            game.time_limit = self.time_limit  # type: ignore[attr-defined]
        return game

    # ------------------------------------------------------------------ following a game
    def play(self, game: Game, action: Action) -> list[dict[str, Any]]:
        """Apply an action to the game and log it (only when it was legal)."""
        events = game.apply(action)
        self.log.append(str(action))
        return events

    def capture(self, game: Game) -> Snapshot:
        """Store the game's current position as the snapshot (the game must follow this record's log)."""
        state = game.to_dict()
        self.snapshot = Snapshot(actions=len(self.log), hash=stable_hash(state), state=state)
        return self.snapshot

    def truncated(self, n: int) -> GameRecord:
        """The same game after only its first ``n`` actions (for undo and for settling disputes)."""
        if not 0 <= n <= len(self.log):
            raise ValueError(f"n must be between 0 and {len(self.log)}")
        return replace(self, players=[replace(p, deck=list(p.deck)) for p in self.players],
                       custom_cards=list(self.custom_cards), log=self.log[:n], snapshot=None,
                       layout=[dict(t) for t in self.layout],
                       undo_floor=min(self.undo_floor, n))

    # ------------------------------------------------------------------ summary for lists
    @property
    def turn(self) -> int:
        return self.snapshot.turn if self.snapshot else 0

    @property
    def is_over(self) -> bool:
        return bool(self.snapshot and self.snapshot.outcome)

    @property
    def can_undo(self) -> bool:
        return len(self.log) > self.undo_floor

    # ------------------------------------------------------------------ rebuilding
    def pool(self, base: Any = None, path: pathlib.Path | None = None) -> Any:
        """The cards this record's game is played with: for «Герои» the built-in cards of ``base`` plus the
        save's custom ones; for classic the cards the save carries (SaveIllegal if they are bad)."""
        return kit(self.ruleset_entry(path).name).content(self, base, path)

    def ruleset_entry(self, path: pathlib.Path | None = None) -> Ruleset:
        """The engine's ruleset of this record (SaveUnknownRuleset naming the known ones)."""
        if self.ruleset not in RULESETS:
            raise unknown_ruleset(path, self.ruleset)
        try:
            return find_ruleset(self.ruleset)
        except UnknownName:
            raise unknown_ruleset(path, self.ruleset) from None

    def new_game(self, base: Any = None, path: pathlib.Path | None = None) -> Game:
        """The game before any action of the log (SaveIllegal for a setup the engine refuses)."""
        entry = self.ruleset_entry(path)
        return self._timed(kit(entry.name).new_game(self, entry, base, path), None)

    def actions(self, path: pathlib.Path | None = None) -> Iterator[tuple[int, Action]]:
        """The log parsed into actions (SaveIllegal names the first entry that is not an action)."""
        codec = self.ruleset_entry(path).codec
        for i, text in enumerate(self.log):
            try:
                yield i, codec.parse(text)
            except ActionSyntaxError as exc:
                raise SaveIllegal(path, f"запись №{i + 1} «{text[:60]}» — не действие ({exc})",
                                  f"log entry #{i + 1} '{text[:60]}' is not an action ({exc})") from None

    def replay(self, base: Any = None, *, upto: int | None = None,
               path: pathlib.Path | None = None) -> Game:
        """Rebuild the game from the log through the rules; check the snapshot hash at its point."""
        if self.snapshot is not None:
            self.check_snapshot(path)
        end = len(self.log) if upto is None else max(0, min(upto, len(self.log)))
        try:
            acts = list(self.actions(path))  # parse everything first: a bad entry fails before any replay
            game = self.new_game(base, path)
            for i, act in acts[:end]:
                apply_logged(game, act, i, self.log[i], path)
            if self.snapshot is not None and end == len(self.log):
                self.verify(game, path)
        except SaveError as exc:
            raise self.with_version_note(exc, base) from None
        return game

    def check_snapshot(self, path: pathlib.Path | None = None) -> None:
        """The snapshot must match its own hash and point inside the log (cheap; before any replay)."""
        snap = self.snapshot
        if snap is None:
            return
        if snap.actions != len(self.log):
            raise SaveCorrupt(path, f"снимок позиции сделан после {snap.actions} действий, а в журнале их {len(self.log)}",
                              f"the snapshot is after {snap.actions} actions but the log has {len(self.log)}")
        try:
            digest = stable_hash(snap.state)
        except (ValueError, TypeError, UnicodeError, RecursionError):
            digest = ""
        if digest != snap.hash:
            raise SaveCorrupt(path, "снимок позиции не совпадает со своей контрольной суммой (файл повреждён или правлен)",
                              "the snapshot does not match its checksum (the file is damaged or was edited)")

    def verify(self, game: Game, path: pathlib.Path | None = None) -> None:
        """The game must be exactly the snapshot's position (SaveMismatch otherwise)."""
        assert self.snapshot is not None
        if game.state_hash() != self.snapshot.hash:
            raise SaveMismatch(path, "позиция, восстановленная по журналу действий, отличается от сохранённой",
                               "the position rebuilt from the action log differs from the saved one")

    def with_version_note(self, exc: SaveError, base: Any) -> SaveError:
        """Add "made with other cards" to a replay failure when the built-in cards differ."""
        if not isinstance(exc, SaveIllegal | SaveMismatch) or not self.pool_version:
            return exc
        if self.pool_version == kit(self.ruleset).content_version(base):
            return exc
        ru = exc.detail_ru + "; сохранение сделано с другой версией карт"
        en = exc.detail_en + "; the save was made with a different version of the cards"
        return type(exc)(exc.path, ru, en)


def apply_logged(game: Game, act: Action, i: int, text: str, path: pathlib.Path | None) -> list[dict[str, Any]]:
    """Apply one logged action; anything the engine refuses becomes SaveIllegal naming the entry."""
    try:
        return game.apply(act)
    except IllegalAction as exc:
        raise SaveIllegal(path, f"действие №{i + 1} «{text[:60]}» невозможно в той позиции: {exc.ru}",
                          f"action #{i + 1} '{text[:60]}' is not legal at that point: {exc.en}") from None
    except Exception as exc:  # an engine failure on odd input must still be a typed save error
        raise SaveReplayFailed(path, f"действие №{i + 1} «{text[:60]}» не удалось повторить ({type(exc).__name__})",
                          f"action #{i + 1} '{text[:60]}' could not be replayed ({type(exc).__name__}: {exc})") from None
