"""The events of a «Герои» game (the shared ones — a die, a shuffle, a turn, a concession, a draw offer, the game's
end — are in :mod:`engine.core.events`). Each record's docstring says what happened; the rules that
emit it cite their CR numbers."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core.events import (
    ABSENT,
    Conceded,
    DieRolled,
    DrawDeclined,
    DrawOffered,
    Event,
    GameOver,
    Shuffled,
    TurnBegan,
    event,
)


@event
class Activated(Event):
    """``player`` activated ability number ``ability`` of ``card`` (X = ``x``)."""

    kind: ClassVar[str] = "activate"
    card: int
    ability: int
    player: int
    x: int | None


@event
class Animated(Event):
    """``card`` became a creature with that strike and lives until the effect ends."""

    kind: ClassVar[str] = "animate"
    card: int
    strike: int
    lives: int


@event
class AnimationEnded(Event):
    """``card`` is no longer animated."""

    kind: ClassVar[str] = "animate_ends"
    card: int


@event
class Attached(Event):
    """A module ``card`` joined mechanism ``host`` (CR 7 Модуль)."""

    kind: ClassVar[str] = "attach"
    card: int
    host: int


@event
class AttackDeclared(Event):
    """``attacker`` attacked ``target``."""

    kind: ClassVar[str] = "attack"
    attacker: int
    target: int


@event
class Cancelled(Event):
    """An ability or spell from ``card`` was cancelled by ``by``."""

    kind: ClassVar[str] = "cancel"
    card: int
    by: int | None


@event
class Cleansed(Event):
    """Every lasting effect on ``card`` ended."""

    kind: ClassVar[str] = "cleanse"
    card: int


@event
class CoinsChanged(Event):
    """``player``'s coins changed by ``delta``."""

    kind: ClassVar[str] = "coins"
    player: int
    delta: int


@event
class ControlChanged(Event):
    """``player`` took control of ``card`` (CR 518)."""

    kind: ClassVar[str] = "control"
    card: int
    player: int


@event
class ControlKept(Event):
    """``player`` keeps control of ``card``."""

    kind: ClassVar[str] = "control_kept"
    card: int
    player: int


@event
class Copied(Event):
    """``card`` became a copy of card ``of``."""

    kind: ClassVar[str] = "copy"
    card: int
    of: int


@event
class CycleStopped(Event):
    """An endless loop of triggers from ``sources`` was stopped."""

    kind: ClassVar[str] = "cycle_stopped"
    sources: list[int | None]  # a Queue item's source (None: an effect of no card)


@event
class Died(Event):
    """``card`` died; ``by`` brought it to 0 lives, ``cause`` says how."""

    kind: ClassVar[str] = "death"
    card: int
    by: int | None
    cause: str | None
    keys: ClassVar[dict[str, str]] = {"cause": "kind"}


@event
class Defended(Event):
    """``card`` became the defender against ``attacker``."""

    kind: ClassVar[str] = "defend"
    card: int
    attacker: int


@event
class DelayedEffect(Event):
    """A delayed effect was laid on ``card`` to happen ``at``."""

    kind: ClassVar[str] = "delayed"
    card: int
    source: int | None
    at: str


@event
class Discarded(Event):
    """``player`` discarded ``cards``."""

    kind: ClassVar[str] = "discard"
    player: int
    cards: list[int]


@event
class Drew(Event):
    """``player`` drew ``count`` cards."""

    kind: ClassVar[str] = "draw"
    player: int
    count: int




@event
class EffectEnded(Event):
    """A lasting effect on ``card`` ended."""

    kind: ClassVar[str] = "effect_ended"
    card: int


@event
class ElementChanged(Event):
    """``card``'s element changed (``mode``: become or add)."""

    kind: ClassVar[str] = "element"
    card: int
    mode: str
    element: str


@event
class TurnEnded(Event):
    """``player`` ended the turn."""

    kind: ClassVar[str] = "end_turn"
    player: int


@event
class FailedDraw(Event):
    """``player`` could not draw (the ``count``-th time, CR 304.2)."""

    kind: ClassVar[str] = "failed_draw"
    player: int
    count: int


@event
class KeywordGranted(Event):
    """``card`` gained ``keyword``."""

    kind: ClassVar[str] = "grant"
    card: int
    keyword: str


@event
class Healed(Event):
    """``amount`` wounds were healed on ``card``."""

    kind: ClassVar[str] = "heal"
    card: int
    amount: int


@event
class Hidden(Event):
    """``card`` entered play hidden (CR 7 Скрытое существо)."""

    kind: ClassVar[str] = "hide"
    card: int


@event
class Interrupted(Event):
    """The ability from ``source`` stopped resolving."""

    kind: ClassVar[str] = "interrupted"
    source: int | None


@event
class LivesModified(Event):
    """``card``'s lives changed by ``amount`` for a while."""

    kind: ClassVar[str] = "lives_mod"
    card: int
    amount: int


@event
class Meditated(Event):
    """Медитация on ``card``: ``paid`` coins paid, ``missing`` not."""

    kind: ClassVar[str] = "meditation"
    card: int
    paid: int
    missing: int


@event
class Moved(Event):
    """``card`` moved from zone ``src`` to ``dest``."""

    kind: ClassVar[str] = "move"
    card: int
    src: str
    dest: str


@event
class MulliganDeclared(Event):
    """``player`` put ``count`` cards back (CR 301.7)."""

    kind: ClassVar[str] = "mulligan_declared"
    player: int
    count: int


@event
class OrderChosen(Event):
    """Player ``first`` goes first (CR 301.4)."""

    kind: ClassVar[str] = "order"
    first: int


@event
class Played(Event):
    """``player`` played ``card`` for ``cost`` (X = ``x``), or for free."""

    kind: ClassVar[str] = "play"
    card: int
    player: int
    free: bool = ABSENT
    cost: int = ABSENT
    x: int | None = ABSENT


@event
class Poisoned(Event):
    """``card`` got ``amount`` poison."""

    kind: ClassVar[str] = "poison"
    card: int
    amount: int


@event
class PrayersChanged(Event):
    """``player``'s prayers changed by ``delta``."""

    kind: ClassVar[str] = "prayers"
    player: int
    delta: int


@event
class Prepared(Event):
    """``card`` was prepared (untapped, CR 7 Подготовить)."""

    kind: ClassVar[str] = "prepare"
    card: int


@event
class Prevented(Event):
    """``amount`` wounds to ``card`` were prevented (``why``)."""

    kind: ClassVar[str] = "prevented"
    card: int
    amount: int
    why: str


@event
class PrayersReplaced(Event):
    """``source`` replaced ``player``'s gain of ``amount`` prayers."""

    kind: ClassVar[str] = "replaced"
    source: int
    player: int
    amount: int


@event
class Resolved(Event):
    """An item of the Queue from ``source`` resolved (``item``: what it was)."""

    kind: ClassVar[str] = "resolved"
    source: int | None
    item: str
    keys: ClassVar[dict[str, str]] = {"item": "kind"}


@event
class Revealed(Event):
    """Hidden ``card`` was revealed."""

    kind: ClassVar[str] = "reveal"
    card: int


@event
class CardShown(Event):
    """``card`` was shown to ``player``."""

    kind: ClassVar[str] = "reveal_card"
    card: int
    player: int


@event
class LivesSet(Event):
    """``card``'s lives were set to ``value``."""

    kind: ClassVar[str] = "set_lives"
    card: int
    value: int


@event
class Silenced(Event):
    """``card`` lost its abilities for a while."""

    kind: ClassVar[str] = "silence"
    card: int


@event
class Skipped(Event):
    """Step ``step`` of the ability from ``source`` was skipped."""

    kind: ClassVar[str] = "skipped"
    source: int | None
    step: int


@event
class Struck(Event):
    """``attacker`` struck ``target``."""

    kind: ClassVar[str] = "strike"
    attacker: int
    target: int


@event
class StrikeModified(Event):
    """``card``'s strike changed by ``amount`` (to ``value``)."""

    kind: ClassVar[str] = "strike_mod"
    card: int
    amount: int
    value: int = ABSENT


@event
class Stunned(Event):
    """``card`` was stunned."""

    kind: ClassVar[str] = "stun"
    card: int


@event
class Tapped(Event):
    """``card`` was tapped."""

    kind: ClassVar[str] = "tap"
    card: int


@event
class Triggered(Event):
    """A triggered ability of ``source`` went into the Queue."""

    kind: ClassVar[str] = "trigger"
    source: int
    key: Any
    targets: list[int]


@event
class TriggerDeclined(Event):
    """A triggered ability of ``source`` was declined."""

    kind: ClassVar[str] = "trigger_declined"
    source: int
    key: Any


@event
class TriggerLost(Event):
    """A triggered ability of ``source`` was lost."""

    kind: ClassVar[str] = "trigger_lost"
    source: int
    key: Any


@event
class UndeadWounded(Event):
    """An undead ``card`` took ``x`` wounds to act (CR 7 Нежить)."""

    kind: ClassVar[str] = "undead_wound"
    card: int
    x: int


@event
class Untapped(Event):
    """``card`` was untapped."""

    kind: ClassVar[str] = "untap"
    card: int


@event
class Wounded(Event):
    """``card`` took ``amount`` wounds from ``source`` (``cause``: how)."""

    kind: ClassVar[str] = "wound"
    card: int
    amount: int
    source: int | None
    cause: str
    keys: ClassVar[dict[str, str]] = {"cause": "kind"}


# every event kind of this ruleset -> its record
EVENTS: dict[str, type[Event]] = {c.kind: c for c in (
    DieRolled, Shuffled, TurnBegan, Conceded, GameOver,
    Activated, Animated, AnimationEnded, Attached, AttackDeclared, Cancelled, Cleansed, CoinsChanged,
    ControlChanged, ControlKept, Copied, CycleStopped, Died, Defended, DelayedEffect, Discarded, Drew,
    DrawDeclined, DrawOffered, EffectEnded, ElementChanged, TurnEnded, FailedDraw, KeywordGranted, Healed,
    Hidden, Interrupted, LivesModified, Meditated, Moved, MulliganDeclared, OrderChosen, Played, Poisoned,
    PrayersChanged, Prepared, Prevented, PrayersReplaced, Resolved, Revealed, CardShown, LivesSet, Silenced,
    Skipped, Struck, StrikeModified, Stunned, Tapped, Triggered, TriggerDeclined, TriggerLost, UndeadWounded,
    Untapped, Wounded,
)}
