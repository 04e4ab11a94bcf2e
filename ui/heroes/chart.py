"""«Герои» on the end screen's chart (ui/timeline.py): each side's hero lives and cards in play turn by turn,
and the figures of the game counted from its events."""

from __future__ import annotations

from typing import Any

MEASURES = ("hero_lives", "in_play")  # the chart's measures (i18n end.m_*, end.w_*), as strength() gives them


def turn_of(game: Any) -> int:
    """The turn an action is taken in: 0 before the first turn (the mulligans)."""
    return int(game.turn)


def strength(game: Any) -> tuple[tuple[int, ...], ...]:
    """Each player's (hero's lives left, cards in play besides the hero)."""
    return tuple((max(0, game.lives_left(pl.hero)), len(pl.play)) for pl in game.players)


class Tally:
    """Counts the game's events for the figures beside the chart: cards played, creatures lost, wounds taken."""

    def __init__(self, game: Any) -> None:
        self.played = [0, 0]
        self.lost = [0, 0]
        self.wounds = [0, 0]
        self.lives = [0, 0]
        self.turns = 0

    def add(self, events: list[Any], game: Any) -> None:
        cards = game.cards
        for ev in events:
            kind = ev.kind
            if kind == "play" and ev.player in (0, 1):
                self.played[ev.player] += 1
            elif kind == "death" and ev.card in cards:
                self.lost[cards[ev.card].owner] += 1
            elif kind == "wound" and ev.card in cards:
                self.wounds[cards[ev.card].controller] += ev.amount

    def finish(self, game: Any) -> None:
        self.lives = [max(0, game.lives_left(pl.hero)) for pl in game.players]
        self.turns = int(game.turn)

    def figures(self, p: int, tr: Any) -> list[str]:
        """Player ``p``'s lines beside the chart."""
        return [tr("end.f_hero_lives", n=self.lives[p]), tr("end.f_played", n=self.played[p]),
                tr("end.f_lost", n=self.lost[p]), tr("end.f_wounds", n=self.wounds[p])]
