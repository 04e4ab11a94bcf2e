"""engine/core/fields.py: one field validator for the tables players write. Every refusal names
the file, the card and the field, in Russian and English."""

from __future__ import annotations

import pytest

from engine.classic.cards import parse_cards
from engine.core.errors import CardDataError
from engine.core.fields import Fields


def refusal(call) -> CardDataError:
    with pytest.raises(CardDataError) as info:
        call()
    return info.value


def test_each_reader_takes_good_values_and_defaults() -> None:
    f = Fields({"n": 3, "ok": True, "s": "x", "c": "b", "name": {"ru": "Я", "en": "I"}}, file="f.toml", card="k")
    assert f.whole("n", low=1, high=3) == 3 and f.whole("m", default=7) == 7
    assert f.flag("ok") is True and f.text("s") == "x" and f.choice("c", ("a", "b")) == "b"
    assert f.names() == {"ru": "Я", "en": "I"}
    f.only({"n", "ok", "s", "c", "name"})


@pytest.mark.parametrize(("call", "field", "en", "ru"), [
    (lambda f: f.whole("n", low=0, high=2), "n", "whole number 0–2", "целое число 0–2"),
    (lambda f: f.whole("b", low=0), "b", "at least 0", "не меньше 0"),  # true is not a number
    (lambda f: f.flag("n"), "n", "true or false", "true или false"),
    (lambda f: f.text("e"), "e", "non-empty text", "непустой текст"),
    (lambda f: f.choice("s", ("a", "b")), "s", "one of a, b", "одно из: a, b"),
    (lambda f: f.names("s"), "s", "{ru =", "{ru ="),
    (lambda f: f.whole("missing"), "missing", "missing", "не указано"),
    (lambda f: f.only({"n"}), "b", "unknown field", "неизвестное поле"),
])
def test_each_refusal_names_file_card_and_field_in_both_languages(call, field, en, ru) -> None:
    f = Fields({"n": 5, "b": True, "e": "", "s": "z"}, file="f.toml", card="c_x", prefix="creature[1].")
    exc = refusal(lambda: call(f))
    assert (exc.file, exc.card, exc.field) == ("f.toml", "c_x", "creature[1]." + field)
    assert en in exc.reason("en") and ru in exc.reason("ru") and "f.toml" in exc.reason("ru")


def test_classic_cards_are_read_through_it() -> None:
    table = {"id": "c_x", "name": {"ru": "Икс", "en": "Ex"}, "cost": 1, "lives": 0, "movement": 1, "strike": "1-1-1"}
    exc = refusal(lambda: parse_cards({"card": [table]}, "cards.toml"))
    assert (exc.file, exc.card, exc.field) == ("cards.toml", "c_x", "lives")
    assert "at least 1" in exc.reason("en") and "не меньше 1" in exc.reason("ru")
