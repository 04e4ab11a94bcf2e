"""What the probe (ui/probe.py) writes of a «Герои» table and game: cards with a point that hits each,
the legal drags, the picker, and the game's facts."""

from __future__ import annotations

from typing import Any

from ui import probe as P


def _point(scene, key) -> list[int] | None:
    """A point where a press picks ``key`` now (cards overlap in a fan; the first free point is taken)."""
    from ui.heroes.table.intents import TABLE

    view, game, ui = scene.view, scene.game, scene.ui
    if key == TABLE:  # a free spot of one's own row, the middle of its empty part first
        side = view.L.sides["bottom"]
        for area in (side.play, side.band):
            for y in (area.centery, area.y + 4, area.bottom - 4):
                for x in range(area.right - area.w // 4, area.x, -8):
                    if view.hit((x, y), game, ui) == TABLE:
                        return [x, y]
        return None
    rect = view.card_rect(key[1]) if key[0] == "card" else None
    if rect is None:
        return None
    for fy in (0.5, 0.3, 0.15, 0.8):
        for fx in (0.5, 0.2, 0.8, 0.1, 0.9):
            p = (rect.x + int(rect.w * fx), rect.y + int(rect.h * fy))
            if view.hit(p, game, ui) == key:
                return [p[0], p[1]]
    return None


def table_facts(scene) -> dict[str, Any]:
    from engine.heroes import actions as A
    from ui.heroes.table import intents

    ui, view, game = scene.ui, scene.view, scene.game
    cards = []
    for cid, sp in sorted(view.anim.sprites.items()):
        r = view.card_rect(cid)
        if r is None:
            continue
        c = game.cards.get(cid)
        cards.append({"id": cid, "zone": sp.place.zone, "owner": c.owner if c else None, "rect": P.rect(r),
                      "point": _point(scene, ("card", cid))})
    moves = []
    if scene._mine() and getattr(game.pending, "kind", None) == "main":
        for a in game.legal_actions():
            if isinstance(a, A.Play | A.Attack):
                src = ("card", a.attacker if isinstance(a, A.Attack) else a.card)
                moves.append({"action": str(a), "type": type(a).__name__, "source": P.key(src),
                              "card_type": game.cdef(src[1]).type,
                              "drops": sorted(P.key(k) for k in intents.drop_keys(game, a))})
    return {
        "viewer": ui.viewer, "mine": scene._mine(), "curtain": ui.curtain is not None, "prompt": ui.prompt,
        "toast": ui.toast if ui.toast_left > 0 else "", "menu_open": ui.menu_open,
        "narrowing": scene.narrow is not None, "dragging": P.key(ui.drag), "selected": P.key(ui.selected),
        "lit": sorted(P.key(k) for k in ui.lit), "busy": bool(view.anim.busy), "mouse": list(ui.mouse),
        "under_mouse": P.key(view.hit(ui.mouse, game, ui)), "thinking": ui.thinking,
        "buttons": P.buttons(ui.buttons), "panel_buttons": P.buttons(ui.panel_buttons),
        "menu_buttons": P.buttons(ui.menu_buttons) if ui.menu_open else [],
        "cards": cards, "moves": moves, "table_point": _point(scene, intents.TABLE), "picker": picker(scene),
    }


def picker(scene) -> dict[str, Any] | None:
    """The overlay of cards to choose from (or to look through): its cards where drawn, its buttons."""
    from ui.heroes.table.overlays import picker_geometry

    pk = scene.ui.picker
    if pk is None:
        return None
    _, rects, _ = picker_geometry(scene.view.L, pk)
    return {"mode": pk.mode, "min": pk.min, "max": pk.max, "selected": list(pk.selected),
            "cards": [{"id": cid, "rect": P.rect(r)} for cid, r in rects], "buttons": P.buttons(scene.ui.picker_buttons)}


def game_facts(session) -> dict[str, Any]:
    game = session.game
    players = []
    for p, pl in enumerate(game.players):
        ctrl = session.controllers[p]
        players.append({"name": pl.name, "human": ctrl.is_human, "kind": getattr(ctrl, "kind", ""),
                        "hero": pl.hero, "hand": list(pl.hand), "play": list(pl.play), "grave": len(pl.grave),
                        "deck": len(pl.deck), "lives": game.lives_left(pl.hero)})
    table_cards = [cid for pl in game.players for cid in (pl.hero, *pl.play)]
    return {
        "turn": game.turn, "phase": game.phase, "active": game.active, "decider": game.decider,
        "pending": getattr(game.pending, "kind", None), "over": game.is_over, "players": players,
        "cards": {str(cid): {"zone": game.cards[cid].zone, "tapped": game.cards[cid].tapped,
                             "wounds": game.cards[cid].wounds} for cid in table_cards},
        "combat": bool(getattr(game, "combat", None)), "events": [P.event_numbers(ev) for _, ev in session.log[-60:]],
        "log_size": len(session.log), "actions": len(session.history),
    }
