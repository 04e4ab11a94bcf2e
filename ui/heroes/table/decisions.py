"""What the prompt strip says and offers: one clear question naming who decides.

Pure functions of the game and the interface state; the scene turns the chosen value into an
engine action.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.heroes import actions as A
from ui.heroes import cardtext
from ui.heroes.table.eventlog import card_name
from ui.heroes.table.intents import (
    TABLE,
    Narrowing,
    Question,
    drop_keys,
    kind_of,
    lit_targets,
    source_actions,
)
from ui.i18n import Tr

Label = tuple[str, Any, str]  # text, value, style


@dataclass
class Prompt:
    text: str
    labels: list[Label] = field(default_factory=list)
    lit: set = field(default_factory=set)
    dim: bool = False


def ability_of(game, cid: int, index: int) -> dict | None:
    """The card's ``index``-th ability, counting its modules' too (as Activate counts them)."""
    n = 0
    for part in game.parts(cid):
        for ab in part.abilities:
            if n == index:
                return ab
            n += 1
    return None


def ability_label(game, cid: int, index: int, tr: Tr) -> str:
    """A short name for an activated ability: its cost and effect."""
    ab = ability_of(game, cid, index)
    text = cardtext.ability_text(ab, game.cdef(cid), tr.lang) if ab else ""
    text = text.split("\n")[0] if text else tr("prompt.ability")
    return text if len(text) < 60 else text[:57] + "…"


def modes_of(game, action) -> dict | None:
    if isinstance(action, A.Play):
        return game.cdef(action.card).modes
    if isinstance(action, A.Activate):
        ab = ability_of(game, action.card, action.ability)
        return ab.get("modes") if ab else None
    if isinstance(action, A.DeclareTrigger):
        t = next((t for t in game.waiting if t.tid == action.trigger), None)
        return t.modes if t else None
    return None


def mode_label(game, action, option: int | None, tr: Tr) -> str:
    modes = modes_of(game, action)
    if not modes or option is None:
        return "—"
    text = cardtext.effects_text(modes["options"][option], tr.lang)
    return text if len(text) < 70 else text[:67] + "…"


def kind_label(game, kind: tuple, tr: Tr) -> str:
    if kind[0] == "attack":
        return tr("prompt.kind_attack")
    if kind[0] == "ability":
        return tr("prompt.kind_ability", text=ability_label(game, kind[1], kind[2], tr))
    if kind[0] == "play":
        if kind[1] is None:
            return tr("prompt.kind_play")
        return tr("prompt.kind_attach", host=card_name(game, kind[1], tr))
    if kind[0] == "undead":
        return tr("prompt.kind_undead")
    return str(kind[0])


def question_prompt(game, q: Question, narrow: Narrowing, tr: Tr, who: str) -> Prompt:
    cancel: Label = (tr("prompt.cancel"), ("cancel",), "danger")
    if q.what == "kind":
        return Prompt(tr("prompt.which", name=who),
                      [(kind_label(game, k, tr), ("narrow", k), "primary") for k in q.options] + [cancel])
    if q.what == "x":
        labels = [(f"X={x}" if x is not None else "—", ("narrow", x), "primary") for x in q.options]
        return Prompt(tr("prompt.x", name=who), labels + [cancel])
    if q.what == "mode":
        labels = [(mode_label(game, narrow.cands[0], m, tr), ("narrow", m), "primary") for m in q.options]
        return Prompt(tr("prompt.modes", name=who, n=q.slot + 1), labels + [cancel])
    if q.what == "target":
        lit = {("card", v) for v in q.options if v is not None}
        labels = [cancel]
        if None in q.options:
            labels.insert(0, (tr("prompt.no_target"), ("narrow", None), "normal"))
        return Prompt(tr("prompt.target", name=who, n=q.slot + 1), labels, lit, dim=True)
    return Prompt(tr("prompt.which", name=who), [cancel])


def decision_prompt(game, ui, tr: Tr, narrow: Narrowing | None, undo_ask: int | None) -> Prompt:
    """The prompt for whatever is due now."""
    pend = game.pending
    if undo_ask is not None:
        asker = game.players[1 - undo_ask].name
        return Prompt(tr("prompt.undo_ask", name=game.players[undo_ask].name, asker=asker),
                      [(tr("prompt.yes"), ("undo_yes",), "primary"), (tr("prompt.no"), ("undo_no",), "danger")])
    if pend is None:
        if game.is_over:
            return Prompt(tr("prompt.over"))
        return Prompt("")
    p = pend.player
    who = game.players[p].name
    if narrow is not None:
        q = narrow.question()
        if q is not None:
            return question_prompt(game, q, narrow, tr, who)
    kind = pend.kind
    if p != ui.viewer and ui.curtain is None:
        return Prompt(tr("prompt.waiting", name=who))
    if kind == "order":
        return Prompt(tr("prompt.order", name=who),
                      [(tr("prompt.go_first"), ("order", True), "primary"), (tr("prompt.go_second"), ("order", False), "normal")])
    if kind == "mulligan":
        n = len(ui.toggled)
        label = tr("prompt.mulligan_n", n=n) if n else tr("prompt.keep")
        lit = {("card", c) for c in game.players[p].hand}
        return Prompt(tr("prompt.mulligan", name=who, n=n), [(label, ("mulligan",), "primary")], lit)
    if kind == "reveal":
        lit = {("card", c) for c in pend.cards}
        n = len(ui.toggled)
        return Prompt(tr("prompt.reveal", name=who),
                      [(tr("prompt.reveal_n", n=n), ("reveal",), "primary")], lit)
    if kind == "defender":
        combat = game.combat or {}
        lit = {("card", c) for c in getattr(pend, "options", [])}
        text = tr("prompt.defender", name=who, attacker=card_name(game, combat.get("attacker"), tr),
                  target=card_name(game, combat.get("target"), tr))
        return Prompt(text, [(tr("prompt.no_defense"), ("no_defense",), "danger")], lit, dim=True)
    if kind == "triggers":
        mine = [t for t in game.waiting if t.controller == p]
        legal = game.legal_actions()
        labels: list[Label] = []
        for t in mine:
            src = card_name(game, t.source, tr)
            if any(isinstance(a, A.DeclareTrigger) and a.trigger == t.tid for a in legal):
                labels.append((tr("prompt.declare", card=src), ("declare", t.tid), "primary"))
            if any(isinstance(a, A.DeclineTrigger) and a.trigger == t.tid for a in legal):
                labels.append((tr("prompt.decline", card=src), ("decline", t.tid), "normal"))
        key = "prompt.triggers_many" if len(mine) > 1 else "prompt.triggers"
        lit = {("card", t.source) for t in mine}
        return Prompt(tr(key, name=who), labels[:8], lit)
    if kind == "choose":
        why = getattr(pend, "why", "")
        text = tr(f"choose.{why}", name=who) if tr.has(f"choose.{why}") else tr("choose.generic", name=who)
        return Prompt(text, [(tr("prompt.open_choice"), ("open_choice",), "primary")])
    if kind == "draw_offer":
        return Prompt(tr("prompt.draw_offer", name=who),
                      [(tr("prompt.accept_draw"), ("accept_draw",), "primary"),
                       (tr("prompt.decline_draw"), ("decline_draw",), "danger")])
    if kind == "main":
        return main_prompt(game, ui, tr, who)
    return Prompt(game.prompt(tr.lang))


def main_prompt(game, ui, tr: Tr, who: str) -> Prompt:
    sel = ui.selected
    if sel is None:
        return Prompt(tr("prompt.main", name=who))
    lit = lit_targets(game, sel)
    labels: list[Label] = []
    acts = source_actions(game, sel)
    if any(isinstance(a, A.Play) for a in acts) and TABLE in lit:
        labels.append((tr("prompt.kind_play"), ("drop", TABLE), "primary"))
    seen = set()
    for a in acts:
        if isinstance(a, A.Activate) and TABLE in drop_keys(game, a) and kind_of(a) not in seen:
            seen.add(kind_of(a))
            labels.append((kind_label(game, kind_of(a), tr), ("use", kind_of(a)), "primary"))
    labels.append((tr("prompt.cancel"), ("cancel",), "danger"))
    name = card_name(game, sel[1], tr) if sel[0] == "card" else tr("prompt.coins")
    text = tr("prompt.selected", name=who, card=name) if lit else tr("prompt.selected_none", name=who, card=name)
    return Prompt(text, labels, lit, dim=True)
