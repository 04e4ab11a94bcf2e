"""How quick the player's-files page («Мои карты» → the skipped files) opens when a card file is full of
broken cards, at 1280×720 (dummy video driver), in a temporary home.

One card file of the player's under the 1 MiB limit holds ``--cards`` broken cards (default 55,000: each a
``[[card]]`` table with a number for an id and nothing else). The card browser is opened from the menu (the loader
reads the file: ``browser_open_s``), then its files button is clicked as a player does, and the page's first
frame drawn (``files_page_open_s``, wall time). Prints::

    broken_cards=              how many broken cards the file holds
    files=                     over how many files they are spread (``--files``, default 1)
    file_bytes=                the largest file's size (at most 1 MiB, the limit of a card file)
    browser_open_s=            the menu's «Мои карты» clicked until the browser's first frame (the pool read)
    files_page_open_s=         the files button clicked until the page's first frame (target: under 1 s)
    files_page_peak_mb=        the process's peak memory when the page is shown (target: under 300 MB)
    files_page_peak_rise_mb=   how much of it the page added over the browser's
    check_folder_s=            ``python -m engine.cards check`` of the folder (engine.content.check_folder), CPU
    check_folder_tenth_s=      the same with a tenth of the broken cards: about a tenth of the time, the
                               loader being linear

``--cards 5000`` and up show how it grows.
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

MIB = 1 << 20


def broken_cards(n: int) -> str:
    """``n`` card tables, each with a number for an id and no other field: n broken cards (15 bytes each, so
    that 55,000 fit in a card file's 1 MiB)."""
    return "".join(f"[[card]]\nid={i}\n" for i in range(n))


def peak_mb() -> float:
    """This process's peak resident memory (VmHWM), in MB; -1 where /proc cannot say."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            return next(int(line.split()[1]) / 1024 for line in status if line.startswith("VmHWM:"))
    except (OSError, StopIteration):
        return -1.0


def reset_peak() -> None:
    """Start counting the peak again from now (Linux: writing 5 to clear_refs); no-op elsewhere."""
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as refs:
            refs.write("5")
    except OSError:
        pass


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, default=55_000, help="broken cards in the one file (default 55,000)")
    ap.add_argument("--files", type=int, default=1, help="spread them over this many files (default 1)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="berserk-bench-") as home:
        os.environ["BERSERK_TABLE_HOME"] = home
        from saves.paths import user_cards_dir
        from tests.ui_support import make_app, menu_button, show
        from ui.scenes.menu import MenuScene
        from ui.testing import Input

        folder = user_cards_dir(create=True)
        size = 0
        for k in range(args.files):
            text = broken_cards(args.cards // args.files + (k < args.cards % args.files))
            (folder / f"broken{k}.toml").write_text(text, encoding="utf-8")
            size = max(size, len(text.encode()))
        if size > MIB:
            sys.exit(f"{args.cards} cards take {size} bytes, over the 1 MiB limit of a card file")
        app = make_app(Path(home) / "saves")
        person = Input(app, draw_every=0)
        show(app, MenuScene(app), person)
        started = time.perf_counter()
        person.press(menu_button(app, "cards"))
        browser = app.scene
        browser.draw(app.screen)
        browser_s = time.perf_counter() - started
        before = peak_mb()
        reset_peak()
        started = time.perf_counter()
        person.press(browser.files_b)
        page = app.scene
        page.draw(app.screen)
        page_s = time.perf_counter() - started
        peak = peak_mb()
        assert type(page).__name__ == "OwnCardsScene", page
        print(f"broken_cards={args.cards}")
        print(f"files={args.files}")
        print(f"file_bytes={size}")
        print(f"browser_open_s={browser_s:.2f}")
        print(f"files_page_open_s={page_s:.3f}")
        print(f"files_page_peak_mb={max(before, peak):.0f}")
        print(f"files_page_peak_rise_mb={max(0.0, peak - before):.0f}")
        from engine.content import check_folder
        from engine.heroes.pool import CardPool

        base = CardPool()  # the cards of the folder are checked on their own: it is their count that matters
        for name, n in (("check_folder_s", args.cards), ("check_folder_tenth_s", args.cards // 10)):
            for old in folder.glob("*.toml"):
                old.unlink()
            (folder / "broken.toml").write_text(broken_cards(n), encoding="utf-8")
            started = time.process_time()
            report = check_folder(folder, base)
            print(f"{name}={time.process_time() - started:.2f}")
            assert len(report.errors) == n, (len(report.errors), n)


if __name__ == "__main__":
    main()
