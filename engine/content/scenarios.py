"""Scenario files and the base pools they name: a ``.toml`` or ``.json`` file read (a regular file of at
most ``MAX_FILE`` bytes, strictly parsed) and handed to the pure :func:`engine.scenario.parse_scenario`."""

from __future__ import annotations

import functools
import pathlib
from typing import Any

from engine.content.cards import TEST_CARDS, load_classic_cards, load_pool
from engine.content.userfile import FileRefused, read_text
from engine.core import strictjson
from engine.core.errors import CardDataError
from engine.heroes.carddef import parse_toml
from engine.heroes.pool import CardPool
from engine.heroes.scenario import scenario_pool
from engine.scenario import ScenarioError, parse_scenario

MAX_FILE = 1 << 20  # 1 MiB: a scenario is a page of text


@functools.lru_cache(maxsize=4)
def _loaded(kind: str) -> CardPool:
    return load_pool([TEST_CARDS] if kind == "test" else [])


def base_pool(kind: str, ruleset: str = "heroes") -> Any:
    """A scenario's base cards: for «Герои» the built-in pool, plus ``tests/data`` for ``pool = "test"``
    (as the rules tests load it); for classic the test cards of ``tests/classic_data`` (``cards = "test"``),
    the built-in classic pool (``"builtin"``) or none (``"none"``)."""
    if ruleset == "classic":
        return load_classic_cards(kind)
    return _loaded(kind)


def pool_for(kind: str, inline: list[dict[str, Any]] | None = None, file: str = "") -> CardPool:
    """A fresh pool for a position: a base pool plus inline ``[[card]]`` tables (the scenario's own)."""
    return scenario_pool(kind, list(inline or []), file, pools=base_pool)


def scenario_from_data(data: dict[str, Any], file: str = "") -> Any:
    """A scenario dict (from TOML or JSON) validated against the built-in or test pool it names."""
    return parse_scenario(data, file, pools=base_pool)


def load_scenario(path: str | pathlib.Path) -> Any:
    """Read a ``.toml`` or ``.json`` scenario file (a regular file of at most MAX_FILE bytes, strictly parsed)."""
    path = pathlib.Path(path)
    try:
        text = read_text(path, MAX_FILE)
        if path.suffix.lower() == ".json":
            data = strictjson.parse(text)
        else:
            data = parse_toml(text, str(path))
    except (FileRefused, strictjson.JsonRejected) as exc:
        raise ScenarioError.from_data_error(CardDataError(exc.en, ru=exc.ru, file=str(path))) from None
    except CardDataError as exc:
        raise ScenarioError.from_data_error(exc) from None
    return scenario_from_data(data, str(path))
