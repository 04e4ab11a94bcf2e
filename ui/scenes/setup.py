"""A new game: which game («Берсерк. Герои» or classic «Берсерк»), each player's name, deck (with its hero)
or squad, and who plays the seat (a person or the computer at a level, in both games); and a time limit
(off by default; «Герои» also asks how many extra turns follow it, CR 603.1 (3))."""

from __future__ import annotations

import random

import pygame
import pygame_gui

from engine.ai import level_label
from engine.core.timing import DEFAULT_EXTRA_TURNS, TimeLimit
from ui import timeclock
from ui.controllers import COMPUTER_KINDS, computer_available
from ui.fonts import TEXT, wrap_lines
from ui.rulesets import find_client
from ui.scene import GuiScene
from ui.session import start_session
from ui.widgets.dropdown import DropDown


class SetupScene(GuiScene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.content = find_client("heroes").content  # the decks on offer (ui/heroes/content.py)
        self.pool, self.decks = self.content.game_content()
        self.game_kind = getattr(app, "last_game", "heroes")  # "heroes" or "classic"
        self.squads = find_client("classic").content.squads()
        self.squad_index = [0, 1 if len(self.squads) > 1 else 0]
        self.classic_decks = find_client("classic").content.offered_decks()  # ready, then the player's own
        self.classic_deck_index = [0, 1 if len(self.classic_decks) > 1 else 0]
        # classic: "first" the ready squads laid out at once, "2022"/"2007" a full game from decks by those rules
        self.classic_mode = getattr(app, "last_classic_mode", "2022")
        self.deck_index = [0, 1 if len(self.decks) > 1 else 0]
        # who played the seats last time (a person against the computer usually wants that again)
        last = getattr(app, "last_kinds", ("human", "human"))
        self.kinds = [k if k == "human" or k in COMPUTER_KINDS else "human" for k in last]
        self.names = [self._default_name(0), self._default_name(1)]
        # open hands: the Settings screen's default, or what this run's last new game chose
        self.open_hands = getattr(app, "last_open_hands", app.settings.open_hands)
        # a timed game (ui/timeclock.py): minutes of the limit (0: none, the default) and «Герои»'s extra turns
        self.limit_minutes = getattr(app, "last_limit_minutes", 0)
        self.extra_turns = getattr(app, "last_extra_turns", DEFAULT_EXTRA_TURNS)
        self.error = ""

    def _default_name(self, i: int) -> str:
        """Seat ``i``'s name when none is typed: «Компьютер» for a computer seat, else «Игрок N»."""
        return self.tr("setup.default_name", n=i + 1) if self.kinds[i] == "human" else self.tr("setup.computer")

    def _set_kind(self, i: int, kind: str) -> None:
        """Seat ``i`` played by ``kind``; a name still at its default follows (a typed name is kept)."""
        was_default = self.names[i].strip() in ("", self._default_name(i))
        self.kinds[i] = kind
        if was_default and self.names[i] != self._default_name(i):
            self.names[i] = self._default_name(i)
            self.entries[i].set_text(self.names[i])

    def _kind_options(self) -> list[str]:
        opts = [self.tr("setup.human")]
        if computer_available():
            opts += [self.tr("setup.computer_level", level=level_label(k, self.tr.lang).lower()) for k in COMPUTER_KINDS]
        return opts

    def _deck_label(self, c) -> str:
        hero = self.pool.cards.get(c.deck.hero)
        hero_name = self.tr.name(hero.name) if hero else c.deck.hero
        own = f" [{self.tr('setup.own')}]" if c.own else ""
        return f"{self.tr.name(c.deck.name)} — {hero_name}{own}"

    def _game_labels(self) -> list[str]:
        return [self.tr("classic.game_heroes"), self.tr("classic.game_classic")]

    def _squad_label(self, c) -> str:
        return self.tr.name(c.name)

    def _full(self) -> bool:
        return self.game_kind == "classic" and self.classic_mode != "first"

    def _choice_labels(self) -> list[str]:
        if self._full():
            return [self.tr.name(c.name) + f" ({len(c.cards)})" + (f" [{self.tr('setup.own')}]" if c.own else "")
                    for c in self.classic_decks]
        if self.game_kind == "classic":
            return [self._squad_label(c) for c in self.squads]
        return [self._deck_label(c) for c in self.decks]

    def _chosen(self) -> list[int]:
        if self._full():
            return self.classic_deck_index
        return self.squad_index if self.game_kind == "classic" else self.deck_index

    def build(self) -> None:
        w, h = self.app.size
        col_w = int(w * 0.36)
        gap = int(w * 0.06)
        x0 = (w - 2 * col_w - gap) // 2
        self.entries, self.deck_menus, self.kind_menus = [], [], []
        games = self._game_labels()
        gw = self.S(360)
        self.game_menu = DropDown(
            games, games[1 if self.game_kind == "classic" else 0],
            pygame.Rect((w - gw) // 2, self.S(88), gw, self.S(38)), self.manager)
        deck_labels = self._choice_labels() or ["—"]
        picked = self._chosen()
        for i in range(2):
            x = x0 + i * (col_w + gap)
            y = self.S(140)
            pygame_gui.elements.UILabel(pygame.Rect(x, y, col_w, self.S(34)), self.tr("setup.player", n=i + 1),
                                        self.manager, object_id="#heading")
            y += self.S(44)
            pygame_gui.elements.UILabel(pygame.Rect(x, y, col_w, self.S(26)), self.tr("setup.name"), self.manager)
            y += self.S(28)
            e = pygame_gui.elements.UITextEntryLine(pygame.Rect(x, y, col_w, self.S(40)), self.manager)
            e.set_text(self.names[i])
            e.set_text_length_limit(24)
            self.entries.append(e)
            y += self.S(54)
            pygame_gui.elements.UILabel(pygame.Rect(x, y, col_w, self.S(26)),
                                        self.tr("classic.squad" if self.game_kind == "classic" and not self._full()
                                                else "csetup.deck_label" if self._full() else "setup.deck"),
                                        self.manager)
            y += self.S(28)
            d = DropDown(deck_labels, deck_labels[min(picked[i], len(deck_labels) - 1)],
                         pygame.Rect(x, y, col_w, self.S(40)), self.manager)
            self.deck_menus.append(d)
            y += self.S(54)
            pygame_gui.elements.UILabel(pygame.Rect(x, y, col_w, self.S(26)), self.tr("setup.who"), self.manager)
            y += self.S(28)
            opts = self._kind_options()
            chosen = 0 if self.kinds[i] == "human" else 1 + list(COMPUTER_KINDS).index(self.kinds[i])
            k = DropDown(opts, opts[min(chosen, len(opts) - 1)],
                         pygame.Rect(x, y, col_w, self.S(40)), self.manager)
            if len(opts) == 1:
                k.disable()
            self.kind_menus.append(k)
        bw, bh = self.S(220), self.S(50)
        self.start_b = pygame_gui.elements.UIButton(pygame.Rect(w // 2 + self.S(10), h - self.S(90), bw, bh),
                                                    self.tr("setup.start"), self.manager, object_id="#primary")
        self.back_b = pygame_gui.elements.UIButton(pygame.Rect(w // 2 - bw - self.S(10), h - self.S(90), bw, bh),
                                                   self.tr("common.back"), self.manager)
        ow = self.S(480 if self.game_kind == "classic" else 340)  # classic's mode names are longer
        self.open_b = pygame_gui.elements.UIButton(pygame.Rect((w - ow) // 2, h - self.S(160), ow, self.S(40)),
                                                   self._open_label(), self.manager)
        self._build_time(self.open_b.rect)

    def _limit_options(self) -> list[str]:
        return [timeclock.limit_label(self.tr, m) for m in (0, *timeclock.LIMIT_MINUTES)]

    def _extra_options(self) -> list[str]:
        return [self.tr("timed.extra_turns", n=n) for n in timeclock.EXTRA_TURN_CHOICES]

    def _build_time(self, beside: pygame.Rect) -> None:
        """The time limit left of the open-hands (or classic's mode) button, and for «Герои» the extra turns
        after it on the right (CR 603.1 (3)); both lists open upwards, as they sit low on the screen."""
        gap, edge = self.S(14), self.S(16)
        tw = min(self.S(330), beside.x - gap - edge)  # as wide as the room beside the button allows
        opts = self._limit_options()
        chosen = 0 if self._campaign() else (0, *timeclock.LIMIT_MINUTES).index(self.limit_minutes)
        self.limit_menu = DropDown(opts, opts[chosen], pygame.Rect(beside.x - gap - tw, beside.y, tw, beside.h),
                                   self.manager, object_id="#upward")
        self.extra_menu = None
        if self.game_kind == "heroes":
            extra = self._extra_options()
            ew = min(self.S(330), self.app.size[0] - edge - beside.right - gap)
            self.extra_menu = DropDown(extra, extra[timeclock.EXTRA_TURN_CHOICES.index(self.extra_turns)],
                                       pygame.Rect(beside.right + gap, beside.y, ew, beside.h), self.manager,
                                       object_id="#upward")
            if not self.limit_minutes:
                self.extra_menu.disable()  # extra turns follow a limit only
        if self._campaign():
            self.limit_menu.disable()  # a campaign is a series of games, not one round against the clock

    def _campaign(self) -> bool:
        return self.game_kind == "classic" and self.classic_mode == "campaign"

    def _time_limit(self) -> TimeLimit | None:
        if not self.limit_minutes or self._campaign():
            return None
        extra = self.extra_turns if self.game_kind == "heroes" else 0  # classic 2007 7.3 has no extra turns
        return TimeLimit(seconds=self.limit_minutes * 60, extra_turns=extra)

    def _open_label(self) -> str:
        if self.game_kind == "classic":  # the same place holds classic's choice of a full game or ready squads
            return self.tr(f"csetup.mode_{self.classic_mode}")
        return self.tr("setup.open_hands_on" if self.open_hands else "setup.open_hands_off")

    def draw_back(self, surface) -> None:
        w, h = surface.get_size()
        title = TEXT.get(self.tr("setup.title"), self.S(40), (240, 200, 110), True)
        surface.blit(title, title.get_rect(center=(w // 2, self.S(60))))
        col_w = int(w * 0.36)
        gap = int(w * 0.06)
        x0 = (w - 2 * col_w - gap) // 2
        for i in range(2):
            if self.game_kind == "classic":
                self._draw_squad(surface, i, x0 + i * (col_w + gap), col_w)
                continue
            if not self.decks:
                break
            c = self.decks[self.deck_index[i]]
            plan = self.tr.name(c.deck.plan) if c.deck.plan else ""
            y = self.S(140) + self.S(44 + 28 + 54 + 28 + 54 + 28 + 54)
            for line in wrap_lines(plan, self.S(15), col_w, 3):
                t = TEXT.get(line, self.S(15), (170, 176, 188))
                surface.blit(t, (x0 + i * (col_w + gap), y))
                y += t.get_height()
            for issue in self.content.deck_issues(self.pool, c, self.tr.lang)[:2]:
                t = TEXT.get(issue, self.S(14), (255, 140, 120))
                surface.blit(t, (x0 + i * (col_w + gap), y))
                y += t.get_height()
        if self.error:
            t = TEXT.get(self.error, self.S(18), (255, 140, 120), True)
            surface.blit(t, t.get_rect(center=(w // 2, h - self.S(180))))

    def _draw_squad(self, surface, i: int, x: int, col_w: int) -> None:
        """The squad's cards under its drop-down, and who may sit at a classic table."""
        if not self.squads:
            return
        c = self.classic_decks[self.classic_deck_index[i]] if self._full() else self.squads[self.squad_index[i]]
        cards = self.app_cards()
        names = ", ".join(dict.fromkeys(self.tr.name(cards[cid].name) if cid in cards else cid for cid in c.cards))
        y = self.S(140) + self.S(44 + 28 + 54 + 28 + 54 + 28 + 54)
        for line in wrap_lines(self.tr("classic.squad_cards", n=len(c.cards), names=names), self.S(15), col_w, 3):
            t = TEXT.get(line, self.S(15), (170, 176, 188))
            surface.blit(t, (x, y))
            y += t.get_height()
        for issue in (c.reasons(self.tr.lang) if self._full() else [])[:2]:  # an illegal own deck says why
            t = TEXT.get(issue, self.S(14), (255, 140, 120))
            surface.blit(t, (x, y))
            y += t.get_height()
        if i == 0:
            t = TEXT.get(self.tr("classic.hotseat"), self.S(15), (240, 190, 120))
            surface.blit(t, t.get_rect(center=(self.app.size[0] // 2, self.app.size[1] - self.S(105))))

    def app_cards(self) -> dict:
        return find_client("classic").content.classic_cards()

    def on_gui_event(self, event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.limit_menu and event.text in self._limit_options():
                self.limit_minutes = (0, *timeclock.LIMIT_MINUTES)[self._limit_options().index(event.text)]
                if self.extra_menu is not None:
                    (self.extra_menu.enable if self.limit_minutes else self.extra_menu.disable)()
                return
            if event.ui_element is self.extra_menu and event.text in self._extra_options():
                self.extra_turns = timeclock.EXTRA_TURN_CHOICES[self._extra_options().index(event.text)]
                return
            if event.ui_element is self.game_menu:
                kind = "classic" if event.text == self._game_labels()[1] else "heroes"
                if kind != self.game_kind:
                    self.game_kind = kind
                    self.enter()  # the seats' choices differ by game: the form is built again
                return
            labels = self._choice_labels()
            for i in range(2):
                if event.ui_element is self.deck_menus[i] and event.text in labels:
                    self._chosen()[i] = labels.index(event.text)
                if event.ui_element is self.kind_menus[i]:
                    opts = self._kind_options()
                    idx = opts.index(event.text) if event.text in opts else 0
                    self._set_kind(i, "human" if idx == 0 else list(COMPUTER_KINDS)[idx - 1])
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            for i in range(2):
                if event.ui_element is self.entries[i]:
                    self.names[i] = event.text

    def on_button(self, element) -> None:
        if element is self.back_b:
            self.app.show("menu")
        elif element is self.open_b and self.game_kind == "classic":
            modes = find_client("classic").content.MODES
            self.classic_mode = modes[(modes.index(self.classic_mode) + 1) % len(modes)]
            self.enter()  # the drop-downs list squads or decks
        elif element is self.open_b:
            self.open_hands = not self.open_hands
            self.open_b.set_text(self._open_label())
        elif element is self.start_b:
            self.start()

    def start(self, seed: int | None = None) -> bool:
        if self.game_kind == "classic":
            return self._start_classic(seed)
        if not self.decks:
            self.error = self.tr("setup.no_decks")
            return False
        names = self._names()
        choices = [self.decks[i] for i in self.deck_index]
        for c in choices:
            issues = self.content.deck_issues(self.pool, c, self.tr.lang)
            if issues:
                self.error = self.tr("setup.bad_deck", deck=self.tr.name(c.deck.name), why=issues[0])
                return False
        if seed is None:
            seed = getattr(self.app.args, "seed", None)
        seed = random.randrange(1 << 30) if seed is None else seed
        try:
            session = start_session(self.pool, choices, names, tuple(self.kinds), seed,  # type: ignore[arg-type]
                                    self._time_limit())
        except ValueError as exc:
            self.error = str(exc)
            return False
        self._remember_time()
        self.app.last_open_hands = self.open_hands
        self.app.last_kinds = tuple(self.kinds)
        self.app.last_game = "heroes"
        self.app.show("table", session=session, open_hands=self.open_hands)
        return True

    def _remember_time(self) -> None:
        """The next new game of this run offers the same limit again."""
        self.app.last_limit_minutes = self.limit_minutes
        self.app.last_extra_turns = self.extra_turns

    def _names(self) -> tuple[str, str]:
        names = tuple((n.strip() or self._default_name(i))[:24] for i, n in enumerate(self.names))
        return (names[0], names[1] + " 2") if names[0] == names[1] else names  # type: ignore[return-value]

    def _start_classic(self, seed: int | None) -> bool:
        if not self.squads:
            self.error = self.tr("setup.no_decks")
            return False
        if seed is None:
            seed = getattr(self.app.args, "seed", None)
        seed = random.randrange(1 << 30) if seed is None else seed
        content = find_client("classic").content
        if self._full():
            for c in (self.classic_decks[i] for i in self.classic_deck_index):
                if c.problems:  # 2022 «Колода»: the engine's reasons, in the player's language
                    self.error = self.tr("setup.bad_deck", deck=self.tr.name(c.name), why=c.reasons(self.tr.lang)[0])
                    return False
        try:
            if self._full():
                session = content.start_full_session([self.classic_decks[i] for i in self.classic_deck_index],
                                                     self._names(), seed, self.classic_mode,
                                                     time_limit=self._time_limit())
            else:
                session = content.start_session([self.squads[i] for i in self.squad_index], self._names(), seed,
                                                time_limit=self._time_limit())
            content.seat(session, tuple(self.kinds), seed)  # type: ignore[arg-type]
        except ValueError as exc:
            self.error = str(exc)
            return False
        self._remember_time()
        self.app.last_game = "classic"
        self.app.last_kinds = tuple(self.kinds)
        self.app.last_classic_mode = self.classic_mode
        self.app.show(find_client("classic").table_scene, session=session)
        return True

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.show("menu")
            return
        super().handle_event(event)
