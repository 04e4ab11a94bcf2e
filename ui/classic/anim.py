"""The classic table's motion, from the events each applied action returns: a fight's dice rolling, the
attacker's lunge, wounds flying to the cards, a dead card fading to the graveyards, tapping and untapping
turned over a few frames, a move's slide, the turn's banner, and their sounds.

The engine has already applied the action: everything here only draws over the final state, is paced by
the animation-speed setting and ends at a click or a key (:meth:`ClassicMotion.skip`). Places are
resolved when drawn (a card's cell as the viewer sees it now), so a turned board never shows an effect
in the wrong place.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from engine.classic import hittable as H
from ui.classic import dice_show
from ui.classic.view import card_face
from ui.motion import Timeline, draw_banner, draw_fly, draw_ghost, ease_in_out, lunge_offset

HEAVY = ("medium", "strong")  # blows that sound heavy


@dataclass
class Pose:
    """How a card is drawn this frame: moved by (dx, dy), turned to ``angle`` (pygame's degrees, None: as its
    state says)."""

    dx: int = 0
    dy: int = 0
    angle: float | None = None

    def apply(self, img: pygame.Surface, rect: pygame.Rect, tapped: bool) -> tuple[pygame.Surface, pygame.Rect]:
        """The card's image and place, posed. While it turns, ``img`` is its face open (the view draws it so)
        turned by the pose's angle and shrunk to stay inside its place; at rest the view draws the state's face
        (a tapped one turned, its words upright: ui/classic/cardface.py)."""
        if self.turning(tapped) and abs(self.angle or 0.0) > 0.5:
            a = math.radians(self.angle)
            w, h = img.get_size()
            bw, bh = w * abs(math.cos(a)) + h * abs(math.sin(a)), w * abs(math.sin(a)) + h * abs(math.cos(a))
            img = pygame.transform.rotozoom(img, self.angle, min(1.0, rect.w / bw, rect.h / bh))
        return img, rect.move(self.dx, self.dy)

    def turning(self, tapped: bool) -> bool:
        """Is the card between its open and its tapped pose (not at rest in the one its state says)?"""
        return self.angle is not None and abs(self.angle - (-90.0 if tapped else 0.0)) > 0.5


class ClassicMotion:
    """The effects on the classic table now (a :class:`ui.motion.Timeline` and how to draw each)."""

    def __init__(self, speed: float = 1.0, cue=None) -> None:
        self.timeline = Timeline(speed, cue)

    @property
    def speed(self) -> float:
        return self.timeline.speed

    @speed.setter
    def speed(self, value: float) -> None:
        self.timeline.speed = value

    @property
    def busy(self) -> bool:
        return self.timeline.busy

    def update(self, dt: float) -> None:
        self.timeline.update(dt)

    def skip(self) -> None:
        self.timeline.skip()

    # ------------------------------------------------------------------ events → effects
    def feed(self, events: list, game, view, viewer: int, before: dict[int, pygame.Rect], log: list, tr) -> None:
        """Effects for one action's ``events``; ``before``: where each card was drawn before the action
        (a dead flyer's place is gone from the state)."""
        m = self.timeline
        rolled = any(ev.kind == "die" and dice_show.die_card(ev) is not None for ev in events)
        table = any(ev.kind in ("hit", "lowered") for ev in events)
        t_hit = 0.0
        if rolled or table:
            roll = dice_show.last_roll(log)
            if roll is not None:
                tumble = dice_show.TUMBLE if rolled else 0.0
                shown = 1.2 if roll.row is not None else 0.5
                t_hit = tumble + (0.7 if roll.row is not None else 0.0)
                m.add("dice", tumble + shown + 0.6, sound="dice" if rolled else None, roll=roll, tumble=tumble)
        elif any(ev.kind == "die" for ev in events):
            m.add("cue", 0.05, sound="dice")
        strikes = [ev for ev in events if ev.kind == "strike"]
        after = t_hit + (0.5 if strikes else 0.0)  # what follows the blows: taps, deaths
        for i, ev in enumerate(strikes):
            if ev.blow != "miss" or i == 0:  # the attacker lunges even to miss; an answer that is no blow does not
                m.add("lunge", 0.5, at=t_hit, card=ev.card, target=ev.target)
        if any(ev.blow != "miss" for ev in strikes):
            heavy = any(ev.blow in HEAVY and ev.wounds for ev in strikes)
            m.add("cue", 0.05, at=t_hit + 0.18, sound="strike_heavy" if heavy else "strike_light")
        for ev in events:
            k = ev.kind
            if k == "wounded" and ev.amount:
                m.add("fly", 0.85, at=t_hit + 0.18, card=ev.card, source=ev.source, text=f"-{ev.amount}",
                      colour=(255, 96, 84))
            elif k == "healed" and ev.amount:
                m.add("fly", 0.85, card=ev.card, source=None, text=f"+{ev.amount}", colour=(130, 235, 130))
            elif k in ("dies", "exiled"):
                rect = before.get(ev.card)
                if rect is not None and ev.card in game.creatures:
                    at = getattr(ev, "at", None)
                    face = card_face(game, ev.card, rect.size, tr)
                    length = after + 0.8
                    m.add("ghost", length, hold=True, card=ev.card, image=face, rect=rect, viewer=viewer,
                          cell=tuple(at) if at else None, fade_from=after / length)
                if k == "dies":
                    m.add("cue", 0.05, at=after, sound="death")
            elif k in ("tap", "untap"):
                m.add("tilt", 0.35, at=after if k == "tap" else 0.0, hold=True, card=ev.card, tapped=k == "tap")
            elif k in ("move", "relocated") and ev.src is not None:
                m.add("slide", 0.3, hold=True, card=ev.card, src=tuple(ev.src), to=tuple(ev.to))
            elif k == "turn":
                name = game.names[ev.player] if 0 <= ev.player < len(game.names) else ""
                m.add("banner", 1.3, sound="turn", text=tr("motion.turn", n=ev.turn, name=name))
            elif k in ("entered", "place", "recruit", "seat"):
                m.add("cue", 0.05, sound="card")

    # ------------------------------------------------------------------ effects → poses and pictures
    def poses(self, game, view, viewer: int) -> dict[int, Pose]:
        """Each moving card's pose this frame (the view draws the rest as their state says)."""
        m = self.timeline
        out: dict[int, Pose] = {}
        if not m.effects:
            return out
        L = view.L
        for e, p in m.running("slide"):
            a, b = L.card_rect(e.data["src"], viewer), L.card_rect(e.data["to"], viewer)
            k = 1.0 - ease_in_out(p)
            pose = out.setdefault(e.data["card"], Pose())
            pose.dx += int((a.x - b.x) * k)
            pose.dy += int((a.y - b.y) * k)
        for e, p in m.running("lunge"):
            ra, rt = view.rect_of(game, e.data["card"], viewer), view.rect_of(game, e.data["target"], viewer)
            if ra is None or rt is None:
                continue
            dx, dy = lunge_offset(ra.center, rt.center, p, L.cell_h * 0.6)
            pose = out.setdefault(e.data["card"], Pose())
            pose.dx += dx
            pose.dy += dy
        for e, p in m.running("tilt"):
            start, end = (0.0, -90.0) if e.data["tapped"] else (-90.0, 0.0)
            out.setdefault(e.data["card"], Pose()).angle = start + (end - start) * ease_in_out(p)
        return out

    def draw(self, surface: pygame.Surface, game, view, viewer: int, tr) -> None:
        """The effects over the board: ghosts, the dice, flying numbers, the banner."""
        m = self.timeline
        if not m.effects:
            return
        L = view.L
        for e, p in m.running("ghost"):
            d = e.data
            if d["cell"] is not None:
                src = L.card_rect(d["cell"], viewer).center
            elif d["viewer"] == viewer:
                src = d["rect"].center
            else:
                continue  # a flyer's place on a board since turned round: no ghost rather than a wrong one
            draw_ghost(surface, d["image"], src, L.piles.center, p, d["fade_from"])
        for e, p in m.running("dice"):
            dice_show.draw_roll(surface, L, game, e.data["roll"], p, tr, e.data["tumble"], e.length)
        for e, p in m.running("fly"):
            dst = view.rect_of(game, e.data["card"], viewer)
            if dst is None:
                dst = next((g.data["rect"] for g, _ in m.running("ghost") if g.data["card"] == e.data["card"]), None)
            if dst is None:
                continue
            src_rect = view.rect_of(game, e.data["source"], viewer) if e.data["source"] is not None else None
            src = src_rect.center if src_rect is not None and e.data["source"] != e.data["card"] \
                else (dst.centerx, dst.y - L.cell_h // 2)
            draw_fly(surface, e.data["text"], e.data["colour"], src, dst.center, p, L.sc(30))
        for e, p in m.running("banner"):
            draw_banner(surface, e.data["text"], p, L.board.center, L.sc(34))


# ---------------------------------------------------------------------- what the scene calls
def places(game, view, viewer: int) -> dict[int, pygame.Rect]:
    """Where every card in play is drawn now (taken before an action: a dead flyer's place is then gone)."""
    out = {}
    for cid, c in game.creatures.items():
        if c.at is not None:
            out[cid] = view.L.card_rect(c.at, viewer)
    for cid, rect in view.symbiote_cards(game, viewer) + view.extra_cards(game, viewer):
        out[cid] = rect
    return out


def draw_over(surface: pygame.Surface, scene) -> None:
    """The effects over the board; while the higher roller is asked to lower the result (2007 4.5), the dice
    and the table's section stay on screen, still."""
    m = scene.motion
    game, look = scene.game, scene.look
    if getattr(game.pending, "kind", None) == "lower" and not m.timeline.running("dice"):
        roll = dice_show.last_roll(scene.session.log)
        if roll is not None:
            above = H.row_above(H.ROWS[game.pending.row]) if game.pending.row in H.ROWS else None
            dice_show.draw_roll(surface, scene.view.L, game, roll, 1.0, scene.tr, 0.0,
                                offer=above.key if above is not None else None)
    m.draw(surface, game, scene.view, look.viewer, scene.tr)
