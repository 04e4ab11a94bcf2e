"""The dice of a fight on screen: both dice tumbling, then their values with the modifiers, and the hit
table's section with the row that applies lit (2007 4.3; a strike on a tapped card, one die, 4.9).

Read from the session's log (the dice of the last fight, its table row and a lowering, 2007 4.5): the
same picture serves the roll's animation (``p`` < 1) and the higher roller's question (still, ``p`` = 1).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from engine.classic import hittable as H
from ui.classic.eventlog import ability_words, blow_name, card_name, row_words
from ui.classic.view import GOLD, INK, MUTED, draw_die
from ui.fonts import MIN_PX, TEXT, fit_text

TUMBLE = 0.8  # seconds (animation time) the dice roll before they show their values


@dataclass
class Roll:
    """A fight's dice: ``dice`` as (card, value rolled), ``totals`` with the modifiers (None until the
    table is read), the row read and the row it was lowered to."""

    dice: list[tuple[int, int]]
    totals: list[int] | None = None
    row: str | None = None
    lowered: str | None = None
    mods: list | None = None  # each die's named modifiers: [what, amount] pairs (engine/classic/events.py HitRolled)


def last_roll(log: list, depth: int | None = 80) -> Roll | None:
    """The last fight's dice in the log (a die rolled for a card, and the one just before it when both
    sides rolled), with the table read after them; looked for among the last ``depth`` entries (None: all)."""
    n = len(log)
    stop = 0 if depth is None else max(0, n - depth)
    i = next((k for k in range(n - 1, stop - 1, -1) if log[k][1].kind == "die" and die_card(log[k][1]) is not None),
             None)
    if i is None:
        return None
    last = log[i][1]
    roll = Roll([(die_card(last), last.value)])
    before = log[i - 1][1] if i > stop else None
    if before is not None and before.kind == "die" and die_card(before) is not None:
        roll.dice.insert(0, (die_card(before), before.value))
    for _, ev in log[i + 1:]:
        if ev.kind == "hit" and roll.row is None:
            roll.row, roll.totals, roll.mods = ev.table, list(ev.rolls), list(ev.mods)
        elif ev.kind == "lowered" and roll.row is not None:
            roll.lowered = ev.row
        elif ev.kind == "die":
            break
    return roll


def mod_name(game, cid: int, what: str, tr) -> str:
    """A die's modifier by name: a blessing, a curse, or the card's ability that gives it («Неповоротливость»)."""
    if what.startswith("ability:"):
        return ability_words(game, cid, int(what.split(":")[1]), tr) or what
    key = f"motion.mod_{what}"
    return tr(key) if tr.has(key) else what


def signed(x: int) -> str:
    return f"+{x}" if x >= 0 else f"−{-x}"


def die_words(game, roll: Roll, k: int, tr) -> tuple[str, list[str]]:
    """Die ``k`` as its sum — the roll, each modifier, the total («4 + 1 − 1 = 4») — and each modifier named
    («+1 благословение»); the roll alone while the table is not read yet."""
    cid, value = roll.dice[k]
    if roll.totals is None or k >= len(roll.totals):
        return str(value), []
    mods = [(str(w), int(x)) for w, x in roll.mods[k]] if roll.mods is not None and k < len(roll.mods) else []
    if not mods and roll.totals[k] != value:  # a record without names: the sum as one number
        mods = [("", roll.totals[k] - value)]
    if not mods:
        return str(value), []
    sums = " ".join(f"{'+' if x >= 0 else '−'} {abs(x)}" for _, x in mods)
    named = [f"{signed(x)} {mod_name(game, cid, w, tr)}" for w, x in mods if w]
    return f"{value} {sums} = {roll.totals[k]}", named


def die_card(ev) -> int | None:
    """The card a die was rolled for (None: a player's roll, as for the first turn)."""
    c = getattr(ev, "card", None)
    return c if isinstance(c, int) else None


def section(row: str) -> list[tuple[str, str]]:
    """The rows of the table's section that ``row`` is in, as (key, words key or row key)."""
    if row == "tapped":
        return [("tapped:weak", "motion.tapped_low"), ("tapped:medium", "motion.tapped_mid"),
                ("tapped:strong", "motion.tapped_high")]
    if row.startswith("A"):
        return [(r.key, r.key) for r in H.ATTACKER_ROWS]
    if row.startswith("D"):
        return [(r.key, r.key) for r in H.REFLECTOR_ROWS]
    return [("T4", "T4"), ("T5", "T5")]


def _lit(roll: Roll) -> tuple[str | None, str | None]:
    """The row lit now and the one read before a lowering (shown as passed over)."""
    row = roll.lowered or roll.row
    if roll.row == "tapped" and roll.totals:
        row = "tapped:" + H.tapped_strike(roll.totals[0])
    return row, (roll.row if roll.lowered else None)


def mod_lines(roll: Roll) -> int:
    """The most modifiers one die has: a line each under its sum."""
    return max((len(m) for m in roll.mods or []), default=0)


def box_rect(L, roll: Roll) -> pygame.Rect:
    """Over the panel's dice box and the top of the log, as tall as the dice, their modifiers and the table's
    section."""
    top = L.dice.y
    rows = len(section(roll.row)) if roll.row is not None else 0
    line_h = TEXT.get("Ag", L.sc(14), INK).get_height() + L.sc(4)
    mod_h = TEXT.get("Ag", L.sc(13), INK).get_height()
    want = L.sc(36) + L.sc(58) + L.sc(62) + mod_lines(roll) * mod_h + rows * line_h + L.sc(10)
    return pygame.Rect(L.panel.x, top, L.panel.w, min(want, L.piles.y - L.sc(8) - top))


def draw_roll(surface: pygame.Surface, L, game, roll: Roll, p: float, tr, tumble: float = TUMBLE,
              length: float = 1.0, offer: str | None = None) -> None:
    """The dice at progress ``p`` of an effect ``length`` seconds long whose first ``tumble`` seconds roll;
    ``offer``: the row the higher roller may lower the result to (2007 4.5), outlined."""
    box = box_rect(L, roll)
    pygame.draw.rect(surface, (34, 28, 20), box, border_radius=L.sc(10))
    pygame.draw.rect(surface, GOLD, box, max(2, L.sc(2)), border_radius=L.sc(10))
    t = p * length
    rolling = t < tumble
    words = tr("motion.roll") + (" — " + tr("classic.row_tapped") if roll.row == "tapped" else "")
    title = fit_text(words, L.sc(16), box.w - L.sc(20), GOLD, True, MIN_PX)
    surface.blit(title, (box.x + L.sc(12), box.y + L.sc(8)))
    side = L.sc(58)
    col_w = box.w // max(1, len(roll.dice))
    y = box.y + L.sc(36)
    for k, (cid, value) in enumerate(roll.dice):
        cx = box.x + col_w * k + col_w // 2
        rect = pygame.Rect(0, 0, side, side)
        rect.center = (cx, y + side // 2 + L.sc(6))
        if rolling:
            q = t / tumble
            face = 1 + (int(t * 14) * 7 + k * 3 + value) % 6  # a new face every few frames, settling at the end
            bounce = abs(math.sin(q * math.pi * 3)) * (1.0 - q) * L.sc(18)
            die = pygame.Surface((side, side), pygame.SRCALPHA)
            draw_die(die, die.get_rect(), face)
            die = pygame.transform.rotate(die, (1.0 - q) * 360 * (1.6 if k else -1.3))
            surface.blit(die, die.get_rect(center=(rect.centerx, rect.centery - int(bounce))))
        else:
            draw_die(surface, rect, value)
        name = fit_text(card_name(game, cid, tr), L.sc(14), col_w - L.sc(12), INK, True, MIN_PX)
        surface.blit(name, name.get_rect(midtop=(cx, rect.bottom + L.sc(6))))
        if not rolling:
            words, named = die_words(game, roll, k, tr)
            num = fit_text(words, L.sc(18), col_w - L.sc(12), GOLD, True, MIN_PX)
            ny = rect.bottom + L.sc(8) + name.get_height()
            surface.blit(num, num.get_rect(midtop=(cx, ny)))
            ny += num.get_height()
            for line in named:  # each modifier by name, under the sum
                img = fit_text(line, L.sc(13), col_w - L.sc(12), INK, False, MIN_PX)
                surface.blit(img, img.get_rect(midtop=(cx, ny)))
                ny += img.get_height()
    if rolling or roll.row is None:
        return
    lit, was = _lit(roll)
    y = box.y + L.sc(36) + side + L.sc(62) + mod_lines(roll) * TEXT.get("Ag", L.sc(13), INK).get_height()
    size = L.sc(14)
    line_h = TEXT.get("Ag", size, INK).get_height() + L.sc(4)
    appear = min(1.0, max(0.0, (t - tumble) / 0.3)) if p < 1 else 1.0  # the row lights up just after the values
    for key, words in section(roll.row):
        if y + line_h > box.bottom - L.sc(4):
            break
        if key.startswith("tapped:"):
            text = f"{tr(words)}: {blow_name(key.split(':')[1], tr)}"
        else:
            text = row_words(words, tr)
        r = pygame.Rect(box.x + L.sc(10), y, box.w - L.sc(20), line_h)
        colour = MUTED
        if key == lit and appear > 0:
            band = pygame.Surface(r.size, pygame.SRCALPHA)
            band.fill((240, 200, 110, int(230 * appear)))
            surface.blit(band, r)
            colour = (24, 20, 14)
        elif key == was:
            pygame.draw.rect(surface, MUTED, r, 1, border_radius=L.sc(4))
            text = f"{text} ({tr('motion.was')})"
        elif key == offer:
            pygame.draw.rect(surface, GOLD, r, max(1, L.sc(2)), border_radius=L.sc(4))
            colour = INK
        img = fit_text(text, size, r.w - L.sc(12), colour, key == lit, MIN_PX)
        surface.blit(img, img.get_rect(midleft=(r.x + L.sc(6), r.centery)))
        y += line_h
