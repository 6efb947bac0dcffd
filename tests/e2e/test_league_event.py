"""A Swiss Zatre event of a club night, played for real: 6 players, 3 rounds, 3 tables.
Each table is a `boardlight play zatre --plain` host with a game log of its own, pushing to
`boardlight league serve` on a real PostgreSQL (the seats are played by the engine, each
entrant at a level of their own, so that every game is the same each run). The server is
SIGKILLed mid-round (two tables then play on without it) and again while a table is
pushing, a table is SIGKILLed mid-game and resumed, and at the end the league holds every
action of every table and shows the standings worked out by hand at the bottom."""

import fcntl
import os
import signal
import subprocess
import sys
import time

import pytest

from boardlight.league import client
from boardlight.store.gamelog import Store, StoreError
from league_helpers import LeagueServer
from pg_helpers import Postgres, need_postgres

pytestmark = [pytest.mark.processes, pytest.mark.postgres]

LEVELS = {"Ann": 5, "Bob": 4, "Cy": 3, "Dee": 2, "Eve": 1, "Fay": 1}
TABLES = ("T1", "T2", "T3")
F_SETPIPE_SZ = 1031  # fcntl: a pipe's buffer size (Linux)


@pytest.fixture
def event(tmp_path):
    need_postgres()
    pg = Postgres()
    server = LeagueServer(pg.new_database("club"), tmp_path)
    try:
        yield pg, server.start()
    finally:
        server.stop()
        pg.stop()


def _run(*args, check=True, **kwargs):
    done = subprocess.run([sys.executable, "-m", "boardlight.cli", *args], capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL, **kwargs)
    if check:
        assert done.returncode == 0, done.stdout + done.stderr
    return done


class Table:
    """One table: its folder, its game log, its token, joined to the league once."""

    def __init__(self, folder, name, server):
        self.name = name
        self.folder = folder / name
        self.folder.mkdir()
        self.log = self.folder / "games.sqlite3"
        self.server = server
        token = _run("league", "table", name, "--server", server.url, env=_env(server)).stdout.strip()
        _run("league", "join", server.url, token, "--db", str(self.log))

    def start(self, names, seed, resume=False, more=()):
        """The table's `play` for these entrants (each seat the engine at their level), or
        `play --resume` of its unfinished game; running."""
        if resume:
            setup = ["--resume", "--plain", "--no-device"]
        else:
            words = ",".join("%s=cpu:%d" % (n, LEVELS[n]) for n in names)
            setup = ["zatre", "--players", words, "--seed", str(seed), "--plain", "--no-device", *more]
        return subprocess.Popen(
            [sys.executable, "-m", "boardlight.cli", "play", *setup, "--league", self.server.url,
             "--db", str(self.log)], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True)

    def play(self, names, seed):
        proc = self.start(names, seed)
        out, _ = proc.communicate(timeout=120)
        assert proc.returncode == 0, out
        return out

    def games(self):
        with Store(self.log, readonly=True) as store:
            return [(row.id, row.players, row.status, store.game_count(row.id),
                     [p for p, _ in store.scores(row.id).get("total", [])])
                    for row in sorted(store.games(), key=lambda r: r.id)]


def _env(server):
    return dict(os.environ, BOARDLIGHT_DIRECTOR_TOKEN=server.director)


def _view(server):
    return server.call("/api/t/1", token=None)


def _pair(server):
    _run("league", "pair", "--server", server.url, "--tournament", "1", env=_env(server))
    return [t["players"] for t in _view(server)["rounds"][-1]["tables"]]


def _stalled(table):
    """The action count of the table's last game once it has stopped growing."""
    counts = [None, -1]
    while counts[-1] != counts[-2]:
        time.sleep(0.5)
        try:
            counts.append(table.games()[-1][3])
        except StoreError:  # read mid-write (see _holds): read again
            continue
    return counts[-1]


def _until(check, timeout=60.0):
    end = time.monotonic() + timeout
    while not _holds(check):
        assert time.monotonic() < end, "timed out"
        time.sleep(0.02)


def _holds(check):
    # A log read while its table writes can see a game's row and its score lines from two
    # different commits (each read is a statement of its own): that read says "damaged",
    # and the next one, a moment later, is whole.
    try:
        return check()
    except StoreError:
        return False


def test_a_swiss_zatre_night_survives_a_killed_server_and_a_killed_table(event, tmp_path):
    pg, server = event
    env = _env(server)
    tables = [Table(tmp_path, name, server) for name in TABLES]
    _run("league", "tournament", "--server", server.url, "--name", "Zatre night", "--game", "zatre",
         "--system", "swiss", "--rounds", "3", "--tables", ",".join(TABLES), "--season", "2026", env=env)
    _run("league", "enter", "--server", server.url, "--tournament", "1", *LEVELS, env=env)

    # Round 1: the seeding (entry order), three tables at once.
    seating = _pair(server)
    assert seating == ROUND_1
    procs = [t.start(names, seed=10 + no) for no, (t, names) in enumerate(zip(tables, seating), 1)]
    for proc in procs:
        assert proc.wait(120) == 0, proc.stdout.read()
    assert _view(server)["rounds"][0]["status"] == "locked"

    # Round 2: table 1 plays and pushes; then the server dies. Table 2 plays its whole game
    # without it; table 3 is killed mid-game. The server comes back, table 2 catches up
    # with `league push`, table 3's game is resumed and finished.
    seating = _pair(server)
    assert seating == ROUND_2
    tables[0].play(seating[0], seed=21)
    server.kill()
    out = tables[1].play(seating[1], seed=22)
    assert "actions wait for the league" in out
    # Table 3's laptop freezes mid-game: its --record file is a pipe that stops taking
    # writes (nobody reads it, its buffer at the smallest), so the table stops after the
    # few actions that fit, every one of them in its log; then it is killed.
    fifo = tables[2].folder / "record"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    fcntl.fcntl(reader, F_SETPIPE_SZ, 4096)
    proc = tables[2].start(seating[2], seed=23, more=["--record", str(fifo)])
    _until(lambda: len(tables[2].games()) == 2 and tables[2].games()[1][3] >= 1, timeout=120)
    stalled = _stalled(tables[2])
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    os.close(reader)
    _, _, status, count, _ = tables[2].games()[1]
    assert status == "playing" and count == stalled >= 1
    server.start()
    pushed = _run("league", "push", "--db", str(tables[1].log))
    assert "the league has all of it" in pushed.stdout
    proc = tables[2].start(None, None, resume=True)
    assert proc.wait(120) == 0, proc.stdout.read()
    assert _view(server)["rounds"][1]["status"] == "locked"

    # Round 3: the server is killed while the tables push, and restarted at once.
    seating = _pair(server)
    assert seating == ROUND_3
    procs = [t.start(names, seed=30 + no) for no, (t, names) in enumerate(zip(tables, seating), 1)]
    _until(lambda: any(t["actions"] > 0 for t in _view(server)["rounds"][2]["tables"]))
    server.kill()
    time.sleep(0.5)
    server.start()
    for proc in procs:
        assert proc.wait(120) == 0, proc.stdout.read()
    for t in tables:  # whatever a table's last push could not send as the server restarted
        _run("league", "push", "--db", str(t.log))

    # Every action of every table's log is in the league, once; every round is locked.
    view = _view(server)
    assert [r["status"] for r in view["rounds"]] == ["locked"] * 3
    held = {(r["round"], t["table"]): (t["players"], t["actions"], t["points"])
            for r in view["rounds"] for t in r["tables"]}
    logged = {}
    for no, t in enumerate(tables, 1):
        for rnd, (game_id, players, status, count, points) in enumerate(t.games(), 1):
            assert status == "finished"
            logged[(rnd, no)] = (players, count, points)
    assert held == logged
    # The games' points, as the tables' own logs have them (the engine's, seeded).
    assert {k: v[2] for k, v in logged.items()} == POINTS

    assert [(s["place"], s["name"], s["match_points"], s["score_difference"], s["buchholz"])
            for s in view["standings"]] == STANDINGS


# -- worked out by hand ----------------------------------------------------------------
# The games' final points, (round, table): the engine's, seeded, so the same every run; the
# test checks them in the tables' own logs first. Everything after them follows from the
# rules of docs/league.md (Monrad Swiss, win 1, score difference, Buchholz).

POINTS = {
    (1, 1): [304, 290], (1, 2): [348, 286], (1, 3): [266, 219],
    (2, 1): [339, 207], (2, 2): [120, 256], (2, 3): [292, 264],
    (3, 1): [334, 316], (3, 2): [382, 161], (3, 3): [300, 163],
}

# Round 1 pairs the seeding (the entry order) top-down: 1 v 2, 3 v 4, 5 v 6.
ROUND_1 = [["Ann", "Bob"], ["Cy", "Dee"], ["Eve", "Fay"]]
# After it: Ann beat Bob by 14, Cy beat Dee by 62, Eve beat Fay by 47. Ranked by match
# points, then score difference: Cy (1, +62), Eve (1, +47), Ann (1, +14), Bob (0, -14),
# Fay (0, -47), Dee (0, -62). Top-down: Cy v Eve; Ann v Bob is a rematch, so Ann v Fay;
# Bob v Dee. Who sits first: the one who sat first fewer times (Fay 0 against Ann's 1),
# the higher-ranked when equal (Cy and Eve 1 each; Bob and Dee 0 each).
ROUND_2 = [["Cy", "Eve"], ["Fay", "Ann"], ["Bob", "Dee"]]
# Round 2: Cy beat Eve by 132, Ann beat Fay by 136, Bob beat Dee by 28. Now Cy (2, +194),
# Ann (2, +150), Bob (1, +14), Eve (1, -85), Dee (0, -90), Fay (0, -183); none of Cy v Ann,
# Bob v Eve, Dee v Fay met before. First seats so far: Cy 2, Ann, Bob, Eve, Fay 1, Dee 0.
ROUND_3 = [["Ann", "Cy"], ["Bob", "Eve"], ["Dee", "Fay"]]
# Round 3: Ann beat Cy by 18, Bob beat Eve by 221, Dee beat Fay by 137. Final match points
# and score differences: Ann 3 (+14 +136 +18 = +168); Bob 2 (-14 +28 +221 = +235) before
# Cy 2 (+62 +132 -18 = +176) on the difference; Dee 1 (-62 -28 +137 = +47) before Eve 1
# (+47 -132 -221 = -306); Fay 0 (-47 -136 -137 = -320). Buchholz, the opponents' final
# match points: Ann Bob 2 + Fay 0 + Cy 2 = 4; Bob Ann 3 + Dee 1 + Eve 1 = 5; Cy Dee 1 +
# Eve 1 + Ann 3 = 5; Dee Cy 2 + Bob 2 + Fay 0 = 4; Eve Fay 0 + Cy 2 + Bob 2 = 4; Fay Eve 1 +
# Ann 3 + Dee 1 = 5.
STANDINGS = [
    (1, "Ann", 3.0, 168, 4.0),
    (2, "Bob", 2.0, 235, 5.0),
    (3, "Cy", 2.0, 176, 5.0),
    (4, "Dee", 1.0, 47, 4.0),
    (5, "Eve", 1.0, -306, 4.0),
    (6, "Fay", 0.0, -320, 5.0),
]
