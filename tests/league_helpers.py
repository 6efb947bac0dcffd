"""Helpers of the league's tests: tables' game logs with games played by computer seats,
what a table pushes of them, a director's set-up, and the league server run in a process
of its own (LeagueServer) or in a thread of this one (ServedLeague)."""

from click.testing import CliRunner

from boardlight.cli import cli
from boardlight.store.gamelog import Store


def play_game(log, players, seed, game="zatre", args=()):
    """Play one whole game of computer seats into the game log `log` (`players`: words of
    --players, e.g. Ann=cpu:1); its game number."""
    result = CliRunner().invoke(cli, ["play", game, "--plain", "--no-device", "--players", ",".join(players),
                                      "--seed", str(seed), "--db", str(log), *args], input="")
    assert result.exit_code == 0, result.output
    with Store(log, readonly=True) as store:
        return store.games(limit=1)[0].id


def push_body(log, game_id, after=0, limit=10_000):
    """What a table pushes of a game of its log: its header and its actions after `after`."""
    with Store(log, readonly=True) as store:
        row = store.game(game_id)
        rows = store.logged_actions(game_id, after=after, limit=limit)
    return {"game": {"id": row.id, "game": row.game, "seed": row.seed, "options": row.options,
                     "players": row.players, "started": row.started},
            "actions": [{"seq": s, "kind": k, "data": d, "at": a, "chain": c} for s, k, d, a, c in rows]}


def push_whole(league, token, log, game_id, batch=500):
    """Push a whole game in batches, as a table's outbox does; the last answer."""
    held = 0
    while True:
        answer = league.push(token, push_body(log, game_id, after=held, limit=batch))
        if answer["held"] == held:
            return answer
        held = answer["held"]


def final_points(log, game_id):
    """The final points per seat as the table's own log holds them."""
    with Store(log, readonly=True) as store:
        return [p for p, _ in store.scores(game_id)["total"]]


def director_setup(league, names, tables, game="zatre", system="swiss", rounds=3, **spec):
    """A tournament with these entrants on these tables; (id, {table name: token})."""
    tokens = {t: league.add_table(t) for t in tables}
    tid = league.new_tournament(dict(name="Club night", game=game, system=system, rounds=rounds,
                                     tables=list(tables), **spec))
    for name in names:
        league.enter(tid, {"name": name} if isinstance(name, str) else name)
    return tid, tokens


class LeagueServer:
    """`boardlight league serve` in a process of its own, on a free port of 127.0.0.1:
    `start()`, `kill()` (SIGKILL, as a crash), `url`, `director` (its token)."""

    def __init__(self, db, folder):
        self.db = db
        self.folder = folder
        self._new_port()
        self.token_file = folder / "director-token"
        self.proc = None
        self.director = None
        self.starts = 0

    def _new_port(self):
        import socket

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = "http://127.0.0.1:%d" % self.port

    def start(self, timeout=30):
        """Start the server (again, after kill(): on the same port, which the tables know).
        A first start whose free port another program took meanwhile tries another."""
        for attempt in range(3):
            try:
                return self._start(timeout)
            except AssertionError:
                if self.starts or attempt == 2:
                    raise
                self._new_port()

    def _start(self, timeout):
        import subprocess
        import sys
        import time

        from boardlight.league import client

        log = open(self.folder / "server.log", "ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "boardlight.cli", "league", "serve", "--db", self.db, "--port", str(self.port),
             "--director-token-file", str(self.token_file)],
            stdin=subprocess.DEVNULL, stdout=log, stderr=log)
        log.close()
        end = time.monotonic() + timeout
        while True:
            try:
                client.call(self.url, "/api/tournaments", timeout=2)
                break
            except client.Unreachable:
                if self.proc.poll() is not None or time.monotonic() > end:
                    raise AssertionError("the league server did not start: %s"
                                         % (self.folder / "server.log").read_text())
                time.sleep(0.05)
        if self.director is None:
            self.director = self.token_file.read_text().strip()
        self.starts += 1
        return self

    def kill(self):
        self.proc.kill()
        self.proc.wait()

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except Exception:
                self.proc.kill()
                self.proc.wait()

    def call(self, path, body=None, token="director"):
        from boardlight.league import client

        return client.call(self.url, path, self.director if token == "director" else token, body)


class ServedLeague:
    """A league's app served by uvicorn in a thread of this process (the outbox's and the
    browser's tests): `url`, `league`, `director`; use as a context manager."""

    def __init__(self, db_url):
        from boardlight.league.server import open_league

        self.league, self.wakeups = open_league(db_url)
        self.director = self.league.director_token()

    def __enter__(self):
        import socket
        import threading
        import time

        import uvicorn

        from boardlight.league.app import make_app

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        self.url = "http://127.0.0.1:%d" % port
        config = uvicorn.Config(make_app(self.league, self.wakeups), host="127.0.0.1", port=port,
                                log_level="warning", access_log=False, timeout_graceful_shutdown=1)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        end = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < end and self.thread.is_alive(), "the league's app did not start"
            time.sleep(0.02)
        return self

    def __exit__(self, *exc):
        self.server.should_exit = True
        self.thread.join(10)
        self.league.db.close()
