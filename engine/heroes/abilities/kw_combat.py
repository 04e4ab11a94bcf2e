"""Keywords of attacks and wounds (CR 7). Most say what they do through the properties and hooks of
:class:`~engine.heroes.abilities.base.Keyword` (must attack, no defenders, strikes first, stays open, extra
wounds, what an attack's strike becomes), which the rules ask at each of those points. Броня, Немёртвый,
Защита от… and Игнорирует… are still read by name where their rule is (changes, legal,
targets)."""

from __future__ import annotations

from typing import Any

from engine.heroes import events as E
from engine.heroes.abilities.base import Keyword, keyword


@keyword
class Frenzy(Keyword):
    name = "frenzy"
    ru = "Бешенство"
    en = "Frenzy"
    reminder_ru = "Пока это существо может атаковать ударом, вы обязаны атаковать им раньше всего прочего."
    reminder_en = "While this creature can strike, you must attack with it before doing anything else."
    rule = "CR 7 Бешенство"
    weight = -0.2
    must_attack = True


@keyword
class Armor(Keyword):
    name = "armor"
    ru = "Броня"
    en = "Armour"
    reminder_ru = "За каждый ход не получает первые {v} ран от ударов и выстрелов."
    reminder_en = "Each turn, ignore the first {v} wounds dealt to it by strikes and shots."
    value = "int"
    rule = "CR 7 Броня X"


@keyword
class Wrath(Keyword):
    name = "wrath"
    ru = "Гнев"
    en = "Wrath"
    reminder_ru = "+1 к удару по существу, которое уже было ранено в этот ход."
    reminder_en = "+1 strike against a creature already wounded this turn."
    rule = "CR 7 Гнев"
    weight = 0.4

    @classmethod
    def attack_change(cls, game: Any, attacker: int, target: int, entry: dict[str, Any]) -> int:
        return 1 if game.is_creature(target) and game.cards[target].wounded_turn == game.turn else 0


@keyword
class Meditation(Keyword):
    name = "meditation"
    ru = "Медитация"
    en = "Meditation"
    reminder_ru = ("Когда эту карту атакуют — ударом, в сражении или выстрелом, — атакующий игрок платит {v} монет; "
                   "за каждую недостающую его герой получает рану. Срабатывает не чаще раза за ход.")
    reminder_en = ("When this card is attacked (by a strike, in a fight or by a shot), the attacking player pays "
                   "{v} coins; their hero takes a wound for each coin they lack. At most once per turn.")
    value = "int"
    rule = "CR 7 Медитация X"
    weight = 0.6

    @classmethod
    def on_attacked(cls, game: Any, target: int, payer: int, entry: dict[str, Any]) -> bool:
        """The payer taps X coins and each missing coin wounds their hero."""
        c = game.cards[target]
        med = int(entry.get("value", 0))
        if not med or c.used.get("kw:meditation"):
            return True  # CR 113.5: a triggered ability, so only the first attack of the turn pays
        c.used["kw:meditation"] = 1
        pl = game.players[payer]
        paid = min(med, pl.open_coins)
        pl.tapped_coins += paid
        if med > paid:
            game.deal(pl.hero, med - paid, source=target, kind="ability")
        game.emit(E.Meditated(card=target, paid=paid, missing=med - paid))
        game.check_state()
        return game._outcome is None


@keyword
class Undead(Keyword):
    name = "undead"
    ru = "Немёртвый"
    en = "Undead"
    reminder_ru = "Получает раны только так: противник в свой ход может закрыть X монет и нанести этой карте X ран."
    reminder_en = "Takes wounds only this way: on their turn the opponent may tap X coins to deal it X wounds."
    rule = "CR 7 Немертвый"
    weight = 2.0


@keyword
class AttackExp(Keyword):
    name = "attack_exp"
    ru = "Опыт в атаке"
    en = "Veteran Attacker"
    reminder_ru = "Не закрывается после атаки ударом."
    reminder_en = "Does not tap after it attacks with a strike."
    rule = "CR 7 Опыт в атаке"
    weight = 0.8
    untapped_after_attack = True


@keyword
class DefenseExp(Keyword):
    name = "defense_exp"
    ru = "Опыт в защите"
    en = "Veteran Defender"
    reminder_ru = "Не закрывается после того, как защищал."
    reminder_en = "Does not tap after it defends."
    rule = "CR 7 Опыт в защите"
    weight = 0.6
    untapped_after_defense = True


@keyword
class NoTapAttack(Keyword):
    name = "no_tap_attack"
    ru = "Не закрывается после атаки"
    en = "Stays Untapped"
    reminder_ru = "Атаковав ударом, остаётся открытым, хотя атака на этот ход использована."
    reminder_en = "After a strike attack it stays untapped, though its attack for the turn is spent."
    rule = "CR 7 Не закрывается после атаки"
    weight = 0.6
    untapped_after_attack = True


@keyword
class FirstStrike(Keyword):
    name = "first_strike"
    ru = "Первый удар"
    en = "First Strike"
    reminder_ru = "В сражении бьёт первым; противник отвечает, только если выжил."
    reminder_en = "In a fight it strikes first; the other creature strikes back only if it survives."
    rule = "CR 7 Первый удар"
    weight = 1.2
    strikes_first = True


@keyword
class Haste(Keyword):
    name = "haste"
    ru = "Рывок"
    en = "Haste"
    reminder_ru = "Может действовать в тот же ход, когда появилась под вашим контролем."
    reminder_en = "Can act on the turn it came under your control."
    rule = "CR 107.5"
    weight = 0.4
    no_weakness = True


@keyword
class Vulnerable(Keyword):
    name = "vulnerable"
    ru = "Уязвимость"
    en = "Vulnerable"
    reminder_ru = "Получает на 1 рану больше от всего, что наносит раны."
    reminder_en = "Takes 1 extra wound from anything that wounds it."
    rule = "CR 7 Уязвимость"
    weight = -0.8
    extra_wounds = 1


@keyword
class Directed(Keyword):
    name = "directed"
    ru = "Направленный удар"
    en = "Directed Strike"
    reminder_ru = "От её атаки ударом нельзя назначить защитника."
    reminder_en = "No defender can be assigned against its strike attacks."
    rule = "CR 7 Направленный удар"
    weight = 1.0
    no_defenders = True


@keyword
class Protection(Keyword):
    name = "protection"
    ru = "Защита от"
    en = "Protection from"
    reminder_ru = "Не получает ран от: {f}."
    reminder_en = "Takes no wounds from: {f}."
    value = "from"
    rule = "CR 515"
    weight = 0.8


@keyword
class Ignore(Keyword):
    name = "ignore"
    ru = "Игнорирует"
    en = "Ignores"
    reminder_ru = "Её атаки и способности не замечают у цели: {f}."
    reminder_en = ("Its attacks and abilities disregard the target's {f}.")
    value = "what"
    rule = "CR 7 Игнорировать"
    weight = 0.4


@keyword
class AttackReduction(Keyword):
    name = "attack_reduction"
    ru = "Ослабление атак"
    en = "Dampening"
    reminder_ru = "Атаки по этой карте слабее на {v}."
    reminder_en = "Attacks against this card are {v} weaker."
    value = "int"
    rule = "CR 7 –X от атаки"
    weight = 0.8

    @classmethod
    def attack_taken(cls, game: Any, target: int, attacker: int, entry: dict[str, Any]) -> int:
        return -int(entry.get("value", 0))


@keyword
class StrikeIs(Keyword):
    name = "strike_is"
    ru = "Сведение удара"
    en = "Fixed Strike"
    reminder_ru = "В атаке её удар всегда равен {v}."
    reminder_en = "Its strike in an attack always counts as {v}."
    value = "int"
    rule = "CR 7 Сведение удара к X"

    @classmethod
    def attack_fixed(cls, game: Any, attacker: int, target: int, entry: dict[str, Any]) -> int | None:
        return int(entry["value"])
