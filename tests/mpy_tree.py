"""Source folders as a device holds them: every .py compiled by mpy-cross, the way
`boardlight deploy` compiles the firmware (source names kept short with -s), and every
other file (FITS layouts, board files) copied beside them.

Why the 96 KB runs use these: compiling .py source on MicroPython itself holds the parse
tree and every docstring on the heap and fragments it, so whether a run from source fits
changes with the checkout's path or an unrelated edit (a Forbes record replay passed at
96 KB from /work/main and failed from /check/work/main). The device
never compiles: it runs .mpy files. The source itself is still run on MicroPython with
the default heap. bench/core_heap.py prints both figures.
"""

import atexit
import shutil
import tempfile
from pathlib import Path

from boardlight.deploy import compile_files

_TREES = {}


def _fingerprint(src):
    return tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in sorted(src.rglob("*")) if p.is_file())


def compiled(src):
    """A folder mirroring `src` with .py files compiled to .mpy; built once per process
    (again if a source changed), removed when the process ends."""
    src = Path(src)
    key = (str(src), _fingerprint(src))
    out = _TREES.get(key)
    if out is not None:
        return out
    out = Path(tempfile.mkdtemp(prefix="boardlight-mpy-"))
    atexit.register(shutil.rmtree, str(out), True)
    jobs = []
    for path in sorted(src.rglob("*")):
        rel = path.relative_to(src)
        if not path.is_file() or "__pycache__" in rel.parts:
            continue
        if path.suffix == ".py":
            jobs.append((path, out / rel.with_suffix(".mpy")))
        else:
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, out / rel)
    compile_files(jobs)
    _TREES[key] = out
    return out
