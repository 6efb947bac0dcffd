"""Game logs as older boardlights and crashes leave them, for the store's tests (no tests of
its own): a version 1 log (before checksums), and a log whose writer was killed with its
last actions still in the -wal file."""

import sqlite3
import subprocess
import sys
from pathlib import Path

from boardlight.store.schema import MIGRATIONS

TESTS = Path(__file__).resolve().parents[2]


def version_1_log(path, reference):
    """Write at `path` a log as boardlight wrote it before its checksums: version 1's
    tables, holding the games of `reference` (a current log) without version 2's columns."""
    con = sqlite3.connect(str(path), isolation_level=None)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("BEGIN")
    for statement in MIGRATIONS[0][0].split(";"):
        if statement.strip():
            con.execute(statement)
    con.execute("ATTACH DATABASE ? AS ref", (str(reference),))
    con.execute("INSERT INTO games SELECT id, game, seed, options, status, started, updated"
                " FROM ref.games")
    con.execute("INSERT INTO players SELECT * FROM ref.players")
    con.execute("INSERT INTO actions SELECT game_id, seq, kind, data, at FROM ref.actions")
    con.execute("INSERT INTO scores SELECT * FROM ref.scores")
    con.execute("PRAGMA user_version=1")
    con.execute("COMMIT")
    con.execute("DETACH DATABASE ref")
    con.close()


# Plays a Forbes match (a new one, or game N with "resume N") for some actions, or with
# "touch" instead of a number of actions only rewrites the game's row (a commit of one frame),
# and dies without closing the log; with "checkpoint", first copies the -wal file's frames
# into the database (the -wal file keeps them until the next write starts it over).
KILLED_WRITER = r"""
import os, sys
sys.path.insert(0, sys.argv[2])
from boardlight.sessions.registry import resume_session, session_class
from boardlight.store.gamelog import Store
from session_scripts import play_out
store = Store(sys.argv[1])
if sys.argv[5] == "new":
    session = session_class("forbes").start(store, ["Ann", "Bob"], 5, {})
else:
    session = resume_session(store, int(sys.argv[5]), record=False)
if sys.argv[3] == "touch":
    store.set_status(session.row.id, "playing")
else:
    play_out(session, int(sys.argv[3]))
if sys.argv[4] == "checkpoint":
    store._db.execute("PRAGMA wal_checkpoint(PASSIVE)")
print(session.row.id, session.seq, flush=True)
os._exit(0)
"""


def killed_writer_log(path, actions, checkpoint=False, resume=None):
    """A log whose writer was killed after `actions` more actions of a Forbes match (a new
    one, or game `resume`; "touch": no action, its row rewritten), its frames in the -wal
    file, none checkpointed unless `checkpoint`; returns (game id, actions the game has)."""
    done = subprocess.run([sys.executable, "-c", KILLED_WRITER, str(path), str(TESTS),
                           str(actions), "checkpoint" if checkpoint else "-",
                           "new" if resume is None else str(resume)],
                          capture_output=True, text=True, check=True)
    gid, seq = done.stdout.split()
    return int(gid), int(seq)
