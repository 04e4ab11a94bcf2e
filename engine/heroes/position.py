"""Build a «Берсерк. Герои» game directly in a given position, from plain data (TOML/JSON dicts).

Rules tests, bug reports and puzzles start here instead of playing a game up to the moment
they care about. Pure: the caller reads files; errors are :class:`CardDataError` naming the
field (``p0.play[1].wounds``) with the reason in ru and en. The schema is documented in
``docs/scenarios.md``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import Bilingual, CardDataError
from engine.core.rng import Rng
from engine.heroes import actions as A
from engine.heroes import pending as P
from engine.heroes import registry as R
from engine.heroes.game import HAND_SIZE, HeroesGame
from engine.heroes.pool import CardPool
from engine.heroes.snapshot import effect_to_data, export_position, zone_problem_pairs, zone_problems
from engine.heroes.state import CardState, PlayerState

POSITION_KEYS = {"seed", "active", "turn", "first", "p0", "p1", "pending"}
PLAYER_KEYS = {"name", "hero", "coins", "temp_coins", "tapped_coins", "prayers", "failed_draws",
               "hand", "deck", "grave", "play"}
# Markers a card in play (or a hero) may carry in a position.
MARKER_KEYS = {"card", "name", "wounds", "tapped", "poison", "stunned", "effects", "extra_lives",
               "attacked", "defended", "used", "armor_used", "wounded_this_turn"}
PLAY_KEYS = MARKER_KEYS | {"owner", "hidden", "fresh", "attached"}
EFFECT_KEYS = {"keyword", "value", "from", "strike", "set_strike", "silence", "raw", "until", "by"}
ZONE_ORDER = ("play", "attached", "hand", "grave", "deck", "supply")
_LABEL = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_\-]{0,63}$")
_REF = re.compile(r"\$([\w\-]+(?:@p[01])?)")


class RefError(Bilingual, LookupError):
    """A card reference (label, card id or printed name) that names no card, or several."""

    def __init__(self, en: str, *, ru: str) -> None:
        super().__init__(en)
        self.en = en
        self.ru = ru


# Where a card is, for reference errors: «нет карты 'x' в руке».
_ZONE_WORDS = {"play": ("in play", "в игре"), "attached": ("attached", "под механизмом"),
               "hand": ("in hand", "в руке"), "grave": ("in the graveyard", "на кладбище"),
               "deck": ("in the deck", "в колоде"), "supply": ("in the supply", "в запасе")}


def _zone_words(zone: str) -> tuple[str, str]:
    return _ZONE_WORDS.get(zone, (f"in {zone}", f"в зоне {zone}"))


@dataclass
class Position:
    """A game built from a position, plus the labels its author gave to cards."""

    game: HeroesGame
    labels: dict[str, int] = field(default_factory=dict)

    def ids(self, ref: str, player: int | None = None, zone: str | None = None) -> list[int]:
        """Every card instance a reference may mean, best zone first (play, attached, hand, grave, deck)."""
        ref, player = _split_ref(ref, player)
        g = self.game
        if ref in self.labels:
            cid = self.labels[ref]
            c = g.cards[cid]
            if (player is None or _side(c) == player) and (zone is None or c.zone == zone):
                return [cid]
            return []
        want = ref.casefold()
        found = []
        for c in g.cards.values():
            d = g.pool.cards[c.card]
            if c.card != ref and want not in (d.name["ru"].casefold(), d.name["en"].casefold()):
                continue
            if player is not None and _side(c) != player:
                continue
            if zone is not None and c.zone != zone:
                continue
            found.append(c)
        rank = {z: i for i, z in enumerate(ZONE_ORDER)}
        found.sort(key=lambda c: (rank.get(c.zone, len(rank)), c.id))
        return [c.id for c in found]

    def id(self, ref: str, player: int | None = None, zone: str | None = None) -> int:
        """One card instance: a label, else a card id or printed name unique in the best zone holding it."""
        found = self.ids(ref, player, zone)
        if not found:
            en_where = ("" if player is None else f" of player {player}") + (f" {_zone_words(zone)[0]}" if zone else "")
            ru_where = ("" if player is None else f" у игрока {player}") + (f" {_zone_words(zone)[1]}" if zone else "")
            raise RefError(f"no card {ref!r}{en_where}",
                           ru=f"нет карты {ref!r}{ru_where}: это не метка, не id карты и не её название")
        g = self.game
        best = g.cards[found[0]].zone
        same = [cid for cid in found if g.cards[cid].zone == best]
        if len(same) > 1:
            ids = ", ".join(map(str, same))
            raise RefError(f"{ref!r} is ambiguous: cards {ids} in {best}; "
                           f"give the card a name = \"…\" label or add @p0/@p1",
                           ru=f"{ref!r} подходит нескольким картам {_zone_words(best)[1]} (номера {ids}); "
                              f"дайте нужной карте метку name = \"…\" или допишите @p0/@p1")
        return same[0]

    def card(self, ref: str, player: int | None = None) -> CardState:
        return self.game.cards[self.id(ref, player)]

    def expand(self, text: str) -> str:
        """Replace every ``$ref`` (``$knight``, ``$t_soldier@p1``, ``$p1hero``) by its instance id."""
        return _REF.sub(lambda m: str(self.id(m.group(1))), text)

    def label_of(self, cid: int) -> str | None:
        for name, i in self.labels.items():
            if i == cid:
                return name
        return None


def _split_ref(ref: str, player: int | None) -> tuple[str, int | None]:
    ref = ref[1:] if ref.startswith("$") else ref
    if len(ref) > 3 and ref[-3:-1] == "@p" and ref[-1] in "01":
        side = int(ref[-1])
        if player is not None and player != side:
            raise RefError(f"{ref!r} contradicts player={player}",
                           ru=f"в {ref!r} указан игрок {side}, а нужна карта игрока {player}")
        return ref[:-3], side
    return ref, player


def _side(c: CardState) -> int:
    """Whose card this is for a reference: the controller in play, else the owner."""
    return c.controller if c.zone in ("play", "attached") else c.owner


# ====================================================================== validation helpers
def _fail(fld: str, en: str, ru: str) -> CardDataError:
    # Club members write puzzles and bug reports as positions, so every reason has our own ru text.
    return CardDataError(en, ru=ru, field=fld)


# How long an effect lasts, for the reason that lists the choices.
_UNTIL_WORDS = {"turn": "до конца хода", "game": "до конца игры", "next_turn": "до начала следующего хода игрока by"}
# Card types as the reasons name them (en, ru).
_TYPE_WORDS = {"hero": ("a hero", "герой"), "creature": ("a creature", "существо"),
               "spell": ("a spell", "заклинание"), "support": ("a support", "карта поддержки")}


def _check_keys(fld: str, data: dict[str, Any], allowed: set[str]) -> None:
    extra = sorted(set(data) - allowed)
    if extra:
        where = f"{fld}.{extra[0]}" if fld else extra[0]
        names = ", ".join(sorted(allowed))
        raise _fail(where, f"unknown field (allowed: {names})", f"неизвестное поле (можно: {names})")


def _int(fld: str, value: Any, lo: int, hi: int) -> int:
    if value is None:
        raise _fail(fld, f"is missing (a whole number from {lo} to {hi})", f"не задано (нужно целое число от {lo} до {hi})")
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(fld, f"must be a whole number, got {value!r}", f"нужно целое число, а указано {value!r}")
    if not lo <= value <= hi:
        raise _fail(fld, f"must be between {lo} and {hi}, got {value}", f"нужно число от {lo} до {hi}, а указано {value}")
    return value


def _bool(fld: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise _fail(fld, f"must be true or false, got {value!r}", f"нужно true или false, а указано {value!r}")
    return value


def _player(fld: str, value: Any) -> int:
    return _int(fld, value, 0, 1)


def _list(fld: str, value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(fld, "must be a list", "нужен список в квадратных скобках, например [\"t_bolt\"]")
    return value


# ====================================================================== effects
def effect_from_data(fld: str, data: Any, default_by: int) -> dict[str, Any]:
    """A position's effect entry -> the engine's effect record (see the effect classes in engine/heroes/abilities/).

    ``{keyword = "armor", value = 2}``, ``{strike = 1}``, ``{set_strike = 0, until = "next_turn"}``,
    ``{silence = true}``; ``{raw = {...}}`` is the engine's record as it is (what export writes for
    kinds this schema does not name).
    """
    if not isinstance(data, dict):
        raise _fail(fld, "an effect must be a table like {keyword = \"armor\", value = 2, until = \"turn\"}",
                    "эффект записывается таблицей, например {keyword = \"armor\", value = 2, until = \"turn\"}")
    _check_keys(fld, data, EFFECT_KEYS)
    kinds = [k for k in ("keyword", "strike", "set_strike", "silence", "raw") if k in data]
    if len(kinds) != 1:
        raise _fail(fld, "needs exactly one of keyword, strike, set_strike, silence, raw",
                    "у эффекта должен быть ровно один из ключей keyword, strike, set_strike, silence, raw")
    if "raw" in data:
        raw = data["raw"]
        if set(data) != {"raw"} or not isinstance(raw, dict) or not isinstance(raw.get("k"), str):
            raise _fail(f"{fld}.raw", "must be the only key, a table with at least k = \"…\"",
                        "raw пишется без других ключей: таблица, в которой есть хотя бы k = \"…\"")
        return dict(raw)
    until = data.get("until", "turn")
    if until not in R.UNTIL:
        raise _fail(f"{fld}.until", f"must be one of {', '.join(R.UNTIL)}",
                    "нужно одно из: " + ", ".join(f"{u} ({_UNTIL_WORDS[u]})" if u in _UNTIL_WORDS else u
                                                   for u in R.UNTIL))
    by = _player(f"{fld}.by", data.get("by", default_by))
    if "strike" in data:
        if set(data) - {"strike", "until", "by"}:
            raise _fail(fld, "a strike modifier takes only strike, until, by",
                        "прибавка к удару записывается только ключами strike, until, by")
        return {"k": "strike", "amount": _int(f"{fld}.strike", data["strike"], -20, 20), "until": until, "by": by}
    if "silence" in data:
        # CR 7 Теряет особенности: the printed abilities stop counting.
        if data["silence"] is not True or set(data) - {"silence", "until", "by"}:
            raise _fail(fld, "silence takes silence = true, until, by",
                        "потеря особенностей записывается так: silence = true, а ещё можно until и by")
        return {"k": "silence", "until": until, "by": by}
    if "set_strike" in data:
        if set(data) - {"set_strike", "until", "by"}:
            raise _fail(fld, "set_strike takes only set_strike, until, by",
                        "«удар равен X» записывается только ключами set_strike, until, by")
        return {"k": "set_strike", "value": _int(f"{fld}.set_strike", data["set_strike"], 0, 20),
                "until": until, "by": by}
    name = data["keyword"]
    kw = R.KEYWORDS.get(name) if isinstance(name, str) else None
    if kw is None:
        known = ", ".join(R.KEYWORDS)
        raise _fail(f"{fld}.keyword", f"unknown keyword {name!r} (known: {known})",
                    f"неизвестная особенность {name!r} (можно: {known})")
    out: dict[str, Any] = {"k": "kw", "kw": kw.name, "until": until, "by": by}
    if kw.value == "int":
        out["value"] = _int(f"{fld}.value", data.get("value"), 1, 20)  # CR 512.2: never 0
    elif "value" in data:
        raise _fail(f"{fld}.value", f"keyword {name} takes no value",
                    f"у особенности {kw.ru} ({name}) нет числа, уберите value")
    if kw.value in ("from", "what"):
        frm = data.get("from")
        allowed = R.PROTECTION_FROM if kw.value == "from" else R.IGNORE_WHAT
        if frm not in allowed:
            raise _fail(f"{fld}.from", f"must be one of {', '.join(allowed)}", f"нужно одно из: {', '.join(allowed)}")
        out["from"] = frm
    elif "from" in data:
        raise _fail(f"{fld}.from", f"keyword {name} takes no from",
                    f"у особенности {kw.ru} ({name}) не бывает from, уберите его")
    return out


# ====================================================================== the builder
class _Builder:
    def __init__(self, pool: CardPool, data: dict[str, Any]) -> None:
        self.pool = pool
        self.data = data
        self.g = HeroesGame(pool)
        self.labels: dict[str, int] = {}
        self.checks: list[Callable[[], None]] = []

    def card_id(self, fld: str, value: Any, types: tuple[str, ...]) -> str:
        if not isinstance(value, str):
            raise _fail(fld, f"must be a card id, got {value!r}", f"нужен id карты, а указано {value!r}")
        d = self.pool.cards.get(value)
        if d is None:
            raise _fail(fld, f"unknown card {value!r} (not in the pool; define it in a [[card]] table?)",
                        f"неизвестная карта {value!r}: её нет среди карт (может, описать её в таблице [[card]]?)")
        if d.type not in types:
            want = [_TYPE_WORDS.get(t, (t, t))[1] for t in types]
            fits = " или ".join([", ".join(want[:-1]), want[-1]] if len(want) > 1 else want)
            raise _fail(fld, f"{value} is a {d.type}; here only {' or '.join(types)} fits",
                        f"{value} — {_TYPE_WORDS.get(d.type, (d.type, d.type))[1]}, а здесь годится только {fits}")
        return value

    def label(self, fld: str, value: Any, cid: int) -> None:
        if value is None:
            return
        if not isinstance(value, str) or not _LABEL.match(value):
            raise _fail(fld, f"a label must be latin letters, digits, _ or -, got {value!r}",
                        f"метку пишут латинскими буквами, цифрами, _ или -, а указано {value!r}")
        if value in self.labels:
            raise _fail(fld, f"label {value!r} is used twice", f"метка {value!r} встречается дважды")
        self.labels[value] = cid

    def simple(self, fld: str, entry: Any, owner: int, zone: str, types: tuple[str, ...]) -> int:
        """A card in hand, deck or graveyard: ``"t_bolt"`` or ``{card = "t_bolt", name = "bolt"}``.

        In the graveyard a card may keep its «X раз за ход» marks and Инкарнация effects (CR 205.4).
        """
        if isinstance(entry, dict):
            _check_keys(fld, entry, {"card", "name", "used", "effects"} if zone == "grave" else {"card", "name"})
            card = self.card_id(f"{fld}.card", entry.get("card"), types)
        else:
            card = self.card_id(fld, entry, types)
        cid = self.g.new_card(card, owner, zone)
        if isinstance(entry, dict):
            self.label(f"{fld}.name", entry.get("name"), cid)
            c = self.g.cards[cid]
            c.used = self.used(fld, entry)
            effects = _list(f"{fld}.effects", entry.get("effects", []))
            c.effects = [effect_from_data(f"{fld}.effects[{i}]", e, self.g.active) for i, e in enumerate(effects)]
        return cid

    def used(self, fld: str, entry: dict[str, Any]) -> dict[str, int]:
        used = entry.get("used", {})
        if not isinstance(used, dict):
            raise _fail(f"{fld}.used", "must be a table marker = count, e.g. {a0 = 1}",
                        "нужна таблица «отметка = сколько раз», например {a0 = 1}")
        return {str(k): _int(f"{fld}.used.{k}", v, 0, 9) for k, v in used.items()}

    def markers(self, fld: str, entry: dict[str, Any], cid: int) -> None:
        """Wounds, tapped, poison, effects… shared by heroes and cards in play."""
        c = self.g.cards[cid]
        d = self.pool.cards[c.card]
        c.wounds = _int(f"{fld}.wounds", entry.get("wounds", 0), 0, 99)
        if c.wounds and d.type == "support":
            raise _fail(f"{fld}.wounds", "a support has no lives and takes no wounds",
                        "у карты поддержки нет жизней, раны на неё не кладут")
        c.life_mod = _int(f"{fld}.extra_lives", entry.get("extra_lives", 0), -30, 30)
        c.tapped = _bool(f"{fld}.tapped", entry.get("tapped", False))
        c.poison = _int(f"{fld}.poison", entry.get("poison", 0), 0, 20)
        c.stunned = _bool(f"{fld}.stunned", entry.get("stunned", False))
        if c.stunned:
            c.tapped = True  # a stunned card is a tapped card that skips its next untap (CR 7 Оглушение)
        c.armor_used = _int(f"{fld}.armor_used", entry.get("armor_used", 0), 0, 20)
        if _bool(f"{fld}.wounded_this_turn", entry.get("wounded_this_turn", False)):
            c.wounded_turn = self.g.turn  # for Гнев (CR 7)
        c.used = self.used(fld, entry)
        if _bool(f"{fld}.attacked", entry.get("attacked", False)):
            c.used["attack"] = 1  # CR 107.2: once per turn
        if _bool(f"{fld}.defended", entry.get("defended", False)):
            c.used["defend"] = 1  # CR 509.3
        effects = _list(f"{fld}.effects", entry.get("effects", []))
        c.effects = [effect_from_data(f"{fld}.effects[{i}]", e, self.g.active) for i, e in enumerate(effects)]

    def hero(self, fld: str, entry: Any, p: int) -> int:
        if isinstance(entry, dict):
            _check_keys(fld, entry, MARKER_KEYS)
            card = self.card_id(f"{fld}.card", entry.get("card"), ("hero",))
        else:
            card = self.card_id(fld, entry, ("hero",))
            entry = {}
        cid = self.g.new_card(card, p, "play")
        self.markers(fld, entry, cid)
        self.labels[f"p{p}hero"] = cid
        self.label(f"{fld}.name", entry.get("name"), cid)
        self.checks.append(lambda: self.alive(fld, cid))
        return cid

    def in_play(self, fld: str, entry: Any, p: int) -> int:
        if not isinstance(entry, dict):
            entry = {"card": entry}
        _check_keys(fld, entry, PLAY_KEYS)
        card = self.card_id(f"{fld}.card", entry.get("card"), ("creature", "support"))
        owner = _player(f"{fld}.owner", entry.get("owner", p))
        cid = self.g.new_card(card, owner, "play")
        c = self.g.cards[cid]
        c.controller = p
        self.g.players[p].play.append(cid)
        self.label(f"{fld}.name", entry.get("name"), cid)
        self.markers(fld, entry, cid)
        d = self.pool.cards[card]
        c.hidden = _bool(f"{fld}.hidden", entry.get("hidden", False))
        if c.hidden and d.type != "creature":
            raise _fail(f"{fld}.hidden", "only a creature can be hidden (CR 7 Скрытое существо)",
                        "скрытым бывает только существо (CR 7 Скрытое существо)")
        # CR 107.5: a creature that came under this player's control this turn is weak.
        c.arrived = self.g.turn if _bool(f"{fld}.fresh", entry.get("fresh", False)) else -1
        for i, part in enumerate(_list(f"{fld}.attached", entry.get("attached", []))):
            self.attach(f"{fld}.attached[{i}]", part, cid)
        if d.type == "creature":
            self.checks.append(lambda: self.alive(fld, cid))
        return cid

    def attach(self, fld: str, entry: Any, host: int) -> None:
        """CR 7 Модуль: a module joined under a mechanism in play."""
        hc = self.g.cards[host]
        if not self.g.is_mechanism(host):
            raise _fail(fld, f"{hc.card} is not a mechanism; modules attach only to mechanisms",
                        f"{hc.card} — не механизм, а модули присоединяются только к механизмам")
        if isinstance(entry, dict):
            _check_keys(fld, entry, {"card", "name", "owner"})
            card = self.card_id(f"{fld}.card", entry.get("card"), ("creature",))
        else:
            card = self.card_id(fld, entry, ("creature",))
            entry = {}
        if not self.pool.cards[card].keyword("module"):
            raise _fail(fld, f"{card} is not a module (it lacks the module keyword)",
                        f"{card} — не модуль (у карты нет особенности Модуль)")
        owner = _player(f"{fld}.owner", entry.get("owner", hc.owner))
        cid = self.g.new_card(card, owner, "attached")
        c = self.g.cards[cid]
        c.host = host
        c.controller = hc.controller
        hc.attached.append(cid)
        self.label(f"{fld}.name", entry.get("name"), cid)

    def alive(self, fld: str, cid: int) -> None:
        left = self.g.lives_left(cid)
        if left <= 0:
            card = self.g.cards[cid].card
            raise _fail(f"{fld}.wounds", f"{card} would have {left} lives left: it would already be dead (CR 503)",
                        f"у {card} осталось бы жизней: {left}, то есть карта уже погибла бы (CR 503); "
                        "уменьшите число ран")

    def player(self, p: int) -> None:
        fld = f"p{p}"
        data = self.data.get(fld)
        if not isinstance(data, dict):
            raise _fail(fld, f"is missing: a table [{fld}] with at least hero = \"…\"",
                        f"не задано: нужна таблица [{fld}], в которой есть хотя бы hero = \"…\"")
        _check_keys(fld, data, PLAYER_KEYS)
        if "hero" not in data:
            raise _fail(f"{fld}.hero", "is missing", "не задано: у каждого игрока должен быть герой")
        pl = self.g.players[p]
        pl.coins = _int(f"{fld}.coins", data.get("coins", 0), 0, 30)
        pl.temp_coins = _int(f"{fld}.temp_coins", data.get("temp_coins", 0), 0, 30)
        pl.tapped_coins = _int(f"{fld}.tapped_coins", data.get("tapped_coins", 0), 0, pl.coins + pl.temp_coins)
        pl.prayers = _int(f"{fld}.prayers", data.get("prayers", 0), 0, 30)
        pl.failed_draws = _int(f"{fld}.failed_draws", data.get("failed_draws", 0), 0, 2)  # CR 304.2: 3 loses
        for i, entry in enumerate(_list(f"{fld}.play", data.get("play", []))):
            self.in_play(f"{fld}.play[{i}]", entry, p)
        not_hero = ("creature", "spell", "support")
        for zone, key in (("hand", "hand"), ("deck", "deck"), ("grave", "grave")):
            for i, entry in enumerate(_list(f"{fld}.{key}", data.get(key, []))):
                cid = self.simple(f"{fld}.{key}[{i}]", entry, p, zone, not_hero)
                getattr(pl, zone).append(cid)

    def build(self) -> Position:
        data = self.data
        if not isinstance(data, dict):
            raise _fail("position", "must be a table", "позиция записывается таблицей")
        _check_keys("", data, POSITION_KEYS)
        g = self.g
        g.seed = _int("seed", data.get("seed", 0), 0, 2**64 - 1)
        g.rng = Rng(g.seed)
        pend = data.get("pending")
        deal = isinstance(pend, dict) and pend.get("kind") == "mulligan"
        g.active = _player("active", data.get("active", 0))
        if deal:
            # CR 301.7: the mulligan comes before the first turn, so there is no turn or active player yet;
            # the game is as HeroesGame.new leaves it (turn 0, active 0) once the order is chosen.
            for key in ("turn", "active"):
                if key in data:
                    raise _fail(key, "a mulligan position stands before the first turn: there is no turn or active "
                                "player yet; first says who will go first",
                                "позиция пересдачи стоит до первого хода: ни номера хода, ни активного игрока ещё "
                                "нет; кто пойдёт первым, задаёт first")
            g.first = _player("first", data.get("first", 0))
            g.turn = 0
        # Turns alternate from turn 1, the first player's (CR 301.4): odd turns belong to the first player.
        elif "turn" in data:
            g.turn = _int("turn", data["turn"], 1, 10000)
            derived = g.active if g.turn % 2 else 1 - g.active
            g.first = _player("first", data.get("first", derived))
            if g.first != derived:
                owner = g.first if g.turn % 2 else 1 - g.first
                raise _fail("turn", f"turn {g.turn} belongs to player {owner} when player {g.first} went first, "
                            f"but active = {g.active}; change turn, first or active",
                            f"если первым ходил игрок {g.first}, то ход {g.turn} — ход игрока {owner}, "
                            f"а в active указан игрок {g.active} (нечётные ходы у того, кто ходил первым); "
                            "поправьте turn, first или active")
        else:
            g.first = _player("first", data.get("first", 0))
            g.turn = 1 if g.active == g.first else 2
        g.phase = "setup" if deal else "main"
        heroes = []
        for p in (0, 1):
            pdata = data.get(f"p{p}")
            if not isinstance(pdata, dict) or "hero" not in pdata:
                raise _fail(f"p{p}.hero", "is missing: every player needs a hero",
                            "не задано: у каждого игрока должен быть герой")
            name = pdata.get("name", f"Игрок {p + 1}")
            if not isinstance(name, str) or not name:
                raise _fail(f"p{p}.name", "must be text", "нужен непустой текст")
            g.players.append(PlayerState(name=name, hero=0))
            heroes.append(self.hero(f"p{p}.hero", pdata["hero"], p))
            g.players[p].hero = heroes[p]
        for p in (0, 1):
            self.player(p)
        for check in self.checks:
            check()
        g.pending = P.MainPhase(player=g.active)
        g._events = []
        g.setup_events = []
        pos = Position(game=g, labels=dict(self.labels))
        problems = zone_problem_pairs(g)
        if problems:
            raise _fail("position", "; ".join(en for en, _ in problems), "; ".join(ru for _, ru in problems))
        if "pending" in data:
            self.pending(pos, data["pending"])
        return pos

    def pending(self, pos: Position, data: Any) -> None:
        """Start in a decision other than the main phase: the mulligan (CR 301.7) or the defender choice
        (CR 509.1)."""
        if not isinstance(data, dict):
            raise _fail("pending", "must be a table like {kind = \"defender\", attacker = \"knight\", target = \"p1hero\"}",
                        "нужна таблица, например {kind = \"defender\", attacker = \"knight\", target = \"p1hero\"}")
        kind = data.get("kind", "main")
        if kind == "main":
            _check_keys("pending", data, {"kind"})
            return
        if kind == "mulligan":
            _check_keys("pending", data, {"kind"})
            self.deal()
            return
        if kind != "defender":
            raise _fail("pending.kind", "must be main, defender or mulligan",
                        "нужно main (основная фаза), defender (выбор защитника) или mulligan (пересдача)")
        _check_keys("pending", data, {"kind", "attacker", "target"})
        try:
            attack = A.Attack(attacker=pos.id(str(data.get("attacker"))), target=pos.id(str(data.get("target"))))
        except RefError as exc:
            raise _fail("pending", exc.en, exc.ru) from None
        g = pos.game
        if attack not in g.legal_actions():
            why = g._why(attack)
            raise _fail("pending", f"{attack} is not a legal attack in this position: {why.en}",
                        f"в этой позиции так атаковать нельзя ({attack}): {why.ru}")
        if not g.defenders_for(attack.attacker, attack.target):
            raise _fail("pending", "nobody can defend against that attack, so there is no defender choice",
                        "от этой атаки некому защищаться, так что выбирать защитника не из кого")
        g.apply(attack)
        g._events = []

    def deal(self) -> None:
        """The mulligan step (CR 301.7): the dealt hands, nothing in play but the heroes and nothing
        gained yet; the first player declares first (CR 301.7.1)."""
        g = self.g
        for p in (0, 1):
            fld = f"p{p}"
            data = self.data[fld]
            hero = data["hero"]
            marks = sorted(set(hero) - {"card", "name"}) if isinstance(hero, dict) else []
            if marks:
                raise _fail(f"{fld}.hero.{marks[0]}", "a hero has no marks before the first turn",
                            "до первого хода на герое ещё не бывает отметок")
            for key in ("coins", "temp_coins", "tapped_coins", "prayers", "failed_draws"):
                if data.get(key, 0):
                    raise _fail(f"{fld}.{key}", "must be 0 before the first turn: coins, prayers and failed draws come "
                                "with the turns (CR 304)",
                                "до первого хода здесь 0: монеты, молитвы и неудачные доборы появляются только "
                                "с ходами (CR 304)")
            if data.get("play"):
                raise _fail(f"{fld}.play", "before the first turn only the heroes are in play (CR 301.3)",
                            "до первого хода в игре только герои (CR 301.3)")
            if data.get("grave"):
                raise _fail(f"{fld}.grave", "the graveyard is empty before the first turn",
                            "до первого хода кладбище пусто")
            pl = g.players[p]
            if len(pl.hand) > HAND_SIZE or (len(pl.hand) < HAND_SIZE and pl.deck):
                raise _fail(f"{fld}.hand", f"the deal is the top {HAND_SIZE} cards of the deck (CR 301.6): "
                            f"{HAND_SIZE} cards, fewer only if the deck ran out; here {len(pl.hand)}",
                            f"раздача — это {HAND_SIZE} верхние карты колоды (CR 301.6): в руке {HAND_SIZE} карты, "
                            f"меньше — только если колода кончилась; а здесь {len(pl.hand)}")
        assert g.first is not None  # set above, whichever way the position gives it
        g.pending = P.DeclareMulligan(player=g.first)


def build_position(pool: CardPool, data: dict[str, Any]) -> Position:
    """A game standing in the position ``data`` describes (schema in docs/scenarios.md)."""
    return _Builder(pool, data).build()


__all__ = ["Position", "RefError", "build_position", "effect_from_data", "effect_to_data",
           "export_position", "zone_problems"]
