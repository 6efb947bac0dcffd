"""Run a snippet of MicroPython on the unix port with the recording fakes first on the path.

CPython-side helper for tests/test_drivers_*.py and friends: the snippet prints one JSON line
per result; `run_mp` returns them decoded. With mpy=True the modules are first compiled by
mpy-cross, as deploy does for a board: compiling .py source on the device side takes heap that a
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


MPY_CROSS = Path(sys.executable).with_name("mpy-cross")
_compiled = []


def compiled_path():
    """MICROPYPATH of .mpy copies of tests/fakes, firmware and shared/boardcore, kept in
    build/mpy-test and recompiled only where the source is newer (mpy-cross per file is slow)."""
    if not _compiled:
        out = ROOT / "build" / "mpy-test"
        sources = [(ROOT / "tests" / "fakes", out), (ROOT / "firmware", out),
                   (ROOT / "firmware" / "drivers", out / "drivers"),
                   (ROOT / "shared" / "boardcore", out / "boardcore")]
        wanted = set()
        for src, dst in sources:
            dst.mkdir(parents=True, exist_ok=True)
            for py in sorted(src.glob("*.py")):
                if py.name == "mp.py":
                    continue
                mpy = dst / (py.stem + ".mpy")
                wanted.add(mpy)
                if not mpy.exists() or mpy.stat().st_mtime < py.stat().st_mtime:
                    subprocess.run([str(MPY_CROSS), "-o", str(mpy), str(py)], check=True, capture_output=True)
        for old in out.rglob("*.mpy"):
            if old not in wanted:
                old.unlink()  # its source is gone: do not let a stale module import
        _compiled.append(os.pathsep.join([".frozen", str(out)]))
    return _compiled[0]


def run_mp(code, heap=None, timeout=60, mpy=False):
    """Run `code` under MicroPython; a list of the JSON values it printed, one per line."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(code)
        script = f.name
    try:
        argv = [str(MICROPYTHON)]
        if heap:
            argv += ["-X", "heapsize=" + heap]
        env = dict(os.environ, MICROPYPATH=compiled_path() if mpy else PATH)
        done = subprocess.run(argv + [script], env=env, capture_output=True, text=True,
                              timeout=timeout, cwd=ROOT)
    finally:
        os.unlink(script)
    if done.returncode != 0:
        raise AssertionError("MicroPython failed:\n" + done.stdout + done.stderr)
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
