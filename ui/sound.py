"""Short sound effects, synthesised here with the standard library, played through pygame.mixer.

Why made in memory (``wave`` into a buffer) rather than files: nothing binary in the repository and
nothing written to the player's disk; all eight effects take about 0.15 s of CPU to make, once a run. A
windowed app makes them on a background thread while the menu shows (:meth:`SoundBoard.warm`), so no
frame waits for them; one played before that is made at its first use. ``tools/make_sounds.py DIR``
writes the same effects as .wav files to listen to them.

Volume and mute are the player's settings (ui/settings.py), read at every play, so the Settings screen
changes them at once. Without sound (SDL_AUDIODRIVER=dummy, no audio device, the mixer refusing to
start) every call is a silent no-op: nothing raises. ``played`` and ``muted`` count the requests, for
tests and for the curious.
"""

from __future__ import annotations

import io
import math
import random
import threading
import wave
from array import array
from collections import Counter
from collections.abc import Callable
from functools import lru_cache

RATE = 22050
NAMES = ("card", "strike_light", "strike_heavy", "dice", "death", "turn", "victory", "defeat")
GAIN = {"card": 0.55, "strike_light": 0.7, "strike_heavy": 0.9, "dice": 0.9, "death": 0.7, "turn": 0.5,
        "victory": 0.6, "defeat": 0.6}


# ---------------------------------------------------------------------- synthesis (pure, no pygame)
def _env(i: int, n: int, attack: float = 0.005, power: float = 2.0) -> float:
    """An envelope: a quick rise, then a decay to silence at the end."""
    t = i / RATE
    if t < attack:
        return t / attack
    return max(0.0, 1.0 - i / n) ** power


def _tone(freq0: float, freq1: float, length: float, *, noise: float = 0.0, power: float = 2.0,
          seed: int = 1, harmonics: tuple[float, ...] = (1.0,)) -> list[float]:
    """A tone sliding from ``freq0`` to ``freq1`` with some noise mixed in, decaying over ``length`` s."""
    rng = random.Random(seed)
    n = int(RATE * length)
    out = []
    phase = 0.0
    for i in range(n):
        f = freq0 + (freq1 - freq0) * (i / n)
        phase += 2 * math.pi * f / RATE
        v = sum(h * math.sin(phase * (k + 1)) for k, h in enumerate(harmonics)) / sum(harmonics)
        if noise:
            v = v * (1 - noise) + (rng.random() * 2 - 1) * noise
        out.append(v * _env(i, n, power=power))
    return out


def _notes(freqs: tuple[float, ...], step: float, ring: float) -> list[float]:
    """Bell-like notes one after another, each ringing over the next."""
    n = int(RATE * (step * (len(freqs) - 1) + ring))
    out = [0.0] * n
    for k, f in enumerate(freqs):
        start = int(RATE * step * k)
        note = _tone(f, f, ring, power=3.0, harmonics=(1.0, 0.35, 0.12))
        for i, v in enumerate(note):
            if start + i < n:
                out[start + i] += v * 0.6
    return out


def _clicks(times: tuple[float, ...], length: float, seed: int = 7) -> list[float]:
    """Dice on a table: short knocks of filtered noise."""
    rng = random.Random(seed)
    n = int(RATE * length)
    out = [0.0] * n
    for k, t in enumerate(times):
        start = int(RATE * t)
        m = int(RATE * 0.035)
        prev = 0.0
        for i in range(m):
            if start + i >= n:
                break
            prev = prev * 0.55 + (rng.random() * 2 - 1) * 0.45  # a low-passed knock, not a hiss
            wobble = math.sin(2 * math.pi * (900 + 140 * k) * i / RATE)
            out[start + i] += (prev * 0.7 + wobble * 0.3) * (1 - i / m) ** 2 * (1.0 - 0.12 * k)
    return out


def samples(name: str) -> list[float]:
    """The effect ``name`` as samples in -1..1 (RATE per second, mono)."""
    if name == "card":
        return _tone(1400, 500, 0.12, noise=0.7, power=2.5, seed=2)
    if name == "strike_light":
        return _tone(190, 90, 0.16, noise=0.35, power=2.0, seed=3)
    if name == "strike_heavy":
        return _tone(120, 40, 0.32, noise=0.45, power=1.6, seed=4, harmonics=(1.0, 0.5))
    if name == "dice":
        return _clicks((0.0, 0.09, 0.16, 0.27, 0.33, 0.41), 0.5)
    if name == "death":
        base = _tone(420, 110, 0.65, noise=0.1, power=1.5, seed=5, harmonics=(1.0, 0.3))
        return [v * (0.75 + 0.25 * math.sin(2 * math.pi * 9 * i / RATE)) for i, v in enumerate(base)]
    if name == "turn":
        return _notes((659.3, 880.0), 0.12, 0.45)
    if name == "victory":
        return _notes((523.3, 659.3, 784.0, 1046.5), 0.13, 0.55)
    if name == "defeat":
        return _notes((392.0, 311.1, 261.6), 0.22, 0.6)
    raise KeyError(f"no sound {name!r}; known: {', '.join(NAMES)}")


@lru_cache(maxsize=len(NAMES))
def wav_bytes(name: str) -> bytes:
    """The effect as a 16-bit mono WAV file in memory."""
    pcm = array("h", (int(max(-1.0, min(1.0, v)) * 30000) for v in samples(name)))
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())
    return buf.getvalue()


# ---------------------------------------------------------------------- playing
def _pygame_mixer():
    import pygame

    return pygame.mixer


class SoundBoard:
    """Plays the effects at the settings' volume; silent when muted or when there is no sound.

    ``mixer`` is pygame.mixer unless a test hands in another object with the same few calls
    (``get_init``, ``init``, ``Sound(file=...)``).
    """

    def __init__(self, settings, mixer: Callable[[], object] | object | None = None) -> None:
        self.settings = settings
        self._mixer = mixer
        self._state = "new"  # "ready" once the mixer started, "off" when it could not
        self._sounds: dict[str, object] = {}
        self.played: Counter[str] = Counter()
        self.muted: Counter[str] = Counter()

    def warm(self) -> None:
        """Make every effect on a background thread (pure computation, kept for the run)."""
        threading.Thread(target=lambda: [wav_bytes(n) for n in NAMES], name="sounds", daemon=True).start()

    @property
    def volume(self) -> float:
        try:
            v = float(self.settings.volume)
        except (TypeError, ValueError, AttributeError):
            return 0.0
        return 0.0 if getattr(self.settings, "mute", False) else min(1.0, max(0.0, v))

    def _ready(self):
        mixer = self._mixer if self._mixer is not None else None
        if self._state == "off":
            return None
        try:
            if mixer is None:
                mixer = _pygame_mixer()
            if not mixer.get_init():
                self._sounds.clear()  # sounds of a mixer that was shut down are no use
                mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
            self._state = "ready"
            return mixer
        except Exception:  # no device, no driver, a mixer that will not start: the game goes on silent
            self._state = "off"
            return None

    def play(self, name: str) -> bool:
        """Play ``name`` (one of NAMES); False when nothing was heard (muted, volume 0, no sound)."""
        if name not in GAIN:
            raise KeyError(f"no sound {name!r}; known: {', '.join(NAMES)}")
        vol = self.volume
        if vol <= 0:
            self.muted[name] += 1
            return False
        mixer = self._ready()
        if mixer is None:
            return False
        try:
            snd = self._sounds.get(name)
            if snd is None:
                snd = self._sounds[name] = mixer.Sound(file=io.BytesIO(wav_bytes(name)))
            snd.set_volume(vol * GAIN[name])
            snd.play()
        except Exception:
            self._state = "off"
            return False
        self.played[name] += 1
        return True


def end_sound(winner: int | None, humans: list[int]) -> str:
    """The game's last sound: a victory when a person at the table won (or, with no person, anyone won);
    a defeat when the one person lost, and for a draw."""
    if winner is None:
        return "defeat"
    return "victory" if not humans or winner in humans else "defeat"


class NoSound:
    """What scenes get when the app has no sound board (a bare test harness)."""

    played: Counter[str] = Counter()

    def play(self, name: str) -> bool:
        return False


def board_of(app) -> SoundBoard | NoSound:
    """The app's sound board (a scene asks through this, so an app without one stays silent)."""
    return getattr(app, "sound", None) or NoSound()
