"""«Перераспределить X ран» (2022 glossary): heal one creature by X, then deal as many wounds as were
actually healed to the cards the wounds go to."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.classic.abilities.base import Context, Param, choice, effect, whole
from engine.classic.abilities.effects import TargetedEffect, subjects
from engine.classic.abilities.effects import _steadfast_against as steadfast_against
from engine.classic.abilities.prevention import wounds_text

if TYPE_CHECKING:
    from engine.classic.game import ClassicGame

_FROM_RU = {"self": "себя", "target": "цели", "other": "этой карты"}
_FROM_EN = {"self": "itself", "target": "the target", "other": "that card"}


@effect
class Redistribute(TargetedEffect):
    """``{do = "redistribute", x = 2, heal = "self", to = "target"}``: heal the ``heal`` card (a corporeal
    creature) by up to X; each card ``to`` names then gets as many wounds as came off (not an attack: no
    armour; the opponent's influence does not wound a steadfast card). Nothing healed, nothing dealt."""

    id: ClassVar[str] = "redistribute"
    params: ClassVar[dict[str, Param]] = {"x": whole(low=1, required=True),
                                          "heal": choice(("self", "target", "other"), default="self"),
                                          **TargetedEffect.params}

    def run(self, game: ClassicGame, ctx: Context) -> None:
        healed = 0
        for cid in subjects(game, ctx, self.heal):  # type: ignore[attr-defined]
            if game.is_creature(cid) and not game.has(cid, "incorporeal"):  # 2022 «Излечение»: corporeal only
                healed = game.heal(cid, self.x)  # type: ignore[attr-defined]
        if not healed:
            return
        hit = [cid for cid in subjects(game, ctx, self.to) if not steadfast_against(game, ctx, cid)]  # type: ignore[attr-defined]
        for cid in hit:
            game.deal_wounds(cid, healed, ctx.source, ctx.kind, magic=ctx.kind == "spell")
        game.queue_deaths(ctx.source, hit)

    def text(self, lang: str) -> str:
        heal = self.heal  # type: ignore[attr-defined]
        if lang == "ru":
            return f"перераспределить {wounds_text(self.x, lang)} с {_FROM_RU[heal]} на {self.whom(lang)}"  # type: ignore[attr-defined]
        return f"move up to {wounds_text(self.x, lang)} from {_FROM_EN[heal]} onto {self.whom(lang)}"  # type: ignore[attr-defined]

