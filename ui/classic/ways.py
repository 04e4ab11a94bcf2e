"""Where a creature may go and how (2007 3.14–3.15; 2022 «Прыжок», «Телепортация»): each lit cell with
its cost, and the small menu at a drop that can be made by steps or by a movement ability — the player
says which, the table never picks one silently. Read only: the moves are the engine's legal actions."""

from __future__ import annotations

import pygame

from engine.classic import actions as A
from ui.widgets.button import Button


def way_name(game, cid: int, index: int, lang: str) -> str:
    """The movement ability's name as cards print it («Прыжок»)."""
    abilities = game.abilities(cid)
    if 0 <= index < len(abilities):
        ab = abilities[index]
        return ab.names[0] if lang == "ru" else ab.names[1]
    return str(index + 1)


def move_options(game, cid: int, cell) -> list:
    """Every legal move of ``cid`` to ``cell``: by steps, and by each movement ability that reaches it."""
    return [a for a in game.legal_actions() if isinstance(a, A.Move) and a.card == cid and tuple(a.to) == tuple(cell)]


def move_labels(game, cid: int, lang: str) -> dict:
    """Each lit cell with what reaching it costs: the steps' movement points, and a movement ability's
    initial with the points it spends (all of them): «1», «П1», «1 | П1»."""
    out: dict = {cell: str(n) for cell, n in game.move_costs(cid).items()}
    spent = game.creatures[cid].moves
    for a in game.legal_actions():
        if isinstance(a, A.Move) and a.card == cid and a.ability is not None:
            cell = tuple(a.to)
            mark = f"{way_name(game, cid, a.ability, lang)[:1]}{spent}"
            out[cell] = f"{out[cell]} | {mark}" if cell in out and mark not in out[cell] else out.get(cell, mark)
    return out


def way_buttons(scene) -> list[Button]:
    """The small menu at the drop (``scene.way``): one button per way of getting there, and «Отмена»."""
    assert scene.way is not None
    cid, cell, options = scene.way
    L, tr, g = scene.view.L, scene.tr, scene.game
    labels = []
    for i, a in enumerate(options):
        if a.ability is None:
            labels.append((tr("classic.way_steps", n=g.move_costs(cid).get(cell, 0)), ("way", i), "primary"))
        else:
            name = way_name(g, cid, a.ability, tr.lang)
            labels.append((tr("classic.way_ability", name=name, n=g.creatures[cid].moves), ("way", i), "normal"))
    labels.append((tr("csetup.cancel"), ("way_cancel",), "normal"))
    at = L.cell_rect(cell, scene.look.viewer)
    w, h, gap = L.sc(230), L.sc(34), L.sc(4)
    box = pygame.Rect(at.centerx - w // 2, at.centery - h // 2, w, len(labels) * (h + gap) - gap)
    box.clamp_ip(pygame.Rect(0, L.prompt.bottom, L.w, L.h - L.prompt.bottom))
    return [Button(pygame.Rect(box.x, box.y + i * (h + gap), w, h), text, value, style, True, str(i + 1))
            for i, (text, value, style) in enumerate(labels)]
