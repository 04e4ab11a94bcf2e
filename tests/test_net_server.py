"""The server's pieces: a saved game resumed through the same server later by both players with their
seats' tokens, rooms by name and password, spectators, the protocol's checks, views sent as patches, and
games found on the local network (announcements kept in this process: no packet leaves the machine)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from net.client import Connection, url_of, wait_for
from net.discovery import Announcer, Browser, Found, from_txt
from net.patch import PatchError, apply, diff
from net.protocol import MAX_MESSAGE, PROTOCOL, Fields, NetError, decode
from net.server import Limits
from tests.net_support import ServerThread, connect, seat_two
from ui.classic import content


def _play(seats, moves: int, rng: random.Random) -> None:
    """``moves`` random moves by whichever seat decides (the views read from each connection)."""
    from net.patch import apply as patch

    views = {i: v for i, (_, _, v) in enumerate(seats)}
    for _ in range(moves):
        i = next(i for i, v in views.items() if v["legal"])
        conn = seats[i][0]
        conn.send({"t": "act", "action": rng.choice(views[i]["legal"]), "seq": views[i]["seq"]})
        for j, (c, _, _) in enumerate(seats):
            m = wait_for(c, ("view",), 10)
            views[j] = {**m, "state": patch(views[j]["state"], m["patch"]) if "patch" in m else m["state"]}


def test_a_saved_game_is_resumed_later_through_the_same_server(tmp_path):
    folder = tmp_path / "server"
    decks = content.decks()
    with ServerThread(saves=folder, seed=8) as srv:
        seats = seat_two(srv, {"ruleset": "classic", "mode": "2022"},
                         [{"cards": list(decks[1].cards)}, {"cards": list(decks[2].cards)}])
        _play(seats, 12, random.Random(2))
        (a, wa, _), (b, wb, _) = seats
        ref = b.send({"t": "save"})
        assert wait_for(b, ("saved",), 10, ref)["code"] == "not_host", "only the host saves"
        ref = a.send({"t": "save"})
        saved = wait_for(a, ("saved",), 10, ref)
        assert saved["t"] == "saved" and saved["room"] == wa["room"]
        code = wa["room"]
        digest = srv.call(lambda: srv.server.rooms[code].state_hash())
        for c in (a, b):
            c.close()
    assert (folder / f"{code}.json").is_file()
    with ServerThread(saves=folder) as srv:  # later: another run of the same server
        stranger = connect(srv)
        ref = stranger.send({"t": "resume", "v": PROTOCOL, "room": code, "token": "guess"})
        assert wait_for(stranger, ("welcome",), 10, ref)["code"] == "token"
        back = []
        for w in (wb, wa):
            c = connect(srv)
            ref = c.send({"t": "resume", "v": PROTOCOL, "room": code, "token": w["token"]})
            welcome = wait_for(c, ("welcome",), 10, ref)
            assert welcome["t"] == "welcome" and welcome["seat"] == w["seat"]
            view = wait_for(c, ("view",), 10)
            back.append((c, welcome, view))
        assert srv.call(lambda: srv.server.rooms[code].state_hash()) == digest, "the game is the one saved"
        seats = [back[1], back[0]]
        _play(seats, 3, random.Random(3))  # and it goes on
        assert srv.call(lambda: srv.server.rooms[code].seq) > 1


def test_rooms_by_name_and_password_and_a_spectator_sees_what_both_see():
    with ServerThread(seed=2) as srv:
        a = connect(srv)
        ref = a.send({"t": "create", "v": PROTOCOL, "game": {"ruleset": "classic", "mode": "first"},
                      "name": "Вечерняя", "password": "сова", "player": {"name": "Аня"}})
        w = wait_for(a, ("welcome",), 10, ref)
        other = connect(srv)
        ref = other.send({"t": "create", "v": PROTOCOL, "game": {"ruleset": "classic", "mode": "first"},
                          "name": "вечерняя", "player": {"name": "Ира"}})
        assert wait_for(other, ("welcome",), 10, ref)["code"] == "name_taken"
        b = connect(srv)
        ref = b.send({"t": "join", "v": PROTOCOL, "room": "ВЕЧЕРНЯЯ", "password": "филин", "player": {"name": "Борис"}})
        assert wait_for(b, ("welcome",), 10, ref)["code"] == "password"
        ref = b.send({"t": "join", "v": PROTOCOL, "room": "вечерняя", "password": "сова", "player": {"name": "Борис"}})
        assert wait_for(b, ("welcome",), 10, ref)["room"] == w["room"]
        s = connect(srv)
        ref = s.send({"t": "watch", "v": PROTOCOL, "room": w["room"], "password": "сова"})
        assert wait_for(s, ("welcome",), 10, ref)["seat"] is None
        view = wait_for(s, ("view",), 10)
        assert view["legal"] == [] and view["state"]["rng"] == "0" * 16
        ref = s.send({"t": "act", "action": "end", "seq": view["seq"]})
        assert wait_for(s, ("error",), 10, ref)["code"] == "not_seated"
        s.send({"t": "chat", "text": "Удачи обоим!"})
        line = wait_for(a, ("chat",), 10)
        assert line["text"] == "Удачи обоим!" and line["seat"] is None
        listing = connect(srv)
        ref = listing.send({"t": "rooms"})
        rooms = wait_for(listing, ("rooms",), 10, ref)["rooms"]
        assert [r["password"] for r in rooms if r["code"] == w["room"]] == [True]
        assert all("state" in r and "players" in r and "cards" not in json.dumps(r) for r in rooms)


def test_the_protocol_refuses_what_is_not_a_message():
    for raw in ("", "{", "[]", "42", '{"t": 5}', '{"type": "act"}', "x" * (MAX_MESSAGE + 1)):
        with pytest.raises(NetError) as exc:
            decode(raw)
        assert exc.value.code in ("malformed", "too_large") and exc.value.ru and exc.value.en
    assert decode('{"t": "ping"}') == {"t": "ping"}
    f = Fields({"name": "Аня", "n": 3, "flag": True, "ids": ["a", "b"], "bad": "\x00", "list": [1]})
    assert f.text("name", 24) == "Аня" and f.whole("n", 0, 5) == 3 and f.flag("flag") and f.ids("ids", 5) == ["a", "b"]
    for read in (lambda: f.text("bad", 24), lambda: f.whole("name", 0, 5), lambda: f.whole("n", 4, 5),
                 lambda: f.flag("n"), lambda: f.ids("list", 5), lambda: f.text("name", 2), lambda: f.table("n")):
        with pytest.raises(NetError) as exc:
            read()
        assert exc.value.code == "bad_field" and "\x00" not in exc.value.en


def test_addresses_as_urls():
    assert url_of("192.168.1.5", 7777) == "ws://192.168.1.5:7777"
    assert url_of("192.168.1.5:8000", 7777) == "ws://192.168.1.5:8000"
    assert url_of("[::1]:9000", 7777) == "ws://[::1]:9000"
    assert url_of("ws://host:1", 7777) == "ws://host:1"
    assert url_of(" game.example ", 7777) == "ws://game.example:7777"


JSON = st.recursive(st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=2), inner, max_size=4)
                    | st.lists(st.fixed_dictionaries({"id": st.integers(0, 6), "v": inner}), max_size=5),
                    max_leaves=12)


@settings(max_examples=80, deadline=None)
@given(JSON, JSON)
def test_a_patch_turns_one_view_into_the_next(old, new):
    patch = diff(old, new)
    assert apply(old, patch) == new
    assert (patch is None) == (old == new and type(old) is type(new))
    json.dumps(patch)  # a patch is plain data


def test_a_patch_on_the_wrong_view_is_refused():
    with pytest.raises(PatchError):
        apply([1, 2], {"{": {"a": {"=": 1}}})
    with pytest.raises(PatchError):
        apply([{"id": 1}], {"[": {}, "o": [2]})
    cards = [{"id": i, "zone": "deck"} for i in range(80)]
    after = [dict(c) for c in cards]
    after[5]["zone"] = "hand"
    patch = diff({"cards": cards, "turn": 3}, {"cards": after, "turn": 3})
    assert patch == {"{": {"cards": {"[": {"5": {"{": {"zone": {"=": "hand"}}}}}}}, "one card changed: one card sent"


def test_games_heard_on_the_local_network(monkeypatch):
    monkeypatch.setenv("BERSERK_NET_DISCOVERY", "memory")  # kept in this process: nothing is sent
    browser = Browser().start()
    assert browser.found() == []
    a = Announcer(7777, "Стол Ани")
    a.start()
    try:
        assert browser.found() == [Found("Стол Ани", "127.0.0.1", 7777)]
        assert browser.found()[0].address == "127.0.0.1:7777"
    finally:
        a.stop()
        browser.stop()
    assert browser.found() == []
    assert from_txt({b"v": b"1", b"name": "Стол".encode()}, "10.0.0.2", 7777, "x") == Found("Стол", "10.0.0.2", 7777, 1)
    assert from_txt({b"name": b"no version"}, "10.0.0.2", 7777, "x") is None
    assert from_txt({"v": "1"}, "10.0.0.2", 0, "fallback") is None


def test_a_client_that_cannot_reach_the_server_says_so():
    conn = Connection("ws://127.0.0.1:9", open_timeout=2).start()  # nothing listens on the discard port
    m = wait_for(conn, ("_link",), 10)
    assert m["status"] == "closed" and m["why"]
    conn.close()


def test_the_version_is_checked_before_anything():
    with ServerThread(Limits()) as srv:
        c = connect(srv)
        ref = c.send({"t": "create", "v": PROTOCOL + 1, "game": {"ruleset": "heroes"}, "player": {"name": "A"}})
        err = wait_for(c, ("welcome",), 10, ref)
        assert err["code"] == "version" and str(PROTOCOL) in err["en"]
