"""What the server sends: each message to a seat holds nothing beyond what that seat may know — its observed
view and legal actions (engine.ai.observe), what it may know of each action, no deck list of the opponent,
no card it has not seen — and each message to a spectator only what both seats' views share.

Random games of both games are played through a server on loopback by raw WebSocket clients (two seats and
a spectator); then the game is replayed from the server's record and every message is compared with what
the rules let its reader know at that moment."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from websockets.asyncio.client import connect

from engine.ai.observe import HIDDEN, observe, tell
from net.kits import kit
from net.protocol import PROTOCOL
from net.server import Limits
from tests.net_support import ServerThread

LIMITS = Limits(rate=10_000, burst=10_000)  # random players move at once: no flood limit in the way


def _side(ruleset: str, mode: str, i: int) -> dict[str, Any]:
    if ruleset == "heroes":
        from ui.heroes.content import game_content

        deck = game_content()[1][i].deck
        return {"deck": {"hero": deck.hero, "cards": deck.card_list()}}
    if mode == "first":
        return {}
    from ui.classic import content

    return {"deck": {"cards": list(content.decks()[1 + i].cards)}}


async def _game(url: str, ruleset: str, mode: str, seed: int) -> tuple[str, list[list[dict[str, Any]]]]:
    """One random game: (room code, the messages each of seat 0, seat 1 and a spectator read)."""
    rng = random.Random(seed)
    seen: list[list[dict[str, Any]]] = [[], [], []]
    a = await connect(url)
    b = await connect(url)
    w = await connect(url)
    game = {"ruleset": ruleset, "mode": mode}
    await a.send(json.dumps({"t": "create", "v": PROTOCOL, "game": game, "player": {"name": "A", **_side(ruleset, mode, 0)}}))
    code = json.loads(await a.recv())["room"]
    await w.send(json.dumps({"t": "watch", "v": PROTOCOL, "room": code}))
    await b.send(json.dumps({"t": "join", "v": PROTOCOL, "room": code, "player": {"name": "B", **_side(ruleset, mode, 1)}}))
    done = asyncio.Event()

    async def read(ws, i: int) -> None:
        from net.patch import apply

        state: dict[str, Any] = {}
        async for raw in ws:
            m = json.loads(raw)
            seen[i].append(m)
            if m["t"] == "view":
                state = apply(state, m["patch"]) if "patch" in m else m["state"]
                if state.get("outcome") and i == 2:
                    done.set()
            if i < 2 and m["t"] == "view" and m["legal"]:
                await ws.send(json.dumps({"t": "act", "action": _pick(m["legal"], rng), "seq": m["seq"]}))

    tasks = [asyncio.create_task(read(ws, i)) for i, ws in enumerate((a, b, w))]
    await asyncio.wait_for(done.wait(), 120)
    await asyncio.sleep(0.05)
    for t in tasks:
        t.cancel()
    for ws in (a, b, w):
        await ws.close()
    return code, seen


def _pick(legal: list[str], rng: random.Random) -> str:
    """A random legal action; a step that ends a part of the game (ready, end of turn) is taken more often,
    so that random placement and moving about do not drag on for hundreds of moves."""
    enders = [a for a in legal if a.split()[0] in ("ready", "end")]
    return rng.choice(enders) if enders and rng.random() < 0.25 else rng.choice(legal)


def _identities(ruleset: str, state: dict[str, Any]) -> dict[int, str]:
    from ui.rulesets import find_client

    return find_client(ruleset).known_cards(state)


def _strings(value: Any):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _expected(ruleset: str, record: Any) -> list[list[dict[str, Any]]]:
    """Every view each reader should have been sent, rebuilt from the record through the rules."""
    rules_kit = kit(ruleset)
    game = record.new_game(rules_kit.base())
    seen: list[dict[int, str]] = [{}, {}]
    out: list[list[dict[str, Any]]] = [[], [], []]

    def views(told_by: int | None, action: Any, events: Any, seq: int, reason: str) -> None:
        for who in (0, 1, None):
            slot = 2 if who is None else who
            told = tell(game, action, told_by, events, who) if action is not None else None
            if told is not None and who is not None:
                seen[who].update(told.shown)
            obs = observe(game, who, seen[who] if who is not None else None)
            m = {"t": "view", "seq": seq, "reason": reason, "state": obs.state,
                 "legal": [str(x) for x in obs.legal], "turn": game.turn}
            if told is not None:
                m.update(by=told_by, action=told.action, kind=told.kind, events=list(told.events))
            out[slot].append(json.loads(json.dumps(m)))

    views(None, None, None, 1, "start")
    for slot in out:  # the start view tells what happened while the game was set up (the dice: all public)
        slot[0]["events"] = [ev.to_dict() for ev in game.setup_events]
    from engine.core.ruleset import find_ruleset

    parse = find_ruleset(ruleset).codec.parse
    for seq, text in enumerate(record.log, start=2):
        action = parse(text)
        by = game.decider if type(action) not in game.META else getattr(action, "player", None)
        events = game.apply(action)
        views(by, action, events, seq, "action")
    return out


@pytest.mark.parametrize("ruleset,mode,seed", [("heroes", "standard", 1), ("classic", "2022", 2)])
def test_each_message_holds_only_what_its_reader_may_know(ruleset, mode, seed):
    with ServerThread(LIMITS, seed=seed) as srv:
        code, seen = asyncio.run(_game(srv.url, ruleset, mode, seed))
        record = srv.call(lambda: srv.server.rooms[code].record)
    expected = _expected(ruleset, record)
    patched = sum(1 for r in seen for m in r if m.get("t") == "view" and "patch" in m)
    seen = [_whole(r) for r in seen]
    assert patched > len(record.log), "after the first, each view is sent as the change from the one before"
    assert len(record.log) > 30
    print(ruleset, len(record.log), "actions")
    for reader in (0, 1, 2):
        views = [m for m in seen[reader] if m["t"] == "view"]
        assert views == expected[reader], f"reader {reader}: the views differ from what the rules let it know"
        others = [m for m in seen[reader] if m["t"] not in ("view", "welcome", "peer")]
        assert not others, others[:3]
    cards = kit(ruleset).content()
    content = set(getattr(cards, "cards", cards))  # every card id of the game's cards
    for reader in (0, 1):
        opp = 1 - reader
        for m in seen[reader]:
            if m["t"] != "view":
                continue
            state = m["state"]
            ids = _identities(ruleset, state)
            shown = {c for c in ids.values() if c != HIDDEN}
            named = {x for ev in m.get("events", []) for x in _strings(ev) if x in content}
            # and the cards a seen card's own text names (the card it summons is printed on it)
            defined = state.get("cards") if isinstance(state.get("cards"), dict) else {}
            named |= {x for c in shown for x in _strings(defined.get(c, {})) if x in content and x != c}
            # no card id anywhere in the message (a definition, an event) that its reader has not seen
            assert {x for x in _strings(m) if x in content} <= shown | named
            assert "unknown" not in json.dumps(m)
            if ruleset == "heroes":
                cards = {c["id"]: c for c in state["cards"]}
                # the opponent's deck list: every card of their deck and hand is masked
                for cid in state["players"][opp]["deck"] + state["players"][opp]["hand"]:
                    assert cards[cid]["card"] == HIDDEN or cid in record_shown(seen[reader])
                assert state["players"][opp]["deck_id"] == ""
            else:
                decks = {i for d in state["decks"] for i in d}
                assert all(row[2] == HIDDEN for row in state["instances"] if row[0] in decks)
                assert set(state["cards"]) <= shown  # definitions of the cards it sees, no others
    # a spectator's view: only what both seats' views show at that moment
    for s0, s1, sw in zip(*[[m for m in seen[r] if m["t"] == "view"] for r in (0, 1, 2)], strict=True):
        assert s0["seq"] == s1["seq"] == sw["seq"]
        public = _identities(ruleset, sw["state"])
        for i, card in public.items():
            if card != HIDDEN:
                assert _identities(ruleset, s0["state"]).get(i) == card == _identities(ruleset, s1["state"]).get(i)
        assert sw["legal"] == []
    if ruleset == "classic":  # 2007 3.4.1: a card shown by its ability before recruiting is known to all three
        views = list(zip(*[[m for m in seen[r] if m["t"] == "view"] for r in (0, 1, 2)], strict=True))
        first = next((v for v in views if v[2]["state"].get("shown")), None)
        assert first is not None, "the game showed a card of a deal before recruiting"
        for i in first[2]["state"]["shown"]:
            cards = {_identities(ruleset, v["state"]).get(i) for v in first}
            assert len(cards) == 1 and HIDDEN not in cards and None not in cards, cards


def _whole(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The messages one reader got, each view with its whole state (a patch applied to the view before)."""
    from net.patch import apply

    out, last = [], None
    for m in messages:
        if m["t"] == "view":
            if "patch" in m:
                assert last is not None and m["base"] == last[0]
                m = {k: v for k, v in m.items() if k not in ("patch", "base")} | {"state": apply(last[1], m["patch"])}
            last = (m["seq"], m["state"])
        out.append(m)
    return out


def record_shown(messages: list[dict[str, Any]]) -> set[int]:
    """Cards a seat was shown by an event (a search shows the card found): known to it ever after."""
    out: set[int] = set()
    for m in messages:
        for ev in m.get("events", []) or []:
            if ev.get("t") == "reveal_card":
                out.add(ev["card"])
    return out
