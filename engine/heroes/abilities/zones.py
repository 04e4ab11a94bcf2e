"""Effects that move cards or change who controls them (CR 203.4, 204.4, 518.3-518.6, 7 Сразиться)."""

from __future__ import annotations

from typing import Any

from engine.heroes.abilities.base import Effect, effect, param
from engine.heroes.queue import QueueItem


@effect
class ReturnToHand(Effect):
    name = "return_to_hand"
    params = {"target": param("target")}
    rule = "CR 203.4"

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        if game.is_hero(t) or game.cards[t].zone != "play":
            return False
        game.move(t, "hand")
        return True


@effect
class ReturnToDeck(Effect):
    name = "return_to_deck"
    params = {"target": param("target")}
    rule = "CR 204.4"

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        c = game.cards[t]
        if game.is_hero(t) or c.zone != "play":
            return False
        game.move(t, "deck")
        if c.zone == "deck":
            game.shuffle(c.owner)  # CR 204.3
        return True


@effect
class Resurrect(Effect):
    name = "resurrect"
    params = {"target": param("target")}
    rule = "CR 518.4"
    tapped = False

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        if game.cards[t].zone != "grave":
            return False  # CR 514.1: only from the graveyard
        game.enter_play(t, controller, how="resurrect", tapped=self.tapped)
        return True


@effect
class ResurrectTapped(Resurrect):
    """Инкарнация's return: from the graveyard, tapped (CR 7 Инкарнация)."""

    name = "resurrect_tapped"
    rule = "CR 7 Инкарнация"
    internal = True
    tapped = True


@effect
class TakeControl(Effect):
    name = "take_control"
    params = {"target": param("target"), "until": param("until", False)}
    rule = "CR 518.5"

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        c = game.cards[t]
        if c.zone != "play" or game.is_hero(t) or c.controller == controller:
            return False
        if game.keeps_control(t):
            return False  # CR 518.5.1: it cannot join another squad, so control stays where it is
        game.give_control(t, controller)
        if eff.get("until", "game") != "game":
            # CR 518.5: when this ends you lose control, and the opponent gets it back.
            c.effects.append({"k": "control", "until": eff["until"], "by": controller})
        return True


@effect
class Fight(Effect):
    """CR 7 Сразиться: both fight as open creatures, nobody taps, no defender. It is an attack by a strike on
    the chosen creature (CR 507.4), so its Медитация is paid first."""

    name = "fight"
    params = {"target": param("target")}
    rule = "CR 7 Сразиться"

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        if source is None or not game.in_play(source) or not game.is_creature(source) or not game.is_creature(t):
            return False
        if not game.meditation(t, controller) or not game.in_play(source) or not game.in_play(t):
            return False
        game.fight(source, t, retaliate=True)
        return True


@effect
class Create(Effect):
    """CR 518.6: new cards from the supply enter play."""

    name = "create"
    params = {"card": param("card"), "count": param("int", False, 1)}
    rule = "CR 518.6"

    def run(self, game: Any, item: QueueItem, eff: dict[str, Any], slot_index: int) -> bool | None:
        controller = item.controller
        for _ in range(eff.get("count", 1)):
            cid = game.new_card(eff["card"], controller, "supply")
            game.enter_play(cid, controller, how="create")
        return True
