"""Effects on a player: cards, coins and prayers (CR 519.3-519.4, 521.4-521.5, 7 Возьмите карту…).

«выбранный игрок» is named by choosing their hero: with a ``target`` the players are the controllers of
the chosen cards, else ``player`` says whom (you, opponent, each)."""

from __future__ import annotations

from typing import Any

from engine.heroes import events as E
from engine.heroes.abilities.base import Effect, effect, param
from engine.heroes.queue import QueueItem

_WHOM = {"count": param("amount"), "player": param("player", False, "you"), "target": param("target", False)}


class _PlayerEffect(Effect):
    """Done once for each player named; True when it did something to one of them."""

    def run(self, game: Any, item: QueueItem, eff: dict[str, Any], slot_index: int) -> bool | None:
        whom = game.players_of(eff.get("player", "you"), item.controller)
        if "target" in eff:
            whom = [game.cards[t].controller for t in game.resolve_targets(item, eff, slot_index) or []]
        n = self.amount(eff, item.x or 0, "count")
        done = False
        for p in whom:
            done |= self.to_player(game, p, n)
        return done

    def to_player(self, game: Any, p: int, n: int) -> bool:
        raise NotImplementedError


@effect
class Draw(_PlayerEffect):
    name = "draw"
    params = _WHOM
    rule = "CR 7 Возьмите карту"

    def to_player(self, game: Any, p: int, n: int) -> bool:
        return game.draw(p, n) > 0


@effect
class Mill(_PlayerEffect):
    name = "mill"
    params = _WHOM
    rule = "CR 7 Убрать на кладбище"

    def to_player(self, game: Any, p: int, n: int) -> bool:
        done = False
        for _ in range(n):
            if game.players[p].deck:
                game.move(game.players[p].deck[0], "grave")
                done = True
        return done


@effect
class LoseCoins(_PlayerEffect):
    name = "lose_coins"
    params = {**_WHOM, "player": param("player", False, "opponent")}
    rule = "CR 521.5"

    def to_player(self, game: Any, p: int, n: int) -> bool:
        return game.lose_coins(p, n) > 0


@effect
class Discard(Effect):
    """CR 7 Сбросьте карту: each named player picks from their own hand; all if fewer (CR 519.4)."""

    name = "discard"
    params = _WHOM
    rule = "CR 519.4"

    def run(self, game: Any, item: QueueItem, eff: dict[str, Any], slot_index: int) -> bool | None:
        return game.run_discard(item, eff, self.amount(eff, item.x or 0, "count"), slot_index)


@effect
class GainCoins(Effect):
    name = "gain_coins"
    params = {"count": param("amount"), "temporary": param("bool", False, False)}
    rule = "CR 521.4"

    def run(self, game: Any, item: QueueItem, eff: dict[str, Any], slot_index: int) -> bool | None:
        controller = item.controller
        n = self.amount(eff, item.x or 0, "count")
        pl = game.players[controller]
        if eff.get("temporary"):
            pl.temp_coins += n  # CR 521.4: gone at the end of the turn
        else:
            pl.coins += n
        game.emit(E.CoinsChanged(player=controller, delta=n))
        return True


@effect
class GainPrayers(Effect):
    """Prayer tokens, through the replacement effects waiting for them (CR 516)."""

    name = "gain_prayers"
    params = {"count": param("amount")}
    rule = "CR 7 Жетоны молитвы"

    def run(self, game: Any, item: QueueItem, eff: dict[str, Any], slot_index: int) -> bool | None:
        return game.run_gain_prayers(item, self.amount(eff, item.x or 0, "count"))
