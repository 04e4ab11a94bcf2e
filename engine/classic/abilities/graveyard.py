"""Cards coming back from the graveyard (2022 glossary): «Инкарнация X» (``incarnation``, a trigger in the
graveyard) and «Возродить» (``resurrect``, an active ability). Both use the state change
:meth:`~engine.classic.changes.Changes.enter_play`, which brings the card in fresh: open, no wounds, no marks.
And cards going there without dying: the effect ``mill`` (2022 «Попадание на кладбище»)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from engine.classic import board
from engine.classic.abilities.active import ACTIVE_PARAMS, ActiveAbility
from engine.classic.abilities.base import Ability, Context, Effect, Param, ability, choice, effect, whole
from engine.core.grammar import plural_ru

if TYPE_CHECKING:
    from engine.classic.board import Cell
    from engine.classic.game import ClassicGame

USED = "incarnated"  # the key in the card's ``uses``: its incarnation is spent for the battle


def _flyer(game: ClassicGame, cid: int) -> bool:
    # flyers and terrain go to the additional zone (2022 «Возродить»)
    card = game.card_of(cid)
    return card.flyer or card.type == "terrain"


@ability
class Incarnation(Ability):
    """``{id = "incarnation", x = 2}``: at the start of its owner's turn in the graveyard the card gets a token;
    at X the tokens go and it comes back in its owner's 3rd row; once a battle, and dying after that it is
    exiled (2022 «Инкарнация»)."""

    id: ClassVar[str] = "incarnation"
    trigger: ClassVar[str] = "turn_start_grave"
    names: ClassVar[tuple[str, str]] = ("Инкарнация", "Incarnation")
    params: ClassVar[dict[str, Param]] = {"x": whole(low=1, required=True)}
    weight: ClassVar[float] = 1.5

    def fires(self, game: ClassicGame, cid: int, event: Any) -> bool:
        c = game.creatures[cid]
        # a symbiote is left in the graveyard: it comes into play only seated on a host (2007 1.5.2), and the
        # battle has no seating step (docs/classic-abilities.md)
        return (event.player == c.owner and c.zone == "grave" and not c.uses.get(USED)
                and not game.card_of(cid).symbiote)

    def perform(self, game: ClassicGame, ctx: Context) -> None:
        c = game.creatures[ctx.source]
        if c.zone != "grave" or c.uses.get(USED):
            return
        x = self.x  # type: ignore[attr-defined]
        if c.tokens < x:
            game.set_mark(ctx.source, "tokens", c.tokens + 1)
        if c.tokens < x:
            return
        if _flyer(game, ctx.source):
            cell = None
        else:
            cell = next(iter(self.free_back_row(game, c.owner)), None)
            if cell is None:
                return  # 2022: it waits in the graveyard, tokens kept, until a cell of the 3rd row is free
        game.set_mark(ctx.source, "tokens", 0)
        c.uses[USED] = 1
        # 2022: it is laid out «закрытой» — tapped, as «закрытая карта» means throughout the 2022 text
        game.enter_play(ctx.source, cell, "grave")
        game.tap(ctx.source)

    @staticmethod
    def free_back_row(game: ClassicGame, player: int) -> list[Cell]:
        """The free cells of ``player``'s 3rd row, the middle first (the owner's choice is not asked;
        docs/classic-abilities.md)."""
        row = board.own_row(player, 3)
        taken = game.grid()
        return [(row, col) for col in (2, 1, 3, 0, 4) if (row, col) not in taken]

    def exiled_instead(self, game: ClassicGame, cid: int) -> bool:
        return bool(game.creatures[cid].uses.get(USED))

    def text(self, lang: str) -> str:
        return f"Инкарнация {self.x}" if lang == "ru" else f"Incarnation {self.x}"  # type: ignore[attr-defined]

    def reminder(self, lang: str) -> str:
        x = self.x  # type: ignore[attr-defined]
        return (f"В начале вашего хода карта на кладбище получает жетон; когда жетонов станет {x}, они снимаются и "
                "карта возвращается в ваш третий ряд. Один раз за бой; погибнув снова, она изгоняется." if lang == "ru"
                else f"At the start of your turn the card in your graveyard gets a token; when it has {x}, they go and "
                "the card comes back to your 3rd row. Once a battle; when it dies again it is exiled.")


@ability
class Resurrect(ActiveAbility):
    """``{id = "resurrect", cost = 4}``: a creature from its owner's graveyard (of that cost or less, when
    given) comes back open on a chosen free cell next to this card; a flyer to the additional zone."""

    id: ClassVar[str] = "resurrect"
    names: ClassVar[tuple[str, str]] = ("Возродить", "Resurrect")
    params: ClassVar[dict[str, Param]] = {**ACTIVE_PARAMS, "cost": whole(low=0)}
    weight: ClassVar[float] = 2.0

    def needs_target(self) -> bool:
        return True

    def targets(self, game: ClassicGame, cid: int) -> list[int]:
        me, limit = game.creatures[cid].owner, getattr(self, "cost", None)
        # a symbiote is left out: it comes into play only seated on a host (2007 1.5.2)
        return [t for t in game.graveyard(me) if game.is_creature(t) and not game.card_of(t).symbiote
                and (limit is None or game.card_of(t).cost <= limit)]

    def places(self, game: ClassicGame, cid: int, target: int | None) -> list[Cell] | None:
        if target is not None and _flyer(game, target):
            return None  # straight to the additional zone: no cell to choose
        at = game.creatures[cid].at
        if at is None or game.creatures[cid].zone != "field":
            return []  # a flyer stands next to nothing (2007 1.5.1а)
        taken = game.grid()
        return [cell for cell in board.neighbours(at) if cell not in taken]

    def perform(self, game: ClassicGame, ctx: Context) -> None:
        t = ctx.target
        if t is None or t not in self.targets(game, ctx.source):
            return  # 2007 5.8: it left the graveyard meanwhile
        if _flyer(game, t):
            game.enter_play(t, None, "grave")
        elif ctx.cell is not None and ctx.cell in (self.places(game, ctx.source, t) or []):
            game.enter_play(t, ctx.cell, "grave")

    def body(self, lang: str) -> str:
        limit = getattr(self, "cost", None)
        if lang == "ru":
            return "возродить своё существо" + (f" стоимостью до {limit}" if limit is not None else "")
        return "resurrect a creature of yours" + (f" costing {limit} or less" if limit is not None else "")

    def reminder(self, lang: str) -> str:
        return ("Существо с вашего кладбища возвращается в открытом виде на свободную клетку рядом с этой картой "
                "(летающее — в дополнительную зону)." if lang == "ru" else
                "A creature from your graveyard comes back face up on a free cell next to this card (a flyer to the "
                "additional zone).")


@effect
class Mill(Effect):
    """``{do = "mill", x = 2, whose = "enemy"}``: the top X cards of a deck (the ability's player's own, or the
    opponent's) go to its owner's graveyard without dying — no «при гибели», but «при попадании на кладбище»
    (2022 «Попадание на кладбище»). The ability's other effects run as written."""

    id: ClassVar[str] = "mill"
    params: ClassVar[dict[str, Param]] = {"x": whole(low=1, high=15, required=True),
                                          "whose": choice(("own", "enemy"), default="own")}

    def wants_target(self) -> bool:
        return False

    def run(self, game: ClassicGame, ctx: Context) -> None:
        game.mill(ctx.player if self.whose == "own" else 1 - ctx.player, self.x)  # type: ignore[attr-defined]

    def text(self, lang: str) -> str:
        x, own = self.x, self.whose == "own"  # type: ignore[attr-defined]
        if lang == "ru":
            whose = "вашей колоды" if own else "колоды противника"
            if x == 1:
                return f"верхняя карта {whose} — на кладбище"
            return f"{x} {plural_ru(x, 'верхняя карта', 'верхние карты', 'верхних карт')} {whose} — на кладбище"
        whose = "your deck" if own else "the opponent's deck"
        return f"the top card of {whose} goes to the graveyard" if x == 1 else \
            f"the top {x} cards of {whose} go to the graveyard"
