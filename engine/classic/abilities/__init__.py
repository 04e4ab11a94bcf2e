"""Classic abilities and effects: each a registered class in its own module (see :mod:`.base`).

Importing this package registers every built-in one; a card file names them by ``id`` (abilities) and
``do`` (effects).
"""

# every built-in ability and effect module registers itself on import
from engine.classic.abilities import (  # noqa: E402, F401  (registration)
    act,
    armor,
    block,
    cells,
    computed,
    dash,
    dice,
    discharge,
    flags,
    granting,
    graveyard,
    magic_strike,
    movement,
    opening,
    prelim,
    prevention,
    protection,
    redistribute,
    regeneration,
    relocation,
    scavenger,
    shot,
    special,
    stack_effects,
    strike_mods,
    summon,
    through_row,
    throw,
    triggers,
    vampirism,
)
from engine.classic.abilities.base import (
    ABILITIES,
    ATTACK_KINDS,
    EFFECTS,
    MAGIC_ATTACKS,
    MELEE,
    PROTECTIONS,
    RANGED,
    Ability,
    Attack,
    Context,
    Effect,
    parse_abilities,
    parse_effects,
)

__all__ = ["ABILITIES", "ATTACK_KINDS", "EFFECTS", "MAGIC_ATTACKS", "MELEE", "PROTECTIONS", "RANGED", "Ability",
           "Attack", "Context", "Effect", "parse_abilities", "parse_effects"]
