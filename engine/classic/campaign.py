"""A campaign of classic «Берсерк» (2007 part 8): a series of games to two wins, and what passes between them.

:class:`Campaign` is a game of the core's API (who decides, the legal actions, ``apply``, the outcome,
``to_dict``/``from_dict``, the state hash) that holds one :class:`ClassicGame` at a time: inside a game it
hands every action to it; when it ends, the campaign scores it (2007 8.1), works out what passes on
(:mod:`engine.classic.carry`: 2007 8.2.3–8.3) and waits between games for the loser's choice of two cards
of his deck (``next_game cards=…``, 2007 8.4); then the next game begins from each side's deck, with his
kept cards opening the deal (2007 8.3–8.5) and his graveyard as it was. Each game's seed is drawn from the
campaign's own generator, so a campaign is its seed and its actions; saves, the replay and the bots drive it
as they drive a game. Retreat itself (2007 8.2.1–8.2.2) is an action of the game, offered in a campaign's
games only. The decisions the rules leave open are in docs/classic-rules.md («Кампания»).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import combinations_with_replacement
from typing import Any, ClassVar

from engine.classic import actions as A
from engine.classic import events as E
from engine.classic import pending as P
from engine.classic import recruit
from engine.classic.cards import ClassicCard, card_from_dict
from engine.classic.carry import Carried, Side, bring_in, carry_over
from engine.classic.decks import ClassicDeck
from engine.classic.game import ClassicGame
from engine.core.actions import Action
from engine.core.errors import IllegalAction
from engine.core.events import Event, Outcome
from engine.core.game import Game
from engine.core.pending import Decision
from engine.core.rng import Rng

VERSION = 1
WINS = 2  # 2007 8.1: the first to win two games wins the campaign
CHOICE = 2  # 2007 8.4: the loser of the last game chooses two cards of his deck


class Campaign(Game):
    """A series of classic games between players 0 and 1 until one of them has won two (2007 8.1)."""

    ruleset: ClassVar[str] = "classic"
    kind: ClassVar[str] = "campaign"
    META: ClassVar[frozenset[type[Action]]] = ClassicGame.META  # conceding and draw offers, inside a game

    def __init__(self, cards: Mapping[str, ClassicCard]) -> None:
        self.cards: dict[str, ClassicCard] = dict(cards)
        self.seed = 0
        self.rng = Rng(0)
        self.edition = "2007"
        self.names = ["Игрок 1", "Игрок 2"]
        self.decks: list[list[str]] = [[], []]  # each player's whole deck as the campaign began
        self.score = [0, 0]
        self.number = 0  # the game under way, or the one just played
        self.results: list[dict[str, Any]] = []  # each finished game: winner, reason, what passed on
        self.game: ClassicGame | None = None
        self.sides: list[Side] | None = None  # between games: what each player brings to the next
        self.pending: Decision | None = None  # between games: the loser's choice (P.BeginNextGame)
        self._outcome: Outcome | None = None
        self.setup_events: list[Event] = []  # what happened as the first game was set up

    # ================================================================== creation
    @classmethod
    def start(cls, cards: Mapping[str, ClassicCard], decks: Sequence[ClassicDeck | Sequence[str]], *, seed: int = 0,
              edition: str = "2007", names: Sequence[str] = ("Игрок 1", "Игрок 2"),
              check_decks: bool = True) -> Campaign:
        """A campaign between two decks; its first game begins at once (the decks checked unless
        ``check_decks`` is false, as :meth:`ClassicGame.start` does)."""
        if len(decks) != 2:
            raise ValueError("a campaign needs two decks")
        c = cls(cards)
        c.seed = seed
        c.rng = Rng(seed)
        c.edition = edition
        c.names = list(names)
        c.decks = [d.card_list() if isinstance(d, ClassicDeck) else list(d) for d in decks]
        c.setup_events = c._begin([Side(deck=sorted(d)) for d in c.decks], check_decks=check_decks)
        return c

    def _begin(self, sides: list[Side], *, check_decks: bool = False) -> list[Event]:
        """The next game: decks shuffled and the die rolled by ClassicGame.start, then the graveyards and the
        kept deals brought in (2007 8.3); returns the events of its setup so far."""
        self.number += 1
        g = ClassicGame.start(self.cards, [s.deck for s in sides], seed=self.rng.next64(), edition=self.edition,
                              names=self.names, check_decks=check_decks)
        bring_in(g, sides)
        g.campaign = list(self.score)
        events: list[Event] = [E.NextGameBegan(number=self.number), *g.setup_events]
        g.setup_events = events
        self.game, self.sides, self.pending = g, None, None
        return events

    # ================================================================== the decision API
    @property
    def current(self) -> ClassicGame:
        """The game under way, or the last one played (between games and once the campaign is over)."""
        assert self.game is not None
        return self.game

    @property
    def decider(self) -> int | None:
        if self._outcome is not None:
            return None
        if self.pending is not None:
            return self.pending.player
        return self.current.decider

    @property
    def between(self) -> bool:
        """A game has ended and the next waits for the loser's choice."""
        return self.pending is not None

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def turn(self) -> int:
        return self.current.turn

    def legal_actions(self) -> list[Action]:
        if self._outcome is not None:
            return []
        if self.pending is None:
            return self.current.legal_actions()
        return [A.NextGame(cards=cards) for cards in self._choices()]

    @property
    def room(self) -> int:
        """How many cards the loser takes now (2007 8.4), between games; 0 in a game."""
        return self.pending.choose if isinstance(self.pending, P.BeginNextGame) else 0

    def _choices(self) -> list[tuple[str, ...]]:
        """Every set of cards the loser may take (2007 8.4): ``choose`` of his deck, by card id, sorted."""
        assert self.pending is not None and self.sides is not None
        counts = Counter(self.sides[self.pending.player].deck)
        n = self.room
        return [combo for combo in combinations_with_replacement(sorted(counts), n)
                if all(counts[cid] >= k for cid, k in Counter(combo).items())]

    def apply(self, action: Action) -> list[Event]:
        """Inside a game the action is the game's (its refusals unchanged); between games only ``next_game``."""
        if self._outcome is not None:
            raise IllegalAction("game_over", "Кампания уже окончена.", "The campaign is already over.")
        if self.pending is None:
            if isinstance(action, A.NextGame):
                raise IllegalAction("in_game", "Игра кампании ещё идёт: следующая начнётся, когда она кончится.",
                                    "A game of the campaign is still on: the next begins when it ends.")
            events = self.current.apply(action)
            if self.current.is_over:
                events = events + self._game_over()
            return events
        if not isinstance(action, A.NextGame):
            raise IllegalAction("between_games", "Между играми кампании можно только начать следующую игру.",
                                "Between the games of a campaign the only thing to do is to begin the next one.")
        self._check_choice(action.cards)
        return self._next(sorted(action.cards))

    def _check_choice(self, cards: Sequence[str]) -> None:
        assert self.pending is not None and self.sides is not None
        n = self.room
        who = self.names[self.pending.player]
        if len(cards) != n:
            if n == 0:
                raise IllegalAction("choose_none", "Карты из колоды сейчас не выбирают: начните следующую игру.",
                                    "No cards of the deck are chosen now: begin the next game.")
            raise IllegalAction("choose_count", f"{who} выбирает из колоды карт: {n} (2007 8.4).",
                                f"{who} chooses {n} cards of the deck (2007 8.4).")
        missing = Counter(cards) - Counter(self.sides[self.pending.player].deck)
        if missing:
            raise IllegalAction("not_in_deck", "Выбрать можно только карты своей колоды.",
                                "Only cards of one's own deck can be chosen.")

    def _game_over(self) -> list[Event]:
        """Score the game (2007 8.1), work out what passes on (2007 8.2.3–8.3), then end the campaign or wait
        for the loser's choice (2007 8.4)."""
        g = self.current
        out = g.outcome
        assert out is not None
        winner = out.winner
        if winner is not None:
            self.score[winner] += 1
        sides, done = carry_over(g)
        events: list[Event] = [E.CampaignScored(number=self.number, winner=winner, score=list(self.score))]
        for p, note in enumerate(done):
            events.append(E.CarriedOver(player=p, kept=list(note.kept), to_deck=list(note.to_deck),
                                        to_graveyard=list(note.to_graveyard)))
        self.results.append(_result(self.number, g, done, sides))
        self.sides = sides
        # 2007 8.1: two wins; a player with no creature left to recruit can never win another game
        able = [any(self.cards[cid].type == "creature" for cid in s.cards()) for s in sides]
        if max(self.score) >= WINS:
            self._finish(self.score.index(max(self.score)), "two_wins", events)
        elif not any(able):
            self._finish(None, "no_creatures", events)
        elif not all(able):
            self._finish(able.index(True), "no_creatures", events)
        else:
            loser = None if winner is None else 1 - winner
            side = sides[loser] if loser is not None else None
            # 2007 8.4: two cards, fewer when the deck holds fewer or the deal's 15 leaves less room
            n = 0 if side is None else max(0, min(CHOICE, len(side.deck), recruit.DEAL - len(side.kept)))
            self.pending = P.BeginNextGame(player=g.first if loser is None else loser, choose=n)
        return events

    def _finish(self, winner: int | None, reason: str, events: list[Event]) -> None:
        self._outcome = Outcome(winner=winner, reason=reason)
        self.pending = None
        events.append(E.CampaignOver(winner=winner, score=list(self.score)))

    def _next(self, cards: list[str]) -> list[Event]:
        """The loser's cards go from his deck to the front of his next deal (2007 8.4); the next game begins."""
        assert self.pending is not None and self.sides is not None
        p = self.pending.player
        side = self.sides[p]
        events: list[Event] = []
        if cards:
            for cid in cards:
                side.deck.remove(cid)
            side.kept.extend(cards)
            self.results[-1]["chosen"] = list(cards)
            self.results[-1]["deck"][p] = len(side.deck)
            events.append(E.CardsChosen(player=p, cards=list(cards)))
        return events + self._begin(self.sides)

    # ================================================================== state
    def to_dict(self, *, with_cards: bool = True) -> dict[str, Any]:
        """The whole campaign as JSON data: the score, what passed between the games, the game under way."""
        state: dict[str, Any] = {
            "ruleset": self.ruleset, "kind": self.kind, "version": VERSION, "seed": self.seed,
            "rng": self.rng.to_json(), "edition": self.edition, "names": list(self.names),
            "decks": [list(d) for d in self.decks], "score": list(self.score), "number": self.number,
            "results": [dict(r) for r in self.results],
            "sides": None if self.sides is None else [s.to_dict() for s in self.sides],
            "pending": None if self.pending is None else self.pending.to_dict(),
            "outcome": None if self._outcome is None else self._outcome.to_dict(),
            "turn": self.current.turn if self.game is not None else 0,
            "game": None if self.game is None else self.game.to_dict(with_cards=False),
        }
        if with_cards:
            used = sorted({cid for d in self.decks for cid in d})
            state["cards"] = {cid: self.cards[cid].to_dict() for cid in used}
        return state

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, cards: Mapping[str, ClassicCard] | None = None,
                  **_: Any) -> Campaign:
        """Rebuild a campaign from :meth:`to_dict` data (the cards inside it, or ``cards`` already read)."""
        if data.get("ruleset") != cls.ruleset or data.get("kind") != cls.kind:
            raise ValueError("not a classic campaign")
        if data.get("version") != VERSION:
            raise ValueError(f"unsupported campaign version {data.get('version')!r}")
        c = cls(cards if cards is not None else {cid: card_from_dict(d) for cid, d in data["cards"].items()})
        c.seed = data["seed"]
        c.rng = Rng.from_json(data["rng"])
        if data["edition"] not in recruit.EDITIONS:
            raise ValueError(f"unknown classic edition {data['edition']!r}")
        c.edition = data["edition"]
        c.names = [str(n) for n in data["names"]]
        c.decks = [[str(cid) for cid in d] for d in data["decks"]]
        c.score = [int(w) for w in data["score"]]
        c.number = int(data["number"])
        c.results = [dict(r) for r in data["results"]]
        c.sides = None if data["sides"] is None else [Side.from_dict(s) for s in data["sides"]]
        c.pending = P.from_dict(data["pending"])
        c._outcome = None if data["outcome"] is None else Outcome.from_dict(data["outcome"])
        c.game = None if data["game"] is None else ClassicGame.from_dict(data["game"], cards=c.cards)
        for cid in {cid for d in c.decks for cid in d}:
            if cid not in c.cards:
                raise ValueError(f"a deck names unknown card {cid!r}")
        return c

    def clone(self) -> Campaign:
        return Campaign.from_dict(self.to_dict(with_cards=False), cards=self.cards)


def _result(number: int, g: ClassicGame, done: list[Carried], sides: list[Side]) -> dict[str, Any]:
    """One finished game as the screen between games shows it: who won and why, what passed on, the piles."""
    out = g.outcome
    assert out is not None
    return {"number": number, "winner": out.winner, "reason": out.reason, "first": g.first, "turns": g.turn,
            "carried": [d.to_dict() for d in done], "deck": [len(s.deck) for s in sides],
            "graveyard": [sorted(r["card"] for r in s.graveyard) for s in sides], "chosen": []}
