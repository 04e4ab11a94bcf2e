"""Abilities that give the card other abilities in some situation, through the ``granted`` hook (2022
glossary): «Строй» (``formation``) and «Если вы ходите первым/вторым» (``turn_order``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.classic.abilities.base import Ability, Param, ability

if TYPE_CHECKING:
    from engine.classic.game import ClassicGame

_ABILITIES = Param("abilities", default=())


def _texts(abilities: tuple[Ability, ...], lang: str) -> str:
    return "; ".join(ab.text(lang) for ab in abilities) or "—"


@ability
class Formation(Ability):
    """``{id = "formation", grant = [{id = "armor", x = 1}]}``: while the card stands orthogonally next to
    another card of its owner that has «Строй» too, it has the ``grant`` abilities (each card its own);
    when the formation breaks they are gone."""

    id: ClassVar[str] = "formation"
    names: ClassVar[tuple[str, str]] = ("Строй", "Formation")
    params: ClassVar[dict[str, Param]] = {"grant": Param("abilities", required=True)}
    weight: ClassVar[float] = 1.0

    def granted(self, game: ClassicGame, cid: int) -> tuple[Ability, ...]:
        me = game.creatures[cid]
        if me.zone != "field" or me.at is None:
            return ()
        r, c = me.at
        for o in game.creatures.values():
            # 2022 «Строй»: next to each other but not diagonally; the partner's printed «Строй» is read (not
            # its abilities now) so that two formations do not ask each other in a circle
            if o.owner == me.owner and o.zone == "field" and o.at is not None and o.id != cid \
                    and abs(o.at[0] - r) + abs(o.at[1] - c) == 1 and not o.lost \
                    and any(ab.id == self.id for ab in game.cards[o.card].abilities):
                return self.grant  # type: ignore[attr-defined,no-any-return]
        return ()

    def text(self, lang: str) -> str:
        return f"{self.names[0] if lang == 'ru' else self.names[1]}: {_texts(self.grant, lang)}"  # type: ignore[attr-defined]

    def reminder(self, lang: str) -> str:
        return ("Пока рядом с картой (не по диагонали) стоит ваша карта, тоже имеющая строй, карта обладает "
                "указанными особенностями; разойдясь, теряет их." if lang == "ru" else
                "While one of your cards that also has formation stands next to this card (not diagonally), the card "
                "has the abilities named; when they part, it loses them.")


@ability
class TurnOrder(Ability):
    """``{id = "turn_order", first = [...], second = [...]}``: the card has the ``first`` abilities only if its
    owner went first, the ``second`` ones only if its owner went second (2022 «Если вы ходите первым/вторым»)."""

    id: ClassVar[str] = "turn_order"
    names: ClassVar[tuple[str, str]] = ("Если вы ходите первым/вторым", "If you go first/second")
    params: ClassVar[dict[str, Param]] = {"first": _ABILITIES, "second": _ABILITIES}
    weight: ClassVar[float] = 0.8

    def granted(self, game: ClassicGame, cid: int) -> tuple[Ability, ...]:
        first = game.creatures[cid].owner == game.first
        return self.first if first else self.second  # type: ignore[attr-defined,no-any-return]

    def text(self, lang: str) -> str:
        if lang == "ru":
            return f"Если вы ходите первым: {_texts(self.first, lang)}. Вторым: {_texts(self.second, lang)}"  # type: ignore[attr-defined]
        return f"If you go first: {_texts(self.first, lang)}. Second: {_texts(self.second, lang)}"  # type: ignore[attr-defined]

    def reminder(self, lang: str) -> str:
        return ("Карта обладает первыми особенностями, только если её владелец ходит первым, вторыми — только "
                "если вторым." if lang == "ru" else
                "The card has the first abilities only if its owner goes first, the second ones only if second.")
