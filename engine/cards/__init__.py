"""Card tools for people who write cards: pool figures, one card's generated text, checking a folder.

``python -m engine.cards stats | show ID | check DIR``. Pure like the rules: the command line and the
reading of folders are the content loader's (:mod:`engine.content.cli`, :func:`engine.content.check_folder`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import CardDataError
from engine.heroes import registry as R
from engine.heroes.carddef import CardDef, parse_card, parse_deck
from engine.heroes.pool import CardPool
from engine.heroes.text import all_effects, card_text, reminders, type_line

COVERED_AT = 2  # a registry entry counts as covered once this many cards use it


def usage(cards: list[CardDef]) -> Counter[str]:
    """How many cards use each registry entry: ``kw:NAME`` for keywords, ``fx:NAME`` for effects."""
    counts: Counter[str] = Counter()
    for card in cards:
        used = set()
        for ab in card.abilities:
            if ab["kind"] == "keyword":
                used.add("kw:" + ab["keyword"])
            elif ab["kind"] == "aura" and ab["aura"] == "grant":
                used.add("kw:" + ab["keyword"])
        for eff in all_effects(card):
            if eff["effect"] in R.EFFECTS:
                used.add("fx:" + eff["effect"])
            if eff["effect"] == "grant":
                used.add("kw:" + eff["keyword"])
        counts.update(used)
    return counts


def stats(pool: CardPool) -> dict[str, Any]:
    """Heroes, playable (non-created) cards, decks, and registry coverage of a pool."""
    cards = list(pool.cards.values())
    counts = usage(cards)
    entries = [f"kw:{k}" for k in R.KEYWORDS] + [f"fx:{e}" for e in R.EFFECTS]
    covered = [e for e in entries if counts[e] >= COVERED_AT]
    return {
        "heroes": sum(1 for c in cards if c.type == "hero"),
        "cards": sum(1 for c in cards if c.type != "hero" and not c.created),
        "decks": len(pool.decks),
        "covered": len(covered),
        "total": len(entries),
        "uncovered": [e for e in entries if counts[e] < COVERED_AT],
    }


def stats_line(pool: CardPool) -> str:
    s = stats(pool)
    return f"heroes={s['heroes']} cards={s['cards']} decks={s['decks']} keywords={s['covered']}/{s['total']}"


_PROPS = {"ru": ("Стоимость", "Удар", "Жизни"), "en": ("Cost", "Strike", "Lives")}


def properties_line(card: CardDef, lang: str) -> str:
    """«Стоимость 2 · Удар 2 · Жизни 1» — what the card has of the three numbers."""
    cost_w, strike_w, lives_w = _PROPS[lang]
    parts = []
    if card.type != "hero":
        cost = str(card.cost)
        if card.x_cost:
            cost = f"{card.cost}+X" if card.cost else "X"
        parts.append(f"{cost_w} {cost}")
    if card.type == "creature":
        parts.append(f"{strike_w} {card.strike}")
    if card.type in ("creature", "hero"):
        parts.append(f"{lives_w} {card.lives}")
    return " · ".join(parts)


def show(pool: CardPool, cid: str) -> str:
    """A card as a player reads it, in Russian and then in English, with keyword reminders."""
    card = pool.cards[cid]
    blocks = []
    for lang in ("ru", "en"):
        lines = [card.name[lang], type_line(card, lang), properties_line(card, lang)]
        text = card_text(card, lang, pool=pool.cards)
        if text:
            lines.append(text)
        lines.extend(f"  {label} — {reminder}" for label, reminder in reminders(card, lang))
        if card.flavor:
            lines.append(f"  « {card.flavor[lang]} »" if lang == "ru" else f"  “{card.flavor[lang]}”")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


@dataclass
class CheckReport:
    """What ``check`` found in a folder: files and cards read, every error, and warnings (a picture that
    cannot be used: the card still plays, with the neutral picture)."""

    files: int = 0
    cards: int = 0
    decks: int = 0
    errors: list[CardDataError] = field(default_factory=list)
    warnings: list[CardDataError] = field(default_factory=list)
    checked: dict[str, Any] = field(default_factory=dict)  # the folder's cards that parsed, by id (either game's)


def check_files(files: list[tuple[str, dict[str, Any] | CardDataError]], base: CardPool) -> CheckReport:
    """Validate the tables of a folder's files (name, tables or the error reading them) against ``base``,
    the built-in pool; collect all errors. Pure: :func:`engine.content.check_folder` reads the folder."""
    report = CheckReport(files=len(files))
    report.errors.extend(data for _, data in files if isinstance(data, CardDataError))
    datas = [(file, data) for file, data in files if not isinstance(data, CardDataError)]
    # Every id written in the folder counts as known, so a card may create one defined later.
    known = set(base.cards)
    for _, data in datas:
        for table in data.get("card", []) if isinstance(data.get("card"), list) else []:
            if isinstance(table, dict) and isinstance(table.get("id"), str):
                known.add(table["id"])
    seen: dict[str, str] = {cid: c.source for cid, c in base.cards.items()}
    mine: dict[str, CardDef] = {}
    decks = []
    for file, data in datas:
        for key in sorted(set(data) - {"card", "deck"}):
            report.errors.append(CardDataError("unknown table (expected [[card]] or [deck])",
                                               ru="неизвестная таблица (ожидается [[card]] или [deck])",
                                               file=file, field=key))
        tables = data.get("card", [])
        if not isinstance(tables, list):
            report.errors.append(CardDataError("[[card]] must be an array of tables",
                                               ru="карты записываются таблицами [[card]]", file=file, field="card"))
            tables = []
        for table in tables:
            try:
                card = parse_card(table, file, known)
            except CardDataError as exc:
                report.errors.append(exc)
                continue
            if card.id in seen:
                report.errors.append(CardDataError(f"id already used in {seen[card.id]}",
                                                   ru=f"такой id уже есть в {seen[card.id]}", file=file,
                                                   card=card.id, field="id"))
                continue
            seen[card.id] = file
            mine[card.id] = card
        if "deck" in data:
            try:
                decks.append(parse_deck(data["deck"], file))
            except CardDataError as exc:
                report.errors.append(exc)
    every = {**base.cards, **mine}
    for card in mine.values():
        for lang in ("ru", "en"):
            try:
                card_text(card, lang, pool=every)
            except Exception as exc:  # noqa: BLE001 - any failure here is a card the text cannot describe
                report.errors.append(CardDataError(f"rules text cannot be written ({lang}): {exc}",
                                                   ru=f"не удаётся составить текст правил ({lang}): {exc}",
                                                   file=card.source, card=card.id, field="abilities"))
                break
    for deck in decks:
        if deck.hero not in every or every[deck.hero].type != "hero":
            report.errors.append(CardDataError(f"unknown hero {deck.hero!r}", ru=f"неизвестный герой {deck.hero!r}",
                                               file=deck.source, card=deck.id, field="hero"))
        for cid in deck.cards:
            if cid not in every:
                report.errors.append(CardDataError(f"unknown card {cid!r}", ru=f"неизвестная карта {cid!r}",
                                                   file=deck.source, card=deck.id, field=f"cards.{cid}"))
    report.cards = len(mine)
    report.decks = len(decks)
    report.checked = mine
    return report
