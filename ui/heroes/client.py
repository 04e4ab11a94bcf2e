"""What the shared client needs from «Берсерк. Герои» (found through ``ui.rulesets.find_client("heroes")``).

The session with undo, the log and the replay's lines, help, and saving under a name are the same for
every game; this adapter gives them the parts that are the game's own: starting and rebuilding its game,
which actions and events undo must not cross, the words for an event, the keywords help lists, and the
table scene's name in the scene registry.
"""

from __future__ import annotations

from typing import Any

from engine.heroes import actions as A
from engine.heroes import registry as R
from engine.heroes.game import HeroesGame
from ui.heroes.table import eventlog, saving

# Events that show something a player did not know before: undoing past them would let a
# player peek (CR has no take-backs; this is a courtesy between friends).
HIDDEN_EVENTS = frozenset({"draw", "shuffle", "die", "reveal", "reveal_card", "hide", "mulligan_declared", "order",
                           "failed_draw"})
# Decisions whose choice is made on cards the other player does not see (undo would show a new deal).
HIDDEN_CHOICES = (A.Choose, A.Mulligan, A.ChooseOrder, A.Reveal)


class HeroesClient:
    """The «Герои» game as the shared client sees it."""

    ruleset = "heroes"
    table_scene = "table"  # the scene registry's name of this game's table (ui/registry.py)

    # ------------------------------------------------------------------ the game
    def game_from_dict(self, data: dict[str, Any], content: Any) -> HeroesGame:
        """The game rebuilt from ``to_dict`` data (undo), with the card pool it was played with."""
        return HeroesGame.from_dict(data, pool=content)

    def content_of(self, game: HeroesGame) -> Any:
        return game.pool

    def undo_hides(self, action: Any, events: list[Any]) -> bool:
        """Would taking back ``action`` (which had ``events``) show a player something hidden?"""
        if isinstance(action, HIDDEN_CHOICES):
            return True
        return any(ev.kind in HIDDEN_EVENTS or (ev.kind == "move" and ev.src == "deck") for ev in events)

    # ------------------------------------------------------------------ words
    def describe(self, event: Any, game: Any, tr: Any) -> str | None:
        """One line of the log for ``event``, or None for an event not worth a line."""
        return eventlog.describe(event, game, tr)

    def player_name(self, game: Any, player: int | None) -> str:
        return eventlog.player_name(game, player)

    def keywords(self, lang: str) -> list[tuple[str, str]]:
        """(name, reminder text) of every keyword, sorted by name in ``lang``, for help."""
        out = []
        for kw in R.KEYWORDS.values():
            name = kw.ru if lang == "ru" else kw.en
            text = kw.reminder_ru if lang == "ru" else kw.reminder_en
            out.append((name, text.replace("{v}", "X").replace("{f}", "…")))
        return sorted(out)

    # ------------------------------------------------------------------ the table
    def save_named(self, table: Any, name: str) -> str | None:
        """Save the game at ``table`` under ``name``: None when it worked, else the reason to show."""
        return saving.save_named(table, name)


CLIENT = HeroesClient()
