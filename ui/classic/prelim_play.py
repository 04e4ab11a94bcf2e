"""The decisions before the battle's turns at the table, on the board: «после расстановки» (2007 6.2.2: click a lit
face-down card of one's own, then its target or cell, as for any ability), the vanguard strike (6.2.4: drag or
click a lit card onto a lit enemy next to it) and the choice before a turn (6.3.1: click the tapped «Затаиться»
cards that stay closed, then «Готово»). What is lit comes from the engine's legal actions; each choice becomes
one engine action, and «Пропустить» is the engine's ``pass`` (the player takes no more part in that step).
The «до набора отряда» step is on the recruit screen (ui/classic/setup_play.py).
"""

from __future__ import annotations

from engine.classic import actions as A
from ui.classic.eventlog import card_name

BOARD_KINDS = frozenset({"after_place", "vanguard", "prepare"})


class PrelimPlay:
    """The board's part of those decisions for one ClassicTableScene (its state: the cards chosen to stay closed)."""

    def __init__(self, scene) -> None:
        self.scene = scene
        self.closed: set[int] = set()

    @property
    def game(self):
        return self.scene.game

    def attackers(self) -> set[int]:
        """The cards that may strike in the vanguard subphase now."""
        return {a.attacker for a in self.game.legal_actions() if isinstance(a, A.Strike)}

    def targets(self, cid: int | None) -> set[int]:
        return {a.target for a in self.game.legal_actions() if isinstance(a, A.Strike) and a.attacker == cid}

    def refresh(self, kind: str, who: str, labels: list) -> str:
        """Fill the look for the decision; returns the prompt and appends the strip's buttons."""
        g, tr, look, scene = self.game, self.scene.tr, self.scene.look, self.scene
        legal = g.legal_actions()
        if kind == "prepare":
            eligible = max((a.cards for a in legal if isinstance(a, A.StayClosed)), key=len, default=())
            self.closed &= set(eligible)
            look.strikes = set(eligible) - self.closed  # these open
            look.defenders = set(self.closed)  # these stay closed
            labels.append((tr("csetup.ready"), ("prelim", "closed"), "primary"))
            return tr("csetup.prepare_hint", name=who)
        labels.append((tr("csetup.pass"), ("action", str(A.Pass())), "normal"))
        if kind == "vanguard":
            shown = scene.dragging if scene.dragging is not None else scene.selected
            if shown is not None and shown in self.attackers():
                look.strikes = self.targets(shown)
                return tr("csetup.vanguard_selected", card=card_name(g, shown, tr))
            look.defenders = self.attackers()
            return tr("csetup.vanguard_hint", name=who)
        look.defenders = {a.card for a in legal if isinstance(a, A.Use)}
        return tr("csetup.after_hint", name=who)

    def click(self, cell, occupant: int | None) -> None:
        """A click on the board during one of these decisions."""
        scene = self.scene
        kind = scene._kind()
        if kind == "prepare":
            if occupant is not None and (occupant in scene.look.strikes or occupant in self.closed):
                self.closed ^= {occupant}
        elif kind == "after_place":
            use = next((a for a in self.game.legal_actions() if isinstance(a, A.Use) and a.card == occupant), None)
            if use is not None:
                scene.start_using(use.card, use.ability)  # its target or cell next, as for any ability
                return
        elif kind == "vanguard":
            if scene.selected is not None and occupant in self.targets(scene.selected):
                scene.do(A.Strike(attacker=scene.selected, target=occupant))
                return
            scene.selected = occupant if occupant in self.attackers() and occupant != scene.selected else None
        scene.refresh()

    def on_button(self, what: str) -> None:
        if what == "closed":
            keep, self.closed = tuple(sorted(self.closed)), set()
            self.scene.do(A.StayClosed(cards=keep))
