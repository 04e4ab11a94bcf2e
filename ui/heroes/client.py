"""What the shared client needs from «Берсерк. Герои» (found through ``ui.rulesets.find_client("heroes")``).

The session with undo, the log and the replay's lines, help, and saving under a name are the same for
every game; this adapter gives them the parts that are the game's own: starting and rebuilding its game,
which actions and events undo must not cross, the words for an event, the keywords help lists, the
table scene (its name in the scene registry and its class, which the demo is built on), the card faces
and the pictures for ``--screenshot``. The parts both games keep in like-named modules (the content on
offer, decks, the replay's board, the demo's game, the eager scripted player, the probe's facts) come
from :class:`ui.gameclient.GameClient`.
"""

from __future__ import annotations

from typing import Any

from engine.ai.observe import HIDDEN
from engine.heroes import registry as R
from engine.heroes.ai.observe import undo_hides
from engine.heroes.game import HeroesGame
from ui.gameclient import GameClient
from ui.heroes.table import eventlog, saving

# the event that tells best what an action did in the replay's list; other actions get a line of their own
HEADLINE = {"Play": "play", "Attack": "attack", "Defend": "defend", "DeclareTrigger": "trigger",
            "DeclineTrigger": "trigger_declined", "Mulligan": "mulligan_declared", "ChooseOrder": "order",
            "Activate": "activate", "EndTurn": "end_turn", "Concede": "concede", "OfferDraw": "draw_offered",
            "AcceptDraw": "draw_accepted", "DeclineDraw": "draw_declined", "WoundUndead": "undead_wound",
            "TimeOut": "time_out",
            "Forfeit": "forfeit"}


class HeroesClient(GameClient):
    """The «Герои» game as the shared client sees it."""

    package = "ui.heroes"
    ruleset = "heroes"
    table_scene = "table"  # the scene registry's name of this game's table (ui/registry.py)
    net_table_scene = "net_table"  # and of its table in a network game (ui/nettable.py's part mixed in)

    # ------------------------------------------------------------------ the game
    def game_from_dict(self, data: dict[str, Any], content: Any) -> HeroesGame:
        """The game rebuilt from ``to_dict`` data (undo), with the card pool it was played with."""
        return HeroesGame.from_dict(data, pool=content)

    def content_of(self, game: HeroesGame) -> Any:
        return game.pool

    def cards(self) -> Any:
        """The cards a game of this client is drawn with (a network game's view is rebuilt with them)."""
        return self.content.game_content()[0]

    @staticmethod
    def known_cards(state: dict[str, Any]) -> dict[int, str]:
        """Instance id -> card id of every card in a state (an observed one shows the hidden ones as "?")."""
        return {c["id"]: c["card"] for c in state["cards"]}

    @staticmethod
    def reveal(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
        """``before`` (a view's state) with each card it hid that ``after`` shows named: what a move about to
        be made shows (the card played) is named while the move is pointed at."""
        shown = {c["id"]: c["card"] for c in after["cards"] if c["card"] != HIDDEN}
        for c in before["cards"]:
            if c["card"] == HIDDEN and c["id"] in shown:
                c["card"] = shown[c["id"]]
        return before

    def undo_hides(self, action: Any, events: list[Any]) -> bool:
        """Would taking back ``action`` (which had ``events``) show a player something hidden? (The rules'
        answer: engine/heroes/ai/observe.py, which the network server asks too.)"""
        return undo_hides(action, events)

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

    def end_summary(self, session: Any, tr: Any) -> list[str]:
        """The end screen's lines: turns played, and each player's lives, cards played, lost and wounds taken."""
        g = session.game
        out = [tr("end.turns", n=g.turn)]
        played = [0, 0]
        deaths = [0, 0]
        wounds = [0, 0]
        for _, ev in session.log:
            t = ev.kind
            if t == "play" and ev.player in (0, 1):
                played[ev.player] += 1
            elif t == "death" and ev.card in g.cards:
                deaths[g.cards[ev.card].owner] += 1
            elif t == "wound" and ev.card in g.cards:
                wounds[g.cards[ev.card].controller] += ev.amount
        for p, pl in enumerate(g.players):
            out.append(tr("end.player", name=pl.name, lives=g.lives_left(pl.hero), played=played[p], lost=deaths[p],
                          wounds=wounds[p]))
        return out

    def headline(self, action: Any) -> str | None:
        """The kind of the event that tells best what ``action`` did (the replay's line for it)."""
        return HEADLINE.get(type(action).__name__)

    # ------------------------------------------------------------------ content
    def card_art(self, lang: str) -> Any:
        """The card faces (ui/heroes/cards.py), drawn and cached for the whole client."""
        from ui.heroes.cards import CardArt

        return CardArt(lang)

    # ------------------------------------------------------------------ the table
    def table_scene_class(self) -> type:
        from ui.heroes.scene import TableScene

        return TableScene

    def demo_table_class(self) -> type:
        """The table the demo is built on: the table scene with the demo's hooks (ui/heroes/demo.py)."""
        from ui.heroes.demo import HeroesDemoTable

        return HeroesDemoTable

    def save_named(self, table: Any, name: str) -> str | None:
        """Save the game at ``table`` under ``name``: None when it worked, else the reason to show."""
        return saving.save_named(table, name)

    # ------------------------------------------------------------------ scripts, tests and pictures
    def screenshots(self, app: Any, out: Any) -> list[Any]:
        """This game's pictures for ``--screenshot DIR``."""
        from ui.heroes.screenshots import shots

        return shots(app, out)


CLIENT = HeroesClient()
