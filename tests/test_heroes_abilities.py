"""«Герои» keywords and effects are registered classes (engine/heroes/abilities).

Each effect a card file may name has its class with its parameters and code; each keyword its names and
reminder texts in ru and en, its rule and (where the bot has a figure) its weight; every module of the
package registers on import; and a new keyword of a shape the rules already ask about is one new module:
the last test adds one to a copy of the engine and plays it.
"""

from __future__ import annotations

import ast
import pathlib
import shutil
import subprocess
import sys
import textwrap

from engine.heroes import abilities as AB
from engine.heroes import registry as R
from engine.heroes.abilities.base import Effect, Keyword

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "engine" / "heroes" / "abilities"


def test_every_module_of_the_package_registers_on_import() -> None:
    init = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(init) if isinstance(node, ast.ImportFrom)
                and node.module == "engine.heroes.abilities" for alias in node.names}
    modules = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__", "base"}
    assert modules <= imported, f"not imported by abilities/__init__.py: {sorted(modules - imported)}"


def test_each_effect_a_card_may_name_is_a_class_with_code() -> None:
    for name, fx in R.EFFECTS.items():
        assert isinstance(fx, Effect) and fx.name == name and not fx.internal
        assert fx.rule.startswith("CR"), name
        has_code = type(fx).run is not Effect.run or type(fx).apply is not Effect.apply
        assert has_code or name == "cancel", f"effect {name} has no code"  # cancel happens on declaring (CR 517)
    # the rules' own effects (written out keywords) are classes too, but no card file may name them
    assert {"damage_poison", "resurrect_tapped", "vanguard_play"} <= set(AB.EFFECT_CODE) - set(R.EFFECTS)


def test_each_keyword_has_its_texts_rule_and_kind() -> None:
    for name, k in R.KEYWORDS.items():
        assert issubclass(k, Keyword) and k.name == name
        assert k.ru and k.en and k.reminder_ru and k.reminder_en and k.rule, name
        assert k.value in ("", "int", "from", "what"), name
        if k.value == "int":
            assert "{v}" in k.reminder_ru and "{v}" in k.reminder_en, name
        assert k.weight is None or -3 <= k.weight <= 3, name


def test_the_bot_values_keywords_by_their_weight() -> None:
    from engine.heroes.ai.evaluate import KEYWORD_BONUS

    assert KEYWORD_BONUS["undead"] == R.KEYWORDS["undead"].weight == 2.0
    assert set(KEYWORD_BONUS) == {n for n, k in R.KEYWORDS.items() if k.weight is not None}


def test_a_triggered_keyword_says_its_event() -> None:
    assert [k.name for k in AB.TRIGGERED["enter"]] == ["stealth", "thirst", "vanguard"]  # the order they queue in
    assert [k.name for k in AB.TRIGGERED["death"]] == ["unity"]
    assert [k.name for k in AB.HAVING["must_attack"]] == ["frenzy"]


NEW_KEYWORD = '''
"""«Натиск»: +2 to the strike of its attacks on a hero (a keyword added as one module, for the test)."""

from __future__ import annotations

from typing import Any

from engine.heroes.abilities.base import Keyword, keyword


@keyword
class Onslaught(Keyword):
    name = "onslaught"
    ru = "Натиск"
    en = "Onslaught"
    reminder_ru = "+2 к удару при атаке героя."
    reminder_en = "+2 strike when it attacks a hero."
    rule = "test"
    weight = 0.5

    @classmethod
    def attack_change(cls, game: Any, attacker: int, target: int, entry: dict[str, Any]) -> int:
        return 2 if game.is_hero(target) else 0
'''

PLAY_IT = '''
import sys
sys.path.insert(0, sys.argv[1])
from engine.content import pool_for
from engine.heroes import registry as R
from engine.heroes.position import build_position
from engine.heroes.text import ability_text, reminders

card = {"id": "t_onslaught", "name": {"ru": "Таран", "en": "Ram"}, "type": "creature", "cost": 2, "strike": 1,
        "lives": 3, "abilities": [{"keyword": "onslaught"}]}
pool = pool_for("test", [card])
built = build_position(pool, {"active": 0, "p0": {"hero": "t_hero_steppe", "play": [{"card": "t_onslaught",
                       "name": "ram"}]}, "p1": {"hero": "t_hero_dark"}})
g = built.game
ram, hero = built.labels["ram"], g.players[1].hero
print(R.KEYWORDS["onslaught"].ru, g.attack_strike(ram, hero))
d = pool.cards["t_onslaught"]
print(ability_text(d.abilities[0], d, "ru") + "|" + ability_text(d.abilities[0], d, "en"))
print(reminders(d, "en"))
'''


def test_a_new_keyword_is_one_new_module(tmp_path: pathlib.Path) -> None:
    """Copy the engine, add keyword «Натиск» as one module (and its line in the package's import list), play it."""
    # The copy runs its own sources: a compiled build of the rules (mypyc's .so beside each module, their
    # shared library at the tree's root) would shadow them, and without that library it cannot even load.
    shutil.copytree(ROOT / "engine", tmp_path / "engine", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    shutil.copytree(ROOT / "tests" / "data", tmp_path / "tests" / "data")
    shutil.copytree(ROOT / "assets", tmp_path / "assets", ignore=shutil.ignore_patterns("*.png", "*.ttf", "*.otf"))
    package = tmp_path / "engine" / "heroes" / "abilities"
    (package / "kw_onslaught.py").write_text(NEW_KEYWORD, encoding="utf-8")
    init = (package / "__init__.py").read_text(encoding="utf-8")
    (package / "__init__.py").write_text(init.replace("    kw_combat,\n", "    kw_combat,\n    kw_onslaught,\n"),
                                         encoding="utf-8")
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(PLAY_IT), str(tmp_path)], capture_output=True,
                         text=True, cwd=tmp_path, check=False)
    assert out.returncode == 0, out.stderr[-3000:]
    lines = out.stdout.splitlines()
    assert lines[0].split() == ["Натиск", "3"]  # strike 1 + 2 against the hero
    assert lines[1] == "Натиск|Onslaught"  # the card's text names it, in both languages
    assert "+2 strike when it attacks a hero." in lines[2]  # and its reminder
