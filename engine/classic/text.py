"""A classic card's rules text, generated from its data in ru or en (STYLE: the card says exactly what the
engine does). Each ability's words are its own class's (:meth:`Ability.text`, :meth:`Ability.reminder`)."""

from __future__ import annotations

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


def ability_lines(card: ClassicCard, lang: str) -> list[str]:
    """One line per ability, as printed (each ends with a full stop, 2007 1.9)."""
    out = []
    for ab in card.abilities:
        text = ab.text(lang).strip()
        out.append(text if text.endswith(".") else text + ".")
    return out


def card_text(card: ClassicCard, lang: str, *, reminders: bool = False) -> list[str]:
    """The card as lines: name, type, numbers, abilities (with their reminders in brackets if asked)."""
    lines = [_pick((card.name["ru"], card.name["en"]), lang), type_line(card, lang), stats_line(card, lang)]
    for ab, line in zip(card.abilities, ability_lines(card, lang), strict=True):
        reminder = ab.reminder(lang).strip() if reminders else ""
        lines.append(f"{line} ({reminder})" if reminder and reminder != line.rstrip(".") else line)
    return lines
