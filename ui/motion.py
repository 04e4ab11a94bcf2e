"""Motion shared by both tables: a timeline of short effects drawn over a state that is already final.

The engine has applied the action before any effect starts; effects only draw over the new state (an
attacker's lunge, wounds flying to a card, a dead card's ghost fading to its graveyard, a turn's banner)
and never hold back input. Time is animation time: the frame's ``dt`` times ``speed`` (the
animation-speed setting; 0 shows nothing). Any click or key ends every effect at once (:meth:`skip`),
so what is left on the screen is the state itself. A sound cue belongs to an effect and is played when
the effect starts; with animation off the cues of one batch are played at once, each name once.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from ui.fonts import TEXT


def ease_out(p: float) -> float:
    """Fast, then settling (0 → 1)."""
    p = min(1.0, max(0.0, p))
    return 1.0 - (1.0 - p) ** 3


def ease_in_out(p: float) -> float:
    p = min(1.0, max(0.0, p))
    return p * p * (3.0 - 2.0 * p)


def lunge(p: float) -> float:
    """Out to the target and back (0 → 1 → 0): a quick thrust, a slower return."""
    p = min(1.0, max(0.0, p))
    if p < 0.4:
        return ease_out(p / 0.4)
    return 1.0 - ease_in_out((p - 0.4) / 0.6)


@dataclass
class Effect:
    """One effect: ``kind`` names what to draw, ``data`` what with; it runs from ``start`` for ``length``
    seconds of animation time (``hold``: it is drawn, still, from the moment it is added)."""

    kind: str
    start: float
    length: float
    data: dict[str, Any] = field(default_factory=dict)
    sound: str | None = None
    hold: bool = False
    sounded: bool = False

    def progress(self, clock: float) -> float:
        return min(1.0, max(0.0, (clock - self.start) / self.length)) if self.length > 0 else 1.0


class Timeline:
    """The effects running now, in animation time; ``cue(name)`` plays a sound (see ui/sound.py)."""

    def __init__(self, speed: float = 1.0, cue: Callable[[str], Any] | None = None) -> None:
        self.speed = speed
        self.cue = cue
        self.clock = 0.0
        self.effects: list[Effect] = []
        # what the state already says but the animation has not reached yet: (the clock when it shows, the item)
        self.holds: list[tuple[float, Any]] = []
        self.released = 0  # counts the moments held items were let go (a table then re-reads its words)
        self._heard: set[str] = set()  # with animation off: the cues of this frame, each once
        self._cued: dict[str, float] = {}  # when each cue last played: the same sound twice at once is noise

    def add(self, kind: str, length: float, at: float = 0.0, sound: str | None = None, hold: bool = False,
            **data: Any) -> Effect | None:
        """An effect starting ``at`` seconds from now (animation time); None (and its cue at once) when
        animation is off."""
        if self.speed <= 0:
            self.sound_now(sound)
            return None
        e = Effect(kind, self.clock + at, length, data, sound, hold)
        self.effects.append(e)
        if at <= 0:
            self._fire(e)
        return e

    def hold(self, at: float, item: Any) -> None:
        """Keep ``item`` back (a wound's number, an event's line in the log) until the animation reaches ``at``
        seconds from now: what the final state says is not shown before the dice or the blow that decide it.
        Nothing is kept with animation off; :meth:`skip` lets everything go at once."""
        if self.speed > 0 and at > 0:
            self.holds.append((self.clock + at, item))

    def held(self) -> list[Any]:
        """The items still kept back."""
        return [item for _, item in self.holds]

    def sound_now(self, sound: str | None) -> None:
        if sound and self.cue is not None and sound not in self._heard:
            self._heard.add(sound)
            self.cue(sound)

    def _fire(self, e: Effect) -> None:
        if not e.sounded:
            e.sounded = True
            last = self._cued.get(e.sound or "")
            if e.sound and self.cue is not None and (last is None or abs(self.clock - last) > 0.06):
                self._cued[e.sound] = self.clock
                self.cue(e.sound)

    def update(self, dt: float) -> None:
        self._heard.clear()
        if not self.effects and not self.holds:
            return
        if self.speed <= 0:
            self.effects.clear()
            self._let_go()
            return
        self.clock += dt * self.speed
        if self.holds and any(t <= self.clock for t, _ in self.holds):
            self.holds = [(t, item) for t, item in self.holds if t > self.clock]
            self.released += 1
        for e in self.effects:
            if self.clock >= e.start:
                self._fire(e)
        self.effects = [e for e in self.effects if self.clock < e.start + e.length]

    def skip(self) -> None:
        """Every effect to its end: the screen shows the state (cues not yet played are dropped)."""
        self.effects.clear()
        self._let_go()

    def keep(self, *kinds: str) -> None:
        """Drop every effect but those of ``kinds`` (the others' places no longer hold); nothing is held back."""
        self.effects = [e for e in self.effects if e.kind in kinds]
        self._let_go()

    def _let_go(self) -> None:
        if self.holds:
            self.holds.clear()
            self.released += 1

    @property
    def busy(self) -> bool:
        return bool(self.effects) or bool(self.holds)

    @property
    def end(self) -> float:
        """Seconds (animation time) until the last effect ends."""
        return max((e.start + e.length - self.clock for e in self.effects), default=0.0)

    def running(self, kind: str) -> list[tuple[Effect, float]]:
        """The effects of ``kind`` on the screen now, with their progress (0 while waiting to start,
        for those held from the moment they were added)."""
        out = []
        for e in self.effects:
            if e.kind == kind and (e.hold or self.clock >= e.start):
                out.append((e, e.progress(self.clock)))
        return out


def ends_effects(event) -> bool:
    """A click (not the wheel, which pygame also reports as buttons 4 and 5) or a key press."""
    if event.type == pygame.MOUSEBUTTONDOWN:
        return getattr(event, "button", 1) not in (4, 5)
    return event.type == pygame.KEYDOWN


# ---------------------------------------------------------------------- drawing what both tables show
def lunge_offset(src: tuple[float, float], dst: tuple[float, float], p: float, reach: float) -> tuple[int, int]:
    """Where an attacker is drawn, as an offset from its place: toward ``dst`` by at most ``reach`` pixels."""
    dx, dy = dst[0] - src[0], dst[1] - src[1]
    d = math.hypot(dx, dy)
    if d < 1:
        return 0, 0
    k = min(reach, d * 0.55) * lunge(p) / d
    return int(dx * k), int(dy * k)


def draw_fly(surface: pygame.Surface, text: str, colour, src, dst, p: float, size: int) -> None:
    """A number flying from ``src`` to ``dst``, growing as it lands, then fading on the card."""
    if p <= 0:
        return
    travel = ease_out(min(1.0, p / 0.65))
    x = src[0] + (dst[0] - src[0]) * travel
    y = src[1] + (dst[1] - src[1]) * travel - math.sin(travel * math.pi) * size * 1.2  # a small arc
    img = TEXT.get(text, size, colour, True)
    shade = TEXT.get(text, size, (15, 12, 10), True)
    if p > 0.65:  # the cached surfaces are shared: fade copies
        alpha = int(255 * (1.0 - (p - 0.65) / 0.35))
        img, shade = img.copy(), shade.copy()
        img.set_alpha(alpha)
        shade.set_alpha(alpha)
    r = img.get_rect(center=(int(x), int(y)))
    surface.blit(shade, r.move(2, 2))
    surface.blit(img, r)


def draw_ghost(surface: pygame.Surface, image: pygame.Surface, src, dst, p: float, fade_from: float = 0.35) -> None:
    """A dead card: still at its place, then fading and shrinking on its way to the graveyard."""
    q = 0.0 if p < fade_from else (p - fade_from) / (1.0 - fade_from)
    e = ease_in_out(q)
    x = src[0] + (dst[0] - src[0]) * e
    y = src[1] + (dst[1] - src[1]) * e
    img = image
    if q > 0:
        scale = 1.0 - 0.55 * e
        w, h = image.get_size()
        img = pygame.transform.smoothscale(image, (max(1, int(w * scale)), max(1, int(h * scale))))
    img.set_alpha(int(255 * (1.0 - e)))
    surface.blit(img, img.get_rect(center=(int(x), int(y))))
    image.set_alpha(None)


def held_wounds(timeline: Timeline) -> dict[int, int]:
    """Wounds per card that the animation has not landed yet (``("wounds", card, n)`` held; a healing is −n)."""
    out: dict[int, int] = {}
    for item in timeline.held():
        if isinstance(item, tuple) and item[0] == "wounds":
            out[item[1]] = out.get(item[1], 0) + item[2]
    return out


def held_events(timeline: Timeline) -> set[int]:
    """The ids of the events whose lines the animation has not reached yet (``("event", event)`` held: the
    record kept, so its id names no other while it is held)."""
    return {id(item[1]) for item in timeline.held() if isinstance(item, tuple) and item[0] == "event"}


def draw_word(surface: pygame.Surface, text: str, colour, center, p: float, size: int) -> None:
    """A short word over a card — what absorbed a blow («Броня», «Блок») — rising a little, then fading."""
    if p <= 0:
        return
    img = TEXT.get(text, size, colour, True)
    shade = TEXT.get(text, size, (15, 12, 10), True)
    rise = int(ease_out(min(1.0, p / 0.5)) * size * 0.8)
    if p > 0.7:
        alpha = int(255 * (1.0 - (p - 0.7) / 0.3))
        img, shade = img.copy(), shade.copy()
        img.set_alpha(alpha)
        shade.set_alpha(alpha)
    pad = max(2, size // 5)
    r = img.get_rect(center=(int(center[0]), int(center[1]) - rise))
    back = pygame.Surface(r.inflate(2 * pad, pad).size, pygame.SRCALPHA)
    back.fill((14, 12, 18, int(170 * (img.get_alpha() or 255) / 255)))
    surface.blit(back, r.inflate(2 * pad, pad))
    surface.blit(shade, r.move(1, 1))
    surface.blit(img, r)


def draw_banner(surface: pygame.Surface, text: str, p: float, center: tuple[int, int], size: int,
                colour=(245, 214, 130)) -> None:
    """A turn's banner: slides in, stays, fades out."""
    if p <= 0:
        return
    a = min(1.0, p / 0.18, (1.0 - p) / 0.25)
    img = TEXT.get(text, size, colour, True)
    pad = size // 2
    band = pygame.Rect(0, 0, img.get_width() + 4 * pad, img.get_height() + pad)
    slide = int((1.0 - ease_out(min(1.0, p / 0.18))) * size * 2)
    band.center = (center[0] - slide, center[1])
    back = pygame.Surface(band.size, pygame.SRCALPHA)
    back.fill((14, 12, 18, int(215 * a)))
    pygame.draw.rect(back, (*colour, int(255 * a)), back.get_rect(), max(2, size // 12))
    surface.blit(back, band)
    if a < 1.0:
        img = img.copy()
        img.set_alpha(int(255 * a))
    surface.blit(img, img.get_rect(center=band.center))
