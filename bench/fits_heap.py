"""The MicroPython heap each FITS conformance scenario needs, and what importing each
FITS core module needs, measured by running `micropython -X heapsize=N`.

The `peak=` that MicroPython's mem_info() prints counts every allocation since start
(freed blocks are not subtracted), so it overstates; these are the heaps actually needed.
Success is not monotonic in N (heap fragmentation while modules compile from source), so
for scenarios this reports the smallest N from which every size up to 100 KB passes,
scanning down from 100 KB.
Usage: .venv/bin/python bench/fits_heap.py
"""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MICROPYTHON = Path(sys.executable).with_name("micropython")
ENV = dict(os.environ, MICROPYPATH=os.pathsep.join([".frozen", str(ROOT / "shared"), str(ROOT / "tests" / "core" / "conformance")]))


def runs(kb, argv):
    proc = subprocess.run([str(MICROPYTHON), "-X", "heapsize=%dk" % kb] + argv, env=ENV, cwd=ROOT,
                          capture_output=True, timeout=60)
    return proc.returncode == 0


def smallest(argv, lo=4, hi=256):
    """Bisection: the smallest heap in KB on which argv succeeds (hi if even hi fails)."""
    if not runs(hi, argv):
        return None
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if runs(mid, argv):
            hi = mid
        else:
            lo = mid
    return hi


def main():
    print("FITS core modules: heap needed to import (source, compiled on the device)")
    for path in sorted((ROOT / "shared" / "boardcore" / "fits").glob("[!_]*.py")):
        name = "boardcore.fits." + path.stem
        print("  %-26s %4s KB" % (name, smallest(["-c", "import " + name])))
    print("FITS conformance scenarios: every heap from N KB up to 100 KB passes (budget 96 KB)")
    for scenario in sorted((ROOT / "tests" / "core" / "conformance" / "fits").glob("*.json")):
        argv = [str(ROOT / "tests" / "core" / "conformance" / "runner.py"), str(scenario)]
        kb = 100
        while kb > 4 and runs(kb - 1, argv):
            kb -= 1
        print("  %-40s %4s KB%s" % (scenario.stem, kb, "" if runs(100, argv) else " (fails at 100 KB!)"))


if __name__ == "__main__":
    main()
