"""How quick «Мои карты» and the deck builder are at 1280×720 (dummy video driver), in a temporary home.

Prints::

    browser_first_frame_ms=   the card browser's first frame, «Герои» faces drawn for the first time
    browser_frame_ms=         a later frame (faces cached)
    browser_scroll_all_ms=    the wheel through every card to the end, each step drawn (every face rendered)
    builder_frame_ms=         the deck builder's frame with a 40-card deck (its checks, curve and list)
    classic_builder_first_frame_ms=  the classic deck builder's first frame

No target is set; a frame under 16 ms keeps the screen at 60 fps once the faces are drawn.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def ms(f) -> float:
    t = time.perf_counter()
    f()
    return (time.perf_counter() - t) * 1000


def main() -> None:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    with tempfile.TemporaryDirectory(prefix="berserk-bench-") as home:
        os.environ["BERSERK_TABLE_HOME"] = home
        from tests.ui_support import make_app
        from ui.registry import make_scene

        app = make_app(Path(home) / "saves")
        browser = make_scene(app, "cards", game="heroes")
        app.switch(browser)
        print(f"browser_first_frame_ms={ms(lambda: browser.draw(app.screen)):.1f}")
        print(f"browser_frame_ms={ms(lambda: browser.draw(app.screen)):.2f}")

        def scroll() -> None:
            while browser.grid.scroll < browser.grid.max_scroll():
                browser.grid.wheel(-2)
                browser.draw(app.screen)

        print(f"browser_scroll_all_ms={ms(scroll):.0f}")
        builder = make_scene(app, "deckbuilder", game="heroes")
        app.switch(builder)
        ready = builder.kit.ready_decks()[0]
        builder.start_from("ready:" + ready.id, ready)
        builder.draw(app.screen)
        print(f"builder_frame_ms={ms(lambda: builder.draw(app.screen)):.2f}")
        classic = make_scene(app, "deckbuilder", game="classic")
        app.switch(classic)
        print(f"classic_builder_first_frame_ms={ms(lambda: classic.draw(app.screen)):.1f}")


if __name__ == "__main__":
    main()
