"""Several boardlights opening one log at the same moment: a new log is made once, an old one
upgraded once, and none of them fails ("table games already exists" before)."""

import pytest
import sqlite3
import subprocess
import sys
import time

from boardlight.sessions.registry import resume_session, session_class
from boardlight.store.gamelog import SCHEMA_VERSION, Store
from host.store.log_files import version_1_log
from session_scripts import SCRIPTS

pytestmark = pytest.mark.processes  # starts many processes at once: `make test` only

PROCESSES = 8
ROUNDS = 6

# Each child is ready (imports done) before any of them opens the log: they wait for the
# "go" file, so their opens overlap as closely as processes can.
CHILD = r"""
import os, sys, time
from boardlight.store.gamelog import Store, StoreError

db, go, ready = sys.argv[1], sys.argv[2], sys.argv[3]
open(ready, "w").close()
while not os.path.exists(go):
    time.sleep(0.001)
try:
    with Store(db) as store:
        gid = store.new_game("forbes", ["Ann", "Bob"], 1)
        store.append_action(gid, 1, "deal", {"type": "deal"})
except StoreError as exc:
    print(exc)
    sys.exit(1)
"""


def _all_at_once(db, folder):
    """Start PROCESSES children on `db` together; returns their (exit code, output)."""
    go = folder / "go"
    children = []
    for i in range(PROCESSES):
        ready = folder / ("ready-%d" % i)
        children.append((ready, subprocess.Popen(
            [sys.executable, "-c", CHILD, str(db), str(go), str(ready)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)))
    deadline = time.monotonic() + 120
    while not all(ready.exists() for ready, _ in children):
        assert time.monotonic() < deadline, "the children did not start"
        time.sleep(0.01)
    go.touch()
    return [(p.wait(timeout=120), p.stdout.read()) for _ready, p in children]


def test_many_processes_make_one_new_log_together(tmp_path):
    for round_no in range(ROUNDS):
        folder = tmp_path / ("round-%d" % round_no)
        folder.mkdir()
        db = folder / "new.sqlite3"
        results = _all_at_once(db, folder)
        assert [code for code, _ in results] == [0] * PROCESSES, results
        with Store(db) as store:
            assert store.integrity() == "ok"
            games = store.games()
            assert len(games) == PROCESSES
            for row in games:
                assert store.actions(row.id) == [(1, "deal", {"type": "deal"})]
        con = sqlite3.connect(str(db))
        assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        con.close()


def test_many_processes_upgrade_one_old_log_together(tmp_path):
    reference = tmp_path / "reference.sqlite3"
    with Store(reference) as store:
        s = session_class("zatre").start(store, ["Ann", "Bob"], 9, {})
        for _ in range(6):
            s.act(SCRIPTS["zatre"](s))
        snapshot = s.snapshot()
    for round_no in range(ROUNDS):
        folder = tmp_path / ("round-%d" % round_no)
        folder.mkdir()
        db = folder / "old.sqlite3"
        version_1_log(db, reference)
        results = _all_at_once(db, folder)
        assert [code for code, _ in results] == [0] * PROCESSES, results
        with Store(db) as store:
            assert store.integrity() == "ok"
            assert resume_session(store, 1, record=False).snapshot() == snapshot
            assert len(store.games()) == PROCESSES + 1
