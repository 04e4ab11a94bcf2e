"""A finished game as the end screen's picture: each side's strength turn by turn, the biggest swings and the
game's figures, rebuilt by replaying its action log through the rules (never from the table's memory, so a
game loaded from a save is whole too).

What "strength" is belongs to each game (its client's ``chart`` part: ``MEASURES``, ``turn_of``,
``strength`` and a ``Tally`` of the events); walking the log and finding the swings is the same for both.
"""

from __future__ import annotations

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
    chart = client.chart
    whole = game  # what the record plays: a game, or a series of them (a classic campaign: its last game is charted)
    game = client.current(whole)
    out = _begin(chart, game, 0)
    out.tally.add(getattr(game, "setup_events", []), game)
    current = out.turns[-1]
    for i, act in actions:
        turn = chart.turn_of(game)  # the turn this action is taken in
        if turn != current.turn:
            current = Turn(turn, i, _player(chart, game), current.sides)
            out.turns.append(current)
        try:
            events = apply_logged(whole, act, i, record.log[i], None)
        except SaveError as exc:
            raise record.with_version_note(exc, base) from None
        if client.current(whole) is not game:  # the next game of a series began: its chart starts afresh
            game = client.current(whole)
            out = _begin(chart, game, i + 1)
            current = out.turns[-1]
            continue
        out.tally.add(events, game)
        current.sides = chart.strength(game)
    out.tally.finish(game)
    return out


def _begin(chart: Any, game: Any, start: int) -> Timeline:
    """A timeline whose first point is ``game`` as it stands after ``start`` actions of the log."""
    out = Timeline(tuple(chart.MEASURES), tally=chart.Tally(game))
    first = Turn(chart.turn_of(game), start, _player(chart, game), chart.strength(game))
    if first.turn != 0:  # no setup (classic's ready squads): the start stays a point of its own
        out.turns.append(Turn(0, start, None, first.sides))
    out.turns.append(first)
    return out


def _player(chart: Any, game: Any) -> int | None:
    return None if chart.turn_of(game) == 0 else getattr(game, "active", None)
