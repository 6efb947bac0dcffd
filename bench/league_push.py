"""Benchmark: 50 tables pushing to one league server at once, on a real PostgreSQL.

50 Zatre games (engine seats, seeded) are played into 50 tables' logs first. Then
`boardlight league serve` runs on a throwaway PostgreSQL (tests/pg_helpers.py), one round
of 100 entrants is paired on 50 tables, and 50 threads push their table's game as a live
table does: each action on its own, in order, as fast as the answers come. A live page
listens on the tournament's event stream meanwhile.

Printed: push latency (median, 95th percentile, max) and pushes per second; the standings
refresh time: from the moment a game's last push is sent to the live page's event that shows its
result (median, max); and the page's fresh standings (GET /api/t/1) under that load.

Usage: .venv/bin/python bench/league_push.py [TABLES]        (default 50)
"""

import http.client
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

from boardlight.league import client  # noqa: E402
from league_helpers import LeagueServer, play_game, push_body  # noqa: E402
from pg_helpers import Postgres  # noqa: E402


def _games(folder, tables):
    out = []
    for no in range(1, tables + 1):
        log = folder / ("t%d.sqlite3" % no)
        names = ["A%d" % no, "B%d" % no]
        game = play_game(log, ["%s=cpu:1" % names[0], "%s=cpu:1" % names[1]], seed=no)
        out.append((names, push_body(log, game)))
    return out


class Listener(threading.Thread):
    """The live page: reads the event stream, noting when each table's result first shows."""

    def __init__(self, port, tables):
        super().__init__(daemon=True)
        self.port = port
        self.tables = tables
        self.seen = {}
        self.events = 0

    def run(self):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
        conn.request("GET", "/api/t/1/events")
        response = conn.getresponse()
        while len(self.seen) < self.tables:
            line = response.fp.readline()
            if not line:
                return
            if not line.startswith(b"data: "):
                continue
            self.events += 1
            now = time.monotonic()
            html = json.loads(line[6:])["html"]
            for no in range(1, self.tables + 1):
                if no not in self.seen and ">T%d<" % no in html and "A%d &ndash; B%d" % (no, no) in html:
                    row = html.split(">T%d<" % no, 1)[1].split("</tr>", 1)[0]
                    if " : " in row:
                        self.seen[no] = now


def main():
    tables = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    folder = Path(tempfile.mkdtemp(prefix="league-bench-"))
    started = time.monotonic()
    games = _games(folder, tables)
    print("played %d games into %d tables' logs in %.1f s (%d actions in all)"
          % (tables, tables, time.monotonic() - started, sum(len(b["actions"]) for _, b in games)))
    try:
        pg = Postgres()
    except RuntimeError as exc:
        print("skipped: %s" % exc)
        return
    server = LeagueServer(pg.new_database("bench"), folder)
    try:
        server.start()
        tokens = [server.call("/api/tables", {"name": "T%d" % no})["token"] for no in range(1, tables + 1)]
        server.call("/api/tournaments", {"name": "Bench", "game": "zatre", "system": "swiss", "rounds": 1,
                                         "tables": ["T%d" % no for no in range(1, tables + 1)]})
        # Entered in table order, so that the seeding's pairing (1 v 2, 3 v 4, ...) seats
        # each game's two players together: the Swiss of round 1 pairs by entry order.
        for names, _ in games:
            for name in names:
                server.call("/api/t/1/entrants", {"name": name})
        seating = server.call("/api/t/1/rounds", {})["tables"]
        assert seating == [names for names, _ in games], seating[:3]
        listener = Listener(server.port, tables)
        listener.start()
        time.sleep(0.5)
        latencies = []
        finished = {}
        lock = threading.Lock()

        def table(no, token, body):
            mine = []
            for i in range(len(body["actions"])):
                one = {"game": body["game"], "actions": body["actions"][i:i + 1]}
                t0 = time.monotonic()
                answer = client.call(server.url, "/api/push", token, one, timeout=60)
                mine.append(time.monotonic() - t0)
            assert answer["status"] == "finished", answer
            with lock:
                latencies.extend(mine)
                finished[no] = t0  # the last push sent: the game's end, seen by the table

        threads = [threading.Thread(target=table, args=(no, tokens[no - 1], games[no - 1][1]))
                   for no in range(1, tables + 1)]
        t0 = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.monotonic() - t0
        listener.join(30)
        fetch = []
        for _ in range(20):
            t1 = time.monotonic()
            server.call("/api/t/1", token=None)
            fetch.append(time.monotonic() - t1)
        latencies.sort()
        refresh = sorted(listener.seen[no] - finished[no] for no in finished if no in listener.seen)
        print("%d tables pushing at once: %d pushes in %.1f s (%.0f pushes/s)"
              % (tables, len(latencies), wall, len(latencies) / wall))
        print("push latency: median %.1f ms, 95th percentile %.1f ms, max %.1f ms"
              % (1000 * statistics.median(latencies), 1000 * latencies[int(0.95 * len(latencies))],
                 1000 * latencies[-1]))
        if refresh:
            print("standings refresh (a game's last push sent -> its result on the live page): median %.0f ms,"
                  " max %.0f ms (%d of %d games seen, %d events)"
                  % (1000 * statistics.median(refresh), 1000 * refresh[-1], len(refresh), tables, listener.events))
        else:
            print("standings refresh: the live page saw no result (%d events)" % listener.events)
        print("standings fetched after the round (GET /api/t/1): median %.1f ms"
              % (1000 * statistics.median(fetch)))
    finally:
        server.stop()
        pg.stop()


if __name__ == "__main__":
    main()
