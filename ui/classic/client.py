"""What the shared client needs from classic «Берсерк» (found through ``ui.rulesets.find_client("classic")``);
the same shape as «Герои»'s adapter, ui/heroes/client.py."""

from __future__ import annotations

from typing import Any

from ui.classic import eventlog
from ui.gameclient import GameClient

HEADLINE = {"Move": "move", "Strike": "strike_declared", "Defend": "defender", "Lower": "lowered",
            "EndTurn": "end_turn", "Concede": "concede", "OfferDraw": "draw_offered", "AcceptDraw": "draw_accepted",
            "DeclineDraw": "draw_declined", "Retreat": "retreat", "NextGame": "campaign_next", "TimeOut": "time_out",
            "Forfeit": "forfeit"}


class ClassicClient(GameClient):
    """Classic «Берсерк» as the shared client sees it."""

    package = "ui.classic"
    ruleset = "classic"
    table_scene = "classic_table"  # the scene registry's name of this game's table
    net_table_scene = "classic_net_table"  # and of its table in a network game (ui/nettable.py's part mixed in)

    # ------------------------------------------------------------------ the game
    def game_from_dict(self, data: dict[str, Any], content: Any) -> Any:
        """The game (or campaign) rebuilt from ``to_dict`` data (undo) with the cards it was played with: the
        data's card tables leave out each card's picture and the file it came from."""
        from engine.classic.campaign import Campaign
        from engine.classic.game import ClassicGame

        if data.get("kind") == Campaign.kind:
            return Campaign.from_dict(data, cards=content)
        return ClassicGame.from_dict(data, cards=content)

    def current(self, game: Any) -> Any:
        """A campaign's game now (2007 part 8); a lone game is itself."""
        from engine.classic.campaign import Campaign

        return game.current if isinstance(game, Campaign) else game

    def content_of(self, game: Any) -> Any:
        return game.cards

    def cards(self) -> Any:
        """The cards a game of this client is drawn with (a network game's view is rebuilt with them)."""
        return self.content.classic_cards()

    @staticmethod
    def known_cards(state: dict[str, Any]) -> dict[int, str]:
        """Instance id -> card id of every card in a state (an observed one shows the hidden ones as "?")."""
        out = {row[0]: row[2] for row in state["instances"]}
        out.update((c["id"], c["card"]) for c in state["creatures"])
        return out

    @classmethod
    def reveal(cls, before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
        """``before`` (a view's state) with each card it hid that ``after`` shows named (see the «Герои» one)."""
        from engine.ai.observe import HIDDEN

        shown = {i: c for i, c in cls.known_cards(after).items() if c != HIDDEN}
        for row in before["instances"]:
            if row[2] == HIDDEN and row[0] in shown:
                row[2] = shown[row[0]]
        for c in before["creatures"]:
            if c["card"] == HIDDEN and c["id"] in shown:
                c["card"] = shown[c["id"]]
        return before

    def undo_hides(self, action: Any, events: list[Any]) -> bool:
        """Would taking back ``action`` show what nobody knew, or roll again (engine/classic/ai/observe.py)?"""
        from engine.classic.ai.observe import undo_hides

        return undo_hides(action, events)

    # ------------------------------------------------------------------ words
    def describe(self, event: Any, game: Any, tr: Any) -> str | None:
        return eventlog.describe(event, self.current(game), tr)

    def describe_run(self, events: list[Any], game: Any, tr: Any) -> list[str | None]:
        """Each event's line, every card named on the cell it stood on then (ui/classic/eventlog.py)."""
        return eventlog.describe_run(events, self.current(game), tr)

    def player_name(self, game: Any, player: int | None) -> str:
        return eventlog.player_name(self.current(game), player)

    def keywords(self, lang: str) -> list[tuple[str, str]]:
        """(name, reminder) of every classic ability that means more than its own words, for help."""
        from engine.classic.text import glossary

        return glossary(lang)

    def headline(self, action: Any) -> str | None:
        return HEADLINE.get(type(action).__name__)

    def end_summary(self, session: Any, tr: Any) -> list[str]:
        """The end screen's lines: turns played, and each side's creatures left and lost."""
        g = self.current(session.game)
        out = [tr("end.turns", n=g.turn)]
        for p in (0, 1):
            out.append(tr("classic.end_summary", name=g.names[p], alive=len(g.on_board(p)), dead=len(g.graveyard(p))))
        return out

    # ------------------------------------------------------------------ the table
    def table_scene_class(self) -> type:
        from ui.classic.scene import ClassicTableScene

        return ClassicTableScene

    def demo_table_class(self) -> type:
        """The table the demo is built on: the table scene with the demo's hooks (ui/classic/demo.py)."""
        from ui.classic.demo import ClassicDemoTable

        return ClassicDemoTable

    def save_named(self, table: Any, name: str) -> str | None:
        from ui.classic import saving

        return saving.save_named(table, name)

    # ------------------------------------------------------------------ scripts, tests and pictures
    def screenshots(self, app: Any, out: Any) -> list[Any]:
        from ui.classic import word_shots
        from ui.classic.botshots import computer_shots
        from ui.classic.campaign_shots import campaign_shots
        from ui.classic.prelim_shots import shots as prelim_shots
        from ui.classic.screenshots import shots

        return shots(app, out) + computer_shots(app, out) + campaign_shots(app, out) + word_shots.shots(app, out) + prelim_shots(app, out)


CLIENT = ClassicClient()
