"""What the probe (ui/probe.py) writes of a classic table and game: each creature's cell and the point that
hits it, the lit cells and targets, the buttons, and the game's facts."""

from __future__ import annotations

from typing import Any

from ui import probe as P


def table_facts(scene) -> dict[str, Any]:
    look, L = scene.look, scene.view.L
    cards = []
    for cid, c in sorted(scene.game.creatures.items()):
        if c.at is not None:
            r = L.card_rect(c.at, look.viewer)
            cards.append({"id": cid, "owner": c.owner, "cell": list(c.at), "rect": P.rect(r), "point": list(r.center)})
    drags = []  # each legal move and strike of the person deciding: where to press and where to let go
    g = scene.game
    if scene._mine() and getattr(g.pending, "kind", None) == "main":
        for a in g.legal_actions():
            if type(a).__name__ == "Move":
                src, dest = g.creatures[a.card].at, tuple(a.to)
            elif type(a).__name__ == "Strike":
                src, dest = g.creatures[a.attacker].at, g.creatures[a.target].at
            else:
                continue
            if src is not None and dest is not None:
                drags.append({"action": str(a), "type": type(a).__name__,
                              "from": list(L.cell_rect(src, look.viewer).center),
                              "to": list(L.cell_rect(dest, look.viewer).center)})
    setup = scene.setup  # squad building's deal and placement's tray, where a click or a drag finds them
    deal = []
    if getattr(g.pending, "kind", None) in ("recruit", "before_recruit") and scene.curtain_for is None:
        lay = setup.recruit_layout()
        deal = [{"id": dc.iid, "split": list(dc.split) if dc.split else None, "usable": dc.iid in setup.rlook.usable,
                 "point": list(lay.card_rect(dc.slot).center)} for dc in setup.rlook.deal]
    tray = [{"id": iid, "point": list(r.center)} for iid, r in setup.tray] if scene.curtain_for is None else []
    return {"viewer": look.viewer, "drags": drags, "deal": deal, "tray": tray, "curtain": look.curtain is not None, "prompt": look.prompt, "toast": look.toast,
            "selected": scene.selected, "dragging": scene.dragging, "mine": scene._mine(),
            "thinking": scene.bots.thinking, "bot_move": scene.bots.shown.text if scene.bots.shown else "",
            "moves": sorted([list(cell), cost, list(L.cell_rect(cell, look.viewer).center)]
                            for cell, cost in look.moves.items()),
            "strikes": sorted(look.strikes), "defenders": sorted(look.defenders), "ready": sorted(look.ready),
            "buttons": P.buttons(look.buttons), "menu": P.buttons(look.menu_buttons), "cards": cards}


def game_facts(session) -> dict[str, Any]:
    g = session.game
    return {"ruleset": "classic", "turn": g.turn, "active": g.active, "decider": g.decider,
            "pending": getattr(g.pending, "kind", None), "phase": getattr(g.pending, "kind", None), "over": g.is_over,
            "players": [{"name": g.names[p], "human": session.controllers[p].is_human,
                         "board": g.on_board(p), "graveyard": g.graveyard(p)} for p in (0, 1)],
            "creatures": {str(cid): {"at": list(c.at) if c.at else None, "tapped": c.tapped, "wounds": c.wounds,
                                     "moves": c.moves} for cid, c in g.creatures.items()},
            "events": [P.event_numbers(ev) for _, ev in session.log[-60:]], "actions": len(session.history),
            "squads": [list(q) for q in g.setup.squads] if getattr(g, "setup", None) is not None else None,
            "hidden": sorted(getattr(g, "hidden", ()))}
