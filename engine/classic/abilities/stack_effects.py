"""Effects that act on the stack rather than on a card (2022 glossary): «Отменить действие» (``cancel``),
«Блокировать атаку» played as an instant (``block``) and «Перенаправление» (``redirect``). Each acts on the
highest fitting item left on the stack when it is carried out — the one it was played in answer to — through
the combat layer's general :meth:`~engine.classic.combat.Combat.interrupt` and
:meth:`~engine.classic.combat.Combat.redirect`. An ability carrying one is declared only while there is
such an item (:meth:`possible`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.classic.abilities.base import Context, Effect, Param, choice, effect

if TYPE_CHECKING:
    from engine.classic.game import ClassicGame

# 2022 «Отменить действие»: a declared action before its dice — an ability used, or a simple strike's fight
# (its "dice" item is after the dice). Triggers and destruction are not actions.
ACTIONS = ("ability", "attack")
# 2022 «Блокировать атаку»: any attack on the stack, before or after its dice
ATTACKS = ("ability", "attack", "dice")


@effect
class Cancel(Effect):
    """``{do = "cancel"}``: the action it answers is interrupted before its dice, but paid (2022 «Отменить
    действие»); a composite ability loses every part (its effects all go)."""

    id: ClassVar[str] = "cancel"
    params: ClassVar[dict[str, Param]] = {}

    def possible(self, game: ClassicGame, cid: int) -> bool:
        return game.top_item(ACTIONS) is not None

    def run(self, game: ClassicGame, ctx: Context) -> None:
        pos = game.top_item(ACTIONS)
        if pos is not None:
            game.interrupt(pos, "cancel", ctx.source, ctx.ability)

    def text(self, lang: str) -> str:
        return "отменить действие" if lang == "ru" else "cancel the action"


@effect
class Block(Effect):
    """``{do = "block"}``: the attack it answers has no effect and nothing that goes with it fires; it is
    paid all the same (2022 «Блокировать атаку»)."""

    id: ClassVar[str] = "block"
    params: ClassVar[dict[str, Param]] = {}

    def possible(self, game: ClassicGame, cid: int) -> bool:
        return game.top_item(ATTACKS, attack=True) is not None

    def run(self, game: ClassicGame, ctx: Context) -> None:
        pos = game.top_item(ATTACKS, attack=True)
        if pos is not None:
            game.interrupt(pos, "block", ctx.source, ctx.ability)

    def text(self, lang: str) -> str:
        return "блокировать атаку" if lang == "ru" else "block the attack"


@effect
class Redirect(Effect):
    """``{do = "redirect", to = "self"}``: the attack it answers, before its dice, is turned onto the ability's
    card ("self") or its chosen target ("target"); never an attack already redirected — a defender's
    assignment counts — and only onto a card that attack could be aimed at (2022 «Перенаправление»)."""

    id: ClassVar[str] = "redirect"
    params: ClassVar[dict[str, Param]] = {"to": choice(("self", "target"), default="self")}

    def possible(self, game: ClassicGame, cid: int) -> bool:
        pos = game.top_item(ACTIONS, attack=True)
        if pos is None:
            return False
        options = game.redirect_targets(pos)
        return cid in options if self.to == "self" else bool(options)  # type: ignore[attr-defined]

    def run(self, game: ClassicGame, ctx: Context) -> None:
        pos = game.top_item(ACTIONS, attack=True)
        to = ctx.source if self.to == "self" else ctx.target  # type: ignore[attr-defined]
        if pos is not None and to is not None:
            game.redirect(pos, to, ctx.source, ctx.ability)  # left off when it can no longer be (2007 5.8)

    def text(self, lang: str) -> str:
        if self.to == "self":  # type: ignore[attr-defined]
            return "перенаправить атаку на себя" if lang == "ru" else "redirect the attack onto itself"
        return "перенаправить атаку на цель" if lang == "ru" else "redirect the attack onto the target"
