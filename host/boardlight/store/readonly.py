"""Opening the game log only to read it, wherever it lies: writable, another user's, on a
read-only mount or a full disk.

A WAL database is read through an index, the -shm file beside it, that SQLite makes and
updates even for readers. So: where the reader may write the folder, it opens the log as any
reader does (query_only: no statement can change it; the last connection out tidies the -wal
and -shm files away, as after a game). Elsewhere read-only, which works if the -shm file is
there to read. Failing that, a log without a -wal file holds every commit in the database
file itself and is read as an immutable file; one with a -wal file cannot be read whole, and
the error says so rather than show the games without their last changes.
"""

import os
import sqlite3
from pathlib import Path

from boardlight.store.errors import StoreError, cannot_write, is_busy, is_read_only, \
    is_write_failure


def _try(uri: str, timeout: float) -> sqlite3.Connection:
    db = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=timeout)
    try:
        db.execute("PRAGMA query_only=ON")
        db.execute("PRAGMA user_version").fetchone()  # the first read opens the files
    except BaseException:
        db.close()
        raise
    return db


def _unusable(path: Path, exc: Exception) -> StoreError:
    return StoreError("%s is not a usable boardlight game log: %s" % (path, exc))


def connect_to_read(path: Path, timeout: float) -> sqlite3.Connection:
    """A sqlite3 connection that reads the log at `path` and cannot change it."""
    if not path.exists():
        raise StoreError("there is no game log at %s: no game has been kept there yet"
                         " (check --db)" % path)
    uri = path.absolute().as_uri()
    modes = ["ro"]
    if os.access(path, os.W_OK) and os.access(path.parent, os.W_OK):
        modes.insert(0, "rw")
    failure: sqlite3.Error | None = None
    for mode in modes:
        try:
            return _try(uri + "?mode=" + mode, timeout)
        except sqlite3.Error as exc:
            if not is_write_failure(exc) or is_busy(exc):
                raise _unusable(path, exc) from None
            failure = exc
    assert failure is not None  # every mode was tried and failed
    wal_file = path.with_name(path.name + "-wal")
    if wal_file.exists() and wal_file.stat().st_size:
        outcome = ("it cannot be read: its recent changes, in %s, need a -shm file beside it"
                   % wal_file.name)
        if not is_read_only(failure):
            raise cannot_write(path, failure, outcome, "try again")
        raise StoreError("the game log %s cannot be read here (%s): %s, and its folder cannot"
                         " take one; copy the log and its -wal file to a folder you may write,"
                         " or open it once where it can be written" % (path, failure, outcome))
    try:
        return _try(uri + "?immutable=1", timeout)
    except sqlite3.Error as exc:
        raise _unusable(path, exc) from None
