"""«Герои» keywords and effects: each a registered class (see :mod:`.base`).

Importing this package registers every built-in one; a card file names keywords by ``keyword`` and
effects by ``effect``. A new keyword or effect is a new module here, listed below.
"""

from engine.heroes.abilities import (  # noqa: F401  (registration)
    choices,
    kw_cards,
    kw_combat,
    kw_triggered,
    lasting,
    players,
    status,
    wounds,
    zones,
)
from engine.heroes.abilities.base import EFFECTS, KEYWORDS, Effect, Keyword, Param, Synthetic, param

# The hot path reads these plain dicts (the registries fail loudly on an unknown name at load time).
EFFECT_CODE: dict[str, Effect] = {name: EFFECTS.get(name) for name in EFFECTS.names()}
# Event -> the keywords it sets off, in the order they go into the waiting list.
TRIGGERED: dict[str, tuple[type[Keyword], ...]] = {}
for _name in KEYWORDS.names():
    _k = KEYWORDS.get(_name)
    if _k.on:
        TRIGGERED[_k.on] = (*TRIGGERED.get(_k.on, ()), _k)
TRIGGERED = {on: tuple(sorted(ks, key=lambda k: (k.order, k.name))) for on, ks in TRIGGERED.items()}

# Keyword property -> the keywords that have it (a flag set, a hook written), in registry order: the rules
# ask "has this card any keyword that …" through these.
HAVING: dict[str, tuple[type[Keyword], ...]] = {
    prop: tuple(k for k in (KEYWORDS.get(n) for n in KEYWORDS.names()) if getattr(k, prop))
    for prop in ("must_attack", "no_defenders", "strikes_first", "untapped_after_attack", "untapped_after_defense",
                 "extra_wounds", "no_weakness", "keeps_control", "returns_to_supply", "one_per_squad", "works_hidden",
                 "deck_copies")
} | {
    hook: tuple(k for k in (KEYWORDS.get(n) for n in KEYWORDS.names()) if getattr(k, hook).__func__
                is not getattr(Keyword, hook).__func__)
    for hook in ("on_attacked", "attack_change", "attack_taken", "attack_fixed")
}

__all__ = ["EFFECTS", "EFFECT_CODE", "HAVING", "KEYWORDS", "TRIGGERED", "Effect", "Keyword", "Param", "Synthetic", "param"]
