"""Run a snippet of MicroPython on the unix port with the recording fakes first on the path.

CPython-side helper for tests/test_drivers_*.py and friends: the snippet prints one JSON line
per result; `run_mp` returns them decoded. With mpy=True the firmware and core come from the
device's image (mpy-cross compiled, as deploy puts them on a board) and the fakes are
compiled the same way: compiling .py source on the device side takes heap that a
96 KB run cannot spare. MICROPYPATH = .frozen (asyncio lives there), tests/fakes, firmware, shared.
"""

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MICROPYTHON = Path(sys.executable).with_name("micropython")
PATH = os.pathsep.join([".frozen"] + [str(p) for p in (ROOT / "tests" / "fakes", ROOT / "firmware", ROOT / "shared")])


def compiled_path():
    """MICROPYPATH of .mpy copies of tests/fakes, then the device's image (tests/mpy_tree.py)."""
    from mpy_tree import compiled, image_path

    return os.pathsep.join([".frozen", str(compiled(ROOT / "tests" / "fakes"))] + image_path())


def run_mp(code, heap=None, timeout=60, mpy=False):
    """Run `code` under MicroPython; a list of the JSON values it printed, one per line."""
    # In a folder of its own: MicroPython puts the script's folder first on its path, and
    # any other file there named like a firmware module (an app.py in /tmp) would be
    # imported in its place.
    with tempfile.TemporaryDirectory() as folder:
        script = os.path.join(folder, "snippet.py")
        with open(script, "w") as f:
            f.write(code)
        argv = [str(MICROPYTHON)]
        if heap:
            argv += ["-X", "heapsize=" + heap]
        env = dict(os.environ, MICROPYPATH=compiled_path() if mpy else PATH)
        done = subprocess.run(argv + [script], env=env, capture_output=True, text=True,
                              timeout=timeout, cwd=ROOT)
    if done.returncode != 0:
        raise AssertionError("MicroPython failed:\n" + done.stdout + done.stderr)
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
