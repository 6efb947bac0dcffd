"""A game log on a full disk, or past the file size limit: one line that says so, never "not a
usable boardlight game log" (the file is fine) and never that an action was not taken when
nobody acted. On a small tmpfs where this machine can mount one; the file size limit
(ulimit -f) everywhere."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from boardlight.cli import main
from boardlight.sessions.registry import resume_session, session_class
from boardlight.store.gamelog import Store, StoreError
from session_scripts import SCRIPTS

TESTS = Path(__file__).resolve().parents[2]


@pytest.fixture
def small_disk(tmp_path):
    """A 512 KiB tmpfs, unmounted afterwards."""
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512k", "tmpfs", str(mount)],
                          capture_output=True)
    if done.returncode != 0:
        pytest.skip("this machine cannot mount a tmpfs: %s"
                    % done.stderr.decode(errors="replace").strip())
    try:
        yield mount
    finally:
        # Lazily, should a failed test have left a file open there.
        subprocess.run(["umount", "--lazy", str(mount)], check=True)


def _fill(disk):
    """Take every byte left on `disk`; returns the file that holds them."""
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        for size in (65536, 4096, 512, 1):
            try:
                while os.write(fd, b"\0" * size):
                    pass
            except OSError:
                pass
    finally:
        os.close(fd)
    return filler


def _play(db, acts=3):
    with Store(db) as store:
        s = session_class("fits").start(store, ["Ann", "Bob"], 7, {})
        for _ in range(acts):
            s.act(SCRIPTS["fits"](s))
        return s.row.id


def _one_line(err):
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert "not a usable" not in err, err
    return err.strip()


def test_a_new_log_on_a_full_disk(small_disk, capsys):
    _fill(small_disk)
    db = small_disk / "games.sqlite3"
    assert main(["play", "fits", "--no-device", "--db", str(db)]) == 1
    err = _one_line(capsys.readouterr().err)
    # Before: "... is not a usable boardlight game log: database or disk is full".
    assert err == ("error: the disk holding the game log %s is full: it cannot be opened for"
                   " writing; free some space, then try again" % db)


def test_resuming_on_a_full_disk_says_nothing_was_written(small_disk, capsys):
    db = small_disk / "games.sqlite3"
    gid = _play(db)
    table = Store(db)  # a table still open on the log: its -wal and -shm stay
    try:
        filler = _fill(small_disk)
        with Store(db) as store, pytest.raises(StoreError) as caught:
            resume_session(store, gid)  # resuming rewrites the game's score lines
        # Before: "... could not be written (database or disk is full): the action was not
        # taken; try it again", though nobody had acted.
        assert str(caught.value) == ("the disk holding the game log %s is full: nothing was"
                                     " written; free some space, then try it again" % db)
        # The reading commands still read it.
        assert main(["show", str(gid), "--db", str(db)]) == 0
        assert "3 actions" in capsys.readouterr().out
        assert main(["history", "--db", str(db)]) == 0
        capsys.readouterr()
        filler.unlink()
    finally:
        table.close()


def test_an_action_on_a_full_disk_is_not_taken_and_the_game_is_as_logged(small_disk):
    db = small_disk / "games.sqlite3"
    gid = _play(db)
    with Store(db) as store:
        s = resume_session(store, gid)
        before = s.snapshot()
        filler = _fill(small_disk)
        with pytest.raises(StoreError) as caught:
            for _ in range(200):  # until the -wal file needs more room than there is
                s.act(SCRIPTS["fits"](s))
        assert str(caught.value) == ("the disk holding the game log %s is full: the action was"
                                     " not taken; free some space, then try it again" % db)
        taken = s.seq
        assert resume_session(store, gid, record=False).snapshot() == s.snapshot()
        filler.unlink()
        s.act(SCRIPTS["fits"](s))  # room again: the same entry is taken
        assert s.seq == taken + 1 and before != s.snapshot()


def test_a_new_log_on_a_full_disk_leaves_no_half_made_log(small_disk):
    filler = _fill(small_disk)
    db = small_disk / "games.sqlite3"
    with pytest.raises(StoreError, match="is full"):
        Store(db)
    filler.unlink()
    with Store(db) as store:  # once there is room, the same path makes a sound log
        assert store.games() == [] and store.integrity() == "ok"


# Runs a command under a file size limit just above the log's present size; SIGXFSZ is
# ignored so that a write past it fails with EFBIG, as it does for a shell's `ulimit -f`.
LIMITED = r"""
import os, resource, signal, sys
sys.path.insert(0, sys.argv[1])
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
db, what = sys.argv[2], sys.argv[3]
from boardlight.cli import main
from boardlight.sessions.registry import resume_session
from boardlight.store.gamelog import Store, StoreError
from session_scripts import SCRIPTS
if what == "new":
    resource.setrlimit(resource.RLIMIT_FSIZE, (2048, resource.RLIM_INFINITY))
    sys.exit(main(["play", "fits", "--no-device", "--db", db]))
store = Store(db)
s = resume_session(store, 1)
sizes = [os.path.getsize(p) for p in (db, db + "-wal", db + "-shm") if os.path.exists(p)]
resource.setrlimit(resource.RLIMIT_FSIZE, (max(sizes) + 10000, resource.RLIM_INFINITY))
try:
    for _ in range(500):
        s.act(SCRIPTS["fits"](s))
except StoreError as exc:
    print(exc)
"""


def _limited(db, what):
    return subprocess.run([sys.executable, "-c", LIMITED, str(TESTS), str(db), what],
                          capture_output=True, text=True, timeout=120)


def test_a_file_size_limit_is_named(tmp_path):
    db = tmp_path / "games.sqlite3"
    done = _limited(db, "new")
    assert done.returncode == 1
    err = _one_line(done.stderr)
    assert err == ("error: the game log %s cannot grow past 2048 bytes, the most this process"
                   " may write to a file (ulimit -f; disk I/O error): it cannot be opened for"
                   " writing; raise the limit, then try again" % db), err
    os.remove(db)
    _play(db)
    done = _limited(db, "act")
    assert done.returncode == 0, done.stderr
    said = done.stdout.strip()
    assert said.startswith("the game log %s cannot grow past " % db), said
    assert said.endswith(": the action was not taken; raise the limit, then try it again")
