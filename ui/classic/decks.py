"""Classic «Берсерк»'s cards and decks for the card browser and the deck builder
(``find_client("classic").decks``).

The cards are the built-in pool with the player's own (ui/classic/content.py); a deck's legality is the
engine's own check (engine.classic.decks.deck_problems: 30–50 cards, at most 3 copies, 5 with «Орда»;
2022 «Колода»). The builder saves a deck as one ``[[deck]]`` file in the ``decks`` sub-folder of the
player's ``classic`` folder (docs/cards.md), written atomically and read back before it counts as saved.
"""

from __future__ import annotations

import pathlib
from typing import Any

import pygame

from engine.core.errors import CardDataError
from ui.classic import content
from ui.deckdraft import CardEntry, DeckDraft
from ui.deckfiles import DeckFileError, DeckFiles, names_toml, toml_text

KINDS = ("creature", "flyer", "symbiote", "artifact", "terrain")
_KIND_NAMES = {"creature": ("Существо", "Creature"), "flyer": ("Летающее", "Flyer"),
               "symbiote": ("Симбиот", "Symbiote"), "artifact": ("Артефакт", "Artifact"),
               "terrain": ("Местность", "Terrain")}


def _kind(card: Any) -> str:
    if card.flyer:
        return "flyer"
    if card.symbiote:
        return "symbiote"
    return card.type


class ClassicDecks(DeckFiles):
    """The classic pool and decks as the browser and the builder use them."""

    ruleset = "classic"
    face_ratio = 0.8  # classic cards are drawn as the board's cells hold them (ui/classic/cardface.py)
    has_hero = False
    has_rank = True  # elite / ordinary / unique (2022 «Элитные карты», «Уникальность»)

    def __init__(self) -> None:
        self._faces: dict[tuple, pygame.Surface] = {}
        self._entries: tuple[Any, list[CardEntry]] | None = None

    def reload(self) -> None:
        content.reload()
        self._faces.clear()

    def _cards(self) -> dict[str, Any]:
        return content.classic_pool().cards

    # ------------------------------------------------------------------ cards
    def cards(self) -> list[CardEntry]:
        """Every card the browser shows (read again only when the pool was)."""
        pool = content.classic_pool()
        if self._entries is None or self._entries[0] is not pool:
            self._entries = (pool, self._read_cards())
        return self._entries[1]

    def _read_cards(self) -> list[CardEntry]:
        from engine.classic.text import card_text

        pool = content.classic_pool()
        out = []
        for c in pool.cards.values():
            words = [c.name.get("ru", ""), c.name.get("en", "")]
            for lang in ("ru", "en"):
                words += card_text(c, lang, reminders=True)
            out.append(CardEntry(id=c.id, name=dict(c.name), elements=(c.element,), type=_kind(c), cost=c.cost,
                                 keywords=tuple(dict.fromkeys(ab.id for ab in c.abilities)),
                                 search="\n".join(words).lower(), own=c.id in pool.own, elite=c.elite,
                                 unique=c.unique))
        return out

    def elements(self, lang: str) -> list[tuple[str, str]]:
        from engine.classic.text import ELEMENT_NAMES

        return [(e, names[0] if lang == "ru" else names[1]) for e, names in ELEMENT_NAMES.items()]

    def types(self, lang: str) -> list[tuple[str, str]]:
        return [(k, _KIND_NAMES[k][0 if lang == "ru" else 1]) for k in KINDS]

    def keywords(self, lang: str) -> list[tuple[str, str]]:
        names: dict[str, str] = {}
        for c in self._cards().values():
            for ab in c.abilities:
                label = ab.names[0 if lang == "ru" else 1] if ab.names[0] else ab.id
                names.setdefault(ab.id, label)
        return sorted(names.items(), key=lambda p: p[1])

    def face(self, app: Any, cid: str, size: tuple[int, int]) -> pygame.Surface:
        """The card as printed, as the table draws it (ui/classic/cardface.py), in the first player's colour."""
        from ui.classic.cardface import printed_face

        key = (cid, tuple(size), app.tr.lang)
        surf = self._faces.get(key)
        if surf is None:
            if len(self._faces) > 600:
                self._faces.clear()
            surf = self._faces[key] = printed_face(self._cards()[cid], tuple(size), 0, app.tr)
        return surf

    def caption(self, cid: str, tr: Any) -> str:
        """Under the face: the price and the card's rank (the face shows no price)."""
        c = self._cards()[cid]
        marks = [tr("decks.cost_short", n=c.cost)]
        if c.elite:
            marks.append(tr("decks.elite"))
        if c.unique:
            marks.append(tr("decks.unique"))
        if c.horde:
            marks.append(tr("decks.horde"))
        return " · ".join(marks)

    def zoom_lines(self, cid: str, tr: Any) -> list[tuple[str, str]]:
        """The zoomed card: name, type and numbers, each ability with its reminder, the flavour."""
        from engine.classic.text import stats_line, type_line

        pool = content.classic_pool()
        c = pool.cards[cid]
        out = [(tr.name(c.name), f"{type_line(c, tr.lang)}\n{stats_line(c, tr.lang)}")]
        for ab in c.abilities:
            out.append((ab.text(tr.lang), ab.reminder(tr.lang).strip()))
        flavor = pool.flavor.get(cid)
        if flavor:
            out.append(("", f"« {tr.name(flavor)} »"))
        return out

    # ------------------------------------------------------------------ decks
    @staticmethod
    def _draft(choice: Any) -> DeckDraft:
        counts: dict[str, int] = {}
        for cid in choice.cards:
            counts[cid] = counts.get(cid, 0) + 1
        return DeckDraft(id=choice.id, name=dict(choice.name), counts=counts, plan=dict(choice.plan or {}),
                         own=choice.own, path=choice.path, editable=choice.editable)

    def ready_decks(self) -> list[DeckDraft]:
        return [self._draft(c) for c in content.decks()]

    def own_decks(self) -> list[DeckDraft]:
        return [self._draft(c) for c in content.own_decks()]

    def taken_ids(self) -> set[str]:
        return set(content.classic_pool().decks) | {c.id for c in content.own_decks()}

    def problems(self, draft: DeckDraft, lang: str) -> list[str]:
        """Why the deck may not be played, in ``lang`` (the engine's own reasons); empty when it may."""
        from engine.classic.decks import ClassicDeck, deck_problems

        deck = ClassicDeck(id=draft.id or "deck", name=draft.name, cards=tuple(draft.counts.items()))
        return [p.ru if lang == "ru" else p.en for p in deck_problems(deck, self._cards())]

    def hero_name(self, draft: DeckDraft, tr: Any) -> str:
        return ""

    def file_text(self, draft: DeckDraft) -> str:
        """The deck as a classic ``[[deck]]`` file (docs/cards.md «Your own classic cards and decks»)."""
        lines = ["# A deck made in the deck builder (docs/cards.md)", "[[deck]]", f"id = {toml_text(draft.id)}",
                 f"name = {names_toml(draft.name)}"]
        if draft.plan.get("ru") or draft.plan.get("en"):
            lines.append(f"plan = {names_toml(draft.plan)}")
        lines += ["", "[deck.cards]"] + [f"{cid} = {n}" for cid, n in draft.counts.items()]
        return "\n".join(lines) + "\n"

    def save(self, draft: DeckDraft) -> DeckDraft:
        """Write the deck to the player's folder (a new file, or over its own file) and read it back."""
        from engine.classic.decks import parse_deck
        from engine.content import read_card_file
        from saves.paths import user_classic_decks_dir

        if not draft.counts:
            raise DeckFileError("the deck has no cards", "в колоде нет карт")
        mine = draft.own and draft.editable
        path = pathlib.Path(draft.path) if mine else user_classic_decks_dir() / f"{draft.id}.toml"
        if not mine and path.exists():
            raise DeckFileError(f"{path.name} already exists", f"файл {path.name} уже есть")

        def check(p: pathlib.Path) -> None:
            tables = read_card_file(p).get("deck", [])
            if len(tables) != 1:
                raise CardDataError("one [[deck]] table expected", ru="ожидалась одна таблица [[deck]]", file=str(p))
            parse_deck({k: v for k, v in tables[0].items() if k != "plan"}, str(p))
            self.reload()  # the player's decks as the new-game screen reads them (an illegal one with its reasons)
            if not any(d.id == draft.id and d.path == str(p) for d in self.own_decks()):
                raise CardDataError("the deck did not load", ru="колода не загрузилась", file=str(p))

        return self.write_checked(draft, path, check)

    def skipped(self) -> list[CardDataError]:
        return content.skipped()


DECKS = ClassicDecks()
