"""Why a setup action is refused, and what each setup decision asks (ru and en) — :mod:`engine.classic.setup`'s.

A refusal never says anything of a card the refused player cannot see: it speaks of the rule, not of the
card on the other side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.classic import actions as A
from engine.classic import placement, recruit
from engine.core.actions import Action
from engine.core.errors import IllegalAction

if TYPE_CHECKING:
    from engine.classic.game import ClassicGame

EXPECTED: dict[str, tuple[type[Action], ...]] = {
    "order": (A.GoFirst, A.GoSecond), "recruit": (A.Recruit, A.Redeal, A.Ready), "place": (A.Place, A.Swap, A.Ready),
    "hide": (A.KeepHidden,), "seat": (A.Seat,),
}
PROMPTS = {
    "order": ("вы выиграли бросок: ходите первым или вторым?", "you won the roll: go first or second?"),
    "recruit": ("наберите отряд из раздачи, пересдайте или закончите набор",
                "recruit from the deal, redeal or end recruiting"),
    "place": ("расставьте отряд рубашкой вверх на своей половине поля", "lay your squad out face down on your half"),
    "hide": ("какие карты третьего ряда оставить скрытыми до своего хода?",
             "which 3rd-row cards stay hidden until your turn?"),
    "seat": ("рассадите симбиотов", "seat your symbiotes"),
}


def _illegal(code: str, ru: str, en: str) -> IllegalAction:
    return IllegalAction(code, ru, en)


def why_setup(game: ClassicGame, action: Action) -> IllegalAction:
    """Why a setup action (not a legal one now) is refused, in ru and en; never a word of a hidden card."""
    pend = game.pending
    assert pend is not None
    kind = pend.kind
    if not isinstance(action, EXPECTED[kind]):
        return _illegal("wrong_decision", f"Сейчас нужно другое решение: {game.prompt('ru')}",
                        f"A different decision is due now: {game.prompt('en')}")
    p = pend.player
    assert game.setup is not None or kind in ("hide", "seat")
    if isinstance(action, A.Recruit):
        return _why_recruit(game, p, action)
    if isinstance(action, A.Redeal):
        if game.setup is not None and game.setup.squads[p]:
            return _illegal("redeal", "Пересдать можно только до того, как в отряд взята первая карта.",
                            "A redeal is only possible before the first card is recruited.")
        if any(game.instances[i][0] == p for i in game.shown):
            return _illegal("redeal_after_ability", "После особенности «до набора отряда» эту раздачу уже не "
                            "пересдать.", "After a «before recruiting» ability this deal can no longer be redealt.")
        return _illegal("no_gold", "Пересдача стоит 1 золотой кристалл, а золота не осталось.",
                        "A redeal costs 1 gold, and no gold is left.")
    if isinstance(action, A.Ready):
        return _illegal("not_laid_out", "Сначала выложите на поле все карты отряда.",
                        "First lay every card of the squad out on the battlefield.")
    if isinstance(action, A.Place):
        return _why_place(game, p, action)
    if isinstance(action, A.Swap):
        return _illegal("swap", "Поменять местами можно две свои выложенные карты, меньший номер первым.",
                        "Two of your laid-out cards can swap cells, the lower id first.")
    if isinstance(action, A.KeepHidden):
        return _illegal("hide", "Скрытыми можно оставить только свои карты третьего ряда, кроме симбиотов, "
                        "каждую один раз, по возрастанию номеров.", "Only your own 3rd-row cards other than "
                        "symbiotes may stay hidden, each named once, in increasing order.")
    if isinstance(action, A.Seat):
        return _illegal("seat", "Компаньона сажают на своё наземное существо, паразита — на наземное существо "
                        "в первом ряду противника; у существа может быть только один симбиот.",
                        "A companion sits on your own ground creature, a parasite on a ground creature in the "
                        "opponent's 1st row; a creature carries one symbiote at most.")
    return _illegal("illegal", "Это действие сейчас невозможно.", "That action is not possible now.")


def _why_recruit(game: ClassicGame, p: int, action: A.Recruit) -> IllegalAction:
    assert game.setup is not None
    if action.card not in game.setup.deals[p]:
        return _illegal("not_in_deal", "Этой карты нет в вашей раздаче.", "That card is not in your deal.")
    gold, silver = game.crystals[p]
    reason = recruit.why_not(game.card_at(action.card), game._squad_cards(p), game.edition, gold, silver,
                             (action.gold, action.silver))
    if reason is not None:
        return _illegal(*reason)
    return _illegal("illegal", "Так взять эту карту нельзя.", "That card cannot be recruited so.")


def _why_place(game: ClassicGame, p: int, action: A.Place) -> IllegalAction:
    assert game.setup is not None
    if action.card not in game.setup.squads[p]:
        return _illegal("not_in_squad", "Этой карты нет в вашем отряде.", "That card is not in your squad.")
    cell = tuple(action.at)
    if len(cell) != 2 or (cell[0], cell[1]) not in placement.half(p):
        return _illegal("not_your_half", "Карты выкладываются только на свою половину поля боя.",
                        "Cards are laid out on your own half of the battlefield only.")
    if any(c.at == (cell[0], cell[1]) for c in game.creatures.values()):
        return _illegal("taken", "Эта клетка занята (две свои карты можно поменять местами: swap).",
                        "That cell is taken (two of your cards can swap cells: swap).")
    first = p == game.first
    if first:
        ru = "Первый игрок сначала занимает центр 3×3, затем края 2-го и 3-го рядов, края 1-го ряда — последними."
        en = ("The first player fills the central 3×3 first, then the side cells of rows 2 and 3, the side cells "
              "of row 1 last.")
    else:
        ru = "Второй игрок сначала занимает 1-й ряд и центр 2-го и 3-го рядов, затем края 2-го и 3-го рядов."
        en = ("The second player fills row 1 and the centre of rows 2 and 3 first, then the side cells of rows "
              "2 and 3.")
    return _illegal("tier", f"Эту клетку пока занять нельзя (2022 «Расстановка»): {ru}",
                    f"That cell cannot be taken yet (2022 «Расстановка»): {en}")


def setup_prompt(game: ClassicGame, lang: str) -> str:
    """What the setup's pending decision asks, in ``lang``."""
    assert game.pending is not None
    ru, en = PROMPTS[game.pending.kind]
    return ru if lang == "ru" else en
