"""Effects on a card's state: tapping, stunning, poison, hiding (CR 7 Оглушить, Закрыть, Отравление…)."""

from __future__ import annotations

from typing import Any

from engine.heroes import events as E
from engine.heroes.abilities.base import Effect, effect, param


@effect
class Stun(Effect):
    name = "stun"
    params = {"target": param("target")}
    rule = "CR 7 Оглушить"

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        c = game.cards[t]
        if c.zone != "play":
            return False
        c.tapped = True
        c.stunned = True
        game.emit(E.Stunned(card=t))
        return True


@effect
class Tap(Effect):
    name = "tap"
    params = {"target": param("target")}
    rule = "CR 7 Закрыть"

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        c = game.cards[t]
        was = c.tapped
        c.tapped = True
        game.emit(E.Tapped(t))
        return not was


@effect
class Untap(Effect):
    name = "untap"
    params = {"target": param("target")}
    rule = "CR 7 Открытие карты"

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        c = game.cards[t]
        was = c.tapped
        c.tapped = False
        game.emit(E.Untapped(card=t))
        return was


@effect
class Prepare(Effect):
    """CR 7 Подготовить: open it and clear its once-per-turn markers."""

    name = "prepare"
    params = {"target": param("target")}
    rule = "CR 7 Подготовить"

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        c = game.cards[t]
        c.tapped = False
        c.used = {}
        game.emit(E.Prepared(card=t))
        return True


@effect
class Poison(Effect):
    """CR 7 Отравление: the latest poison replaces the earlier one."""

    name = "poison"
    params = {"amount": param("amount"), "target": param("target")}
    rule = "CR 7 Отравление на X"

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        if "poison" in game.protections(t):
            return False
        c = game.cards[t]
        c.poison = self.amount(eff, x)
        game.emit(E.Poisoned(card=t, amount=c.poison))
        return True


@effect
class AddPoison(Effect):
    """CR 7 Усилить отравление: only on poisoned cards."""

    name = "add_poison"
    params = {"amount": param("amount"), "target": param("target")}
    rule = "CR 7 Усилить отравление"

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        c = game.cards[t]
        if c.poison <= 0:
            return False
        c.poison += self.amount(eff, x)
        game.emit(E.Poisoned(card=t, amount=c.poison))
        return True


@effect
class Cleanse(Effect):
    name = "cleanse"
    params = {"target": param("target")}
    rule = "CR 120.5"

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        c = game.cards[t]
        was = c.poison or c.stunned
        c.poison = 0
        c.stunned = False
        game.emit(E.Cleansed(card=t))
        return bool(was)


@effect
class Hide(Effect):
    name = "hide"
    params = {"target": param("target")}
    rule = "CR 7 Скрыться"

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        c = game.cards[t]
        if not game.is_creature(t) or c.zone != "play":
            return False
        c.hidden = True
        game.emit(E.Hidden(card=t))
        return True
