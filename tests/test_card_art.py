"""Card pictures: every built-in card of both games names a picture that ships, with its author
credited; players' own pictures are found only inside their card's folder; a missing one falls back to the
neutral picture with a warning; the pictures change no game state or hash."""

from __future__ import annotations

import os
import pathlib
import tomllib

import pytest

from engine.classic.cards import parse_card as parse_classic_card
from engine.content import check_folder, load_classic_pool, load_pool
from engine.content.art import FALLBACK, ICONS, MAX_ART_FILE, credits, find_picture, shipped_icons
from engine.core.art import art_problem
from engine.core.errors import CardDataError
from engine.heroes.carddef import parse_card
from saves.heroes import pool_version

ROOT = pathlib.Path(__file__).resolve().parents[1]
HEROES = load_pool()
CLASSIC = load_classic_pool()
EVERY = [("heroes", c.id, c.art, c.source) for c in HEROES.cards.values()] + [
    ("classic", c.id, c.art, c.source) for c in CLASSIC.cards.values()]


def test_every_built_in_card_of_both_games_has_its_own_shipped_picture():
    assert len(HEROES.cards) >= 211 and len(CLASSIC.cards) >= 125  # 205 cards + 6 heroes (+ created), 125 classic
    for game, cid, art, source in EVERY:
        assert art, f"{game} card {cid} names no picture"
        pic = find_picture(art, source)
        assert not pic.fallback and pic.kind == "icon", f"{game} card {cid}: {pic.problem}"
        assert pic.path.is_file() and pic.path.read_text(encoding="utf-8").startswith("<svg"), pic.path


def test_only_the_pictures_in_use_ship_and_each_has_its_author():
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    from import_art import EXTRA  # the client's own pictures (neutral, emblems, backs)

    used = {art for _, _, art, _ in EVERY} | set(EXTRA)
    assert set(shipped_icons()) == used  # nothing missing, no stray file
    authors = tomllib.loads((ICONS / "authors.toml").read_text(encoding="utf-8"))["author"]
    credited = [icon for a in authors for icon in a["icons"]]
    assert sorted(credited) == sorted(used)  # each picture credited exactly once
    assert all(a["name"] and a["licence"] in ("CC BY 3.0", "CC0") for a in authors)
    licence = (ICONS / "LICENSE").read_text(encoding="utf-8")
    assert "creativecommons.org/licenses/by/3.0" in licence and "game-icons.net" in licence
    assert "Lorc" in (ICONS / "CREDITS.md").read_text(encoding="utf-8")
    assert sum(len(c.icons) for c in credits()) == len(used)  # what the credits screen lists


@pytest.mark.parametrize("value", [5, "Dragon Head", "dragon_head", "-x", "/etc/passwd.png", "../up.png",
                                   "a/../../b.svg", "a\\b.png", "c:x.png", "x" * 65])
def test_a_bad_art_value_is_refused_naming_the_field_in_both_games(value):
    assert art_problem(value) is not None
    table = {"id": "t_x", "name": {"ru": "Икс", "en": "X"}, "type": "creature", "cost": 1, "strike": 1, "lives": 1,
             "art": value}
    with pytest.raises(CardDataError) as heroes:
        parse_card(table, "mine.toml")
    assert heroes.value.field == "art" and heroes.value.file == "mine.toml" and heroes.value.ru
    classic = {"id": "t_x", "name": {"ru": "Икс", "en": "X"}, "cost": 1, "lives": 1, "movement": 1,
               "strike": "1-1-1", "art": value}
    with pytest.raises(CardDataError) as cls:
        parse_classic_card(classic, "mine.toml")
    assert cls.value.field == "art"


@pytest.mark.parametrize("value", ["", "dragon-head", "wyrm.png", "pics/Wyrm 2.SVG"])
def test_good_art_values_parse(value):
    assert art_problem(value) is None


def _card_file(folder: pathlib.Path, art: str) -> pathlib.Path:
    path = folder / "mine.toml"
    path.write_text(f'[[card]]\nid = "my_x"\nname = {{ru = "Мой", en = "Mine"}}\nart = "{art}"\n'
                    'type = "creature"\ncost = 1\nstrike = 1\nlives = 1\n', encoding="utf-8")
    return path


def test_a_players_picture_beside_the_card_file_is_used(tmp_path):
    (tmp_path / "pics").mkdir()
    (tmp_path / "pics" / "wyrm.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    card = _card_file(tmp_path, "pics/wyrm.png")
    pic = find_picture("pics/wyrm.png", str(card))
    assert not pic.fallback and pic.kind == "png" and pic.path == (tmp_path / "pics" / "wyrm.png").resolve()
    assert find_picture("skeleton", str(card)).kind == "icon"  # or any picture that ships
    report = check_folder(tmp_path)
    assert report.cards == 1 and not report.errors and not report.warnings


def test_a_missing_or_unsafe_picture_falls_back_to_the_neutral_one_with_a_warning(tmp_path):
    inner = tmp_path / "cards"
    inner.mkdir()
    (tmp_path / "outside.png").write_bytes(b"\x89PNG")
    (inner / "folder.png").mkdir()
    (inner / "huge.png").write_bytes(b"\0" * (MAX_ART_FILE + 1))
    card = _card_file(inner, "nothing.png")
    cases = {"nothing.png": "no file", "folder.png": "regular", "huge.png": "MiB", "no-such-icon": "ships"}
    if hasattr(os, "symlink"):
        os.symlink(tmp_path / "outside.png", inner / "link.png")
        cases["link.png"] = "out of the card's folder"
    for art, why in cases.items():
        pic = find_picture(art, str(card))
        assert pic.fallback and pic.path == ICONS / f"{FALLBACK}.svg", art
        assert why in pic.problem[0] and pic.problem[1], (art, pic.problem)
    report = check_folder(inner)
    assert not report.errors and len(report.warnings) == 1
    warn = report.warnings[0]
    assert warn.field == "art" and warn.card == "my_x" and "neutral" in warn.en and "нейтральная" in warn.ru


def test_the_picture_changes_no_state_hash_nor_the_pool_version():
    table = {"id": "t_x", "name": {"ru": "Икс", "en": "X"}, "cost": 1, "lives": 1, "movement": 1, "strike": "1-1-1"}
    plain, pictured = parse_classic_card(table, "a.toml"), parse_classic_card({**table, "art": "skeleton"}, "a.toml")
    assert pictured.art == "skeleton" and "art" not in pictured.to_dict() and plain.to_dict() == pictured.to_dict()
    pool = load_pool()
    before = pool_version(pool)
    cid = next(iter(pool.cards))
    pool.raw[cid] = {**pool.raw[cid], "art": "some-other-picture"}
    from saves import heroes

    heroes._VERSION_CACHE.clear()
    assert pool_version(pool) == before  # a new picture is not "another version of the cards"
