"""Animation state of the table: card sprites easing toward their places, and short effects.

Only :meth:`Animator.update` moves anything; drawing reads this state and never changes it. The
effects that tell what an action did (a lunge, flying wounds, a dead card's ghost, a turn's banner)
are on ``motion``, the timeline both tables share (ui/motion.py); :meth:`Animator.skip` ends everything.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ui.heroes.table.layout import Place
from ui.motion import Timeline


@dataclass
class Sprite:
    """Where a card is drawn now; ``place`` is where it is going."""

    place: Place
    x: float
    y: float
    angle: float
    leaving: bool = False  # sliding to a pile, then gone

    @property
    def settled(self) -> bool:
        return (abs(self.x - self.place.center[0]) < 0.5 and abs(self.y - self.place.center[1]) < 0.5
                and abs(self.angle - self.place.angle) < 0.5)


@dataclass
class Floater:
    """A short-lived text or arrow: damage numbers, an attack line."""

    kind: str  # "text" or "arrow"
    text: str = ""
    colour: tuple[int, int, int] = (255, 255, 255)
    pos: tuple[float, float] = (0, 0)
    end: tuple[float, float] = (0, 0)
    age: float = 0.0
    life: float = 1.2


@dataclass
class Animator:
    speed: float = 1.0  # 0: no animation
    sprites: dict[int, Sprite] = field(default_factory=dict)
    floaters: list[Floater] = field(default_factory=list)
    motion: Timeline = field(default_factory=Timeline)

    def __post_init__(self) -> None:
        self.motion.speed = self.speed

    def __setattr__(self, name, value) -> None:
        super().__setattr__(name, value)
        if name == "speed" and "motion" in self.__dict__:
            self.motion.speed = value  # one pace for the sprites and the effects

    def skip(self) -> None:
        """A click or a key: every card at its place and every effect over (the state as it is)."""
        for cid, sp in list(self.sprites.items()):
            if sp.leaving:
                del self.sprites[cid]
            else:
                sp.x, sp.y = sp.place.center
                sp.angle = sp.place.angle
        self.floaters.clear()
        self.motion.skip()

    def set_places(self, places: list[Place], spawn: dict[int, tuple[float, float]],
                   leave: dict[int, tuple[float, float]]) -> None:
        """New targets. ``spawn``: where new cards appear from; ``leave``: where vanishing ones go."""
        seen = set()
        for p in places:
            seen.add(p.cid)
            sp = self.sprites.get(p.cid)
            if sp is None:
                x, y = spawn.get(p.cid, p.center)
                if self.speed <= 0:
                    x, y = p.center
                self.sprites[p.cid] = Sprite(p, x, y, p.angle)
            else:
                sp.place = p
                sp.leaving = False
        for cid in list(self.sprites):
            if cid in seen:
                continue
            sp = self.sprites[cid]
            if cid in leave and self.speed > 0 and not sp.leaving:
                sp.leaving = True
                sp.place = Place(cid, leave[cid], sp.place.size, 0.0, sp.place.face_up, "leaving", 500)
            elif not sp.leaving:
                del self.sprites[cid]

    def add(self, f: Floater) -> None:
        if self.speed > 0:
            self.floaters.append(f)

    def update(self, dt: float, effects: bool = True) -> None:
        """Move the sprites; the effects too unless ``effects`` is false (they wait, behind the curtain)."""
        if effects:
            self.motion.update(dt)
        if self.speed <= 0:
            for sp in list(self.sprites.values()):
                sp.x, sp.y = sp.place.center
                sp.angle = sp.place.angle
                if sp.leaving:
                    del self.sprites[sp.place.cid]
            self.floaters.clear()
            return
        k = 1.0 - math.exp(-dt * 11.0 * self.speed)
        still = {e.data["card"] for e in self.motion.effects if e.kind == "still"}  # turned once its blow is over
        for cid, sp in list(self.sprites.items()):
            tx, ty = sp.place.center
            sp.x += (tx - sp.x) * k
            sp.y += (ty - sp.y) * k
            # rotation at a steady pace, so tapping reads as a turn of the card
            da = sp.place.angle - sp.angle
            step = 300.0 * self.speed * dt
            if cid not in still:
                sp.angle = sp.place.angle if abs(da) <= step else sp.angle + math.copysign(step, da)
            if abs(tx - sp.x) < 0.5 and abs(ty - sp.y) < 0.5:
                sp.x, sp.y = tx, ty
                if sp.leaving:
                    del self.sprites[cid]
        for f in self.floaters:
            f.age += dt * self.speed
        self.floaters = [f for f in self.floaters if f.age < f.life]

    @property
    def busy(self) -> bool:
        return bool(self.floaters) or self.motion.busy or any(not sp.settled for sp in self.sprites.values())
