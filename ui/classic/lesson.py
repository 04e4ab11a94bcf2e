"""The classic table as a lesson's table (ui/scenes/lesson.py): where the coach's panel goes (the log's place),
the rects of the cards, cells and buttons a step's action needs, and the lesson's menu in place of the game's."""

from __future__ import annotations

import pygame

from engine.classic import actions as A
from ui.classic import dice_show
from ui.classic import menu as table_menu
from ui.classic.scene import ClassicTableScene

# the prompt strip's button for each answer of a decision (ui/classic/prompt.py)
ANSWER_BUTTONS = {A.NoDefense: ("no_defense",), A.Lower: ("lower",), A.Keep: ("keep",), A.EndTurn: ("end",)}
# the setup's buttons (ui/classic/setup_play.py): the order, a redeal, a squad or a layout ready
SETUP_BUTTONS = {A.GoFirst: ("csetup", "first"), A.GoSecond: ("csetup", "second"), A.Redeal: ("csetup", "redeal"),
                 A.Ready: ("csetup", "ready")}


class ClassicLessonTable(ClassicTableScene):
    """The classic table with a lesson's hooks."""

    def lesson_set_names(self, names: list[str]) -> None:
        self.game.names = list(names)

    def lesson_panel(self) -> pygame.Rect:
        """The log's place and the row of buttons under it; while a fight's dice and the hit table's rows are shown
        over that place, below them."""
        L = self.view.L
        r = L.log.union(L.piles).union(L.undo)  # the log, and under it the graveyards and undo (no undo in a lesson)
        box = self._dice_box()
        if box is not None and box.colliderect(r):
            top = box.bottom + L.sc(6)
            r = pygame.Rect(r.x, top, r.w, max(L.sc(150), r.bottom - top))
        return r

    def _dice_box(self) -> pygame.Rect | None:
        """Where the dice of a fight and the table's rows are drawn now (ui/classic/dice_show.py), or None."""
        if getattr(self.game.pending, "kind", None) != "lower" and not self.motion.timeline.running("dice"):
            return None
        roll = dice_show.last_roll(self.session.log)
        return None if roll is None else dice_show.box_rect(self.view.L, roll)

    def lesson_sc(self):
        return self.view.L.sc

    def lesson_mouse(self) -> tuple[int, int]:
        return self.look.mouse

    def lesson_hidden(self) -> bool:
        return self.curtain_for is not None or self.browsing

    def lesson_menu_open(self) -> bool:
        return self.menu_open

    def lesson_menu(self) -> None:
        if not self.menu_ask:  # a question the table asks first (a draw offered) keeps its own answers
            self.look.menu_buttons = self.lesson_menu_buttons()

    def lesson_menu_items(self) -> list:
        return self.look.menu_buttons

    def lesson_may_offer_draw(self) -> bool:
        return table_menu.may_offer_draw(self)

    def lesson_card_rect(self, cid: int) -> pygame.Rect | None:
        return self.view.rect_of(self.game, cid, self.look.viewer)

    def lesson_cell_rect(self, cell) -> pygame.Rect | None:
        return self.view.L.cell_rect(tuple(cell), self.look.viewer)

    def lesson_table_buttons(self) -> list:
        return self.look.buttons

    def lesson_rects(self, action) -> tuple[list[pygame.Rect], tuple | None]:
        """The cards, cells and buttons ``action`` is made with at this table, and the drag's arrow (from, to)."""
        rects: list[pygame.Rect | None] = []
        arrow = None
        if isinstance(action, A.Move):
            src, dest = self.lesson_card_rect(action.card), self.lesson_cell_rect(action.to)
            rects += [src, dest]
            if src is not None and dest is not None:
                arrow = (src.center, dest.center)
        elif isinstance(action, A.Strike):
            src, dest = self.lesson_card_rect(action.attacker), self.lesson_card_rect(action.target)
            rects += [src, dest]
            if src is not None and dest is not None:
                arrow = (src.center, dest.center)
        elif isinstance(action, A.Defend):
            rects.append(self.lesson_card_rect(action.card))
        elif type(action) in ANSWER_BUTTONS:
            rects.append(self.lesson_button(ANSWER_BUTTONS[type(action)]))
        elif isinstance(action, A.Use | A.Chip | A.Aim):
            rects += self._ability_rects(action)
        elif isinstance(action, A.OfferDraw):
            rects.append(self.lesson_button(("menu",)))  # offered from the table's menu
        elif type(action) in SETUP_BUTTONS:
            rects.append(self.lesson_button(SETUP_BUTTONS[type(action)]))
        elif isinstance(action, A.Recruit):
            rects.append(self.setup.deal_rect(action.card))
        elif isinstance(action, A.Place | A.Swap | A.Seat):
            src = self._setup_card_rect(action.card)
            dest = (self.lesson_cell_rect(action.at) if isinstance(action, A.Place) else
                    self.lesson_card_rect(action.other if isinstance(action, A.Swap) else action.host))
            rects += [src, dest]
            if src is not None and dest is not None:
                arrow = (src.center, dest.center)
        elif isinstance(action, A.KeepHidden):
            rects += [self.lesson_card_rect(cid) for cid in action.cards]
            rects.append(self.lesson_button(("csetup", "keep")))
        else:  # a prompt's own button (a pass, an answer to a draw offer)
            rects.append(self.lesson_button(("action", str(action))))
        return [r for r in rects if r is not None], arrow

    def _setup_card_rect(self, cid: int) -> pygame.Rect | None:
        """A squad card at placement: in the row of cards not laid out yet, or on its cell."""
        tray = next((r for i, r in self.setup.tray if i == cid), None)
        return tray if tray is not None else self.lesson_card_rect(cid)

    def _ability_rects(self, action) -> list[pygame.Rect | None]:
        """An ability: its card until it is chosen, then its button on the strip, then its target and cell."""
        value = ("use", action.card, action.ability) if isinstance(action, A.Use) else ("act", str(action))
        u = self.using
        if u is not None and u.card == action.card:
            if u.needs_target() and getattr(action, "target", None) is not None:
                return [self.lesson_card_rect(action.target)]
            if getattr(action, "to", None) is not None:
                return [self.lesson_cell_rect(action.to)]
        button = self.lesson_button(value)
        return [button] if button is not None else [self.lesson_card_rect(action.card)]

    def click_using(self, cell, occupant) -> None:
        """A click on a card an ability cannot take: the lesson's coaching for that use (the table says why not)."""
        u = self.using
        if u is not None and u.needs_target() and occupant is not None and all(a.target != occupant for a in u.options):
            self.lesson_refused(A.Use(card=u.card, ability=u.ability, target=occupant))
        super().click_using(cell, occupant)

    def on_button(self, value) -> None:
        if value[0] == "lesson":
            self.menu_open = False
            self.lesson_do(value[1])
            return
        super().on_button(value)


LESSON_TABLE = ClassicLessonTable
