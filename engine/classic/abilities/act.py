"""Active abilities that are not attacks (2022 «Способности»): an influence (воздействие) or a spell
(заклинание) aimed at a card or at none, carrying effects (:mod:`.effects`). «Излечение» is one with its
own name."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.classic.abilities.active import ACTIVE_PARAMS, ActiveAbility
from engine.classic.abilities.base import Context, Param, ability, choice, whole
from engine.classic.abilities.effects import Heal as HealEffect
from engine.classic.abilities.effects import effects_text
from engine.core.fields import Fields

if TYPE_CHECKING:
    from engine.classic.board import Cell
    from engine.classic.game import ClassicGame

KINDS = ("influence", "spell")
AIMS = ("any", "enemy", "ally", "none")
_AIM_RU = {"any": "на любую карту", "enemy": "на карту противника", "ally": "на свою карту"}
_AIM_EN = {"any": "at any card", "enemy": "at an enemy card", "ally": "at a card of your own"}


@ability
class Act(ActiveAbility):
    """``{id = "act", kind = "spell", aim = "enemy", range = 3, effects = [{do = "wound", x = 2}]}``.

    ``aim``: which cards in play it may be aimed at ("none": no target; then no effect may act on "target");
    ``range``: orthogonal cells (none: unlimited; a flyer is always in reach). Spells are magic.
    """

    id: ClassVar[str] = "act"
    names: ClassVar[tuple[str, str]] = ("Особенность", "Ability")
    params: ClassVar[dict[str, Param]] = {**ACTIVE_PARAMS, "kind": choice(KINDS, default="influence"),
                                          "aim": choice(AIMS, default="any"), "range": whole(low=1),
                                          "effects": Param("effects", required=True)}
    weight: ClassVar[float] = 1.5

    def validate(self, f: Fields) -> None:
        if self.aim == "none" and any(getattr(e, "to", None) == "target" for e in self.effects):  # type: ignore[attr-defined]
            raise f.fail("aim", 'an ability aimed at nothing cannot act on "target"',
                         'у особенности без цели эффект не может быть направлен на "target"')
        if sum(1 for e in self.effects if getattr(e, "takes_cell", False)) > 1:  # type: ignore[attr-defined,misc]
            raise f.fail("effects", "only one effect of an ability can put a card on a chosen cell",
                         "только один эффект особенности может поместить карту на выбранную клетку")

    def needs_target(self) -> bool:
        return self.aim != "none"  # type: ignore[attr-defined]

    def usable(self, game: ClassicGame, cid: int) -> bool:
        # an effect on the stack (cancel, block, redirect) needs something there to act on (2007 5.2)
        return all(e.possible(game, cid) for e in self.effects)  # type: ignore[attr-defined]

    def places(self, game: ClassicGame, cid: int, target: int | None) -> list[Cell] | None:
        for e in self.effects:  # type: ignore[attr-defined]
            cells = e.places(game, cid, target)
            if cells is not None:
                return cells  # one effect per ability puts a card on a cell (validate)
        return None

    def targets(self, game: ClassicGame, cid: int) -> list[int]:
        return game.aimed_targets(cid, self.aim, getattr(self, "range", None), self.kind)  # type: ignore[attr-defined]

    def perform(self, game: ClassicGame, ctx: Context) -> None:
        if self.needs_target() and (ctx.target is None or not game.in_play(ctx.target)):
            return  # 2007 5.8: the target is gone, nothing to carry out
        ctx.kind = self.kind  # type: ignore[attr-defined]
        for e in self.effects:  # type: ignore[attr-defined]
            e.run(game, ctx)

    def body(self, lang: str) -> str:
        kind = {"influence": ("воздействие", "influence"), "spell": ("заклинание", "spell")}[self.kind]  # type: ignore[attr-defined]
        head = kind[0] if lang == "ru" else kind[1]
        if self.aim != "none":  # type: ignore[attr-defined]
            head += " " + (_AIM_RU if lang == "ru" else _AIM_EN)[self.aim]  # type: ignore[attr-defined]
        reach = getattr(self, "range", None)
        if reach is not None:
            head += f", дальность {reach}" if lang == "ru" else f", range {reach}"
        return f"{head} — {effects_text(self.effects, lang)}"  # type: ignore[attr-defined]

    def reminder(self, lang: str) -> str:
        return self.text(lang)


@ability
class Healing(Act):
    """``{id = "heal", x = 2, range = 3}``: an influence on a corporeal creature of your own, X wounds off
    (2022 «Излечение»)."""

    id: ClassVar[str] = "heal"
    names: ClassVar[tuple[str, str]] = ("Излечение", "Healing")
    params: ClassVar[dict[str, Param]] = {**ACTIVE_PARAMS, "x": whole(low=1, required=True), "range": whole(low=1)}
    kind: ClassVar[str] = "influence"  # type: ignore[misc]
    aim: ClassVar[str] = "ally"  # type: ignore[misc]
    weight: ClassVar[float] = 1.2

    def validate(self, f: Fields) -> None:
        return None

    @property
    def effects(self) -> tuple[HealEffect, ...]:  # type: ignore[override]
        return (HealEffect({"x": self.x, "to": "target"}),)  # type: ignore[attr-defined]

    def targets(self, game: ClassicGame, cid: int) -> list[int]:
        return [t for t in super().targets(game, cid)
                if game.is_creature(t) and not game.has(t, "incorporeal") and game.creatures[t].wounds > 0]

    def body(self, lang: str) -> str:
        reach = getattr(self, "range", None)
        text = f"излечение на {self.x}" if lang == "ru" else f"heal {self.x}"  # type: ignore[attr-defined]
        if reach is not None:
            text += f", дальность {reach}" if lang == "ru" else f", range {reach}"
        return text


@ability
class Finish(ActiveAbility):
    """``{id = "finish", x = 2}``: destroy an enemy corporeal creature next to it (not a symbiote) with X or
    fewer lives left, without wounds; an influence (2022 «Добивание»)."""

    id: ClassVar[str] = "finish"
    names: ClassVar[tuple[str, str]] = ("Добивание", "Finishing blow")
    params: ClassVar[dict[str, Param]] = {**ACTIVE_PARAMS, "x": whole(low=1, required=True)}
    weight: ClassVar[float] = 1.2

    def needs_target(self) -> bool:
        return True

    def targets(self, game: ClassicGame, cid: int) -> list[int]:
        me = game.creatures[cid].owner
        return [o for o in game.neighbours_of(cid) if game.creatures[o].owner != me and (
                not game.known_to(o, me)  # face down: judged once revealed, when the ability is carried out
                or (game.is_creature(o) and not game.has(o, "incorporeal")
                    and not game.card_of(o).symbiote  # 2007 1.5.2ж; 2022 «Добивание»: «кроме симбиотов»
                    and not game.has(o, "steadfast") and not game.protected(o, "influence", cid)
                    and game.lives_left(o) <= self.x))]  # type: ignore[attr-defined]

    def perform(self, game: ClassicGame, ctx: Context) -> None:
        if ctx.target is not None and ctx.target in self.targets(game, ctx.source):
            game.queue_destroy(ctx.target, ctx.source)  # 2007 4.17.1: on the stack, like any destruction

    def body(self, lang: str) -> str:
        return f"добивание на {self.x}" if lang == "ru" else f"finishing blow {self.x}"  # type: ignore[attr-defined]

    def reminder(self, lang: str) -> str:
        x = self.x  # type: ignore[attr-defined]
        return (f"Уничтожить стоящее рядом небестелесное существо противника (кроме симбиотов), у которого "
                f"осталось {x} или меньше жизней, не нанося ран (это воздействие)." if lang == "ru" else
                f"Destroy an enemy corporeal creature next to this card (not a symbiote) with {x} or fewer lives "
                "left, without wounds (an influence).")
