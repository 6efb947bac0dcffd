"""Temporary folders of one run: a virtual board's flash, ROMFS partition and side channel, a deploy's image.

Each is made private (0700) and named after the process that made it,
"boardlight-<kind>-<pid>-<random>", so that a run killed before it could clean up (SIGKILL,
a closed terminal) leaves folders the next run can recognise: the first folder a process
makes first removes the ones whose process is gone. Only folders of this user and of
this naming are touched.
"""

import os
import re
import shutil
import sys
import tempfile
import threading
from pathlib import Path

KINDS = ("flash", "rom", "side", "deploy", "build")
_NAME = re.compile(r"^\.?boardlight-(%s)-(\d+)-[A-Za-z0-9_]+$" % "|".join(KINDS))
_swept: set[str] = set()
_lock = threading.Lock()


def make(kind: str, parent: str | os.PathLike[str] | None = None) -> Path:
    """A new private folder for `kind` (one of KINDS) in `parent` (default: the system's
    temporary folder), after sweeping what dead runs left in that folder."""
    if kind not in KINDS:
        raise ValueError("scratch folder kind must be one of %s, not %r" % (", ".join(KINDS), kind))
    parent = str(parent or tempfile.gettempdir())
    with _lock:
        if parent not in _swept:
            _swept.add(parent)
            sweep(parent)
    prefix = "%sboardlight-%s-%d-" % ("." if kind == "build" else "", kind, os.getpid())
    return Path(tempfile.mkdtemp(prefix=prefix, dir=parent))  # mkdtemp: mode 0700


def sweep(parent: str | os.PathLike[str] | None = None) -> list[Path]:
    """Remove the scratch folders in `parent` whose process has ended; returns their paths."""
    folder = Path(parent or tempfile.gettempdir())
    removed: list[Path] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        match = _NAME.match(entry.name)
        if match is None:
            continue
        try:
            st = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not entry.is_dir(follow_symlinks=False) or not _ours(st):
            continue
        pid = int(match.group(2))
        if pid == os.getpid() or process_alive(pid):
            continue
        shutil.rmtree(entry.path, ignore_errors=True)
        removed.append(Path(entry.path))
    return removed


def _ours(st: os.stat_result) -> bool:
    getuid = getattr(os, "getuid", None)
    return getuid is None or st.st_uid == getuid()  # Windows: the temp folder is per user


def process_alive(pid: int) -> bool:
    """Is process `pid` still running? (A pid taken again by another process counts as
    alive: its folder then stays until that process ends too.)"""
    if sys.platform == "win32":
        return _windows_alive(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # someone else's process
    except OSError:
        return False
    return True


def _windows_alive(pid: int) -> bool:
    # os.kill on Windows terminates the process: ask the kernel instead.
    import ctypes

    if sys.platform != "win32":  # ctypes.windll exists on Windows only
        raise OSError("not Windows")
    kernel32 = ctypes.windll.kernel32
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return kernel32.GetLastError() == 5  # access denied: it exists
    try:
        code = ctypes.c_ulong()
        if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
            return True
        return code.value == 259  # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)
