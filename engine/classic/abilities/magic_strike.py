"""«Магический удар» (2022 «Способности»): an ability's attack of kind ``magic_strike``."""

from __future__ import annotations

from typing import ClassVar

from engine.classic.abilities.active import AttackAbility
from engine.classic.abilities.base import ability


@ability
class MagicStrike(AttackAbility):
    """Magic strike: ``{id = "magic_strike", strike = "1-2-3", range = 3}`` (range: melee kinds ignore it)."""

    id: ClassVar[str] = "magic_strike"
    kind: ClassVar[str] = "magic_strike"
    names: ClassVar[tuple[str, str]] = ("Магический удар", "Magic strike")

    def reminder(self, lang: str) -> str:
        return ("Ближняя магическая атака по стоящей рядом карте: цель не отвечает, броня не помогает."
                if lang == "ru" else
                "A melee magic attack on a card next to this one: the target does not strike back and armour does not help.")
