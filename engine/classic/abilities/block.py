"""«Блокировать атаку» as a constant ability (2022 glossary); the instant form is the ``block`` effect
(:mod:`.stack_effects`) carried by an ``act``."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.classic.abilities.base import ATTACK_KINDS, Ability, Attack, Param, ability, choice

if TYPE_CHECKING:
    from engine.classic.game import ClassicGame

_RU = {"simple": "простые удары", "special": "особые удары", "magic_strike": "магические удары",
       "discharge": "разряды", "shot": "выстрелы", "throw": "метания", "through_row": "удары через ряд"}
_EN = {"simple": "simple strikes", "special": "special strikes", "magic_strike": "magic strikes",
       "discharge": "discharges", "shot": "shots", "throw": "throws", "through_row": "strikes through a row"}


@ability
class BlockAttack(Ability):
    """``{id = "block_attack", of = "shot"}``: attacks of that kind (every attack when ``of`` is left out) aimed at
    the card are blocked: no wounds, no «при атаке», no vampirism; the attacker still pays."""

    id: ClassVar[str] = "block_attack"
    names: ClassVar[tuple[str, str]] = ("Блокировать атаку", "Block attacks")
    params: ClassVar[dict[str, Param]] = {"of": choice(ATTACK_KINDS)}
    weight: ClassVar[float] = 1.5

    def blocks(self, game: ClassicGame, cid: int, attack: Attack) -> bool:
        of = getattr(self, "of", None)
        return of is None or attack.kind == of

    def text(self, lang: str) -> str:
        of = getattr(self, "of", None)
        if of is None:
            return "Блокирует все атаки" if lang == "ru" else "Blocks every attack"
        return f"Блокирует {_RU[of]}" if lang == "ru" else f"Blocks {_EN[of]}"

    def reminder(self, lang: str) -> str:
        return ("Такая атака на карту не оказывает влияния на игру, ничего сопутствующего ей не срабатывает; "
                "атакующий всё равно оплачивает её." if lang == "ru" else
                "Such an attack on the card changes nothing in the game and nothing that goes with it happens; "
                "the attacker still pays for it.")
