"""«Особый удар» (2022 «Способности»): an ability's attack of kind ``special``."""

from __future__ import annotations

from typing import ClassVar

from engine.classic.abilities.active import AttackAbility
from engine.classic.abilities.base import ability


@ability
class Special(AttackAbility):
    """Special strike: ``{id = "special", strike = "1-2-3", range = 3}`` (range: melee kinds ignore it)."""

    id: ClassVar[str] = "special"
    kind: ClassVar[str] = "special"
    names: ClassVar[tuple[str, str]] = ("Особый удар", "Special strike")

    def reminder(self, lang: str) -> str:
        return ("Ближняя немагическая атака по стоящей рядом карте, отдельная от простого удара: цель не отвечает, защитника назначить нельзя."
                if lang == "ru" else
                "A melee non-magic attack on a card next to this one, apart from the simple strike: the target does not strike back and gets no defender.")
