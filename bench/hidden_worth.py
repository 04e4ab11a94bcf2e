"""What seeing the hidden cards would be worth to Hard: a diagnostic, not a level anyone plays.

Runs ``bench/ai_strength.py --only hard`` (every option of it is taken, e.g. ``--ruleset``, ``--queue``,
``--budget``, ``--hard``, ``--log``) with one change: every game Hard deals for its look-ahead is the real game
as it stands (the opponent's hand and, in classic, the face-down cards as they are), with only the order of
both decks shuffled and fresh dice. Normal still sees what its player sees. Hard's score here against its
score in the same games of a plain run says how much of what holds Hard back is what it cannot see, and so
whether guessing the opponent's hand better (from what he has played and not played) is worth building.

``--battle-only`` (classic): the real game only once the battle has begun; while squads are built and laid out
Hard guesses as always. Seeing the opponent's deal, squad and face-down layout while one's own is chosen is
knowledge no guess can come near, where the few cards that stay face down in the battle are not; the two runs
tell those apart.

The games it keeps with ``--log`` carry their own code digest, so they are never mixed into a real
measurement's log. Prints what ai_strength prints, and ``hidden_deals=<n>``: the look-ahead games dealt from
the real game (zero would mean the diagnostic measured nothing).
"""

from __future__ import annotations

import contextlib
import pathlib
import random
import sys
from collections.abc import Iterator
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import ai_strength  # noqa: E402

from engine.ai.observe import Observation  # noqa: E402
from engine.classic.ai import hard as classic_hard  # noqa: E402
from engine.classic.ai import normal as classic_normal  # noqa: E402
from engine.classic.game import ClassicGame  # noqa: E402
from engine.core.game import Game  # noqa: E402
from engine.heroes.ai import hard as heroes_hard  # noqa: E402
from engine.heroes.ai import normal as heroes_normal  # noqa: E402
from engine.heroes.game import HeroesGame  # noqa: E402

_game: list[Game | None] = [None]  # the game the bench is asking about now
_hard_thinking = [False]
_battle_only = [False]
dealt = [0]


def _seen(game: Game, rng: random.Random) -> Game:
    """A copy of the real game with both decks shuffled again and fresh dice (drawn from ``rng``, Hard's)."""
    dealt[0] += 1
    return shuffled(game, rng)


def shuffled(game: Game, rng: random.Random) -> Game:
    """A copy of ``game`` with both decks shuffled again by ``rng`` and fresh dice drawn from it; the hands and
    everything else as they are."""
    if isinstance(game, ClassicGame):
        state = game.to_dict(with_cards=False)
        for deck in state["decks"]:
            rng.shuffle(deck)
        state["rng"] = format(rng.getrandbits(64), "016x")
        return ClassicGame.from_dict(state, cards=game.cards)
    assert isinstance(game, HeroesGame)
    state = game.to_dict()
    for p in state["players"]:
        rng.shuffle(p["deck"])
    state["rng"] = format(rng.getrandbits(64), "016x")
    return HeroesGame.from_dict(state, pool=game.pool)


def _sees() -> Game | None:
    """The real game, when Hard is thinking and may see it now; else None (deal as always)."""
    game = _game[0]
    if (not _hard_thinking[0] or game is None
            or (_battle_only[0] and isinstance(game, ClassicGame) and game.setup is not None)):
        return None
    return game


def _dealer(plain: Any) -> Any:
    def determinize(obs: Observation, rng: random.Random, content: Any = None) -> Game:
        game = _sees()
        return plain(obs, rng, content) if game is None else _seen(game, rng)
    return determinize


def _tree_dealer(plain: Any) -> Any:
    """The same for a search's own ``determinize`` method (classic Hard's guesses the opponent's squad)."""
    def determinize(self: Any, obs: Observation, rng: random.Random) -> Game:
        game = _sees()
        return plain(self, obs, rng) if game is None else _seen(game, rng)
    return determinize


def _thinking(choose: Any) -> Any:
    def hard_choose(self: Any, obs: Observation) -> Any:
        _hard_thinking[0] = True
        try:
            return choose(self, obs)
        finally:
            _hard_thinking[0] = False
    return hard_choose


@contextlib.contextmanager
def installed(battle_only: bool = False) -> Iterator[None]:
    """Within it Hard (only Hard) deals its look-ahead games from the game the bench asks about (with
    ``battle_only``, in classic only once the battle has begun); everything is put back after."""
    observe, digest = ai_strength.observe, ai_strength.code_digest
    _battle_only[0] = battle_only
    mark = "-sees-battle" if battle_only else "-sees-hidden"

    def asked(game: Game, player: int | None, *args: Any, **kwargs: Any) -> Observation:
        _game[0] = game
        return observe(game, player, *args, **kwargs)

    plain = {m: m.determinize for m in (heroes_hard, heroes_normal, classic_hard, classic_normal)}  # type: ignore[attr-defined]
    chooses = {bot: bot.choose for bot in (heroes_hard.HardBot, classic_hard.HardBot)}
    trees = {tree: (tree.determinize, tree.__dict__.get("determinize"))
             for tree in (heroes_hard.HeroesTree, classic_hard.ClassicTree)}
    ai_strength.observe = asked
    ai_strength.code_digest = lambda *a, **k: digest(*a, **k) + mark
    for module, deal in plain.items():
        module.determinize = _dealer(deal)  # type: ignore[attr-defined]
    for bot, choose in chooses.items():
        bot.choose = _thinking(choose)  # type: ignore[method-assign]
    for tree, (deal, _) in trees.items():
        tree.determinize = _tree_dealer(deal)  # type: ignore[method-assign]
    try:
        yield
    finally:
        ai_strength.observe, ai_strength.code_digest = observe, digest
        for module, deal in plain.items():
            module.determinize = deal  # type: ignore[attr-defined]
        for bot, choose in chooses.items():
            bot.choose = choose  # type: ignore[method-assign]
        for tree, (_, own) in trees.items():
            if own is None:
                del tree.determinize  # it was the base class's
            else:
                tree.determinize = own  # type: ignore[method-assign]
        _game[0] = None
        _battle_only[0] = False


def main(argv: list[str]) -> None:
    if any(a.startswith("--only") for a in argv):
        raise SystemExit("hidden_worth.py measures Hard against Normal only: leave --only out")
    battle_only = "--battle-only" in argv
    given = sys.argv
    # the rest are ai_strength's own options, read by its main()
    sys.argv = ["hidden_worth.py", *(a for a in argv if a != "--battle-only"), "--only", "hard"]
    try:
        with installed(battle_only):
            ai_strength.main()
    finally:
        sys.argv = given
    print(f"hidden_deals={dealt[0]}")


if __name__ == "__main__":
    main(sys.argv[1:])
