"""The ability registry of «Берсерк. Герои»: keywords, triggers, effects and their parameters.

Card files name entries of these tables; an unknown name fails loudly at load time. Every
entry carries its player-facing name and a reminder in our own words, ru and en. Keywords and effects
are classes registered in :mod:`engine.heroes.abilities`; this module lists them for the card reader.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.heroes.abilities import EFFECT_CODE, Effect, Keyword
from engine.heroes.abilities import KEYWORDS as _KEYWORDS

ELEMENTS: tuple[str, ...] = ("steppe", "mountains", "forest", "swamp", "darkness")
ELEMENT_NAMES = {
    "steppe": ("Степи", "Steppes"),
    "mountains": ("Горы", "Mountains"),
    "forest": ("Леса", "Forests"),
    "swamp": ("Болота", "Swamps"),
    "darkness": ("Тьма", "Darkness"),
    "neutral": ("Нейтралы", "Neutral"),
}
CARD_TYPES = ("hero", "creature", "spell", "support")
SUPPORT_SUBTYPES = ("weapon", "armor", "amulet", "terrain", "event")  # CR 207.1
SUPPORT_NAMES = {
    "weapon": ("Оружие", "Weapon"),
    "armor": ("Броня", "Armour"),
    "amulet": ("Амулет", "Amulet"),
    "terrain": ("Местность", "Terrain"),
    "event": ("Событие", "Event"),
}
MECHANISM = "mechanism"  # the creature class modules attach to (rulebook «Расцвет технологий»)


# Keyword abilities (CR part 7): each a registered class in engine/heroes/abilities/ with its rules text,
# its weight for the bot and, for a triggered one, its code. Listed in the order players read them (the
# help screen, error messages); a keyword added later comes after these.
_SHOWN_FIRST = (
    "vanguard", "frenzy", "armor", "wrath", "unity", "thirst", "incarnation", "meditation", "module",
    "undead", "attack_exp", "defense_exp", "no_tap_attack", "horde", "first_strike", "regeneration", "haste",
    "stealth", "created", "unique", "vulnerable", "directed", "protection", "ignore", "attack_reduction",
    "steadfast", "strike_is",
)
KEYWORDS: dict[str, type[Keyword]] = {name: _KEYWORDS.get(name) for name in _SHOWN_FIRST} | {
    name: _KEYWORDS.get(name) for name in _KEYWORDS.names() if name not in _SHOWN_FIRST}

# What protection can be from (CR 515): the kind of wounds, spells, or an element's cards.
PROTECTION_FROM: tuple[str, ...] = ("strikes", "shots", "spells", "abilities", "poison") + ELEMENTS
PROTECTION_NAMES = {
    "strikes": ("ударов", "strikes"), "shots": ("выстрелов", "shots"),
    "spells": ("заклинаний", "spells"), "abilities": ("способностей", "abilities"),
    "poison": ("отравления", "poison"),
    "steppe": ("степных карт", "Steppe cards"), "mountains": ("горных карт", "Mountain cards"),
    "forest": ("лесных карт", "Forest cards"), "swamp": ("болотных карт", "Swamp cards"),
    "darkness": ("тёмных карт", "Darkness cards"),
}
IGNORE_WHAT: tuple[str, ...] = ("armor", "protection")
IGNORE_NAMES = {"armor": ("Броню", "Armour"), "protection": ("Защиту", "Protection")}


@dataclass(frozen=True)
class Trigger:
    """A trigger condition: the event that puts an ability into the Queue (CR 113, 401.2)."""

    name: str
    ru: str
    en: str
    zone: str = "play"  # where the source must be for the condition to count


TRIGGERS: dict[str, Trigger] = {t.name: t for t in (
    Trigger("enter", "Найм", "On entry"),
    Trigger("death", "Гибель", "On death", zone="grave"),
    Trigger("turn_start", "В начале вашего хода", "At the start of your turn"),
    Trigger("turn_end", "В конце вашего хода", "At the end of your turn"),
    Trigger("strike", "При ударе", "On strike"),
    Trigger("defend", "Когда защищает", "When it defends"),
    Trigger("ally_dies", "Когда гибнет другое ваше существо", "When another creature of yours dies"),
    Trigger("enemy_dies", "Когда гибнет существо противника", "When an enemy creature dies"),
    Trigger("wounded", "Когда получает раны", "When it is wounded"),
    Trigger("spell_cast", "Когда вы разыгрываете заклинание", "When you play a spell"),
    Trigger("enemy_spell", "Когда противник разыгрывает заклинание", "When your opponent plays a spell"),
    # CR 505.1.1: «погибшая от существа противника» — the death was caused by an enemy creature.
    Trigger("slain", "Гибель от существа противника", "When slain by an enemy creature", zone="grave"),
)}


# Effect types (CR 118): each a registered class in engine/heroes/abilities/ with its typed parameters, its
# rule and its code; the rules' own internal effects (Инкарнация's return, poison's tick…) are not for card files.
_LISTED_FIRST = (
    "damage", "shot", "heal", "destroy", "draw", "discard", "mill", "gain_coins", "lose_coins",
    "gain_prayers", "stun", "tap", "untap", "prepare", "poison", "add_poison", "cleanse", "grant", "strike",
    "lives", "set_lives", "set_strike", "return_to_hand", "return_to_deck", "summon", "resurrect",
    "take_control", "create", "search", "fight", "hide", "lose_abilities", "copy_abilities", "animate",
    "change_element", "cancel",
)
EFFECTS: dict[str, Effect] = {name: EFFECT_CODE[name] for name in _LISTED_FIRST} | {
    name: fx for name, fx in EFFECT_CODE.items() if not fx.internal and name not in _LISTED_FIRST}

# Target words: what kind of card, and whose.
TARGET_KINDS = ("creature", "character", "hero", "support", "card")
SIDES = ("enemy", "own", "any")
SELF_TARGETS = ("self", "your_hero", "enemy_hero", "struck", "each_hero", "killer")  # killer: CR 505.1.1
PLAYERS: tuple[str, ...] = ("you", "opponent", "each")
FILTER_KEYS = {
    "max_cost": int, "min_cost": int, "wounded": bool, "tapped": bool, "poisoned": bool,
    "element": str, "subtype": str, "other": bool, "keyword": str, "max_strike": int,
}
UNTIL: tuple[str, ...] = ("turn", "game", "next_turn")
# CR 120.6: conditions of existence; once one fails the effect is gone for good.
WHILE: tuple[str, ...] = ("source_in_play", "source_untapped")
ELEMENT_MODES: tuple[str, ...] = ("become", "gain", "lose")
# CR 520.1: when a delayed effect happens — at the end of this turn, at the start of your next turn.
DELAYS = ("turn_end", "next_turn")
AURAS = ("strike", "lives", "grant", "cost", "prevent",  # prevent: the first N wounds each turn (CR 515.3)
         # Replacement effects on gaining prayer tokens (CR 516): N more, or they go to you instead.
         "more_prayers", "steal_prayers")
PRAYER_AURAS = ("more_prayers", "steal_prayers")
MAX_MODES = 4  # CR 523: an ability constructor picks a chain of up to this many parts
