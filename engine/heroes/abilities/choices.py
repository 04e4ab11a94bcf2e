"""Effects whose choice is made while they resolve: search, summon, Авангард's free play (CR 7 Поиск, 518.3,
7 Авангард), and the cancel of a spell, which happens on declaring (CR 517)."""

from __future__ import annotations

from typing import Any

from engine.heroes.abilities.base import Effect, effect, param
from engine.heroes.queue import QueueItem


class _Choice(Effect):
    def run(self, game: Any, item: QueueItem, eff: dict[str, Any], slot_index: int) -> bool | None:
        return game.run_choice_effect(item, eff)


@effect
class Search(_Choice):
    name = "search"
    params = {"filter": param("filter", False, None), "count": param("int", False, 1)}
    rule = "CR 7 Поиск"


@effect
class Summon(_Choice):
    name = "summon"
    params = {"filter": param("filter", False, None)}
    rule = "CR 518.3"


@effect
class VanguardPlay(_Choice):
    """Авангард: a creature from hand costing up to ``limit``, free (CR 7 Авангард)."""

    name = "vanguard_play"
    params = {"limit": param("int")}
    rule = "CR 7 Авангард"
    internal = True


@effect
class Cancel(Effect):
    """CR 517: only as the first effect of an enemy_spell trigger; it happens on declaring, outside the Queue
    (the trigger layer carries it out), so it never resolves."""

    name = "cancel"
    params = {"filter": param("filter", False, None)}
    rule = "CR 517"
