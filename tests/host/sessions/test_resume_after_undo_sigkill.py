"""A scripted game that takes actions back, SIGKILLed right after an undo and while an undo
is being committed: resuming from the log gives exactly the state the table last saw,
what an undo may still reach included.

The child plays through Session.act as the table UI does and takes back every action that
can be taken back when the log's count is a multiple of 3 (then the script, which picks
each action from the state alone, plays it again); it prints "ACK n" after each committed
action. Right after its k-th undo it prints "UNDONE n" and waits to be killed; or, with a
random k, it prints "UNDOING" just before an undo and the kill lands at once.
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

pytestmark = pytest.mark.processes  # kills game processes mid-write: `make test` only
from session_scripts import SCRIPTS

ROOT = Path(__file__).resolve().parents[3]
GAMES = (("fits", {}), ("zatre", {}), ("forbes", {"target_score": 40}))

CHILD = r"""
import sys, time
sys.path.insert(0, sys.argv[4])
from boardlight.store.gamelog import Store
from boardlight.sessions.registry import session_class
from session_scripts import SCRIPTS
import json
db, game, options, stop, mode = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), int(sys.argv[5]), sys.argv[6]
store = Store(db)
session = session_class(game).start(store, ["Ann", "Bob"], 77, options)
print("GAME %d" % session.row.id, flush=True)
undos = 0
while not session.finished():
    if session.seq % 3 == 0 and session.can_undo():
        undos += 1
        if mode == "during" and undos == stop:
            print("UNDOING", flush=True)
        session.undo("child")
        print("ACK %d" % session.seq, flush=True)
        if mode == "after" and undos == stop:
            print("UNDONE %d" % session.seq, flush=True)
            time.sleep(60)
        continue
    session.act(SCRIPTS[game](session))
    print("ACK %d" % session.seq, flush=True)
print("DONE", flush=True)
"""


def _reference(store, game, options):
    """{seq: (snapshot, what an undo would say)} of the same scripted game, unkilled."""
    session = session_class(game).start(store, ["Ann", "Bob"], 77, options)
    states = {session.seq: (session.snapshot(), session.undo_refusal())}
    while not session.finished():
        if session.seq % 3 == 0 and session.can_undo():
            session.undo("child")
        else:
            session.act(SCRIPTS[game](session))
        states[session.seq] = (session.snapshot(), session.undo_refusal())
    return states


def _read_until(proc, word):
    lines = []
    for line in proc.stdout:
        lines.append(line)
        if line.startswith(word):
            break
    return "".join(lines)


@pytest.mark.timeout(240)
def test_sigkill_right_after_and_during_an_undo_resumes_to_the_same_state(tmp_path):
    import json

    rng = random.Random(15)
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    checked = 0
    for game, options in GAMES:
        with Store(tmp_path / ("ref-%s.sqlite3" % game)) as store:
            states = _reference(store, game, options)
        # The undos the script makes: from a count that is a multiple of 3, when allowed.
        undos = sum(1 for seq in states if seq % 3 == 0 and states[seq][1] is None
                    and seq + 1 in states)
        assert undos >= 3, (game, undos)
        for k in range(6):
            mode = "after" if k % 2 == 0 else "during"
            stop = rng.randint(1, undos)
            db = tmp_path / ("kill-%s-%d.sqlite3" % (game, k))
            proc = subprocess.Popen(
                [sys.executable, str(script), str(db), game, json.dumps(options),
                 str(Path(__file__).parents[2]), str(stop), mode],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT)
            out = _read_until(proc, "UNDONE" if mode == "after" else "UNDOING")
            if mode == "during":
                time.sleep(rng.uniform(0.0, 0.02))
            proc.send_signal(signal.SIGKILL)
            rest, err = proc.communicate(timeout=30)
            out += rest
            assert "Traceback" not in err, err
            game_id = int(out.split("GAME ")[1].split()[0])
            acks = [int(line.split()[1]) for line in out.splitlines() if line.startswith("ACK ")]
            with Store(db) as store:
                assert store.integrity() == "ok"
                log = store.actions(game_id)
                resumed = resume_session(store, game_id)
            logged = len(log)
            if mode == "after":
                # Killed while it waited: the undo was the last action, and acknowledged.
                assert logged == acks[-1] == int(out.split("UNDONE ")[1].split()[0])
                assert log[-1][1] == "undo"
            else:
                assert logged in (acks[-1], acks[-1] + 1), (game, acks[-1], logged)
            assert resumed.seq == logged
            assert (resumed.snapshot(), resumed.undo_refusal()) == states[logged], (game, k)
            checked += 1
    assert checked == 18
