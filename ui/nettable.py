"""What a table of a network game adds to each game's table (mixed into ui/heroes/net.py and ui/classic/net.py).

The table plays as against the computer: no curtain (one person sits here), the other player's moves
handed over by :class:`ui.netsession.RemoteController` and paced, pointed at and told as the computer's,
with their name on the thinking badge. Each frame it reads the server: a change the table takes at once
(the other player conceding, an undo both agreed to, a technical loss, the view after a reconnection) is
made like a move; a banner at the top says when the other player has dropped or is back, or when this
table has lost the server and is reconnecting. Undo asks the other player across the network, and the
other player answers on their own prompt. Saving goes to the server (the player who made the game
asks; both resume it later from the network screen); nothing is saved on this computer.
"""

from __future__ import annotations

import pygame

from ui.fonts import TEXT
from ui.netgames import remember

BANNER_TIME = 4.0  # seconds a passing banner («they are back») stays
BANNER_BG = (58, 30, 24)
BANNER_FG = (250, 226, 190)


class NetTable:
    """The network game's part of a table scene (see the module's doc); ``session`` is a NetSession."""

    menu_hidden = ("open_hands",)  # hands stay one's own: the other's cards are not in this table to show

    def net_start(self) -> None:
        self.autosave = False
        self.banner = ""  # what the strip at the top says now
        self.banner_left = 0.0  # seconds left of a passing banner (0: it stays while it is true)
        self.away: dict[int, str] = {}  # seats of players who dropped -> their names
        self.asked_undo = False
        self.typing: str | None = None  # a chat line being written (T opens it, Enter sends, Esc drops it)

    # ------------------------------------------------------------------ every frame
    def update(self, dt: float) -> None:
        """The network's news first (views, notices, banners), then the table's own frame."""
        if self.view is not None:
            self.net_tick(dt)
        super().update(dt)  # type: ignore[misc]  # the table scene this part is mixed into

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)  # type: ignore[misc]
        self.draw_banner(surface)

    def net_value(self, value) -> bool:
        """A button of the network's own — undo asked or answered, save, leave — done here (the menu closed with
        ``close_menu``, the table's own); False for any other, which the table handles itself."""
        kind = value[0]
        if kind == "undo":
            self.net_undo()
        elif kind in ("undo_yes", "undo_no"):
            self.net_answer_undo(kind == "undo_yes")
        elif kind == "m" and value[1] in ("save", "exit"):
            self.close_menu()  # type: ignore[attr-defined]
            if value[1] == "save":
                self.net_save()
                self.refresh()  # type: ignore[attr-defined]
            else:
                self.net_exit()
        else:
            return False
        return True

    def net_tick(self, dt: float) -> None:
        s = self.session
        s.pump()
        while s.notices:
            self.notice(s.notices.popleft())
        for _ in range(32):  # a bounded number a frame: a flood of updates cannot freeze the table
            u = s.next_update()
            if u is None:
                break
            if u.action is not None and u.state is not None and u.undo_by is None:
                self.do(u.action)
            else:
                s.take(u)
                self.resync()
        if self.banner_left > 0:
            self.banner_left -= dt
            if self.banner_left <= 0:
                self.banner = self._steady_banner()

    def notice(self, m: dict) -> None:
        """A message that is not a change of the game: peers, the link, undo, saving, chat, refusals."""
        tr, s = self.tr, self.session
        t = m.get("t")
        if t == "peer":
            seat, name = m.get("seat"), str(m.get("name", ""))
            if m.get("status") == "away" and isinstance(seat, int):
                self.away[seat] = name
                self.banner, self.banner_left = tr("net.peer_away", name=name), 0.0
            elif m.get("status") == "back" and isinstance(seat, int):
                self.away.pop(seat, None)
                self.banner, self.banner_left = tr("net.peer_back", name=name), BANNER_TIME
        elif t == "_link":
            status = m.get("status")
            if status == "lost":
                self.banner, self.banner_left = tr("net.link_lost"), 0.0
            elif status == "open":
                self.banner, self.banner_left = tr("net.link_back"), BANNER_TIME
            elif status == "closed":
                self.banner, self.banner_left = tr("net.link_closed"), 0.0
        elif t == "undo_asked" and s.seat is not None:
            self.undo_ask = s.seat  # this player says yes or no on their prompt
            self.refresh()
        elif t == "undo_refused":
            self.asked_undo = False
            self.toast(tr("undo.refused"))
        elif t == "saved":
            remember(s)
            self.toast(tr("net.saved", code=s.room), "ok")
        elif t == "chat":
            self.toast(tr("net.said", name=m.get("name") or tr("net.spectator"), text=m.get("text", "")), "ok")
            self.refresh()  # the line is in the log too
        elif t == "error":
            self.asked_undo = False
            self.toast(str(m.get("ru" if tr.lang == "ru" else "en", "")))

    def _steady_banner(self) -> str:
        """The banner that stays while it is true: a player away, or the server lost."""
        if self.session.link == "lost":
            return self.tr("net.link_lost")
        if self.away:
            return self.tr("net.peer_away", name=next(iter(self.away.values())))
        return ""

    def draw_banner(self, surface: pygame.Surface) -> None:
        self.draw_chat(surface)
        if not self.banner:
            return
        w, h = surface.get_size()
        size = max(14, int(18 * min(w / 1280, h / 720)))
        t = TEXT.get(self.banner, size, BANNER_FG, True)
        r = t.get_rect(midtop=(int(w * 0.38), int(h * 0.13)))  # over the other side's half, clear of its cards
        pygame.draw.rect(surface, BANNER_BG, r.inflate(size * 2, size), border_radius=size)
        pygame.draw.rect(surface, (240, 200, 110), r.inflate(size * 2, size), 2, border_radius=size)
        surface.blit(t, r)

    # ------------------------------------------------------------------ what the person asks
    def net_undo(self) -> None:
        """Ask the other player to let this player's last move be taken back (their prompt answers)."""
        why = self.session.undo_block()
        if why is not None:
            self.toast(self.tr(why))
        elif self.asked_undo:
            self.toast(self.tr("net.undo_waiting"))
        else:
            self.asked_undo = True
            self.session.ask_undo()
            self.toast(self.tr("net.undo_asked", name=self.session.name(1 - (self.session.seat or 0))), "ok")
        self.refresh()

    def net_answer_undo(self, yes: bool) -> None:
        self.undo_ask = None
        self.session.answer_undo(yes)
        self.refresh()

    def net_save(self) -> None:
        if self.session.host:
            self.session.save()
        else:
            self.toast(self.tr("net.save_host"))

    def net_exit(self) -> None:
        """Back to the main menu: this player leaves the room (they may come back with the game's code while
        the server keeps it; away too long, the game is lost)."""
        if not self.game.is_over:
            remember(self.session)
        self.session.leave()
        self.app.show("menu")

    def net_key(self, event: pygame.event.Event) -> bool:
        """The chat line while it is open; T opens it; and the keys a local game uses for saving and undo,
        which here ask the server or say why not."""
        if self.typing is not None:
            return self._chat_key(event)
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_t and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.typing = ""
            return True
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if event.key in (pygame.K_F5, pygame.K_F9) or (event.key == pygame.K_s and ctrl):
            if event.key == pygame.K_F9:
                self.toast(self.tr("net.no_quickload"))
            else:
                self.net_save()
            return True
        if event.key == pygame.K_z and ctrl:
            if self.undo_ask is None:
                self.net_undo()
            return True
        return False

    def _chat_key(self, event: pygame.event.Event) -> bool:
        """Keys and text while a chat line is written: every one of them is the line's."""
        if event.type == pygame.TEXTINPUT:
            if len(self.typing or "") < 200 and event.text.isprintable():
                self.typing = (self.typing or "") + event.text
            return True
        if event.type != pygame.KEYDOWN:
            return event.type == pygame.KEYUP
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            text = (self.typing or "").strip()
            if text:
                self.session.say(text)
            self.typing = None
        elif event.key == pygame.K_ESCAPE:
            self.typing = None
        elif event.key == pygame.K_BACKSPACE:
            self.typing = (self.typing or "")[:-1]
        return True

    def draw_chat(self, surface: pygame.Surface) -> None:
        """The chat line being written, over the bottom of the table."""
        if self.typing is None:
            return
        w, h = surface.get_size()
        size = max(14, int(17 * min(w / 1280, h / 720)))
        t = TEXT.get(self.tr("net.chat", text=self.typing + "▏"), size, BANNER_FG, True)
        r = t.get_rect(midbottom=(int(w * 0.38), int(h * 0.7)))
        pygame.draw.rect(surface, (28, 30, 38), r.inflate(size * 2, size), border_radius=size // 2)
        pygame.draw.rect(surface, (240, 200, 110), r.inflate(size * 2, size), 2, border_radius=size // 2)
        surface.blit(t, r)


    def finish(self) -> None:
        self.app.show("end", session=self.session)
