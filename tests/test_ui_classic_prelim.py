"""The decisions before the battle's turns at the classic table, made by a person's raw mouse input: a «до
набора отряда» card applied from the deal (2007 3.4.1), a «после расстановки» ability (6.2.2), a vanguard strike
(6.2.4), the choice before a turn (6.3.1) and a trap laid on a cell and drawn there (2007 1.10). Each starts
from a scenario file's position (tests/scenarios/classic/keywords), moved along by the engine where the test
only arranges the starting point."""

from __future__ import annotations

import pathlib

import pytest

from engine.classic import actions as A
from engine.classic.position import build_position
from engine.classic.setupposition import build_setup_position
from engine.content import load_scenario
from tests.ui_support import classic_table, look
from ui.classic.testing import Driver
from ui.controllers import HumanController
from ui.session import GameSession

KEYWORDS = pathlib.Path(__file__).resolve().parent / "scenarios" / "classic" / "keywords"


def _session(name: str, steps: int = 0) -> tuple[GameSession, dict[str, int]]:
    """A hot-seat session at the position of the scenario ``name`` after its first ``steps`` actions."""
    scn = load_scenario(KEYWORDS / f"{name}.toml")
    build = build_setup_position if "start" in scn.position else build_position
    pos = build(scn.cards, scn.position)
    s = GameSession(game=pos.game, controllers=[HumanController(), HumanController()])
    for text in scn.actions[:steps]:
        s.apply(A.CODEC.parse(pos.expand(text, "test")))
    return s, pos.labels


def test_a_before_recruiting_card_is_applied_by_a_click_on_the_deal_and_the_other_passes(app, person):
    # 2007 3.4.1: the first player clicks his lit Pathfinder; the second player presses «Пропустить»
    s, lab = _session("before_recruit")
    table = classic_table(app, person, s)
    g = table.game
    assert table.setup.rlook.usable == {lab["path"], lab["toll"]}
    drive = Driver(table)
    drive.answer(drive.deal_point(lab["path"]))
    assert lab["d1"] in g.setup.deals[0] and g.pending.kind == "before_recruit" and g.pending.player == 1, table.look.toast
    drive.lift_curtain()
    drive.press(("action", "pass"))
    assert g.pending.player == 0 and g.prelim.passed == [False, True]


def test_an_after_placement_ability_is_aimed_by_clicks_on_the_board(app, person):
    # 2007 6.2.2: click the lit Ensign (face down), then the card it blesses
    s, lab = _session("after_placement", steps=1)
    table = classic_table(app, person, s)
    g = table.game
    assert g.pending.kind == "after_place" and lab["ens"] in table.look.defenders
    drive = Driver(table)
    drive.answer(drive.card_point(lab["ens"]))
    assert table.using is not None and lab["m0"] in table.look.strikes
    drive.answer(drive.card_point(lab["m0"]))
    assert g.creatures[lab["m0"]].blessed and lab["ens"] not in g.hidden, table.look.toast
    assert g.pending.kind == "after_place" and g.pending.player == 1


def test_a_vanguard_strike_is_dragged_and_the_other_player_passes(app, person):
    # 2007 6.2.4: the pike dragged onto the skirmisher; no defender is asked; then «Пропустить»
    s, lab = _session("vanguard", steps=1)
    table = classic_table(app, person, s)
    g = table.game
    assert g.pending.kind == "vanguard" and table.look.defenders == {lab["pike"]}
    drive = Driver(table)
    drive.drag(drive.card_point(lab["pike"]), drive.card_point(lab["skirm"]))
    assert g.creatures[lab["skirm"]].wounds == 3 and g.pending.kind == "vanguard" and g.pending.player == 1
    drive.lift_curtain()
    drive.press(("action", "pass"))
    assert g.pending.kind == "main" and g.turn == 1


def test_the_choice_before_a_turn_is_made_by_clicking_the_cards_that_stay_closed(app, person):
    # 2007 6.3.1: the troll clicked (it stays closed and heals), the warden left to open, «Готово»
    s, lab = _session("stay_closed", steps=1)
    table = classic_table(app, person, s)
    g = table.game
    assert g.pending.kind == "prepare" and table.look.strikes == {lab["troll"], lab["warden"]}
    drive = Driver(table)
    drive.answer(drive.card_point(lab["troll"]))
    assert table.look.defenders == {lab["troll"]}
    drive.press(("prelim", "closed"))
    assert g.pending.kind == "main"
    assert g.creatures[lab["troll"]].tapped and g.creatures[lab["troll"]].wounds == 1
    assert not g.creatures[lab["warden"]].tapped


def test_a_trap_is_laid_on_a_clicked_cell_and_drawn_there(app, person):
    # 2007 1.10: the trapper's ability, then the lit cell; the board shows the trap in its owner's colour
    s, lab = _session("cell_trap")
    table = classic_table(app, person, s)
    g = table.game
    before = look(person).copy()
    Driver(table).use(A.Use(card=lab["trapper"], ability=0, to=(3, 1)))
    assert [m.cell for m in g.cell_marks] == [(3, 1)], table.look.toast
    after = look(person)
    rect = table.view.L.cell_rect((3, 1), table.look.viewer)
    changed = sum(before.get_at((x, y)) != after.get_at((x, y)) for x in range(rect.left, rect.right, 3)
                  for y in range(rect.top, rect.bottom, 3))
    assert changed > 0.3 * (rect.w // 3) * (rect.h // 3), "the trap is drawn on its cell"
    assert table.tr("classic.log_cell_trap", name=g.names[0], cell="B4", n=2) in table.look.log


@pytest.mark.parametrize(("lang", "said"), [
    ("ru", "«Горный мытарь»: До набора отряда: Дань 1 — покажите эту карту; противник теряет 1 серебряный кристалл"),
    ("en", "«Mountain Tollkeeper»: Before recruiting: Tribute 1 — show this card; the opponent loses 1 silver crystal"),
])
def test_the_computers_caption_reads_a_shown_cards_whole_ability(lang, said):
    # 2007 3.4.1: the card is shown from the deal, and what it does (the silver the opponent loses) is what the
    # person watching needs; the log's shorter cut («…» after 60 letters) would end before it
    from ui.classic.narrate import describe_move
    from ui.i18n import Tr

    s, lab = _session("before_recruit", 2)
    assert s.game.pending.kind == "before_recruit" and s.game.decider == 0
    text = describe_move(s.game, A.Use(card=lab["toll"], ability=0), 0, Tr(lang), viewer=1).text
    assert text.endswith(said) and "…" not in text, text
