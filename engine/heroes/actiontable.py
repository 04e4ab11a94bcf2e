"""The actions one «Герои» game has listed, each distinct one built once (see :class:`ActionTable`)."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.heroes import actions as A
from engine.heroes.carddef import Activation, Declaration, declarations

_new = object.__new__
_ATTACK_INIT, _PLAY_INIT, _ACTIVATE_INIT = A.Attack.__init__, A.Play.__init__, A.Activate.__init__


class ActionTable:
    """The actions one game (and its clones) has listed, each distinct one built once.

    Actions are immutable values, and the legal actions of one decision are mostly those of the last:
    each distinct one is kept and handed out again (building a frozen dataclass costs far more than
    finding it). The keys name card instances, so the table belongs to a game, never to the process;
    a table that grows past ``CAP`` starts again.
    """

    CAP: ClassVar[int] = 20000
    __slots__ = ("attacks", "attack_lists", "plays", "plain_plays", "activates", "defends", "declarations",
                 "slot_plays", "slot_activates", "untargeted")

    def __init__(self) -> None:
        self.attacks: dict[tuple[int, int], A.Attack] = {}
        # enemy targets -> attacker -> its attacks on them, in order (read only: extend() copies)
        self.attack_lists: dict[tuple[int, ...], dict[int, list[A.Attack]]] = {}
        self.plays: dict[tuple[Any, ...], A.Play] = {}
        self.plain_plays: dict[int, A.Play] = {}  # card -> its play with no targets, X, modes or host
        self.activates: dict[tuple[Any, ...], A.Activate] = {}
        self.defends: dict[int, A.Defend] = {}
        # Printed activated abilities (never changed in a game) -> their declarations; the ability
        # itself is kept alongside, which keeps its id from being reused.
        self.declarations: dict[int, tuple[dict[str, Any], tuple[Declaration, ...]]] = {}
        # A one-target declaration -> (its last candidates, their actions): (card, x, modes) of a spell,
        # (card, ability, x, modes) of an activated ability. Read only: extend() copies.
        self.slot_plays: dict[tuple[Any, ...], tuple[list[int], list[A.Play]]] = {}
        self.slot_activates: dict[tuple[Any, ...], tuple[list[int], list[A.Activate]]] = {}
        # (card, ability) of a printed ability without targets or X -> its activations (read only)
        self.untargeted: dict[tuple[int, int], list[A.Activate]] = {}

    @classmethod
    def _keep(cls, table: dict[Any, Any], key: Any, made: Any) -> Any:
        """Keep and return the value for ``key`` (callers look in ``table`` first)."""
        if len(table) > cls.CAP:
            table.clear()
        table[key] = made
        return made

    # Each action is made as its class would make it, object.__new__ and then the class's own __init__, but
    # with that __init__ called directly: a class called with keywords builds a dict of them per call.
    def attack(self, attacker: int, target: int) -> A.Attack:
        made = _new(A.Attack)
        _ATTACK_INIT(made, attacker=attacker, target=target)
        return self._keep(self.attacks, (attacker, target), made)

    def attack_lists_on(self, targets: tuple[int, ...]) -> dict[int, list[A.Attack]]:
        """Attacker -> its attacks on these targets (filled by attacks_on)."""
        return self._keep(self.attack_lists, targets, {})

    def attacks_on(self, lists: dict[int, list[A.Attack]], attacker: int, targets: tuple[int, ...]) -> list[A.Attack]:
        """The attacks of one attacker on these targets, in order, kept in ``lists`` (attack_lists_on(targets)):
        the same list comes back often."""
        known = self.attacks
        made = lists[attacker] = [known.get((attacker, t)) or self.attack(attacker, t) for t in targets]
        return made

    def play(self, key: tuple[Any, ...]) -> A.Play:
        """key: (card, targets, x, modes, attach)."""
        card, targets, x, modes, attach = key
        made = _new(A.Play)
        _PLAY_INIT(made, card=card, targets=targets, x=x, modes=modes, attach=attach)
        return self._keep(self.plays, key, made)

    def plain_play(self, card: int) -> A.Play:
        key = (card, (), None, (), None)
        return self._keep(self.plain_plays, card, self.plays.get(key) or self.play(key))

    def activate(self, key: tuple[Any, ...]) -> A.Activate:
        """key: (card, ability, targets, x, modes)."""
        card, ability, targets, x, modes = key
        made = _new(A.Activate)
        _ACTIVATE_INIT(made, card=card, ability=ability, targets=targets, x=x, modes=modes)
        return self._keep(self.activates, key, made)

    def plays_on(self, key: tuple[Any, ...], cands: list[int]) -> list[A.Play]:
        """The plays of a one-target spell, key (card, x, modes), on each of ``cands`` in order."""
        got = self.slot_plays.get(key)
        if got is not None and got[0] == cands:
            return got[1]
        card, x, modes = key
        known = self.plays
        made = [known.get(k) or self.play(k) for k in [(card, (t,), x, modes, None) for t in cands]]
        self._keep(self.slot_plays, key, (cands, made))
        return made

    def activations_on(self, key: tuple[Any, ...], cands: list[int]) -> list[A.Activate]:
        """The activations of a one-target ability, key (card, ability, x, modes), on each of ``cands`` in order."""
        got = self.slot_activates.get(key)
        if got is not None and got[0] == cands:
            return got[1]
        card, ability, x, modes = key
        known = self.activates
        made = [known.get(k) or self.activate(k) for k in [(card, ability, (t,), x, modes) for t in cands]]
        self._keep(self.slot_activates, key, (cands, made))
        return made

    def untargeted_activations(self, card: int, ability: Activation) -> list[A.Activate]:
        """The activations of a printed ability without targets or X: one per declaration (CR 523.1)."""
        known = self.activates
        made = [known.get(k) or self.activate(k) for k in [(card, ability.index, (), None, modes)
                                                           for modes, *_ in ability.declared]]
        return self._keep(self.untargeted, (card, ability.index), made)

    def defend(self, card: int) -> A.Defend:
        return self._keep(self.defends, card, A.Defend(card=card))

    def declared(self, ab: dict[str, Any]) -> tuple[Declaration, ...]:
        """The declarations of a printed activated ability (worked out once per game)."""
        known = self.declarations.get(id(ab))
        if known is None or known[0] is not ab:
            known = self._keep(self.declarations, id(ab), (ab, declarations(ab["effects"], ab.get("modes"))))
        return known[1]
