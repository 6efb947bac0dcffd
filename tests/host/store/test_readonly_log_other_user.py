"""A game log the reading process truly cannot write (another user's, a read-only mount):
history, show and export read it, as they read a writable one. As root the commands run as
`nobody`; elsewhere the test's own user meets the same permissions."""

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from boardlight.cli import main
from boardlight.sessions.registry import session_class
from boardlight.store.gamelog import Store
from session_scripts import SCRIPTS

NOBODY = 65534

# The child loads all it will run while it may still read the interpreter's and the
# checkout's files (they may sit under root's home, or a folder only root may enter, as a
# fresh clone in a mktemp folder does), then drops root for good: from there on it cannot
# write anything the owner has not let everybody write. It loads every boardlight module,
# then runs the same command once, its output dropped, on a copy of the log in a folder of
# its own: the command's imports inside functions, of boardlight and of the standard
# library, are done before the real run too.
CHILD = r"""
import contextlib, io, os, pkgutil, shutil, sys, tempfile
import boardlight
from boardlight.cli import main
for module in pkgutil.walk_packages(boardlight.__path__, "boardlight."):
    if not module.name.endswith("__main__"):
        __import__(module.name)
log = sys.argv[1]
dry = tempfile.mkdtemp()
try:
    for name in os.listdir(os.path.dirname(log)):
        shutil.copy(os.path.join(os.path.dirname(log), name), dry)
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:
            main(sys.argv[2:] + ["--db", os.path.join(dry, os.path.basename(log))])
        except SystemExit:
            pass
finally:
    shutil.rmtree(dry)
if os.geteuid() == 0:
    os.setgroups([])
    os.setgid(%(uid)d)
    os.setuid(%(uid)d)
assert not os.access(log, os.W_OK) and not os.access(os.path.dirname(log), os.W_OK), \
    "the log is writable: nothing would be tested"
sys.exit(main(sys.argv[2:] + ["--db", log]))
""" % {"uid": NOBODY}


@pytest.fixture
def folder():
    """A folder every user may reach (pytest's own tmp folders are root's alone)."""
    path = Path(tempfile.mkdtemp(prefix="boardlight-ro-"))
    path.chmod(0o755)
    yield path
    for p in [path] + list(path.rglob("*")):
        if p.is_dir():
            p.chmod(0o755)
    shutil.rmtree(path)


def _play(db, acts=4):
    with Store(db) as store:
        s = session_class("zatre").start(store, ["Ann", "Bob"], 3, {})
        for _ in range(acts):
            s.act(SCRIPTS["zatre"](s))
        return s.row.id


def _expected(db, gid, capsys):
    """What history, show and export print of the log while it can still be written."""
    out = {}
    for name, args in _commands(gid):
        assert main(args + ["--db", str(db)]) == 0
        out[name] = capsys.readouterr().out
    return out


def _commands(gid):
    return (("history", ["history"]), ("show", ["show", str(gid)]),
            ("export", ["export", str(gid), "--reveal"]))


def _lock_down(logs):
    for f in logs.iterdir():
        f.chmod(0o444)
    logs.chmod(0o555)


def _read_as_other_user(db, args):
    return subprocess.run([sys.executable, "-c", CHILD, str(db), *args], capture_output=True,
                          text=True, timeout=120, cwd="/")


def test_history_show_and_export_read_a_log_its_reader_cannot_write(folder, capsys):
    logs = folder / "logs"
    logs.mkdir()
    db = logs / "games.sqlite3"
    gid = _play(db)
    expected = _expected(db, gid, capsys)
    assert sorted(p.name for p in logs.iterdir()) == ["games.sqlite3"]  # closed: no -wal
    _lock_down(logs)
    for name, args in _commands(gid):
        done = _read_as_other_user(db, args)
        # Before: "cannot be opened for writing (attempt to write a readonly database)".
        assert (done.returncode, done.stderr) == (0, ""), (name, done.stderr)
        assert done.stdout == expected[name], name
    assert sorted(p.name for p in logs.iterdir()) == ["games.sqlite3"]


def test_a_log_still_being_played_is_read_through_its_own_index(folder, capsys):
    # A live game's log: its last actions are in the -wal file, read through the -shm
    # index its owner's boardlight keeps. The reader may write neither.
    logs = folder / "logs"
    logs.mkdir()
    db = logs / "games.sqlite3"
    gid = _play(db)
    expected = _expected(db, gid, capsys)
    owner = Store(db)
    try:
        owner.set_scores(gid, "note", [1, 2])  # the owner writes on: a -wal file now exists
        expected_history = expected["history"]
        assert (logs / "games.sqlite3-wal").stat().st_size > 0
        _lock_down(logs)
        done = _read_as_other_user(db, ["show", str(gid)])
        assert (done.returncode, done.stderr) == (0, ""), done.stderr
        assert done.stdout == expected["show"]
        done = _read_as_other_user(db, ["history"])
        assert done.returncode == 0 and done.stdout == expected_history
    finally:
        owner.close()


def test_a_wal_without_its_index_in_a_locked_folder_says_what_to_do(folder, capsys):
    logs = folder / "logs"
    logs.mkdir()
    db = logs / "games.sqlite3"
    _play(db)
    # A copy made while a game was being played, without the -shm file.
    shutil.copyfile(db, logs / "live.sqlite3")
    owner = Store(logs / "live.sqlite3")
    owner.new_game("forbes", ["Ann", "Bob"], 1)
    shutil.copyfile(logs / "live.sqlite3", folder / "copy.sqlite3")
    shutil.copyfile(logs / "live.sqlite3-wal", folder / "copy.sqlite3-wal")
    owner.close()
    copies = folder / "copies"
    copies.mkdir()
    for name in ("copy.sqlite3", "copy.sqlite3-wal"):
        shutil.move(folder / name, copies / name)
    _lock_down(copies)
    done = _read_as_other_user(copies / "copy.sqlite3", ["history"])
    assert done.returncode == 1
    err = done.stderr.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert "recent changes, in copy.sqlite3-wal, need a -shm file beside it" in err
    assert "copy the log and its -wal file to a folder you may write" in err


def _bind_read_only(source, target):
    done = subprocess.run(["mount", "--bind", "-o", "ro", str(source), str(target)],
                          capture_output=True)
    if done.returncode != 0:
        pytest.skip("this machine cannot bind-mount a folder read-only: %s"
                    % done.stderr.decode(errors="replace").strip())


def test_history_show_and_export_read_a_log_on_a_read_only_mount(folder, capsys):
    logs = folder / "logs"
    logs.mkdir()
    db = logs / "games.sqlite3"
    gid = _play(db)
    expected = _expected(db, gid, capsys)
    mounted = folder / "mounted"
    mounted.mkdir()
    _bind_read_only(logs, mounted)
    try:
        for name, args in _commands(gid):
            # Root itself: a read-only mount refuses writes to everybody.
            assert main(args + ["--db", str(mounted / "games.sqlite3")]) == 0
            captured = capsys.readouterr()
            assert captured.err == "" and captured.out == expected[name], name
        # A command that must write says why it cannot.
        assert main(["play", "--resume", "--no-device", "--db",
                     str(mounted / "games.sqlite3")]) == 1
        err = capsys.readouterr().err
        assert "read-only" in err and "Traceback" not in err
    finally:
        subprocess.run(["umount", "--lazy", str(mounted)], check=True)
