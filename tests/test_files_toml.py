"""Strict TOML (engine/core/stricttoml.py): card, deck and scenario files nested 500 or 1000 deep, with
endless dotted keys or 64-bit-plus numbers are refused with a reason, never a RecursionError."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.content import BUILTIN_CARDS
from engine.core import stricttoml
from engine.core.errors import CardDataError
from engine.heroes.carddef import parse_toml

DEEP = stricttoml.MAX_DEPTH + 1


def nested(kind: str, n: int) -> str:
    """A TOML text nesting ``n`` levels in one of the ways TOML allows."""
    return {
        "arrays": "a = " + "[" * n + "]" * n,
        "inline": "a = " + "{b = " * n + "1" + "}" * n,
        "dotted": "a" + ".a" * n + " = 1",
        "quoted": '"a"' + '."a"' * n + " = 1",
        "header": "[" + ".".join(["a"] * (n + 1)) + "]\nx = 1",
        "spaced": "a" + " . a" * n + " = 1",
    }[kind]


KINDS = ("arrays", "inline", "dotted", "quoted", "header", "spaced")


@pytest.mark.parametrize("n", [DEEP, 500, 1000, 100_000])
@pytest.mark.parametrize("kind", KINDS)
def test_deep_toml_is_refused_with_a_reason(kind: str, n: int):
    with pytest.raises(stricttoml.TomlRejected) as err:
        stricttoml.parse(nested(kind, n))
    assert f"{stricttoml.MAX_DEPTH} levels" in err.value.reason("en") and "уровней" in err.value.reason("ru")


@pytest.mark.parametrize("kind", KINDS)
def test_nesting_up_to_the_limit_is_read(kind: str):
    assert stricttoml.parse(nested(kind, stricttoml.MAX_DEPTH - 1))


def test_nesting_built_by_headers_and_dotted_keys_together_is_bounded():
    half = stricttoml.MAX_DEPTH // 2 + 1
    text = "[" + ".".join(["t"] * half) + "]\n" + ".".join(["k"] * half) + " = [[1]]"
    with pytest.raises(stricttoml.TomlRejected, match="levels"):
        stricttoml.parse(text)


def test_brackets_and_dots_inside_strings_and_comments_are_text():
    many = "[" * 100 + "{" * 100
    text = (f'a = "{many}"\nb = """\n{many}\n"""\nc = \'\'\'{many}\'\'\'\nd = \'{many}\'\n# {many}\n'
            f'e = "{".".join("x" * 100)}"\nf = """"quoted""""\n')
    data = stricttoml.parse(text)
    assert data["a"] == many and data["c"] == many and data["f"] == '"quoted"'


def test_numbers_past_64_bits_are_refused():
    assert stricttoml.parse(f"a = {2**64 - 1}\nb = {-(2**63)}") == {"a": 2**64 - 1, "b": -(2**63)}  # seeds
    with pytest.raises(stricttoml.TomlRejected, match="64 bits"):
        stricttoml.parse(f"a = [{2**64}]")
    with pytest.raises(stricttoml.TomlRejected, match="64 bits"):
        stricttoml.parse(f"a = {-(2**63) - 1}")
    with pytest.raises(stricttoml.TomlRejected):
        stricttoml.parse("a = " + "9" * 5000)  # past Python's own digit limit: a ValueError inside tomllib


def test_card_file_errors_name_the_file():
    with pytest.raises(CardDataError) as err:
        parse_toml(nested("arrays", 1000), "deep.toml")
    assert err.value.reason("en").startswith("file deep.toml: nested more than")
    assert err.value.reason("ru").startswith("файл deep.toml: вложенность больше")
    with pytest.raises(CardDataError, match="not valid TOML"):
        parse_toml("[[card]\nid = ", "bad.toml")


def test_the_built_in_card_files_are_strict_toml():
    for path in BUILTIN_CARDS.glob("*.toml"):
        assert stricttoml.parse(path.read_text(encoding="utf-8"))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='[]{}.="\'#\\ \nab1_-,', max_size=300))
def test_any_text_is_read_or_refused_with_a_reason(text: str):
    try:
        stricttoml.parse(text)
    except stricttoml.TomlRejected as exc:
        assert exc.reason("ru") and exc.reason("en")

