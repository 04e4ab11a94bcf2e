"""Bad input never changes a game, stops the server or touches another room: 10,000 hostile messages of
every shape — not JSON, not an object, no type, unknown types, every field of every message wrongly typed or
too long, messages over 64 KiB, actions from the wrong seat, illegal, unparsable, another game's, a server's
own, a concession in the other player's name — each refused with a typed error, the rooms' games unchanged
(their state hashes), and the server still answering and playing. A flood is refused, then cut off."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from net.protocol import ERRORS, PROTOCOL
from net.server import Limits
from tests.net_support import ServerThread
from ui.classic import content as classic_content
from ui.heroes.content import game_content

HOSTILE = 10_000


def _sides(ruleset: str) -> list[dict[str, Any]]:
    if ruleset == "heroes":
        decks = game_content()[1]
        return [{"deck": {"hero": d.deck.hero, "cards": d.deck.card_list()}} for d in decks[:2]]
    return [{"deck": {"cards": list(d.cards)}} for d in classic_content.decks()[1:3]]


def _shapes(rng: random.Random, room: str, seat: int, other_room: str, legal: set[str]) -> list[str | bytes]:
    """HOSTILE messages of every shape (no one of them a legal move, nothing a game may take)."""
    big = "x" * (70 * 1024)
    actions = ["play card=999", "attack attacker=-1 target=x", "end", "move card=1 to=0,0", "strike attacker=1 target=1",
               f"concede player={1 - seat}", f"offer_draw player={1 - seat}", f"forfeit player={1 - seat}",
               f"forfeit player={seat}", "concede player=7", "concede", "play", "mulligan cards=a,b", "choose cards=1,1,1",
               "ready", "recruit card=999 gold=9", "place card=1 at=9,9", "defend card=0", "use card=1 ability=99",
               "x" * 400, "play card=1 card=2", "play unknown=1", "пойти конём", "\x00", "end extra", "go_first yes"]
    actions = [a for a in actions if a not in legal]
    fields = [None, True, 3.5, -1, 1 << 70, "", "x" * 5000, [], {}, [1, 2], {"a": 1}, "ЖЖЖ", "\u0000\u0007"]
    kinds = ["create", "join", "resume", "watch", "rooms", "act", "chat", "undo", "undo_answer", "save", "leave",
             "ping", "sync", "unknown", "", "view", "error"]
    out: list[str | bytes] = []
    while len(out) < HOSTILE:
        r = rng.random()
        if r < 0.08:  # not JSON at all
            out.append(rng.choice(["{", "[1,2", "}{", "nul", "\xff\xfe", "1e99999", "NaN", "[" * 5000, "", " "]))
        elif r < 0.12:
            out.append(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64))))  # a binary frame
        elif r < 0.16:  # JSON, but not a message
            out.append(json.dumps(rng.choice([[], [1], 42, "act", None, True, {"t": 5}, {"type": "act"}])))
        elif r < 0.17:
            out.append(json.dumps({"t": "chat", "text": big}))  # over 64 KiB
        elif r < 0.45:  # a move that is no legal move of this seat now
            m: dict[str, Any] = {"t": "act", "action": rng.choice(actions), "seq": rng.choice([0, 1, 10**9, -5])}
            if rng.random() < 0.3:
                m["seq"] = rng.choice(fields)
            if rng.random() < 0.2:
                m["action"] = rng.choice(fields)
            out.append(json.dumps(m))
        else:  # a known or unknown type with its fields wrong
            m = {"t": rng.choice(kinds), "v": rng.choice([PROTOCOL, PROTOCOL + 1, "1", None])}
            for key in rng.sample(["room", "token", "player", "game", "password", "name", "text", "yes", "seq",
                                   "action", "id"], rng.randrange(0, 5)):
                m[key] = rng.choice(fields)
            if m["t"] == "join" and rng.random() < 0.5:
                m.update(room=rng.choice([room, other_room, "ZZZZZZ"]), password="wrong",
                         player={"name": "Мэллори", "deck": {"hero": "nobody", "cards": ["x"] * 3}})
            if m["t"] == "resume" and rng.random() < 0.5:
                m.update(room=room, token="not-a-token", v=PROTOCOL)
            if m["t"] == "create" and rng.random() < 0.5:  # a real game refused for its deck
                m.update(v=PROTOCOL, game={"ruleset": rng.choice(["heroes", "classic", "chess"]), "mode": "2022"},
                         player={"name": "Мэллори", "deck": {"hero": "nobody", "cards": ["nothing"] * 40}})
            if m["t"] in ("undo_answer", "chat") and rng.random() < 0.5:
                m["yes" if m["t"] == "undo_answer" else "text"] = rng.choice(fields)
            out.append(json.dumps(m))
    return out


async def _drain(ws, box: list[dict[str, Any]]) -> None:
    try:
        async for raw in ws:
            box.append(json.loads(raw))
    except ConnectionClosed:
        pass


async def _attack(url: str, rooms: list[dict[str, Any]], srv: ServerThread) -> dict[str, Any]:
    """Seat both rooms, then send the hostile messages on the non-deciding seat's connection and on a stranger's."""
    rng = random.Random(5)
    quiet: list[Any] = []
    boxes: list[list[dict[str, Any]]] = []
    hostile = []
    for r in rooms:
        a, b = await connect(url), await connect(url)
        await a.send(json.dumps({"t": "create", "v": PROTOCOL, "game": r["game"], "player": {"name": "A", **r["sides"][0]}}))
        w = json.loads(await a.recv())
        r["code"] = w["room"]
        await b.send(json.dumps({"t": "join", "v": PROTOCOL, "room": w["room"], "player": {"name": "B", **r["sides"][1]}}))
        await b.recv()
        r["conns"] = [a, b]
    await asyncio.sleep(0.3)
    for r in rooms:
        room = srv.call(lambda code=r["code"]: srv.server.rooms[code])
        r["hash"], r["seq"] = srv.call(room.state_hash), room.seq
        decider = srv.call(lambda room=room: room.game.decider)
        legal = set(srv.call(lambda room=room: [str(a) for a in room.game.legal_actions()]))
        r["hostile"] = 1 - decider
        for i, ws in enumerate(r["conns"]):
            box: list[dict[str, Any]] = []
            boxes.append(box)
            quiet.append(asyncio.create_task(_drain(ws, box)))
            if i == r["hostile"]:
                other = rooms[1 - rooms.index(r)]["code"]  # joining the other room (full) is refused too
                hostile.append((ws, box, _shapes(rng, r["code"], i, other, legal)))
    stranger = await connect(url)
    sbox: list[dict[str, Any]] = []
    quiet.append(asyncio.create_task(_drain(stranger, sbox)))
    per = HOSTILE // (len(hostile) + 1)
    plan = [(ws, box, shapes[:per]) for ws, box, shapes in hostile]
    plan.append((stranger, sbox, _shapes(rng, rooms[0]["code"], 0, rooms[1]["code"], set())[:HOSTILE - per * len(hostile)]))
    sent = 0
    for ws, _, shapes in plan:
        for i, text in enumerate(shapes):
            await ws.send(text)
            sent += 1
            if i % 200 == 0:
                await asyncio.sleep(0)
    await asyncio.sleep(1.0)
    # the server still answers, on a new connection and on every old one
    fresh = await connect(url)
    await fresh.send(json.dumps({"t": "ping", "id": 1}))
    pong = json.loads(await asyncio.wait_for(fresh.recv(), 10))
    await fresh.send(json.dumps({"t": "rooms"}))
    listing = json.loads(await asyncio.wait_for(fresh.recv(), 10))
    await fresh.close()
    for ws, _box, _ in plan:
        await ws.send(json.dumps({"t": "ping", "id": 77}))
    await asyncio.sleep(0.5)
    for t in quiet:
        t.cancel()
    for r in rooms:
        for ws in r["conns"]:
            await ws.close()
    await stranger.close()
    return {"sent": sent, "pong": pong, "rooms": listing, "replies": [box for _, box, _ in plan]}


def test_ten_thousand_hostile_messages_change_nothing_and_the_server_answers():
    rooms = [{"game": {"ruleset": "heroes"}, "sides": _sides("heroes")},
             {"game": {"ruleset": "classic", "mode": "2022"}, "sides": _sides("classic")}]
    limits = Limits(rate=100_000, burst=100_000)  # the flood limit is tested below
    with ServerThread(limits, seed=4) as srv:
        out = asyncio.run(_attack(srv.url, rooms, srv))
        assert out["sent"] == HOSTILE and srv.server.handled >= HOSTILE
        for r in rooms:
            room = srv.call(lambda code=r["code"]: srv.server.rooms[code])
            assert srv.call(room.state_hash) == r["hash"] and room.seq == r["seq"], "a game changed"
            assert room.record.log == [] or len(room.record.log) == r["seq"] - 1
    assert out["pong"] == {"t": "pong", "re": 1}
    assert {r["code"] for r in out["rooms"]["rooms"]} >= {r["code"] for r in rooms}
    for box in out["replies"]:
        errors = [m for m in box if m["t"] == "error"]
        assert errors and all(m["code"] in ERRORS for m in errors), {m["code"] for m in errors}
        assert all(m["ru"] and m["en"] for m in errors)
        assert {"t": "pong", "re": 77} in box, "each attacker's connection is still answered"
        assert not any("Мэллори" in json.dumps(m) for m in errors), "no refusal echoes the message it refused"
    deck = [m for box in out["replies"] for m in box if m.get("code") == "deck"]
    assert deck and "unknown" in deck[0]["en"], "a deck is refused with the engine's reasons"


def test_a_flood_is_refused_then_cut_off_and_others_are_still_answered():
    async def go(url: str) -> tuple[list[dict[str, Any]], int | None, dict[str, Any]]:
        ws = await connect(url)
        got: list[dict[str, Any]] = []
        code = None
        try:
            for _ in range(600):
                await ws.send(json.dumps({"t": "ping"}))
            async for raw in ws:
                got.append(json.loads(raw))
        except ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd else None
        other = await connect(url)
        await other.send(json.dumps({"t": "ping", "id": 3}))
        pong = json.loads(await asyncio.wait_for(other.recv(), 10))
        await other.close()
        return got, code, pong

    with ServerThread(Limits(rate=20, burst=40, flood_close=300)) as srv:
        got, code, pong = asyncio.run(go(srv.url))
    assert any(m.get("code") == "flood" for m in got), "the flood is told"
    assert sum(1 for m in got if m["t"] == "pong") <= 200, "the flood was not answered message by message"
    assert code == 1008, "a connection that keeps flooding is closed (policy violation)"
    assert pong == {"t": "pong", "re": 3}


def test_a_message_over_the_frame_limit_closes_only_that_connection():
    async def go(url: str) -> tuple[int | None, dict[str, Any]]:
        ws = await connect(url, max_size=None)
        code = None
        try:
            await ws.send("x" * (300 * 1024))
            await asyncio.wait_for(ws.recv(), 10)
        except ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd else None
        other = await connect(url)
        await other.send(json.dumps({"t": "ping", "id": 9}))
        pong = json.loads(await asyncio.wait_for(other.recv(), 10))
        await other.close()
        return code, pong

    with ServerThread() as srv:
        code, pong = asyncio.run(go(srv.url))
    assert code == 1009 and pong == {"t": "pong", "re": 9}
