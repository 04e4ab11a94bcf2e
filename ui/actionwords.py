"""Every action of every game in words: the replay's list, the log, the computer's captions.

The words of an action kind are the text ``act.<ruleset>.<kind>`` of assets/i18n (``act.classic.recruit``), a
game's module picking a variant for a case of it (``act.classic.use_on``: an ability with a target). Their
placeholders come from the action itself: ``{name}`` is the acting player, and each field of the action by
its own name — a card named as the table may show it, quotes included («…», with its cell in classic: the
texts do not quote a card themselves), a cell as the board's
edges label it, a player by name, a list of cards joined, a number as it is, yes/no in words. A game's module
(``ui/<game>/actionwords.py``, reached through its client's :meth:`~ui.gameclient.GameClient.action_words`)
says how to name its cards and cells and adds what the fields alone do not say (an ability's text).

A new action kind needs only its text in both languages when its fields say enough;
``tests/contract/test_action_words.py`` fails for a kind of any registered ruleset that has none.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

# fields holding one card, many cards, a cell, a player (by the field's name, the same in every game)
CARD_FIELDS = frozenset({"card", "attacker", "target", "host", "other", "attach", "defender", "source"})
CARDS_FIELDS = frozenset({"cards", "targets"})
CELL_FIELDS = frozenset({"to", "at", "cell"})
PLAYER_FIELDS = frozenset({"player", "winner", "loser"})


def key(ruleset: str, kind: str, variant: str = "") -> str:
    """The i18n key of an action kind's words (``act.classic.use``), or of one case of it (``…use_on``)."""
    return f"act.{ruleset}.{kind}" + (f"_{variant}" if variant else "")


def missing(ruleset: str, kind: str) -> list[str]:
    """The languages that have no words for the action ``kind`` of ``ruleset``."""
    from ui.i18n import LANGS, table

    return [lang for lang in LANGS if key(ruleset, kind) not in table(lang)]


@dataclass
class Namer:
    """How one game names what its actions hold, for one reader: cards, cells and players."""

    card: Callable[[int | None], str]
    cell: Callable[[Any], str]
    player: Callable[[int | None], str]


def field_words(action: Any, namer: Namer, tr: Any) -> dict[str, Any]:
    """Each field of ``action`` in words, under its own name (see the module's doc)."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if value is None:
            out[f.name] = ""
        elif f.name in CARD_FIELDS and isinstance(value, int):
            out[f.name] = namer.card(value)
        elif f.name in CARDS_FIELDS and isinstance(value, tuple):
            out[f.name] = ", ".join(namer.card(c) for c in value) if value else tr("act.none")
            out[f"{f.name}_n"] = len(value)
        elif f.name in CELL_FIELDS and isinstance(value, tuple):
            out[f.name] = namer.cell(value)
        elif f.name in PLAYER_FIELDS and isinstance(value, int):
            out[f.name] = namer.player(value)
        elif isinstance(value, bool):
            out[f.name] = tr("act.yes" if value else "act.no")
        elif isinstance(value, tuple):
            out[f.name] = ", ".join(str(v) for v in value)
        else:
            out[f.name] = value
    return out


def say(ruleset: str, action: Any, player: int | None, namer: Namer, tr: Any, variant: str = "",
        **extra: Any) -> str:
    """The words of ``action`` taken by ``player``: its kind's text (or that ``variant`` of it) filled from the
    action's fields and ``extra``. A kind with no text says so in its codec's form rather than failing."""
    k = key(ruleset, action.name, variant)
    if not tr.has(k):
        k = key(ruleset, action.name)
        if not tr.has(k):
            return str(action)  # tests/contract/test_action_words.py fails for this kind
    words = field_words(action, namer, tr)
    words.update(extra)
    words.setdefault("name", namer.player(player))
    return tr(k, **words)
