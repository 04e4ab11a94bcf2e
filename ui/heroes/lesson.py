"""The «Герои» table as a lesson's table (ui/scenes/lesson.py): where the coach's panel goes (the log's place),
the rects of the cards, zones and buttons a step's action needs, the lesson's menu in place of the game's, and
the coaching for a drop the rules refuse (the table answers such a drop itself, before any action is made)."""

from __future__ import annotations

import pygame

from engine.heroes import actions as A
from engine.lesson import refusal
from ui.heroes.scene import TableScene
from ui.heroes.table import intents
from ui.heroes.table import menu as table_menu
from ui.heroes.table.intents import TABLE

# the prompt's or the panel's button for each answer of a decision (ui/heroes/table/decisions.py)
ANSWER_BUTTONS = {A.NoDefense: ("no_defense",), A.EndTurn: ("end",), A.AcceptDraw: ("accept_draw",),
                  A.DeclineDraw: ("decline_draw",)}


class HeroesLessonTable(TableScene):
    """The «Герои» table with a lesson's hooks."""

    def lesson_set_names(self, names: list[str]) -> None:
        for p, name in zip(self.game.players, names, strict=False):
            p.name = name

    def lesson_panel(self) -> pygame.Rect:
        return self.view.L.log

    def lesson_sc(self):
        return self.view.L.sc

    def lesson_mouse(self) -> tuple[int, int]:
        return self.ui.mouse

    def lesson_hidden(self) -> bool:
        return self.ui.curtain is not None or self.ui.picker is not None and self.ui.picker.mode == "browse"

    def lesson_menu_open(self) -> bool:
        return self.ui.menu_open

    def lesson_menu(self) -> None:
        if not self.ui.menu_ask:  # a question the table asks first (a draw offered) keeps its own answers
            self.ui.menu_buttons = self.lesson_menu_buttons()

    def lesson_menu_items(self) -> list:
        return self.ui.menu_buttons

    def lesson_may_offer_draw(self) -> bool:
        return table_menu.may_offer_draw(self)

    def lesson_menu_width(self) -> int:
        return self.view.L.table.w

    def lesson_card_rect(self, cid: int) -> pygame.Rect | None:
        return self.view.card_rect(cid)

    def lesson_cell_rect(self, cell) -> pygame.Rect | None:
        return None  # «Герои» has no cells

    def lesson_table_buttons(self) -> list:
        ui = self.ui
        return ui.buttons + ui.panel_buttons + ui.picker_buttons

    def lesson_rects(self, action) -> tuple[list[pygame.Rect], tuple | None]:
        """The cards, zones and buttons ``action`` is made with at this table, and the drag's arrow (from, to)."""
        ui = self.ui
        if self.narrow is not None:  # a drop asked what exactly: the answer the step wants
            return [r for r in [self._answer_rect(action)] if r is not None], None
        src = dest = None
        rects: list[pygame.Rect | None] = []
        if isinstance(action, A.Attack):
            src, dest = self.lesson_card_rect(action.attacker), self.lesson_card_rect(action.target)
        elif isinstance(action, A.Play | A.Activate):
            src = self.lesson_card_rect(action.card)
            keys = sorted(intents.drop_keys(self.game, action), key=lambda k: k == TABLE)
            dest = self._key_rect(keys[0]) if keys else None
        elif isinstance(action, A.WoundUndead):
            src = self.view.L.sides["bottom"].coins
            dest = self.lesson_card_rect(action.card)
        elif isinstance(action, A.Defend):
            rects.append(self.lesson_card_rect(action.card))
        elif isinstance(action, A.DeclareTrigger | A.DeclineTrigger):
            word = "declare" if isinstance(action, A.DeclareTrigger) else "decline"
            rects.append(self.lesson_button((word, action.trigger)))
        elif isinstance(action, A.Mulligan | A.Reveal):
            rects += [self.lesson_card_rect(c) for c in action.cards if c not in ui.toggled]
            word = "mulligan" if isinstance(action, A.Mulligan) else "reveal"
            rects.append(self.lesson_button((word,)))
        elif isinstance(action, A.Choose):
            rects.append(self.lesson_button(("pick_ok",)))
        elif isinstance(action, A.ChooseOrder):
            rects.append(self.lesson_button(("order", action.first)))
        elif type(action) in ANSWER_BUTTONS:
            rects.append(self.lesson_button(ANSWER_BUTTONS[type(action)]))
        elif isinstance(action, A.OfferDraw):
            rects.append(self.lesson_button(("menu",)))  # offered from the table's menu
        arrow = None
        if src is not None and dest is not None:
            rects += [src, dest]
            arrow = (src.center, dest.center)
        return [r for r in rects if r is not None], arrow

    def _key_rect(self, key) -> pygame.Rect | None:
        if key == TABLE:
            return self.view.L.sides["bottom"].play
        return self.lesson_card_rect(key[1]) if key[0] == "card" else None

    def _answer_rect(self, action) -> pygame.Rect | None:
        q = self.narrow.question() if self.narrow is not None else None
        if q is None:
            return None
        if q.what == "target":
            targets = getattr(action, "targets", ())
            value = targets[q.slot] if q.slot < len(targets) else None
            return self.lesson_button(("narrow", None)) if value is None else self.lesson_card_rect(value)
        if q.what == "kind":
            return self.lesson_button(("narrow", intents.kind_of(action)))
        if q.what == "x":
            return self.lesson_button(("narrow", getattr(action, "x", None)))
        modes = getattr(action, "modes", ())
        return self.lesson_button(("narrow", modes[q.slot] if q.slot < len(modes) else None))

    # ------------------------------------------------------------------ a refused drop and the lesson's buttons
    def drop(self, src, key, pos=None) -> bool:
        """A drop the rules refuse is answered by the table before any action is made: the lesson's coaching for
        it is noted first (the table then shows the engine's reason as it always does)."""
        game = self.game
        if key is not None and key != src and not intents.drop_actions(game, src, key):
            guess = self._meant(src, key)
            if guess is not None:
                self.lesson_refused(guess)
        return super().drop(src, key, pos)

    def _meant(self, src, key):
        """What a refused drop meant: a wrong move the step names, made with this card onto this place, or else
        the table's own guess (which knows attacks and plays, not a hero's or a support's abilities)."""
        from engine.lesson import LessonError, action_of

        run = self.run
        for m in run.step.mistakes if run.step is not None else ():
            try:
                a = action_of(run.lesson, run.position, m.action, "mistake")
            except LessonError:
                continue
            source = a.attacker if isinstance(a, A.Attack) else getattr(a, "card", None)
            if src == ("card", source) and key in intents.drop_keys(self.game, a):
                return a
        return intents.guess_action(self.game, src, key)

    def handle_event(self, event: pygame.event.Event) -> None:
        """A click, in a defender's choice, on one's own creature that cannot defend: the table takes no such click;
        the lesson says why (and coaches)."""
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and self.view is not None \
                and self._mine() and getattr(self.game.pending, "kind", None) == "defender" and not self.ui.menu_open:
            key = self.view.hit(event.pos, self.game, self.ui)
            c = self.game.cards.get(key[1]) if key is not None and key[0] == "card" else None
            if c is not None and c.zone == "play" and c.controller == self.ui.viewer and key not in self.ui.lit:
                action = A.Defend(card=key[1])
                why = refusal(self.game, action)
                if why is not None:
                    self.lesson_refused(action)
                    self.toast(why.reason(self.tr.lang))
                    self.refresh()
        super().handle_event(event)

    def on_value(self, value) -> None:
        if value[0] == "lesson":
            self.ui.menu_open = False
            self.lesson_do(value[1])
            return
        super().on_value(value)


LESSON_TABLE = HeroesLessonTable
