"""The ability registry of «Берсерк. Герои»: keywords, triggers, effects and their parameters.

Card files name entries of these tables; an unknown name fails loudly at load time. Every
entry carries its player-facing name and a reminder in our own words, ru and en.
"""

from __future__ import annotations

from dataclasses import dataclass, field

ELEMENTS = ("steppe", "mountains", "forest", "swamp", "darkness")
ELEMENT_NAMES = {
    "steppe": ("Степи", "Steppes"),
    "mountains": ("Горы", "Mountains"),
    "forest": ("Леса", "Forest"),
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


@dataclass(frozen=True)
class Keyword:
    """A keyword ability. ``value`` is "int" for «Броня X» style keywords, "from" for protection."""

    name: str
    ru: str
    en: str
    reminder_ru: str
    reminder_en: str
    value: str = ""  # "", "int", "from", "what"
    rule: str = ""


KEYWORDS: dict[str, Keyword] = {k.name: k for k in (
    Keyword("vanguard", "Авангард", "Vanguard",
            "Когда вы разыгрываете эту карту, можете бесплатно разыграть с руки существо стоимостью {v} "
            "или меньше; оно получает Рывок, а в конце хода вернётся в руку. Если разыграли — эта карта "
            "закрывается.",
            "When you play this card you may play a creature costing {v} or less from your hand for free; "
            "it gains Haste and returns to your hand at end of turn. If you do, tap this card.",
            "int", "CR 7 Авангард"),
    Keyword("frenzy", "Бешенство", "Frenzy",
            "Пока это существо может атаковать ударом, вы обязаны атаковать им раньше всего прочего.",
            "While this creature can strike, you must attack with it before doing anything else.",
            "", "CR 7 Бешенство"),
    Keyword("armor", "Броня", "Armour",
            "За каждый ход не получает первые {v} ран от ударов и выстрелов.",
            "Each turn, ignore the first {v} wounds dealt to it by strikes and shots.",
            "int", "CR 7 Броня X"),
    Keyword("wrath", "Гнев", "Wrath",
            "+1 к удару по существу, которое уже было ранено в этот ход.",
            "+1 strike against a creature already wounded this turn.",
            "", "CR 7 Гнев"),
    Keyword("unity", "Единение", "Unity",
            "Когда это существо гибнет, найдите в колоде существо стоимостью {v} или меньше и возьмите его в руку.",
            "When this creature dies, search your deck for a creature costing {v} or less and take it.",
            "int", "CR 7 Единение X"),
    Keyword("thirst", "Жажда", "Thirst",
            "Когда вы разыгрываете эту карту, она наносит {v} ран другому вашему персонажу на ваш выбор.",
            "When you play this card it deals {v} wounds to another character of yours of your choice.",
            "int", "CR 7 Жажда X"),
    Keyword("incarnation", "Инкарнация", "Incarnation",
            "В начале вашего хода, если это существо на кладбище, можете потерять {v} монет, чтобы "
            "возродить его закрытым.",
            "At the start of your turn, if this creature is in your graveyard, you may lose {v} coins to "
            "bring it back tapped.",
            "int", "CR 7 Инкарнация X"),
    Keyword("meditation", "Медитация", "Meditation",
            "Когда эту карту атакуют — ударом, в сражении или выстрелом, — атакующий игрок платит {v} "
            "монет; за каждую недостающую его герой получает рану. Срабатывает не чаще раза за ход.",
            "When this card is attacked (by a strike, in a fight or by a shot), the attacking player pays "
            "{v} coins; their hero takes a wound for each coin they lack. At most once per turn.",
            "int", "CR 7 Медитация X"),
    Keyword("module", "Модуль", "Module",
            "Вместо того чтобы войти в игру отдельно, может присоединиться к вашему механизму: тот "
            "получает удар, жизни и особенности модуля.",
            "Instead of entering play on its own it may attach to a mechanism of yours, adding its strike, "
            "lives and abilities.",
            "", "CR 7 Модуль"),
    Keyword("undead", "Немёртвый", "Undead",
            "Получает раны только так: противник в свой ход может закрыть X монет и нанести этой карте X ран.",
            "Takes wounds only this way: on their turn the opponent may tap X coins to deal it X wounds.",
            "", "CR 7 Немертвый"),
    Keyword("attack_exp", "Опыт в атаке", "Veteran Attacker",
            "Не закрывается после атаки ударом.",
            "Does not tap after it attacks with a strike.",
            "", "CR 7 Опыт в атаке"),
    Keyword("defense_exp", "Опыт в защите", "Veteran Defender",
            "Не закрывается после того, как защищал.",
            "Does not tap after it defends.",
            "", "CR 7 Опыт в защите"),
    Keyword("no_tap_attack", "Не закрывается после атаки", "Stays Untapped",
            "Атаковав ударом, остаётся открытым, хотя атака на этот ход использована.",
            "After a strike attack it stays untapped, though its attack for the turn is spent.",
            "", "CR 7 Не закрывается после атаки"),
    Keyword("horde", "Орда", "Horde",
            "В колоде может быть до 5 таких карт.",
            "A deck may hold up to 5 copies of this card.",
            "", "CR 7 Орда"),
    Keyword("first_strike", "Первый удар", "First Strike",
            "В сражении бьёт первым; противник отвечает, только если выжил.",
            "In a fight it strikes first; the other creature strikes back only if it survives.",
            "", "CR 7 Первый удар"),
    Keyword("regeneration", "Регенерация", "Regeneration",
            "В конце вашего хода излечивается на {v}.",
            "At the end of your turn it heals {v} wounds.",
            "int", "CR 7 Регенерация X"),
    Keyword("haste", "Рывок", "Haste",
            "Может действовать в тот же ход, когда появилась под вашим контролем.",
            "Can act on the turn it came under your control.",
            "", "CR 107.5"),
    Keyword("stealth", "Скрытность", "Stealth",
            "Входя в игру, скрывается: её нельзя выбрать целью, пока вы не раскроете её в начале своего хода.",
            "Enters play hidden: it cannot be targeted until you reveal it at the start of your turn.",
            "", "CR 7 Скрытность"),
    Keyword("created", "Созданный", "Created",
            "Создаётся способностями, в колоду не кладётся; если должна уйти в колоду, уходит в запас.",
            "Made by abilities, never part of a deck; if it would go to a deck it leaves the game instead.",
            "", "CR 7 Созданный"),
    Keyword("unique", "Уникальность", "Unique",
            "У игрока в игре может быть лишь одна такая карта; старая копия уходит на кладбище.",
            "A player can control only one copy; when a new one arrives, the old one goes to the graveyard.",
            "", "CR 7 Уникальность"),
    Keyword("vulnerable", "Уязвимость", "Vulnerable",
            "Получает на 1 рану больше от всего, что наносит раны.",
            "Takes 1 extra wound from anything that wounds it.",
            "", "CR 7 Уязвимость"),
    Keyword("directed", "Направленный удар", "Directed Strike",
            "От её атаки ударом нельзя назначить защитника.",
            "No defender can be assigned against its strike attacks.",
            "", "CR 7 Направленный удар"),
    Keyword("protection", "Защита от", "Protection from",
            "Не получает ран от: {f}.",
            "Takes no wounds from: {f}.",
            "from", "CR 515"),
    Keyword("ignore", "Игнорирует", "Ignores",
            "Её атаки и способности не замечают у цели: {f}.",
            "Its attacks and abilities disregard the target's {f}.",
            "what", "CR 7 Игнорировать"),
    Keyword("attack_reduction", "Ослабление атак", "Dampening",
            "Атаки по этой карте слабее на {v}.",
            "Attacks against this card are {v} weaker.",
            "int", "CR 7 –X от атаки"),
    Keyword("steadfast", "Преданность", "Steadfast",
            "Не может перейти в отряд другого игрока: эффекты, передающие контроль над ней, не действуют.",
            "Cannot join another player's squad: effects that would hand over control of it do nothing.",
            "", "CR 518.5.1"),
    Keyword("strike_is", "Сведение удара", "Fixed Strike",
            "В атаке её удар всегда равен {v}.",
            "Its strike in an attack always counts as {v}.",
            "int", "CR 7 Сведение удара к X"),
)}

# What protection can be from (CR 515): the kind of wounds, spells, or an element's cards.
PROTECTION_FROM = ("strikes", "shots", "spells", "abilities", "poison") + ELEMENTS
PROTECTION_NAMES = {
    "strikes": ("ударов", "strikes"), "shots": ("выстрелов", "shots"),
    "spells": ("заклинаний", "spells"), "abilities": ("способностей", "abilities"),
    "poison": ("отравления", "poison"),
    "steppe": ("степных карт", "Steppe cards"), "mountains": ("горных карт", "Mountain cards"),
    "forest": ("лесных карт", "Forest cards"), "swamp": ("болотных карт", "Swamp cards"),
    "darkness": ("тёмных карт", "Darkness cards"),
}
IGNORE_WHAT = ("armor", "protection")
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


@dataclass(frozen=True)
class Param:
    """A typed parameter of an effect."""

    kind: str  # "amount" (int or "X"), "int", "bool", "target", "player", "filter", "keyword", "card", "until"
    required: bool = True
    default: object = None


@dataclass(frozen=True)
class EffectSpec:
    """An effect type: its parameters and which target kinds it accepts."""

    name: str
    params: dict[str, Param] = field(default_factory=dict)
    rule: str = ""


def _p(kind: str, required: bool = True, default: object = None) -> Param:
    return Param(kind, required, default)


EFFECTS: dict[str, EffectSpec] = {e.name: e for e in (
    EffectSpec("damage", {"amount": _p("amount"), "target": _p("target")}, "CR 504.3"),
    EffectSpec("shot", {"amount": _p("amount"), "target": _p("target")}, "CR 507.5"),
    EffectSpec("heal", {"amount": _p("amount"), "target": _p("target")}, "CR 519.2"),
    EffectSpec("destroy", {"target": _p("target")}, "CR 505.2"),
    EffectSpec("draw", {"count": _p("amount"), "player": _p("player", False, "you"), "target": _p("target", False)}, "CR 7 Возьмите карту"),
    EffectSpec("discard", {"count": _p("amount"), "player": _p("player", False, "you"), "target": _p("target", False)}, "CR 519.4"),
    EffectSpec("mill", {"count": _p("amount"), "player": _p("player", False, "you"), "target": _p("target", False)}, "CR 7 Убрать на кладбище"),
    EffectSpec("gain_coins", {"count": _p("amount"), "temporary": _p("bool", False, False)}, "CR 521.4"),
    EffectSpec("lose_coins", {"count": _p("amount"), "player": _p("player", False, "opponent"),
                                "target": _p("target", False)}, "CR 521.5"),
    EffectSpec("gain_prayers", {"count": _p("amount")}, "CR 7 Жетоны молитвы"),
    EffectSpec("stun", {"target": _p("target")}, "CR 7 Оглушить"),
    EffectSpec("tap", {"target": _p("target")}, "CR 7 Закрыть"),
    EffectSpec("untap", {"target": _p("target")}, "CR 7 Открытие карты"),
    EffectSpec("prepare", {"target": _p("target")}, "CR 7 Подготовить"),
    EffectSpec("poison", {"amount": _p("amount"), "target": _p("target")}, "CR 7 Отравление на X"),
    EffectSpec("add_poison", {"amount": _p("amount"), "target": _p("target")}, "CR 7 Усилить отравление"),
    EffectSpec("cleanse", {"target": _p("target")}, "CR 120.5"),
    EffectSpec("grant", {"keyword": _p("keyword"), "value": _p("int", False, 0), "from": _p("from", False, ""),
                         "target": _p("target"), "until": _p("until", False, "turn"), "while": _p("while", False)},
               "CR 7 Получает"),
    EffectSpec("strike", {"amount": _p("amount"), "target": _p("target"), "until": _p("until", False, "turn"),
                          "while": _p("while", False)}, "CR 104.3.1"),
    EffectSpec("lives", {"amount": _p("amount"), "target": _p("target")}, "CR 504.2"),
    EffectSpec("set_lives", {"value": _p("int"), "target": _p("target")}, "CR 504.6"),
    EffectSpec("set_strike", {"value": _p("int"), "target": _p("target"), "until": _p("until", False, "turn"),
                              "while": _p("while", False)}, "CR 7 Удар становится равным X"),
    EffectSpec("return_to_hand", {"target": _p("target")}, "CR 203.4"),
    EffectSpec("return_to_deck", {"target": _p("target")}, "CR 204.4"),
    EffectSpec("summon", {"filter": _p("filter", False, None)}, "CR 518.3"),
    EffectSpec("resurrect", {"target": _p("target")}, "CR 518.4"),
    EffectSpec("take_control", {"target": _p("target"), "until": _p("until", False)}, "CR 518.5"),
    EffectSpec("create", {"card": _p("card"), "count": _p("int", False, 1)}, "CR 518.6"),
    EffectSpec("search", {"filter": _p("filter", False, None), "count": _p("int", False, 1)}, "CR 7 Поиск"),
    EffectSpec("fight", {"target": _p("target")}, "CR 7 Сразиться"),
    EffectSpec("hide", {"target": _p("target")}, "CR 7 Скрыться"),
    EffectSpec("lose_abilities", {"target": _p("target"), "until": _p("until", False, "turn"),
                                  "while": _p("while", False)}, "CR 7 Теряет особенности"),
    # CR 111.5: the ability's own card takes on the target's printed abilities for a while.
    EffectSpec("copy_abilities", {"target": _p("target"), "until": _p("until", False, "turn")}, "CR 111.5"),
    # CR 108.2: a support becomes a creature with this strike and these lives for a while.
    EffectSpec("animate", {"strike": _p("int"), "lives": _p("int"), "target": _p("target"),
                           "until": _p("until", False, "turn")}, "CR 108.2"),
    # CR 106.3.1-106.3.2, 108.1: become (the new element replaces the old), gain or lose an element.
    EffectSpec("change_element", {"element": _p("element"), "mode": _p("element_mode", False, "become"),
                                  "target": _p("target"), "until": _p("until", False, "turn")}, "CR 108.1"),
    # CR 517: only as the first effect of an enemy_spell trigger; it happens on declaring, outside the Queue.
    EffectSpec("cancel", {"filter": _p("filter", False, None)}, "CR 517"),
)}

# Target words: what kind of card, and whose.
TARGET_KINDS = ("creature", "character", "hero", "support", "card")
SIDES = ("enemy", "own", "any")
SELF_TARGETS = ("self", "your_hero", "enemy_hero", "struck", "each_hero", "killer")  # killer: CR 505.1.1
PLAYERS = ("you", "opponent", "each")
FILTER_KEYS = {
    "max_cost": int, "min_cost": int, "wounded": bool, "tapped": bool, "poisoned": bool,
    "element": str, "subtype": str, "other": bool, "keyword": str, "max_strike": int,
}
UNTIL = ("turn", "game", "next_turn")
# CR 120.6: conditions of existence; once one fails the effect is gone for good.
WHILE = ("source_in_play", "source_untapped")
ELEMENT_MODES = ("become", "gain", "lose")
# CR 520.1: when a delayed effect happens — at the end of this turn, at the start of your next turn.
DELAYS = ("turn_end", "next_turn")
AURAS = ("strike", "lives", "grant", "cost", "prevent",  # prevent: the first N wounds each turn (CR 515.3)
         # Replacement effects on gaining prayer tokens (CR 516): N more, or they go to you instead.
         "more_prayers", "steal_prayers")
PRAYER_AURAS = ("more_prayers", "steal_prayers")
MAX_MODES = 4  # CR 523: an ability constructor picks a chain of up to this many parts
