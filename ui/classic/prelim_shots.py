"""Pictures of the decisions before the battle's turns for ``main.py --screenshot DIR``: a «до набора отряда» card
lit in the deal (classic_before_recruit.png), a «после расстановки» ability being aimed (classic_after_place.png),
the vanguard strike (classic_vanguard.png), the choice before a turn (classic_prepare.png) and a trap and a mire
on the board (classic_cells.png). Each is a small position of the built-in cards, built as a scenario builds it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ui.screenshots import people, save

# (file, the position, the actions that bring it to the picture, the card to click first, if any)
SHOTS: tuple[tuple[str, dict[str, Any], list[str], str | None], ...] = (
    ("classic_before_recruit.png", {
        "start": "recruit", "first": 0,
        "p0": {"deal": [{"card": "st_pathfinder"}, {"card": "mn_tollkeeper"}, "nt_militia", "st_herd_boy",
                        "st_dust_runner", "mn_dwarf_recruit", "st_skirmisher", "nt_ensign", "st_camp_runner",
                        "st_blood_cutter", "nt_pit_brawler", "mn_ram"],
               "deck": ["nt_militia", "st_herd_boy", "st_dust_runner"]},
        "p1": {"deal": ["dk_tithe_collector", "dk_rat"], "deck": ["dk_rat"]}}, [], None),
    ("classic_after_place.png", {
        "start": "place", "first": 0, "placing": 1,
        "p0": {"squad": [{"card": "nt_ensign", "label": "ens", "at": "2,2"}, {"card": "nt_militia", "at": "1,2"},
                         {"card": "st_skirmisher", "at": "2,1"}, {"card": "mn_ram", "at": "1,1"}]},
        "p1": {"squad": [{"card": "sw_evil_eye", "at": "4,2"}, {"card": "nt_militia", "at": "3,2"},
                         {"card": "sw_sleeping_troll", "at": "3,3"}]}}, ["ready"], "ens"),
    ("classic_vanguard.png", {
        "start": "place", "first": 0, "placing": 1,
        "p0": {"squad": [{"card": "mn_vanguard_pike", "label": "pike", "at": "2,2"}, {"card": "nt_militia", "at": "2,1"},
                         {"card": "st_skirmisher", "at": "2,3"}]},
        "p1": {"squad": [{"card": "st_skirmisher", "at": "3,2"}, {"card": "nt_militia", "at": "3,3"},
                         {"card": "mn_vanguard_pike", "at": "3,1"}]}}, ["ready"], "pike"),
    ("classic_prepare.png", {
        "active": 1, "turn": 2, "first": 0,
        "creature": [{"card": "sw_sleeping_troll", "at": "1,2", "tapped": True, "wounds": 3},
                     {"card": "mn_dozing_warden", "at": "1,3", "tapped": True},
                     {"card": "nt_militia", "at": "1,1", "tapped": True, "stunned": True},
                     {"card": "nt_militia", "player": 1, "at": "4,2"}]}, ["end"], None),
    ("classic_cells.png", {
        "active": 0, "turn": 3, "first": 0,
        "creature": [{"card": "fr_trap_setter", "at": "2,2"}, {"card": "sw_bog_witch", "at": "1,3"},
                     {"card": "nt_militia", "at": "2,1"}, {"card": "nt_militia", "player": 1, "at": "4,1"},
                     {"card": "st_dust_runner", "player": 1, "at": "5,3"}]},
     ["use card=1 ability=0 to=3,1", "use card=2 ability=0 to=3,3"], None),
)


def shots(app, out: Path) -> list[Path]:
    from engine.classic import actions as A
    from engine.classic.position import build_position
    from engine.classic.setupposition import build_setup_position
    from ui.classic import content
    from ui.classic.scene import ClassicTableScene
    from ui.controllers import HumanController
    from ui.session import GameSession

    cards = content.classic_cards()
    saved = []
    for name, data, actions, click in SHOTS:
        data = {**data, "names": list(people(app))}  # the players' names in the pictures' language
        pos = (build_setup_position if "start" in data else build_position)(cards, data)
        session = GameSession(game=pos.game, controllers=[HumanController(), HumanController()])
        for text in actions:
            session.apply(A.CODEC.parse(pos.expand(text, name)))
        table = ClassicTableScene(app, session)
        table.autosave = False
        app.switch(table)
        if table.curtain_for is not None:
            table.lift_curtain()
        if click is not None:  # the card a player would click first: its ability aimed, its strikes lit
            cid = pos.labels[click]
            table.click_cell(table.game.creatures[cid].at, cid)
        table.update(0.05)
        saved.append(save(app, table, out, name))
    return saved
