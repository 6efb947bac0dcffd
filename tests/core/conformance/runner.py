"""Run one conformance scenario through the rules core and print the result as JSON.

Runs unchanged under CPython and MicroPython (tests/core/test_conformance.py drives both):
    micropython runner.py SCENARIO.json      (MICROPYPATH=shared:tests/conformance)
    python runner.py SCENARIO.json           (PYTHONPATH=shared:tests/conformance)

A scenario file is JSON with at least {"game": NAME, "expect": {...}}; the module
scenario_NAME.py next to this file turns the rest of the file into a result dict,
which the test compares with "expect". The last line printed on MicroPython is the
interpreter's own memory report, from which the test reads the peak heap.
"""

import json
import sys


def main(path):
    with open(path) as f:
        scenario = json.load(f)
    module = __import__("scenario_" + scenario["game"])
    result = module.run(scenario)
    print("RESULT " + json.dumps(result))
    if sys.implementation.name == "micropython":
        import micropython

        micropython.mem_info()


main(sys.argv[1])
