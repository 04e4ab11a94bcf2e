"""What every active ability shares (2007 1.9.3–1.9.4): its price (tapping, chips), whether it is an
instant, how often it may be used, and its reach; and the attacks of abilities built on it."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.classic.abilities.base import Ability, Context, Param, choice, flag, strike, whole

if TYPE_CHECKING:
    from engine.classic.game import ClassicGame

# the price and limits every active ability may be given in a card file
ACTIVE_PARAMS: dict[str, Param] = {
    "instant": flag(),  # «внезапное»: also at any priority, in either player's turn (2022)
    "tap": flag(True),  # paid by tapping the card (the usual price of an action, 2022 «Действие»)
    "chips": whole(low=0, default=0),  # paid with N chips (2022 «Использование фишек»)
    "once": choice(("turn", "battle")),  # «один раз за ход / за бой» (2022 glossary)
}


def price_text(ab: Ability, lang: str) -> str:
    """The price and limits in front of an active ability's text: «Внезапно. 2 фишки, закрыться: …»."""
    parts = []
    if getattr(ab, "instant", False):
        parts.append("внезапно" if lang == "ru" else "instant")
    chips = getattr(ab, "chips", 0)
    if chips:
        parts.append(f"{chips} фишк{'а' if chips == 1 else 'и' if chips < 5 else 'ек'}" if lang == "ru"
                     else f"{chips} chip{'s' if chips > 1 else ''}")
    if getattr(ab, "tap", False):
        parts.append("закрыться" if lang == "ru" else "tap")
    once = getattr(ab, "once", None)
    if once:
        parts.append(("раз за ход" if once == "turn" else "раз за бой") if lang == "ru"
                     else ("once a turn" if once == "turn" else "once a battle"))
    return ", ".join(parts)


class ActiveAbility(Ability):
    """An ability used by choice; its subclasses say what it reaches and does."""

    active: ClassVar[bool] = True
    params: ClassVar[dict[str, Param]] = dict(ACTIVE_PARAMS)

    def text(self, lang: str) -> str:
        price = price_text(self, lang)
        body = self.body(lang)
        return f"{price[0].upper() + price[1:]}: {body}" if price else body[0].upper() + body[1:]

    def body(self, lang: str) -> str:
        """The ability's own words after its price."""
        return super().text(lang)


class AttackAbility(ActiveAbility):
    """An attack an ability makes (2022 «Способности»): of ``kind``, with the strike ``strike`` and, for a
    ranged one, the reach ``range`` (none: unlimited). The target does not fight back and gets no
    defender; one die says the blow as against a tapped card (2022 «Использование отдельных особенностей»)."""

    kind: ClassVar[str] = ""
    params: ClassVar[dict[str, Param]] = {**ACTIVE_PARAMS, "strike": strike(), "range": whole(low=1)}
    weight: ClassVar[float] = 1.5

    def needs_target(self) -> bool:
        return True

    def targets(self, game: ClassicGame, cid: int) -> list[int]:
        return game.ability_targets(cid, self.kind, getattr(self, "range", None))

    def perform(self, game: ClassicGame, ctx: Context) -> None:
        if ctx.target is not None and ctx.target in game.ability_targets(ctx.source, self.kind,
                                                                        getattr(self, "range", None)):
            game.ability_attack(ctx.source, ctx.target, self.kind, self.strike)  # type: ignore[attr-defined]

    def body(self, lang: str) -> str:
        name = self.names[0] if lang == "ru" else self.names[1]
        s = "-".join(str(v) for v in self.strike)  # type: ignore[attr-defined]
        reach = getattr(self, "range", None)
        if reach is None:
            return f"{name.lower()} на {s}" if lang == "ru" else f"{name.lower()} for {s}"
        return (f"{name.lower()} на {s}, дальность {reach}" if lang == "ru"
                else f"{name.lower()} for {s}, range {reach}")
