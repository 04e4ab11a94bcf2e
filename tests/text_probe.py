"""Run ``main.py`` with every way the client puts text on screen wrapped, and write down what it drew.

``python tests/text_probe.py OUT.jsonl main.py-arguments…``: pygame's ``Font.render`` (the client's text,
ui/fonts.py), pygame_gui's fonts (every widget's text) and Pillow's ``ImageDraw.text`` (the «Герои» card faces)
each note the text with the place in the client that asked for it, one JSON object a line. It runs in a fresh
interpreter, so no cache of an earlier test hides a text that this run would draw.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(ROOT))

DRAWN: dict[str, str] = {}  # text -> where the client asked for it (the first time)


def _where() -> str:
    """The innermost frame of the project's own code (not the font wrappers, pygame or pygame_gui)."""
    for frame in reversed(traceback.extract_stack()[:-2]):
        path = Path(frame.filename)
        if ROOT in path.parents and ".venv" not in path.parts and path.name not in ("text_probe.py", "fonts.py"):
            return f"{path.relative_to(ROOT)}:{frame.lineno}"
    return "?"


def note(text) -> None:
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    if isinstance(text, str) and text and text not in DRAWN:
        DRAWN[text] = _where()


def install() -> None:
    """Wrap pygame's, pygame_gui's and Pillow's text drawing (before the client makes a font)."""
    import pygame
    from PIL import ImageDraw
    from pygame_gui.core import gui_font_freetype, gui_font_pygame

    class Font(pygame.font.Font):
        def render(self, text, *args, **kwargs):
            note(text)
            return super().render(text, *args, **kwargs)

    pygame.font.Font = Font
    for cls in (gui_font_pygame.GUIFontPygame, gui_font_freetype.GUIFontFreetype):
        for name in ("render_premul", "render_premul_to"):
            original = getattr(cls, name)

            def wrapped(self, text, *args, _original=original, **kwargs):
                note(text)
                return _original(self, text, *args, **kwargs)

            setattr(cls, name, wrapped)
    for name in ("text", "multiline_text"):
        original = getattr(ImageDraw.ImageDraw, name)

        def drawn(self, xy, text, *args, _original=original, **kwargs):
            note(text)
            return _original(self, xy, text, *args, **kwargs)

        setattr(ImageDraw.ImageDraw, name, drawn)


def main(argv: list[str]) -> int:
    out, args = Path(argv[0]), argv[1:]
    install()
    import main as client

    code = client.main(args)
    with open(out, "w", encoding="utf-8") as f:
        for text, where in DRAWN.items():
            f.write(json.dumps({"text": text, "where": where}, ensure_ascii=False) + "\n")
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
