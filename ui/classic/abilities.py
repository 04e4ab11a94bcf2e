"""A card's active abilities, chips, «закрыться на удар по летающему» and, in a campaign, «на отступление» at the
table: the engine's legal ``use``, ``chip``, ``aim`` and ``retreat`` actions become buttons on the prompt strip for the selected card; an ability
that needs a target lights the targets, one that needs a cell (``to=``) lights the cells, and a click on
one of them makes the action. The stack is described in words for the panel.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.classic import actions as A
from ui.classic.eventlog import card_name


def card_actions(game) -> dict[int, list]:
    """The ability-like actions open to each card now (use, chip, aim, retreat), from the engine's legal actions."""
    out: dict[int, list] = {}
    for a in game.legal_actions():
        if isinstance(a, A.Use | A.Chip | A.Aim | A.Retreat):
            out.setdefault(a.card, []).append(a)
    return out


def ability_text(game, cid: int, index: int, lang: str) -> str:
    abilities = game.abilities(cid) if hasattr(game, "abilities") else []
    if 0 <= index < len(abilities):
        return abilities[index].text_with(lang, game.cards).strip().rstrip(".")
    return str(index + 1)


def buttons_for(game, cid: int, acts: list, tr) -> list[tuple[str, tuple, str]]:
    """One button per ability (however many targets it has), and chip, aim and retreat when they are legal."""
    out: list[tuple[str, tuple, str]] = []
    seen: set[int] = set()
    for a in acts:
        if isinstance(a, A.Use) and a.ability not in seen:
            seen.add(a.ability)
            text = ability_text(game, cid, a.ability, tr.lang)
            out.append((text if len(text) <= 34 else text[:33].rstrip() + "…", ("use", cid, a.ability), "normal"))
        elif isinstance(a, A.Chip):
            out.append((tr("csetup.chip"), ("act", str(a)), "normal"))
        elif isinstance(a, A.Aim):
            out.append((tr("csetup.aim"), ("act", str(a)), "normal"))
        elif isinstance(a, A.Retreat):  # 2007 8.2.1
            out.append((tr("csetup.retreat"), ("act", str(a)), "normal"))
    return out


@dataclass
class Using:
    """An ability being declared: its card and number, and the target once chosen (None: not yet)."""

    card: int
    ability: int
    options: list = field(default_factory=list)  # the legal Use actions still matching what was chosen
    target: int | None = None

    def needs_target(self) -> bool:
        return self.target is None and any(a.target is not None for a in self.options)

    def targets(self) -> set[int]:
        return {a.target for a in self.options if a.target is not None} if self.needs_target() else set()

    def cells(self) -> set[tuple[int, int]]:
        if self.needs_target():
            return set()
        return {tuple(a.to) for a in self.options if a.to is not None}

    def ready(self):
        """The action when nothing is left to choose, else None: a single legal way to use the ability (one
        target, one cell) is made at once rather than asking the player to click the only lit card."""
        if len(self.options) == 1:
            return self.options[0]
        if self.options and all(a.target is None and a.to is None for a in self.options):
            return self.options[0]
        return None

    def choose_card(self, cid: int) -> bool:
        picked = [a for a in self.options if a.target == cid]
        if not picked:
            return False
        self.options, self.target = picked, cid
        return True

    def choose_cell(self, cell) -> object | None:
        return next((a for a in self.options if a.to is not None and tuple(a.to) == tuple(cell)), None)


def stack_lines(game, tr) -> list[str]:
    """The stack in words, top first: whose card, what it does, at whom."""
    out = []
    for item in reversed(getattr(game, "stack", []) or []):
        what = tr(f"csetup.stack_{item.kind}") if item.kind in STACK_KINDS else item.kind
        line = f"«{card_name(game, item.source, tr)}»: {what}"
        if item.kind in ("ability", "trigger") and item.index >= 0:
            line += f" — {ability_text(game, item.source, item.index, tr.lang)}"
        if item.target is not None and item.target in game.creatures:
            line += ", " + tr("csetup.stack_target", card=card_name(game, item.target, tr))
        out.append(line)
    return out


STACK_KINDS = ("ability", "trigger", "attack", "dice", "destroy")
