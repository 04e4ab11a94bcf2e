"""Helpers for the plain JSON-like data that states are made of."""

from __future__ import annotations

from typing import Any


def json_copy(x: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, tuples as lists, scalars); much faster than copy.deepcopy."""
    if isinstance(x, dict):
        return {k: json_copy(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [json_copy(v) for v in x]
    return x
