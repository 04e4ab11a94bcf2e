"""The classic board in the replay (ui/scenes/replay.py): the battlefield read-only, seen from player 1, the
current entry in the prompt strip and the replay's controls in the panel (as ui/heroes/replay_board.py). A
campaign's replay shows its game of the moment (the last one played while it waits between games) and the
score."""

from __future__ import annotations

import pygame

from ui.classic import eventlog
from ui.classic.client import CLIENT
from ui.classic.view import BoardView, Look
from ui.classic.zoom import draw_zoom, may_see, zoom_lines


def current(game):
    """The game to draw of what the replay plays: a campaign's game of the moment, or the game itself."""
    return CLIENT.current(game)


class ReplayBoard:
    """A read-only classic table for the replay scene."""

    def __init__(self, app) -> None:
        self.app = app
        self.view: BoardView | None = None
        self.ui = Look(viewer=0)
        self.ui.zoom = None  # type: ignore[attr-defined]  # the card a right click opened (its text beside it)
        self.zoom_blocks: list[tuple[str, str]] = []

    def enter(self, size) -> None:
        if self.view is None or self.view.size != tuple(size):
            self.view = BoardView(size, self.app.tr)

    def resize(self, size) -> None:
        if self.view is not None:
            self.view.resize(size)

    def update(self, dt: float) -> None:
        pass  # nothing flies on the classic board yet

    def jumped(self) -> None:
        pass

    def sc(self, n: float) -> int:
        return self.view.L.sc(n)

    def areas(self) -> dict[str, pygame.Rect]:
        L = self.view.L
        gap = L.sc(8)
        controls = pygame.Rect(L.panel.x, L.end_turn.y - L.end_turn.h - gap, L.panel.w, L.end_turn.h)
        top = L.status.bottom + gap
        return {"status": L.status, "list": pygame.Rect(L.panel.x, top, L.panel.w, controls.y - gap - top),
                "controls": controls, "play": L.end_turn, "exit": L.menu}

    def status(self, game, tr) -> list[str]:
        campaign, game = (game, current(game)) if game is not current(game) else (None, game)
        out = [eventlog.turn_line(game, tr)]
        if campaign is not None:  # a campaign (2007 part 8): which game, and the score
            out[0] = tr("classic.status_campaign", n=campaign.number, a=campaign.score[0], b=campaign.score[1]) \
                + " · " + out[0]
        for p in (0, 1):
            out.append(tr("classic.status_side", name=game.names[p], alive=len(game.on_board(p)),
                          dead=len(game.graveyard(p))))
        if campaign is not None and campaign.is_over:
            out.append(tr("classic.log_campaign_over", result=eventlog.campaign_result(campaign.outcome.winner, game, tr),
                          a=campaign.score[0], b=campaign.score[1]))
        elif game.is_over:
            out.append(eventlog.result(game, tr))
        return out

    def show(self, game, prompt: str, status: list[str], buttons: list, events: list | None = None) -> None:
        self.ui.prompt = prompt
        self.ui.status = status
        self.ui.buttons = buttons

    def changed(self) -> None:
        pass

    def draw(self, surface: pygame.Surface, game, mouse, draw_panel) -> None:
        game = current(game)
        self.ui.mouse = mouse
        self.view.draw(surface, game, self.ui, panel=False)
        draw_panel(surface)
        cid = self.ui.zoom  # type: ignore[attr-defined]
        anchor = self.view.rect_of(game, cid, self.ui.viewer) if cid in game.creatures else None
        if anchor is not None:
            draw_zoom(surface, self.view.L, anchor, self.zoom_blocks)

    @property
    def zoomed(self) -> bool:
        return self.ui.zoom is not None  # type: ignore[attr-defined]

    def unzoom(self) -> None:
        self.ui.zoom = None  # type: ignore[attr-defined]

    def zoom_at(self, pos, game) -> None:
        """A right click on a card the board shows face up opens its whole text with the reminders."""
        game = current(game)
        v = self.view
        cid = next((c for c, r in reversed(v.symbiote_cards(game, 0) + v.extra_cards(game, 0)) if r.collidepoint(pos)), None)
        if cid is None:
            cell = v.L.cell_at(pos, 0)
            cid = game.occupant(cell) if cell is not None else None
        if cid is not None and may_see(game, cid, self.ui.viewer):
            self.ui.zoom = cid  # type: ignore[attr-defined]
            self.zoom_blocks = zoom_lines(game, cid, self.app.tr)
