"""«Герои»'s cards and decks for the card browser and the deck builder (``find_client("heroes").decks``).

The cards are the pool the new-game screen offers (ui/heroes/content.py: built-in and the player's own);
a deck's legality is the engine's own check with its reasons (engine.heroes.pool.deck_problems: 40 cards
or more, 3 copies, 5 with Орда, the hero's elements; CR «Правила составления колоды»). The builder saves
a deck to the player's ``decks`` folder as one ``[deck]`` file (docs/cards.md), written atomically, and
reads it back through the same loader before calling it saved.
"""

from __future__ import annotations

import pathlib
from typing import Any

import pygame

from engine.core.errors import CardDataError
from engine.heroes import registry as R
from ui.deckdraft import CardEntry, DeckDraft
from ui.deckfiles import DeckFileError, DeckFiles, names_toml, toml_text
from ui.heroes import cardtext, content

FACE_RATIO = 1.4  # height / width of a «Герои» card (ui/heroes/cards.py)
TYPES = ("hero", "creature", "spell", "support")


class HeroesDecks(DeckFiles):
    """The «Герои» card pool and decks as the browser and the builder use them."""

    ruleset = "heroes"
    face_ratio = FACE_RATIO
    has_hero = True
    has_rank = False  # elite / unique are classic's

    def __init__(self) -> None:
        self._entries: tuple[Any, list[CardEntry]] | None = None

    def reload(self) -> None:
        """Read the pool and the decks again (after a save, a delete or the player's own edit)."""
        content.game_content.cache_clear()
        content.game_content()

    def _pool(self) -> Any:
        return content.game_content()[0]

    # ------------------------------------------------------------------ cards
    def cards(self) -> list[CardEntry]:
        """Every card the browser shows (read again only when the pool was)."""
        pool = self._pool()
        if self._entries is None or self._entries[0] is not pool:
            self._entries = (pool, self._read_cards())
        return self._entries[1]

    def _read_cards(self) -> list[CardEntry]:
        pool = self._pool()
        own = {c.id for c in content.own_cards()}
        out = []
        for c in pool.cards.values():
            kws = tuple(k for k in c.keyword_map if k != "created")
            words = [c.name.get("ru", ""), c.name.get("en", "")]
            for lang in ("ru", "en"):
                words.append(cardtext.card_text(c, lang))
                words.append(cardtext.type_line(c, lang))
            out.append(CardEntry(id=c.id, name=dict(c.name), elements=tuple(c.elements) or ("neutral",), type=c.type,
                                 cost=None if c.type == "hero" else c.cost, keywords=kws,
                                 search="\n".join(words).lower(), own=c.id in own, hero=c.type == "hero",
                                 deckable=not c.created and c.type != "hero"))
        return [e for e in out if e.deckable or e.hero]  # a created card is never looked for in a deck

    def elements(self, lang: str) -> list[tuple[str, str]]:
        return [(e, R.ELEMENT_NAMES[e][0 if lang == "ru" else 1]) for e in R.ELEMENTS] + \
            [("neutral", "Нейтральные" if lang == "ru" else "Neutral")]

    def types(self, lang: str) -> list[tuple[str, str]]:
        return [(t, cardtext._TYPES[t][0 if lang == "ru" else 1]) for t in TYPES]

    def keywords(self, lang: str) -> list[tuple[str, str]]:
        used = {k for c in self._pool().cards.values() for k in c.keyword_map} - {"created"}
        return sorted(((k.name, k.ru if lang == "ru" else k.en) for k in R.KEYWORDS.values() if k.name in used),
                      key=lambda p: p[1])

    def face(self, app: Any, cid: str, size: tuple[int, int]) -> pygame.Surface:
        """The card's face (ui/heroes/cards.py, the client's cache) at ``size``."""
        return app.art.face(self._pool().cards[cid], size)

    def caption(self, cid: str, tr: Any) -> str:
        """Under the face: nothing more (a «Герои» face prints its cost)."""
        return ""

    def zoom_lines(self, cid: str, tr: Any) -> list[tuple[str, str]]:
        """The zoomed card's text: name and type, rules text, a reminder for each keyword (as the table's zoom)."""
        cdef = self._pool().cards[cid]
        sub = [cardtext.type_line(cdef, tr.lang)]  # the type line names the elements too
        if cdef.type != "hero":
            sub.append(tr("zoom.cost", n=("X" if cdef.x_cost and not cdef.cost else cdef.cost)))
        else:
            sub.append(tr("decks.hero_lives", n=cdef.lives))
        out = [(tr.name(cdef.name), " · ".join(sub))]
        text = cardtext.card_text(cdef, tr.lang)
        if text:
            out.append((tr("zoom.text"), text))
        out.extend(cardtext.reminders(cdef, tr.lang))
        return out

    # ------------------------------------------------------------------ decks
    def _draft(self, choice: Any) -> DeckDraft:
        d = choice.deck
        path = d.source if choice.own else ""
        return DeckDraft(id=d.id, name=dict(d.name), hero=d.hero, counts=dict(d.cards), plan=dict(d.plan),
                         own=choice.own, path=path, editable=bool(path))

    def ready_decks(self) -> list[DeckDraft]:
        return [self._draft(c) for c in content.game_content()[1] if not c.own and c.strict]

    def own_decks(self) -> list[DeckDraft]:
        return [self._draft(c) for c in content.game_content()[1] if c.own]

    def taken_ids(self) -> set[str]:
        pool, decks = content.game_content()
        return set(pool.decks) | {c.id for c in decks}

    def problems(self, draft: DeckDraft, lang: str) -> list[str]:
        """Why the deck may not be played, in ``lang`` (the engine's own reasons); empty when it may."""
        from engine.heroes.pool import deck_problems

        if not draft.hero:
            return [("выберите героя: щёлкните карту героя" if lang == "ru"
                     else "choose a hero: click a hero's card")]
        cards = [cid for cid, n in draft.counts.items() for _ in range(n)]
        return deck_problems(self._pool(), draft.hero, cards, lang)

    def hero_name(self, draft: DeckDraft, tr: Any) -> str:
        hero = self._pool().cards.get(draft.hero)
        return tr.name(hero.name) if hero is not None else ""

    def file_text(self, draft: DeckDraft) -> str:
        """The deck as a ``[deck]`` file (docs/cards.md «Decks»)."""
        lines = ["# A deck made in the deck builder (docs/cards.md «Decks»)", "[deck]", f"id = {toml_text(draft.id)}",
                 f"name = {names_toml(draft.name)}", f"hero = {toml_text(draft.hero)}"]
        if draft.plan.get("ru") or draft.plan.get("en"):
            lines.append(f"plan = {names_toml(draft.plan)}")
        lines += ["", "[deck.cards]"] + [f"{cid} = {n}" for cid, n in draft.counts.items()]
        return "\n".join(lines) + "\n"

    def save(self, draft: DeckDraft) -> DeckDraft:
        """Write the deck to the player's folder (a new file, or over its own file) and read it back."""
        from engine.content import read_card_file
        from engine.heroes.carddef import parse_deck
        from saves.paths import user_decks_dir

        if not draft.hero:
            raise DeckFileError("a deck needs a hero", "колоде нужен герой")
        if not draft.counts:
            raise DeckFileError("the deck has no cards", "в колоде нет карт")
        path = pathlib.Path(draft.path) if draft.own and draft.editable else user_decks_dir() / f"{draft.id}.toml"
        if not (draft.own and draft.editable) and path.exists():
            raise DeckFileError(f"{path.name} already exists", f"файл {path.name} уже есть")

        def check(p: pathlib.Path) -> None:  # the file loads back as the player's deck, or says why not
            parse_deck(read_card_file(p).get("deck"), str(p))
            self.reload()
            if not any(d.id == draft.id and d.path == str(p) for d in self.own_decks()):
                raise next((e for e in self.skipped() if e.file == str(p)),
                           CardDataError("the deck did not load", ru="колода не загрузилась", file=str(p)))

        return self.write_checked(draft, path, check)

    def skipped(self) -> list[CardDataError]:
        return content.skipped()


DECKS = HeroesDecks()
