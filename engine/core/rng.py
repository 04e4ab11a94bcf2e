"""Seeded randomness kept inside the game state (splitmix64: tiny, fast, JSON-friendly)."""

from __future__ import annotations

from typing import Final

from engine.core.compiled import mypyc_attr

_MASK: Final = (1 << 64) - 1


# Compiled with the rules (tools/compile_rules.py): a game draws from it for every shuffle and die.
# Classic's scripted dice (engine/classic/position.py) subclass it; saves write its state, not the object.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class Rng:
    """A deterministic generator whose whole state is one 64-bit integer."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) without modulo bias (CR 525.1)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def to_json(self) -> str:
        return format(self.state, "016x")

    @classmethod
    def from_json(cls, text: str) -> Rng:
        return cls(int(text, 16))
