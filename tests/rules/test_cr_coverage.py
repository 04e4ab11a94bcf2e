"""Every numbered rule of CR parts 1-6 and every CR example is accounted for.

The index files in tests/rules/index/ list each rule as ``test`` (some test or scenario cites it
as ``CR <number>``) or ``no_play`` (it does not govern play, with the reason), and each example
(ПРИМЕР, named ``<rule>/<n>``) as ``scenario`` (a scenario file that the suite plays) or
``not_expressible`` (why the engine's abilities cannot state it).
"""

from __future__ import annotations

import pathlib
import re
import tomllib
import warnings

ROOT = pathlib.Path(__file__).resolve().parents[2]
# While the index is being filled in, "todo" entries are reported, not failed. Set to True once
# every entry has a status; from then on a missing entry fails the suite.
COMPLETE = True
INDEX = pathlib.Path(__file__).resolve().parent / "index"
CR = ROOT.parent / "shared" / "rules" / "heroes-comprehensive-rules-6th-edition.txt"


def load_index() -> tuple[dict[str, dict], dict[str, dict]]:
    rules: dict[str, dict] = {}
    examples: dict[str, dict] = {}
    for path in sorted(INDEX.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for num, entry in data.get("rule", {}).items():
            assert num not in rules, f"rule {num} listed twice"
            rules[num] = entry
        for eid, entry in data.get("example", {}).items():
            assert eid not in examples, f"example {eid} listed twice"
            examples[eid] = entry
    return rules, examples


def cited_numbers() -> set[str]:
    text = []
    for path in list((ROOT / "tests").rglob("*.py")) + list((ROOT / "tests" / "scenarios").rglob("*.toml")) \
            + list((ROOT / "tests" / "scenarios").rglob("*.json")):
        if path.name != "test_cr_coverage.py":
            text.append(path.read_text(encoding="utf-8"))
    found = set()
    for m in re.finditer(r"CR (\d{3}(?:\.\d+){1,2})(?![\d.]*\d)", "\n".join(text)):
        found.add(m.group(1))
    return found


def test_every_rule_is_tested_or_explained() -> None:
    rules, _ = load_index()
    cited = cited_numbers()
    missing, bad, todo = [], [], []
    for num, entry in rules.items():
        status = entry.get("status")
        if status == "todo" and not COMPLETE:
            todo.append(num)
        elif status == "test":
            if num not in cited:
                missing.append(num)
        elif status == "no_play":
            if len(entry.get("why", "")) < 10:
                bad.append(num)
        else:
            bad.append(num)
    if todo:
        warnings.warn(f"{len(todo)} CR rules still todo: {todo}", stacklevel=1)
    assert not bad, f"rules without a status (test / no_play with why): {bad}"
    assert not missing, f"rules marked test but no test cites 'CR <number>': {missing}"


def test_every_example_is_a_scenario_or_explained() -> None:
    _, examples = load_index()
    bad, todo = [], []
    for eid, entry in examples.items():
        status = entry.get("status")
        if status == "todo" and not COMPLETE:
            todo.append(eid)
        elif status == "scenario":
            path = ROOT / "tests" / "scenarios" / entry.get("path", "")
            if not entry.get("path") or not path.is_file():
                bad.append(f"{eid}: no scenario file {entry.get('path')!r}")
        elif status == "not_expressible":
            if len(entry.get("why", "")) < 10:
                bad.append(f"{eid}: no reason")
        else:
            bad.append(f"{eid}: status {status!r}")
    if todo:
        warnings.warn(f"{len(todo)} CR examples still todo: {todo}", stacklevel=1)
    assert not bad, bad


def test_index_lists_every_rule_of_the_cr() -> None:
    # The CR text sits beside the repository in the team's workspace; a plain clone may not have it.
    rules, examples = load_index()
    if not CR.is_file():
        assert len(rules) >= 280 and len(examples) >= 67
        return
    lines = CR.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Часть 1.") and i > 90)
    end = next(i for i, line in enumerate(lines) if line.startswith("Часть 7.") and i > start)
    numbers, current, count, ex_ids = set(), None, {}, set()
    for line in lines[start:end]:
        m = re.match(r"^(\d{3}\.\d+(?:\.\d+)?)\.?\s", line)
        if m:
            current = m.group(1)
            numbers.add(current)
        elif line.startswith("ПРИМЕР") and current:
            count[current] = count.get(current, 0) + 1
            ex_ids.add(f"{current}/{count[current]}")
    assert numbers <= set(rules), sorted(numbers - set(rules))
    assert ex_ids <= set(examples), sorted(ex_ids - set(examples))


def test_every_keyword_has_a_scenario_test() -> None:
    data = tomllib.loads((INDEX / "keywords.toml").read_text(encoding="utf-8"))
    bad = []
    for name, entry in data["keyword"].items():
        ref = entry.get("test", "")
        if entry.get("status") != "test" or "::" not in ref:
            bad.append(f"{name}: {entry}")
            continue
        file, func = ref.split("::", 1)
        path = ROOT / "tests" / file
        if not path.is_file() or not re.search(rf"^def {re.escape(func)}\(", path.read_text(encoding="utf-8"), re.M):
            bad.append(f"{name}: {ref} not found")
    assert not bad, bad
