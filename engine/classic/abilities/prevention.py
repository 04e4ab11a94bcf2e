"""«Предотвращение ран» (2022 glossary): fewer wounds land; the attack's (spell's, influence's) value is not
changed, so whatever reads the value (a «при атаке» that fires even for 0) sees it whole. A constant
ability (``prevent_wounds``) and an effect (``prevent``) that puts a shield on a card."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.classic.abilities.base import (
    ATTACK_KINDS,
    Ability,
    Context,
    Param,
    ability,
    choice,
    effect,
    whole,
)
from engine.classic.abilities.effects import TargetedEffect
from engine.core.grammar import plural_ru

if TYPE_CHECKING:
    from engine.classic.game import ClassicGame

# what a constant prevention may be limited to: wounds of any attack, of one kind of attack, of spells,
# of influences or of poison (the ``cause`` of a dealing; a simple strike's is "strike")
SOURCES = ("attack", *ATTACK_KINDS, "spell", "influence", "poison")
_RU = {"attack": "от атак", "simple": "от простых ударов", "special": "от особых ударов",
       "magic_strike": "от магических ударов", "discharge": "от разрядов", "shot": "от выстрелов",
       "throw": "от метаний", "through_row": "от ударов через ряд", "spell": "от заклинаний",
       "influence": "от воздействий", "poison": "от отравления"}
_EN = {"attack": "from attacks", "simple": "from simple strikes", "special": "from special strikes",
       "magic_strike": "from magic strikes", "discharge": "from discharges", "shot": "from shots",
       "throw": "from throws", "through_row": "from strikes through a row", "spell": "from spells",
       "influence": "from influences", "poison": "from poison"}


def wounds_text(x: int, lang: str) -> str:
    """«1 рану», «2 раны», «5 ран» / "1 wound", "2 wounds" (the accusative the texts need)."""
    if lang != "ru":
        return f"{x} wound" + ("" if x == 1 else "s")
    return f"{x} {plural_ru(x, 'рану', 'раны', 'ран')}"


def _matches(of: str | None, cause: str) -> bool:
    kind = "simple" if cause == "strike" else cause
    return of is None or kind == of or (of == "attack" and kind in ATTACK_KINDS)


@ability
class PreventWounds(Ability):
    """``{id = "prevent_wounds", x = 1, of = "shot"}``: each time the card is to get wounds (of that source;
    any when ``of`` is left out), X of them are prevented."""

    id: ClassVar[str] = "prevent_wounds"
    names: ClassVar[tuple[str, str]] = ("Предотвращение ран", "Wound prevention")
    params: ClassVar[dict[str, Param]] = {"x": whole(low=1, required=True), "of": choice(SOURCES)}
    weight: ClassVar[float] = 1.0

    def prevention(self, game: ClassicGame, cid: int, cause: str, source: int | None) -> int:
        return self.x if _matches(getattr(self, "of", None), cause) else 0  # type: ignore[attr-defined]

    def text(self, lang: str) -> str:
        of = getattr(self, "of", None)
        x = wounds_text(self.x, lang)  # type: ignore[attr-defined]
        head = f"Предотвращает {x}" if lang == "ru" else f"Prevents {x}"
        return head if of is None else f"{head} {(_RU if lang == 'ru' else _EN)[of]}"

    def reminder(self, lang: str) -> str:
        x = self.x  # type: ignore[attr-defined]
        return (f"Каждый раз, когда карта должна получить раны, она получает на {x} меньше; величина атаки при "
                "этом не меняется." if lang == "ru" else
                f"Each time the card is to get wounds it gets {x} fewer; the attack's value itself is unchanged.")


@effect
class Prevent(TargetedEffect):
    """``{do = "prevent", x = 2}``: the next X wounds the card is to get are prevented (a shield that lasts
    until it has stopped them; of two shields only the larger counts, 2022 «Важные дополнения» 2)."""

    id: ClassVar[str] = "prevent"
    params: ClassVar[dict[str, Param]] = {"x": whole(low=1, required=True), **TargetedEffect.params}

    def on(self, game: ClassicGame, ctx: Context, cid: int) -> None:
        c = game.creatures[cid]
        if self.x > c.shield:  # type: ignore[attr-defined]
            game.set_mark(cid, "shield", self.x)  # type: ignore[attr-defined]
            c.shield_by = (ctx.source, ctx.ability)  # whose shield it is, for the words when it stops wounds

    def text(self, lang: str) -> str:
        x = wounds_text(self.x, lang)  # type: ignore[attr-defined]
        return f"предотвратить {self.to_whom(lang)} {x}" if lang == "ru" else f"prevent {x} to {self.whom(lang)}"
