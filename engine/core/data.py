"""Helpers for the plain JSON-like data that states are made of."""

from __future__ import annotations

from typing import Any

_SCALARS = frozenset((str, int, float, bool, type(None)))


def json_copy(x: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, tuples as lists, scalars); much faster than copy.deepcopy.

    Scalars are kept without a call per value (most of a state is numbers and words): the computer's
    look-ahead copies a whole state for each deal it tries."""
    t = type(x)
    if t is dict:
        return {k: v if type(v) in _SCALARS else json_copy(v) for k, v in x.items()}
    if t is list or t is tuple:
        return [v if type(v) in _SCALARS else json_copy(v) for v in x]
    if isinstance(x, dict):
        return {k: json_copy(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [json_copy(v) for v in x]
    return x
