"""The attack arrow on the classic board ends at the target card's edge: its name and strike stripes stay clear."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from ui.classic.view import STRIKE_LIT, BoardView, Look
from ui.i18n import Tr


def _lit(surface: pygame.Surface, rect: pygame.Rect) -> int:
    return sum(surface.get_at((x, y))[:3] == STRIKE_LIT for x in range(rect.left, rect.right)
               for y in range(rect.top, rect.bottom))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("step", [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)])
def test_the_arrow_stops_at_the_targets_edge_in_every_direction(size, step) -> None:
    pygame.init()
    view = BoardView(size, Tr("ru"))
    at = (3, 2)
    game = SimpleNamespace(creatures={1: SimpleNamespace(at=at), 2: SimpleNamespace(at=(at[0] + step[0], at[1] + step[1]))})
    surface = pygame.Surface(size)
    surface.fill((0, 0, 0))
    view.draw_arrow(surface, game, Look(viewer=0, arrow=(1, 2)))
    target = view.L.card_rect(game.creatures[2].at, 0)
    assert _lit(surface, target) == 0, "the tip covers the target card"
    assert _lit(surface, surface.get_rect()) > 0, "an arrow is drawn"
