"""The client in English: no Russian on any screen except what a player wrote (names typed, card data of their
own); the words an English player reads where the Russian ones were (the computer's seat, the markers' letters,
«Life», the game's name in the saves list, a close look that does not say an ability twice)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.ui_support import look, make_app, menu_button, show

ROOT = Path(__file__).resolve().parent.parent
CYRILLIC = re.compile("[\u0400-\u04ff]")


@contextmanager
def drawn_texts():
    """Every text the client's own drawing (ui/fonts.py's TEXT) asks for while the block runs."""
    from ui.fonts import TEXT

    seen: list[str] = []
    get = TEXT.get

    def noting(text, *args, **kwargs):
        seen.append(text)
        return get(text, *args, **kwargs)

    TEXT.get = noting  # type: ignore[method-assign]
    try:
        yield seen
    finally:
        del TEXT.get  # the class's method again


@pytest.fixture(scope="module")
def english_screens(tmp_path_factory) -> list[dict]:
    """What ``main.py --screenshot --lang en`` drew, every text with where it came from (tests/text_probe.py:
    pygame's, pygame_gui's and Pillow's text drawing wrapped, in a fresh interpreter)."""
    tmp = tmp_path_factory.mktemp("english")
    out = tmp / "drawn.jsonl"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", BERSERK_TABLE_HOME=str(tmp / "home"))
    result = subprocess.run([sys.executable, str(ROOT / "tests" / "text_probe.py"), str(out), "--screenshot",
                             str(tmp / "shots"), "--lang", "en", "--size", "1280x720"], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=240)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-4000:]
    return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]


def test_no_english_screen_draws_russian_that_no_player_wrote(english_screens):
    """The pictures' players are named in English and they play the built-in cards, so nothing on any of them
    was written by a player: every Cyrillic letter drawn is the client's own (a literal, a key missing in
    en.toml, a Russian default)."""
    texts = {d["text"] for d in english_screens}
    assert len(texts) > 500 and "New game" in texts, "the probe saw the screens' texts"
    assert any("Cu" == t or t.startswith("P") for t in texts)
    russian = sorted((d["where"], d["text"]) for d in english_screens if CYRILLIC.search(d["text"]))
    assert not russian, "\n".join(f"{where}: {text!r}" for where, text in russian[:40])


def test_english_says_life_not_lives_on_the_faces(english_screens):
    lives = [d for d in english_screens if re.search(r"\bLives \d", d["text"])]
    assert not lives, lives[:5]


def test_the_computer_seat_and_the_markers_are_english(home):
    from ui.scenes.setup import SetupScene
    from ui.screenshots import against_computer

    app = make_app(home / "saves", lang="en")
    setup = SetupScene(app)
    setup.kinds[1] = "easy"
    assert setup._default_name(1) == "Computer"
    assert against_computer(app)[1] == "Computer"
    from ui.classic import markers

    class Marked:
        chips, poison, extra_lives, blessed, cursed, lost, tokens, retreating = 1, 2, 0, True, True, False, 3, True

    shown = [text for text, _ in markers.marks(Marked(), app.tr)]
    assert shown == ["C1", "P2", "B", "Cu", "T3", "R"] and not CYRILLIC.search(markers.letters(app.tr))


def test_the_saves_list_names_a_classic_game_as_the_menus_do(home, person, app):
    """A classic save said «classic» (its file's code for the game) in both languages."""
    import random

    from ui import storage
    from ui.classic import content
    from ui.scenes.load import LoadScene
    from ui.scripted import advance

    for lang, name in (("en", "Berserk (classic)"), ("ru", "Берсерк (классика)")):
        saves = home / f"saves-{lang}"
        ds = content.decks()
        s = content.start_full_session((ds[1], ds[2]), ("Anna", "Boris"), 5)
        advance(s, random.Random(5), lambda g: g.turn >= 2, limit=400)
        storage.write(s, "manual", "classic game", saves)
        app2 = make_app(saves, lang=lang)
        from ui.testing import Input

        inp = Input(app2, draw_every=0)
        with drawn_texts() as seen:
            show(app2, LoadScene(app2), inp)
            look(inp)
        assert any(name in t for t in seen), seen
        assert not any(re.search(r"·\s*classic\b", t) for t in seen), "the game's code no more"


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_close_look_says_an_act_once_not_again_as_its_reminder(home, lang):
    """An ability whose reminder is its own words (an act: «Закрыться: воздействие — …») was its heading and,
    again, the text under it."""
    from ui.scenes.cards import CardsScene
    from ui.scenes.menu import MenuScene
    from ui.testing import Input

    app = make_app(home / "saves", lang=lang)
    person = Input(app, draw_every=0)
    show(app, MenuScene(app), person)
    person.press(menu_button(app, "cards"))
    browser = app.scene
    assert isinstance(browser, CardsScene)
    person.choose(browser.game_menu, app.tr("classic.game_classic"))
    scene = app.scene
    kit = scene.kit
    acts = [e for e in kit.cards() if any(not body for head, body in kit.zoom_lines(e.id, app.tr)[1:])]
    assert acts, "cards whose abilities say themselves"
    person.press(scene.bar.search)
    target = acts[0]
    person.type(app.tr.name(target.name))
    card, rect = next((c, r) for c, r in scene.grid.visible() if c.id == target.id)
    with drawn_texts() as seen:
        person.right_click(rect.center)
        assert scene.zoom == card.id
        look(person)
    drawn = " ".join(seen)  # the close look's lines as wrapped, in the order drawn
    said_once = [head.rstrip(".") for head, body in kit.zoom_lines(card.id, app.tr)[1:] if head and not body]
    for words in said_once:
        assert drawn.count(words) == 1, (words, drawn.count(words))
