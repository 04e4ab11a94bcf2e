"""What goes with opening a card at the start of its owner's turn (2007 6.3.1: decisions made before the turn
starts, then the «в начале хода» abilities that have to do with opening cards): «Затаиться» (``stay_closed``,
the card may stay tapped, and its effects go off when it does) and «Оглушить» (``stun``, an effect: the card
taps and does not open at the start of its owner's next turn)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.classic.abilities.base import Context, Param, ability, effect
from engine.classic.abilities.effects import TargetedEffect, effects_text
from engine.classic.abilities.triggers import TriggerAbility

if TYPE_CHECKING:
    from engine.classic.game import ClassicGame


@ability
class StayClosed(TriggerAbility):
    """``{id = "stay_closed", effects = [{do = "heal", x = 2, to = "self"}]}``: at the start of its owner's turn
    the card, if tapped, may stay tapped — his choice, made before the turn starts (2007 6.3.1) — and when it
    does, its effects go off at once (in that subphase nobody has priority)."""

    id: ClassVar[str] = "stay_closed"
    names: ClassVar[tuple[str, str]] = ("Затаиться", "Lie low")
    heads: ClassVar[tuple[str, str]] = ("Затаиться", "Lie low")

    def may_stay_closed(self) -> bool:
        return True

    def stayed_closed(self, game: ClassicGame, cid: int) -> None:
        self.perform(game, Context(source=cid, player=game.creatures[cid].owner))

    def text(self, lang: str) -> str:
        effects = effects_text(self.effects, lang)  # type: ignore[attr-defined]
        if lang == "ru":
            return f"Затаиться: в начале своего хода закрытая карта может не открываться; тогда — {effects}"
        return f"Lie low: at the start of your turn this card, if tapped, may stay tapped; then {effects}"

    def reminder(self, lang: str) -> str:
        return ("Перед началом своего хода решите, открывать ли эту закрытую карту; не открытая, она получает "
                "написанное после «тогда», но до следующего хода не действует и не защищает." if lang == "ru" else
                "Before your turn starts, choose whether this tapped card opens; kept closed, it gets what follows "
                "«then», but it neither acts nor defends until your next turn.")


@effect
class Stun(TargetedEffect):
    """``{do = "stun", to = "target"}``: the creature taps and does not open at the start of its owner's next
    turn (the mark goes then)."""

    id: ClassVar[str] = "stun"
    params: ClassVar[dict[str, Param]] = dict(TargetedEffect.params)

    def on(self, game: ClassicGame, ctx: Context, cid: int) -> None:
        if game.is_creature(cid):
            game.tap(cid)
            game.set_mark(cid, "stunned", 1)

    def text(self, lang: str) -> str:
        if lang == "ru":
            return f"оглушить {self.whom(lang)} (закрывается и не откроется в начале следующего хода владельца)"
        return f"stun {self.whom(lang)} (it taps and does not open at the start of its owner's next turn)"
