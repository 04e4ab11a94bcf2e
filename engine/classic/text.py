"""A classic card's rules text, generated from its data in ru or en (STYLE: the card says exactly what the
engine does). Each ability's words are its own class's (:meth:`Ability.text`, :meth:`Ability.reminder`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.classic.abilities import ABILITIES, Ability
from engine.classic.cards import ClassicCard

ELEMENT_NAMES = {"steppe": ("Степи", "Steppes"), "forest": ("Леса", "Forests"), "mountains": ("Горы", "Mountains"),
                 "swamp": ("Болота", "Swamps"), "darkness": ("Тьма", "Darkness"), "neutral": ("Нейтрал", "Neutral")}
TERRAIN_CLASSES = {"desert": ("пустыня", "desert"), "mountains": ("горы", "mountains"), "swamp": ("болото", "swamp"),
                   "forest": ("лес", "forest"), "river": ("река", "river"), "steppe": ("степь", "steppe"),
                   "city": ("город", "city")}


def _pick(pair: tuple[str, str], lang: str) -> str:
    return pair[0] if lang == "ru" else pair[1]


def kind_name(card: ClassicCard, lang: str) -> str:
    """The card's type as a player names it: «Существо», «Летающее существо», «Паразит», «Артефакт»…"""
    if card.type == "artifact":
        return _pick(("Артефакт", "Artifact"), lang)
    if card.type == "terrain":
        return _pick(("Местность", "Terrain"), lang)
    if card.flyer:
        return _pick(("Летающее существо", "Flying creature"), lang)
    if card.symbiote == "companion":
        return _pick(("Симбиот-компаньон", "Companion symbiote"), lang)
    if card.symbiote == "parasite":
        return _pick(("Симбиот-паразит", "Parasite symbiote"), lang)
    return _pick(("Существо", "Creature"), lang)


def type_line(card: ClassicCard, lang: str) -> str:
    """«Существо — Леса · элитная · уникальная · Орда» (and a terrain's or creature's classes)."""
    parts = [f"{kind_name(card, lang)} — {_pick(ELEMENT_NAMES[card.element], lang)}"]
    if card.elite:
        parts.append(_pick(("элитная", "elite"), lang))
    if card.unique:
        parts.append(_pick(("уникальная", "unique"), lang))
    if card.horde:
        parts.append(_pick(("Орда", "Horde"), lang))
    if card.classes:
        names = [_pick(TERRAIN_CLASSES[c], lang) if card.type == "terrain" and c in TERRAIN_CLASSES else c
                 for c in card.classes]
        parts.append(", ".join(names))
    return " · ".join(parts)


def stats_line(card: ClassicCard, lang: str) -> str:
    """Cost, lives, movement (or flight) and the simple strike: «5 кр. · жизни 4 · движение 1 · удар 1-2-3»."""
    ru = lang == "ru"
    parts = [f"{card.cost} {'кр.' if ru else 'cr.'}"]
    if card.lives is not None:
        parts.append(f"{'жизни' if ru else 'lives'} {card.lives}")
    if card.flyer:
        parts.append("полёт" if ru else "flies")
    elif card.type == "creature" and not card.symbiote:
        parts.append(f"{'движение' if ru else 'movement'} {card.movement}")
    if card.strike is not None:
        parts.append(f"{'удар' if ru else 'strike'} {card.strike_text}")
    return " · ".join(parts)


def ability_lines(card: ClassicCard, lang: str, cards: Mapping[str, ClassicCard] | None = None) -> list[str]:
    """One line per ability, as printed (each ends with a full stop, 2007 1.9); ``cards`` names the cards an
    ability calls by id (Вызвать)."""
    out = []
    for ab in card.abilities:
        text = ab.text_with(lang, cards).strip()
        out.append(text if text.endswith(".") else text + ".")
    return out


def card_text(card: ClassicCard, lang: str, *, reminders: bool = False,
              cards: Mapping[str, ClassicCard] | None = None) -> list[str]:
    """The card as lines: name, type, numbers, abilities (with their reminders in brackets if asked);
    ``cards`` (the pool or the game's cards) names the cards an ability calls."""
    lines = [_pick((card.name["ru"], card.name["en"]), lang), type_line(card, lang), stats_line(card, lang)]
    for ab, line in zip(card.abilities, ability_lines(card, lang, cards), strict=True):
        reminder = ab.reminder(lang).strip() if reminders else ""
        lines.append(f"{line} ({reminder})" if reminder and reminder != line.rstrip(".") else line)
    return lines


class _Any(int):
    """The number an ability's glossary entry shows as «X» (formatted so, whatever the format asks)."""

    def __new__(cls) -> _Any:
        return super().__new__(cls, 1)

    def __format__(self, spec: str) -> str:
        return "+X" if "+" in spec else "X"

    def __str__(self) -> str:
        return "X"

    __repr__ = __str__


def _sample(cls: type[Ability]) -> Ability:
    """An instance of ``cls`` with «X» for its numbers and placeholders for what a card would name."""
    values: dict[str, Any] = {}
    for key, p in cls.params.items():
        if p.kind == "whole" and (key == "x" or p.required):
            values[key] = _Any()
        elif p.kind == "strike":
            values[key] = (1, 2, 3)
        elif p.kind in ("effects", "abilities"):
            values[key] = ()
        elif p.kind == "choice" and p.required:
            values[key] = p.choices[0]
        elif p.kind == "text":
            values[key] = "…"
        else:
            values[key] = p.default
    return cls(values)


def _heading(cls: type[Ability], lang: str) -> str:
    """The ability's name as help lists it: «Броня X», «+X к атаке», «Защита от …»."""
    name = _pick(cls.names, lang)
    if cls.id == "x":  # 2007 1.6.1: a property written «х: [текст]»
        return f"{name}: …"
    if name[:1].islower():  # «к атаке», «от атаки», «к броску кубика»: a number in front
        return ("−X " if cls.id == "attack_reduction" else "+X ") + name
    if "x" in cls.params and cls.params["x"].required:
        return f"{name} X"
    if name.endswith((" от", " from")):
        return f"{name} …"
    return name


def glossary(lang: str) -> list[tuple[str, str]]:
    """(name, reminder) of every registered classic ability that means more than its own words, sorted by
    name in ``lang`` (help's keywords; the reminders are the ones the zoomed card shows)."""
    out = []
    for key in ABILITIES.names():
        cls = ABILITIES.get(key)
        ab = _sample(cls)
        reminder, text = ab.reminder(lang).strip(), ab.text(lang).strip()
        if not reminder or reminder.rstrip(".") == text.rstrip("."):
            continue  # a bare trigger or act: its words are its effects', written on the card itself
        if reminder.endswith(":"):  # Вальхалла, Концентрация: what follows is the card's own effects
            reminder += " …"
        out.append((_heading(cls, lang), reminder))
    return sorted(out, key=lambda e: e[0].removeprefix("+X ").removeprefix("−X ").lower())
