"""Motion and sound as a person meets them, raw input only (ui.testing.Input and the tables' drivers): an
attack plays its animation over a state that is already final, a click ends it at once, animation off
shows none; the sounds follow volume and mute (a fake mixer stands in for the sound card)."""

from __future__ import annotations

import io
import random
import wave

import pygame
import pytest

from engine.classic import actions as A
from engine.heroes import actions as HA
from tests.ui_support import classic_table, look, make_app, show
from ui.classic import content
from ui.classic.testing import Driver
from ui.heroes.scene import TableScene
from ui.heroes.testing import Driver as HeroesDriver
from ui.scripted import advance
from ui.session import quick_session
from ui.settings import Settings
from ui.sound import NAMES, SoundBoard
from ui.testing import Input

SEED = 8


class FakeMixer:
    """pygame.mixer's few calls the sound board makes; what was played is kept."""

    def __init__(self, fail: bool = False) -> None:
        self.fail = fail
        self.started = False
        self.plays: list[tuple[int, float]] = []  # (frames in the WAV handed over, volume)

    def get_init(self):
        return (22050, -16, 1) if self.started else None

    def init(self, **kw) -> None:
        if self.fail:
            raise pygame.error("no audio device")
        self.started = True

    def Sound(self, file):  # noqa: N802 - pygame's name
        with wave.open(file, "rb") as w:  # the board hands over a real WAV file
            frames = w.getnframes()
            assert w.getnchannels() == 1 and w.getsampwidth() == 2 and frames > 0
        mixer = self

        class _Sound:
            volume = 1.0

            def set_volume(self, v: float) -> None:
                self.volume = v

            def play(self) -> None:
                mixer.plays.append((frames, self.volume))

        return _Sound()


def _fight_now(g) -> bool:
    """A main phase where a strike rolls the dice and lands at once (no defender asked, no answer)."""
    if getattr(g.pending, "kind", None) != "main" or g.turn < 2:
        return False
    return _one_step_strike(g) is not None


def _one_step_strike(g):
    for a in g.legal_actions():
        if isinstance(a, A.Strike):
            trial = g.clone()
            kinds = {ev.kind for ev in trial.apply(a)}
            if {"die", "hit", "wounded"} <= kinds and getattr(trial.pending, "kind", None) == "main":
                return a
    return None


def strike_table(app, person):
    """A hot-seat classic table where a strike lands at once, on screen, its curtain lifted by a click of
    ``person`` (None: of a mouse like the returned driver's)."""
    s = content.start_session(list(content.squads()[:2]), ("Аня", "Борис"), SEED)
    assert advance(s, random.Random(SEED), _fight_now, limit=600), "no strike that lands at once"
    table = classic_table(app, person or Input(app, dt=0.05, draw_every=0), s)
    return table, Driver(table, draw_every=0)


def quiet_spot(L) -> tuple[int, int]:
    """The prompt strip's words: a click there does nothing but end the animations."""
    return L.prompt.x + L.sc(20), L.prompt.centery


@pytest.mark.parametrize("how", ["click", "key"])
def test_a_classic_strike_animates_over_the_final_state_and_a_click_skips_it(home, how):
    app = make_app(home / "saves", settings=Settings(anim_speed=1.0))
    table, d = strike_table(app, None)
    g = table.game
    act = _one_step_strike(g)
    wounds = g.creatures[act.target].wounds
    d.perform(act, way="drag")
    assert table.session.history[-1].action == act
    # the state is final at once: the target is wounded and the attacker tapped (2007 6.4.4) ...
    assert g.creatures[act.target].wounds > wounds or g.creatures[act.target].zone != "board"
    assert g.creatures[act.attacker].tapped
    # ... while the dice still roll and the blow, the wounds and the turn of the card are to come
    kinds = {e.kind for e in table.motion.timeline.effects}
    assert {"dice", "lunge", "fly", "tilt"} <= kinds, kinds
    mid = look(d.input).copy()
    if how == "click":
        d.input.click(quiet_spot(table.view.L))
    else:
        d.input.key(pygame.K_LSHIFT)  # any key: one that does nothing else
    assert not table.motion.busy and table.session.history[-1].action == act, "the click only ended the show"
    done = look(d.input).copy()
    assert mid.get_view("2").raw != done.get_view("2").raw, "the dice and the blow were on the screen"
    d.input.wait(3.0)
    assert look(d.input).get_view("2").raw == done.get_view("2").raw, "after the click the screen is the state"


def test_the_classic_animation_plays_out_by_itself(home):
    app = make_app(home / "saves", settings=Settings(anim_speed=2.0))
    table, d = strike_table(app, None)
    act = _one_step_strike(table.game)
    d.perform(act, way="click")
    d.input.wheel(-1)  # the wheel, as pygame also reports it (button 4): not a click, the show goes on
    d.input.post(pygame.MOUSEBUTTONDOWN, pos=d.input.pos, button=4)
    d.input.post(pygame.MOUSEBUTTONUP, pos=d.input.pos, button=4)
    assert table.motion.busy
    seen: set[str] = set()
    t = 0.0
    while table.motion.busy and t < 10:
        seen |= {e.kind for e, _ in table.motion.timeline.running("lunge") + table.motion.timeline.running("fly")}
        look(d.input)  # every stage is drawn without an error
        d.input.frame(1, dt=0.05)
        t += 0.05
    assert not table.motion.busy and t < 4, "two seconds of effects at double speed"
    assert seen == {"lunge", "fly"}


def test_with_animation_off_nothing_moves(home):
    app = make_app(home / "saves", settings=Settings(anim_speed=0.0))
    table, d = strike_table(app, None)
    act = _one_step_strike(table.game)
    d.perform(act, way="drag")
    assert table.session.history[-1].action == act
    assert not table.motion.busy and not table.motion.timeline.effects
    first = look(d.input).copy()
    d.input.wait(2.0)
    assert look(d.input).get_view("2").raw == first.get_view("2").raw


def _heroes_attack_ready(g) -> bool:
    return getattr(g.pending, "kind", None) == "main" and g.turn >= 3 and any(
        isinstance(a, HA.Attack) for a in g.legal_actions())


@pytest.mark.parametrize("speed", [1.0, 0.0])
def test_a_heroes_attack_lunges_and_wounds_fly_unless_animation_is_off(home, speed):
    app = make_app(home / "saves", settings=Settings(anim_speed=speed))
    session = quick_session(seed=2)
    assert advance(session, random.Random(2), _heroes_attack_ready, limit=800)
    table = TableScene(app, session, open_hands=True)
    table.autosave = False
    d = HeroesDriver(table, random.Random(2))
    show(app, table, d.input)
    g = table.game
    act = next(a for a in g.legal_actions() if isinstance(a, HA.Attack))
    d.perform(act)
    seen: set[str] = set()
    for _ in range(6):  # the defender's answer (open hands: the same screen), until the blow lands
        seen |= {e.kind for e in table.view.anim.motion.effects}
        if any(ev.kind == "strike" for _, ev in session.log[-8:]) or g.pending is None:
            break
        d.perform(g.legal_actions()[0] if not any(isinstance(a, HA.NoDefense) for a in g.legal_actions())
                   else HA.NoDefense())
    seen |= {e.kind for e in table.view.anim.motion.effects}
    assert any(ev.kind == "strike" for _, ev in session.log[-12:])
    if speed == 0:
        assert not seen and not table.view.anim.busy
        return
    assert {"lunge", "fly"} <= seen, seen
    d.click(quiet_spot(table.view.L))
    assert not table.view.anim.busy, "a click ends every effect"


def test_volume_and_mute_are_stored_and_the_mute_silences_the_table(home, person):
    from tests.ui_support import menu_button, options, shown, stored_settings
    from ui.scenes.menu import MenuScene

    app = person.app
    fake = FakeMixer()
    app.sound = SoundBoard(app.settings, mixer=fake)
    show(app, MenuScene(app), person)
    person.press(menu_button(app, "settings"))
    st = app.scene
    assert options(st.vol_menu) == ["25 %", "50 %", "75 %", "100 %"]
    person.choose(st.vol_menu, "50 %")
    assert stored_settings()["volume"] == 0.5 and shown(app.scene.vol_menu) == "50 %"
    assert fake.plays and fake.plays[-1][1] == pytest.approx(0.5 * 0.55), "a sample at the new loudness"
    assert app.scene.mute_b.text == "Звук включён"
    person.press(app.scene.mute_b)
    assert stored_settings()["mute"] is True and app.scene.mute_b.text == "Без звука"
    assert Settings.load().mute is True and Settings.load().volume == 0.5
    person.press(app.scene.back_b)
    # a strike at the table: nothing reaches the mixer while muted, but the board counts what it kept quiet
    heard = len(fake.plays)
    table, d = strike_table(app, person)
    d.perform(_one_step_strike(table.game), way="drag")
    assert len(fake.plays) == heard and app.sound.muted["dice"] >= 1
    # sound on again (the same button): the next strike is heard, dice and blow
    person.key(pygame.K_ESCAPE)
    show(app, MenuScene(app), person)
    person.press(menu_button(app, "settings"))
    person.press(app.scene.mute_b)
    assert stored_settings()["mute"] is False
    table, d = strike_table(app, person)
    d.perform(_one_step_strike(table.game), way="drag")
    assert app.sound.played["dice"] >= 1 and len(fake.plays) > heard + 1


def test_no_sound_device_is_silent_and_harmless():
    s = Settings()
    board = SoundBoard(s, mixer=FakeMixer(fail=True))
    assert all(board.play(n) is False for n in NAMES)
    assert not board.played
    with pytest.raises(KeyError, match="known"):
        board.play("trumpet")


def test_every_effect_is_a_short_wav():
    from ui.sound import wav_bytes

    for name in NAMES:
        with wave.open(io.BytesIO(wav_bytes(name)), "rb") as w:
            seconds = w.getnframes() / w.getframerate()
            assert 0.05 < seconds < 1.5, name


@pytest.mark.parametrize("name", ["table", "classic_table"])
def test_random_input_with_animations_running(home, name, monkeypatch):
    """The monkey (tests/test_ui_monkey.py) at the tables with animations on, drawn often: effects start,
    are skipped and drawn mid-way, over whatever state the random clicks made, without an error."""
    from tests.test_ui_monkey import post, random_events
    from tests.ui_support import scene_named

    app = make_app(home / "saves", settings=Settings(anim_speed=2.0))
    rng = random.Random(19)
    person = show(app, scene_named(app, name), Input(app, draw_every=3))
    scene = app.scene
    monkeypatch.setattr(app, "switch", lambda s: None)
    from ui.motion import Timeline

    started: list[str] = []
    real_add = Timeline.add
    monkeypatch.setattr(Timeline, "add", lambda self, kind, *a, **kw: (started.append(kind), real_add(self, kind, *a, **kw))[1])
    sent = 0
    while sent < 5000:
        batch: list[pygame.event.Event] = []
        while len(batch) < rng.randint(1, 6):
            batch += random_events(rng, app.size)
        post(batch, app.size)
        sent += len(batch)
        person.frame(1, rng.choice([0.016, 0.033, 0.1]))
        assert app.scene is scene
    assert scene.session.history and started, "the random clicks made moves, and so effects"


def test_the_turns_banner_waits_behind_the_curtain_and_plays_when_the_board_is_seen(home):
    app = make_app(home / "saves", settings=Settings(anim_speed=1.0))
    table, d = strike_table(app, None)
    g = table.game
    turn = g.turn
    d.input.key(pygame.K_e, unicode="e")
    assert g.turn == turn + 1 and table.curtain_for is not None, "the turn passed, the curtain fell (hot-seat)"
    d.input.wait(3.0)
    assert [e.kind for e in table.motion.timeline.effects].count("banner") == 1, "nothing played unseen"
    untapped = {ev.card for ev in table.session.history[-1].events if ev.kind == "untap"}
    assert untapped and untapped == {e.data["card"] for e in table.motion.timeline.effects if e.kind == "tilt"}, \
        "the cards that untap wait to turn"
    d.lift_curtain()
    banners = table.motion.timeline.running("banner")
    assert banners and banners[0][1] < 0.5, "the banner starts as the board shows"
    d.input.wait(1.6)
    assert not table.motion.timeline.running("banner")


def test_the_real_mixer_under_the_dummy_audio_driver_is_silent_and_harmless():
    """tests run with SDL_AUDIODRIVER=dummy (tests/ui_support.py): every effect plays into nothing."""
    board = SoundBoard(Settings(volume=1.0))
    for name in NAMES:
        assert board.play(name) in (True, False)
    board.settings.mute = True
    assert board.play("dice") is False and board.muted["dice"] == 1


def test_the_last_sound_is_a_victory_for_a_person_who_won():
    from ui.sound import end_sound

    assert end_sound(0, [0]) == "victory" and end_sound(1, [0]) == "defeat"  # against the computer
    assert end_sound(1, [0, 1]) == "victory"  # hot-seat: someone at the table won
    assert end_sound(0, []) == "victory"  # the computer against itself (the demo)
    assert end_sound(None, [0, 1]) == "defeat"  # a draw
