"""«Метание» (2022 «Способности»): an ability's attack of kind ``throw``."""

from __future__ import annotations

from typing import ClassVar

from engine.classic.abilities.active import AttackAbility
from engine.classic.abilities.base import ability


@ability
class Throw(AttackAbility):
    """Throw: ``{id = "throw", strike = "1-2-3", range = 3}`` (range: melee kinds ignore it)."""

    id: ClassVar[str] = "throw"
    kind: ClassVar[str] = "throw"
    names: ClassVar[tuple[str, str]] = ("Метание", "Throw")

    def reminder(self, lang: str) -> str:
        return ("Дальняя немагическая атака, как выстрел, но защита от выстрелов от неё не спасает, а опыт в стрельбе её не усиливает."
                if lang == "ru" else
                "A ranged non-magic attack like a shot; protection from shots does not stop it and shooting experience does not help it.")
