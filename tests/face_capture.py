"""What words a face draws, and where: the tests of the card faces draw a face with the text drawing of pygame
(surfaces made by ``ui.fonts.TEXT`` blitted onto the face) and of Pillow (``ImageDraw.text``) recorded, then
read the words back — a name cut with «…», clipped by the face's edge or missing a piece fails there.

The pictures, the «Герои» faces' grained bodies and their element emblems are left out of these drawings,
and Pillow's letters are placed but not rasterised: they hold no words or only where the words go, and
drawing them for every card at every size would make the test slow."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import dataclass, field

import pygame
from PIL import Image, ImageDraw


@dataclass
class Drawn:
    """The words drawn onto one face: (text, where) in the face's own pixels."""

    texts: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    size: tuple[int, int] = (0, 0)  # the image's (Pillow: drawn this large, then scaled down)


class _Recorder:
    def __init__(self) -> None:
        self.names: dict[int, tuple[str, pygame.Surface]] = {}  # text surfaces the cache made: id -> (text, it)
        self.onto: dict[int, Drawn] = {}  # faces being drawn: id(surface) -> what was drawn on it
        self.pil: dict[int, Drawn] = {}


_rec = _Recorder()


class _Surface(pygame.Surface):
    """A surface that notes each text surface blitted onto it."""

    def __init__(self, *args, **kw) -> None:
        super().__init__(*args, **kw)
        _rec.onto.pop(id(self), None)  # a new surface where an old one was: none of its words

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        got = _rec.names.get(id(source))
        if got is not None and got[1] is source:
            d = _rec.onto.setdefault(id(self), Drawn())
            at = pygame.Rect(dest) if len(dest) == 4 else pygame.Rect(dest[0], dest[1], *source.get_size())
            d.texts.append((got[0], pygame.Rect(at.topleft, source.get_size())))
        if area is None:
            return super().blit(source, dest, special_flags=special_flags)
        return super().blit(source, dest, area, special_flags)


@contextlib.contextmanager
def recording(monkeypatch) -> Iterator[_Recorder]:
    """Record the words drawn onto faces (pygame's and Pillow's) until the block ends; pictures left out."""
    from ui import art
    from ui.classic import faces
    from ui.fonts import TEXT
    from ui.heroes import cards

    plain_get = TEXT.get

    def get(text, size, colour=(230, 230, 230), bold=False):
        surf = plain_get(text, size, colour, bold)
        _rec.names[id(surf)] = (text, surf)
        return surf

    def text(self, xy, txt, fill=None, font=None, anchor=None, *args, **kw):
        """Noted where Pillow would draw it: its advance across, its line's ascent and descent down (its letters
        are not rasterised: where they go is what counts)."""
        w = font.getlength(txt)
        ascent, descent = font.getmetrics()
        h, (ax, ay) = ascent + descent, (anchor or "la")
        x = xy[0] - (w / 2 if ax == "m" else w if ax == "r" else 0)
        y = xy[1] - (h / 2 if ay == "m" else ascent if ay == "s" else h if ay == "d" else 0)
        _rec.pil.setdefault(id(self.im), Drawn(size=tuple(self.im.size))).texts.append(
            (txt, pygame.Rect(int(x), int(y), int(w + 0.999), int(h))))

    def panel_surface(art_name, source, w, h, colours):
        s = pygame.Surface((int(w), int(h)), pygame.SRCALPHA)
        s.fill((*colours[0], 255))
        return s

    def panel(art_name, source, w, h, colours, portrait=False):
        return Image.new("RGBA", (int(w), int(h)), (*colours[0], 255))

    plain_resize = Image.Image.resize

    def resize(self, size, resample=None, *args, **kw):  # a face drawn larger, scaled down: its words are noted
        return plain_resize(self, size, Image.NEAREST)

    monkeypatch.setattr(Image.Image, "resize", resize)
    monkeypatch.setattr(TEXT, "get", get)
    monkeypatch.setattr(pygame, "Surface", _Surface)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    monkeypatch.setattr(ImageDraw.ImageDraw, "rounded_rectangle", lambda self, *a, **k: None)  # frames: no words
    monkeypatch.setattr(faces, "panel_surface", panel_surface)
    monkeypatch.setattr(cards, "panel", panel)
    monkeypatch.setattr(cards, "_body", lambda *a, **k: None)  # the grained body and the element emblems:
    monkeypatch.setattr(cards, "_emblems", lambda *a, **k: None)  # no words there
    monkeypatch.setattr(art, "panel_surface", panel_surface)
    _rec.names.clear()
    _rec.onto.clear()
    _rec.pil.clear()
    try:
        yield _rec
    finally:
        _rec.names.clear()
        _rec.onto.clear()
        _rec.pil.clear()


def drawn_on(surface: pygame.Surface) -> Drawn:
    """What was drawn onto a pygame face while recording (then forgotten)."""
    return _rec.onto.pop(id(surface), Drawn())


def drawn_by_pillow() -> list[Drawn]:
    """What Pillow drew while recording, image by image (then forgotten)."""
    out = list(_rec.pil.values())
    _rec.pil.clear()
    return out


def letters(text: str) -> str:
    """A text's letters: spaces, line breaks and the hyphens of a broken word aside."""
    return "".join(text.split()).replace("-", "")


def cut_name(name: str, drawn: Drawn, bounds: pygame.Rect) -> str | None:
    """Why ``name`` is not whole among the words ``drawn`` inside ``bounds`` (None when it is): a run of
    drawn lines that together say it, every line inside the face, none ending in «…»."""
    want = letters(name)
    texts = drawn.texts
    each = [letters(t) for t, _ in texts]
    for i in range(len(texts)):
        got = ""
        for j in range(i, len(texts)):
            got += each[j]
            if not want.startswith(got):
                break
            if got == want:
                run = texts[i:j + 1]
                if any("…" in t for t, _ in run):
                    return f"{name!r} ends in «…»: {[t for t, _ in run]}"
                out = [t for t, r in run if not bounds.contains(r)]
                if out:
                    return f"{name!r}: {out} drawn past the face's edge {bounds} ({[r for _, r in run]})"
                return None
    return f"{name!r} is not whole on the face: drawn {[t for t, _ in texts]}"
