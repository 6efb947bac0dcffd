"""Damaged game logs: how many single-bit flips the game log detects.

Plays a real log (two games of each kind, some finished, some still being played), then makes
bit-flipped copies of it, each with one random bit flipped, and reads every copy the way
`history`, `show` and `export` do. Each copy is classified by its worst outcome:
  different   a game read without any error but not as it was stored (other players, seed,
              state, record or score lines; fewer actions; a game missing from the list)
  traceback   reading it raised something other than the log's own one-line StoreError
  detected    a game (or the whole log) was refused or listed as damaged, none read wrongly
  unaffected  everything read exactly as stored (a flip in a free page, in a stale WAL frame)
Two sets: flips anywhere in the database file of a cleanly closed log, and flips in the
write-ahead file (-wal) of a log whose writer was killed with recent actions still in it.
Usage: .venv/bin/python bench/damaged_logs.py [COPIES] [SEED]
"""

import inspect
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from boardlight.sessions.registry import resume_session, session_class  # noqa: E402
from boardlight.store.gamelog import Store, StoreError  # noqa: E402
from session_scripts import play_out  # noqa: E402

# (game, players, actions at most: None plays it to its end)
GAMES = (("fits", ["Ann", "Bob"], None), ("zatre", ["Ann", "Bob", "Cy"], None),
         ("forbes", ["Ann", "Bob"], None), ("fits", ["Dee"], 30), ("zatre", ["Al", "Bo"], 6),
         ("forbes", ["Al", "Bo", "Cy"], 20))

# A writer killed mid-game: its recent actions are in the -wal file, not yet in the database.
WAL_WRITER = r"""
import os, sys
sys.path.insert(0, sys.argv[2])
from boardlight.sessions.registry import session_class
from boardlight.store.gamelog import Store
from session_scripts import play_out
store = Store(sys.argv[1])
session = session_class("forbes").start(store, ["Ann", "Bob"], 5, {})
play_out(session, int(sys.argv[3]))
os._exit(0)  # no close: what is not checkpointed stays in the -wal file
"""


def make_log(path, games=GAMES):
    with Store(path) as store:
        for game, players, limit in games:
            play_out(session_class(game).start(store, players, 5, {}), limit or 100000)


def make_wal_log(path, actions=2000):
    subprocess.run([sys.executable, "-c", WAL_WRITER, str(path), str(ROOT / "tests"),
                    str(actions)], check=True)


def _open(path):
    # A read-only open where this boardlight has one (the reading commands use it).
    if "readonly" in inspect.signature(Store).parameters:
        return Store(path, readonly=True)
    return Store(path)


def read_all(path):
    """{game id: what the reading commands show of it, or ('error', message)}, or
    ('error', message) for a log that cannot be opened or listed."""
    try:
        store = _open(path)
    except StoreError as exc:
        return ("error", str(exc))
    try:
        try:
            rows = store.games(damaged_ok=True)
        except StoreError as exc:
            return ("error", str(exc))
        out = {}
        for row in rows:
            if row.damaged:
                out[row.id] = ("error", row.damaged)
                continue
            try:
                scores = store.scores(row.id)
                session = resume_session(store, row.id, record=False)
                out[row.id] = ("game", row.game, row.seed, row.options, row.status,
                               row.started, row.updated, tuple(row.players), repr(scores),
                               session.seq, repr(session.snapshot()), session.record_text(),
                               repr(session.score_lines()))
            except StoreError as exc:
                out[row.id] = ("error", str(exc))
        return out
    finally:
        store.close()


def classify(reference, found):
    """The worst outcome of one damaged copy (see the module's docstring)."""
    if isinstance(found, tuple):
        return "detected"
    worst = "unaffected"
    for gid, shown in reference.items():
        got = found.get(gid)
        if got is None:
            return "different"  # a game silently gone from the list
        if got[0] == "error":
            worst = "detected"
        elif got != shown:
            return "different"
    if set(found) - set(reference):
        return "different"
    return worst


def flip_one(src_files, dst_folder, target, rng):
    """Copy the log's files into dst_folder, flipping one random bit of `target` (one of
    them); returns (path of the copied database, offset, bit)."""
    for f in src_files:
        shutil.copyfile(f, dst_folder / f.name)
    victim = dst_folder / target.name
    data = bytearray(victim.read_bytes())
    offset = rng.randrange(len(data))
    bit = rng.randrange(8)
    data[offset] ^= 1 << bit
    victim.write_bytes(bytes(data))
    return dst_folder / src_files[0].name, offset, bit


def run(kind, copies, seed, work, games=GAMES):
    """(counts of each outcome, committed actions silently lost, actions in the log, size
    of the flipped file) over `copies` flipped copies: kind 'database' (a log of `games`)
    or 'wal' (a killed writer's)."""
    src = work / ("src-" + kind)
    src.mkdir()
    db = src / "log.sqlite3"
    if kind == "database":
        make_log(db, games)
        files = [db]
        target = db
    else:
        make_wal_log(db)
        files = [db, src / "log.sqlite3-wal"]
        target = files[1]
    # Read an exact copy (reading the source itself would checkpoint its WAL away).
    clean = work / ("clean-" + kind)
    clean.mkdir()
    for f in files:
        shutil.copyfile(f, clean / f.name)
    reference = read_all(clean / db.name)
    assert not isinstance(reference, tuple), reference
    rng = random.Random(seed)
    counts = {"detected": 0, "different": 0, "traceback": 0, "unaffected": 0}
    lost = 0
    for i in range(copies):
        folder = work / ("%s-%03d" % (kind, i))
        folder.mkdir()
        path, _offset, _bit = flip_one(files, folder, target, rng)
        try:
            found = read_all(path)
        except Exception:  # noqa: BLE001 - a traceback is one of the outcomes we count
            outcome = "traceback"
        else:
            outcome = classify(reference, found)
            if outcome == "different" and not isinstance(found, tuple):
                for gid, shown in reference.items():
                    got = found.get(gid)
                    if got and got[0] == "game" and got[9] < shown[9]:
                        lost += shown[9] - got[9]
        counts[outcome] += 1
        shutil.rmtree(folder)
    return counts, lost, sum(r[9] for r in reference.values()), os.path.getsize(target)


def main(argv):
    copies = int(argv[1]) if len(argv) > 1 else 300
    seed = int(argv[2]) if len(argv) > 2 else 1
    work = Path(tempfile.mkdtemp(prefix="damaged-logs-"))
    try:
        for kind in ("database", "wal"):
            counts, lost, actions, size = run(kind, copies, seed, work)
            print("%s: %d copies of a %d-byte file (%d actions), one bit flipped in each:"
                  % ("database file" if kind == "database" else "write-ahead file (-wal)",
                     copies, size, actions))
            print("  detected %d, read as a different game %d, traceback %d, unaffected %d"
                  % (counts["detected"], counts["different"], counts["traceback"],
                     counts["unaffected"]))
            if lost:
                print("  committed actions silently lost: %d" % lost)
    finally:
        shutil.rmtree(work)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
