"""Abilities applied before the battle, in the setup and the preliminary phase (2007 3.4.1, 6.2.2, 6.2.4):

- «до набора отряда» (2007 3.4.1), applied from the deal before anyone recruits: «Разведка X» (``scouting``,
  X more cards into the deal) and «Дань X» (``tribute``, the opponent loses X silver crystals);
- «после расстановки» (6.2.2), applied by a laid-out card, face down, before the reveal: ``after_placement``,
  an influence or a spell like ``act`` whose effects need no stack (marks, chips, a move);
- «Авангард» (6.2.4, ``vanguard``): in the vanguard subphase, before the first turn, the card strikes an
  enemy card next to it with a simple strike.

The players take turns from the first player, one card at a time; a player who passes takes no more part in
that step (:mod:`engine.classic.prelim` runs the steps).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.classic.abilities.act import Act
from engine.classic.abilities.base import Ability, Param, ability, choice, whole
from engine.core.fields import Fields
from engine.core.grammar import is_one, plural_ru

if TYPE_CHECKING:
    from engine.classic.game import ClassicGame

BEFORE_RECRUIT, AFTER_PLACE, VANGUARD = "before_recruit", "after_place", "vanguard"
# the effects a «после расстановки» ability may carry: what needs no stack (nothing dies before the battle)
QUIET_EFFECTS = frozenset(("bless", "curse", "chips", "extra_lives", "prevent", "poison", "relocate", "tap",
                           "stun", "trap", "mire"))


@ability
class Scouting(Ability):
    """``{id = "scouting", x = 2}``: before recruiting, show this card of your deal and take the top X cards of
    your deck into the deal (2007 3.4.1)."""

    id: ClassVar[str] = "scouting"
    step: ClassVar[str] = BEFORE_RECRUIT
    names: ClassVar[tuple[str, str]] = ("Разведка", "Scouting")
    params: ClassVar[dict[str, Param]] = {"x": whole(low=1, high=5, required=True)}
    weight: ClassVar[float] = 0.6

    def usable(self, game: ClassicGame, cid: int) -> bool:
        return bool(game.decks[game.instances[cid][0]])

    def before_recruit(self, game: ClassicGame, player: int, iid: int) -> None:
        game.deal_more(player, self.x)  # type: ignore[attr-defined]

    def text(self, lang: str) -> str:
        x = self.x  # type: ignore[attr-defined]
        return (f"До набора отряда: Разведка {x} — покажите эту карту и возьмите в раздачу ещё {x} из колоды"
                if lang == "ru" else
                f"Before recruiting: Scouting {x} — show this card and take {x} more from your deck into the deal")

    def reminder(self, lang: str) -> str:
        x = self.x  # type: ignore[attr-defined]
        top_ru = "верхнюю карту" if is_one(x) else f"{x} {plural_ru(x, 'верхнюю карту', 'верхние карты', 'верхних карт')}"
        top_en = "the top card" if is_one(x) else f"the top {x} cards"
        return (f"До набора отрядов, по очереди с противником, покажите эту карту из своей раздачи и возьмите в "
                f"раздачу ещё {top_ru} колоды; после этого раздачу не пересдать." if lang == "ru" else
                f"Before the squads are recruited, in turn with the opponent, show this card of your deal and take "
                f"{top_en} of your deck into the deal; the deal cannot be redealt after that.")


def _silver_ru(x: int) -> str:
    return plural_ru(x, "серебряный кристалл", "серебряных кристалла", "серебряных кристаллов")


def _silver_en(x: int) -> str:
    return "silver crystal" if is_one(x) else "silver crystals"


@ability
class Tribute(Ability):
    """``{id = "tribute", x = 2}``: before recruiting, show this card of your deal; the opponent loses X silver
    crystals (as many as he has) (2007 3.4.1)."""

    id: ClassVar[str] = "tribute"
    step: ClassVar[str] = BEFORE_RECRUIT
    names: ClassVar[tuple[str, str]] = ("Дань", "Tribute")
    params: ClassVar[dict[str, Param]] = {"x": whole(low=1, high=5, required=True)}
    weight: ClassVar[float] = 0.6

    def usable(self, game: ClassicGame, cid: int) -> bool:
        return game.crystals[1 - game.instances[cid][0]][1] > 0

    def before_recruit(self, game: ClassicGame, player: int, iid: int) -> None:
        game.take_crystals(1 - player, 0, self.x)  # type: ignore[attr-defined]

    def text(self, lang: str) -> str:
        x = self.x  # type: ignore[attr-defined]
        return (f"До набора отряда: Дань {x} — покажите эту карту; противник теряет {x} {_silver_ru(x)}"
                if lang == "ru" else f"Before recruiting: Tribute {x} — show this card; the opponent loses {x} "
                f"{_silver_en(x)}")

    def reminder(self, lang: str) -> str:
        x = self.x  # type: ignore[attr-defined]
        return (f"До набора отрядов, по очереди с противником, покажите эту карту из своей раздачи: противник "
                f"теряет {x} {_silver_ru(x)} (сколько есть); после этого раздачу не пересдать." if lang == "ru"
                else f"Before the squads are recruited, in turn with the opponent, show this card of your deal: the "
                f"opponent loses {x} {_silver_en(x)} (as many as he has); the deal cannot be redealt after that.")


@ability
class AfterPlacement(Act):
    """``{id = "after_placement", aim = "ally", range = 1, effects = [{do = "bless"}]}``: once, after both squads
    are laid out and before the reveal, the card (face down: using it reveals it) applies its effects, aimed
    like ``act`` (2007 6.2.2). Only effects that need no stack (:data:`QUIET_EFFECTS`)."""

    id: ClassVar[str] = "after_placement"
    step: ClassVar[str] = AFTER_PLACE
    active: ClassVar[bool] = False  # not used in the battle: the preliminary phase lists it
    names: ClassVar[tuple[str, str]] = ("После расстановки", "After placement")
    params: ClassVar[dict[str, Param]] = {"kind": choice(("influence", "spell"), default="influence"),
                                          "aim": choice(("any", "enemy", "ally", "none"), default="any"),
                                          "range": whole(low=1), "effects": Param("effects", required=True)}
    weight: ClassVar[float] = 1.0
    tap: ClassVar[bool] = False
    instant: ClassVar[bool] = False
    chips: ClassVar[int] = 0
    once: ClassVar[str | None] = None

    def validate(self, f: Fields) -> None:
        super().validate(f)
        for i, e in enumerate(self.effects):  # type: ignore[attr-defined]
            if e.id not in QUIET_EFFECTS:
                raise f.fail(f"effects[{i}].do", f"before the battle only these effects: {', '.join(sorted(QUIET_EFFECTS))}"
                             " (nothing can die before the battle's stack is there)",
                             f"до боя годятся только эти эффекты: {', '.join(sorted(QUIET_EFFECTS))}")

    def text(self, lang: str) -> str:
        return f"{'После расстановки' if lang == 'ru' else 'After placement'}: {self.body(lang)}"

    def reminder(self, lang: str) -> str:
        return ("Один раз, когда оба отряда расставлены и до вскрытия, по очереди с противником начиная с первого "
                "игрока; карта при этом вскрывается." if lang == "ru" else "Once, when both squads are laid out "
                "and before the reveal, in turn with the opponent from the first player; the card is revealed.")


@ability
class Vanguard(Ability):
    """``{id = "vanguard"}``: in the vanguard subphase, before the first turn, the card strikes an enemy card next
    to it with a simple strike — no defender, no answers (2007 6.2.4) — and taps for it as always."""

    id: ClassVar[str] = "vanguard"
    step: ClassVar[str] = VANGUARD
    names: ClassVar[tuple[str, str]] = ("Авангард", "Vanguard")
    weight: ClassVar[float] = 1.0

    def reminder(self, lang: str) -> str:
        return ("До первого хода, в подфазу авангарда, игроки по очереди начиная с первого наносят такими картами "
                "простой удар по стоящей рядом карте противника; защитника назначить нельзя, ответить нечем."
                if lang == "ru" else "Before the first turn, in the vanguard subphase, the players take turns from "
                "the first player striking with such cards at an enemy card next to them; no defender, no answers.")
