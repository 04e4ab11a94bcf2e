"""A finished game as the end screen's picture: each side's strength turn by turn, the biggest swings and the
game's figures, rebuilt by replaying its action log through the rules (never from the table's memory, so a
game loaded from a save is whole too).

What "strength" is belongs to each game (its client's ``chart`` part: ``MEASURES``, ``turn_of``,
``strength`` and a ``Tally`` of the events); walking the log and finding the swings is the same for both.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

SWINGS = 3  # the turns marked on the chart


@dataclass
class Turn:
    """One turn of the game (turn 0: the setup, before the first turn) as it stood when it ended."""

    turn: int
    start: int  # actions applied when it began: where the replay opens to watch it
    player: int | None  # whose turn it was (None for the setup)
    sides: tuple[tuple[int, ...], ...] = ()  # per player, the client's MEASURES in order


@dataclass(frozen=True)
class Swing:
    """A turn that moved the balance most: ``changes[p][m]`` is player p's change of measure m in it."""

    turn: int
    rank: int  # 1 for the biggest
    changes: tuple[tuple[int, ...], ...]


@dataclass
class Timeline:
    """The turns of one game with each side's strength, and each side's figures (the client's Tally)."""

    measures: tuple[str, ...]  # the client's measures by name ("hero_lives", …: i18n end.m_<name>, end.w_<name>)
    turns: list[Turn] = field(default_factory=list)
    tally: Any = None

    def peak(self, m: int) -> int:
        """The largest value measure ``m`` took (at least 1: the chart's scale)."""
        return max([1] + [s[m] for t in self.turns for s in t.sides])

    def changes(self, k: int) -> tuple[tuple[int, ...], ...]:
        """Each side's change of each measure over turn ``self.turns[k]`` (against the turn before)."""
        now, before = self.turns[k].sides, self.turns[k - 1].sides if k else self.turns[k].sides
        return tuple(tuple(a - b for a, b in zip(now[p], before[p], strict=True)) for p in range(len(now)))

    def swings(self, n: int = SWINGS) -> list[Swing]:
        """The ``n`` turns in which the lead changed most, biggest first; each measure weighs by its own scale
        (a hero's 5 lives and 2 cards in play both count), and a turn where nothing changed is never one."""
        if len(self.turns) < 2:
            return []
        peaks = [self.peak(m) for m in range(len(self.measures))]
        scored = []
        for k in range(1, len(self.turns)):
            ch = self.changes(k)
            score = sum(abs(ch[0][m] - ch[1][m]) / peaks[m] for m in range(len(peaks)))
            if score > 0:
                scored.append((-score, self.turns[k].turn, ch))
        scored.sort()
        return [Swing(turn, i + 1, ch) for i, (_, turn, ch) in enumerate(scored[:n])]

    def index_of(self, turn: int) -> int | None:
        """The position in ``turns`` of game turn ``turn``."""
        return next((k for k, t in enumerate(self.turns) if t.turn == turn), None)


def build(record: Any, base: Any = None) -> Timeline:
    """Replay ``record`` (a saves GameRecord) from its start and sample each side's strength at every turn's
    end; SaveError (in ru and en) when the log cannot be replayed."""
    from saves.errors import SaveError
    from saves.record import apply_logged
    from ui.rulesets import find_client

    try:
        game = record.new_game(base)
        actions = list(record.actions())
    except SaveError as exc:
        raise record.with_version_note(exc, base) from None
    client = find_client(record.ruleset)
    whole = game  # what the record plays: a game, or a series of them (a classic campaign: its last game is charted)
    game = client.current(whole)
    grown = Tracker(client.chart, game)
    for i, act in actions:
        turn, player = grown.now(game)  # the turn this action is taken in
        try:
            events = apply_logged(whole, act, i, record.log[i], None)
        except SaveError as exc:
            raise record.with_version_note(exc, base) from None
        if client.current(whole) is not game:  # the next game of a series began: its chart starts afresh
            game = client.current(whole)
            grown = Tracker(client.chart, game, i + 1)
            continue
        grown.add(i, turn, player, events, game)
    return grown.timeline(game)


class Tracker:
    """A Timeline grown action by action: :meth:`now` before an action (the turn it is taken in, and whose),
    :meth:`add` after it (its events, the game after it). Replaying a record grows one (:func:`build`), and so
    does a network game's table from the views it is shown (ui/netsession.py): it has no record to replay, as
    the other side's hidden cards never reach it, but what the chart counts (lives, cards in play) is open to
    both players. ``start``: the actions played before ``game`` (a replay opens there); ``joined``: ``game`` is
    a game under way, not at its start (a table that came in after a reconnection charts it from then on: no
    point before the first turn, no setup events); ``setup``: the setup's events (the game's own
    ``setup_events`` if None); ``undoable``: each action's step is kept so that :meth:`undo` can take the last
    one back (an undo both players agreed to)."""

    def __init__(self, chart: Any, game: Any, start: int = 0, *, joined: bool = False, setup: list[Any] | None = None,
                 undoable: bool = False) -> None:
        self.chart = chart
        self.out = _begin(chart, game, start, joined)
        if not joined:
            self.out.tally.add(getattr(game, "setup_events", []) if setup is None else setup, game)
        self.undoable = undoable
        self._steps: list[tuple[int, tuple[tuple[int, ...], ...], Any]] = []

    def now(self, game: Any) -> tuple[int, int | None]:
        """The turn an action taken now is taken in, and whose turn it is (None: the setup)."""
        return self.chart.turn_of(game), _player(self.chart, game)

    def add(self, index: int, turn: int, player: int | None, events: list[Any], game: Any) -> None:
        """Action ``index`` of the game, taken in ``turn`` (:meth:`now`), made ``events`` and left ``game``."""
        out = self.out
        if self.undoable:
            self._steps.append((len(out.turns), out.turns[-1].sides, copy.deepcopy(out.tally)))
        current = out.turns[-1]
        if turn != current.turn:
            current = Turn(turn, index, player, current.sides)
            out.turns.append(current)
        out.tally.add(events, game)
        current.sides = self.chart.strength(game)

    @property
    def steps_kept(self) -> int:
        """How many :meth:`add` calls :meth:`undo` can still take back (0 unless ``undoable``)."""
        return len(self._steps)

    def undo(self) -> None:
        """Take the last :meth:`add` back (only with ``undoable``; nothing when there is none)."""
        if not self._steps:
            return
        turns, sides, tally = self._steps.pop()
        del self.out.turns[turns:]
        self.out.turns[-1].sides = sides
        self.out.tally = tally

    def timeline(self, game: Any) -> Timeline:
        """The timeline so far, its figures finished from ``game`` as it stands (the game's end)."""
        self.out.tally.finish(game)
        return self.out


def _begin(chart: Any, game: Any, start: int, joined: bool = False) -> Timeline:
    """A timeline whose first point is ``game`` as it stands after ``start`` actions of the log."""
    out = Timeline(tuple(chart.MEASURES), tally=chart.Tally(game))
    first = Turn(chart.turn_of(game), start, _player(chart, game), chart.strength(game))
    if not joined and first.turn != 0:  # no setup (classic's ready squads): the start stays a point of its own
        out.turns.append(Turn(0, start, None, first.sides))
    out.turns.append(first)
    return out


def _player(chart: Any, game: Any) -> int | None:
    return None if chart.turn_of(game) == 0 else getattr(game, "active", None)
