"""What every «Герои» keyword and effect is built on: a registered class with its parameters, its rules
text, its weight for the bot and its code (the shape classic's abilities have, engine/classic/abilities).

A card file names a keyword (``{keyword = "armor", value = 1}``) or an effect (``{effect = "damage", …}``);
the name finds a class registered here, and an unknown name fails loudly when the card loads, naming the
known ones. The game never runs an if-chain over effect names: it asks the effect's class to carry itself
out (:meth:`Effect.run` for the whole effect, :meth:`Effect.apply` per target), and the keywords that are
triggered abilities written short say themselves which event sets them off (:attr:`Keyword.on`) and what
they put into the Queue (:meth:`Keyword.trigger`).

The code receives the game (the effects layer and those below it: :mod:`engine.heroes.effects`); this
package imports no layer, so the layers may build on it (tests/test_engine_layers.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core.registry import Registry
from engine.heroes.queue import QueueItem


@dataclass(frozen=True)
class Param:
    """A typed parameter of an effect."""

    kind: str  # "amount" (int or "X"), "int", "bool", "target", "player", "filter", "keyword", "card", "until"
    required: bool = True
    default: object = None


def param(kind: str, required: bool = True, default: object = None) -> Param:
    return Param(kind, required, default)


@dataclass(frozen=True)
class Synthetic:
    """What a triggered keyword puts into the waiting list (CR 113): its effects, whether the controller
    may decline it (CR 113.3), and the coins declaring it costs (CR 7 Инкарнация)."""

    effects: tuple[dict[str, Any], ...]
    may: bool = False
    pay: int = 0


# ---------------------------------------------------------------------------------------------- keywords
class Keyword:
    """A keyword ability (CR part 7). Subclasses set the class attributes and override the hooks they need.

    ``value`` is how the keyword is written: "" (just its name), "int" («Броня X»), "from" («Защита от …»)
    or "what" («Игнорирует …»). ``reminder_ru``/``reminder_en`` are its reminder text in our own words,
    with ``{v}`` for the number and ``{f}`` for the word. ``weight`` is what the bot adds to a card's value
    for having it (None: the bot's default for a keyword it has no figure for).
    """

    name: ClassVar[str]
    ru: ClassVar[str]
    en: ClassVar[str]
    reminder_ru: ClassVar[str]
    reminder_en: ClassVar[str]
    value: ClassVar[str] = ""
    rule: ClassVar[str] = ""
    weight: ClassVar[float | None] = None
    # A triggered ability written short (CR 113): the event that sets it off ("enter", "death",
    # "turn_end", "grave_turn_start"), and its place among the keywords the same event sets off.
    on: ClassVar[str] = ""
    order: ClassVar[int] = 0
    # What the keyword does to the rules it bends, each asked at its rule by the keywords a card has now
    # (the game lists, per property, the keywords that have it: see :data:`engine.heroes.abilities.HAVING`).
    must_attack: ClassVar[bool] = False  # it strikes before anything else is declared (CR 7 Бешенство)
    no_defenders: ClassVar[bool] = False  # no defender may step in against its strike (CR 509.2)
    strikes_first: ClassVar[bool] = False  # in a fight it strikes first (CR 7 Первый удар)
    untapped_after_attack: ClassVar[bool] = False  # it stays open after a strike attack (CR 307.3)
    untapped_after_defense: ClassVar[bool] = False  # it stays open after defending (CR 506.3)
    extra_wounds: ClassVar[int] = 0  # the calculation step adds this to any wounds it gets (CR 508.4)
    no_weakness: ClassVar[bool] = False  # it may act on the turn it came under your control (CR 107.5)
    keeps_control: ClassVar[bool] = False  # it never joins another player's squad (CR 518.5.1)
    returns_to_supply: ClassVar[bool] = False  # made by abilities: never in a deck, back to the supply (CR 7)
    one_per_squad: ClassVar[bool] = False  # a new copy in a squad sends the old one to the graveyard (CR 7)
    works_hidden: ClassVar[bool] = False  # it still counts while its creature is hidden (CR 7 Скрытое существо)
    deck_copies: ClassVar[int] = 0  # how many copies a deck may hold, if more than the usual three (CR 7 Орда)

    @classmethod
    def on_attacked(cls, game: Any, target: int, payer: int, entry: dict[str, Any]) -> bool:
        """What it does when its card is attacked by ``payer``'s strike, fight or shot (CR 507.3-507.5), before
        the attack goes on; False when that ended the game."""
        return True

    @classmethod
    def attack_change(cls, game: Any, attacker: int, target: int, entry: dict[str, Any]) -> int:
        """What this keyword of the attacker adds to the strike of its attack on ``target`` (CR 508.4.1)."""
        return 0

    @classmethod
    def attack_taken(cls, game: Any, target: int, attacker: int, entry: dict[str, Any]) -> int:
        """What this keyword of the target adds to (or, negative, takes from) an attack on it (CR 508.4.1)."""
        return 0

    @classmethod
    def attack_fixed(cls, game: Any, attacker: int, target: int, entry: dict[str, Any]) -> int | None:
        """The strike its attack counts as whatever else changes it (CR 521.1, 508.4.2), or None."""
        return None

    @classmethod
    def trigger(cls, game: Any, cid: int, entry: dict[str, Any], ctx: dict[str, Any]) -> Synthetic | None:
        """What the keyword puts into the waiting list when its event happens to card ``cid`` (``entry``:
        the keyword as the card has it now), or None when it does not go off this time."""
        return None


KEYWORDS: Registry[type[Keyword]] = Registry("keyword")


def keyword(cls: type[Keyword]) -> type[Keyword]:
    """Class decorator: register a keyword under its ``name``."""
    KEYWORDS.register(cls.name, cls)
    return cls


# ---------------------------------------------------------------------------------------------- effects
class Effect:
    """An effect type (what an ability or a spell does, CR 118): its parameters and its code.

    ``run`` carries the whole effect out for a resolving Queue item (``item``) and returns True (done),
    False (nothing happened) or None (waiting for a choice). The default resolves the effect's targets
    (CR 119.2: a chosen target gone marks the item broken) and calls ``apply`` on each, then the rule
    effects (CR 503). ``internal`` effects are the rules' own (keywords written out); card files cannot
    name them.
    """

    name: ClassVar[str]
    params: ClassVar[dict[str, Param]] = {}
    rule: ClassVar[str] = ""
    internal: ClassVar[bool] = False

    @classmethod
    def check(cls, eff: dict[str, Any]) -> tuple[str, str, str] | None:
        """A problem with a parsed effect beyond its parameters' types: (field, en, ru), or None."""
        return None

    @staticmethod
    def amount(eff: dict[str, Any], x: int, key: str = "amount") -> int:
        v = eff.get(key, 0)
        return x if v == "X" else int(v)

    def run(self, game: Any, item: QueueItem, eff: dict[str, Any], slot_index: int) -> bool | None:
        targets = game.resolve_targets(item, eff, slot_index)
        if targets is None:
            item.broken = True  # the chosen target is gone: CR 119.2 / 210.3 decide what follows
            return False
        done = False
        if targets:
            x = item.x or 0
            spell = item.kind == "spell" or bool(item.ctx.get("as_spell"))
            source, controller = item.source, item.controller
            for t in targets:
                done |= self.apply(game, eff, t, x, source, controller, spell)
        game.check_state()
        return done

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        """Carry the effect out on card ``t``; True when it changed something (CR 119.4)."""
        raise AssertionError(f"effect {self.name} has no executor")


EFFECTS: Registry[Effect] = Registry("effect")


def effect(cls: type[Effect]) -> type[Effect]:
    """Class decorator: register (one instance of) an effect under its ``name``."""
    EFFECTS.register(cls.name, cls())
    return cls
