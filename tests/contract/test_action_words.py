"""Every action kind of every registered ruleset reads in words, in Russian and in English: the replay's list,
the log and the computer's captions say it from ``act.<ruleset>.<kind>`` (ui/actionwords.py). The kinds are
read from each ruleset's codec, so a kind added to any game fails here until it has its words."""

from __future__ import annotations

import dataclasses
import random
import re
import typing
from typing import Any

import pytest

from engine.core.ruleset import find_ruleset, ruleset_names
from ui.actionwords import CELL_FIELDS, PLAYER_FIELDS, missing
from ui.i18n import LANGS, Tr, table
from ui.rulesets import find_client

KINDS = [(name, kind, cls) for name in ruleset_names()
         for kind, cls in sorted(find_ruleset(name).codec.kinds().items())]
CYRILLIC = re.compile("[А-Яа-яЁё]")
_GAMES: dict[str, object] = {}


def sample(cls: type, card: int = 1) -> Any:
    """An action of kind ``cls`` with every field filled (the contract test words each kind of a codec)."""
    hints = typing.get_type_hints(cls)
    values: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        t = str(hints[f.name])
        if f.name in CELL_FIELDS:
            values[f.name] = (1, 1)
        elif "tuple" in t:
            values[f.name] = (card,)
        elif t == "<class 'bool'>" or t == "bool":
            values[f.name] = True
        elif "str" in t:
            values[f.name] = "x"
        elif f.name in PLAYER_FIELDS:
            values[f.name] = 0
        else:
            values[f.name] = card
    return cls(**values)


def _fresh_game(ruleset: str):
    """A new game of ``ruleset`` between two Latin-named players (its first decision open)."""
    if ruleset not in _GAMES:
        session = find_client(ruleset).demo_session(random.Random(0), ("Ann", "Bob"), "easy")
        _GAMES[ruleset] = session.game
    return _GAMES[ruleset]


def test_the_kinds_of_every_ruleset_are_found() -> None:
    rulesets = {name for name, _, _ in KINDS}
    assert {"heroes", "classic"} <= rulesets
    assert len([k for r, k, _ in KINDS if r == "classic"]) >= 24  # the battle's and the setup's


@pytest.mark.parametrize(("ruleset", "kind", "cls"), KINDS, ids=[f"{r}-{k}" for r, k, _ in KINDS])
def test_every_action_kind_has_its_words_in_both_languages(ruleset: str, kind: str, cls: type) -> None:
    fields = ", ".join("{" + f.name + "}" for f in dataclasses.fields(cls)) or "none"
    for lang in missing(ruleset, kind):
        raise AssertionError(
            f"the {ruleset} action {kind!r} ({cls.__module__}.{cls.__name__}) has no words in {lang}: add\n"
            f"    {kind} = \"…\"\nunder [act.{ruleset}] in assets/i18n/{lang}.toml (and in the other language). "
            f"Placeholders: {{name}}, the player who acts, and the action's fields by name: {fields} — a card "
            f"comes named and quoted, a cell as the board labels it, a player by name (ui/actionwords.py). "
            f"A case that needs other words is a variant key, {kind}_<case>, picked in ui/{ruleset}/actionwords.py.")


def test_a_kind_with_no_words_is_found() -> None:
    assert missing("classic", "retreat_not_worded") == list(LANGS)  # what a kind added with no words gives
    assert missing("classic", "move") == []


@pytest.mark.parametrize(("ruleset", "kind", "cls"), KINDS, ids=[f"{r}-{k}" for r, k, _ in KINDS])
def test_every_action_kind_is_said_in_words(ruleset: str, kind: str, cls: type) -> None:
    game = _fresh_game(ruleset)
    client = find_client(ruleset)
    action = sample(cls)
    said = {}
    for lang in LANGS:
        for open_ in (True, False):
            text = client.action_words(action, 0, game, Tr(lang), open=open_)
            assert text and text != str(action) and "{" not in text and "}" not in text, (lang, text)
            assert "_" not in text, (lang, text)  # no codec name (go_first, keep_hidden) left in it
            said[lang, open_] = text
    assert not CYRILLIC.search(said["en", True]), said["en", True]
    assert CYRILLIC.search(said["ru", True]), said["ru", True]


def test_every_variant_of_an_actions_words_is_in_both_languages() -> None:
    keys = {lang: {k for k in table(lang) if k.startswith("act.")} for lang in LANGS}
    assert keys["ru"] == keys["en"], keys["ru"] ^ keys["en"]
