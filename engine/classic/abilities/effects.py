"""The effects active abilities and triggers are made of: ``{do = "heal", x = 2, to = "target"}``.

``to`` names whom the effect acts on: "target" (the card the ability was aimed at), "self" (the ability's
card), "other" (the trigger's subject: the card struck, the dead card's killer…), or a group —
"adjacent_enemies", "adjacent_allies", "all_enemies", "all_allies" (cards in play), or a direction — "front",
"behind", "left", "right", "sides" (the card on that cell next to the ability's card, seen from its controller,
2022 glossary «Напротив», «Сзади», «Слева/справа»; own or enemy alike). A card protected
from the ability's kind (a spell, an influence; 2022 «Защита») is left out; the opponent's influences
neither wound nor destroy a steadfast card (2022 «Стойкость»).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.classic.abilities.base import Context, Effect, Param, choice, effect, whole
from engine.classic.board import toward
from engine.core.grammar import is_one, plural_ru

if TYPE_CHECKING:
    from engine.classic.game import ClassicGame

TO = ("target", "self", "other", "adjacent_enemies", "adjacent_allies", "all_enemies", "all_allies",
      "front", "behind", "left", "right", "sides")
# 2022 glossary «Напротив», «Сзади», «Слева/справа»: the card one cell that way from the ability's card, seen from
# its controller, whoever's it is; "sides" is both left and right
DIRECTED = {"front": ("front",), "behind": ("behind",), "left": ("left",), "right": ("right",),
            "sides": ("left", "right")}
# Russian needs two cases: «излечить цель» (accusative), «нанести цели 2 раны» (dative)
_TO_RU = {"target": "цель", "self": "себя", "other": "эту карту", "adjacent_enemies": "стоящие рядом карты противника",
          "adjacent_allies": "стоящие рядом свои карты", "all_enemies": "все карты противника",
          "all_allies": "все свои карты", "front": "карту напротив", "behind": "карту сзади",
          "left": "карту слева", "right": "карту справа", "sides": "карты слева и справа"}
_TO_RU_DAT = {"target": "цели", "self": "себе", "other": "этой карте", "adjacent_enemies": "стоящим рядом картам "
              "противника", "adjacent_allies": "стоящим рядом своим картам", "all_enemies": "всем картам противника",
              "all_allies": "всем своим картам", "front": "карте напротив", "behind": "карте сзади",
              "left": "карте слева", "right": "карте справа", "sides": "картам слева и справа"}
_TO_EN = {"target": "the target", "self": "itself", "other": "that card", "adjacent_enemies": "enemies next to it",
          "adjacent_allies": "its own cards next to it", "all_enemies": "every enemy card",
          "all_allies": "every card of its own", "front": "the card in front of it", "behind": "the card behind it",
          "left": "the card on its left", "right": "the card on its right", "sides": "the cards on its left and right"}


def subjects(game: ClassicGame, ctx: Context, to: str) -> list[int]:
    """The cards in play ``to`` names, without those protected from the ability's kind."""
    if to in ("target", "self", "other"):
        one = {"target": ctx.target, "self": ctx.source, "other": ctx.other}[to]
        found = [] if one is None or not game.in_play(one) else [one]
    elif to in DIRECTED:
        # seen from the ability's card's controller, from where it stands (or stood, for a death's trigger)
        here = game.cell_of(ctx.source) if game.in_play(ctx.source) else ctx.cell
        found = []
        if here is not None:
            for way in DIRECTED[to]:
                cell = toward(here, game.creatures[ctx.source].owner, way)
                occupant = None if cell is None else game.occupant(cell)
                if occupant is not None and occupant != ctx.source:
                    found.append(occupant)
    else:
        if to.startswith("adjacent"):
            pool = game.neighbours_of(ctx.source) if game.in_play(ctx.source) else game.cards_next_to(ctx.cell)
        else:
            pool = game.on_board(0) + game.on_board(1)
        enemy = to.endswith("enemies")
        found = [cid for cid in sorted(pool) if (game.creatures[cid].owner != ctx.player) == enemy and cid != ctx.source]
    magic = ctx.kind == "spell"
    return [cid for cid in found if not game.protected(cid, ctx.kind, ctx.source)
            and not (magic and game.protected(cid, "magic", ctx.source))]


class TargetedEffect(Effect):
    """An effect with ``to`` (see the module's doc)."""

    params: ClassVar[dict[str, Param]] = {"to": choice(TO, default="target")}

    def whom(self, lang: str) -> str:
        """Whom the effect acts on: in Russian, the accusative («излечить цель»)."""
        to = self.to  # type: ignore[attr-defined]
        return _TO_RU[to] if lang == "ru" else _TO_EN[to]

    def to_whom(self, lang: str) -> str:
        """To whom: in Russian, the dative («нанести цели 2 раны»)."""
        to = self.to  # type: ignore[attr-defined]
        return _TO_RU_DAT[to] if lang == "ru" else _TO_EN[to]

    def run(self, game: ClassicGame, ctx: Context) -> None:
        for cid in subjects(game, ctx, self.to):  # type: ignore[attr-defined]
            self.on(game, ctx, cid)

    def on(self, game: ClassicGame, ctx: Context, cid: int) -> None:
        raise NotImplementedError


def _steadfast_against(game: ClassicGame, ctx: Context, cid: int) -> bool:
    """2022 «Стойкость»: the opponent's influences neither wound nor destroy the card."""
    return ctx.kind == "influence" and game.creatures[cid].owner != ctx.player and game.has(cid, "steadfast")


def _living(game: ClassicGame, cid: int) -> bool:
    """A corporeal creature (not an artifact): what healing and poison may touch (2007 1.7; 2022)."""
    return game.is_creature(cid) and not game.has(cid, "incorporeal")


@effect
class Wound(TargetedEffect):
    """``{do = "wound", x = 2}``: X wounds, not an attack (armour does not stop them)."""

    id: ClassVar[str] = "wound"
    params: ClassVar[dict[str, Param]] = {"x": whole(low=1, required=True), **TargetedEffect.params}

    def on(self, game: ClassicGame, ctx: Context, cid: int) -> None:
        if not _steadfast_against(game, ctx, cid):
            game.deal_wounds(cid, self.x, ctx.source, ctx.kind, magic=ctx.kind == "spell")  # type: ignore[attr-defined]
            game.queue_deaths(ctx.source, [cid])

    def text(self, lang: str) -> str:
        x = self.x  # type: ignore[attr-defined]
        return (f"нанести {self.to_whom(lang)} {x} {plural_ru(x, 'рану', 'раны', 'ран')}" if lang == "ru"
                else f"deal {x} wound{'s' if x != 1 else ''} to {self.whom(lang)}")


@effect
class Heal(TargetedEffect):
    """``{do = "heal", x = 2}``: X wounds off a corporeal creature (2022 «Излечение»)."""

    id: ClassVar[str] = "heal"
    params: ClassVar[dict[str, Param]] = {"x": whole(low=1, required=True), **TargetedEffect.params}

    def on(self, game: ClassicGame, ctx: Context, cid: int) -> None:
        if _living(game, cid):
            game.heal(cid, self.x)  # type: ignore[attr-defined]

    def text(self, lang: str) -> str:
        return (f"излечить {self.whom(lang)} на {self.x}" if lang == "ru"  # type: ignore[attr-defined]
                else f"heal {self.whom(lang)} by {self.x}")  # type: ignore[attr-defined]


@effect
class Poison(TargetedEffect):
    """``{do = "poison", x = 1}``: poison X; of two poisons only the larger counts (2022 «Важные дополнения» 2)."""

    id: ClassVar[str] = "poison"
    params: ClassVar[dict[str, Param]] = {"x": whole(low=1, required=True), **TargetedEffect.params}

    def on(self, game: ClassicGame, ctx: Context, cid: int) -> None:
        if _living(game, cid) and not game.protected(cid, "poison", ctx.source):
            game.set_mark(cid, "poison", max(game.creatures[cid].poison, self.x))  # type: ignore[attr-defined]

    def text(self, lang: str) -> str:
        return (f"отравить {self.whom(lang)} на {self.x}" if lang == "ru"  # type: ignore[attr-defined]
                else f"poison {self.whom(lang)} for {self.x}")  # type: ignore[attr-defined]


class MarkEffect(TargetedEffect):
    """Set one mark (blessed, cursed, lost) on the card."""

    mark: ClassVar[str] = ""
    words: ClassVar[tuple[str, str]] = ("", "")

    def on(self, game: ClassicGame, ctx: Context, cid: int) -> None:
        game.set_mark(cid, self.mark, 1)

    def text(self, lang: str) -> str:
        return f"{self.words[0 if lang == 'ru' else 1]} {self.whom(lang)}"


@effect
class Bless(MarkEffect):
    """``{do = "bless"}``: +1 to every die roll of the card (2022 «Благословление»)."""

    id: ClassVar[str] = "bless"
    mark: ClassVar[str] = "blessed"
    words: ClassVar[tuple[str, str]] = ("благословить", "bless")


@effect
class Curse(MarkEffect):
    """``{do = "curse"}``: −1 to every die roll of the card (2022 «Проклятие»)."""

    id: ClassVar[str] = "curse"
    mark: ClassVar[str] = "cursed"
    words: ClassVar[tuple[str, str]] = ("проклясть", "curse")


@effect
class LoseAbilities(MarkEffect):
    """``{do = "lose_abilities"}``: the card loses its printed abilities for the battle (2022 «Теряет особенности»)."""

    id: ClassVar[str] = "lose_abilities"
    mark: ClassVar[str] = "lost"
    words: ClassVar[tuple[str, str]] = ("лишить особенностей", "take the abilities of")

    def text(self, lang: str) -> str:
        return f"лишить {self.whom(lang)} особенностей" if lang == "ru" else f"take the abilities of {self.whom(lang)}"


@effect
class Destroy(TargetedEffect):
    """``{do = "destroy"}``: to the graveyard without wounds; it counts as dying (2022 «Уничтожить»)."""

    id: ClassVar[str] = "destroy"

    def on(self, game: ClassicGame, ctx: Context, cid: int) -> None:
        if not _steadfast_against(game, ctx, cid):
            game.queue_destroy(cid, ctx.source)  # 2007 4.17.1: on the stack, like any destruction

    def text(self, lang: str) -> str:
        return f"уничтожить {self.whom(lang)}" if lang == "ru" else f"destroy {self.whom(lang)}"


@effect
class Exile(TargetedEffect):
    """``{do = "exile"}``: into the exile zone (2022 «Изгнать»)."""

    id: ClassVar[str] = "exile"

    def on(self, game: ClassicGame, ctx: Context, cid: int) -> None:
        game.exile(cid)

    def text(self, lang: str) -> str:
        return f"изгнать {self.whom(lang)}" if lang == "ru" else f"exile {self.whom(lang)}"


@effect
class Chips(TargetedEffect):
    """``{do = "chips", x = 1}``: the card gets X chips (2007 1.11)."""

    id: ClassVar[str] = "chips"
    params: ClassVar[dict[str, Param]] = {"x": whole(low=1, required=True), **TargetedEffect.params}

    def on(self, game: ClassicGame, ctx: Context, cid: int) -> None:
        game.set_mark(cid, "chips", game.creatures[cid].chips + self.x)  # type: ignore[attr-defined]

    def text(self, lang: str) -> str:
        x = self.x  # type: ignore[attr-defined]
        return (f"дать {self.to_whom(lang)} {x} {plural_ru(x, 'фишку', 'фишки', 'фишек')}" if lang == "ru"
                else f"give {self.whom(lang)} {x} chip{'s' if x != 1 else ''}")


@effect
class ExtraLives(TargetedEffect):
    """``{do = "extra_lives", x = 1}``: the card's maximum lives grow by X (2022 «Дополнительные жизни»)."""

    id: ClassVar[str] = "extra_lives"
    params: ClassVar[dict[str, Param]] = {"x": whole(low=1, required=True), **TargetedEffect.params}

    def on(self, game: ClassicGame, ctx: Context, cid: int) -> None:
        if _living(game, cid):
            game.set_mark(cid, "extra_lives", game.creatures[cid].extra_lives + self.x)  # type: ignore[attr-defined]

    def text(self, lang: str) -> str:
        x = self.x  # type: ignore[attr-defined]
        return (f"дать {self.to_whom(lang)} {x} {plural_ru(x, 'дополнительную жизнь', 'дополнительные жизни', 'дополнительных жизней')}"
                if lang == "ru" else f"give {self.whom(lang)} {x} extra li{'ves' if x != 1 else 'fe'}")


@effect
class Tap(TargetedEffect):
    """``{do = "tap"}``: the card taps."""

    id: ClassVar[str] = "tap"

    def on(self, game: ClassicGame, ctx: Context, cid: int) -> None:
        game.tap(cid)

    def text(self, lang: str) -> str:
        return f"закрыть {self.whom(lang)}" if lang == "ru" else f"tap {self.whom(lang)}"


@effect
class Untap(TargetedEffect):
    """``{do = "untap"}``: the card untaps."""

    id: ClassVar[str] = "untap"

    def on(self, game: ClassicGame, ctx: Context, cid: int) -> None:
        game.untap(cid)

    def text(self, lang: str) -> str:
        return f"открыть {self.whom(lang)}" if lang == "ru" else f"untap {self.whom(lang)}"


@effect
class Prophecy(Effect):
    """``{do = "prophecy", x = 3}``: show the top X cards of your deck, then put them under it (2022
    «Пророчество»). The ability's other effects run as written."""

    id: ClassVar[str] = "prophecy"
    params: ClassVar[dict[str, Param]] = {"x": whole(low=1, high=15, required=True)}

    def wants_target(self) -> bool:
        return False

    def run(self, game: ClassicGame, ctx: Context) -> None:
        game.prophesy(ctx.player, self.x)  # type: ignore[attr-defined]

    def text(self, lang: str) -> str:
        x = self.x  # type: ignore[attr-defined]
        if lang == "ru":
            if is_one(x):
                return "пророчество 1: показать верхнюю карту колоды и убрать её под низ"
            return f"пророчество {x}: показать {x} {plural_ru(x, 'верхнюю карту', 'верхние карты', 'верхних карт')} колоды и убрать их под низ"
        if is_one(x):
            return "prophecy 1: show the top card of your deck and put it under the deck"
        return f"prophecy {x}: show the top {x} cards of your deck and put them under it"


def effects_text(effects: tuple[Effect, ...], lang: str) -> str:
    """Several effects as one clause: «нанести 2 раны цели, отравить цели на 1»."""
    return ", ".join(e.text(lang) for e in effects)
