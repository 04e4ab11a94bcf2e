"""Properties «х: [текст]» (2007 1.6.1): a card's cost, movement or simple strike computed by a rule of its own
instead of read from its printed numbers. The text says they are properties, not abilities («считается
свойством карты, а не особенностью»), so a card that loses its abilities (2022 «Теряет особенности») keeps
them: the game asks them of the printed card (:func:`engine.classic.recruit.price`,
:meth:`Queries.movement`, :meth:`Queries.strike_of`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from engine.classic.abilities.base import Ability, Param, Strike, ability, choice, whole
from engine.core.fields import Fields

if TYPE_CHECKING:
    from engine.classic.cards import ClassicCard
    from engine.classic.game import ClassicGame

WHAT = ("cost", "movement", "strike")
PER = ("element", "wound", "ally_next", "enemy_next")
_PER_RU = {"element": "за каждую карту своей стихии, уже взятую в отряд", "wound": "за каждую рану на этой карте",
           "ally_next": "за каждую свою карту рядом", "enemy_next": "за каждую карту противника рядом"}
_PER_EN = {"element": "for each card of its element already in the squad", "wound": "for each wound on this card",
           "ally_next": "for each card of your own next to it", "enemy_next": "for each enemy card next to it"}


@ability
class Computed(Ability):
    """``{id = "x", what = "strike", per = "wound", most = 2}``: «х: …», a number computed (2007 1.6.1).

    ``what`` is the number: "cost" (cheaper to recruit by ``by`` for each card of its own element already in
    the squad, 2007 3.6 — never below 1), "movement" or "strike" (``by`` more, to each of the strike's three
    numbers, for each wound on it, each card of its own next to it or each enemy card next to it); ``most``
    caps the change.
    """

    id: ClassVar[str] = "x"
    names: ClassVar[tuple[str, str]] = ("х", "x")
    params: ClassVar[dict[str, Param]] = {"what": choice(WHAT, required=True), "per": choice(PER, required=True),
                                          "by": whole(low=1, default=1), "most": whole(low=1, required=True)}
    weight: ClassVar[float] = 0.8

    def validate(self, f: Fields) -> None:
        if (self.what == "cost") != (self.per == "element"):  # type: ignore[attr-defined]
            raise f.fail("per", 'a cost is computed per card of its element ("element"); movement and a strike per '
                         'wound or card next to it ("wound", "ally_next", "enemy_next")',
                         'стоимость считается по картам своей стихии ("element"), движение и удар — по ранам или '
                         'картам рядом ("wound", "ally_next", "enemy_next")')

    def _change(self, count: int) -> int:
        return min(self.by * count, self.most)  # type: ignore[attr-defined]

    def _count(self, game: ClassicGame, cid: int) -> int:
        per = self.per  # type: ignore[attr-defined]
        if per == "wound":
            return game.creatures[cid].wounds
        me = game.creatures[cid].owner
        enemy = per == "enemy_next"
        return sum(1 for o in game.neighbours_of(cid) if (game.creatures[o].owner != me) == enemy)

    def recruit_cost(self, card: ClassicCard, squad: Sequence[ClassicCard], cost: int) -> int:
        if self.what != "cost" or card.element == "neutral":  # type: ignore[attr-defined]
            return cost
        same = sum(1 for c in squad if c.element == card.element)
        return max(1, cost - self._change(same)) if same else cost

    def movement_value(self, game: ClassicGame, cid: int, value: int) -> int:
        if self.what != "movement":  # type: ignore[attr-defined]
            return value
        return value + self._change(self._count(game, cid))

    def strike_value(self, game: ClassicGame, cid: int, value: Strike) -> Strike:
        if self.what != "strike":  # type: ignore[attr-defined]
            return value
        up = self._change(self._count(game, cid))
        return (value[0] + up, value[1] + up, value[2] + up) if up else value

    def text(self, lang: str) -> str:
        what, by, most, per = self.what, self.by, self.most, self.per  # type: ignore[attr-defined]
        if lang == "ru":
            if what == "cost":
                return f"х: стоит на {by} меньше {_PER_RU[per]} (не больше чем на {most}, не дешевле 1)"
            head = "движение" if what == "movement" else "удар (каждое из трёх чисел)"
            return f"х: {head} +{by} {_PER_RU[per]} (не больше +{most})"
        if what == "cost":
            return f"x: costs {by} less {_PER_EN[per]} (at most {most} less, never below 1)"
        head = "movement" if what == "movement" else "strike (each of its three numbers)"
        return f"x: {head} +{by} {_PER_EN[per]} (at most +{most})"

    def reminder(self, lang: str) -> str:
        return ("Свойство «х»: число карты считается по этому правилу, а не по напечатанному." if lang == "ru" else
                "An «x» property: the card's number is computed by this rule instead of read as printed.")
