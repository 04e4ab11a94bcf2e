"""The «Герои» board in the replay (ui/scenes/replay.py): the table drawn read-only with open hands, the
current entry in the prompt strip, the replay's controls and log list in the table's panel, and a card
zoomed on a right click. The replay scene owns the tape and its input; this draws the game."""

from __future__ import annotations

import pygame

from ui.heroes.table.overlays import draw_prompt, draw_prompt_static, draw_zoom, zoom_geometry
from ui.heroes.table.state import TableUI
from ui.heroes.table.view import TableView
from ui.heroes.table.zoom import zoom_lines


class ReplayBoard:
    """A read-only «Герои» table for the replay scene."""

    def __init__(self, app) -> None:
        self.app = app
        self.ui = TableUI(viewer=0, show_hands={0, 1})
        self.view: TableView | None = None

    # ------------------------------------------------------------------ size and time
    def enter(self, size) -> None:
        if self.view is None or self.view.size != size:
            self.view = TableView(size, self.app.art, self.app.tr, self.app.settings.anim_speed)

    def resize(self, size) -> None:
        if self.view is not None:
            self.view.resize(size)

    def update(self, dt: float) -> None:
        self.view.anim.update(dt)

    def jumped(self) -> None:
        """The tape jumped: cards appear where they are, nothing flies."""
        self.view.anim.sprites.clear()

    def sc(self, n: float) -> int:
        return self.view.L.sc(n)

    def areas(self) -> dict[str, pygame.Rect]:
        """Where the replay puts its parts: the title and status, the log list, the step buttons, play, exit."""
        L = self.view.L
        return {"status": L.status, "list": L.queue.union(L.log), "controls": L.end_turn, "play": L.undo,
                "exit": L.menu}

    # ------------------------------------------------------------------ what it shows
    def status(self, game, tr) -> list[str]:
        """The turn and phase, and each player's hand, deck and lives."""
        out = []
        if game.turn == 0:
            out.append(tr("status.setup"))
        else:
            active = game.players[game.active].name if game.players else "?"
            phase = tr(f"phase.{game.phase}") if tr.has(f"phase.{game.phase}") else game.phase
            out.append(tr("status.turn", n=game.turn, name=active) + " · " + phase)
        for pl in game.players:
            out.append(tr("status.player", name=pl.name, hand=len(pl.hand), deck=len(pl.deck),
                          lives=game.lives_left(pl.hero)))
        return out

    def show(self, game, prompt: str, status: list[str], buttons: list, events: list | None = None) -> None:
        ui = self.ui
        ui.version += 1
        ui.prompt = prompt
        ui.status = status
        ui.panel_buttons = buttons
        if events:  # read where the cards were before they are sent to their new places, as the table does
            self.view.events(game, events, ui)
        self.view.sync(game, ui)

    def changed(self) -> None:
        """Something the replay draws in the panel changed (hover, scroll): redraw the cached layer."""
        self.ui.version += 1

    def draw(self, surface: pygame.Surface, game, mouse, draw_panel) -> None:
        view, ui = self.view, self.ui
        ui.mouse = mouse
        L = view.L
        view.draw(surface, game, ui, (lambda s: draw_prompt_static(s, L, ui), draw_panel))
        draw_prompt(surface, L, ui)
        for b in ui.panel_buttons:
            b.draw(surface, mouse)
        anchor = view.card_rect(ui.zoom) if ui.zoom is not None else None
        draw_zoom(surface, L, ui, game, self.app.art, self.app.tr, zoom_geometry(L, anchor) if anchor else None)

    # ------------------------------------------------------------------ the zoom
    @property
    def zoomed(self) -> bool:
        return self.ui.zoom is not None

    def unzoom(self) -> None:
        self.ui.zoom = None

    def zoom_at(self, pos, game) -> None:
        """Zoom the card under ``pos`` (a right click), if any."""
        key = self.view.hit(pos, game, self.ui)
        if key is not None and key[0] == "card" and key[1] in game.cards:
            self.ui.zoom = key[1]
            self.ui.zoom_lines = zoom_lines(game, key[1], self.app.tr)
