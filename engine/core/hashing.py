"""Stable hashes of JSON-compatible data."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def stable_hash(data: Any) -> str:
    """sha256 of the canonical JSON form: equal data, equal hash, on any machine."""
    return hashlib.sha256(canonical_json(data).encode("utf-8")).hexdigest()
