"""Effects that wound, heal and destroy (CR 504.3, 505.2, 507.5, 519.2; poison's tick, CR 7 Отравление)."""

from __future__ import annotations

from typing import Any

from engine.heroes.abilities.base import Effect, effect, param
from engine.heroes.queue import QueueItem


@effect
class Damage(Effect):
    """«Нанесите X ран»: wounds from an ability or a spell."""

    name = "damage"
    params = {"amount": param("amount"), "target": param("target")}
    rule = "CR 504.3"

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        return game.deal(t, self.amount(eff, x), source=source, kind="spell" if spell else "ability") > 0


@effect
class Shot(Effect):
    """«Выстрел на X»: an attack (CR 507.5), so the target's Медитация is paid first."""

    name = "shot"
    params = {"amount": param("amount"), "target": param("target")}
    rule = "CR 507.5"

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        if game.cards[t].zone != "play" or not game.meditation(t, controller):
            return False
        return game.deal(t, self.amount(eff, x), source=source, kind="shot") > 0


@effect
class Heal(Effect):
    name = "heal"
    params = {"amount": param("amount"), "target": param("target")}
    rule = "CR 519.2"

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        return game.heal(t, self.amount(eff, x)) > 0


@effect
class Destroy(Effect):
    name = "destroy"
    params = {"target": param("target")}
    rule = "CR 505.2"

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        # CR 505.1.1: killed by it
        return game.destroy(t, by=source, kind="spell" if spell else "ability", by_side=controller)


@effect
class PoisonTick(Effect):
    """The start-of-turn wounds of poison (CR 7 Отравление): no source, so nothing it has counts."""

    name = "damage_poison"
    params = {"amount": param("int"), "target": param("target")}
    rule = "CR 7 Отравление"
    internal = True

    def run(self, game: Any, item: QueueItem, eff: dict[str, Any], slot_index: int) -> bool | None:
        for t in game.resolve_targets(item, eff, slot_index) or []:
            game.deal(t, eff["amount"], source=None, kind="poison")
        game.check_state()
        return True
