"""The dice of a fight name their modifiers (2022 «Благословение», «Проклятие», «±X к броску кубика»,
«Неповоротливость»): the hit event carries each die's parts, which add up to the total the table reads."""

from __future__ import annotations

from classic_support import ALL_CARDS, ScriptedDice

from engine.classic import ClassicGame, Placement
from engine.classic import actions as A


def test_each_die_names_its_modifiers_and_they_add_up() -> None:
    # 2007 4.3 with 2022 «Важные дополнения» 3: each side's own modifiers; a blessed clumsy troll rolls 4 + 1 − 1
    g = ClassicGame.from_position(ALL_CARDS, [
        Placement(owner=0, card="a_troll", at=(2, 2), blessed=True),
        Placement(owner=1, card="a_sentry", at=(3, 2), cursed=True)], seed=0, active=0)
    g.rng = ScriptedDice([4, 3])
    events = g.apply(A.Strike(attacker=1, target=2))
    while g.pending is not None and g.pending.kind in ("defender", "respond"):
        events += g.apply(A.NoDefense() if g.pending.kind == "defender" else A.Pass())
    hit = next(e for e in events if e.kind == "hit")
    att, ref = hit.mods
    assert att == [["blessed", 1], ["ability:1", -1]]  # a_troll's «Неповоротливость» is its ability 1
    assert ref == [["cursed", -1], ["ability:1", 1]]  # a_sentry's «+1 к броску в защите» is its ability 1
    assert hit.rolls == [4 + 1 - 1, 3 - 1 + 1]
    for cid, purpose, mods in ((1, "attack", att), (2, "defend", ref)):
        assert sum(x for _, x in mods) == g.die_bonus(cid, purpose)
