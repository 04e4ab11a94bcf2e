"""The events of a «Герои» game (the shared ones — a die, a shuffle, a turn, a concession, a draw offer, a time-out, the
game's end — are in :mod:`engine.core.events`). Each record's docstring says what happened; the rules that
emit it cite their CR numbers."""

from __future__ import annotations

from typing import Any, ClassVar, Final

from engine.core.events import (
    ABSENT,
    Conceded,
    DieRolled,
    DrawAccepted,
    DrawDeclined,
    DrawOffered,
    Event,
    Forfeited,
    GameOver,
    Shuffled,
    TimeRanOut,
    TurnBegan,
)


class Activated(Event):
    """``player`` activated ability number ``ability`` of ``card`` (X = ``x``)."""

    kind: ClassVar[str] = "activate"
    __match_args__ = ("card", "ability", "player", "x")

    def __init__(self, card: int, ability: int, player: int, x: int | None) -> None:
        self.card: Final[int] = card
        self.ability: Final[int] = ability
        self.player: Final[int] = player
        self.x: Final[int | None] = x


class Animated(Event):
    """``card`` became a creature with that strike and lives until the effect ends."""

    kind: ClassVar[str] = "animate"
    __match_args__ = ("card", "strike", "lives")

    def __init__(self, card: int, strike: int, lives: int) -> None:
        self.card: Final[int] = card
        self.strike: Final[int] = strike
        self.lives: Final[int] = lives


class AnimationEnded(Event):
    """``card`` is no longer animated."""

    kind: ClassVar[str] = "animate_ends"
    __match_args__ = ("card",)

    def __init__(self, card: int) -> None:
        self.card: Final[int] = card


class Attached(Event):
    """A module ``card`` joined mechanism ``host`` (CR 7 Модуль)."""

    kind: ClassVar[str] = "attach"
    __match_args__ = ("card", "host")

    def __init__(self, card: int, host: int) -> None:
        self.card: Final[int] = card
        self.host: Final[int] = host


class AttackDeclared(Event):
    """``attacker`` attacked ``target``."""

    kind: ClassVar[str] = "attack"
    __match_args__ = ("attacker", "target")

    def __init__(self, attacker: int, target: int) -> None:
        self.attacker: Final[int] = attacker
        self.target: Final[int] = target


class Cancelled(Event):
    """An ability or spell from ``card`` was cancelled by ``by``."""

    kind: ClassVar[str] = "cancel"
    __match_args__ = ("card", "by")

    def __init__(self, card: int, by: int | None) -> None:
        self.card: Final[int] = card
        self.by: Final[int | None] = by


class Cleansed(Event):
    """Every lasting effect on ``card`` ended."""

    kind: ClassVar[str] = "cleanse"
    __match_args__ = ("card",)

    def __init__(self, card: int) -> None:
        self.card: Final[int] = card


class CoinsChanged(Event):
    """``player``'s coins changed by ``delta``."""

    kind: ClassVar[str] = "coins"
    __match_args__ = ("player", "delta")

    def __init__(self, player: int, delta: int) -> None:
        self.player: Final[int] = player
        self.delta: Final[int] = delta


class ControlChanged(Event):
    """``player`` took control of ``card`` (CR 518)."""

    kind: ClassVar[str] = "control"
    __match_args__ = ("card", "player")

    def __init__(self, card: int, player: int) -> None:
        self.card: Final[int] = card
        self.player: Final[int] = player


class ControlKept(Event):
    """``player`` keeps control of ``card``."""

    kind: ClassVar[str] = "control_kept"
    __match_args__ = ("card", "player")

    def __init__(self, card: int, player: int) -> None:
        self.card: Final[int] = card
        self.player: Final[int] = player


class Copied(Event):
    """``card`` became a copy of card ``of``."""

    kind: ClassVar[str] = "copy"
    __match_args__ = ("card", "of")

    def __init__(self, card: int, of: int) -> None:
        self.card: Final[int] = card
        self.of: Final[int] = of


class CycleStopped(Event):
    """An endless loop of triggers from ``sources`` was stopped."""

    kind: ClassVar[str] = "cycle_stopped"
    __match_args__ = ("sources",)

    def __init__(self, sources: list[int | None]) -> None:
        self.sources: Final[list[int | None]] = sources  # a Queue item's source (None: an effect of no card)


class Died(Event):
    """``card`` died; ``by`` brought it to 0 lives, ``cause`` says how."""

    kind: ClassVar[str] = "death"
    keys: ClassVar[dict[str, str]] = {"cause": "kind"}
    __match_args__ = ("card", "by", "cause")

    def __init__(self, card: int, by: int | None, cause: str | None) -> None:
        self.card: Final[int] = card
        self.by: Final[int | None] = by
        self.cause: Final[str | None] = cause


class Defended(Event):
    """``card`` became the defender against ``attacker``."""

    kind: ClassVar[str] = "defend"
    __match_args__ = ("card", "attacker")

    def __init__(self, card: int, attacker: int) -> None:
        self.card: Final[int] = card
        self.attacker: Final[int] = attacker


class DelayedEffect(Event):
    """A delayed effect was laid on ``card`` to happen ``at``."""

    kind: ClassVar[str] = "delayed"
    __match_args__ = ("card", "source", "at")

    def __init__(self, card: int, source: int | None, at: str) -> None:
        self.card: Final[int] = card
        self.source: Final[int | None] = source
        self.at: Final[str] = at


class Discarded(Event):
    """``player`` discarded ``cards``."""

    kind: ClassVar[str] = "discard"
    __match_args__ = ("player", "cards")

    def __init__(self, player: int, cards: list[int]) -> None:
        self.player: Final[int] = player
        self.cards: Final[list[int]] = cards


class Drew(Event):
    """``player`` drew ``count`` cards."""

    kind: ClassVar[str] = "draw"
    __match_args__ = ("player", "count")

    def __init__(self, player: int, count: int) -> None:
        self.player: Final[int] = player
        self.count: Final[int] = count




class EffectEnded(Event):
    """A lasting effect on ``card`` ended."""

    kind: ClassVar[str] = "effect_ended"
    __match_args__ = ("card",)

    def __init__(self, card: int) -> None:
        self.card: Final[int] = card


class ElementChanged(Event):
    """``card``'s element changed (``mode``: become or add)."""

    kind: ClassVar[str] = "element"
    __match_args__ = ("card", "mode", "element")

    def __init__(self, card: int, mode: str, element: str) -> None:
        self.card: Final[int] = card
        self.mode: Final[str] = mode
        self.element: Final[str] = element


class TurnEnded(Event):
    """``player`` ended the turn."""

    kind: ClassVar[str] = "end_turn"
    __match_args__ = ("player",)

    def __init__(self, player: int) -> None:
        self.player: Final[int] = player


class FailedDraw(Event):
    """``player`` could not draw (the ``count``-th time, CR 304.2)."""

    kind: ClassVar[str] = "failed_draw"
    __match_args__ = ("player", "count")

    def __init__(self, player: int, count: int) -> None:
        self.player: Final[int] = player
        self.count: Final[int] = count


class KeywordGranted(Event):
    """``card`` gained ``keyword``."""

    kind: ClassVar[str] = "grant"
    __match_args__ = ("card", "keyword")

    def __init__(self, card: int, keyword: str) -> None:
        self.card: Final[int] = card
        self.keyword: Final[str] = keyword


class Healed(Event):
    """``amount`` wounds were healed on ``card``."""

    kind: ClassVar[str] = "heal"
    __match_args__ = ("card", "amount")

    def __init__(self, card: int, amount: int) -> None:
        self.card: Final[int] = card
        self.amount: Final[int] = amount


class Hidden(Event):
    """``card`` entered play hidden (CR 7 Скрытое существо)."""

    kind: ClassVar[str] = "hide"
    __match_args__ = ("card",)

    def __init__(self, card: int) -> None:
        self.card: Final[int] = card


class Interrupted(Event):
    """The ability from ``source`` stopped resolving."""

    kind: ClassVar[str] = "interrupted"
    __match_args__ = ("source",)

    def __init__(self, source: int | None) -> None:
        self.source: Final[int | None] = source


class LivesModified(Event):
    """``card``'s lives changed by ``amount`` for a while."""

    kind: ClassVar[str] = "lives_mod"
    __match_args__ = ("card", "amount")

    def __init__(self, card: int, amount: int) -> None:
        self.card: Final[int] = card
        self.amount: Final[int] = amount


class Meditated(Event):
    """Медитация on ``card``: ``paid`` coins paid, ``missing`` not."""

    kind: ClassVar[str] = "meditation"
    __match_args__ = ("card", "paid", "missing")

    def __init__(self, card: int, paid: int, missing: int) -> None:
        self.card: Final[int] = card
        self.paid: Final[int] = paid
        self.missing: Final[int] = missing


class Moved(Event):
    """``card`` moved from zone ``src`` to ``dest``."""

    kind: ClassVar[str] = "move"
    __match_args__ = ("card", "src", "dest")

    def __init__(self, card: int, src: str, dest: str) -> None:
        self.card: Final[int] = card
        self.src: Final[str] = src
        self.dest: Final[str] = dest


class MulliganDeclared(Event):
    """``player`` put ``count`` cards back (CR 301.7)."""

    kind: ClassVar[str] = "mulligan_declared"
    __match_args__ = ("player", "count")

    def __init__(self, player: int, count: int) -> None:
        self.player: Final[int] = player
        self.count: Final[int] = count


class OrderChosen(Event):
    """Player ``first`` goes first (CR 301.4)."""

    kind: ClassVar[str] = "order"
    __match_args__ = ("first",)

    def __init__(self, first: int) -> None:
        self.first: Final[int] = first


class Played(Event):
    """``player`` played ``card`` for ``cost`` (X = ``x``), or for free."""

    kind: ClassVar[str] = "play"
    __match_args__ = ("card", "player", "free", "cost", "x")

    def __init__(self, card: int, player: int, free: Any = ABSENT, cost: Any = ABSENT, x: Any = ABSENT) -> None:
        self.card: Final[int] = card
        self.player: Final[int] = player
        self.free: Final[Any] = free
        self.cost: Final[Any] = cost
        self.x: Final[Any] = x


class Poisoned(Event):
    """``card`` got ``amount`` poison."""

    kind: ClassVar[str] = "poison"
    __match_args__ = ("card", "amount")

    def __init__(self, card: int, amount: int) -> None:
        self.card: Final[int] = card
        self.amount: Final[int] = amount


class PrayersChanged(Event):
    """``player``'s prayers changed by ``delta``."""

    kind: ClassVar[str] = "prayers"
    __match_args__ = ("player", "delta")

    def __init__(self, player: int, delta: int) -> None:
        self.player: Final[int] = player
        self.delta: Final[int] = delta


class Prepared(Event):
    """``card`` was prepared (untapped, CR 7 Подготовить)."""

    kind: ClassVar[str] = "prepare"
    __match_args__ = ("card",)

    def __init__(self, card: int) -> None:
        self.card: Final[int] = card


class Prevented(Event):
    """``amount`` wounds to ``card`` were prevented (``why``: "armor", "undead", "protection" — ``of`` what: strikes,
    shots, abilities, poison or an element — or "prevent", by the ability of the card ``by``, CR 515)."""

    kind: ClassVar[str] = "prevented"
    __match_args__ = ("card", "amount", "why", "by", "of")

    def __init__(self, card: int, amount: int, why: str, by: Any = ABSENT, of: Any = ABSENT) -> None:
        self.card: Final[int] = card
        self.amount: Final[int] = amount
        self.why: Final[str] = why
        self.by: Final[Any] = by
        self.of: Final[Any] = of


class PrayersReplaced(Event):
    """``source`` replaced ``player``'s gain of ``amount`` prayers."""

    kind: ClassVar[str] = "replaced"
    __match_args__ = ("source", "player", "amount")

    def __init__(self, source: int, player: int, amount: int) -> None:
        self.source: Final[int] = source
        self.player: Final[int] = player
        self.amount: Final[int] = amount


class Resolved(Event):
    """An item of the Queue from ``source`` resolved (``item``: what it was)."""

    kind: ClassVar[str] = "resolved"
    keys: ClassVar[dict[str, str]] = {"item": "kind"}
    __match_args__ = ("source", "item")

    def __init__(self, source: int | None, item: str) -> None:
        self.source: Final[int | None] = source
        self.item: Final[str] = item


class Revealed(Event):
    """Hidden ``card`` was revealed."""

    kind: ClassVar[str] = "reveal"
    __match_args__ = ("card",)

    def __init__(self, card: int) -> None:
        self.card: Final[int] = card


class CardShown(Event):
    """``card`` was shown to ``player``."""

    kind: ClassVar[str] = "reveal_card"
    __match_args__ = ("card", "player")

    def __init__(self, card: int, player: int) -> None:
        self.card: Final[int] = card
        self.player: Final[int] = player


class LivesSet(Event):
    """``card``'s lives were set to ``value``."""

    kind: ClassVar[str] = "set_lives"
    __match_args__ = ("card", "value")

    def __init__(self, card: int, value: int) -> None:
        self.card: Final[int] = card
        self.value: Final[int] = value


class Silenced(Event):
    """``card`` lost its abilities for a while."""

    kind: ClassVar[str] = "silence"
    __match_args__ = ("card",)

    def __init__(self, card: int) -> None:
        self.card: Final[int] = card


class Skipped(Event):
    """Step ``step`` of the ability from ``source`` was skipped."""

    kind: ClassVar[str] = "skipped"
    __match_args__ = ("source", "step")

    def __init__(self, source: int | None, step: int) -> None:
        self.source: Final[int | None] = source
        self.step: Final[int] = step


class Struck(Event):
    """``attacker`` struck ``target``."""

    kind: ClassVar[str] = "strike"
    __match_args__ = ("attacker", "target")

    def __init__(self, attacker: int, target: int) -> None:
        self.attacker: Final[int] = attacker
        self.target: Final[int] = target


class StrikeModified(Event):
    """``card``'s strike changed by ``amount`` (to ``value``)."""

    kind: ClassVar[str] = "strike_mod"
    __match_args__ = ("card", "amount", "value")

    def __init__(self, card: int, amount: int, value: Any = ABSENT) -> None:
        self.card: Final[int] = card
        self.amount: Final[int] = amount
        self.value: Final[Any] = value


class Stunned(Event):
    """``card`` was stunned."""

    kind: ClassVar[str] = "stun"
    __match_args__ = ("card",)

    def __init__(self, card: int) -> None:
        self.card: Final[int] = card


class Tapped(Event):
    """``card`` was tapped."""

    kind: ClassVar[str] = "tap"
    __match_args__ = ("card",)

    def __init__(self, card: int) -> None:
        self.card: Final[int] = card


class Triggered(Event):
    """A triggered ability of ``source`` went into the Queue."""

    kind: ClassVar[str] = "trigger"
    __match_args__ = ("source", "key", "targets")

    def __init__(self, source: int, key: Any, targets: list[int]) -> None:
        self.source: Final[int] = source
        self.key: Final[Any] = key
        self.targets: Final[list[int]] = targets


class TriggerDeclined(Event):
    """A triggered ability of ``source`` was declined."""

    kind: ClassVar[str] = "trigger_declined"
    __match_args__ = ("source", "key")

    def __init__(self, source: int, key: Any) -> None:
        self.source: Final[int] = source
        self.key: Final[Any] = key


class TriggerLost(Event):
    """A triggered ability of ``source`` was lost."""

    kind: ClassVar[str] = "trigger_lost"
    __match_args__ = ("source", "key")

    def __init__(self, source: int, key: Any) -> None:
        self.source: Final[int] = source
        self.key: Final[Any] = key


class UndeadWounded(Event):
    """An undead ``card`` took ``x`` wounds to act (CR 7 Нежить)."""

    kind: ClassVar[str] = "undead_wound"
    __match_args__ = ("card", "x")

    def __init__(self, card: int, x: int) -> None:
        self.card: Final[int] = card
        self.x: Final[int] = x


class Untapped(Event):
    """``card`` was untapped."""

    kind: ClassVar[str] = "untap"
    __match_args__ = ("card",)

    def __init__(self, card: int) -> None:
        self.card: Final[int] = card


class Wounded(Event):
    """``card`` took ``amount`` wounds from ``source`` (``cause``: how)."""

    kind: ClassVar[str] = "wound"
    keys: ClassVar[dict[str, str]] = {"cause": "kind"}
    __match_args__ = ("card", "amount", "source", "cause")

    def __init__(self, card: int, amount: int, source: int | None, cause: str) -> None:
        self.card: Final[int] = card
        self.amount: Final[int] = amount
        self.source: Final[int | None] = source
        self.cause: Final[str] = cause


# every event kind of this ruleset -> its record
EVENTS: dict[str, type[Event]] = {c.kind: c for c in (
    DieRolled, Shuffled, TurnBegan, Conceded, Forfeited, GameOver, TimeRanOut,
    Activated, Animated, AnimationEnded, Attached, AttackDeclared, Cancelled, Cleansed, CoinsChanged,
    ControlChanged, ControlKept, Copied, CycleStopped, Died, Defended, DelayedEffect, Discarded, Drew,
    DrawAccepted, DrawDeclined, DrawOffered, EffectEnded, ElementChanged, TurnEnded, FailedDraw, KeywordGranted, Healed,
    Hidden, Interrupted, LivesModified, Meditated, Moved, MulliganDeclared, OrderChosen, Played, Poisoned,
    PrayersChanged, Prepared, Prevented, PrayersReplaced, Resolved, Revealed, CardShown, LivesSet, Silenced,
    Skipped, Struck, StrikeModified, Stunned, Tapped, Triggered, TriggerDeclined, TriggerLost, UndeadWounded,
    Untapped, Wounded,
)}
