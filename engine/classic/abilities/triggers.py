"""Triggered abilities (2007 1.9.2; 2022 glossary): «При гибели», «При атаке», «В начале хода», «В конце хода»,
«Вальхалла», «Концентрация». Each names its event and carries effects (:mod:`.effects`) on the card
itself, the trigger's subject ("other") or a group — there is no chosen target."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.classic.abilities.base import Ability, Context, Param, ability, choice
from engine.classic.abilities.effects import effects_text
from engine.core.fields import Fields

if TYPE_CHECKING:
    from engine.classic.game import ClassicGame

_EFFECTS = Param("effects", required=True)


class TriggerAbility(Ability):
    """A trigger: when its event happens it goes on the stack and, carried out, runs its effects."""

    params: ClassVar[dict[str, Param]] = {"effects": _EFFECTS}
    weight: ClassVar[float] = 1.0
    heads: ClassVar[tuple[str, str]] = ("", "")

    def validate(self, f: Fields) -> None:
        for i, e in enumerate(self.effects):  # type: ignore[attr-defined]
            if getattr(e, "to", None) == "target":
                raise f.fail(f"effects[{i}].to", "a trigger has no chosen target: use self, other or a group",
                             "у срабатывающей особенности нет выбранной цели: self, other или группа")

    def perform(self, game: ClassicGame, ctx: Context) -> None:
        for e in self.effects:  # type: ignore[attr-defined]
            e.run(game, ctx)

    def text(self, lang: str) -> str:
        head = self.heads[0] if lang == "ru" else self.heads[1]
        return f"{head}: {effects_text(self.effects, lang)}"  # type: ignore[attr-defined]

    def reminder(self, lang: str) -> str:
        return self.text(lang)


@ability
class OnDeath(TriggerAbility):
    """``{id = "on_death", effects = [...]}``: when the card goes from play to the graveyard ("other": its killer)."""

    id: ClassVar[str] = "on_death"
    trigger: ClassVar[str] = "death"
    names: ClassVar[tuple[str, str]] = ("При гибели", "On death")
    heads: ClassVar[tuple[str, str]] = ("При гибели", "When it dies")


@ability
class OnAttack(TriggerAbility):
    """``{id = "on_attack", effects = [...], how = "simple"}``: when its attack lands, even for 0 (not on a
    miss, 2007 4.7); "other" is the card attacked. ``how`` limits it to one kind of attack («при ударе»)."""

    id: ClassVar[str] = "on_attack"
    trigger: ClassVar[str] = "attack"
    names: ClassVar[tuple[str, str]] = ("При атаке", "On attack")
    params: ClassVar[dict[str, Param]] = {"effects": _EFFECTS, "how": choice(("simple", "special", "magic_strike",
                                                                             "discharge", "shot", "throw",
                                                                             "through_row"))}
    heads: ClassVar[tuple[str, str]] = ("При атаке", "When it attacks")

    def fires(self, game: ClassicGame, cid: int, event: Any) -> bool:
        how = getattr(self, "how", None)
        return how is None or event.how == how

    def text(self, lang: str) -> str:
        if getattr(self, "how", None) == "simple":
            head = "При ударе" if lang == "ru" else "When its simple strike lands"
            return f"{head}: {effects_text(self.effects, lang)}"  # type: ignore[attr-defined]
        return super().text(lang)


@ability
class OnGrave(TriggerAbility):
    """``{id = "on_grave", effects = [...]}``: when the card reaches its owner's graveyard from any zone — dying
    in play, or straight from the deck (2022 «Попадание на кладбище»: dying is one case of it). It goes off
    in the graveyard: "self" is the card there, effects on groups reach the cards in play."""

    id: ClassVar[str] = "on_grave"
    trigger: ClassVar[str] = "grave"
    names: ClassVar[tuple[str, str]] = ("При попадании на кладбище", "On reaching the graveyard")
    heads: ClassVar[tuple[str, str]] = ("При попадании на кладбище", "When it reaches the graveyard")

    def reminder(self, lang: str) -> str:
        return ("Когда карта попадает на ваше кладбище из любой зоны — погибнув или прямо из колоды: "
                + effects_text(self.effects, lang) if lang == "ru" else  # type: ignore[attr-defined]
                "When the card reaches your graveyard from any zone — dying, or straight from the deck: "
                + effects_text(self.effects, lang))  # type: ignore[attr-defined]


@ability
class BattleStart(TriggerAbility):
    """``{id = "battle_start", effects = [...]}``: once, before the first turn, in turn with the other player's
    from the first player (2022 glossary «В начале боя»; 2007 3.13)."""

    id: ClassVar[str] = "battle_start"
    trigger: ClassVar[str] = "battle_start"
    names: ClassVar[tuple[str, str]] = ("В начале боя", "At the start of the battle")
    heads: ClassVar[tuple[str, str]] = ("В начале боя", "At the start of the battle")


@ability
class TurnStart(TriggerAbility):
    """``{id = "turn_start", effects = [...]}``: at the start of its owner's turn, after the untap."""

    id: ClassVar[str] = "turn_start"
    trigger: ClassVar[str] = "turn_start"
    names: ClassVar[tuple[str, str]] = ("В начале хода", "At the start of the turn")
    heads: ClassVar[tuple[str, str]] = ("В начале своего хода", "At the start of your turn")

    def fires(self, game: ClassicGame, cid: int, event: Any) -> bool:
        return event.player == game.creatures[cid].owner


@ability
class TurnEnd(TriggerAbility):
    """``{id = "turn_end", effects = [...]}``: at the end of its owner's turn (2007 6.5)."""

    id: ClassVar[str] = "turn_end"
    trigger: ClassVar[str] = "turn_end"
    names: ClassVar[tuple[str, str]] = ("В конце хода", "At the end of the turn")
    heads: ClassVar[tuple[str, str]] = ("В конце своего хода", "At the end of your turn")

    def fires(self, game: ClassicGame, cid: int, event: Any) -> bool:
        return event.player == game.creatures[cid].owner


@ability
class Valhalla(TriggerAbility):
    """``{id = "valhalla", effects = [...]}``: from the graveyard at the start of its owner's turn, if an enemy
    card's attack killed it (2022 «Вальхалла»); "self" is the dead card, effects on groups reach the living."""

    id: ClassVar[str] = "valhalla"
    trigger: ClassVar[str] = "turn_start_grave"
    names: ClassVar[tuple[str, str]] = ("Вальхалла", "Valhalla")
    heads: ClassVar[tuple[str, str]] = ("Вальхалла", "Valhalla")

    def fires(self, game: ClassicGame, cid: int, event: Any) -> bool:
        c = game.creatures[cid]
        return event.player == c.owner and c.slain

    def reminder(self, lang: str) -> str:
        return ("Если карта в начале вашего хода лежит на кладбище, погибнув от атаки карты противника: "
                + effects_text(self.effects, lang) if lang == "ru" else  # type: ignore[attr-defined]
                "If the card is in your graveyard at the start of your turn, killed by an enemy card's attack: "
                + effects_text(self.effects, lang))  # type: ignore[attr-defined]


@ability
class Concentration(TriggerAbility):
    """``{id = "concentration", effects = [...]}``: at the end of the opponent's turn, if the card got no
    wounds during that turn (2022 «Концентрация»)."""

    id: ClassVar[str] = "concentration"
    trigger: ClassVar[str] = "turn_end"
    names: ClassVar[tuple[str, str]] = ("Концентрация", "Concentration")
    heads: ClassVar[tuple[str, str]] = ("Концентрация", "Concentration")

    def fires(self, game: ClassicGame, cid: int, event: Any) -> bool:
        c = game.creatures[cid]
        return event.player != c.owner and not c.wounded

    def reminder(self, lang: str) -> str:
        return ("В конце хода противника, если карта не получала ран в этот ход: " + effects_text(self.effects, lang)  # type: ignore[attr-defined]
                if lang == "ru" else "At the end of the opponent's turn, if the card got no wounds that turn: "
                + effects_text(self.effects, lang))  # type: ignore[attr-defined]
