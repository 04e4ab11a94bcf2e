"""The classic table says what happened, as a person sees it (raw input only, ui.testing.Input): what absorbed
or blocked a blow, on the board and in the log; both dice with every modifier named; same-named cards told
apart by their cells; a fight's result kept back until its dice and blows are shown; the replay in words;
and the draw offer answered by the computer, said in the log."""

from __future__ import annotations

import random
import re

import pytest
from classic_support import ScriptedDice

from engine.classic import ClassicGame, Placement
from engine.classic import actions as A
from tests.ui_support import classic_table, make_app
from ui import fonts
from ui.classic import content
from ui.classic.eventlog import cell_name
from ui.classic.testing import Driver
from ui.session import GameSession
from ui.settings import Settings
from ui.testing import Input

NAMES = ("Аня", "Борис")


def table_at(app, person, placements, dice, controllers=None):
    """A hot-seat classic table in a position of the built-in cards, Аня to act, the dice scripted."""
    g = ClassicGame.from_position(content.classic_cards(), [Placement(**p) for p in placements], active=0, turn=3,
                                  names=NAMES)
    g.rng = ScriptedDice(dice)
    s = GameSession(game=g)
    if controllers is not None:
        s.controllers = controllers
    return classic_table(app, person, s)


def animated(home, lang: str = "ru"):
    app = make_app(home / "saves", settings=Settings(anim_speed=1.0, lang=lang))
    return app, Input(app, draw_every=0)


def drawn_texts(person) -> list[str]:
    """Every text drawn in one frame, as the screen shows it."""
    seen: list[str] = []
    real = fonts.TEXT.get

    def get(text, *args, **kwargs):
        seen.append(text)
        return real(text, *args, **kwargs)

    fonts.TEXT.get = get  # type: ignore[method-assign]
    try:
        every, person.draw_every = person.draw_every, 1
        person.frame(1, 0.0)
        person.draw_every = every
    finally:
        fonts.TEXT.get = real  # type: ignore[method-assign]
    return seen


def strike(person, table, attacker: int, target: int) -> None:
    Driver(table).perform(A.Strike(attacker=attacker, target=target))


# Аня's Oak Warden (clumsy) next to a Gatekeeper, which blocks simple strikes
BLOCK = (dict(owner=0, card="fr_oak_warden", at=(2, 2)), dict(owner=1, card="mn_bulwark", at=(3, 2)),
         dict(owner=1, card="mn_iron_guard", at=(4, 4)))


def test_a_blocked_strike_is_said_over_the_card_and_in_the_log(home):
    app, person = animated(home)
    table = table_at(app, person, BLOCK, [2, 1])
    strike(person, table, 1, 2)
    line = app.tr("classic.log_block_attack", by="«Хранитель врат» (C4)", what="Блокирует простые удары",
                  card="«Дубовый страж» (C3)")
    assert line not in table.look.log, "the dice still roll: the log does not tell the result yet"
    person.wait(2.0, 0.05)
    words = [e for e, _ in table.motion.timeline.running("word")]
    assert [(e.data["card"], e.data["text"]) for e in words] == [(2, "Блок")], "said over the card that blocked"
    assert "Блок" in drawn_texts(person)
    assert line in table.look.log
    assert table.game.creatures[2].wounds == 0 and table.game.creatures[1].tapped


def test_armour_says_what_it_stopped(home):
    app, person = animated(home, "en")
    table = table_at(app, person, (dict(owner=0, card="mn_stone_giant", at=(2, 2)),
                                   dict(owner=1, card="mn_iron_guard", at=(3, 2), tapped=True)), [6])
    strike(person, table, 1, 2)  # 6 − 1 (clumsy) on a tapped card: a medium blow of 4; the armour 1 stops one
    person.wait(1.8, 0.05)
    assert "Armour" in drawn_texts(person)
    person.click(table.view.L.log.center)  # a click ends the animation
    assert "«Iron Warden» (C4): Armour 1 — 1 wound did not land" in table.look.log, table.look.log
    assert table.game.creatures[2].wounds == 3


# a blessed, clumsy Stone Giant (+1 −1) against a cursed Iron Warden that reflects with +1
MODS = (dict(owner=0, card="mn_stone_giant", at=(2, 2), blessed=True),
        dict(owner=1, card="mn_iron_guard", at=(3, 2), cursed=True), dict(owner=1, card="mn_bulwark", at=(5, 4)))


@pytest.mark.parametrize(("lang", "want"), [
    ("ru", ["6 + 1 − 1 = 6", "+1 благословение", "−1 Неповоротливость", "2 − 1 + 1 = 2", "−1 проклятие",
            "+1 Опыт в защите 1"]),
    ("en", ["6 + 1 − 1 = 6", "+1 blessing", "−1 Clumsy", "2 − 1 + 1 = 2", "−1 curse", "+1 Defence experience 1"]),
])
def test_both_dice_show_every_modifier_by_name(home, lang, want):
    app, person = animated(home, lang)
    table = table_at(app, person, MODS, [6, 2])
    strike(person, table, 1, 2)
    assert table.game.pending.kind == "lower"  # 6 against 2: the higher roller may lower the result (2007 4.5)
    assert table.look.prompt == app.tr("classic.prompt_rolling", name="Аня"), "the question waits for the dice"
    person.wait(2.5, 0.05)
    assert "6" in table.look.prompt and "2" in table.look.prompt, table.look.prompt
    texts = drawn_texts(person)
    for line in want:
        assert line in texts, (line, [t for t in texts if "=" in t or t[:1] in "+−"])
    person.click(table.view.L.log.center)  # the animation over, the dice stay while the question is asked
    assert table.look.dice and all(t in " ".join(d[2] + " " + d[3] for d in table.look.dice)
                                   for t in (want[0], want[3]))


def test_same_named_cards_are_told_apart_by_their_cells(app, person):
    table = table_at(app, person, (dict(owner=0, card="mn_stone_giant", at=(2, 2)),
                                   dict(owner=1, card="mn_iron_guard", at=(3, 2)),
                                   dict(owner=1, card="mn_iron_guard", at=(3, 3))), [3, 3, 3, 3])
    strike(person, table, 1, 2)
    assert table.game.pending.kind == "defender"
    d = Driver(table)
    d.lift_curtain()
    d.answer(d.card_point(3))  # the other Iron Warden defends
    said = app.tr("classic.log_defend", card=f"«Железный страж» ({cell_name((3, 3))})",
                  target=f"«Железный страж» ({cell_name((3, 2))})")
    assert said in table.look.log, table.look.log


def test_a_fights_result_waits_for_its_dice_and_blows_and_a_click_shows_it(home):
    app, person = animated(home)
    table = table_at(app, person, (dict(owner=0, card="fr_oak_warden", at=(2, 2)),
                                   dict(owner=1, card="mn_stone_giant", at=(3, 2))), [6, 1])
    strike(person, table, 1, 2)
    wounds = table.game.creatures[2].wounds
    assert wounds > 0  # the state is final at once
    person.frame(2, 0.05)
    texts = drawn_texts(person)
    assert table.look.held_wounds == {2: wounds}
    assert "10/10" in texts and f"{10 - wounds}/10" not in texts, "the lives wait for the blow"
    assert not any(line.startswith("Удар:") for line in table.look.log), "and so does the log"
    assert not any("6" in line and "бросает" in line for line in table.look.log), "the dice still roll"
    person.click(table.view.L.log.center)  # a click ends the animation: everything at once
    assert any(line.startswith("Удар: «Дубовый страж»") for line in table.look.log)
    assert f"{10 - wounds}/10" in drawn_texts(person)
    assert table.look.held_wounds == {}


CODES = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+=\S")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_replay_reads_every_action_in_words(app, lang):
    from saves.replay import Replay
    from ui import storage
    from ui.i18n import Tr
    from ui.scenes.replay import replay_lines
    from ui.scripted import advance

    s = content.start_full_session(content.decks()[1:3], NAMES, 4)
    assert advance(s, random.Random(4), lambda g: g.turn >= 3, limit=3000)
    replay = Replay(s.record.truncated(len(s.record.log)), storage.manager(app.saves_dir).base)
    lines = replay_lines(replay, Tr(lang))
    kinds = {a.name for _, a in s.record.actions()}
    assert {"recruit", "ready", "place", "end"} <= kinds and kinds & {"go_first", "go_second"}
    assert len(lines) == len(s.record.log) + 1
    for line in lines:
        assert not CODES.search(line), line
    recruits = [line for (_, a), line in zip(s.record.actions(), lines[1:], strict=True) if a.name == "recruit"]
    assert recruits and all("«" in line for line in recruits), "the replay shows every card: recruits named"


def test_the_computers_answer_to_a_draw_offer_is_said_in_the_log(app, person):
    from ui.classic.menu import may_offer_draw
    from ui.controllers import BotController, HumanController, InlineExecutor

    bot = BotController("easy", 1, executor=InlineExecutor(), ruleset="classic")
    table = table_at(app, person, (dict(owner=0, card="mn_stone_giant", at=(2, 2)),
                                   dict(owner=1, card="mn_iron_guard", at=(4, 2))), [], [HumanController(), bot])
    assert may_offer_draw(table)
    person.click(next(b for b in table.look.buttons if b.value == ("menu",)).rect.center)
    person.click(next(b for b in table.look.menu_buttons if b.value == ("m", "offer_draw")).rect.center)
    assert table.game.pending.kind == "main" and table.menu_ask, "the offer is asked about first"
    person.wait(0.4)
    person.click(next(b for b in table.look.menu_buttons if b.value == ("m", "draw_yes")).rect.center)
    assert table.game.pending.kind == "draw_offer" or table.game.draw_offers == [0]
    person.wait_until(lambda: table.game.pending.kind != "draw_offer", 10.0)
    person.wait(0.5)
    answer = "classic.log_draw_accepted" if table.game.is_over else "classic.log_draw_declined"
    assert app.tr(answer, name="Борис") in table.look.log, table.look.log
    assert app.tr("classic.log_draw_offered", name="Аня") in table.look.log
