"""The «Герои» table says what happened, as a person sees it (raw input only, ui.testing.Input): by what a
wound was prevented, over the card and in the log; a blow's wounds and lines kept back until it lands (a click
shows everything at once); same-named cards told apart; the replay in words; the computer's answer to a draw
offer in the log."""

from __future__ import annotations

import random
import re

import pytest

from engine.heroes import actions as A
from tests.helpers import position
from tests.ui_support import make_app
from ui.heroes.scene import TableScene
from ui.heroes.testing import Driver
from ui.session import GameSession
from ui.settings import Settings
from ui.testing import Input


def table_for(app, person, pos, controllers=None) -> TableScene:
    s = GameSession(game=pos.g)
    if controllers is not None:
        s.controllers = controllers
    table = TableScene(app, s)
    table.autosave = False
    app.switch(table)
    person.frame(2)
    Driver(table).lift_curtain()
    return table


def animated(home, lang: str = "ru"):
    app = make_app(home / "saves", settings=Settings(anim_speed=1.0, lang=lang))
    return app, Input(app, draw_every=0)


def test_armour_says_what_it_stopped_over_the_card_and_in_the_log(home):
    app, person = animated(home)
    pos = position({"play": [{"card": "t_soldier", "name": "a"}]},
                   {"play": [{"card": "t_knight", "name": "k", "tapped": True}]}, turn=3)
    table = table_for(app, person, pos)
    knight = pos.id("k")
    Driver(table).perform(A.Attack(attacker=pos.id("a"), target=knight))
    person.frame(6, 0.05)
    words = [(e.data["card"], e.data["text"]) for e, _ in table.view.anim.motion.running("word")]
    assert words == [(knight, "Броня")], "what absorbed the blow is said over the card"
    person.click(table.view.L.log.center)  # a click ends the animation
    assert "«Рыцарь»: Броня — предотвращено ран: 1" in table.ui.log_lines, table.ui.log_lines


@pytest.mark.parametrize(("lang", "word", "line"), [
    ("ru", "Ослаблено", "«Панцирный ящер»: Ослабление атак — атака слабее на 1"),
    ("en", "Dampened", "«Shell Lizard»: Dampening — the attack is 1 weaker"),
])
def test_a_blow_softened_by_dampening_says_so_over_the_card_and_in_the_log(home, lang, word, line):
    app, person = animated(home, lang)  # CR 7 –X от атаки: the target's keyword takes 1 off the strike
    pos = position({"play": [{"card": "t_soldier", "name": "a"}]},
                   {"play": [{"card": "forest_shell_lizard", "name": "z", "tapped": True}]}, turn=3)
    table = table_for(app, person, pos)
    lizard = pos.id("z")
    Driver(table).perform(A.Attack(attacker=pos.id("a"), target=lizard))
    person.frame(6, 0.05)
    words = [(e.data["card"], e.data["text"]) for e, _ in table.view.anim.motion.running("word")]
    assert words == [(lizard, word)], "what softened the blow is said over the card"
    person.click(table.view.L.log.center)
    assert any(line in entry for entry in table.ui.log_lines), table.ui.log_lines


def test_a_blows_wounds_and_lines_wait_until_it_lands(home):
    app, person = animated(home)
    pos = position({"play": [{"card": "t_soldier", "name": "s"}]},
                   {"play": [{"card": "t_monk", "name": "m", "tapped": True}]}, turn=3)
    table = table_for(app, person, pos)
    monk = pos.id("m")
    Driver(table).perform(A.Attack(attacker=pos.id("s"), target=monk))
    assert table.game.cards[monk].wounds == 2 and table.game.lives_left(monk) == 2  # the state is final at once
    line = app.tr("log.wound", card="«Отшельник»", n=2)
    person.frame(1, 0.02)
    table.draw(app.screen)
    assert table.view.held.get(monk) == 2, "its lives still show 4 until the wounds land"
    assert table.view.marks(table.game, monk).badges[0].text == "4"
    assert line not in table.ui.log_lines, "the wound's line waits for the blow to land"
    person.click(table.view.L.log.center)  # a click ends the animation: everything at once
    assert line in table.ui.log_lines, table.ui.log_lines
    table.draw(app.screen)
    assert table.view.held == {} and table.view.marks(table.game, monk).badges[0].text == "2"


def test_same_named_cards_are_told_apart(app, person):
    pos = position({"play": [{"card": "t_soldier", "name": "a"}]},
                   {"play": [{"card": "t_soldier", "name": "x"}, {"card": "t_soldier", "name": "y"}]}, turn=3)
    table = table_for(app, person, pos)
    Driver(table).perform(A.Attack(attacker=pos.id("a"), target=pos.id("y")))
    p0, p1 = (pl.name for pl in table.game.players)
    said = app.tr("log.attack", card=f"«Солдат» ({p0})", target=f"«Солдат» ({p1}, 2)")
    assert said in table.ui.log_lines, table.ui.log_lines


CODES = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+=\S")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_replay_reads_every_action_in_words(app, lang):
    from saves.replay import Replay
    from ui import storage
    from ui.i18n import Tr
    from ui.scenes.replay import replay_lines
    from ui.scripted import advance
    from ui.session import quick_session

    s = quick_session(seed=4)
    assert advance(s, random.Random(4), lambda g: g.turn >= 5)
    replay = Replay(s.record.truncated(len(s.record.log)), storage.manager(app.saves_dir).base)
    lines = replay_lines(replay, Tr(lang))
    assert len(lines) == len(s.record.log) + 1
    for line in lines:
        assert not CODES.search(line), line


def test_the_computers_answer_to_a_draw_offer_is_said_in_the_log(app, person):
    from ui.controllers import BotController, HumanController, InlineExecutor

    pos = position({"play": [{"card": "t_soldier", "name": "a"}]}, {"play": [{"card": "t_knight"}]}, turn=3)
    bot = BotController("easy", 1, executor=InlineExecutor())
    table = table_for(app, person, pos, [HumanController(), bot])
    from tests.test_ui_scene_table import menu_item

    menu_item(person, table, "offer_draw")
    assert table.ui.menu_ask and table.game.pending.kind != "draw_offer", "the offer is asked about first"
    person.wait(0.4)
    menu_item(person, table, "draw_yes")
    person.wait_until(lambda: getattr(table.game.pending, "kind", None) != "draw_offer", 10.0)
    person.wait(0.5)
    me, bot_name = (pl.name for pl in table.game.players)
    assert app.tr("log.draw_offered", name=me) in table.ui.log_lines
    assert app.tr("log.draw_declined", name=bot_name) in table.ui.log_lines, table.ui.log_lines


@pytest.mark.parametrize(("lang", "line"), [("ru", "{name}: карта уходит в колоду"),
                                            ("en", "{name}: a card goes to the deck")])
def test_a_mulligans_hidden_cards_say_whose_they_were(home, lang, line):
    from ui.session import quick_session

    app, person = animated(home, lang)
    table = TableScene(app, quick_session(seed=4))
    table.autosave = False
    app.switch(table)
    person.frame(2)
    g = table.game
    while g.pending.kind != "mulligan":  # the Queue chosen first (CR 301.4)
        Driver(table).perform(g.legal_actions()[0])
    who = g.pending.player
    back = tuple(g.players[who].hand[:2])
    Driver(table).perform(A.Mulligan(cards=back))  # CR 301.7: the cards go under the deck unseen
    Driver(table).perform(A.Mulligan(cards=()))  # the other keeps his hand; then both mulligans are done
    person.click(table.view.L.log.center)  # a click ends the animation
    name = g.players[who].name
    assert table.ui.log_lines.count(line.format(name=name)) == 2, "\n".join(table.ui.log_lines)
    assert all(text[:1] == text[:1].upper() for text in table.ui.log_lines), "no line starts mid-sentence"
