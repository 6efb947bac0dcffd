"""A scripted game SIGKILLed at random moments, 50 times mid-game and 10 from its very start:
resuming from the log always gives exactly the last acknowledged state, and no game is lost
or corrupted.

The child process plays a scripted game through the same Session.act the table UI uses and
prints "ACK n" after act() returns, i.e. after action n is committed. A kill often lands
after SQLite has written action n+1's commit to its WAL but before act() returned (most of
an action's time is the fsync; a killed process's writes survive in the OS): then the log
holds one action more than the last ACK seen, and that action must be exactly the next
scripted one. Any other count, or any state other than the scripted one, fails the test.
"""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from boardlight.sessions.registry import resume_session, session_class
from boardlight.store.gamelog import Store
from session_scripts import SCRIPTS

pytestmark = pytest.mark.processes  # kills 60 game processes: `make test` only

ROOT = Path(__file__).resolve().parents[3]
KILLS = 50
# Kills more at any moment from the child's start, its opening (or making) of the log too;
# they count when the game was made by then.
EARLY_KILLS = 10
GAMES = (("fits", {}), ("zatre", {}), ("forbes", {"target_score": 40}),
         ("fits", {"scoring": "tally"}))

CHILD = r"""
import sys
sys.path.insert(0, sys.argv[5])
from boardlight.store.gamelog import Store
from boardlight.sessions.registry import resume_session, session_class
from session_scripts import SCRIPTS
db, game, resume_id = sys.argv[1], sys.argv[2], int(sys.argv[3])
import json

options = json.loads(sys.argv[4])
store = Store(db)
if resume_id:
    session = resume_session(store, resume_id)
else:
    session = session_class(game).start(store, ["Ann", "Bob"], 77, options)
print("GAME %d" % session.row.id, flush=True)
print("ACK %d" % session.seq, flush=True)  # a resumed game starts acknowledged where it was
while not session.finished():
    session.act(SCRIPTS[game](session))
    print("ACK %d" % session.seq, flush=True)
print("DONE", flush=True)
"""


def _reference(tmp_path, game, options):
    """{seq: snapshot after action seq} of the scripted game, played without a kill (a new
    Forbes session logs its first deal itself, so the first seq may be 1)."""
    with Store(tmp_path / ("ref-%s-%d.sqlite3" % (game, len(options)))) as store:
        session = session_class(game).start(store, ["Ann", "Bob"], 77, options)
        snaps = {session.seq: session.snapshot()}
        while not session.finished():
            session.act(SCRIPTS[game](session))
            snaps[session.seq] = session.snapshot()
        return snaps


def _wait_for_game(proc):
    """The child's output up to its GAME line: from there on it is playing. (Waiting a fixed
    time instead made most kills land before the game on a busy machine.)"""
    lines = []
    for line in proc.stdout:
        lines.append(line)
        if line.startswith("GAME "):
            break
    return "".join(lines)


def _last_ack(text):
    acks = [int(line.split()[1]) for line in text.splitlines() if line.startswith("ACK ")]
    return acks[-1] if acks else 0


@pytest.mark.timeout(300)
def test_sigkill_50_times_resume_restores_last_acknowledged_state(tmp_path):
    import json

    rng = random.Random(20240607)
    refs = {}
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    kills = extra = 0
    started = time.monotonic()
    for k in range(KILLS + EARLY_KILLS):
        game, options = GAMES[k % len(GAMES)]
        key = (game, json.dumps(options, sort_keys=True))
        if key not in refs:
            refs[key] = _reference(tmp_path, game, options)
        db = tmp_path / ("kill-%d.sqlite3" % (k % len(GAMES)))
        # Every fourth kill resumes the game killed before (a kill during a resumed game).
        resume_id = 0
        if k >= len(GAMES) and k % 3 == 0:
            with Store(db) as store:
                row = store.last_unfinished(game)
                resume_id = row.id if row else 0
        proc = subprocess.Popen(
            [sys.executable, str(script), str(db), game, str(resume_id), key[1],
             str(Path(__file__).parents[2])], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, env=env, cwd=ROOT)
        started_output = ""
        if k % 6 == 5:
            time.sleep(rng.uniform(0.0, 0.7))
        else:
            started_output = _wait_for_game(proc)
            time.sleep(rng.uniform(0.0, 0.5))
        proc.send_signal(signal.SIGKILL)
        out, err = proc.communicate(timeout=30)
        out = started_output + out
        assert "Traceback" not in err, err
        if "GAME" not in out:
            continue  # killed before the game was created: nothing to check
        kills += 1
        game_id = int(out.split("GAME ")[1].split()[0])
        acked = _last_ack(out)
        with Store(db) as store:
            assert store.integrity() == "ok"
            resumed = resume_session(store, game_id)
            logged = len(store.actions(game_id))
        snaps = refs[key]
        if "DONE" in out:
            assert logged == max(snaps)
        # A resumed child's ACKs count on from the resumed seq, as the log does.
        assert logged in (acked, acked + 1), (k, game, acked, logged)
        extra += logged - acked
        assert resumed.seq == logged
        assert resumed.snapshot() == snaps[logged], (k, game, logged)
    elapsed = time.monotonic() - started
    # Most kills must land mid-game for the test to mean anything.
    assert kills >= 45, kills
    print("resume: %d kills checked in %.1f s, %d between commit and ACK" % (kills, elapsed,
                                                                             extra))


@pytest.mark.timeout(400)  # a guard against a hang: each wait in it is for a condition
def test_real_ui_process_killed_then_resumed(tmp_path, monkeypatch):
    """The real `boardlight play` full-screen process in a pseudo-terminal: entries typed,
    SIGKILL, then `boardlight play --resume` continues from exactly the entries typed."""
    import fcntl
    import pty
    import struct
    import termios

    from boardlight.tui import app as tui_app
    from boardlight.cli import main

    db = tmp_path / "log.sqlite3"
    pid, fd = pty.fork()
    if pid == 0:  # the child: the console script, as a player starts it
        os.environ["TERM"] = "xterm-256color"
        os.execv(str(Path(sys.executable).with_name("boardlight")),
                 ["boardlight", "play", "fits", "--no-device", "--players", "Ann",
                  "--seed", "3", "--db", str(db)])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))

    def logged():
        if not db.exists():
            return 0
        with Store(db) as store:
            row = store.last_unfinished()
            return len(store.actions(row.id)) if row else 0

    shown = bytearray()

    def drain(seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            import select

            if select.select([fd], [], [], 0.05)[0]:
                try:
                    shown.extend(os.read(fd, 65536))
                except OSError:
                    return

    try:
        # Keys typed before the UI takes the terminal may be lost when it does (its input
        # is flushed), or before its entry line is up: the first entry waits for both (keys
        # read one by one, the first prompt drawn), however long a busy machine takes.
        end = time.monotonic() + 120
        while termios.tcgetattr(fd)[3] & termios.ICANON or b"deal round 1" not in shown:
            assert time.monotonic() < end, "the UI never came up: %r" % bytes(shown[-500:])
            drain(0.1)
        # Entries: Enter deals; "1 1" drops the start tile; Enter turns the first card.
        for entry, count in ((b"\r", 1), (b"1 1\r", 2), (b"\r", 3)):
            end = time.monotonic() + 60
            os.write(fd, entry)
            while logged() < count and time.monotonic() < end:
                drain(0.05)
            assert logged() == count, "entry %r was not logged" % entry
        assert logged() == 3
        os.kill(pid, signal.SIGKILL)
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
        os.close(fd)

    # The reference: the same three entries as session actions, in a separate log.
    with Store(tmp_path / "ref.sqlite3") as store:
        ref = session_class("fits").start(store, ["Ann"], 3)
        ref.act({"type": "deal"})
        ref.act({"type": "drop", "seat": 0, "tile": ref.core.start_tile("Ann"),
                 "orientation": 1, "column": 1})
        ref.act({"type": "turn"})
    runs = []
    def run_table(session, port=None, no_device=False, direct=None):
        runs.append(session)
        return session.row.status

    monkeypatch.setattr(tui_app, "run_table", run_table)
    assert main(["play", "--resume", "--no-device", "--db", str(db)]) == 0
    (resumed,) = runs
    assert resumed.seq == 3 and resumed.snapshot() == ref.snapshot()
