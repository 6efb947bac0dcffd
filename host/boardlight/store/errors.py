"""What went wrong with the game log, in one line: StoreError, and the messages for a database
SQLite could not read or write, told apart by SQLite's own error code (damaged, read-only,
disk full, busy) and, for a plain I/O error, by asking the file system whether it is full."""

import errno
import os
import resource
import sqlite3
from pathlib import Path


class StoreError(Exception):
    """The database cannot be used, or a request to it makes no sense (message says which)."""


# Less room than this (free on the disk, or left under the file size limit) means a write that
# failed did so for want of room: SQLite grows its files by pages, its -shm index by 32 KiB.
ROOM = 1 << 20


def _code(exc: BaseException) -> int | None:
    """SQLite's primary result code of a sqlite3 error (None if it has none)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


def is_damage(exc: BaseException) -> bool:
    """Does this sqlite3 error say the file itself is damaged (not busy, full or read-only)?"""
    return _code(exc) in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)


def is_busy(exc: BaseException) -> bool:
    """Is the database held by another connection past the timeout?"""
    return _code(exc) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def is_write_failure(exc: BaseException) -> bool:
    """Did a write fail for a reason outside the file's contents (read-only, full, busy,
    an I/O error), as opposed to a file that is damaged or not a database at all?"""
    return is_busy(exc) or is_read_only(exc) or _code(exc) in (sqlite3.SQLITE_FULL,
                                                               sqlite3.SQLITE_IOERR)


def is_read_only(exc: BaseException) -> bool:
    """Does this error mean the file, or its folder (where WAL mode keeps two files beside
    it), cannot be written or created, rather than a damaged, busy or full one?"""
    if isinstance(exc, OSError):
        return exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS)
    return _code(exc) in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM)


def _free_bytes(folder: Path) -> int | None:
    try:
        st = os.statvfs(folder)
    except OSError:
        return None
    # Root may write into the blocks a file system keeps back for it.
    return (st.f_bfree if os.geteuid() == 0 else st.f_bavail) * st.f_frsize


def _file_size_limit() -> int | None:
    soft, _hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    return None if soft == resource.RLIM_INFINITY else soft


def _at_size_limit(path: Path) -> bool:
    """Is one of the log's files (itself, its -wal, its -shm) within a few pages of the
    largest file this process may write?"""
    limit = _file_size_limit()
    if limit is None:
        return False
    for name in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        try:
            if name.stat().st_size + ROOM > limit:
                return True
        except OSError:
            pass
    return False


def cannot_write(path: Path, exc: Exception, outcome: str,
                 again: str = "try it again") -> StoreError:
    """The StoreError for a write to the log at `path` that failed with `exc` (a sqlite3 or
    OS error). `outcome` says what that leaves ("nothing was written", "the action was not
    taken"), `again` what to do once the cause is gone."""
    if is_damage(exc):
        return damaged(path, exc)
    reason: str | Exception
    if isinstance(exc, OSError):
        reason = exc.strerror or exc
        full = exc.errno in (errno.ENOSPC, errno.EDQUOT)
        too_big = exc.errno == errno.EFBIG
    else:
        reason = exc
        full = _code(exc) == sqlite3.SQLITE_FULL
        too_big = False
        if _code(exc) == sqlite3.SQLITE_IOERR:
            # SQLite reports ENOSPC as SQLITE_FULL only on its main files: growing the -shm
            # index, or a write past the file size limit, is a plain I/O error. Ask the
            # file system and the process's limits.
            free = _free_bytes(path.parent)
            full = free is not None and free < ROOM
            too_big = not full and _at_size_limit(path)
    if too_big:
        limit = _file_size_limit()
        if limit is None:
            # EFBIG without a ulimit: the file system's own largest file.
            return StoreError("the game log %s cannot grow: it is as large as a file on its"
                              " file system may be (%s): %s" % (path, reason, outcome))
        return StoreError("the game log %s cannot grow past %d bytes, the most this process may"
                          " write to a file (ulimit -f; %s): %s; raise the limit, then %s"
                          % (path, limit, reason, outcome, again))
    if full:
        return StoreError("the disk holding the game log %s is full: %s; free some space,"
                          " then %s" % (path, outcome, again))
    if is_read_only(exc):
        # Trying again cannot help: say what will.
        return StoreError("the game log %s is read-only (%s): %s; make it and its folder"
                          " writable, or pick another file with --db" % (path, reason, outcome))
    return StoreError("the game log %s could not be written (%s): %s; %s"
                      % (path, reason, outcome, again))


def damaged(path: Path, exc: Exception) -> StoreError:
    return StoreError("the game log %s is damaged (%s): the games in it that can still be read"
                      " can be saved with `sqlite3 %s .recover`; or pick another file with --db"
                      % (path, exc, path))
