"""The game table: input becomes engine actions; the view draws the state and animates events.

Drags and clicks are mapped to legal actions by :mod:`ui.heroes.table.intents`; decisions are offered
by :mod:`ui.heroes.table.decisions`; hot-seat privacy is the curtain (CR leaves hands private: a hand
is shown only to its owner unless the table plays with open hands).
"""

from __future__ import annotations

import pygame

from engine.core.errors import IllegalAction
from engine.heroes import actions as A
from ui import timeclock
from ui.heroes.table import answers, intents, saving, zoom
from ui.heroes.table import menu as table_menu
from ui.heroes.table.botplay import BotTurn, draw_marks, draw_thinking, thinking_rect
from ui.heroes.table.decisions import Prompt, decision_prompt
from ui.heroes.table.eventlog import card_name, describe
from ui.heroes.table.intents import TABLE, Key, Narrowing
from ui.heroes.table.overlays import (
    draw_attack,
    draw_curtain,
    draw_menu,
    draw_panel,
    draw_panel_static,
    draw_picker,
    draw_prompt,
    draw_prompt_static,
    draw_zoom,
    picker_geometry,
)
from ui.heroes.table.state import Picker, TableUI
from ui.heroes.table.view import TableView
from ui.heroes.table.zoom import zoom_lines
from ui.heroes.tips import topics as tip_topics
from ui.motion import ends_effects, held_events, held_wounds
from ui.scene import Scene
from ui.session import GameSession
from ui.sound import board_of, end_sound
from ui.tips import Tips
from ui.widgets.arming import Arming
from ui.widgets.button import Button, row


class TableScene(Scene):
    """One game in progress (hot-seat, or against a computer controller)."""

    def __init__(self, app, session: GameSession, *, open_hands: bool | None = None, loaded: str | None = None) -> None:
        super().__init__(app)
        self.loaded = loaded  # a game just loaded: its save's title, said once the table shows
        self.session = session
        self.open_hands = app.settings.open_hands if open_hands is None else open_hands
        self.ui = TableUI(timed=session.clock is not None)
        humans = session.humans
        self.ui.viewer = humans[0] if len(humans) == 1 else (session.decider or 0) if humans else 0
        self.view: TableView | None = None
        self.narrow: Narrowing | None = None
        self.press: tuple[Key, tuple[int, int]] | None = None
        self.press_button: tuple[str, object] | None = None
        self.hover: Key | None = None
        self.hover_t = 0.0
        self.hover_at: tuple[int, int] | None = None  # where the pointer's rest began
        self.rest_spent = False  # the pointer was let go (a click, a drop) and has not moved since: no rest
        self.zoom_pinned = False
        self.undo_ask: int | None = None
        self.curtain_for: int | None = None
        self.curtain_mark = 0
        self.bots = BotTurn()  # the computer's decisions: polled, paced and shown (ui/heroes/table/botplay.py)
        self.speed = 1.0  # times the animation-speed setting (the demo's speed control)
        self.over_t = 0.0
        self.released_seen = 0  # the last of the motion's releases of held results the panel has shown
        self.autosave = not app.headless
        self._log_seen = (-1, "")
        # a button, or a card that answers the question, appearing under the pointer waits a moment
        # (ui/widgets/arming.py, ui/heroes/table/answers.py)
        self.arming = Arming()
        self.tips = Tips(app, "heroes", enabled=bool(session.humans))  # the first time a situation comes up

    @property
    def game(self):
        return self.session.game

    # ------------------------------------------------------------------ scene API
    def enter(self) -> None:
        # back from a scene over the table (help, the save prompt): the view and its sprites stay
        if self.view is None or self.view.size != self.app.size or self.view.tr is not self.tr:
            self.view = TableView(self.app.size, self.app.art, self.tr, self.app.settings.anim_speed)
        self.view.anim.speed = self.app.settings.anim_speed * self.speed
        self.view.anim.motion.cue = board_of(self.app).play
        self.arming.point(self.app.pointer)  # where the click that brought the table was: what appears there waits
        if self.loaded is not None:
            self._arrive_loaded(self.loaded)
            self.loaded = None
        self.refresh()

    def _arrive_loaded(self, title: str) -> None:
        """A loaded hot-seat game with hidden hands opens behind the curtain: whoever decides next takes
        the seat first (the saves screen and F9 are pressed by whoever sits there now)."""
        d = self.session.decider
        if len(self.session.humans) == 2 and not self.open_hands and d is not None:
            self._raise_curtain(d)
        if title:
            self.toast(self.tr("table.loaded", name=title), "ok")

    def leave(self) -> None:
        self.bots.stop(self)  # a thought for this table is of no use elsewhere

    def pace(self) -> float:
        """How fast the computer's moves go by: the animation setting (none: brisk) times the table's speed."""
        anim = self.app.settings.anim_speed
        return (anim if anim > 0 else 4.0) * self.speed

    def resize(self, size: tuple[int, int]) -> None:
        if self.view is not None:
            self.view.resize(size)
        self.refresh()

    def update(self, dt: float) -> None:
        ui = self.ui
        if self.view is None:
            return
        ui.clock += dt
        timeclock.tick(self, dt, paused=ui.curtain is not None)  # a timed game's clock stops behind the curtain
        self.view.anim.update(dt, effects=ui.curtain is None)  # what happened plays once the table is seen
        if self.view.anim.motion.released != self.released_seen:  # reached, or ended by a click or a key
            self.released_seen = self.view.anim.motion.released
            self.refresh()  # a result the animation held back: its lines and numbers are shown now
        if ui.toast_left > 0 and ui.curtain is None:  # a toast waits until the table is seen
            ui.toast_left = max(0.0, ui.toast_left - dt)
        if self.game.is_over:
            self.bots.stop(self)
            self.over_t += dt
            if self.over_t > 1.6 and not self.view.anim.busy:
                self.finish()
        else:
            self.bots.update(self, dt)
        zoom.update_hover(self, dt)  # after the computer's turn: a move it starts showing closes the zoom
        self.arming.tick(dt, self._clickable_buttons(), self.session.seq)
        self.tips.tick(dt)

    def _clickable_buttons(self) -> list:
        """What takes a click now: the buttons on show and the cards that answer the question."""
        ui = self.ui
        return ui.buttons + ui.panel_buttons + (ui.picker_buttons if ui.picker is not None else []) + \
            (ui.menu_buttons if ui.menu_open else []) + answers.answers(self)

    def armed(self, button) -> bool:
        """Does ``button`` take a click now (not one that just appeared under the pointer)?"""
        return self.arming.takes(button, self.session.seq)

    def draw(self, surface: pygame.Surface) -> None:
        ui, view = self.ui, self.view
        if view is None:
            return
        if ui.curtain is not None:
            draw_curtain(surface, view.L, ui, self.tr)
            timeclock.draw(surface, view.L.clock, self.game, self.session.clock, self.tr, paused=True)
            return
        L = view.L
        view.draw(surface, self.game, ui, (lambda s: draw_prompt_static(s, L, ui), lambda s: draw_panel_static(s, L, ui)))
        draw_marks(surface, view, ui)
        draw_attack(surface, view, self.game, ui, self.hover)
        draw_prompt(surface, L, ui)
        draw_thinking(surface, L, ui)
        timeclock.draw(surface, L.clock, self.game, self.session.clock, self.tr)
        draw_panel(surface, L, ui)
        draw_picker(surface, view.L, ui, self.game, self.app.art)
        self.tips.draw(surface, L.sc, ui.mouse)
        draw_zoom(surface, view.L, ui, self.game, self.app.art, self.tr, zoom.zoom_place(self))
        draw_menu(surface, view.L, ui)

    # ------------------------------------------------------------------ state → interface
    def refresh(self) -> None:
        """Re-read the game after any change: viewer, curtain, prompt, lights, sprites."""
        ui, game, s = self.ui, self.game, self.session
        if self.view is None:
            return
        ui.version += 1
        humans = s.humans
        d = s.decider
        if len(humans) == 2 and d is not None and d != ui.viewer and ui.curtain is None and self.undo_ask is None:
            if self.open_hands:
                ui.viewer = d
            else:
                self._raise_curtain(d)
        if len(humans) == 1:
            ui.viewer = humans[0]
        ui.show_hands = {0, 1} if (self.open_hands or not humans) else {ui.viewer}
        if self.undo_ask is not None and not self.open_hands:
            ui.show_hands = set()
        ui.dice = self._dice() if game.turn == 0 else {}
        self._panel_text()
        ctrl = s.controller(d)
        if ctrl is not None and not ctrl.is_human and self.undo_ask is None:
            # the computer decides: no buttons or lit cards, its last move (or whose turn it is) in words
            prompt = Prompt(ui.caption or self.tr("prompt.waiting", name=game.players[d].name))
            ui.prompt_right = thinking_rect(self.view.L, self.bots.label(self, d)).x
        else:
            prompt = decision_prompt(game, ui, self.tr, self.narrow, self.undo_ask)
            ui.prompt_right = None
        ui.prompt = prompt.text
        ui.lit = set(prompt.lit)
        main = self._mine() and self.undo_ask is None and getattr(game.pending, "kind", None) == "main"
        ui.ready = intents.ready_cards(game) if main else set()
        ui.dim = prompt.dim
        L = self.view.L
        ui.buttons = row(prompt.labels, L.prompt.right - L.sc(8), L.prompt.y + L.sc(6), L.prompt.h - L.sc(12),
                         L.sc(8), L.sc(90 if len(prompt.labels) <= 6 else 48), int(L.prompt.w * 0.62))
        ui.end_turn_ok = self._mine() and any(isinstance(a, A.EndTurn) for a in game.legal_actions())
        ui.undo_ok = s.undo_block() is None and self.undo_ask is None and bool(humans) and self._last_by_human()
        ui.panel_buttons = [
            Button(L.end_turn, self.tr("table.end_turn"), ("end",), "primary", ui.end_turn_ok, "E"),
            Button(L.undo, self.tr("table.undo"), ("undo",), "normal", ui.undo_ok),
            Button(L.menu, self.tr("table.menu"), ("menu",), "normal"),
        ]
        if not ui.menu_open:
            ui.menu_ask = ""
        if ui.menu_open:
            table_menu.build_buttons(self)
        if ui.picker is not None:
            self._picker_buttons()
        if game.pending and game.pending.kind == "choose" and ui.picker is None and self._mine() \
                and self.narrow is None and self.undo_ask is None:
            self._open_choice()
        self.tips.see(tip_topics(self) if ui.curtain is None and not game.is_over else ())
        self.tips.layout(L.log, L.sc)
        self.view.sync(game, ui)

    def _last_by_human(self) -> bool:
        last = self.session.last_player
        return last is None or self.session.controllers[last].is_human

    def _mine(self) -> bool:
        """The viewer is the one deciding, and a person."""
        d = self.session.decider
        ctrl = self.session.controller(d)
        return d is not None and d == self.ui.viewer and ctrl is not None and ctrl.is_human and self.ui.curtain is None

    def _raise_curtain(self, p: int) -> None:
        self.ui.curtain = self.game.players[p].name
        self.curtain_for = p
        lines = []
        for _, ev in self.session.log[self.curtain_mark:]:
            text = describe(ev, self.game, self.tr)
            if text:
                lines.append(text)
        self.ui.curtain_lines = lines[-8:]
        self._clear_selection()
        self.ui.zoom = None

    def lift_curtain(self) -> None:
        if self.curtain_for is not None:
            if self.view is not None and self.curtain_for != self.ui.viewer:
                self.view.anim.motion.keep("banner", "cue")  # places seen from the other side are wrong now
            self.ui.viewer = self.curtain_for
        self.ui.curtain = None
        self.curtain_for = None
        self.hover = None
        self.ui.zoom = None
        self.zoom_pinned = False
        self.curtain_mark = len(self.session.log)
        if self.view is not None:
            self.view.anim.sprites.clear()  # the table turns round: cards appear in place
        self.refresh()

    def _dice(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for _, ev in self.session.log:
            if ev.kind == "die":
                out[ev.player] = ev.value
        return out

    def _panel_text(self) -> None:
        ui, game, tr = self.ui, self.game, self.tr
        motion = self.view.anim.motion if self.view is not None else None
        held = held_events(motion) if motion is not None else set()
        key = (self.session.seq, tr.lang, ui.viewer, motion.released if motion is not None else 0)
        if self._log_seen != key:
            self._log_seen = key
            lines = []
            for _, ev in self.session.log[-120:]:
                text = describe(ev, game, tr) if id(ev) not in held else None  # what the animation has shown
                if text:
                    lines.append(text)
            ui.log_lines = lines
        active = game.players[game.active].name if game.players else "?"
        if game.turn == 0:
            status = [tr("status.setup")]
        else:
            phase = tr(f"phase.{game.phase}") if tr.has(f"phase.{game.phase}") else game.phase
            status = [tr("status.turn", n=game.turn, name=active) + " · " + phase]
        d = game.decider
        status.append(tr("status.decides", name=game.players[d].name) if d is not None else tr("prompt.over"))
        wounds = held_wounds(motion) if motion is not None else {}
        for pl in game.players:
            status.append(tr("status.player", name=pl.name, hand=len(pl.hand), deck=len(pl.deck),
                             lives=game.lives_left(pl.hero) + wounds.get(pl.hero, 0)))
        ui.status = status
        q = [tr("queue.title") if (game.queue or game.waiting) else tr("queue.empty")]
        for i, item in enumerate(game.queue):
            q.append(f"{i + 1}. {card_name(game, item.source, tr)} — {tr('queue.' + item.kind)}")
        for t in game.waiting:
            q.append(tr("queue.waiting", card=card_name(game, t.source, tr)))
        ui.queue_lines = q

    # ------------------------------------------------------------------ actions
    def do(self, action) -> bool:
        """Apply one action through the session; a refusal shows the engine's reason."""
        try:
            events = self.session.apply(action)
        except IllegalAction as exc:
            self.toast(exc.reason(self.tr.lang))
            self.refresh()
            return False
        if self.ui.toast_kind == "refusal":
            self.ui.toast_left = 0.0  # a refusal is answered by what was done since
        if self.view is not None:
            self.view.events(self.game, events, self.ui)
            over = next((ev for ev in events if ev.kind == "game_over"), None)
            if over is not None:
                self.view.anim.motion.add("cue", 0.05, at=0.7, sound=end_sound(over.winner, self.session.humans))
        self._clear_selection()
        self.ui.picker = None
        if self.autosave and any(ev.kind == "turn" for ev in events):
            saving.autosave(self)  # a start-of-turn autosave
        self.refresh()
        return True

    def toast(self, text: str, kind: str = "refusal") -> None:
        """A short message over the prompt: a refusal (why not) unless ``kind`` is "ok" (it worked)."""
        self.ui.toast = text
        self.ui.toast_kind = kind
        self.ui.toast_left = 3.0

    def _clear_selection(self) -> None:
        ui = self.ui
        ui.selected = None
        ui.toggled = []
        ui.drag = None
        ui.focus = None
        self.narrow = None
        self.press = None

    def finish(self) -> None:
        if self.autosave:
            saving.autosave(self)
        self.app.show("end", session=self.session)

    def drop(self, src: Key, key: Key | None, pos: tuple[int, int] | None = None) -> bool:
        """A source dropped on a place: one legal action is applied, several are asked about."""
        game = self.game
        acts = intents.drop_actions(game, src, key) if key is not None else []
        if not acts and key != TABLE and key is not None and self._over_own_table(key, pos):
            # a card let go over one's own row (even on top of another card) is put on the table
            table_acts = intents.drop_actions(game, src, TABLE)
            if table_acts:
                key, acts = TABLE, table_acts
        if not acts:
            reason = None
            quiet = key is None or key == src or (key[0] == "card" and key[1] in game.cards
                                                   and game.cards[key[1]].zone == "hand")
            if not quiet:
                reason = intents.why_not(game, intents.guess_action(game, src, key), self.tr.lang)
            if not quiet:
                self.toast(reason or self.tr("drop.nowhere"))
            if pos is not None and src[0] == "card" and self.view and src[1] in self.view.anim.sprites:
                sp = self.view.anim.sprites[src[1]]
                sp.x, sp.y = pos  # snap back from where it was let go
            self._clear_selection()
            self.refresh()
            return False
        if pos is not None and src[0] == "card" and self.view and src[1] in self.view.anim.sprites \
                and Narrowing(acts).question() is None:
            sp = self.view.anim.sprites[src[1]]
            sp.x, sp.y = pos  # the card goes on from where it was let go
        return self.start_narrowing(acts)

    def _over_own_table(self, key: Key, pos: tuple[int, int] | None) -> bool:
        if self.view is None:
            return False
        if pos is not None:
            return self.view.L.sides["bottom"].band.collidepoint(pos)
        c = self.game.cards.get(key[1]) if key[0] == "card" else None
        return c is not None and c.zone == "play" and c.controller == self.ui.viewer

    def start_narrowing(self, acts: list) -> bool:
        self.narrow = Narrowing(acts)
        self.ui.selected = None
        return self.advance_narrowing()

    def advance_narrowing(self) -> bool:
        n = self.narrow
        if n is None:
            return False
        q = n.question()
        if q is None:
            action = n.result
            self.narrow = None
            return self.do(action) if action is not None else False
        if q.what == "target":
            hidden = [v for v in q.options if v is not None and not self._on_table(v)]
            if hidden:
                title = self.tr("prompt.target", name=self.game.players[self.game.decider].name, n=q.slot + 1)
                self.ui.picker = Picker(title, [v for v in q.options if v is not None], mode="target")
        self.refresh()
        return True

    def _on_table(self, cid: int) -> bool:
        c = self.game.cards.get(cid)
        return c is not None and c.zone == "play" or cid in (p.hero for p in self.game.players)

    def answer(self, value) -> None:
        n = self.narrow
        if n is None:
            return
        q = n.question()
        if q is None:
            return
        n.answer(q, value)
        self.ui.picker = None
        self.advance_narrowing()

    # ------------------------------------------------------------------ values from buttons
    def on_value(self, value) -> None:
        kind = value[0]
        g = self.game
        if kind == "cancel":
            self._clear_selection()
            self.ui.picker = None
        elif kind == "narrow":
            self.answer(value[1])
            return
        elif kind == "order":
            self.do(A.ChooseOrder(first=value[1]))
            return
        elif kind == "mulligan":
            self.do(A.Mulligan(cards=tuple(self.ui.toggled)))
            return
        elif kind == "reveal":
            pend = g.pending
            cards = tuple(c for c in getattr(pend, "cards", []) if c in self.ui.toggled)
            self.do(A.Reveal(cards=cards))
            return
        elif kind == "no_defense":
            self.do(A.NoDefense())
            return
        elif kind == "declare":
            acts = [a for a in g.legal_actions() if isinstance(a, A.DeclareTrigger) and a.trigger == value[1]]
            self.start_narrowing(acts)
            return
        elif kind == "decline":
            self.do(A.DeclineTrigger(trigger=value[1]))
            return
        elif kind == "accept_draw":
            self.do(A.AcceptDraw())
            return
        elif kind == "decline_draw":
            self.do(A.DeclineDraw())
            return
        elif kind == "open_choice":
            self._open_choice()
        elif kind == "drop":
            if self.ui.selected is not None:
                self.drop(self.ui.selected, value[1])
                return
        elif kind == "use":
            src = self.ui.selected
            if src is not None:
                acts = [a for a in intents.source_actions(g, src) if intents.kind_of(a) == value[1]]
                self.start_narrowing(acts)
                return
        elif kind == "end":
            if self.ui.end_turn_ok:
                self.do(A.EndTurn())
                return
        elif kind == "undo":
            self.request_undo()
        elif kind == "undo_yes":
            self.undo_ask = None
            if self.session.undo_block() is None:
                self.session.undo()
                if self.view:
                    self.view.anim.sprites.clear()
                self._clear_selection()
        elif kind == "undo_no":
            self.undo_ask = None
            self.toast(self.tr("undo.refused"))
        elif kind == "menu":
            self.ui.menu_open = not self.ui.menu_open
        elif kind == "m":
            table_menu.choose(self, value[1])
            return
        elif kind == "pick_ok":
            self._picker_ok()
            return
        self.refresh()

    def request_undo(self) -> None:
        why = self.session.undo_block()
        if why is not None:
            self.toast(self.tr(why))
            return
        if not self._last_by_human():
            self.toast(self.tr("undo.computer"))  # only one's own last action can be taken back
            return
        last = self.session.last_player
        other = 1 - last if last is not None else 1 - self.ui.viewer
        ctrl = self.session.controllers[other]
        verdict = ctrl.agree_undo(self.game)
        if verdict is None:
            self.undo_ask = other
        elif verdict:
            self.session.undo()
            self._clear_selection()
        else:
            self.toast(self.tr("undo.refused"))
        self.refresh()

    # ------------------------------------------------------------------ choice picker
    def _open_choice(self) -> None:
        pend = self.game.pending
        if getattr(pend, "kind", None) != "choose" or not self._mine():
            return
        why = getattr(pend, "why", "")
        title = self.tr(f"choose.{why}", name=self.game.players[pend.player].name) \
            if self.tr.has(f"choose.{why}") else self.tr("choose.generic", name=self.game.players[pend.player].name)
        self.ui.picker = Picker(title + " " + self.tr("choose.range", lo=pend.min, hi=pend.max),
                                list(pend.options), mode="choose", min=pend.min, max=pend.max)
        self._picker_buttons()

    def _picker_ok(self) -> None:
        picker = self.ui.picker
        pend = self.game.pending
        if picker is None or picker.mode != "choose":
            self.ui.picker = None
            self.refresh()
            return
        order = {c: i for i, c in enumerate(getattr(pend, "options", []))}
        cards = tuple(sorted(picker.selected, key=lambda c: order.get(c, 0)))
        self.do(A.Choose(cards=cards))

    def _picker_buttons(self) -> None:
        picker, L = self.ui.picker, self.view.L
        if picker is None:
            self.ui.picker_buttons = []
            return
        panel, _, y = picker_geometry(L, picker)
        h = L.sc(40)
        if picker.mode == "choose":
            ok = picker.min <= len(picker.selected) <= picker.max
            labels = [(self.tr("picker.ok", n=len(picker.selected)), ("pick_ok",), "primary")]
            bts = row(labels, panel.right - L.sc(16), y, h, L.sc(8), L.sc(140), panel.w // 2)
            bts[0].enabled = ok
        elif picker.mode == "target":
            bts = row([(self.tr("prompt.cancel"), ("cancel",), "danger")], panel.right - L.sc(16), y, h, L.sc(8),
                      L.sc(140), panel.w // 2)
        else:
            bts = row([(self.tr("picker.close"), ("cancel",), "normal")], panel.right - L.sc(16), y, h, L.sc(8),
                      L.sc(140), panel.w // 2)
        self.ui.picker_buttons = bts

    def browse(self, p: int) -> None:
        pl = self.game.players[p]
        self.ui.picker = Picker(self.tr("picker.grave", name=pl.name, n=len(pl.grave)), list(reversed(pl.grave)),
                                mode="browse")
        self.refresh()

    # ------------------------------------------------------------------ zoom
    def _zoomable(self, cid: int) -> bool:
        g, ui = self.game, self.ui
        c = g.cards.get(cid)
        if c is None:
            return False
        if c.zone == "hand":
            return c.owner in ui.show_hands
        if c.zone in ("play", "attached"):
            return not c.hidden or c.controller == ui.viewer or self.open_hands
        return c.zone == "grave" or (ui.picker is not None and cid in ui.picker.cids)

    def _set_zoom(self, cid: int | None) -> None:
        self.ui.zoom = cid
        if cid is not None:
            self.ui.zoom_lines = zoom_lines(self.game, cid, self.tr)

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        from ui.heroes.table.input import handle

        if self.view is not None and self.ui.curtain is None and ends_effects(event):
            self.view.anim.skip()  # a click or a key ends the animations, and does what it does as well
        if self.ui.curtain is None and not self.ui.menu_open and self.tips.handle(event):
            self.refresh()
            return
        handle(self, event)
