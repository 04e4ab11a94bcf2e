"""Classic «Берсерк» on the end screen's chart (ui/timeline.py): each squad's total lives and creatures in play
turn by turn from the battle's start, and the figures of the game counted from its events."""

from __future__ import annotations

from typing import Any

from ui.classic.setup_play import SETUP_KINDS

MEASURES = ("squad_lives", "creatures")  # the chart's measures (i18n end.m_*, end.w_*), as strength() gives them


def turn_of(game: Any) -> int:
    """The battle's turn an action is taken in: 0 for the setup (the die roll, squads, placement, symbiotes),
    which classic counts as part of turn 1."""
    if game.setup is not None or getattr(game.pending, "kind", None) in SETUP_KINDS:
        return 0
    return int(game.turn)


def _creatures(game: Any, p: int) -> list[int]:
    """``p``'s creatures in play (terrains and artifacts have no lives and do not fight)."""
    return [cid for cid in game.on_board(p) if game.card_of(cid).strike is not None]


def strength(game: Any) -> tuple[tuple[int, ...], ...]:
    """Each player's (lives left over the squad's creatures in play, how many creatures are in play)."""
    out = []
    for p in (0, 1):
        mine = _creatures(game, p)
        out.append((sum(max(0, game.lives_left(cid)) for cid in mine), len(mine)))
    return tuple(out)


class Tally:
    """Counts the game's events for the figures beside the chart: creatures lost, wounds taken and dealt."""

    def __init__(self, game: Any) -> None:
        self.lost = [0, 0]
        self.taken = [0, 0]
        self.dealt = [0, 0]
        self.left = [0, 0]
        self.turns = 0

    def add(self, events: list[Any], game: Any) -> None:
        creatures = game.creatures
        for ev in events:
            kind = ev.kind
            if kind == "dies" and ev.owner in (0, 1):
                self.lost[ev.owner] += 1
            elif kind == "wounded" and ev.card in creatures:
                owner = creatures[ev.card].owner
                self.taken[owner] += ev.amount
                source = creatures.get(ev.source) if ev.source is not None else None
                if source is not None and source.owner != owner:  # wounds dealt to the enemy's creatures
                    self.dealt[source.owner] += ev.amount

    def finish(self, game: Any) -> None:
        self.left = [len(_creatures(game, p)) for p in (0, 1)]
        self.turns = int(game.turn) if turn_of(game) else 0

    def figures(self, p: int, tr: Any) -> list[str]:
        """Player ``p``'s lines beside the chart."""
        return [tr("end.f_creatures_left", n=self.left[p]), tr("end.f_lost", n=self.lost[p]),
                tr("end.f_wounds", n=self.taken[p]), tr("end.f_dealt", n=self.dealt[p])]
