"""One game at the table: the engine game, who plays each seat, the log, undo and saving.

Every change of the game goes through :meth:`GameSession.apply`, which calls ``game.apply``;
undo rebuilds the game from the snapshot taken before the last action.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.core.actions import Action
from engine.core.events import Event, event
from engine.core.game import DecisionGame
from engine.core.timing import TimeLimit, TimeOut
from ui.controllers import Controller, HumanController, make_controller
from ui.rulesets import client_of, find_client
from ui.timeclock import GameClock

logger = logging.getLogger(__name__)

@event
class Undone(Event):
    """The table's own event: ``player``'s last action was taken back (not a rule of the game)."""

    kind: ClassVar[str] = "undo"
    player: int | None


@event
class Acted(Event):
    """The table's own event, logged before an action's events: ``player`` took ``action`` (its text form);
    ``ru`` and ``en`` are its words as said at the time, naming no card hidden from the table, or "" when the
    action's own events say what it did (ui/actionwords.py)."""

    kind: ClassVar[str] = "acted"
    player: int | None
    action: str
    ru: str
    en: str

    def words(self, lang: str) -> str | None:
        """The line in ``lang`` (None: the action's events say it)."""
        return (self.ru if lang == "ru" else self.en) or None


@dataclass
class Entry:
    """One applied action: who took it, what happened, and the state before it."""

    action: Action
    player: int | None
    events: list[Event]
    before: dict[str, Any] | None = None


@dataclass
class GameSession:
    """A game in progress plus everything the table needs around it."""

    game: DecisionGame  # of any ruleset; what differs per game comes from its client (ui.rulesets)
    controllers: list[Controller] = field(default_factory=lambda: [HumanController(), HumanController()])
    deck_names: tuple[str, str] = ("", "")
    log: list[tuple[int, Event]] = field(default_factory=list)  # (turn, event)
    history: list[Entry] = field(default_factory=list)
    seq: int = 0  # bumps on every change; views compare it to know when to re-read state
    record: Any = None  # saves.record.GameRecord: setup + action log, what a save file holds
    # a series of games (a classic campaign, 2007 part 8): the record follows it and ``game`` is its game now
    campaign: Any = None
    clock: GameClock | None = None  # a timed game's clock (ui/timeclock.py), from the record's limit

    def __post_init__(self) -> None:
        limit = getattr(self.record, "time_limit", None)
        if self.clock is None and limit is not None:
            self.clock = GameClock(limit, self.record.clock_ms / 1000)  # a save keeps what the clock had used

    @classmethod
    def new(cls, pool: Any, decks: list[tuple[str, list[str]]], names: tuple[str, str], *, seed: int,
            kinds: tuple[str, str] = ("human", "human"), deck_ids: tuple[str, str] = ("", ""),
            check_decks: bool = True, time_limit: TimeLimit | None = None) -> GameSession:
        from saves.record import GameRecord, PlayerSetup

        players = [PlayerSetup(name=names[i], kind="human" if kinds[i] == "human" else "computer", hero=hero,
                               deck=list(cards), deck_id=deck_ids[i], level=_record_level(kinds[i]))
                   for i, (hero, cards) in enumerate(decks)]
        record, game = GameRecord.begin(pool, players, seed=seed, check_decks=check_decks, time_limit=time_limit)
        s = cls(game=game, controllers=[make_controller(k, seed + i, game.ruleset) for i, k in enumerate(kinds)], record=record)
        for ev in getattr(game, "setup_events", []):
            s.log.append((0, ev))
        return s

    @classmethod
    def from_record(cls, record, game: DecisionGame) -> GameSession:
        """A loaded save: the game as rebuilt by saves, the log retold by replaying the record once more
        (of a campaign, from where its game now began)."""
        kinds = [_controller_kind(p.kind, p.level) for p in record.players]
        client = client_of(game)
        current = client.current(game)
        s = cls(game=current, controllers=[make_controller(k, i, game.ruleset) for i, k in enumerate(kinds)],
                record=record, campaign=game if current is not game else None)
        replay = record.new_game(client.content_of(game))
        s.log = [(0, ev) for ev in getattr(replay, "setup_events", [])]
        for _, act in record.actions():
            player = act.player if type(act) in replay.META else replay.decider  # type: ignore[attr-defined]
            said = _Before(replay, act, player)
            events = replay.apply(act)
            s.log.append((replay.turn, said.record()))
            for ev in events:
                s.log.append((replay.turn, ev))
        s._trim_log()
        return s

    @property
    def whole(self) -> Any:
        """What the record follows and saves hold: the campaign when there is one, else the game."""
        return self.campaign if self.campaign is not None else self.game

    def _trim_log(self) -> None:
        """A campaign's game under way keeps the log from the end of the game before it (the score and what
        passed on), not the earlier games' events, whose cards that game numbers differently."""
        if self.campaign is None or self.game.is_over:
            return
        start = next((i for i in range(len(self.log) - 1, -1, -1) if self.log[i][1].kind == "campaign_game"), None)
        if start is not None:
            del self.log[:start]

    # ------------------------------------------------------------------ decisions
    @property
    def decider(self) -> int | None:
        return self.game.decider

    def controller(self, p: int | None) -> Controller | None:
        return None if p is None else self.controllers[p]

    @property
    def humans(self) -> list[int]:
        return [i for i, c in enumerate(self.controllers) if c.is_human]

    def apply(self, action: Action) -> list[Event]:
        """Apply through the engine (IllegalAction propagates, state untouched) and record it."""
        whole = self.whole
        before = whole.to_dict()
        player = whole.decider
        if type(action) in self.game.META:  # conceding, draw offers: their player acts; a time-out is nobody's
            player = getattr(action, "player", None)
        said = _Before(self.game, action, player)
        events = self.record.play(whole, action) if self.record is not None else whole.apply(action)
        self.history.append(Entry(action, player, list(events), before))
        if len(self.history) > 1:
            self.history[-2].before = None  # only the last action can be taken back
        switched = False
        if self.campaign is not None:  # the next game of a campaign, once it began
            current = client_of(whole).current(whole)
            switched, self.game = current is not self.game, current
        turn = self.game.turn
        self.log.append((turn, said.record()))
        for ev in events:
            self.log.append((turn, ev))
        if switched:
            self._trim_log()
        self.seq += 1
        return events

    # ------------------------------------------------------------------ undo
    def undo_block(self) -> str | None:
        """Why the last action cannot be taken back (an i18n key), or None if it can."""
        if not self.history or self.history[-1].before is None:
            return "undo.nothing"
        last = self.history[-1]
        if self.game.is_over:
            return "undo.over"
        if isinstance(last.action, TimeOut):
            return "undo.clock"  # the clock does not go back
        if client_of(self.game).undo_hides(last.action, last.events):
            return "undo.hidden"
        return None

    def undo(self) -> None:
        if self.undo_block() is not None:
            raise ValueError("nothing to undo")
        last = self.history.pop()
        assert last.before is not None
        client = client_of(self.game)
        restored = client.game_from_dict(last.before, client.content_of(self.game))
        if self.campaign is not None:
            self.campaign, restored = restored, client.current(restored)
        self.game = restored
        if self.record is not None:
            self.record = self.record.truncated(len(self.record.log) - 1)
        del self.log[-(len(last.events) + 1):]  # its events and the record of it (Acted)
        self.log.append((self.game.turn, Undone(player=last.player)))
        self.seq += 1

    @property
    def last_player(self) -> int | None:
        return self.history[-1].player if self.history else None


class _Before:
    """An action's words, taken from the game before it is applied (what it names may be gone after)."""

    def __init__(self, game: DecisionGame, action: Action, player: int | None) -> None:
        from ui.i18n import Tr

        client = client_of(game)
        game = client.current(game)  # of a campaign, the game under way (or just over)
        self.action, self.player = action, player
        self.want = client.headline(action)
        # an action whose own event says what it did (a move, a strike, a play: most of them) needs no words
        self.words = ("", "") if self.want is not None else (client.action_words(action, player, game, Tr("ru")),
                                                              client.action_words(action, player, game, Tr("en")))

    def record(self) -> Acted:
        """The log's record of the action, with its words unless one of its events says what it did."""
        ru, en = self.words
        return Acted(player=self.player, action=str(self.action), ru=ru, en=en)


def action_said(game: DecisionGame, action: Action, player: int | None) -> Acted:
    """The log's record of ``action``, about to be taken by ``player`` in ``game`` (a table that is told of an
    action rather than applying it: a network game's, ui/netsession.py)."""
    return _Before(game, action, player).record()


def _record_level(kind: str) -> str:
    """The level a save records for a seat of this controller kind: "" for a person, and for a kind that is
    no level of the save format (the "random" test player), which PlayerSetup then saves at the default."""
    from saves.record import COMPUTER_LEVELS

    return kind if kind in COMPUTER_LEVELS else ""


def _controller_kind(record_kind: str, level: str = "") -> str:
    """The controller kind for a saved seat: a computer seat gets the computer opponent of its saved level
    back; a level this client does not offer falls back to the default one (and says so in the log)."""
    from ui.controllers import COMPUTER_KINDS, DEFAULT_COMPUTER

    if record_kind == "human":
        return "human"
    if level in COMPUTER_KINDS:
        return level
    fallback = DEFAULT_COMPUTER if DEFAULT_COMPUTER in COMPUTER_KINDS else next(iter(COMPUTER_KINDS), "random")
    logger.warning("saved computer level %r is not available here; the computer plays at %r", level, fallback)
    return fallback


def start_session(pool, choices: list[Any], names: tuple[str, str], kinds: tuple[str, str],
                  seed: int, time_limit: TimeLimit | None = None) -> GameSession:
    """A new game between the chosen decks (strict deck rules only when every deck asks for them), timed with
    ``time_limit``."""
    decks = [(c.deck.hero, c.deck.card_list()) for c in choices]
    strict = all(c.strict for c in choices)
    s = GameSession.new(pool, decks, names, seed=seed, kinds=kinds, deck_ids=(choices[0].id, choices[1].id),
                        check_decks=strict, time_limit=time_limit)
    s.deck_names = tuple(c.deck.name.get("ru", c.id) for c in choices)  # type: ignore[assignment]
    return s


def quick_session(seed: int = 1, kinds: tuple[str, str] = ("human", "human"),
                  names: tuple[str, str] = ("Аня", "Борис"), decks: tuple[int, int] = (0, 1)) -> GameSession:
    """A «Герои» game with two of the decks on offer, by index (demos, screenshots, tests)."""
    pool, offered = find_client("heroes").content.game_content()
    choices = [offered[i % len(offered)] for i in decks]
    return start_session(pool, choices, names, kinds, seed)
