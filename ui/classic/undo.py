"""Undo at the classic table, as «Герои»'s: the last action only, allowed by the other player at one screen,
and never one that showed what nobody knew — a die, a deal, a shuffle, a card turned up
(ui/classic/client.py's ``undo_hides``; the session refuses it). In the setup a player takes back only their
own last step, without asking: the other player is not at the screen, and must not come to it while a deal
or a face-down layout is shown."""

from __future__ import annotations

from ui.classic.setup_play import SETUP_KINDS


def _in_setup(scene) -> bool:
    return getattr(scene.game.pending, "kind", None) in SETUP_KINDS


def _own_setup_step(scene) -> bool:
    """In the setup, the last action was the deciding player's own."""
    return scene.session.last_player == scene.session.decider


def _last_by_human(scene) -> bool:
    last = scene.session.last_player
    return last is None or scene.session.controllers[last].is_human


def allowed(scene) -> bool:
    """The «Отменить» button is lit: something may be taken back now, by a person, with no question open."""
    s = scene.session
    return (s.undo_block() is None and scene.undo_ask is None and bool(s.humans) and _last_by_human(scene)
            and scene.curtain_for is None and (not _in_setup(scene) or _own_setup_step(scene)))


def request(scene) -> None:
    """Take the last action back, asking the other player first; a refusal names its reason."""
    s = scene.session
    why = s.undo_block()
    if why is not None:
        scene.toast(scene.tr(why))
    elif not _last_by_human(scene):
        scene.toast(scene.tr("undo.computer"))  # only one's own last action can be taken back
    elif _in_setup(scene):
        if _own_setup_step(scene):
            take_back(scene)
        else:
            scene.toast(scene.tr("undo.setup_other"))
    else:
        last = s.last_player
        other = 1 - last if last is not None else 1 - scene.look.viewer
        verdict = s.controllers[other].agree_undo(scene.game)
        if verdict is None:
            scene.undo_ask = other  # a person at the same screen says yes or no on the prompt
        elif verdict:
            take_back(scene)
        else:
            scene.toast(scene.tr("undo.refused"))
    scene.refresh()


def take_back(scene) -> None:
    """The session's undo, and nothing half-done left at the table."""
    if scene.session.undo_block() is None:
        scene.session.undo()
        scene.motion.skip()  # what the undone action set moving belongs to a state that is gone
    scene.selected = scene.dragging = None
    scene.using = None
    scene.way = None
    scene.setup.reset()
