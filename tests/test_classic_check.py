"""``python -m engine.cards check DIR --ruleset classic``: a player's classic card and deck files are
checked as the game reads them, every problem named with its file (engine/content/classic.py)."""

from __future__ import annotations

import pathlib
import subprocess
import sys

from engine.content.classic import check_classic_folder, load_classic_pool
from engine.content.cli import cards_main
from tests.test_files_cards import hostile_folder, needs_fifo

ROOT = pathlib.Path(__file__).resolve().parents[1]

GOOD = """
[[card]]
id = "my_rider"
name = {ru = "Всадник", en = "Rider"}
cost = 3
lives = 3
movement = 2
strike = "1-2-3"
element = "steppe"
"""

BROKEN = GOOD.replace("my_rider", "my_bad_kw").replace('element = "steppe"', '''element = "steppe"
abilities = [{id = "flyingg"}]''') + GOOD.replace("my_rider", "my_no_id").replace('element = "steppe"', '''element = "steppe"
abilities = [{ability = "armor", x = 1}]''') + GOOD.replace("my_rider", "my_bad_number").replace('strike = "1-2-3"', 'strike = "1-2-a"') \
    + GOOD.replace("my_rider", "my_pictured").replace('element = "steppe"', '''element = "steppe"
art = "pics/none.png"''') + GOOD.replace('"my_rider"', '"mn_thane"') + """
[[cards]]
id = "typo"

[[deck]]
id = "my_short"
name = {ru = "Коротко", en = "Short"}
[deck.cards]
my_rider = 3
"""


def deck_of(cards: dict[str, int]) -> str:
    return '[[deck]]\nid = "my_deck"\nname = {ru = "Моя", en = "Mine"}\n[deck.cards]\n' + "".join(
        f"{cid} = {n}\n" for cid, n in cards.items())


def test_a_good_folder_passes_with_its_cards_and_decks_counted(tmp_path):
    (tmp_path / "mine.toml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "sub").mkdir()
    ready = dict(load_classic_pool().decks["steppe_horde"].cards)  # a legal deck, one card swapped for ours
    ready["my_rider"] = ready.pop(sorted(ready)[0])
    (tmp_path / "sub" / "deck.toml").write_text(deck_of(ready), encoding="utf-8")
    report = check_classic_folder(tmp_path)
    assert (report.files, report.cards, report.decks, report.errors, report.warnings) == (2, 1, 1, [], [])
    assert set(report.checked) == {"my_rider"}


def test_every_kind_of_mistake_is_named_with_its_file_card_and_field(tmp_path):
    (tmp_path / "mine.toml").write_text(BROKEN, encoding="utf-8")
    report = check_classic_folder(tmp_path)
    found = {(e.card, e.field.split(".")[0].split("[")[0]) for e in report.errors}
    assert found == {("my_bad_kw", "abilities"), ("my_no_id", "abilities"), ("my_bad_number", "strike"), ("mn_thane", "id"),
                     ("my_short", "cards"), ("", "cards")}, report.errors
    assert all(pathlib.Path(e.file).name == "mine.toml" for e in report.errors)
    assert "unknown classic ability" in next(e for e in report.errors if e.card == "my_bad_kw").reason("en")
    no_id = next(e for e in report.errors if e.card == "my_no_id")
    assert no_id.field == "abilities[0].id" and "field abilities[0].id: missing: the classic ability" in no_id.reason("en")
    assert "[[card]] or [[deck]]" in next(e for e in report.errors if e.card == "").reason("en")
    (warn,) = report.warnings
    assert (warn.card, warn.field) == ("my_pictured", "art") and "neutral picture" in warn.reason("en")
    assert (report.cards, report.decks, set(report.checked)) == (1, 0, {"my_pictured"})  # the one that loads


@needs_fifo
def test_check_classic_reports_hostile_files_and_exits_2(tmp_path):
    hostile_folder(tmp_path / "classic")
    (tmp_path / "classic" / "good.toml").write_text(GOOD, encoding="utf-8")  # a classic card, not a «Герои» one
    (tmp_path / "classic" / "big.toml").write_text("x = 99999999999999999999999\n", encoding="utf-8")
    (tmp_path / "classic" / "broken.toml").write_text("[[card]\nid = ", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "engine.cards", "check", str(tmp_path / "classic"),
                          "--ruleset", "classic"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 2, out.stderr
    assert out.stderr == ""
    for line in ("pipe.toml: not a regular file but a named pipe (FIFO), not read",
                 "zero.toml: a link that leads out of the folder 'classic', not followed",
                 "folder.toml: not a regular file but a folder, not read",
                 "huge.toml: the file is over 1 MiB, not read",
                 "deep.toml: nested more than 32 levels deep", "dotted.toml: nested more than 32 levels deep",
                 "big.toml: a whole number larger than 64 bits", "broken.toml: not valid TOML: "):
        assert line in out.stdout, (line, out.stdout)
    assert out.stdout.endswith("checked 9 files: 1 cards, 0 decks, 8 errors\n"), out.stdout


def test_the_same_folder_checked_as_heroes_is_wrong_and_as_classic_is_right(tmp_path, capsys):
    (tmp_path / "mine.toml").write_text(GOOD, encoding="utf-8")
    assert cards_main(["check", str(tmp_path), "--ruleset", "classic"]) == 0
    assert capsys.readouterr().out.endswith("checked 1 files: 1 cards, 0 decks, 0 errors\n")
    assert cards_main(["check", str(tmp_path)]) == 2  # «Герои» is still the default
    assert "my_rider" in capsys.readouterr().out
