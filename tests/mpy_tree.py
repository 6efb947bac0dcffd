"""What the 96 KB runs put on MicroPython's path: the device's own image, and test folders
compiled the same way.

device_image(): the flash image exactly as `boardlight deploy` builds it for a board
(boardlight.image: the firmware and core compiled by mpy-cross, the FITS layouts beside
them), or the virtual board's image, which adds sim/. Its folder stands for the board's
flash: firmware modules at the root, the core under lib/.

compiled(src): a folder of test code (conformance scenarios, fakes) with every .py
compiled by mpy-cross as the image's are (source names kept short with -s), every other
file copied beside them.

Why the 96 KB runs use compiled code: compiling .py source on MicroPython itself holds the
parse tree and every docstring on the heap and fragments it, so whether a run from source
fits changes with the checkout's path or an unrelated edit (a Forbes record replay passed
at 96 KB from /work/main and failed from /check/work/main). The device never compiles: it
runs .mpy files. The source itself is still run on MicroPython with the default heap.
bench/core_heap.py prints both figures.
"""

import atexit
import shutil
import tempfile
from pathlib import Path

from boardlight import image
from boardlight.image import compile_files

_TREES = {}


def device_image(kind="device"):
    """The image's folder (without board.json): "device" for a real board, "virtual"."""
    return image.image_dir(kind, compiled=True)


def image_path(kind="device"):
    """MICROPYPATH entries that import from the image as a board does: its root, its lib/."""
    root = device_image(kind)
    return [str(root), str(root / "lib")]


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
