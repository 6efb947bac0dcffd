"""The game log is private to its user: an unfinished game's seed deals every card still
to come (Forbes's secret hands included), so neither the log nor the files SQLite keeps
beside it are readable by others (0600), nor is the folder made for it (0700).

Only permissions for group and others are taken away, never added: a log its owner made
read-only stays read-only. Files of another user, or where permissions cannot be changed,
are left as they are.
"""

import os
import stat
from pathlib import Path

SIDE_FILES = ("-wal", "-shm", "-journal")


def make_folder(folder: str | os.PathLike[str]) -> None:
    """Make `folder` and any missing parent as 0700; a folder already there keeps its mode."""
    folder = Path(folder)
    missing = []
    while not folder.exists():
        missing.append(folder)
        if folder.parent == folder:
            break
        folder = folder.parent
    for f in reversed(missing):
        try:
            f.mkdir(mode=0o700)
        except FileExistsError:  # made at the same moment by another process
            pass


def make_private(folder: str | os.PathLike[str]) -> None:
    """An existing folder of ours (the default one, under the user's data folder): 0700."""
    _tighten(Path(folder))


def create(path: str | os.PathLike[str]) -> None:
    """Create the log file as 0600 if it is not there, so that SQLite never makes it (nor,
    after it, its -wal and -shm files, which take the log's permissions) readable by all.
    Where it cannot be made (a read-only folder), SQLite says why when it opens it."""
    try:
        os.close(os.open(str(path), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except OSError:
        pass


def tighten(path: str | os.PathLike[str]) -> None:
    """The log and its side files as they are, less any permission for group and others."""
    for p in [Path(path)] + [Path(str(path) + s) for s in SIDE_FILES]:
        _tighten(p)


def _tighten(p: Path) -> None:
    try:
        st = os.stat(p)
    except OSError:
        return
    getuid = getattr(os, "getuid", None)
    if getuid is not None and st.st_uid != getuid():
        return
    mode = stat.S_IMODE(st.st_mode)
    if mode & 0o077:
        try:
            os.chmod(p, mode & ~0o077)
        except OSError:
            pass
