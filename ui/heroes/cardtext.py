"""Rules text of a card for the client.

The engine's ``engine.heroes.text`` generates the text from the structured abilities; until it is
there (or if it fails on a card) a short fallback built from the registry keeps the client usable.
"""

from __future__ import annotations

from typing import Any

from engine.heroes import registry as R

try:  # the engine's generator, written by another part of the project
    from engine.heroes import text as _engine_text
except ImportError:  # pragma: no cover - depends on the tree
    _engine_text = None

_TYPES = {"hero": ("Герой", "Hero"), "creature": ("Существо", "Creature"),
          "spell": ("Заклинание", "Spell"), "support": ("Поддержка", "Support")}
_EFFECTS = {
    "damage": ("нанести {a} ран", "deal {a} wounds"), "shot": ("выстрел на {a}", "shoot for {a}"),
    "heal": ("излечить на {a}", "heal {a}"), "destroy": ("уничтожить", "destroy"),
    "draw": ("взять карт: {c}", "draw {c}"), "discard": ("сбросить карт: {c}", "discard {c}"),
    "mill": ("убрать на кладбище {c}", "mill {c}"), "gain_coins": ("получить монет: {c}", "gain {c} coins"),
    "lose_coins": ("потерять монет: {c}", "lose {c} coins"), "gain_prayers": ("жетоны молитвы: {c}", "prayers: {c}"),
    "stun": ("оглушить", "stun"), "tap": ("закрыть", "tap"), "untap": ("открыть", "untap"),
    "prepare": ("подготовить", "prepare"), "poison": ("отравить на {a}", "poison {a}"),
    "add_poison": ("усилить отравление на {a}", "add {a} poison"), "cleanse": ("снять эффекты", "cleanse"),
    "grant": ("дать особенность", "grant a keyword"), "strike": ("удар {a:+}", "strike {a:+}"),
    "lives": ("жизни {a:+}", "lives {a:+}"), "set_lives": ("жизни становятся {v}", "lives become {v}"),
    "set_strike": ("удар становится {v}", "strike becomes {v}"), "return_to_hand": ("вернуть в руку", "return to hand"),
    "return_to_deck": ("вернуть в колоду", "return to deck"), "summon": ("призвать из колоды", "summon from deck"),
    "resurrect": ("воскресить", "resurrect"), "take_control": ("взять под контроль", "take control"),
    "create": ("создать карту", "create a card"), "search": ("найти в колоде", "search the deck"),
    "fight": ("сразиться", "fight"), "hide": ("скрыться", "hide"),
}


_pool: Any = None  # names the cards an ability creates; set once the pool is loaded


def set_pool(pool: Any) -> None:
    global _pool
    _pool = pool


def _i(lang: str) -> int:
    return 0 if lang == "ru" else 1


def keyword_label(ab: dict[str, Any], lang: str) -> str:
    if _engine_text is not None:
        try:
            return _engine_text.keyword_label(ab, lang)
        except Exception:  # noqa: BLE001 - the fallback must never take the client down
            pass
    kw = R.KEYWORDS.get(ab.get("keyword", ""))
    if kw is None:
        return str(ab.get("keyword", "?"))
    label = kw.ru if lang == "ru" else kw.en
    if kw.value == "int":
        label += f" {ab.get('value', '')}"
    elif kw.value == "from":
        label += " " + R.PROTECTION_NAMES.get(ab.get("from", ""), ("?", "?"))[_i(lang)]
    elif kw.value == "what":
        label += " " + R.IGNORE_NAMES.get(ab.get("what", ""), ("?", "?"))[_i(lang)]
    return label


def _effect(eff: dict[str, Any], lang: str) -> str:
    pattern = _EFFECTS.get(eff.get("effect", ""), (eff.get("effect", "?"),) * 2)[_i(lang)]
    a = eff.get("amount", 0)
    try:
        return pattern.format(a=a if isinstance(a, int) else 0, c=eff.get("count", ""), v=eff.get("value", ""))
    except (ValueError, KeyError):
        return pattern.replace("{a:+}", str(a)).replace("{a}", str(a))


def _fallback_lines(cdef: Any, lang: str) -> list[str]:
    lines = []
    kws = [keyword_label(ab, lang) for ab in cdef.abilities if ab["kind"] == "keyword" and ab["keyword"] != "created"]
    if kws:
        lines.append(", ".join(kws) + ".")
    for ab in cdef.abilities:
        effs = "; ".join(_effect(e, lang) for e in ab.get("effects", ()))
        if ab["kind"] == "trigger":
            trig = R.TRIGGERS.get(ab["on"])
            label = (trig.ru if lang == "ru" else trig.en) if trig else ab["on"]
            lines.append(f"{label}: {effs}.")
        elif ab["kind"] == "activate":
            cost = ab.get("cost", {})
            parts = []
            ru = lang == "ru"
            if cost.get("tap"):
                parts.append("закрыть" if ru else "tap")
            if cost.get("coins"):
                parts.append(f"{cost['coins']} {'мон.' if ru else 'coins'}")
            if cost.get("x"):
                parts.append("X " + ("мон." if ru else "coins"))
            if cost.get("prayers"):
                parts.append(f"{cost['prayers']} {'мол.' if ru else 'prayers'}")
            lines.append(f"{', '.join(parts).capitalize() or '—'}: {effs}.")
        elif ab["kind"] == "aura":
            lines.append(("Пост.: " if lang == "ru" else "Static: ") + ab.get("aura", "") + ".")
    if cdef.effects:
        lines.append("; ".join(_effect(e, lang) for e in cdef.effects).capitalize() + ".")
    return lines


def card_text(cdef: Any, lang: str) -> str:
    """The full rules text of a card in one language."""
    if _engine_text is not None:
        try:
            return _engine_text.card_text(cdef, lang, pool=_pool)
        except Exception:  # noqa: BLE001
            pass
    return "\n".join(_fallback_lines(cdef, lang))


def ability_text(ab: dict[str, Any], cdef: Any, lang: str) -> str:
    """One ability as a sentence."""
    if _engine_text is not None:
        try:
            return _engine_text.ability_text(ab, cdef, lang, pool=_pool)
        except Exception:  # noqa: BLE001
            pass
    import dataclasses

    try:
        return "\n".join(_fallback_lines(dataclasses.replace(cdef, abilities=(ab,), effects=()), lang))
    except (TypeError, ValueError):
        return ""


def effects_text(effects: Any, lang: str) -> str:
    """A list of effects (one chosen chain of modes) as sentences."""
    if _engine_text is not None:
        try:
            return _engine_text.spell_text(effects, lang, pool=_pool)
        except Exception:  # noqa: BLE001
            pass
    return "; ".join(_effect(e, lang) for e in effects).capitalize() + "."


def short_text(cdef: Any, lang: str) -> str:
    """Keyword labels only: what fits on a small card on the table."""
    kws = [keyword_label(ab, lang) for ab in cdef.abilities if ab["kind"] == "keyword" and ab["keyword"] != "created"]
    others = sum(1 for ab in cdef.abilities if ab["kind"] != "keyword") + (1 if cdef.effects else 0)
    text = ", ".join(kws)
    if others and not kws:
        text = "…"
    return text


def type_line(cdef: Any, lang: str) -> str:
    if _engine_text is not None:
        try:
            return _engine_text.type_line(cdef, lang)
        except Exception:  # noqa: BLE001
            pass
    out = _TYPES.get(cdef.type, (cdef.type, cdef.type))[_i(lang)]
    if cdef.subtype:
        sub = R.SUPPORT_NAMES.get(cdef.subtype)
        if sub is None and cdef.subtype == "mechanism":
            sub = ("Механизм", "Mechanism")
        if sub is None and cdef.subtype == "elemental":
            sub = ("Элементаль", "Elemental")
        out += " — " + (sub[_i(lang)] if sub else cdef.subtype)
    return out


def reminders(cdef: Any, lang: str) -> list[tuple[str, str]]:
    """(keyword label, reminder in our own words) for each keyword on the card."""
    if _engine_text is not None:
        try:
            return list(_engine_text.reminders(cdef, lang))
        except Exception:  # noqa: BLE001
            pass
    out = []
    for ab in cdef.abilities:
        if ab["kind"] != "keyword":
            continue
        kw = R.KEYWORDS.get(ab["keyword"])
        if kw is None:
            continue
        text = kw.reminder_ru if lang == "ru" else kw.reminder_en
        f = ab.get("from") or ab.get("what") or ""
        names = R.PROTECTION_NAMES.get(f) or R.IGNORE_NAMES.get(f) or (f, f)
        text = text.replace("{v}", str(ab.get("value", "X"))).replace("{f}", names[_i(lang)])
        out.append((keyword_label(ab, lang), text))
    return out


def element_names(cdef: Any, lang: str) -> str:
    els = cdef.elements or ("neutral",)
    return ", ".join(R.ELEMENT_NAMES.get(e, (e, e))[_i(lang)] for e in els)
