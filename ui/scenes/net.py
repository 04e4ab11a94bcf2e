"""«Игра по сети»: host a game, join one by the server's address and the game's code (or name), pick a game a
server on the local network announces, or come back to a game this computer has a seat in.

Hosting starts a game server as a child process (ui/nethost.py) and joins it over loopback like any other
client; the screen then shows the addresses and the code to tell the other player and waits for them. The
choices are the new-game screen's: the game, classic's mode, the player's deck (their own decks too: the
server checks a deck with the engine's reasons and the refusal is shown here), and a time limit (with
«Герои»'s extra turns), whose clock the server keeps. Nothing here waits on the
network: the connection's inbox is read each frame. The table of the game that starts is its game's network
table (the client's ``net_table_scene``).
"""

from __future__ import annotations

import pygame
import pygame_gui

from engine.core.timing import DEFAULT_EXTRA_TURNS
from net.client import Connection, url_of
from net.discovery import Browser, Found, addresses
from net.protocol import DEFAULT_PORT, PROTOCOL
from ui import nethost, timeclock
from ui.fonts import TEXT, wrap_lines
from ui.netgames import forget, recall, remember
from ui.netsession import NetSession
from ui.rulesets import find_client
from ui.scene import GuiScene
from ui.widgets.dropdown import DropDown

GOLD = (240, 200, 110)
MUTED = (170, 176, 188)
ERROR = (255, 140, 120)
GAMES = ("heroes", "classic")
CLASSIC_MODES = ("first", "2022", "2007")


class NetScene(GuiScene):
    """The network screen (see the module's doc); ``page`` is home, host, join or wait."""

    def __init__(self, app, page: str = "home") -> None:
        super().__init__(app)
        self.page = page
        self.game = getattr(app, "last_game", "heroes")
        self.mode = getattr(app, "last_classic_mode", "2022")
        self.deck_index = 0
        # a timed game (as the new-game screen's: ui/scenes/setup.py): minutes (0: none) and «Герои»'s extra turns
        self.limit_minutes = getattr(app, "last_limit_minutes", 0)
        self.extra_turns = getattr(app, "last_extra_turns", DEFAULT_EXTRA_TURNS)
        self.name = self.tr("setup.default_name", n=2 if page == "join" else 1)
        self.room_title = ""
        self.password = ""
        self.port = str(DEFAULT_PORT)
        self.address = getattr(app, "last_net_address", f"127.0.0.1:{DEFAULT_PORT}")
        self.code = ""
        self.error = ""
        self.status = ""  # what is going on (starting the server, connecting…)
        self.conn: Connection | None = None
        self.ref: int | None = None  # the request whose answer is awaited
        self.welcome: dict | None = None
        self.room: dict | None = None  # the game found by its code, before joining it
        self.rooms: list[dict] = []  # the games of a server picked on the local network
        self.hosting: nethost.HostedServer | None = None
        self.resuming: dict | None = None
        self.browser = Browser()  # listening starts when the screen is shown
        self.listening = False
        self.found: list[Found] = []
        self.shown_found: list[Found] = []
        self.t = 0.0

    # ------------------------------------------------------------------ choices
    def _decks(self) -> list:
        """The decks on offer for the game chosen (ready ones, then the player's own)."""
        if self.game == "classic":
            return [] if self.mode == "first" else list(find_client("classic").content.offered_decks())
        return list(find_client("heroes").content.game_content()[1])

    def _deck_labels(self) -> list[str]:
        own = f" [{self.tr('setup.own')}]"
        if self.game == "classic":
            return [self.tr.name(d.name) + f" ({len(d.cards)})" + (own if d.own else "") for d in self._decks()]
        pool = find_client("heroes").content.game_content()[0]
        out = []
        for c in self._decks():
            hero = pool.cards.get(c.deck.hero)
            out.append(f"{self.tr.name(c.deck.name)} — {self.tr.name(hero.name) if hero else c.deck.hero}"
                       + (own if c.own else ""))
        return out

    def _side(self) -> dict:
        """The chosen deck as the server reads it."""
        decks = self._decks()
        if not decks:
            return {}
        d = decks[min(self.deck_index, len(decks) - 1)]
        if self.game == "classic":
            return {"deck": {"cards": list(d.cards)}}
        return {"deck": {"hero": d.deck.hero, "cards": d.deck.card_list()}}

    def _game_label(self, ruleset: str) -> str:
        return self.tr("classic.game_classic" if ruleset == "classic" else "classic.game_heroes")

    # ------------------------------------------------------------------ widgets
    def enter(self) -> None:
        if not self.listening:
            self.listening = True
            self.browser.start()
        super().enter()

    def build(self) -> None:
        w, h = self.app.size
        m = self.manager
        self.buttons: dict = {}
        self.menus: dict = {}
        self.entries: dict = {}
        self.texts: dict = {}  # the text boxes by element: where the probe (ui/probe.py) finds them
        col = self.S(520)
        x = (w - col) // 2
        y = self.S(110)
        bh = self.S(42)

        def button(key, label, rect, primary=False):
            b = pygame_gui.elements.UIButton(rect, label, m, object_id="#primary" if primary else None)
            self.buttons[b] = key
            return b

        def entry(key, label, value, yy, hidden=False, limit=24):
            pygame_gui.elements.UILabel(pygame.Rect(x, yy, col, self.S(24)), label, m)
            e = pygame_gui.elements.UITextEntryLine(pygame.Rect(x, yy + self.S(24), col, self.S(38)), m)
            e.set_text_length_limit(limit)
            e.set_text(value)
            if hidden:
                e.set_text_hidden(True)
            self.entries[key] = e
            self.texts[e] = key
            return yy + self.S(70)

        def menu(key, label, options, chosen, yy, left=None, width=None):
            left, width = x if left is None else left, col if width is None else width
            pygame_gui.elements.UILabel(pygame.Rect(left, yy, width, self.S(24)), label, m)
            options = options or ["—"]
            d = DropDown(options, options[min(chosen, len(options) - 1)], pygame.Rect(left, yy + self.S(24), width,
                                                                                      self.S(38)), m)
            self.menus[d] = key
            return yy + self.S(70)

        back = pygame.Rect((w - self.S(240)) // 2, h - self.S(74), self.S(240), self.S(48))
        if self.page == "home":
            self.host_b = button("host", self.tr("net.host"), pygame.Rect(x, y, col, bh + 6), True)
            self.join_b = button("join", self.tr("net.join"), pygame.Rect(x, y + bh + self.S(16), col, bh + 6))
            y += 2 * (bh + self.S(16)) + self.S(40)
            self.found_y = y
            self.shown_found = list(self.found)
            for i, f in enumerate(self.shown_found[:4]):
                button(("found", i), f"{f.name} — {f.address}", pygame.Rect(x, y + self.S(30) + i * (bh + 6), col, bh))
            y += self.S(30) + 4 * (bh + 6) + self.S(10)
            self.resume_y = y
            for i, g in enumerate(recall()[:3]):
                label = f"{' — '.join(g['names'])} · {self._game_label(g['ruleset'])} · {g['room']}"
                button(("resume", i), label, pygame.Rect(x, y + self.S(30) + i * (bh + 6), col, bh))
            button("back", self.tr("common.back"), back)
        elif self.page == "host":
            games = [self._game_label(g) for g in GAMES]
            y = menu("game", self.tr("net.game"), games, GAMES.index(self.game), y)
            if self.game == "classic":
                modes = [self.tr(f"csetup.mode_{mo}") for mo in CLASSIC_MODES]
                y = menu("mode", self.tr("net.mode"), modes, CLASSIC_MODES.index(self.mode), y)
            if self.game != "classic" or self.mode != "first":
                y = menu("deck", self.tr("setup.deck"), self._deck_labels(), self.deck_index, y)
            y = entry("name", self.tr("setup.name"), self.name, y)
            y = entry("title", self.tr("net.room_name"), self.room_title, y)
            y = entry("password", self.tr("net.password"), self.password, y, hidden=True, limit=64)
            y = entry("port", self.tr("net.port"), self.port, y, limit=5)
            # a timed game, on the right: the server keeps its clock
            tx = x + col + self.S(30)
            tw = min(self.S(340), w - tx - self.S(16))
            minutes = (0, *timeclock.LIMIT_MINUTES)
            ty = menu("time", self.tr("net.time"), [timeclock.limit_label(self.tr, n) for n in minutes],
                      minutes.index(self.limit_minutes) if self.limit_minutes in minutes else 0, self.S(110), tx, tw)
            if self.game == "heroes":  # CR 603.1 (3): extra turns after the time (classic 2007 7.3 has none)
                menu("extra", self.tr("net.extra"), [self.tr("timed.extra_turns", n=n) for n in timeclock.EXTRA_TURN_CHOICES],
                     timeclock.EXTRA_TURN_CHOICES.index(self.extra_turns), ty, tx, tw)
                if not self.limit_minutes:
                    next(d for d, k in self.menus.items() if k == "extra").disable()  # they follow a limit only
            button("create", self.tr("net.create"), pygame.Rect(w // 2 + self.S(10), h - self.S(74), self.S(240), self.S(48)), True)
            button("back", self.tr("common.back"), pygame.Rect(w // 2 - self.S(250), h - self.S(74), self.S(240), self.S(48)))
        elif self.page == "join":
            y = entry("address", self.tr("net.address"), self.address, y, limit=80)
            y = entry("code", self.tr("net.code"), self.code, y, limit=40)
            y = entry("password", self.tr("net.password"), self.password, y, hidden=True, limit=64)
            y = entry("name", self.tr("setup.name"), self.name, y)
            for i, r in enumerate(self.rooms[:4]):
                if r.get("state") in ("waiting", "playing"):
                    label = f"{r.get('name') or r.get('code')} · {self._game_label(r.get('ruleset', ''))} · " \
                        + " — ".join(p for p in r.get("players", []) if p)
                    button(("room", i), label, pygame.Rect(max(self.S(10), x - self.S(370)), self.S(110) + i * (bh + 6),
                                                           min(self.S(360), x - self.S(20)), bh))
            if self.room is not None:
                self.game = str(self.room.get("ruleset", "heroes"))
                self.mode = str(self.room.get("mode", ""))
                open_seat = self.room.get("state") == "waiting"
                if open_seat and (self.game != "classic" or self.mode != "first"):
                    y = menu("deck", self.tr("setup.deck"), self._deck_labels(), self.deck_index, y)
                right = pygame.Rect(w // 2 + self.S(10), h - self.S(74), self.S(240), self.S(48))
                if open_seat:
                    button("sit", self.tr("net.sit"), right, True)
                    right = right.move(0, -self.S(58))
                button("watch", self.tr("net.watch"), right, not open_seat)
            else:
                button("find", self.tr("net.find"), pygame.Rect(w // 2 + self.S(10), h - self.S(74), self.S(240), self.S(48)), True)
            button("back", self.tr("common.back"), pygame.Rect(w // 2 - self.S(250), h - self.S(74), self.S(240), self.S(48)))
        else:  # wait: the server starting, connecting, or the second player awaited
            button("cancel", self.tr("net.cancel"), back)

    # ------------------------------------------------------------------ drawing
    def draw_back(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        title = TEXT.get(self.tr("net.title"), self.S(40), GOLD, True)
        surface.blit(title, title.get_rect(center=(w // 2, self.S(56))))
        col = self.S(520)
        x = (w - col) // 2
        if self.page == "home":
            self._heading(surface, self.tr("net.nearby"), x, self.found_y)
            if not self.shown_found:
                t = TEXT.get(self.tr("net.nearby_none"), self.S(15), MUTED)
                surface.blit(t, (x, self.found_y + self.S(32)))
            if recall():
                self._heading(surface, self.tr("net.resume"), x, self.resume_y)
            y = h - self.S(150)
            for line in wrap_lines(self.tr("net.trust"), self.S(15), self.S(900), 3):
                t = TEXT.get(line, self.S(15), (240, 190, 120))
                surface.blit(t, t.get_rect(midtop=(w // 2, y)))
                y += t.get_height()
        elif self.page == "join" and self.room is not None:
            r = self.room
            line = self.tr("net.found_game", game=self._game_label(str(r.get("ruleset", ""))),
                           host=(r.get("players") or ["?"])[0], code=r.get("code", ""))
            t = TEXT.get(line, self.S(17), GOLD, True)
            surface.blit(t, t.get_rect(midbottom=(w // 2, h - self.S(150))))
        elif self.page == "wait":
            self._draw_wait(surface)
        if self.status and self.page != "wait":
            t = TEXT.get(self.status, self.S(17), MUTED)
            surface.blit(t, t.get_rect(midbottom=(w // 2, h - self.S(120))))
        if self.error:
            for i, line in enumerate(wrap_lines(self.error, self.S(16), self.S(1000), 3)):
                t = TEXT.get(line, self.S(16), ERROR, True)
                surface.blit(t, t.get_rect(midbottom=(w // 2, h - self.S(96) + i * self.S(20) - self.S(40))))

    def _heading(self, surface, text: str, x: int, y: int) -> None:
        t = TEXT.get(text, self.S(18), GOLD, True)
        surface.blit(t, (x, y))

    def _draw_wait(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        y = self.S(150)
        lines: list[tuple[str, int, tuple, bool]] = [(self.status, 20, GOLD, True)]
        if self.welcome is not None and self.hosting is not None and self.hosting.port is not None:
            port = self.hosting.port
            lines.append((self.tr("net.tell_code"), 17, MUTED, False))
            lines.append((str(self.welcome.get("room", "")), 44, GOLD, True))
            lines.append((self.tr("net.tell_address"), 17, MUTED, False))
            for a in addresses():
                lines.append((f"{a}:{port}", 24, (230, 232, 240), True))
            if self.welcome.get("name"):
                lines.append((self.tr("net.tell_name", name=self.welcome["name"]), 17, MUTED, False))
        for text, size, colour, bold in lines:
            t = TEXT.get(text, self.S(size), colour, bold)
            surface.blit(t, t.get_rect(midtop=(w // 2, y)))
            y += t.get_height() + self.S(10)

    # ------------------------------------------------------------------ input
    def on_gui_event(self, event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            key = self.menus.get(event.ui_element)
            options = event.ui_element.options_list
            texts = [o[0] if isinstance(o, tuple) else o for o in options]
            i = texts.index(event.text) if event.text in texts else 0
            if key == "game" and GAMES[i] != self.game:
                self.game, self.deck_index = GAMES[i], 0
                self._rebuild()
            elif key == "mode" and CLASSIC_MODES[i] != self.mode:
                self.mode, self.deck_index = CLASSIC_MODES[i], 0
                self._rebuild()
            elif key == "deck":
                self.deck_index = i
            elif key == "time":
                self.limit_minutes = (0, *timeclock.LIMIT_MINUTES)[i]
                self._rebuild()  # the extra turns follow a limit only
            elif key == "extra":
                self.extra_turns = timeclock.EXTRA_TURN_CHOICES[i]
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            for key, e in self.entries.items():
                if event.ui_element is e:
                    setattr(self, {"title": "room_title"}.get(key, key), event.text)

    def _rebuild(self) -> None:
        self._read_entries()
        self.enter()

    def _read_entries(self) -> None:
        for key, e in getattr(self, "entries", {}).items():
            setattr(self, {"title": "room_title"}.get(key, key), e.get_text())

    def on_button(self, element) -> None:
        key = self.buttons.get(element)
        self._read_entries()
        self.error = ""
        if key == "host":
            self._go("host")
        elif key == "join":
            self.room, self.rooms = None, []
            self._join_name()
            self._go("join")
        elif key == "back":
            if self.page == "home":
                self.app.show("menu")
            else:
                self._disconnect()
                self._go("home")
        elif key == "cancel":
            self._disconnect()
            self._go("home")
        elif key == "create":
            self.start_hosting()
        elif key == "find":
            self.find()
        elif key == "sit":
            self.sit()
        elif key == "watch":
            self.watch()
        elif isinstance(key, tuple) and key[0] == "found":
            f = self.shown_found[key[1]]
            self.address, self.code, self.room = f.address, "", None
            self._join_name()
            self._go("join")
            self.find()
        elif isinstance(key, tuple) and key[0] == "room":
            self.room = self.rooms[key[1]]
            self.code = str(self.room.get("code", ""))
            self._rebuild()
        elif isinstance(key, tuple) and key[0] == "resume":
            games = recall()
            if key[1] < len(games):
                self.resume(games[key[1]])

    def _join_name(self) -> None:
        """The one who joins is player 2 by default (a typed name is kept)."""
        if self.name.strip() in ("", self.tr("setup.default_name", n=1)):
            self.name = self.tr("setup.default_name", n=2)

    def _go(self, page: str) -> None:
        self.page = page
        self.enter()

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.page == "home":
                self.app.show("menu")
            else:
                self._disconnect()
                self._go("home")
            return
        super().handle_event(event)

    # ------------------------------------------------------------------ the network
    def _connect(self, address: str, resume: dict | None = None) -> Connection:
        if self.conn is not None:
            self.conn.close()
        self.conn = Connection(url_of(address, DEFAULT_PORT))
        if resume is not None:
            self.conn.seated(resume["room"], resume["token"])  # sent as soon as the link opens
        self.conn.start()
        self.app.last_net_address = address
        return self.conn

    def _disconnect(self) -> None:
        """Leave what this screen was doing on the network (a server this client hosts keeps running, for
        the next game it hosts)."""
        if self.conn is not None:
            self.conn.close()
            self.conn = None
        self.welcome, self.ref, self.resuming, self.hosting = None, None, None, None
        self.status = ""

    def _player(self) -> dict:
        name = (self.name or "").strip()[:24] or self.tr("setup.default_name", n=1)
        return {"name": name, **self._side()}

    def start_hosting(self) -> None:
        if not self.port.strip().isdigit() or not 0 <= int(self.port) < 65536:
            self.error = self.tr("net.bad_port")
            return
        if self.game != "classic" or self.mode != "first":
            if not self._decks():
                self.error = self.tr("setup.no_decks")
                return
        self.app.last_game = self.game
        self.app.last_classic_mode = self.mode
        self.app.last_limit_minutes, self.app.last_extra_turns = self.limit_minutes, self.extra_turns
        self.hosting = nethost.host(int(self.port), self.room_title or self.name, getattr(self.app.args, "seed", None))
        self.status = self.tr("net.starting")
        self._go("wait")

    def find(self) -> None:
        """Ask the server at the address for its games (the one with the code typed, or a list to pick from)."""
        if not self.address.strip():
            self.error = self.tr("net.no_address")
            return
        conn = self._connect(self.address)
        self.ref = conn.send({"t": "rooms"})
        self.status = self.tr("net.connecting", address=self.address)

    def sit(self) -> None:
        if self.conn is None or self.room is None:
            self.find()
            return
        self.ref = self.conn.send({"t": "join", "v": PROTOCOL, "room": self.room.get("code", self.code),
                                   "password": self.password, "player": self._player()})
        self.status = self.tr("net.joining")

    def watch(self) -> None:
        """Watch the game found: what both players see, nobody's hand."""
        if self.conn is None or self.room is None:
            return
        self.ref = self.conn.send({"t": "watch", "v": PROTOCOL, "room": self.room.get("code", self.code),
                                   "password": self.password})
        self.status = self.tr("net.watching")

    def resume(self, game: dict) -> None:
        """Back to a game this computer has a seat in; one it hosted starts its server again (which reopens a
        game it saved)."""
        self._disconnect()
        self.resuming = game
        self.address = game["address"]
        if game.get("hosted"):
            port = int(game["address"].rpartition(":")[2] or DEFAULT_PORT)
            self.hosting = nethost.host(port, seed=getattr(self.app.args, "seed", None))
            self.status = self.tr("net.starting")
        else:
            self._connect(game["address"], resume=game)
            self.status = self.tr("net.connecting", address=game["address"])
        self._go("wait")

    # ------------------------------------------------------------------ every frame
    def update(self, dt: float) -> None:
        super().update(dt)
        self.t += dt
        if self.page == "home" and int(self.t * 2) != int((self.t - dt) * 2):
            found = self.browser.found()
            if found != self.shown_found:
                self.found = found
                self.enter()
        if self.hosting is not None and self.conn is None:
            self._hosting_tick()
        if self.conn is not None:
            for _ in range(50):
                try:
                    m = self.conn.inbox.get_nowait()
                except Exception:  # noqa: BLE001 - queue.Empty: nothing more this frame
                    break
                self.read(m)
                if self.app.scene is not self:
                    return

    def _hosting_tick(self) -> None:
        h = self.hosting
        assert h is not None
        state = h.poll()
        if state == "failed":
            self.error = self.tr("net.host_failed", why=h.why())
            self.hosting = None
            nethost.stop()
            self._go("host")
        elif state == "ready" and self.resuming is not None:  # a game this computer hosted, its server again
            self._connect(f"127.0.0.1:{h.port}", resume=self.resuming)
        elif state == "ready":
            conn = self._connect(f"127.0.0.1:{h.port}")
            game = {"ruleset": self.game, **({"mode": self.mode} if self.game == "classic" else {})}
            if self.limit_minutes:  # the server keeps the clock and declares the time out
                game["time"] = {"seconds": self.limit_minutes * 60, "extra_turns": self.extra_turns}
            self.ref = conn.send({"t": "create", "v": PROTOCOL, "game": game,
                                  "name": self.room_title.strip(), "password": self.password,
                                  "player": self._player()})
            self.status = self.tr("net.creating")

    def read(self, m: dict) -> None:
        """One message while no table is open yet."""
        t = m.get("t")
        if t == "error" and (m.get("re") == self.ref or self.welcome is None):
            self.error = str(m.get("ru" if self.tr.lang == "ru" else "en", ""))
            self.status = ""
            if self.resuming is not None:
                forget(self.resuming["address"], self.resuming["room"])
            if self.resuming is not None or self.page == "wait":
                page = self._back_page()
                self._disconnect()
                self._go(page)
            return
        if t == "_link" and m.get("status") == "closed" and self.conn is not None:
            self.error = self.tr("net.no_server", why=str(m.get("why", ""))[:120])
            page = self._back_page()
            self._disconnect()
            self._go(page)
            return
        if t == "rooms":
            self.rooms = [r for r in m.get("rooms", []) if isinstance(r, dict)]
            self.status = ""
            key = self.code.strip()
            match = [r for r in self.rooms if key and (r.get("code") == key.upper()
                                                       or str(r.get("name", "")).casefold() == key.casefold())]
            self.room = match[0] if match else None
            if key and self.room is None:
                self.error = self.tr("net.no_such_game", code=key)
            self._rebuild()
        elif t == "welcome":
            if not self._same_cards(m):
                return
            self.welcome = m
            if isinstance(m.get("token"), str):
                self.conn.seated(str(m["room"]), m["token"])  # type: ignore[union-attr]
            if self.page != "wait":
                self._go("wait")
            waiting = m.get("state") == "waiting"
            self.status = self.tr("net.waiting_second" if waiting and m.get("seat") is not None
                                  else "net.waiting_players" if waiting else "net.starting_game")
        elif t == "view" and self.welcome is not None:
            self._begin(m)

    def _back_page(self) -> str:
        """Where a failure leads back to: the form that started what failed."""
        if self.resuming is not None:
            return "home"
        if self.hosting is not None:
            return "host"
        return "join" if self.page in ("join", "wait") else self.page

    def _same_cards(self, welcome: dict) -> bool:
        """The server plays with the same cards as this client (else nothing would be drawn right)."""
        from net.kits import kit

        ruleset = str(welcome.get("ruleset", ""))
        try:
            ours = kit(ruleset).fingerprint()
        except LookupError:
            ours = ""
        if welcome.get("content") != ours:
            self.error = self.tr("net.other_cards")
            self._disconnect()
            self._go("home")
            return False
        return True

    def _begin(self, first_view: dict) -> None:
        conn, welcome = self.conn, self.welcome
        assert conn is not None and welcome is not None
        token = welcome.get("token") or (self.resuming or {}).get("token", "")
        seat = welcome.get("seat")
        session = NetSession(conn, seat if isinstance(seat, int) else None, welcome, first_view)
        session.address = self.app.last_net_address if self.resuming is None else self.resuming["address"]
        if self.hosting is not None and self.hosting.port is not None:
            session.address, session.hosted = f"127.0.0.1:{self.hosting.port}", True
        session.token = str(token)
        remember(session)
        self.conn = None  # the session owns the link now
        self.app.show(find_client(session.ruleset).net_table_scene, session=session)

    def net_facts(self) -> dict:
        """What the probe (ui/probe.py) tells a real-window test: the page, what is going on, the game's code
        and the hosted server's port once there are."""
        room = self.welcome.get("room") if self.welcome else None
        port = self.hosting.port if self.hosting is not None else None
        return {"page": self.page, "status": self.status, "error": self.error, "code": room, "port": port,
                "found": self.room.get("code") if self.room else None}

    def leave(self) -> None:
        self.browser.stop()
        if self.conn is not None:
            self.conn.close()
            self.conn = None
