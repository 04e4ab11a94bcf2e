"""Keyword labels, their object form and reminder texts, from the registry."""

from __future__ import annotations

import re
from typing import Any

from engine.core.grammar import plural_ru
from engine.heroes import registry as R

_KW_QUOTED = {"undead", "no_tap_attack", "ignore", "created"}  # not nouns: «особенность «…»»


def keyword_label(ability: dict[str, Any], lang: str = "ru") -> str:
    """A keyword as printed: «Броня 2», «Защита от заклинаний», "Armour 2", "Protection from spells"."""
    kw = R.KEYWORDS[ability["keyword"]]
    ru = lang == "ru"
    name = kw.ru if ru else kw.en
    if kw.value == "int":
        return f"{name} {ability['value']}" if ability.get("value") is not None else name
    if kw.value == "from":
        frm = ability.get("from")
        if frm not in R.PROTECTION_NAMES:
            return "Защита" if ru else "Protection"
        return f"{name} {R.PROTECTION_NAMES[frm][0 if ru else 1]}"
    if kw.value == "what":
        what = ability.get("what") or ability.get("from")
        if what not in R.IGNORE_NAMES:
            return name
        return f"{name} {R.IGNORE_NAMES[what][0 if ru else 1]}"
    return name


def keyword_acc_ru(ability: dict[str, Any]) -> str:
    """The keyword as an object («дать … Броню 1»)."""
    label = keyword_label(ability, "ru")
    if ability["keyword"] in _KW_QUOTED:
        return f"особенность «{label}»"
    first, _, rest = label.partition(" ")
    if first.endswith("а"):
        first = first[:-1] + "у"
    elif first.endswith("я"):
        first = first[:-1] + "ю"
    return f"{first} {rest}".strip()


# Nouns after {v} in the registry's reminders, agreed with the number («1 рану», «2 раны», «5 ран»).
_AFTER_V_RU = {"ран": ("рану", "раны", "ран"), "монет": ("монету", "монеты", "монет")}
_AFTER_V_EN = {"wounds": "wound", "coins": "coin"}


def _fill_value(text: str, value: Any, ru: bool) -> str:
    v = value if value is not None else "X"
    if ru:
        if v == 1:
            text = text.replace("первые {v} ран", "первую рану")
        text = re.sub(r"\{v\} (ран|монет)\b", lambda m: f"{v} {plural_ru(v, *_AFTER_V_RU[m.group(1)])}", text)
    elif v == 1:
        text = text.replace("the first {v} wounds", "the first wound")
        text = re.sub(r"\{v\} (wounds|coins)\b", lambda m: f"1 {_AFTER_V_EN[m.group(1)]}", text)
    return text.replace("{v}", str(v))


def reminder(ability: dict[str, Any], lang: str) -> str:
    """The registry's reminder for a keyword with its value and what it protects from filled in."""
    kw = R.KEYWORDS[ability["keyword"]]
    ru = lang == "ru"
    text = _fill_value(kw.reminder_ru if ru else kw.reminder_en, ability.get("value"), ru)
    if "{f}" in text:
        frm = ability.get("from") or ability.get("what")
        names = R.IGNORE_NAMES if kw.value == "what" else R.PROTECTION_NAMES
        fill = names[frm][0 if ru else 1] if frm in names else ("…" if ru else "…")
        text = text.replace("{f}", fill)
    return text


def kw_entry(keyword: str, value: Any) -> dict[str, Any]:
    """A keyword as an effect or aura gives it: the value only matters for «Броня X» style keywords."""
    return {"keyword": keyword, "value": (value or 0) if R.KEYWORDS[keyword].value == "int" else None}


def aura_granted(ab: dict[str, Any]) -> dict[str, Any]:
    """The keyword a «grant» aura gives, with its value or what it protects from / ignores."""
    entry = kw_entry(ab["keyword"], ab.get("value"))
    for key in ("from", "what"):
        if ab.get(key):
            entry[key] = ab[key]
    return entry


def granted(eff: dict[str, Any]) -> dict[str, Any]:
    entry = kw_entry(eff["keyword"], eff.get("value"))
    if eff.get("from"):
        entry["what" if R.KEYWORDS[eff["keyword"]].value == "what" else "from"] = eff["from"]
    return entry
