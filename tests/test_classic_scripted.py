"""The scripted player that makes the classic ``--screenshot`` pictures (``picture_action``) strikes enemies,
never its own side."""

from __future__ import annotations

import random

from engine.classic import actions as A
from ui.classic import content
from ui.classic.scripted import picture_action


def test_the_pictures_scripted_player_strikes_only_enemies_though_its_own_cards_may_be_struck() -> None:
    ds = content.decks()
    own_legal = enemy_struck = 0
    for seed in range(1, 4):
        session = content.start_full_session((ds[1 % len(ds)], ds[2 % len(ds)]), ("Аня", "Борис"), seed)
        rng = random.Random(seed)
        for _ in range(500):
            g = session.game
            if g.is_over:
                break
            action = picture_action(g, rng)
            if getattr(g.pending, "kind", None) == "main":
                p = g.pending.player
                own_legal += any(isinstance(a, A.Strike) and g.creatures[a.target].owner == p
                                 for a in g.legal_actions())  # 2007 4.15: one's own card next to it
                if isinstance(action, A.Strike):
                    assert g.creatures[action.target].owner != p, f"seed {seed}: {action} hits its own side"
                    enemy_struck += 1
            session.apply(action)
    assert own_legal > 0, "no position offered a strike at one's own card: the test proves nothing"
    assert enemy_struck > 0
