"""Quick clicks at the classic table, raw input only (ui.testing.Input): a button, or a card that answers the
question, that appears under the pointer takes no click for a moment (ui/widgets/arming.py,
ui/classic/answers.py), an ability with a single legal target is used at once, and the deal of squad building
keeps every card in its slot while others are taken."""

from __future__ import annotations

import random
from collections import Counter

from engine.classic import actions as A
from tests.ui_support import classic_table, look, show
from ui.classic import content
from ui.classic.scene import ClassicTableScene
from ui.classic.testing import Driver
from ui.controllers import Controller
from ui.scripted import advance
from ui.widgets.arming import ARM_S


def double_click(person) -> None:
    """A second click right after the first, where the pointer is (no move, no pause)."""
    person.down()
    person.up()


def test_a_quick_second_click_never_presses_the_button_the_first_one_made_appear(app, person):
    # the first battle's squads, seed 3: «Без защитника» is answered, and the next question — may the
    # defending player use an instant? — puts «Моховой целитель»'s button where «Без защитника» was
    s = content.start_session(list(content.squads()[:2]), ("Аня", "Борис"), 3)
    assert advance(s, random.Random(3), lambda g: getattr(g.pending, "kind", None) == "defender", limit=3000)
    table = classic_table(app, person, s)
    no_defense = next(b for b in table.look.buttons if b.value == ("no_defense",))
    at = no_defense.rect.center
    person.click(at)
    assert s.history[-1].action == A.NoDefense()
    instant = next(b for b in table.look.buttons if b.hit(at))
    assert instant.value[0] == "use" and s.game.pending.kind == "respond", "a new answer under the pointer"
    n = len(s.history)
    double_click(person)  # the impatient second click
    assert len(s.history) == n and table.using is None, "the click meant for «Без защитника» used the instant"
    assert s.game.pending.kind == "respond"
    person.wait(ARM_S)  # a moment later the person has seen it: a deliberate click works as before
    person.click(at)
    assert len(s.history) == n + 1 or table.using is not None, "the button takes a click once seen"


def _defender_behind_the_curtain(g) -> bool:
    """A defender to pick, by a player with face-down cards: in hot-seat the curtain falls for them first."""
    p = g.pending
    return getattr(p, "kind", None) == "defender" and len(p.options) > 1 and any(
        g.creatures[c].owner == g.decider for c in g.hidden if c in g.creatures)


def _behind_the_curtain(app, person, s) -> ClassicTableScene:
    """The table of ``s`` on screen with its curtain down (for the player deciding now)."""
    table = ClassicTableScene(app, s)
    table.autosave = False
    show(app, table, person)
    assert table.curtain_for == s.game.decider
    return table


def test_a_double_click_that_lifts_the_curtain_never_picks_the_defender_under_it(app, person):
    # a full game, seed 2: the defending player has face-down cards, so the curtain falls before they choose;
    # they lift it with a double click, the pointer over where one of their lit defenders will be
    s = content.start_full_session(content.decks()[1:3], ("Аня", "Борис"), 2)
    assert advance(s, random.Random(2), _defender_behind_the_curtain, limit=3000)
    table = _behind_the_curtain(app, person, s)
    defender = s.game.pending.options[0]
    at = table.view.rect_of(s.game, defender, s.game.decider).center
    person.move(at)
    n = len(s.history)
    person.down()  # the first click lifts the curtain
    person.up()
    double_click(person)
    assert len(s.history) == n and s.game.pending.kind == "defender", "the second half of the double click chose a defender"
    assert table.curtain_for is None and defender in table.look.defenders, "the board, the defender lit under the pointer"
    person.wait(ARM_S)  # a moment later the person has seen the board: a deliberate click works as before
    person.click(at)
    assert len(s.history) == n + 1 and s.history[-1].action == A.Defend(card=defender)


def test_a_double_click_that_lifts_the_curtain_never_picks_a_card_to_keep_hidden(app, person):
    # a full game, seed 3: the second player chooses which 3rd-row cards stay face down, behind the curtain
    s = content.start_full_session(content.decks()[1:3], ("Аня", "Борис"), 3)
    assert advance(s, random.Random(3), lambda g: getattr(g.pending, "kind", None) == "hide", limit=3000)
    table = _behind_the_curtain(app, person, s)
    card = max((a.cards for a in s.game.legal_actions() if isinstance(a, A.KeepHidden)), key=len)[0]
    at = table.view.rect_of(s.game, card, s.game.decider).center
    person.move(at)
    person.down()  # the first click lifts the curtain
    person.up()
    double_click(person)
    assert not table.setup.keep, "the second half of the double click picked a card to keep face down"
    assert table.curtain_for is None and card in table.look.strikes, "the board, the card offered under the pointer"
    person.wait(ARM_S)
    person.click(at)
    assert table.setup.keep == {card}


def _one_target_use(g):
    """A Use of a card's ability that has exactly one legal way (its single target)."""
    if getattr(g.pending, "kind", None) not in ("main", "respond"):
        return None
    uses = [a for a in g.legal_actions() if isinstance(a, A.Use)]
    ways = Counter((a.card, a.ability) for a in uses)
    return next((a for a in uses if a.target is not None and ways[(a.card, a.ability)] == 1), None)


def test_an_instant_with_a_single_legal_target_is_used_at_once(app, person):
    # the first battle's squads, seed 1: an answer with an instant that can only go to one card
    s = content.start_session(list(content.squads()[:2]), ("Аня", "Борис"), 1)
    assert advance(s, random.Random(1), lambda g: _one_target_use(g) is not None, limit=3000)
    use = _one_target_use(s.game)
    table = classic_table(app, person, s)
    d = Driver(table)
    value = ("use", use.card, use.ability)
    if not any(b.value == value for b in table.look.buttons):
        person.click(d.card_point(use.card))  # in the main phase: the card's click menu on the strip
    n = len(s.history)
    d.press(value)
    assert len(s.history) == n + 1 and s.history[-1].action == use, "no click on the only target is asked"
    assert table.using is None and not table.look.strikes, "nothing is left waiting for a target"


def test_fast_clicks_on_the_deal_take_one_card_and_leave_the_others_in_their_slots(app, person):
    s = content.start_full_session(content.decks()[1:3], ("Аня", "Борис"), 5)
    assert advance(s, random.Random(5), lambda g: getattr(g.pending, "kind", None) == "recruit", limit=200)
    table = classic_table(app, person, s)
    g, setup = s.game, table.setup
    p = g.pending.player
    lay = setup.recruit_layout()
    deal = list(g.setup.deals[p])
    # two cards side by side that could both be taken (nothing is taken yet: the deal is in its slots)
    i = next(i for i in range(len(deal) - 1) if setup.rlook.deal[i].split and setup.rlook.deal[i + 1].split)
    first, neighbour = deal[i], deal[i + 1]
    person.move(lay.card_rect(i).center)
    double_click(person)
    double_click(person)  # a double click, then an impatient third and fourth
    assert first in g.setup.squads[p], "the card under the pointer was taken"
    assert neighbour in g.setup.deals[p], "a quick second click took the card that slid under the pointer"
    assert [type(h.action) for h in s.history].count(A.Recruit) == 1
    # the others are drawn where they were dealt; the taken card's slot says so and takes no click
    assert all(setup.deal_rect(iid) == lay.card_rect(k) for k, iid in enumerate(deal) if iid != first)
    assert setup.rlook.taken == [(i, first)] and setup.deal_card_at(lay.card_rect(i).center) is None
    screen = look(person)

    def corner(k: int) -> tuple:  # inside a slot's frame, clear of its words
        r = lay.card_rect(k)
        return tuple(screen.get_at((r.x + 5, r.bottom - 8)))[:3]

    assert corner(i) not in (corner(i + 1), (22, 30, 28)), "the taken card's slot is drawn as taken, not bare"
    person.click(lay.card_rect(i + 1).center)  # a deliberate click on the neighbour takes it, where it still is
    assert neighbour in g.setup.squads[p] and setup.deal_rect(deal[i + 2]) == lay.card_rect(i + 2)


class _Striker(Controller):
    """The computer's seat, deciding one strike when its turn comes to it (then nothing: the test ends there)."""

    kind = "easy"
    is_human = False

    def __init__(self, strike: A.Strike) -> None:
        self.strike = strike

    def decide(self, game, token=None):
        return self.strike if self.strike in game.legal_actions() else None


def _strike_asking_a_defender(g) -> A.Strike | None:
    """In the computer's (seat 0's) main phase, a strike at one of the person's (seat 1's) creatures after which
    the person picks a defender."""
    if getattr(g.pending, "kind", None) != "main" or g.decider != 0:
        return None
    for a in g.legal_actions():
        if isinstance(a, A.Strike) and g.creatures[a.target].owner == 1:
            after = g.clone()
            after.apply(a)
            if getattr(after.pending, "kind", None) == "defender" and after.decider == 1:
                return a
    return None


def test_a_defender_lit_under_a_resting_pointer_takes_no_click_for_a_moment(app, person):
    # the first battle's squads, seed 3, played by script until the computer (seat 0) may strike so that the
    # person (seat 1) must pick a defender; the person's pointer rests on one of their creatures that will be lit
    s = content.start_session(list(content.squads()[:2]), ("Компьютер", "Аня"), 3)
    assert advance(s, random.Random(3), lambda g: _strike_asking_a_defender(g) is not None, limit=3000)
    strike = _strike_asking_a_defender(s.game)
    after = s.game.clone()
    after.apply(strike)
    defender = after.pending.options[-1]
    s.controllers[0] = _Striker(strike)
    table = classic_table(app, person, s)
    assert table.curtain_for is None and table.look.viewer == 1
    at = table.view.rect_of(s.game, defender, 1).center
    person.move(at)
    assert not table.look.defenders, "nothing lit yet: the computer is still to strike"
    n = len(s.history)
    person.wait_until(lambda: len(s.history) > n, 10.0, step=1 / 30, what="the computer's strike")
    assert s.history[n].action == strike and s.game.pending.kind == "defender" and s.decider == 1
    assert defender in table.look.defenders and table.view.rect_of(s.game, defender, 1).collidepoint(at), \
        "the defender lit under the resting pointer"
    person.down()  # a click at once: the person has not seen it lit yet
    person.up()
    assert len(s.history) == n + 1 and s.game.pending.kind == "defender", \
        "a click right after the defender lit up under the pointer picked it"
    person.wait(ARM_S)  # a moment later the person has seen it: a deliberate click picks it
    person.click(at)
    assert len(s.history) > n + 1 and s.history[n + 1].action == A.Defend(card=defender)
