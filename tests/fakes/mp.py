"""Run a snippet of MicroPython on the unix port with the recording fakes first on the path.

CPython-side helper for tests/test_drivers_*.py and friends: the snippet prints one JSON line
per result; `run_mp` returns them decoded. MICROPYPATH = .frozen (asyncio lives there), tests/fakes, firmware, shared.
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


def run_mp(code, heap=None, timeout=60):
    """Run `code` under MicroPython; a list of the JSON values it printed, one per line."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(code)
        script = f.name
    try:
        argv = [str(MICROPYTHON)]
        if heap:
            argv += ["-X", "heapsize=" + heap]
        env = dict(os.environ, MICROPYPATH=PATH)
        done = subprocess.run(argv + [script], env=env, capture_output=True, text=True,
                              timeout=timeout, cwd=ROOT)
    finally:
        os.unlink(script)
    if done.returncode != 0:
        raise AssertionError("MicroPython failed:\n" + done.stdout + done.stderr)
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
