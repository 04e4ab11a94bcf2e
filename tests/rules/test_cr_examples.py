"""Every scenario under tests/scenarios/cr/ — the CR examples (ПРИМЕР), one file each — is played and
every expectation in it holds."""

from __future__ import annotations

import pathlib

import pytest

from tests.helpers import check_invariants, scenario

CR_SCENARIOS = pathlib.Path(__file__).resolve().parents[1] / "scenarios" / "cr"
FILES = sorted([*CR_SCENARIOS.glob("*.toml"), *CR_SCENARIOS.glob("*.json")])


def test_there_are_example_scenarios() -> None:
    assert FILES, f"no scenarios in {CR_SCENARIOS}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_cr_example_scenario(path: pathlib.Path) -> None:
    result = scenario(path)
    assert result.failures == [], "\n".join(result.failures)
    assert result.checked >= 2, "an example scenario must check its conclusion"
    check_invariants(result.game)
