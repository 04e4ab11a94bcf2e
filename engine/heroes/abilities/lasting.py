"""Effects that last: keywords, strike and lives, lost abilities, copies, animation, elements (CR 104.3.1,
111.5, 108.1-108.2, 504.2-504.6, 7 Получает, Теряет особенности). Each lays an effect record on the card;
``until`` says when it ends (CR 303.1, 310) and ``while`` its condition of existence (CR 120.6)."""

from __future__ import annotations

from typing import Any

from engine.heroes import events as E
from engine.heroes.abilities.base import Effect, effect, param

_WHILE = {"until": param("until", False, "turn"), "while": param("while", False)}


def lasting(game: Any, entry: dict[str, Any], eff: dict[str, Any], source: int | None) -> dict[str, Any]:
    """An effect record with its condition of existence, if the ability gives one (CR 120.6)."""
    if eff.get("while") and source is not None:
        entry["while"] = eff["while"]
        entry["src"] = source
        game._watch.lapsing = True  # end_lapsed has something to look at
    return entry


@effect
class Grant(Effect):
    """«Получает …»: a keyword for a while; a new one of the same name replaces the old (Защита от… adds)."""

    name = "grant"
    params = {"keyword": param("keyword"), "value": param("int", False, 0), "from": param("from", False, ""),
              "target": param("target"), **_WHILE}
    rule = "CR 7 Получает"

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        c = game.cards[t]
        entry = {"k": "kw", "kw": eff["keyword"], "until": eff.get("until", "turn"), "by": controller}
        if eff.get("value"):
            entry["value"] = eff["value"]
        if eff.get("from"):
            entry["from"] = eff["from"]
        c.effects = [e for e in c.effects if not (e["k"] == "kw" and e["kw"] == eff["keyword"]
                                                  and eff["keyword"] != "protection")]
        c.effects.append(lasting(game, entry, eff, source))
        game.emit(E.KeywordGranted(card=t, keyword=eff["keyword"]))
        return True


@effect
class Strike(Effect):
    name = "strike"
    params = {"amount": param("amount"), "target": param("target"), **_WHILE}
    rule = "CR 104.3.1"

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        n = self.amount(eff, x)
        game.cards[t].effects.append(lasting(game, {"k": "strike", "amount": n, "until": eff.get("until", "turn"),
                                              "by": controller}, eff, source))
        game.emit(E.StrikeModified(card=t, amount=n))
        return True


@effect
class SetStrike(Effect):
    """CR 104.3.1: «удар становится X» lays +/- strike effects worth the difference; later modifiers still
    add to it."""

    name = "set_strike"
    params = {"value": param("int"), "target": param("target"), **_WHILE}
    rule = "CR 7 Удар становится равным X"

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        delta = eff["value"] - game.raw_strike(t)
        game.cards[t].effects.append(lasting(game, {"k": "strike", "amount": delta, "until": eff.get("until", "turn"),
                                              "by": controller}, eff, source))
        game.emit(E.StrikeModified(card=t, amount=delta, value=eff["value"]))
        return True


@effect
class LoseAbilities(Effect):
    """CR 7 Теряет особенности: the printed text stops counting; gained effects stay."""

    name = "lose_abilities"
    params = {"target": param("target"), **_WHILE}
    rule = "CR 7 Теряет особенности"

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        game.cards[t].effects.append(lasting(game, {"k": "silence", "until": eff.get("until", "turn"), "by": controller},
                                             eff, source))
        game.emit(E.Silenced(card=t))
        return True


@effect
class CopyAbilities(Effect):
    """CR 111.5: the source takes on the target's printed abilities; where they name their own card, they
    now name the copier (they run with it as their source)."""

    name = "copy_abilities"
    params = {"target": param("target"), "until": param("until", False, "turn")}
    rule = "CR 111.5"

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        if source is None or not game.in_play(source) or t == source:
            return False
        game.cards[source].effects.append({"k": "copy", "card": game.cards[t].card, "until": eff.get("until", "turn"),
                                           "by": controller})
        game._aura_cache = None
        game.emit(E.Copied(card=source, of=t))
        return True


@effect
class Animate(Effect):
    """CR 108.2: a support becomes a creature with a creature's base properties; when this ends it is its
    printed support again (subtype and all)."""

    name = "animate"
    params = {"strike": param("int"), "lives": param("int"), "target": param("target"),
              "until": param("until", False, "turn")}
    rule = "CR 108.2"

    @classmethod
    def check(cls, eff: dict[str, Any]) -> tuple[str, str, str] | None:
        # CR 108.2: only a support can be made a creature, and a creature has lives.
        tgt = eff["target"]
        if tgt.get("sel") not in (None, "self") or (tgt.get("choose") or tgt.get("all", "support")) != "support":
            return ("target", "animate makes a support a creature: use self or a support target",
                    "animate делает существом карту поддержки: цель — self или карта поддержки")
        if eff["lives"] < 1:
            return "lives", "a creature needs at least 1 life", "у существа должна быть хотя бы 1 жизнь"
        return None

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        c = game.cards[t]
        if c.zone != "play" or game.card_type(t) != "support":
            return False
        c.effects.append({"k": "animate", "strike": eff["strike"], "lives": eff["lives"],
                          "until": eff.get("until", "turn"), "by": controller})
        game._aura_cache = None
        game._watch.may_die.add(t)  # a creature now, with the lives the effect gives (CR 108.2)
        game.emit(E.Animated(card=t, strike=eff["strike"], lives=eff["lives"]))
        return True


@effect
class ChangeElement(Effect):
    """CR 106.3.1-106.3.2, 108.1: become (the new element replaces the old), gain or lose an element."""

    name = "change_element"
    params = {"element": param("element"), "mode": param("element_mode", False, "become"), "target": param("target"),
              "until": param("until", False, "turn")}
    rule = "CR 108.1"

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        game.cards[t].effects.append({"k": "element", "mode": eff.get("mode", "become"), "element": eff["element"],
                                      "until": eff.get("until", "turn"), "by": controller})
        game.emit(E.ElementChanged(card=t, mode=eff.get("mode", "become"), element=eff["element"]))
        return True


@effect
class Lives(Effect):
    """Extra (+) or negative (-) lives (CR 504.2-504.4)."""

    name = "lives"
    params = {"amount": param("amount"), "target": param("target")}
    rule = "CR 504.2"

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        n = self.amount(eff, x)
        game.cards[t].life_mod += n
        game.note_doom(t, source, "spell" if spell else "ability", controller)
        game.emit(E.LivesModified(card=t, amount=n))
        return True


@effect
class SetLives(Effect):
    """CR 504.6: wounds become negative lives, then lives are set; this is not healing."""

    name = "set_lives"
    params = {"value": param("int"), "target": param("target")}
    rule = "CR 504.6"

    def apply(self, game: Any, eff: dict[str, Any], t: int, x: int, source: int | None, controller: int,
              spell: bool) -> bool:
        c = game.cards[t]
        c.life_mod -= c.wounds
        c.wounds = 0
        c.life_mod += eff["value"] - game.lives_left(t)
        game.note_doom(t, source, "spell" if spell else "ability", controller)
        game.emit(E.LivesSet(card=t, value=eff["value"]))
        return True
