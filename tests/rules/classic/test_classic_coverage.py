"""Every numbered rule of the classic 2007 text, every rule-stating section of the 2022 starter rules (its
glossary too) and every example (ПРИМЕР) of the 2007 text is accounted for.

The index files beside this one (``index_2007.toml``, ``index_2022.toml``) give each rule a status:

- ``test``: some test or scenario cites it — ``2007 x.y`` (lists and ranges such as ``2007 5.1–5.6`` or
  ``2007 4.8 / 4.17`` count), or ``2022 «Title»`` (every «…» on a line that says 2022, e.g.
  ``2022 glossary «Броня X»``; an entry may name the shorter titles it is cited by in ``aliases``);
- ``no_play`` (``why``): it does not govern play;
- ``not_implemented`` (``why`` and ``by``: the issue or part that would do it);
- ``decision`` (``why`` and ``see``: a passage of docs/classic-rules.md, where the engine decides on
  purpose).

Each example is ``scenario`` (``path`` under tests/scenarios, played here) or ``not_expressible`` (``why``:
what the engine lacks to state it).
"""

from __future__ import annotations

import pathlib
import re
import tomllib

import pytest

from engine.content import load_scenario
from engine.scenario import play

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[2]
RULES = ROOT.parent / "shared" / "rules"
TEXT_2007 = RULES / "classic-comprehensive-rules-2007.txt"
TEXT_2022 = RULES / "classic-starter-rules-2022.txt"
DOC = ROOT / "docs" / "classic-rules.md"
EXAMPLES = sorted((ROOT / "tests" / "scenarios" / "classic" / "examples").glob("*.toml"))
STATUSES = {"test", "no_play", "not_implemented", "decision"}


def norm(title: str) -> str:
    """One spelling of a title: plain spaces, Latin X for the Cyrillic Х, no empty «( )» of a lost icon."""
    title = re.sub(r"\bХ\b", "X", title.replace("\xa0", " ")).replace("−", "-").replace("–", "-")
    title = re.sub(r"\(\s*\)", "", title)
    return re.sub(r"\s+", " ", title).strip(" :")


def load(name: str) -> dict:
    return tomllib.loads((HERE / name).read_text(encoding="utf-8"))


# ---------------------------------------------------------------------------------------------- citations
def _sources() -> str:
    paths = [p for p in (ROOT / "tests").rglob("*.py") if p.parent != HERE or p.name != "test_classic_coverage.py"]
    paths += list((ROOT / "tests" / "scenarios").rglob("*.toml"))
    return "\n".join(p.read_text(encoding="utf-8") for p in paths)


NUM = r"\d+(?:\.\d+)+[а-я]?"
CHAIN_2007 = re.compile(rf"2007 ({NUM}(?:\s*(?:,|/|–|-|and|и)\s*{NUM})*)")


def _expand(chain: str) -> set[str]:
    out: set[str] = set()
    parts = re.split(r"\s*(,|/|–|-|and|и)\s*", chain)
    prev = None
    for i in range(0, len(parts), 2):
        num = re.sub(r"[а-я]$", "", parts[i])
        if prev is not None and parts[i - 1] in ("–", "-"):
            head_a, last_a = prev.rsplit(".", 1)
            head_b, last_b = num.rsplit(".", 1)
            if head_a == head_b:
                out |= {f"{head_a}.{k}" for k in range(int(last_a), int(last_b) + 1)}
        out.add(num)
        prev = num
    return out


def cited_2007(text: str) -> set[str]:
    found: set[str] = set()
    for m in CHAIN_2007.finditer(text):
        found |= _expand(m.group(1))
    return found


def cited_2022(text: str) -> set[str]:
    """Every «…» of a line — or of a block of comment lines — that says 2022."""
    blocks: list[str] = []
    comment = False
    for line in text.splitlines():
        is_comment = line.lstrip().startswith("#")
        if is_comment and comment:
            blocks[-1] += " " + line.lstrip().lstrip("#")  # a title may run on to the next comment line
        else:
            blocks.append(line)
        comment = is_comment
    found = set()
    for block in blocks:
        if "2022" in block:
            found |= {norm(t) for t in re.findall(r"«([^»]+)»", block)}
    return found


def test_the_citation_forms_are_read() -> None:
    assert cited_2007("# 2007 5.1–5.6 and 2007 4.8 / 4.17, 2007 1.5.2г–е") >= {
        "5.1", "5.3", "5.6", "4.8", "4.17", "1.5.2"}
    assert cited_2022("# 2022 glossary «Броня Х» and\n# «Опыт в\xa0атаке ( )»\nx = 1  # «Орда»") == {"Броня X", "Опыт в атаке"}


# ---------------------------------------------------------------------------------------------- statuses
def _check_status(key: str, entry: dict, cited: bool) -> str | None:
    status = entry.get("status")
    if status not in STATUSES:
        return f"{key}: status {status!r} (one of {sorted(STATUSES)})"
    if status == "test":
        return None if cited else f"{key}: marked test, but no test or scenario cites it"
    if status == "not_implemented" and cited:
        return f"{key}: marked not_implemented, but a test or scenario cites it: mark it test"
    if len(entry.get("why", "")) < 10:
        return f"{key}: {status} without a reason (why)"
    if status == "not_implemented" and not entry.get("by"):
        return f"{key}: not_implemented without who would do it (by)"
    if status == "decision":
        see = entry.get("see", "")
        if not see or see not in DOC.read_text(encoding="utf-8"):
            return f"{key}: decision whose passage {see!r} is not in docs/classic-rules.md"
    return None


def test_every_2007_rule_is_tested_or_explained() -> None:
    rules = load("index_2007.toml")["rule"]
    cited = cited_2007(_sources())
    bad = [m for num, e in rules.items() if (m := _check_status(f"2007 {num}", e, num in cited))]
    assert not bad, "\n".join(bad)


def test_every_2022_section_is_tested_or_explained() -> None:
    index = load("index_2022.toml")
    cited = cited_2022(_sources())
    bad = []
    for table in ("section", "glossary"):
        for title, e in index[table].items():
            names = {norm(title), *(norm(a) for a in e.get("aliases", []))}
            if m := _check_status(f"2022 «{title}»", e, bool(names & cited)):
                bad.append(m)
    assert not bad, "\n".join(bad)


# ---------------------------------------------------------------------------------------------- the texts
def _lines_2007() -> list[str]:
    return TEXT_2007.read_text(encoding="utf-8").splitlines()


def test_the_index_lists_every_rule_and_example_of_the_2007_text() -> None:
    index = load("index_2007.toml")
    # The texts sit beside the repository in the team's workspace; a plain clone may not have them.
    if not TEXT_2007.is_file():
        assert len(index["rule"]) >= 119 and len(index["example"]) == 7
        return
    numbers, examples, current, count = set(), set(), None, {}
    for line in _lines_2007():
        m = re.match(r"^(\d+(?:\.\d+)+)\.?\s", line)
        if m:
            current = m.group(1)
            numbers.add(current)
        elif line.startswith(".1. Кампания"):  # the text lost the 8 of 8.1
            current = "8.1"
            numbers.add(current)
        elif line.startswith("ПРИМЕР") and current:
            count[current] = count.get(current, 0) + 1
            examples.add(f"{current}/{count[current]}")
    assert len(numbers) >= 115 and len(examples) == 7
    assert numbers == set(index["rule"]), (sorted(numbers - set(index["rule"])), sorted(set(index["rule"]) - numbers))
    assert examples == set(index["example"]), sorted(examples ^ set(index["example"]))


def _headings_2022() -> tuple[set[str], set[str]]:
    """The section titles before the glossary and the glossary's entries, as the text prints them."""
    lines = [line.replace("\xa0", " ").strip() for line in TEXT_2022.read_text(encoding="utf-8").splitlines()]
    g = lines.index("ГЛОССАРИЙ")
    sections = set()
    squads = (lines.index("Первая партия"), lines.index("Вскрытие карт и начало боя"))
    for i, s in enumerate(lines[:g]):
        if squads[0] < i < squads[1]:
            continue  # the ready squads of the first battle: card names, not sections
        prev = lines[i - 1] if i else ""
        nxt = next((x for x in lines[i + 1:] if x), "")
        # a short line on its own, after a finished sentence, before a new one
        if (s and len(s) < 70 and re.match(r"^(\d\. )?[А-ЯЁ]", s) and not re.search(r"[.,;:\-—(]$", s)
                and (prev == "" or re.search(r"[.!:)»]$", prev)) and re.match(r"^[А-ЯЁ«(•\d]", nxt)):
            sections.add(norm(re.sub(r"^\d\. ", "", s)))
    entries = set()
    for line in lines[g + 1:]:
        m = re.match(r"^([+−\-]?[А-ЯЁX][^:]{1,60}?)(?: \([^)]*\))?: ", line)
        if m:
            entries.add(norm(m.group(1)))
    return sections, entries


def test_the_index_lists_every_section_and_glossary_entry_of_the_2022_text() -> None:
    index = load("index_2022.toml")
    if not TEXT_2022.is_file():
        assert len(index["section"]) >= 39 and len(index["glossary"]) >= 64
        return
    sections, entries = _headings_2022()
    listed = {norm(t) for t in index["section"]}
    ignored = {norm(t) for t in index["not_a_section"]["lines"]}
    text = " ".join(TEXT_2022.read_text(encoding="utf-8").replace("\xa0", " ").split())
    # every section the index names is printed in the text, and every heading the text prints is listed
    assert not [t for t in index["section"] if norm(t) not in norm(text)], "titles not in the 2022 text"
    assert sections - listed - ignored == set(), sorted(sections - listed - ignored)
    glossary = {norm(t) for t in index["glossary"]}
    not_entries = {norm(t) for t in index["not_a_section"]["glossary_lines"]}
    assert entries - glossary - not_entries == set(), sorted(entries - glossary - not_entries)
    assert glossary - entries == set(), sorted(glossary - entries)


# ---------------------------------------------------------------------------------------------- examples
def test_every_example_is_a_scenario_or_explained() -> None:
    bad = []
    for eid, e in load("index_2007.toml")["example"].items():
        status = e.get("status")
        if status == "scenario":
            path = ROOT / "tests" / "scenarios" / e.get("path", "")
            if not e.get("path") or not path.is_file():
                bad.append(f"{eid}: no scenario file {e.get('path')!r}")
            elif f"ПРИМЕР {eid}" not in path.read_text(encoding="utf-8"):
                bad.append(f"{eid}: {e['path']} does not name the example (ПРИМЕР {eid})")
        elif status == "not_expressible":
            if len(e.get("why", "")) < 10:
                bad.append(f"{eid}: not_expressible without a reason")
        else:
            bad.append(f"{eid}: status {status!r}")
    assert not bad, bad


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_each_example_scenario_holds(path: pathlib.Path) -> None:
    assert path.read_text(encoding="utf-8").startswith("# 2007 "), "the first line cites the rule"
    result = play(load_scenario(path), lang="en")
    assert result.ok, "\n".join(result.failures)
    assert result.checked >= 2
