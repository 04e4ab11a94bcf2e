"""What changed between two views, as data: the server sends a player the change from the view they have
(a move changes a few cards of the eighty on the table), the client applies it to get the new view.

A patch is one of:

- ``{"=": value}`` — the value, whole;
- ``{"{": {key: patch}, "-": [keys]}`` — an object with some keys changed or added, and some removed;
- ``{"[": {"<id>": patch}, "o": [ids]}`` — a list of objects each with a unique whole-number ``"id"`` (the
  cards of a state): the items changed or added, by id, and ``"o"`` the ids in their new order when the
  order or the set of ids changed (an id no longer in it was removed).

``apply(old, diff(old, new)) == new`` for any JSON values; ``diff`` is None when nothing changed. Neither
changes its arguments; ``apply`` shares the parts that did not change with ``old``.
"""

from __future__ import annotations

from typing import Any


def _keyed(items: Any) -> dict[int, Any] | None:
    """A list of objects by their unique whole-number ids, or None when it is no such list."""
    if not isinstance(items, list) or not items:
        return None
    out: dict[int, Any] = {}
    for x in items:
        if not isinstance(x, dict):
            return None
        i = x.get("id")
        if not isinstance(i, int) or isinstance(i, bool) or i in out:
            return None
        out[i] = x
    return out


def diff(old: Any, new: Any) -> dict[str, Any] | None:
    """The patch from ``old`` to ``new`` (None when they are equal)."""
    if old is new or (type(old) is type(new) and old == new):
        return None
    if type(old) is dict and type(new) is dict:
        changed: dict[str, Any] = {}
        for k, v in new.items():
            if k in old:
                o = old[k]
                if o is v or (type(o) is type(v) and o == v):
                    continue
                d = diff(o, v)
                if d is not None:
                    changed[k] = d
            else:
                changed[k] = {"=": v}
        out: dict[str, Any] = {"{": changed}
        removed = [k for k in old if k not in new]
        if removed:
            out["-"] = removed
        return out
    if type(old) is list and type(new) is list and old and new:
        same = _same_ids(old, new)
        if same:  # the usual change of a state's cards: the same cards in the same order, a few of them changed
            items: dict[str, Any] = {}
            for a, b in zip(old, new, strict=True):
                if a is not b and a != b:
                    items[str(b["id"])] = diff(a, b)
            return {"[": items}
        before, after = _keyed(old), _keyed(new)
        if before is not None and after is not None:
            items = {}
            for i, x in after.items():
                if i in before:
                    d = diff(before[i], x)
                    if d is not None:
                        items[str(i)] = d
                else:
                    items[str(i)] = {"=": x}
            return {"[": items, "o": list(after)}
    return {"=": new}


def _same_ids(old: list[Any], new: list[Any]) -> bool:
    """Two lists of objects with the same unique whole-number ids in the same order."""
    if len(old) != len(new) or type(old[0]) is not dict or type(new[0]) is not dict:
        return False
    ids = []
    for a, b in zip(old, new, strict=True):
        if type(a) is not dict or type(b) is not dict:
            return False
        i = a.get("id")
        if type(i) is not int or b.get("id") != i or type(b.get("id")) is not int:
            return False
        ids.append(i)
    return len(set(ids)) == len(ids)


class PatchError(ValueError):
    """A patch that does not fit the value it is applied to."""


def apply(old: Any, patch: Any) -> Any:
    """``old`` changed by ``patch`` (a new value; ``old`` is left as it was)."""
    if patch is None:
        return old
    if not isinstance(patch, dict):
        raise PatchError("a patch is an object")
    if "=" in patch:
        return patch["="]
    if "{" in patch:
        if not isinstance(old, dict) or not isinstance(patch["{"], dict):
            raise PatchError("an object patch on a value that is no object")
        out = dict(old)
        for k in patch.get("-", ()):
            out.pop(k, None)
        for k, p in patch["{"].items():
            out[k] = apply(old.get(k), p)
        return out
    if "[" in patch:
        before = _keyed(old) if old else {}
        if before is None or not isinstance(patch["["], dict):
            raise PatchError("a list patch on a value that is no list of objects with ids")
        items = dict(before)
        for key, p in patch["["].items():
            i = int(key)
            items[i] = apply(items.get(i), p)
        order = patch.get("o", list(before))
        try:
            return [items[i] for i in order]
        except (KeyError, TypeError):
            raise PatchError("a list patch names an item it does not give") from None
    raise PatchError("an unknown kind of patch")
