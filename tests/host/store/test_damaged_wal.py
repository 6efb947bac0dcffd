"""A damaged write-ahead file (-wal): SQLite keeps the commits before the first bad frame and
silently drops every one after it. The log says so before SQLite opens it, and leaves both
files as they are; a crash while the last commit was being written, which SQLite must drop,
is not taken for damage."""

import os
import struct

import pytest

from boardlight.cli import main
from boardlight.sessions.registry import resume_session
from boardlight.store import wal
from boardlight.store.gamelog import Store, StoreError
from host.store.log_files import killed_writer_log

PAGE = 4096
FRAME = 24 + PAGE


def _wal(db):
    return db.with_name(db.name + "-wal")


def _frames(db):
    """[(page, commit size)] of every frame in the -wal file of `db`."""
    data = _wal(db).read_bytes()
    out = []
    for at in range(32, len(data) - FRAME + 1, FRAME):
        out.append(struct.unpack(">2I", data[at:at + 8]))
    return out


def _flip(path, offset):
    data = bytearray(path.read_bytes())
    data[offset] ^= 0x10
    path.write_bytes(bytes(data))


def _files(db):
    return {p.name: p.read_bytes() for p in db.parent.iterdir() if p.name.startswith(db.name)}


@pytest.fixture
def killed(tmp_path):
    """A Forbes match of 151 actions (its deal and 150 more) whose writer died before a
    checkpoint: every action is in the -wal file alone."""
    db = tmp_path / "log.sqlite3"
    gid, seq = killed_writer_log(db, 150)
    assert seq == 151 and len(_frames(db)) < 1000  # one -wal generation, never checkpointed
    return db, gid


def test_a_damaged_frame_is_reported_and_nothing_is_dropped(killed, capsys):
    db, gid = killed
    frames = _frames(db)
    commits = [i for i, (_page, commit) in enumerate(frames) if commit]
    # A bit in the page of a frame of the match's early part, from frame 41 on, that is not
    # the last frame of a commit (where the frames fall depends on the schema's tables).
    at = next(i for i in range(40, len(frames)) if not frames[i][1])
    _flip(_wal(db), 32 + at * FRAME + 24 + 1000)
    later = sum(1 for i in commits if i >= at)
    assert later > 100
    before = _files(db)
    message = ("the game log %s cannot be read whole: its write-ahead file log.sqlite3-wal is"
               " damaged at frame %d, and %d committed changes after it would be lost; nothing"
               " was changed" % (db, at + 1, later - 1))
    for args in (["history"], ["show", str(gid)], ["export", str(gid), "--reveal"],
                 ["play", "--resume", "--no-device"]):
        assert main(args + ["--db", str(db)]) == 1, args
        err = capsys.readouterr().err
        # Before: each of them exited 0 with the match cut short at 5 of its 151 actions.
        assert err.startswith("error: " + message), (args, err)
        assert len(err.strip().splitlines()) == 1
    for readonly in (True, False):
        with pytest.raises(StoreError, match="damaged at frame %d" % (at + 1)):
            Store(db, readonly=readonly)
    # Nothing was checkpointed away: the damaged frame and every commit after it are there.
    assert _files(db) == before


def test_a_damaged_header_loses_everything_and_is_reported(killed):
    db, _gid = killed
    _flip(_wal(db), 17)  # salt-1: SQLite then ignores the whole file
    assert wal.scan(db) is not None
    with pytest.raises(StoreError, match="damaged at frame 1, and"):
        Store(db, readonly=True)


def test_a_commit_cut_short_by_a_crash_is_dropped_as_sqlite_drops_it(killed):
    # Power lost while the last action was being written: its last frame is half there.
    # That action was never acknowledged (its fsync never returned), so the table never
    # showed it: the log opens with the 150 before it.
    db, gid = killed
    with open(_wal(db), "r+b") as f:
        f.truncate(os.path.getsize(_wal(db)) - PAGE // 2)
    assert wal.scan(db) is None
    with Store(db) as store:
        assert resume_session(store, gid, record=False).seq == 150


def _cut_short(db, frame):
    """As a crash between writing a frame's header and its page leaves it."""
    with open(_wal(db), "r+b") as f:
        f.seek(32 + frame * FRAME + 24)
        f.write(b"\0" * PAGE)


def test_two_crashes_in_a_row_are_not_taken_for_damage(killed):
    # A crash cuts the last commit short; the next writer writes a shorter one over the start
    # of it, and the rest, its commit frame too, lies past that; a second crash cuts that
    # one short. Two commit frames past the valid part, but neither was written whole, so
    # neither is a lost commit.
    db, gid = killed
    commits = [i for i, (_page, commit) in enumerate(_frames(db)) if commit]
    before, last = commits[-2:]
    assert last - before > 2  # the last action's commit: several frames
    _cut_short(db, last)
    killed_writer_log(db, "touch", resume=gid)  # fewer frames, over the first of those
    touch = min(i for i, (_page, commit) in enumerate(_frames(db)) if commit and i > before)
    assert touch < last and _frames(db)[last][1]
    _cut_short(db, touch)
    assert wal.scan(db) is None
    with Store(db) as store:  # neither commit was ever acknowledged
        assert resume_session(store, gid, record=False).seq == 150


def test_damage_to_the_last_commit_alone_cannot_be_told_from_a_crash(killed):
    # The limit of what the -wal file can tell: a bad frame in the last commit looks like
    # that commit cut short by a crash, which SQLite must drop. That one action is lost.
    db, gid = killed
    frames = _frames(db)
    _flip(_wal(db), 32 + (len(frames) - 1) * FRAME + 24 + 100)
    assert wal.scan(db) is None
    with Store(db, readonly=True) as store:
        assert resume_session(store, gid, record=False).seq == 150


def test_frames_already_in_the_database_are_not_lost(tmp_path):
    # A checkpoint copied every frame into the database; the -wal file keeps them until the
    # next write starts it over. Damage there loses nothing.
    db = tmp_path / "log.sqlite3"
    gid, seq = killed_writer_log(db, 60, checkpoint=True)
    _flip(_wal(db), 17)
    assert wal.scan(db) is None
    with Store(db, readonly=True) as store:
        assert resume_session(store, gid, record=False).seq == seq == 61


def test_stale_frames_of_an_earlier_generation_are_not_damage(tmp_path):
    # 600 actions: the -wal file was checkpointed and started over, and frames of the
    # earlier generation lie past the current ones (with other salts).
    db = tmp_path / "log.sqlite3"
    gid, seq = killed_writer_log(db, 600)
    data = _wal(db).read_bytes()
    salts = data[16:24]
    stale = [at for at in range(32, len(data) - FRAME + 1, FRAME)
             if data[at + 8:at + 16] != salts]
    assert stale
    _flip(_wal(db), stale[len(stale) // 2] + 24 + 7)
    with Store(db, readonly=True) as store:
        assert resume_session(store, gid, record=False).seq == seq
