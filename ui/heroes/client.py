"""What the shared client needs from «Берсерк. Герои» (found through ``ui.rulesets.find_client("heroes")``).

The session with undo, the log and the replay's lines, help, and saving under a name are the same for
every game; this adapter gives them the parts that are the game's own: starting and rebuilding its game,
which actions and events undo must not cross, the words for an event, the keywords help lists, the
table scene (its name in the scene registry and its class, which the demo is built on), the replay's
board, the card faces and the content on offer (decks, the player's own cards), and what the test and
screenshot drivers need (an eager scripted player, the probe's facts, the pictures).
"""

from __future__ import annotations

from typing import Any

from engine.heroes import actions as A
from engine.heroes import registry as R
from engine.heroes.game import HeroesGame
from ui.heroes.table import eventlog, saving

# the event that tells best what an action did in the replay's list; other actions get a line of their own
HEADLINE = {"Play": "play", "Attack": "attack", "Defend": "defend", "DeclareTrigger": "trigger",
            "DeclineTrigger": "trigger_declined", "Mulligan": "mulligan_declared", "ChooseOrder": "order",
            "Activate": "activate", "EndTurn": "end_turn", "Concede": "concede", "OfferDraw": "draw_offered",
            "WoundUndead": "undead_wound"}
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
    @property
    def content(self) -> Any:
        """The card pool and decks on offer, the player's own cards and decks (ui/heroes/content.py)."""
        from ui.heroes import content

        return content

    def card_art(self, lang: str) -> Any:
        """The card faces (ui/heroes/cards.py), drawn and cached for the whole client."""
        from ui.heroes.cards import CardArt

        return CardArt(lang)

    @property
    def decks(self) -> Any:
        """The card browser's and the deck builder's view of this game's cards and decks (decks.py)."""
        from ui.heroes.decks import DECKS

        return DECKS

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

    def replay_board(self, app: Any) -> Any:
        """The board the replay scene draws the game on (ui/heroes/replay_board.py)."""
        from ui.heroes.replay_board import ReplayBoard

        return ReplayBoard(app)

    def demo_session(self, rng: Any, names: tuple[str, str], level: str, *, executor: Any = None,
                     bot_options: dict[str, Any] | None = None) -> Any:
        """A game between two random ready decks for the demo, both seats played by the bot at ``level``."""
        from ui.controllers import BotController
        from ui.heroes.content import deck_issues, game_content
        from ui.session import start_session

        pool, offered = game_content()
        ready = [c for c in offered if not c.own and not deck_issues(pool, c, "ru")] or list(offered)
        pair = rng.sample(ready, 2) if len(ready) >= 2 else [ready[0], ready[0]]
        seed = rng.randrange(1 << 30)
        s = start_session(pool, pair, names, (level, level), seed)
        s.controllers = [BotController(level, seed + i, executor=executor, **(bot_options or {}))
                         for i in range(2)]
        return s

    # ------------------------------------------------------------------ scripts, tests and pictures
    def eager_action(self, game: Any, rng: Any) -> Any:
        """What an eager scripted player does now (ui/scripted.py moves games along with it)."""
        from ui.heroes.scripted import eager_action

        return eager_action(game, rng)

    def probe_game(self, session: Any) -> dict[str, Any]:
        """The game's facts for the real-window test's probe (ui/probe.py)."""
        from ui.heroes.probe import game_facts

        return game_facts(session)

    def probe_table(self, table: Any) -> dict[str, Any]:
        """The table's cards, legal drags and buttons for the probe."""
        from ui.heroes.probe import table_facts

        return table_facts(table)

    def screenshots(self, app: Any, out: Any) -> list[Any]:
        """This game's pictures for ``--screenshot DIR``."""
        from ui.heroes.screenshots import shots

        return shots(app, out)


CLIENT = HeroesClient()
