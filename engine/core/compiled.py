"""What the sources tell mypyc, which compiles the rules of both games (COMPILED in tools/compile_rules.py).

``mypyc_attr`` marks a class, e.g. to let classes that stay Python subclass a compiled one. It comes from
mypy_extensions, which comes with mypy (what compiles the rules); plain Python has no use for the marks, so without that
package they do nothing. (mypyc reads the decorator by its name in mypy_extensions, so it must be this one.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

_C = TypeVar("_C")

try:
    from mypy_extensions import mypyc_attr
except ImportError:
    def mypyc_attr(*_flags: str, **_settings: object) -> Callable[[_C], _C]:
        return lambda cls: cls

__all__ = ["mypyc_attr"]
