"""Opening a save: at the table (behind the curtain when hands are hidden), at the end screen when the
game is over, or as a replay. The menu, the saves screen and the table's F9 all open saves this way.
"""

from __future__ import annotations

from saves.errors import SaveError
from ui import storage
from ui.rulesets import client_of


def open_session(app, session, open_hands: bool | None = None, title: str = "") -> None:
    """A loaded game (``title``: what the player calls the save): at the table, behind the curtain when
    hands are hidden (the next hand is not seen before its owner is ready), or at the end screen — of a
    campaign, the screen between its games."""
    if session.game.is_over:
        app.show("campaign" if session.campaign is not None else "end", session=session)
        return
    app.show(client_of(session.game).table_scene, session=session, open_hands=open_hands, loaded=title)


def open_saved(app, path) -> str | None:
    """Open a save in a new table; the reason (in the player's language) when it cannot be used."""
    try:
        session = storage.load(path, app.saves_dir)
    except SaveError as exc:
        return exc.message(app.tr.lang)
    open_session(app, session, title=storage.loaded_title(path, session, app.tr))
    return None


def open_replay(app, path, back, title: str = "") -> str | None:
    """Watch a save as a replay (``back``: the scene Esc returns to); the reason when it cannot be replayed."""
    try:
        replay = storage.replay(path, app.saves_dir)
    except SaveError as exc:
        return exc.message(app.tr.lang)
    app.show("replay", replay=replay, back=back, title=title or path.stem)
    return None
